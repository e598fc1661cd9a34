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
  EXPECT_TRUE(T->lookup("a.h")->Hip.empty());
}
