// HIP-language program for the rocm-cmake-legacy-cuda sample: y = a * x + y on the GPU with
// fixed-seed inputs, compared with a CPU reference. One fused multiply-add per element in float:
// the relative error bound is 1e-6 (a few ulp, allowing the device to contract to an FMA).
#include "common/harness.h"

#include <vector>

__global__ void saxpy(int N, float A, const float *X, float *Y) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Y[I] = A * X[I] + Y[I];
}

int main() {
  constexpr int N = 1 << 20;
  constexpr int Block = 256; // a multiple of the 64-lane wavefront and of NVIDIA's 32-lane warp
  const float A = 1.75f;
  harness::Rng Rng(7);
  std::vector<float> X(N), Y(N), Ref(N), Out(N);
  for (int I = 0; I < N; ++I) {
    X[I] = Rng.uniform(-1.0f, 1.0f);
    Y[I] = Rng.uniform(-1.0f, 1.0f);
    Ref[I] = A * X[I] + Y[I];
  }
  float *DX = nullptr, *DY = nullptr;
  HIP_CHECK(hipMalloc(&DX, N * sizeof(float)));
  HIP_CHECK(hipMalloc(&DY, N * sizeof(float)));
  HIP_CHECK(hipMemcpy(DX, X.data(), N * sizeof(float), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(DY, Y.data(), N * sizeof(float), hipMemcpyHostToDevice));
  saxpy<<<(N + Block - 1) / Block, Block>>>(N, A, DX, DY);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipMemcpy(Out.data(), DY, N * sizeof(float), hipMemcpyDeviceToHost));
  HIP_CHECK(hipFree(DX));
  HIP_CHECK(hipFree(DY));

  int Bad = 0;
  for (int I = 0; I < N; ++I)
    Bad += !harness::closeEnough(Out[I], Ref[I], 1e-6);
  char Detail[96];
  std::snprintf(Detail, sizeof Detail, "%d of %d elements outside 1e-6 relative error", Bad, N);
  return harness::report("rocm-cmake saxpy", Bad == 0, Detail);
}
