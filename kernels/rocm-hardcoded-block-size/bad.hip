// rocm-hardcoded-block-size sample, as ported from CUDA: row normalisation (each row scaled to
// unit L2 norm), the per-row reduction in front of a layer norm or a cosine similarity.
//
// The kernel keeps one partial sum per thread in a __shared__ array sized for its declared
// __launch_bounds__(256): it is compiled for at most 256 threads a block. The host code was
// tuned on an NVIDIA GPU and hard-codes 1024 threads. The launch asks for more threads than the
// kernel was built for, so the runtime refuses it (hipErrorLaunchFailure on AMD; cudaErrorInvalidValue
// on an H200 with CUDA 13.0); were it to run, threads 256..1023 would write past the shared array.
// The program reports FAIL with the runtime's error.
//
// rocm-hardcoded-block-size reports the launch, with a note at the __launch_bounds__.
#include <hip/hip_runtime.h>

#include "common/harness.h"

#include <cmath>
#include <vector>

constexpr int MaxBlock = 256;

// Row R of X (Cols floats) is divided by its L2 norm. One block a row; any block size up to
// MaxBlock works: the tree reduction halves the active count rounding up.
__global__ void __launch_bounds__(MaxBlock) rowNormalize(float *X, int Cols) {
  __shared__ float Partial[MaxBlock];
  float *Row = X + size_t(blockIdx.x) * Cols;
  float Sum = 0.0f;
  for (int C = threadIdx.x; C < Cols; C += blockDim.x)
    Sum += Row[C] * Row[C];
  Partial[threadIdx.x] = Sum;
  __syncthreads();
  for (unsigned Active = blockDim.x; Active > 1;) {
    const unsigned Half = (Active + 1) / 2;
    if (threadIdx.x < Active - Half)
      Partial[threadIdx.x] += Partial[threadIdx.x + Half];
    __syncthreads();
    Active = Half;
  }
  const float Scale = 1.0f / sqrtf(Partial[0]);
  for (int C = threadIdx.x; C < Cols; C += blockDim.x)
    Row[C] *= Scale;
}

int main() {
  constexpr int Rows = 512, Cols = 3000;
  harness::Rng Rng(20261129);
  std::vector<float> X(size_t(Rows) * Cols);
  for (float &V : X)
    V = Rng.uniform(-1.0f, 1.0f);

  float *DX = nullptr;
  HIP_CHECK(hipMalloc(&DX, X.size() * sizeof(float)));
  HIP_CHECK(hipMemcpy(DX, X.data(), X.size() * sizeof(float), hipMemcpyHostToDevice));

  // The CUDA original's launch: 1024 threads, four times what the kernel is compiled for.
  rowNormalize<<<Rows, 1024>>>(DX, Cols);
  hipError_t Err = hipGetLastError();
  if (Err == hipSuccess)
    Err = hipDeviceSynchronize();
  if (Err != hipSuccess) {
    HIP_CHECK(hipFree(DX));
    return harness::report("rocm-hardcoded-block-size/bad", false, hipGetErrorString(Err));
  }

  std::vector<float> Got(X.size());
  HIP_CHECK(hipMemcpy(Got.data(), DX, X.size() * sizeof(float), hipMemcpyDeviceToHost));
  HIP_CHECK(hipFree(DX));
  // Float sums of 3000 squares against a double reference: 1e-5 relative is ample.
  bool Ok = true;
  for (int R = 0; R < Rows && Ok; ++R) {
    double Norm = 0;
    for (int C = 0; C < Cols; ++C)
      Norm += double(X[size_t(R) * Cols + C]) * X[size_t(R) * Cols + C];
    Norm = std::sqrt(Norm);
    for (int C = 0; C < Cols && Ok; ++C)
      Ok = harness::closeEnough(Got[size_t(R) * Cols + C], X[size_t(R) * Cols + C] / Norm, 1e-5);
  }
  return harness::report("rocm-hardcoded-block-size/bad", Ok, Ok ? "rows normalised" : "wrong row norms");
}
