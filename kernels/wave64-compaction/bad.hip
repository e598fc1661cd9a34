// wave64 sample (rocm-warp-size-assumption), as written for CUDA: stream compaction that gathers
// the indices of the tokens routed to one expert (the dispatch step of a mixture-of-experts layer).
// Each warp votes with a ballot; a lane's slot is the number of voting lanes below it, and lane 0
// reserves the warp's slots with one atomic. The ballot is kept in a 32-bit 'unsigned int', as
// CUDA's __ballot_sync returns it.
// HIP's __ballot returns 64 bits. On a 64-lane wavefront the 32-bit copy keeps lanes 0-31 only:
// the atomic reserves too few slots, and every voting lane of 32-63 writes to the same slot just
// past the reservation (another wavefront's), so tokens are lost. On 32-lane warps nothing is cut
// off and the program PASSES.
//
// gpu-expect-nvidia: PASS -- warps have 32 lanes there: a 32-bit ballot holds all of them
// gpu-expect-wave64: FAIL -- the 32-bit ballot drops lanes 32-63: tokens lost
// gpu-expect-amd: FAIL -- on 64-lane wavefronts (CDNA) the 32-bit ballot drops lanes 32-63
#include <hip/hip_runtime.h>

#include "common/harness.h"

#include <algorithm>
#include <iterator>
#include <vector>

// Appends to out every i with expert[i] == e (in no particular order); *count is the number found.
__global__ void gatherTokens(const int *expert, int n, int e, int *out, int *count) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const bool mine = i < n && expert[i] == e;
  const unsigned int votes = __ballot(mine);
  const int rank = __popc(votes & __lanemask_lt());
  int base = 0;
  if (__lane_id() == 0)
    base = atomicAdd(count, __popc(votes));
  base = __shfl(base, 0);
  if (mine)
    out[base + rank] = i;
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
  constexpr int N = 1 << 20, Experts = 8, Expert = 3, Block = 256;
  harness::Rng Rng(20261130);
  std::vector<int> Assign(N);
  for (int &a : Assign)
    a = Rng.below(Experts);
  std::vector<int> Want;
  for (int i = 0; i < N; ++i)
    if (Assign[i] == Expert)
      Want.push_back(i);

  int *DAssign = nullptr, *DOut = nullptr, *DCount = nullptr;
  HIP_CHECK(hipMalloc(&DAssign, N * sizeof(int)));
  HIP_CHECK(hipMalloc(&DOut, N * sizeof(int)));
  HIP_CHECK(hipMalloc(&DCount, sizeof(int)));
  HIP_CHECK(hipMemcpy(DAssign, Assign.data(), N * sizeof(int), hipMemcpyHostToDevice));
  const float KernelMs = timedMs([&] {
    HIP_CHECK(hipMemsetAsync(DOut, 0xff, N * sizeof(int)));
    HIP_CHECK(hipMemsetAsync(DCount, 0, sizeof(int)));
    hipLaunchKernelGGL(gatherTokens, dim3((N + Block - 1) / Block), dim3(Block), 0, 0, DAssign, N, Expert, DOut,
                       DCount);
    HIP_CHECK(hipGetLastError());
  });
  int Count = 0;
  std::vector<int> Out(N);
  HIP_CHECK(hipMemcpy(&Count, DCount, sizeof(int), hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(Out.data(), DOut, N * sizeof(int), hipMemcpyDeviceToHost));
  HIP_CHECK(hipFree(DAssign));
  HIP_CHECK(hipFree(DOut));
  HIP_CHECK(hipFree(DCount));

  // Exact: the gathered indices, sorted, are the CPU's list. Count the wanted tokens that are not
  // in the first Count slots (lost).
  const int Kept = std::min(std::max(Count, 0), N);
  std::vector<int> Got(Out.begin(), Out.begin() + Kept);
  std::sort(Got.begin(), Got.end());
  std::vector<int> Missing;
  std::set_difference(Want.begin(), Want.end(), Got.begin(), Got.end(), std::back_inserter(Missing));
  const bool Ok = Count == int(Want.size()) && Got == Want;
  char Detail[200];
  std::snprintf(Detail, sizeof Detail, "gathered %d of %zu tokens of expert %d; %zu tokens lost; kernel %.3f ms", Count,
                Want.size(), Expert, Missing.size(), KernelMs);
  return harness::report("wave64-compaction/bad", Ok, Detail);
}
