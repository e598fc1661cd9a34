// Correct at both widths: wavefront operations in wavefronts where one 32-lane half has left the
// kernel or loops fewer times than the other. On a 64-lane AMD wavefront the exited or finished
// lanes are inactive: shuffles read 0 from them and ballots leave them out. Before the emulation
// recorded exits and ordered divergent operations, each such operation waited 2 ms for the half
// that could not come (tools/bench/README.md has the before/after times).
//   sumTail:     `if (I >= N) return;` before a wavefront reduction; the last block keeps 32 threads
//   firstRow:    a 32 x 8 block in which only row 0 reduces, the other rows return (as in a Jacobi
//                solver's error reduction)
//   compactLoop: stream compaction in a loop whose trip count differs between the two halves
#include "common.hpp"
#include <algorithm>
#include <vector>

__global__ void sumTail(const float *X, float *Sum, int N) {
  const int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I >= N)
    return;
  float V = X[I];
  for (int Off = warpSize / 2; Off > 0; Off /= 2)
    V += __shfl_down(V, Off);
  if (threadIdx.x % warpSize == 0)
    atomicAdd(Sum, V);
}

__global__ void firstRow(const float *X, float *RowSums) {
  const int Row = blockIdx.x * blockDim.y + threadIdx.y;
  const float V = X[Row * 32 + threadIdx.x];
  if (threadIdx.y != 0)
    return;
  float S = V;
  // Wavefront-wide shuffles (lanes 16-31 read lanes 32-47, which have exited: 0 on AMD); lane 0
  // ends with the row's sum at either width.
  for (int Off = 16; Off > 0; Off /= 2)
    S += __shfl_down(S, Off);
  S = __shfl(S, 0);
  if (threadIdx.x == 0)
    RowSums[blockIdx.x] = S;
}

// Item I*4+K for K < Trips(thread), where Trips is 1 in even 32-thread groups and 3 in odd ones:
// on a 64-lane wavefront the upper half runs two iterations alone.
__device__ __host__ inline int trips(int T) { return (T / 32) % 2 ? 3 : 1; }
__global__ void compactLoop(const float *X, int *Out, int *Count) {
  const int I = blockIdx.x * blockDim.x + threadIdx.x;
  for (int K = 0; K < trips(threadIdx.x); ++K) {
    const int Item = I * 4 + K;
    const bool Keep = X[Item] > 0.0f;
    const unsigned long long B = __ballot(Keep);
    const int Rank = __popcll(B & __lanemask_lt());
    const int Leader = __ffsll(static_cast<long long>(B)) - 1;
    int Base = 0;
    if (B != 0 && int(__lane_id()) == Leader)
      Base = atomicAdd(Count, __popcll(B));
    Base = __shfl(Base, Leader < 0 ? 0 : Leader);
    if (Keep)
      Out[Base + Rank] = Item;
  }
}

int main() {
  const int Repeat = 40;
  long Bad = 0, Total = 0;

  // sumTail
  const int N = 256 * 500 + 32; // the last block: one full warp (a whole half of a wavefront) stays
  std::vector<float> X(N);
  double Want = 0;
  for (int I = 0; I < N; ++I) {
    X[I] = static_cast<float>(static_cast<int>(w64Input(I, 7) * 8.0f)); // small integers: exact sums
    Want += X[I];
  }
  float *DX, *DSum;
  W64_CHECK(hipMalloc(&DX, N * sizeof(float)));
  W64_CHECK(hipMalloc(&DSum, sizeof(float)));
  W64_CHECK(hipMemcpy(DX, X.data(), N * sizeof(float), hipMemcpyHostToDevice));
  for (int R = 0; R < Repeat; ++R) {
    W64_CHECK(hipMemset(DSum, 0, sizeof(float)));
    sumTail<<<(N + 255) / 256, 256>>>(DX, DSum, N);
    W64_CHECK(hipGetLastError());
    float Got = 0;
    W64_CHECK(hipMemcpy(&Got, DSum, sizeof(float), hipMemcpyDeviceToHost));
    Bad += Got != static_cast<float>(Want);
    ++Total;
  }
  W64_CHECK(hipFree(DX));

  // firstRow
  const int Blocks = 1024, Rows = Blocks * 8;
  std::vector<float> Y(Rows * 32);
  for (int I = 0; I < Rows * 32; ++I)
    Y[I] = static_cast<float>(static_cast<int>(w64Input(I, 11) * 8.0f));
  float *DY, *DRows;
  W64_CHECK(hipMalloc(&DY, Y.size() * sizeof(float)));
  W64_CHECK(hipMalloc(&DRows, Blocks * sizeof(float)));
  W64_CHECK(hipMemcpy(DY, Y.data(), Y.size() * sizeof(float), hipMemcpyHostToDevice));
  std::vector<float> RowSums(Blocks);
  for (int R = 0; R < Repeat; ++R) {
    firstRow<<<Blocks, dim3(32, 8)>>>(DY, DRows);
    W64_CHECK(hipGetLastError());
  }
  W64_CHECK(hipMemcpy(RowSums.data(), DRows, Blocks * sizeof(float), hipMemcpyDeviceToHost));
  for (int B = 0; B < Blocks; ++B) {
    float S = 0;
    for (int L = 0; L < 32; ++L)
      S += Y[(B * 8) * 32 + L];
    Bad += RowSums[B] != S;
    ++Total;
  }
  W64_CHECK(hipFree(DY));
  W64_CHECK(hipFree(DRows));

  // compactLoop
  const int CBlocks = 256, Threads = 256, Items = CBlocks * Threads * 4;
  std::vector<float> Z(Items);
  std::vector<int> Kept;
  for (int I = 0; I < Items; ++I)
    Z[I] = w64Input(I, 5);
  for (int I = 0; I < CBlocks * Threads; ++I)
    for (int K = 0; K < trips(I % Threads); ++K)
      if (Z[I * 4 + K] > 0.0f)
        Kept.push_back(I * 4 + K);
  float *DZ;
  int *DOut, *DCount;
  W64_CHECK(hipMalloc(&DZ, Items * sizeof(float)));
  W64_CHECK(hipMalloc(&DOut, Items * sizeof(int)));
  W64_CHECK(hipMalloc(&DCount, sizeof(int)));
  W64_CHECK(hipMemcpy(DZ, Z.data(), Items * sizeof(float), hipMemcpyHostToDevice));
  for (int R = 0; R < Repeat / 4; ++R) {
    W64_CHECK(hipMemset(DCount, 0, sizeof(int)));
    compactLoop<<<CBlocks, Threads>>>(DZ, DOut, DCount);
    W64_CHECK(hipGetLastError());
    int Count = 0;
    W64_CHECK(hipMemcpy(&Count, DCount, sizeof(int), hipMemcpyDeviceToHost));
    std::vector<int> Got(Count < 0 ? 0 : std::min(Count, Items));
    W64_CHECK(hipMemcpy(Got.data(), DOut, Got.size() * sizeof(int), hipMemcpyDeviceToHost));
    std::sort(Got.begin(), Got.end());
    Bad += Got != Kept;
    ++Total;
  }
  W64_CHECK(hipFree(DZ));
  W64_CHECK(hipFree(DOut));
  W64_CHECK(hipFree(DCount));
  W64_CHECK(hipFree(DSum));
  return w64Verdict("reductions and compaction with exited or finished halves", Bad, Total);
}
