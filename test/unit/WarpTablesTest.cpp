#include "core/WarpTables.h"

#include <algorithm>
#include <gtest/gtest.h>

using namespace rocmtidy;

TEST(WarpTables, ShufflesKnowWhereTheirWidthIs) {
  const WarpTables &T = warpTables();
  const ShuffleInfo *Down = T.shuffle("__shfl_down");
  ASSERT_NE(Down, nullptr);
  EXPECT_EQ(Down->LaneArg, 1u);
  EXPECT_EQ(Down->WidthArg, 2u);
  EXPECT_FALSE(Down->isSync());
  const ShuffleInfo *XorSync = T.shuffle("__shfl_xor_sync");
  ASSERT_NE(XorSync, nullptr);
  EXPECT_EQ(XorSync->Op, ShuffleInfo::Kind::Xor);
  EXPECT_EQ(XorSync->WidthArg, 3u);
  EXPECT_TRUE(XorSync->isSync());
  EXPECT_EQ(T.shuffle("__shfl_left"), nullptr);
}

TEST(WarpTables, BallotsAreWideAndBitCountsNarrow) {
  const WarpTables &T = warpTables();
  EXPECT_TRUE(T.returnsLaneMask("__ballot"));
  EXPECT_TRUE(T.returnsLaneMask("__activemask"));
  EXPECT_FALSE(T.returnsLaneMask("__popc"));
  EXPECT_TRUE(T.isFullWavefront("__any_sync"));
  EXPECT_FALSE(T.isFullWavefront("__shfl_down"));
  ASSERT_NE(T.bitOp("__popc"), nullptr);
  EXPECT_EQ(T.bitOp("__popc")->Wide, "__popcll");
  EXPECT_TRUE(T.bitOp("__popc")->SafeRename);
  EXPECT_FALSE(T.bitOp("__clz")->SafeRename);
  EXPECT_TRUE(T.takesMask("__syncwarp"));
}

TEST(WarpTables, PlatformMacros) {
  const WarpTables &T = warpTables();
  EXPECT_TRUE(T.isAmdPlatformMacro("__HIP_PLATFORM_AMD__"));
  EXPECT_TRUE(T.isCudaPlatformMacro("__HIP_PLATFORM_NVIDIA__"));
  EXPECT_FALSE(T.isAmdPlatformMacro("__CUDA_ARCH__"));
  auto &D = T.DefaultProjectPlatformMacros;
  EXPECT_NE(std::find(D.begin(), D.end(), "GGML_USE_HIP"), D.end());
  const auto &Targets = perTargetMacros();
  EXPECT_NE(std::find(Targets.begin(), Targets.end(), "__gfx90a__"), Targets.end());
  EXPECT_NE(std::find(Targets.begin(), Targets.end(), "__GFX9__"), Targets.end());
  EXPECT_NE(std::find(Targets.begin(), Targets.end(), "__GFX10__"), Targets.end());
  EXPECT_NE(std::find(Targets.begin(), Targets.end(), "__gfx1030__"), Targets.end());
}

// ROCm 6.0 removed __HIP_PLATFORM_HCC__ (rocm-removed-platform-macro): the table names its replacement, and the
// current platform macros are not in it.
TEST(WarpTables, RemovedPlatformMacros) {
  const WarpTables &T = warpTables();
  const RemovedPlatformMacro *Hcc = T.removedPlatformMacro("__HIP_PLATFORM_HCC__");
  ASSERT_NE(Hcc, nullptr);
  EXPECT_EQ(Hcc->Replacement, "__HIP_PLATFORM_AMD__");
  EXPECT_EQ(Hcc->RemovedIn, "ROCm 6.0");
  EXPECT_EQ(T.removedPlatformMacro("__HIP_PLATFORM_AMD__"), nullptr);
  EXPECT_FALSE(T.isAmdPlatformMacro("__HIP_PLATFORM_HCC__"));
}

TEST(WarpTables, RejectsMalformedDocuments) {
  std::string Error;
  EXPECT_FALSE(parseWarpTablesJson("[]", Error));
  EXPECT_FALSE(parseWarpTablesJson("{\"shuffles\": 3}", Error));
  EXPECT_FALSE(Error.empty());
}

