// Correct at both widths: warp-aggregated stream compaction written for any wavefront size. The
// ballot is kept in 64 bits, the rank comes from __lanemask_lt, the leader is the lowest active
// lane (__ffsll), and it reserves the warp's slots with one atomic and broadcasts the base.
#include "common.hpp"
#include <algorithm>
#include <vector>

constexpr int kN = 1 << 20;

__device__ int Count;

__global__ void compact(const float *X, int *Out, int N) {
  const int I = blockIdx.x * blockDim.x + threadIdx.x;
  const bool Keep = I < N && X[I] > 0.3f;
  const unsigned long long Votes = __ballot(Keep);
  const int Leader = __ffsll(static_cast<long long>(__activemask())) - 1;
  int Base = 0;
  if (__lane_id() == static_cast<unsigned>(Leader))
    Base = atomicAdd(&Count, __popcll(Votes));
  Base = __shfl(Base, Leader);
  if (Keep)
    Out[Base + __popcll(Votes & __lanemask_lt())] = I;
}

int main() {
  std::vector<float> X(kN);
  for (int I = 0; I < kN; ++I)
    X[I] = w64Input(I, 12);
  float *DX;
  int *DO;
  W64_CHECK(hipMalloc(&DX, kN * sizeof(float)));
  W64_CHECK(hipMalloc(&DO, kN * sizeof(int)));
  W64_CHECK(hipMemcpy(DX, X.data(), kN * sizeof(float), hipMemcpyHostToDevice));
  // 1000-thread blocks end in a partial wavefront at both widths.
  compact<<<(kN + 999) / 1000, 1000>>>(DX, DO, kN);
  W64_CHECK(hipGetLastError());
  int Got = 0;
  W64_CHECK(hipMemcpyFromSymbol(&Got, HIP_SYMBOL(Count), sizeof(int)));
  std::vector<int> Out(Got > 0 ? Got : 1);
  W64_CHECK(hipMemcpy(Out.data(), DO, Got * sizeof(int), hipMemcpyDeviceToHost));
  std::sort(Out.begin(), Out.begin() + Got);
  std::vector<int> Want;
  for (int I = 0; I < kN; ++I)
    if (X[I] > 0.3f)
      Want.push_back(I);
  long Bad = std::labs(static_cast<long>(Want.size()) - Got);
  for (size_t K = 0; K < Want.size() && K < static_cast<size_t>(Got); ++K)
    Bad += Out[K] != Want[K];
  return w64Verdict("compacted indices", Bad, static_cast<long>(Want.size()));
}
