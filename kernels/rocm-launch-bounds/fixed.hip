// rocm-launch-bounds sample, ported: a row-wise softmax, one block per row.
//
// The bounds were rewritten for AMD: 128 threads, two full 64-lane wavefronts (four on wave32
// parts), and the occupancy hint given in HIP's unit under a platform switch: CUDA's 4 blocks of
// 128 threads per SM are 8 waves per compute unit, 2 per SIMD.
//
// Launches checked by tools/kernel-validate.py against the AMD code objects:
// kernel-launch: rowSoftmax block=128 dynamic-lds=0
#include <hip/hip_runtime.h>

#include "common/harness.h"

#include <cmath>
#include <vector>

constexpr int Threads = 128;
#if defined(__HIP_PLATFORM_AMD__)
constexpr int MinOccupancy = 2; // waves per SIMD
#else
constexpr int MinOccupancy = 4; // blocks per SM
#endif

__global__ void __launch_bounds__(Threads, MinOccupancy) rowSoftmax(const float *X, float *Y, int Cols) {
  __shared__ float Partial[Threads];
  const float *Row = X + size_t(blockIdx.x) * Cols;
  float *Out = Y + size_t(blockIdx.x) * Cols;
  float Max = -INFINITY;
  for (int C = threadIdx.x; C < Cols; C += blockDim.x)
    Max = fmaxf(Max, Row[C]);
  Partial[threadIdx.x] = Max;
  __syncthreads();
  if (threadIdx.x == 0) {
    for (int T = 1; T < blockDim.x; ++T)
      Max = fmaxf(Max, Partial[T]);
    Partial[0] = Max;
  }
  __syncthreads();
  Max = Partial[0];
  __syncthreads();
  float Sum = 0.0f;
  for (int C = threadIdx.x; C < Cols; C += blockDim.x)
    Sum += expf(Row[C] - Max);
  Partial[threadIdx.x] = Sum;
  __syncthreads();
  if (threadIdx.x == 0) {
    for (int T = 1; T < blockDim.x; ++T)
      Sum += Partial[T];
    Partial[0] = Sum;
  }
  __syncthreads();
  Sum = Partial[0];
  for (int C = threadIdx.x; C < Cols; C += blockDim.x)
    Out[C] = expf(Row[C] - Max) / Sum;
}

int main() {
  constexpr int Rows = 512, Cols = 1000;
  harness::Rng Rng(20261130);
  std::vector<float> X(size_t(Rows) * Cols);
  for (float &V : X)
    V = Rng.uniform(-4.0f, 4.0f);

  float *DX = nullptr, *DY = nullptr;
  HIP_CHECK(hipMalloc(&DX, X.size() * sizeof(float)));
  HIP_CHECK(hipMalloc(&DY, X.size() * sizeof(float)));
  HIP_CHECK(hipMemcpy(DX, X.data(), X.size() * sizeof(float), hipMemcpyHostToDevice));
  rowSoftmax<<<Rows, Threads>>>(DX, DY, Cols);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<float> Y(X.size());
  HIP_CHECK(hipMemcpy(Y.data(), DY, Y.size() * sizeof(float), hipMemcpyDeviceToHost));
  HIP_CHECK(hipFree(DX));
  HIP_CHECK(hipFree(DY));

  int Bad = 0;
  for (int R = 0; R < Rows; ++R) {
    double Max = -INFINITY, Sum = 0.0;
    for (int C = 0; C < Cols; ++C)
      Max = std::fmax(Max, X[size_t(R) * Cols + C]);
    for (int C = 0; C < Cols; ++C)
      Sum += std::exp(X[size_t(R) * Cols + C] - Max);
    for (int C = 0; C < Cols; ++C)
      Bad += !harness::closeEnough(Y[size_t(R) * Cols + C], std::exp(X[size_t(R) * Cols + C] - Max) / Sum, 1e-4);
  }
  char Detail[160];
  std::snprintf(Detail, sizeof Detail, "%d of %d softmax outputs off", Bad, Rows * Cols);
  return harness::report("rocm-launch-bounds/fixed", Bad == 0, Detail);
}