// PyTorch's WARP_SHFL family: the shuffle's layout, marked as a library wrapper (read only where
// its header is missing); a malformed 'library' value is an error.
TEST(WarpTables, LibraryShufflesAreMarked) {
  const WarpTables &T = warpTables();
  const ShuffleInfo *Shfl = T.shuffle("WARP_SHFL");
  ASSERT_NE(Shfl, nullptr);
  EXPECT_TRUE(Shfl->Library);
  EXPECT_EQ(Shfl->Op, ShuffleInfo::Kind::Index);
  EXPECT_EQ(Shfl->LaneArg, 1u);
  EXPECT_EQ(Shfl->WidthArg, 2u);
  ASSERT_NE(T.shuffle("__shfl"), nullptr);
  EXPECT_FALSE(T.shuffle("__shfl")->Library);
  std::string Error;
  auto Bad = parseWarpTablesJson(R"({"lane_mask_results": [], "full_wavefront": [], "takes_mask": [],
                                     "amd_platform_macros": [], "cuda_platform_macros": [],
                                     "default_project_platform_macros": [],
                                     "shuffles": [{"name": "X", "kind": "index", "lane": 1, "width": 2,
                                                   "library": 1}]})",
                                 Error);
  EXPECT_FALSE(Bad);
  EXPECT_NE(Error.find("library"), std::string::npos);
}

// hipCUB's ShuffleIndex<LOGICAL_WARP_THREADS>: found by qualified name only (a project's own
// 'ShuffleIndex' is not hipCUB's), its width read from the template; a malformed entry is an error.
TEST(WarpTables, TemplateWidthShuffles) {
  const WarpTables &T = warpTables();
  const ShuffleInfo *Index = T.templateWidthShuffle("hipcub::ShuffleIndex");
  ASSERT_NE(Index, nullptr);
  EXPECT_EQ(Index->Op, ShuffleInfo::Kind::Index);
  EXPECT_EQ(Index->LaneArg, 1u);
  EXPECT_EQ(Index->WidthArg, ShuffleInfo::WidthInTemplate);
  ASSERT_NE(T.templateWidthShuffle("cub::ShuffleDown"), nullptr);
  EXPECT_EQ(T.templateWidthShuffle("cub::ShuffleDown")->Op, ShuffleInfo::Kind::Down);
  EXPECT_EQ(T.templateWidthShuffle("ShuffleIndex"), nullptr);
  EXPECT_EQ(T.shuffle("ShuffleIndex"), nullptr);
  std::string Error;
  auto Bad = parseWarpTablesJson(R"({"lane_mask_results": [], "full_wavefront": [], "takes_mask": [],
                                     "amd_platform_macros": [], "cuda_platform_macros": [],
                                     "default_project_platform_macros": [], "shuffles": [],
                                     "template_width_shuffles": [{"name": "X", "kind": "sideways", "lane": 1}]})",
                                 Error);
  EXPECT_FALSE(Bad);
  EXPECT_NE(Error.find("sideways"), std::string::npos);
}

// rocWMMA's fragment operations, by qualified name: the whole wavefront performs them. A list of
// something other than names is an error.
TEST(WarpTables, WavefrontFragmentOps) {
  const WarpTables &T = warpTables();
  EXPECT_TRUE(T.isWavefrontFragmentOp("rocwmma::mma_sync"));
  EXPECT_TRUE(T.isWavefrontFragmentOp("rocwmma::load_matrix_sync"));
  EXPECT_FALSE(T.isWavefrontFragmentOp("load_matrix_sync"));
  EXPECT_FALSE(T.isWavefrontFragmentOp("nvcuda::wmma::mma_sync"));
  std::string Error;
  auto Bad = parseWarpTablesJson(R"({"lane_mask_results": [], "full_wavefront": [], "takes_mask": [],
                                     "amd_platform_macros": [], "cuda_platform_macros": [],
                                     "default_project_platform_macros": [], "shuffles": [],
                                     "wavefront_fragment_ops": [3]})",
                                 Error);
  EXPECT_FALSE(Bad);
  EXPECT_NE(Error.find("wavefront_fragment_ops"), std::string::npos);
}

