#include "core/CudaHeaderMap.h"

#include <gtest/gtest.h>
#include <set>

using namespace rocmtidy;

TEST(CudaHeaderMap, MapsTheCommonHeaders) {
  const CudaHeaderTable &T = cudaHeaderTable();
  struct { const char *Cuda, *Hip; } Expected[] = {
      {"cuda_runtime.h", "hip/hip_runtime.h"},     {"cuda_runtime_api.h", "hip/hip_runtime_api.h"},
      {"cuda.h", "hip/hip_runtime.h"},             {"cuda_fp16.h", "hip/hip_fp16.h"},
      {"cuda_bf16.h", "hip/hip_bf16.h"},           {"device_launch_parameters.h", "hip/hip_runtime.h"},
      {"cooperative_groups.h", "hip/hip_cooperative_groups.h"},
      {"cublas_v2.h", "hipblas/hipblas.h"},        {"cublas.h", "hipblas/hipblas.h"},
      {"cufft.h", "hipfft/hipfft.h"},              {"curand.h", "hiprand/hiprand.h"},
      {"curand_kernel.h", "hiprand/hiprand_kernel.h"}, {"cusparse.h", "hipsparse/hipsparse.h"},
      {"cusolverDn.h", "hipsolver/hipsolver.h"},   {"nccl.h", "rccl/rccl.h"},
      {"cudnn.h", "miopen/miopen.h"},              {"cub/cub.cuh", "hipcub/hipcub.hpp"},
      {"nvToolsExt.h", "roctracer/roctx.h"}};
  for (const auto &E : Expected) {
    const CudaHeaderMapping *M = T.lookup(E.Cuda);
    ASSERT_NE(M, nullptr) << E.Cuda;
    EXPECT_EQ(M->Hip, E.Hip) << E.Cuda;
  }
}

TEST(CudaHeaderMap, MatchesWholePathsOnly) {
  const CudaHeaderTable &T = cudaHeaderTable();
  EXPECT_EQ(T.lookup("my_cuda_runtime.h"), nullptr);
  EXPECT_EQ(T.lookup("legacy/cuda.h"), nullptr);
  EXPECT_EQ(T.lookup("cuda_runtime.hpp"), nullptr);
  EXPECT_NE(T.lookup("./cuda_runtime.h"), nullptr);
  EXPECT_NE(T.quietPrefix("thrust/device_vector.h"), nullptr);
  EXPECT_EQ(T.quietPrefix("cub/cub.cuh"), nullptr);
}

TEST(CudaHeaderMap, HeadersWithoutEquivalentExplainWhy) {
  std::set<std::string> Seen;
  for (const CudaHeaderMapping &M : cudaHeaderTable().Headers) {
    EXPECT_TRUE(Seen.insert(M.Cuda).second) << "duplicate entry " << M.Cuda;
    if (M.Hip.empty())
      EXPECT_FALSE(M.Note.empty()) << M.Cuda << " has no ROCm header and no advice";
  }
}

TEST(CudaHeaderMap, MalformedJsonIsAnError) {
  std::string Error;
  EXPECT_FALSE(parseCudaHeaderJson("[]", Error));
  EXPECT_FALSE(parseCudaHeaderJson(R"({"headers": [{"cuda": 3, "hip": null}]})", Error));
  auto T = parseCudaHeaderJson(R"({"headers": [{"cuda": "a.h", "hip": null, "note": "n"}]})", Error);
  ASSERT_TRUE(T);
  // clang-tidy's optional-access analysis does not see that ASSERT_TRUE returns.
  if (!T)
    return;
  EXPECT_TRUE(T->lookup("a.h")->Hip.empty());
}

