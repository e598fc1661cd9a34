#include "cmake/CMakeCommandTable.h"

#include <algorithm>
#include <gtest/gtest.h>

using namespace rocmtidy::cmake;

TEST(CMakeCommandTable, BuiltinTableNamesFindCudaCommandsAndTheirReplacements) {
  const CMakeCommandTable &T = cmakeCommandTable();
  ASSERT_TRUE(T.FindCudaCommands.count("cuda_add_executable"));
  EXPECT_EQ(T.FindCudaCommands.at("cuda_add_executable"), "add_executable");
  EXPECT_EQ(T.FindCudaCommands.at("cuda_compile_ptx"), "");
  EXPECT_FALSE(T.FindCudaCommands.count("cuda_select_device"));
  EXPECT_TRUE(T.LinkItemKeywords.count("PRIVATE"));
  EXPECT_TRUE(T.LinkItemKeywords.count("optimized"));
  EXPECT_FALSE(T.LinkItemKeywords.count("hip::host"));
  EXPECT_NE(std::find(T.PathVariableSuffixes.begin(), T.PathVariableSuffixes.end(), "_ROOT"),
            T.PathVariableSuffixes.end());
}

TEST(CMakeCommandTable, RejectsMalformedTables) {
  std::string Error;
  EXPECT_FALSE(parseCMakeCommandJson("{}", Error));
  EXPECT_FALSE(parseCMakeCommandJson(
      R"({"findcuda_commands": {"cuda_compile": 1}, "link_item_keywords": [], "path_variable_suffixes": []})", Error));
  EXPECT_NE(Error.find("cuda_compile"), std::string::npos);
  EXPECT_TRUE(parseCMakeCommandJson(
      R"({"findcuda_commands": {}, "link_item_keywords": ["PUBLIC"], "path_variable_suffixes": ["_DIR"]})", Error));
}