// Library warp primitives whose logical width is their second template argument, by qualified
// name; a list of something other than names is an error.
TEST(WarpTables, WarpCollectiveClasses) {
  const WarpTables &T = warpTables();
  EXPECT_TRUE(T.isWarpCollectiveClass("hipcub::WarpReduce"));
  EXPECT_TRUE(T.isWarpCollectiveClass("rocprim::warp_scan"));
  EXPECT_FALSE(T.isWarpCollectiveClass("WarpReduce"));
  EXPECT_FALSE(T.isWarpCollectiveClass("hipcub::BlockReduce"));
  std::string Error;
  auto Bad = parseWarpTablesJson(R"({"lane_mask_results": [], "full_wavefront": [], "takes_mask": [],
                                     "amd_platform_macros": [], "cuda_platform_macros": [],
                                     "default_project_platform_macros": [], "shuffles": [],
                                     "warp_collective_classes": {"a": 1}})",
                                 Error);
  EXPECT_FALSE(Bad);
  EXPECT_NE(Error.find("warp_collective_classes"), std::string::npos);
}

// Matrix-core builtins of 32-lane wavefronts, by their name's ending, and others by name.
TEST(WarpTables, Wave32OnlyBuiltins) {
  const WarpTables &T = warpTables();
  EXPECT_TRUE(T.isWave32OnlyBuiltin("__builtin_amdgcn_wmma_f32_16x16x16_f16_w32"));
  EXPECT_TRUE(T.isWave32OnlyBuiltin("__builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12"));
  EXPECT_FALSE(T.isWave32OnlyBuiltin("__builtin_amdgcn_wmma_f32_16x16x16_f16_w64"));
  EXPECT_FALSE(T.isWave32OnlyBuiltin("__builtin_amdgcn_mfma_f32_32x32x2f32"));
  EXPECT_FALSE(T.isWave32OnlyBuiltin("my_helper_w32"));
  // Others by exact name: the 32-bit ballot needs the feature, its 64-bit form does not.
  EXPECT_TRUE(T.isWave32OnlyBuiltin("__builtin_amdgcn_ballot_w32"));
  EXPECT_FALSE(T.isWave32OnlyBuiltin("__builtin_amdgcn_ballot_w64"));
  EXPECT_TRUE(T.returnsLaneMask("__builtin_amdgcn_ballot_w64"));
  EXPECT_TRUE(T.returnsLaneMask("__builtin_amdgcn_read_exec"));
  EXPECT_FALSE(T.returnsLaneMask("__builtin_amdgcn_read_exec_lo"));
}

// Votes are the full-wavefront operations that move no value between lanes: every one is also a
// full-wavefront operation, and the lane id and the reductions, which carry values, are not votes.
TEST(WarpTables, VotesAreFullWavefrontOperationsThatMoveNoValue) {
  const WarpTables &T = warpTables();
  EXPECT_TRUE(T.isVote("__ballot"));
  EXPECT_TRUE(T.isVote("__any_sync"));
  EXPECT_TRUE(T.isVote("__activemask"));
  EXPECT_FALSE(T.isVote("__lane_id"));
  EXPECT_FALSE(T.isVote("__reduce_add_sync"));
  EXPECT_FALSE(T.isVote("__shfl_down"));
  ASSERT_FALSE(T.Votes.empty());
  for (const std::string &V : T.Votes)
    EXPECT_TRUE(T.isFullWavefront(V)) << V;
}

// Cross-lane builtins confined to 32-lane groups and the ones that may cross the halves, by exact
// name; a list of something other than names is an error.
TEST(WarpTables, HalfConfinedAndLaneCrossingBuiltins) {
  const WarpTables &T = warpTables();
  EXPECT_TRUE(T.isHalfConfined("__builtin_amdgcn_ds_swizzle"));
  EXPECT_FALSE(T.isHalfConfined("__builtin_amdgcn_ds_bpermute"));
  EXPECT_FALSE(T.isHalfConfined("__shfl_xor"));
  EXPECT_TRUE(T.isLaneCrossingBuiltin("__builtin_amdgcn_ds_bpermute"));
  EXPECT_TRUE(T.isLaneCrossingBuiltin("__builtin_amdgcn_readlane"));
  EXPECT_TRUE(T.isLaneCrossingBuiltin("__builtin_amdgcn_update_dpp"));
  EXPECT_FALSE(T.isLaneCrossingBuiltin("__builtin_amdgcn_ds_swizzle"));
  std::string Error;
  auto Bad = parseWarpTablesJson(R"({"lane_mask_results": [], "full_wavefront": [], "takes_mask": [],
                                     "amd_platform_macros": [], "cuda_platform_macros": [],
                                     "default_project_platform_macros": [], "shuffles": [],
                                     "half_confined_builtins": [1]})",
                                 Error);
  EXPECT_FALSE(Bad);
  EXPECT_NE(Error.find("half_confined_builtins"), std::string::npos);
}
