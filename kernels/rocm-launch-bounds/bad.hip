// rocm-launch-bounds sample, half ported: a row-wise softmax, one block per row, with the launch
// bounds the CUDA code tuned for an NVIDIA SM.
//
// __launch_bounds__(96, 4) meant "at most 96 threads, at least 4 blocks per SM". HIP reads the
// second argument as at least 4 waves per SIMD (execution unit): 4 blocks of 96 threads are only
// 8 waves per compute unit, 2 per SIMD, so the compiler caps registers for twice the occupancy the
// code asked for. And 96 threads are one and a half 64-lane wavefronts: every block leaves 32 lanes
// idle. Both compile and run; the cost is speed, so the program passes everywhere.
//
// gpu-expect: PASS -- launch bounds change occupancy and idle lanes, not results
#include <hip/hip_runtime.h>

#include "common/harness.h"

#include <cmath>
#include <vector>

constexpr int Threads = 96;

__global__ void __launch_bounds__(Threads, 4) rowSoftmax(const float *X, float *Y, int Cols) {
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
  return harness::report("rocm-launch-bounds/bad", Bad == 0, Detail);
}
