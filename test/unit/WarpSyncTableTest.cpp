#include "core/WarpSyncTable.h"

#include <gtest/gtest.h>

using namespace rocmtidy;

TEST(WarpSyncTable, ShufflesAreOptInFrom62AndDefaultFrom70) {
  const WarpSyncTable &T = warpSyncTable();
  const WarpSyncBuiltin *Xor = T.find("__shfl_xor_sync");
  ASSERT_NE(Xor, nullptr);
  EXPECT_EQ(Xor->Since.str(), "6.2");
  EXPECT_EQ(Xor->DefaultSince.str(), "7.0");
  EXPECT_FALSE(Xor->Sources.empty());
  EXPECT_EQ(T.OptInMacro, "HIP_ENABLE_WARP_SYNC_BUILTINS");
}

TEST(WarpSyncTable, SyncwarpAndReductionsCameWith70) {
  const WarpSyncTable &T = warpSyncTable();
  for (const char *Name : {"__syncwarp", "__reduce_add_sync", "__reduce_xor_sync"}) {
    const WarpSyncBuiltin *B = T.find(Name);
    ASSERT_NE(B, nullptr) << Name;
    EXPECT_EQ(B->Since.str(), "7.0") << Name;
  }
  EXPECT_EQ(T.find("__shfl_xor"), nullptr);
  // __syncwarp and __activemask are defined by HIP's headers as plain parameterless functions; the
  // _sync ones are templates over the mask type, of as many parameters as CUDA's.
  EXPECT_TRUE(T.find("__syncwarp")->DefinedWithoutParameters);
  EXPECT_TRUE(T.find("__activemask")->DefinedWithoutParameters);
  EXPECT_FALSE(T.find("__shfl_xor_sync")->DefinedWithoutParameters);
  EXPECT_EQ(T.find("__shfl_xor_sync")->MaskTemplateParameters, 4u);
  EXPECT_EQ(T.find("__ballot_sync")->MaskTemplateParameters, 2u);
  EXPECT_EQ(T.find("__match_all_sync")->MaskTemplateParameters, 3u);
  EXPECT_EQ(T.find("__syncwarp")->MaskTemplateParameters, 0u);
}

TEST(WarpSyncTable, VersionsParseAndCompare) {
  EXPECT_EQ(parseRocmVersion("6.2")->hipVersion(), 60200000ULL);
  EXPECT_EQ(parseRocmVersion("7")->str(), "7.0");
  EXPECT_TRUE(*parseRocmVersion("6.4") < *parseRocmVersion("7.0"));
  EXPECT_TRUE(*parseRocmVersion("6.10") >= *parseRocmVersion("6.2"));
  EXPECT_FALSE(parseRocmVersion("").has_value());
  EXPECT_FALSE(parseRocmVersion("6.x").has_value());
  EXPECT_FALSE(parseRocmVersion("-1").has_value());
}

TEST(WarpSyncTable, MalformedDocumentsAreRejected) {
  std::string Error;
  EXPECT_FALSE(parseWarpSyncTableJson("[]", Error));
  EXPECT_FALSE(parseWarpSyncTableJson(R"({"sources": {}, "opt_in_macro": "M", "version_macros": [],
    "builtins": [{"name": "f", "since": "7.0", "default_since": "6.2", "older": "g"}]})",
                                      Error));
  EXPECT_NE(Error.find("since <= default_since"), std::string::npos);
  EXPECT_FALSE(parseWarpSyncTableJson(R"({"sources": {}, "opt_in_macro": "M", "version_macros": [],
    "builtins": [{"name": "f", "since": "6.2", "default_since": "7.0", "older": "g", "sources": ["nope"]}]})",
                                      Error));
  EXPECT_FALSE(parseWarpSyncTableJson(R"({"sources": {}, "opt_in_macro": "M", "version_macros": [],
    "builtins": [{"name": "f", "since": "7.0", "default_since": "7.0", "older": "g", "defined_without_parameters": "yes"}]})",
                                      Error));
  EXPECT_NE(Error.find("'defined_without_parameters' must be true or false"), std::string::npos);
  EXPECT_FALSE(parseWarpSyncTableJson(R"({"sources": {}, "opt_in_macro": "M", "version_macros": [],
    "builtins": [{"name": "f", "since": "7.0", "default_since": "7.0", "older": "g", "mask_template_parameters": 0}]})",
                                      Error));
  EXPECT_NE(Error.find("'mask_template_parameters' must be a count from 1 to 8"), std::string::npos);
  EXPECT_TRUE(parseWarpSyncTableJson(R"({"sources": {"a": "b"}, "opt_in_macro": "M", "version_macros": ["V"],
    "builtins": [{"name": "f", "since": "6.2", "default_since": "7.0", "older": "g", "sources": ["a"]}]})",
                                     Error));
}
