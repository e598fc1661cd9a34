#include "core/LaunchApiTable.h"

#include <gtest/gtest.h>

using namespace rocmtidy;

TEST(LaunchApiTable, BuiltinTableHasEverySpellingTheChecksCover) {
  const LaunchApiTable &T = launchApiTable();
  const LaunchApi *GGL = T.find("hipLaunchKernelGGL");
  ASSERT_NE(GGL, nullptr);
  EXPECT_TRUE(GGL->Macro);
  EXPECT_EQ(GGL->KernelArg, 0);
  EXPECT_EQ(GGL->BlockArg, 2);
  EXPECT_EQ(GGL->SharedMemArg, 3);
  const LaunchApi *Module = T.find("hipModuleLaunchKernel");
  ASSERT_NE(Module, nullptr);
  EXPECT_EQ(Module->KernelArg, -1);
  EXPECT_EQ(Module->BlockDimArgs, (std::vector<int>{4, 5, 6}));
  EXPECT_EQ(Module->MinArgs, 8u);
  const LaunchApi *Ex = T.find("cudaLaunchKernelExC");
  ASSERT_NE(Ex, nullptr);
  EXPECT_EQ(Ex->ConfigArg, 0);
  const LaunchApi *HipEx = T.find("hipLaunchKernelEx");
  ASSERT_NE(HipEx, nullptr);
  EXPECT_EQ(HipEx->ConfigArg, 0);
  EXPECT_EQ(HipEx->KernelArg, 1);
  EXPECT_EQ(T.find("hipMalloc"), nullptr);
  EXPECT_EQ(T.FuncSetAttribute, (std::vector<std::string>{"hipFuncSetAttribute", "cudaFuncSetAttribute"}));
}

TEST(LaunchApiTable, RejectsMalformedTables) {
  std::string Error;
  EXPECT_FALSE(parseLaunchApiJson("[]", Error));
  EXPECT_FALSE(parseLaunchApiJson(R"({"launch_apis": [{"name": "k", "min_args": 1}], "func_set_attribute": []})",
                                  Error));
  EXPECT_NE(Error.find("no block size"), std::string::npos);
  EXPECT_FALSE(parseLaunchApiJson(
      R"({"launch_apis": [{"name": "k", "block_arg": -2, "min_args": 1}], "func_set_attribute": []})", Error));
  EXPECT_TRUE(parseLaunchApiJson(
      R"({"launch_apis": [{"name": "k", "block_arg": 1, "min_args": 2}], "func_set_attribute": ["f"]})", Error));
}
