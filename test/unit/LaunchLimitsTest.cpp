#include "core/LaunchLimits.h"

#include <gtest/gtest.h>

using namespace rocmtidy;

TEST(LaunchLimits, BuiltinTableHoldsTheRuntimeLimits) {
  const LaunchLimits &L = launchLimits();
  EXPECT_EQ(L.HipMaxWorkItemsPerDimension, 4294967295u);
  EXPECT_EQ(L.CudaMaxGridBlocks[0], 2147483647u);
  EXPECT_EQ(L.CudaMaxGridBlocks[1], 65535u);
  EXPECT_EQ(L.CudaMaxGridBlocks[2], 65535u);
  EXPECT_EQ(L.HipReportedMaxGridSize[1], 65536u);
}

TEST(LaunchLimits, MalformedTablesAreRejected) {
  std::string Error;
  EXPECT_FALSE(parseLaunchLimitsJson("{\"targets\": []}", Error));
  EXPECT_NE(Error.find("launch_limits"), std::string::npos);
  EXPECT_FALSE(parseLaunchLimitsJson(R"({"launch_limits": {"hip_max_work_items_per_dimension": 0,
      "hip_reported_max_grid_size": [1, 1, 1], "cuda_max_grid_blocks": [1, 1, 1]}})",
                                     Error));
  EXPECT_FALSE(parseLaunchLimitsJson(R"({"launch_limits": {"hip_max_work_items_per_dimension": 7,
      "hip_reported_max_grid_size": [1, 1], "cuda_max_grid_blocks": [1, 1, 1]}})",
                                     Error));
  std::optional<LaunchLimits> Ok = parseLaunchLimitsJson(R"({"launch_limits": {"hip_max_work_items_per_dimension": 7,
      "hip_reported_max_grid_size": [1, 2, 3], "cuda_max_grid_blocks": [4, 5, 6]}})",
                                                         Error);
  ASSERT_TRUE(Ok);
  EXPECT_EQ(Ok->HipMaxWorkItemsPerDimension, 7u);
  EXPECT_EQ(Ok->CudaMaxGridBlocks[2], 6u);
}
