// wave64 sample (rocm-warp-size-assumption), as written for CUDA: the best log-probability of each
// row of a score matrix (one block per row), with the usual two-step block reduction: every warp
// takes its maximum with a butterfly from 'warpSize / 2', lane 0 stores it, and then the first
// warp, selected with 'threadIdx.x < 32', reduces the stored maxima with the same default-width
// butterfly.
// On a 64-lane wavefront 'threadIdx.x < 32' is half of the first wavefront: its butterfly step 32
// reads lanes 32-63, which are inactive, and an inactive lane reads as 0 (ds_bpermute). Every score
// is negative, so each row maximum comes out as 0. On 32-lane warps the first warp is the whole
// warp and the program PASSES.
//
// gpu-expect-nvidia: PASS -- warps have 32 lanes there: 'threadIdx.x < 32' is a whole warp
// gpu-expect-wave64: FAIL -- half a wavefront runs a 64-wide butterfly: the inactive half reads as 0
// gpu-expect-amd: FAIL -- on 64-lane wavefronts (CDNA) the inactive half of the first wavefront reads as 0
#include <hip/hip_runtime.h>

#include "common/harness.h"

#include <cmath>
#include <vector>

// The maximum of v over the calling warp, in every lane of it.
__device__ float warpMax(float v) {
  for (int mask = warpSize / 2; mask > 0; mask /= 2)
    v = fmaxf(v, __shfl_xor(v, mask));
  return v;
}

// The most warps a block can have: 1024 threads on the narrowest wavefront (32 lanes).
constexpr int kMaxWarpsPerBlock = 1024 / 32;

__global__ void rowMax(const float *Scores, int cols, float *Out) {
  __shared__ float partial[kMaxWarpsPerBlock];
  const float *s = Scores + size_t(blockIdx.x) * cols;
  float m = -INFINITY;
  for (int c = threadIdx.x; c < cols; c += blockDim.x)
    m = fmaxf(m, s[c]);
  m = warpMax(m);
  if (threadIdx.x % warpSize == 0)
    partial[threadIdx.x / warpSize] = m;
  __syncthreads();
  if (threadIdx.x < 32) {
    const int warps = blockDim.x / warpSize;
    m = int(threadIdx.x) < warps ? partial[threadIdx.x] : -INFINITY;
    m = warpMax(m);
    if (threadIdx.x == 0)
      Out[blockIdx.x] = m;
  }
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
  constexpr int Rows = 512, Cols = 2048, Block = 256;
  harness::Rng Rng(20261130);
  // Log-probabilities: all negative.
  std::vector<float> S(size_t(Rows) * Cols);
  for (float &v : S)
    v = Rng.uniform(-12.0f, -0.05f);

  float *DS = nullptr, *DOut = nullptr;
  HIP_CHECK(hipMalloc(&DS, S.size() * sizeof(float)));
  HIP_CHECK(hipMalloc(&DOut, Rows * sizeof(float)));
  HIP_CHECK(hipMemcpy(DS, S.data(), S.size() * sizeof(float), hipMemcpyHostToDevice));
  const float KernelMs = timedMs([&] {
    hipLaunchKernelGGL(rowMax, dim3(Rows), dim3(Block), 0, 0, DS, Cols, DOut);
    HIP_CHECK(hipGetLastError());
  });
  std::vector<float> Out(Rows);
  HIP_CHECK(hipMemcpy(Out.data(), DOut, Rows * sizeof(float), hipMemcpyDeviceToHost));
  HIP_CHECK(hipFree(DS));
  HIP_CHECK(hipFree(DOut));

  // A maximum is exact (no rounding): compare for equality.
  int BadRows = 0;
  float Want0 = 0.0f;
  for (int r = 0; r < Rows; ++r) {
    float Want = -INFINITY;
    for (int c = 0; c < Cols; ++c)
      Want = std::fmax(Want, S[size_t(r) * Cols + c]);
    if (r == 0)
      Want0 = Want;
    BadRows += Out[r] != Want;
  }
  char Detail[200];
  std::snprintf(Detail, sizeof Detail, "%d of %d row maxima off; row 0: %.6g vs CPU %.6g; kernel %.3f ms", BadRows, Rows,
                Out[0], Want0, KernelMs);
  return harness::report("wave64-first-warp/bad", BadRows == 0, Detail);
}
