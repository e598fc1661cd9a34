#include "core/CudaRuntimeMap.h"

#include <gtest/gtest.h>
#include <set>

using namespace rocmtidy;

TEST(CudaRuntimeMap, MapsTheRuntimeApiOfPortedCode) {
  std::set<std::string> Cuda;
  for (const CudaRuntimeName &N : cudaRuntimeNames())
    Cuda.insert(N.Cuda);
  for (const char *Name : {"cudaMalloc", "cudaFree", "cudaMemcpy", "cudaStream_t", "cudaError_t", "cudaSuccess",
                           "cudaMemcpyHostToDevice", "cudaFuncSetAttribute", "cudaLaunchKernel"})
    EXPECT_TRUE(Cuda.count(Name)) << Name;
}

TEST(CudaRuntimeMap, EachCudaNameOnceAndEveryHipNameIsHip) {
  std::set<std::string> Seen;
  for (const CudaRuntimeName &N : cudaRuntimeNames()) {
    EXPECT_TRUE(Seen.insert(N.Cuda).second) << N.Cuda;
    EXPECT_EQ(N.Hip.rfind("hip", 0), 0u) << N.Cuda << " -> " << N.Hip;
  }
}

TEST(CudaRuntimeMap, HeaderDefinesEachNameUnlessTheCodeDid) {
  std::string H = cudaToHipMappingHeader();
  EXPECT_NE(H.find("#include <hip/hip_runtime.h>\n"), std::string::npos);
  EXPECT_NE(H.find("#ifndef cudaMalloc\n#define cudaMalloc hipMalloc\n#endif\n"), std::string::npos);
  EXPECT_NE(H.find("#define cudaFreeHost hipHostFree\n"), std::string::npos);
}

TEST(CudaRuntimeMap, RejectsNamesThatAreNotIdentifiers) {
  std::string Error;
  EXPECT_FALSE(parseCudaRuntimeNamesJson(R"({"names": [{"cuda": "a b", "hip": "hipX"}]})", Error));
  EXPECT_FALSE(Error.empty());
  Error.clear();
  EXPECT_FALSE(parseCudaRuntimeNamesJson(R"({"names": [{"cuda": "cudaX"}]})", Error));
  EXPECT_FALSE(parseCudaRuntimeNamesJson("[]", Error));
  auto Ok = parseCudaRuntimeNamesJson(R"({"names": [{"cuda": "cudaX", "hip": "hipX"}]})", Error);
  ASSERT_TRUE(Ok);
  EXPECT_EQ(Ok->size(), 1u);
}