TEST(CudaHeaderMap, CoversTheLibrarySubHeaderTrees) {
  const CudaHeaderTable &T = cudaHeaderTable();
  struct {
    const char *Cuda, *Hip;
  } Expected[] = {{"cub/block/block_reduce.cuh", "hipcub/block/block_reduce.hpp"},
                  {"cub/warp/warp_reduce.cuh", "hipcub/warp/warp_reduce.hpp"},
                  {"cub/device/device_scan.cuh", "hipcub/device/device_scan.hpp"},
                  {"cub/iterator/counting_input_iterator.cuh", "hipcub/iterator/counting_input_iterator.hpp"},
                  {"cub/thread/thread_operators.cuh", "hipcub/thread/thread_operators.hpp"},
                  {"cub/util_type.cuh", "hipcub/util_type.hpp"},
                  {"cublas_api.h", "hipblas/hipblas.h"},
                  {"curand_philox4x32_x.h", "hiprand/hiprand_kernel.h"},
                  {"curand_mtgp32_host.h", "hiprand/hiprand_mtgp32_host.h"},
                  {"nvtx3/nvToolsExtCudaRt.h", "roctracer/roctx.h"},
                  {"sm_30_intrinsics.h", "hip/hip_runtime.h"},
                  {"cuda_fp16.hpp", "hip/hip_fp16.h"}};
  for (const auto &E : Expected) {
    const CudaHeaderMapping *M = T.lookup(E.Cuda);
    ASSERT_NE(M, nullptr) << E.Cuda;
    EXPECT_EQ(M->Hip, E.Hip) << E.Cuda;
  }
  // No counterpart, said so with advice.
  for (const char *None : {"cub/device/device_topk.cuh", "cublasXt.h", "cooperative_groups/reduce.h"}) {
    const CudaHeaderMapping *M = T.lookup(None);
    ASSERT_NE(M, nullptr) << None;
    EXPECT_TRUE(M->Hip.empty()) << None;
    EXPECT_FALSE(M->Note.empty()) << None;
  }
}

TEST(CudaHeaderMap, PrefixRulesCoverTheRestOfATree) {
  const CudaHeaderTable &T = cudaHeaderTable();
  // CUB's internal headers have no row of their own: the cub/ rule names hipCUB's main header.
  const CudaHeaderMapping *M = T.lookup("cub/detail/type_traits.cuh");
  ASSERT_NE(M, nullptr);
  EXPECT_EQ(M->Hip, "hipcub/hipcub.hpp");
  EXPECT_FALSE(M->Note.empty());
  // A row wins over the rule; a prefix alone is not a header of the tree's own.
  EXPECT_EQ(T.lookup("cub/cub.cuh")->Hip, "hipcub/hipcub.hpp");
  EXPECT_EQ(T.lookup("cub/block/block_scan.cuh")->Hip, "hipcub/block/block_scan.hpp");
  EXPECT_EQ(T.lookup("mycub/block_scan.cuh"), nullptr);
  EXPECT_EQ(T.lookup("thrust/system/cuda/execution_policy.h"), nullptr);
}

TEST(CudaHeaderMap, LongestPrefixWinsAndQuietPrefixesKeepTheirTree) {
  std::string Error;
  auto T = parseCudaHeaderJson(R"({"headers": [],
      "quiet_prefixes": [{"prefix": "lib/same/", "reason": "r"}],
      "prefix_rules": [{"prefix": "lib/", "hip": "hiplib/all.h", "note": "n"},
                       {"prefix": "lib/block/", "hip": "hiplib/block.h"}]})",
                               Error);
  ASSERT_TRUE(T) << Error;
  if (!T) // for clang-tidy's optional-access analysis, which does not see that ASSERT_TRUE returns
    return;
  EXPECT_EQ(T->lookup("lib/x.h")->Hip, "hiplib/all.h");
  EXPECT_EQ(T->lookup("lib/block/y.h")->Hip, "hiplib/block.h");
  EXPECT_EQ(T->lookup("lib/same/z.h"), nullptr);
  EXPECT_FALSE(parseCudaHeaderJson(R"({"headers": [], "prefix_rules": [{"prefix": "", "hip": null}]})", Error));
  EXPECT_FALSE(parseCudaHeaderJson(R"({"headers": [], "prefix_rules": [{"prefix": "a/"}]})", Error));
}
