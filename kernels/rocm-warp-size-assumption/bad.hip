// rocm-warp-size-assumption sample, as written for CUDA: two warp-level building blocks.
//  1. centerRows: subtract each row's mean (the first step of a layer norm). A block owns a row;
//     warps reduce with a shuffle ladder, lane 0 broadcasts the warp's sum, and every thread adds
//     up the per-warp sums from shared memory.
//  2. compact: stream compaction (keep the elements above a threshold). Each warp votes with a
//     ballot, a lane's output slot is the number of kept lanes below it, and lane 0 reserves the
//     warp's slots with one atomic.
// The code assumes 32-lane warps: lanes and warps come from '& 31' and '>> 5', the shuffle ladder
// starts at 16, and the ballot is kept in 32 bits. It compiles for AMD without a word of warning
// and then computes wrong answers on a 64-lane wavefront: lanes 32-63 broadcast the sum of lanes
// 0-31 (their own half never reaches shared memory), and the ballot loses the votes of lanes
// 32-63, so the compaction drops and overwrites elements.
// On an NVIDIA GPU (32-lane warps) every assumption holds and this program PASSES; on RDNA in
// wave32 mode too. It FAILS on CDNA (gfx90a, gfx942: 64-lane wavefronts).
//
// gpu-expect-nvidia: PASS -- warps have 32 lanes there, so the 32-lane assumptions hold
// gpu-expect-amd: FAIL -- 64-lane wavefronts: half of each warp sum and of each ballot is lost
#include <hip/hip_runtime.h>

#include "common/harness.h"

#include <algorithm>
#include <vector>

#define WARP_SIZE 32

// The sum of v over the calling warp, in every lane of it.
__device__ float warpSum(float v) {
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_down(v, offset);
  return __shfl(v, 0);
}

// Y[row][:] = X[row][:] - mean(X[row][:]); one block per row.
__global__ void centerRows(const float *X, float *Y, int cols) {
  __shared__ float warpSums[1024 / WARP_SIZE];
  const float *x = X + size_t(blockIdx.x) * cols;
  float *y = Y + size_t(blockIdx.x) * cols;
  float v = 0.0f;
  for (int c = threadIdx.x; c < cols; c += blockDim.x)
    v += x[c];
  v = warpSum(v);
  const int lane = threadIdx.x & 31;
  const int warp = threadIdx.x >> 5;
  if (lane == 0)
    warpSums[warp] = v;
  __syncthreads();
  const int warps = blockDim.x / WARP_SIZE;
  float total = 0.0f;
  for (int w = 0; w < warps; ++w)
    total += warpSums[w];
  const float mean = total / cols;
  for (int c = threadIdx.x; c < cols; c += blockDim.x)
    y[c] = x[c] - mean;
}

// Appends every in[i] > threshold to out (in no particular order); *count is the number kept.
__global__ void compact(const float *in, int n, float threshold, float *out, int *count) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const bool keep = i < n && in[i] > threshold;
  const unsigned votes = __ballot(keep);
  const int lane = threadIdx.x % 32;
  const int rank = __popc(votes & ((1u << lane) - 1));
  int base = 0;
  if (lane == 0)
    base = atomicAdd(count, __popc(votes));
  base = __shfl(base, 0);
  if (keep)
    out[base + rank] = in[i];
}

int main() {
  constexpr int Block = 256;
  constexpr int Rows = 512, Cols = 1000;
  constexpr int N = 1 << 20;
  constexpr float Threshold = 0.7f;

  // Inputs uniform in [-1, 2) and [0, 1): never all zeros, about 30% of the second kept.
  harness::Rng Rng(20261129);
  std::vector<float> X(size_t(Rows) * Cols), In(N);
  for (float &v : X)
    v = Rng.uniform(-1.0f, 2.0f);
  for (float &v : In)
    v = Rng.uniform(0.0f, 1.0f);

  float *DX = nullptr, *DY = nullptr, *DIn = nullptr, *DOut = nullptr;
  int *DCount = nullptr;
  HIP_CHECK(hipMalloc(&DX, X.size() * sizeof(float)));
  HIP_CHECK(hipMalloc(&DY, X.size() * sizeof(float)));
  HIP_CHECK(hipMalloc(&DIn, N * sizeof(float)));
  HIP_CHECK(hipMalloc(&DOut, N * sizeof(float)));
  HIP_CHECK(hipMalloc(&DCount, sizeof(int)));
  HIP_CHECK(hipMemcpy(DX, X.data(), X.size() * sizeof(float), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(DIn, In.data(), N * sizeof(float), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemset(DCount, 0, sizeof(int)));

  centerRows<<<Rows, Block>>>(DX, DY, Cols);
  HIP_CHECK(hipGetLastError());
  hipLaunchKernelGGL(compact, dim3((N + Block - 1) / Block), dim3(Block), 0, 0, DIn, N, Threshold, DOut, DCount);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());

  std::vector<float> Y(X.size()), Out(N);
  int Count = 0;
  HIP_CHECK(hipMemcpy(Y.data(), DY, Y.size() * sizeof(float), hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(&Count, DCount, sizeof(int), hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(Out.data(), DOut, N * sizeof(float), hipMemcpyDeviceToHost));
  HIP_CHECK(hipFree(DX));
  HIP_CHECK(hipFree(DY));
  HIP_CHECK(hipFree(DIn));
  HIP_CHECK(hipFree(DOut));
  HIP_CHECK(hipFree(DCount));

  // Centered rows: the GPU sums a row in another order than the CPU (float, 1000 terms of
  // magnitude <= 2), so the mean may differ by a few float ulps of the row sum; allow 1e-4
  // absolute/relative (closeEnough scales by max(1, |want|)).
  int BadRows = 0;
  for (int r = 0; r < Rows; ++r) {
    double Sum = 0.0;
    for (int c = 0; c < Cols; ++c)
      Sum += X[size_t(r) * Cols + c];
    const double Mean = Sum / Cols;
    for (int c = 0; c < Cols; ++c)
      if (!harness::closeEnough(Y[size_t(r) * Cols + c], X[size_t(r) * Cols + c] - Mean, 1e-4)) {
        ++BadRows;
        break;
      }
  }
  // Compaction: exact. The kept values, sorted, must equal the CPU's selection, sorted.
  std::vector<float> Want;
  for (float v : In)
    if (v > Threshold)
      Want.push_back(v);
  bool CompactOk = Count == int(Want.size());
  if (CompactOk) {
    Out.resize(Count);
    std::sort(Out.begin(), Out.end());
    std::sort(Want.begin(), Want.end());
    CompactOk = Out == Want;
  }
  const bool Ok = BadRows == 0 && CompactOk;
  char Detail[200];
  std::snprintf(Detail, sizeof Detail, "%d of %d rows off; compaction kept %d of %zu expected%s", BadRows, Rows,
                Count, Want.size(), CompactOk ? "" : " (values differ)");
  return harness::report("rocm-warp-size-assumption/bad", Ok, Detail);
}

// Under kernels/run-gpu.sh --wave64 (64-lane semantics emulated on NVIDIA) the hazard shows as on CDNA:
// gpu-expect-wave64: FAIL -- 64-lane wavefronts: half of each warp sum and of each ballot is lost
