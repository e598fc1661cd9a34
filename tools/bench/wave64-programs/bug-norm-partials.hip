// Modeled on turboderp/exllamav2 6feebfb56e96 ("Fix layernorm kernels for wave64 GPUs"): the
// second reduction stage loads one per-warp partial per lane, `sums[lane]`. The partials array is
// sized for 32-lane warps (1024 / 32 slots); on a 64-lane wavefront a 1024-thread block has only
// 16 partials and lanes 16-63 read slots no warp wrote, the upper half past the array (here into
// the row cache that follows it in the same shared buffer, so the failure is deterministic).
// -DFIXED loads only `lane < number of warps`, as the fix does.
#include "common.hpp"
#include <vector>

constexpr int kThreads = 1024;
constexpr int kSlots = kThreads / 32;
constexpr int kRows = 64;
constexpr int kCols = 4096;

__global__ void rmsNorm(const float *X, float *Y, int Cols) {
  // One buffer, so that reading past the partials reads defined (cached) data, not garbage.
  __shared__ float Scratch[kSlots + kThreads];
  float *Sums = Scratch;
  float *Cache = Scratch + kSlots;
  const int T = threadIdx.x;
  const int Lane = T % warpSize;
  const int Warp = T / warpSize;
  const int NumWarps = blockDim.x / warpSize;
  const float *Row = X + static_cast<size_t>(blockIdx.x) * Cols;
  if (T < kSlots)
    Sums[T] = 0.0f;
  Cache[T] = Row[T];
  __syncthreads();

  float Sum = 0.0f;
  for (int C = T; C < Cols; C += blockDim.x)
    Sum += Row[C] * Row[C];
  for (int Off = warpSize / 2; Off > 0; Off /= 2)
    Sum += __shfl_xor(Sum, Off);
  if (Lane == 0)
    Sums[Warp] = Sum;
  __syncthreads();
#ifdef FIXED
  Sum = Lane < NumWarps ? Sums[Lane] : 0.0f;
#else
  (void)NumWarps;
  Sum = Sums[Lane];
#endif
  for (int Off = warpSize / 2; Off > 0; Off /= 2)
    Sum += __shfl_xor(Sum, Off);
  const float Scale = rsqrtf(Sum / Cols + 1e-6f);
  for (int C = T; C < Cols; C += blockDim.x)
    Y[static_cast<size_t>(blockIdx.x) * Cols + C] = (C < kThreads ? Cache[C] : Row[C]) * Scale;
}

int main() {
  std::vector<float> X(kRows * kCols), Y(kRows * kCols);
  for (size_t I = 0; I < X.size(); ++I)
    X[I] = w64Input(static_cast<unsigned>(I), 1);
  float *DX, *DY;
  W64_CHECK(hipMalloc(&DX, X.size() * sizeof(float)));
  W64_CHECK(hipMalloc(&DY, Y.size() * sizeof(float)));
  W64_CHECK(hipMemcpy(DX, X.data(), X.size() * sizeof(float), hipMemcpyHostToDevice));
  rmsNorm<<<kRows, kThreads>>>(DX, DY, kCols);
  W64_CHECK(hipGetLastError());
  W64_CHECK(hipMemcpy(Y.data(), DY, Y.size() * sizeof(float), hipMemcpyDeviceToHost));
  long Bad = 0;
  for (int R = 0; R < kRows; ++R) {
    double Ss = 0;
    for (int C = 0; C < kCols; ++C)
      Ss += double(X[R * kCols + C]) * X[R * kCols + C];
    const double Scale = 1.0 / std::sqrt(Ss / kCols + 1e-6);
    for (int C = 0; C < kCols; ++C)
      Bad += !w64Near(Y[R * kCols + C], X[R * kCols + C] * Scale);
  }
  return w64Verdict("rms norm", Bad, static_cast<long>(Y.size()));
}
