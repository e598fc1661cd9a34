// wave64 sample (rocm-warp-size-assumption), ported: RMS normalisation of the rows of a matrix,
// y = x / sqrt(mean(x^2) + eps) * gain, one block per row.
// The lane and warp indices come from the same warpSize as the butterfly that reduces each warp, so
// exactly one lane per warp (or wavefront) stores its sum, and the stored sums are counted once, on
// 64-lane wavefronts (CDNA), on 32-lane ones (RDNA, NVIDIA) and in the wave64 emulation.
//
// Launches checked by tools/kernel-validate.py against the AMD code objects:
// kernel-launch: rmsNorm block=256 dynamic-lds=0
#include <hip/hip_runtime.h>

#include "common/harness.h"

#include <cmath>
#include <vector>

// The sum of v over the calling warp, in every lane of it.
__device__ float warpReduceSum(float v) {
  for (int mask = warpSize / 2; mask > 0; mask /= 2)
    v += __shfl_xor(v, mask);
  return v;
}

// The most warps a block can have: 1024 threads on the narrowest wavefront (32 lanes).
constexpr int kMaxWarpsPerBlock = 1024 / 32;

__global__ void rmsNorm(const float *X, const float *Gain, float *Y, int cols, float eps, float *MeanSquare) {
  __shared__ float partial[kMaxWarpsPerBlock];
  const int lane_id = threadIdx.x % warpSize;
  const int warp_id = threadIdx.x / warpSize;
  const float *x = X + size_t(blockIdx.x) * cols;
  float ss = 0.0f;
  for (int c = threadIdx.x; c < cols; c += blockDim.x)
    ss += x[c] * x[c];
  ss = warpReduceSum(ss);
  if (lane_id == 0)
    partial[warp_id] = ss;
  __syncthreads();
  float total = 0.0f;
  for (int w = 0; w < int(blockDim.x) / warpSize; ++w)
    total += partial[w];
  const float ms = total / cols;
  if (threadIdx.x == 0)
    MeanSquare[blockIdx.x] = ms;
  const float scale = 1.0f / sqrtf(ms + eps);
  for (int c = threadIdx.x; c < cols; c += blockDim.x)
    Y[size_t(blockIdx.x) * cols + c] = x[c] * scale * Gain[c];
}

// Mean kernel time of a launch sequence over 20 runs, after a warm-up run (lazy module loading).
template <class F> float timedMs(F Launch) {
  constexpr int Runs = 20;
  Launch();
  HIP_CHECK(hipDeviceSynchronize());
  hipEvent_t Start, Stop;
  HIP_CHECK(hipEventCreate(&Start));
  HIP_CHECK(hipEventCreate(&Stop));
  HIP_CHECK(hipEventRecord(Start, 0));
  for (int R = 0; R < Runs; ++R)
    Launch();
  HIP_CHECK(hipEventRecord(Stop, 0));
  HIP_CHECK(hipEventSynchronize(Stop));
  float Ms = 0.0f;
  HIP_CHECK(hipEventElapsedTime(&Ms, Start, Stop));
  HIP_CHECK(hipEventDestroy(Start));
  HIP_CHECK(hipEventDestroy(Stop));
  return Ms / Runs;
}

int main() {
  constexpr int Rows = 256, Cols = 4096, Block = 256;
  constexpr float Eps = 1e-6f;
  harness::Rng Rng(20261130);
  std::vector<float> X(size_t(Rows) * Cols), Gain(Cols);
  for (float &v : X)
    v = Rng.uniform(-2.0f, 2.0f);
  for (float &v : Gain)
    v = Rng.uniform(0.5f, 1.5f);

  float *DX = nullptr, *DGain = nullptr, *DY = nullptr, *DMs = nullptr;
  HIP_CHECK(hipMalloc(&DX, X.size() * sizeof(float)));
  HIP_CHECK(hipMalloc(&DGain, Cols * sizeof(float)));
  HIP_CHECK(hipMalloc(&DY, X.size() * sizeof(float)));
  HIP_CHECK(hipMalloc(&DMs, Rows * sizeof(float)));
  HIP_CHECK(hipMemcpy(DX, X.data(), X.size() * sizeof(float), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(DGain, Gain.data(), Cols * sizeof(float), hipMemcpyHostToDevice));
  const float KernelMs = timedMs([&] {
    hipLaunchKernelGGL(rmsNorm, dim3(Rows), dim3(Block), 0, 0, DX, DGain, DY, Cols, Eps, DMs);
    HIP_CHECK(hipGetLastError());
  });
  std::vector<float> Y(X.size()), Ms(Rows);
  HIP_CHECK(hipMemcpy(Y.data(), DY, Y.size() * sizeof(float), hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(Ms.data(), DMs, Rows * sizeof(float), hipMemcpyDeviceToHost));
  HIP_CHECK(hipFree(DX));
  HIP_CHECK(hipFree(DGain));
  HIP_CHECK(hipFree(DY));
  HIP_CHECK(hipFree(DMs));

  // CPU reference in double. The GPU sums 4096 squares (each <= 4) in float in another order: the
  // mean square may differ by a few float ulps; 1e-4 relative covers it with a wide margin, and a
  // doubled sum (ratio 2) or outputs scaled by 1/sqrt(2) are far outside it.
  int BadRows = 0;
  double Want0 = 0.0;
  for (int r = 0; r < Rows; ++r) {
    double Sum = 0.0;
    for (int c = 0; c < Cols; ++c)
      Sum += double(X[size_t(r) * Cols + c]) * X[size_t(r) * Cols + c];
    const double WantMs = Sum / Cols, Scale = 1.0 / std::sqrt(WantMs + Eps);
    if (r == 0)
      Want0 = WantMs;
    bool Ok = harness::closeEnough(Ms[r], WantMs, 1e-4);
    for (int c = 0; Ok && c < Cols; ++c)
      Ok = harness::closeEnough(Y[size_t(r) * Cols + c], X[size_t(r) * Cols + c] * Scale * Gain[c], 1e-4);
    BadRows += !Ok;
  }
  char Detail[200];
  std::snprintf(Detail, sizeof Detail, "%d of %d rows off; row 0 mean square %.6g vs CPU %.6g (ratio %.4f); kernel %.3f ms",
                BadRows, Rows, Ms[0], Want0, Ms[0] / Want0, KernelMs);
  return harness::report("wave64-rmsnorm/fixed", BadRows == 0, Detail);
}
