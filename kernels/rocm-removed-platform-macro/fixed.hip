// rocm-removed-platform-macro sample, ported: scale a vector and store it in half precision.
//
// The half-ported code tested __HIP_PLATFORM_HCC__, which ROCm 6.0 stopped defining, so current
// ROCm compiled the CUDA arm. The port tests __HIP_PLATFORM_AMD__, which the HIP headers define
// since ROCm 4; the CUDA arm stays for NVIDIA builds.
//
// Launches checked by tools/kernel-validate.py against the AMD code objects:
// kernel-launch: scaleToHalf block=256 dynamic-lds=0
#include <hip/hip_runtime.h>

#if defined(__HIP_PLATFORM_AMD__)
#include <hip/hip_fp16.h>
#else
#include <cuda_fp16.h>
#endif

#include "common/harness.h"

#include <vector>

// Out[i] = half(A * X[i]).
__global__ void scaleToHalf(float A, const float *X, __half *Out, int N) {
  for (int I = blockIdx.x * blockDim.x + threadIdx.x; I < N; I += gridDim.x * blockDim.x)
    Out[I] = __float2half(A * X[I]);
}

int main() {
  constexpr int N = 1 << 16;
  constexpr int Block = 256;
  const int Grid = (N + Block - 1) / Block;

  harness::Rng Rng(20261203);
  std::vector<float> X(N);
  for (float &V : X)
    V = float(Rng.below(2048)); // integers below 2^11 times 0.5 are exact in half precision

  float *DX = nullptr;
  __half *DOut = nullptr;
  HIP_CHECK(hipMalloc(&DX, N * sizeof(float)));
  HIP_CHECK(hipMalloc(&DOut, N * sizeof(__half)));
  HIP_CHECK(hipMemcpy(DX, X.data(), N * sizeof(float), hipMemcpyHostToDevice));
  scaleToHalf<<<Grid, Block>>>(0.5f, DX, DOut, N);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<__half> Out(N);
  HIP_CHECK(hipMemcpy(Out.data(), DOut, N * sizeof(__half), hipMemcpyDeviceToHost));
  HIP_CHECK(hipFree(DX));
  HIP_CHECK(hipFree(DOut));

  int Bad = 0;
  for (int I = 0; I < N; ++I)
    Bad += __half2float(Out[I]) != 0.5f * X[I];
  char Detail[160];
  std::snprintf(Detail, sizeof Detail, "%d of %d halves off", Bad, N);
  return harness::report("rocm-removed-platform-macro/fixed", Bad == 0, Detail);
}
