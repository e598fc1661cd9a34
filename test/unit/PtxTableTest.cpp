#include "core/PtxTable.h"

#include <gtest/gtest.h>

using namespace rocmtidy;

TEST(PtxTable, OpcodesAndRegistersCarryTheirHipRemedy) {
  const PtxTable &T = ptxTable();
  const std::string *Shfl = T.opcodeRemedy("shfl");
  ASSERT_NE(Shfl, nullptr);
  EXPECT_NE(Shfl->find("__shfl_xor()"), std::string::npos);
  const std::string *Lane = T.registerRemedy("laneid");
  ASSERT_NE(Lane, nullptr);
  EXPECT_EQ(*Lane, "__lane_id()");
  // AMDGCN and ARM mnemonics are not PTX opcodes.
  EXPECT_EQ(T.opcodeRemedy("v_add_u32"), nullptr);
  EXPECT_EQ(T.opcodeRemedy("vadd"), nullptr);
  EXPECT_EQ(T.registerRemedy("clock32"), nullptr);
}

TEST(PtxTable, SuffixesAndDirectives) {
  const PtxTable &T = ptxTable();
  for (const char *S : {"u32", "f16x2", "sync", "shared", "bfly", "satfinite"})
    EXPECT_TRUE(T.Suffixes.count(S)) << S;
  // ARM's "add.w" must not read as PTX.
  EXPECT_FALSE(T.Suffixes.count("w"));
  EXPECT_TRUE(T.Directives.count("reg"));
  EXPECT_FALSE(T.Directives.count("text"));
}

TEST(PtxTable, MalformedDocumentsAreRejected) {
  std::string Error;
  const char *Rest = R"js("special_registers": {"laneid": "__lane_id()"}, "suffixes": ["u32"], "directives": []})js";
  EXPECT_FALSE(parsePtxTableJson("[]", Error));
  EXPECT_FALSE(parsePtxTableJson(std::string(R"js({"opcodes": {}, )js") + Rest, Error));
  EXPECT_FALSE(parsePtxTableJson(std::string(R"js({"opcodes": {"add": 1}, )js") + Rest, Error));
  EXPECT_FALSE(parsePtxTableJson(std::string(R"js({"opcodes": {"add": ""}, )js") + Rest, Error));
  EXPECT_FALSE(parsePtxTableJson(R"js({"opcodes": {"add": "a + b"}, "suffixes": ["u32"], "directives": []})js", Error));
  EXPECT_NE(Error.find("special_registers"), std::string::npos);
  EXPECT_FALSE(parsePtxTableJson(
      R"js({"opcodes": {"add": "a + b"}, "special_registers": {"tid": "threadIdx"}, "suffixes": [3], "directives": []})js",
      Error));
  EXPECT_TRUE(parsePtxTableJson(std::string(R"js({"opcodes": {"add": "a + b"}, )js") + Rest, Error)) << Error;
}
