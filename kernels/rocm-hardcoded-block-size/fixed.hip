// rocm-hardcoded-block-size sample, ported: row normalisation (each row scaled to unit L2
// norm), the per-row reduction in front of a layer norm or a cosine similarity.
//
// The block size now comes from the device: hipOccupancyMaxPotentialBlockSize picks the best
// size for this kernel up to its __launch_bounds__ (MaxBlock), and the host rounds it down to
// whole 64-lane wavefronts (also whole 32-lane warps on NVIDIA and RDNA). The launch can never
// exceed what the kernel is compiled for.
//
// Launches checked by tools/kernel-validate.py against the AMD code objects (the largest block
// the host may pick):
// kernel-launch: rowNormalize block=256 dynamic-lds=0
#include <hip/hip_runtime.h>

#include "common/harness.h"

#include <algorithm>
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

  // The occupancy API's choice for this kernel, never above its bound, in whole wavefronts.
  int MinGrid = 0, Suggested = 0;
  HIP_CHECK(hipOccupancyMaxPotentialBlockSize(&MinGrid, &Suggested, rowNormalize, 0, MaxBlock));
  const int Block = std::max(64, std::min(Suggested, MaxBlock) / 64 * 64);
  rowNormalize<<<Rows, Block>>>(DX, Cols);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());

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
  char Detail[96];
  std::snprintf(Detail, sizeof Detail, "%d rows normalised with %d-thread blocks", Rows, Block);
  return harness::report("rocm-hardcoded-block-size/fixed", Ok, Ok ? Detail : "wrong row norms");
}
