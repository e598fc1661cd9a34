// Modeled on zjin-lcf/HeCBench dc4ff86a47ec ("[mpc-hip] Support warpsize/wavefrontsize 64"): a
// 64-bit "value is nonzero" bitmap per 64 elements is assembled from two 32-bit ballots, the one
// of lane 32 parked in shared memory. On a 64-lane wavefront __ballot returns 64 bits and the
// unsigned int keeps lanes 0-31 at both lanes 0 and 32: the low half is stored twice.
// -DFIXED keeps the ballot in 64 bits and stores it whole when the wavefront has 64 lanes.
#include "common.hpp"
#include <vector>

constexpr int kThreads = 256;
constexpr int kBlocks = 128;

__global__ void nonzeroBitmap(const int *V, unsigned long long *Bits) {
  __shared__ unsigned High[kThreads];
  const int Tid = threadIdx.x;
  const int I = blockIdx.x * blockDim.x + Tid;
  const int LaneX = Tid & 63;
  const int Flag = V[I] != 0;
#ifdef FIXED
  const unsigned long long B = __ballot(Flag);
  if (warpSize == 32 && LaneX == 32)
    High[Tid] = static_cast<unsigned>(B);
  __syncthreads();
  if (LaneX == 0)
    Bits[I / 64] = warpSize == 64 ? B : (static_cast<unsigned long long>(High[Tid + 32]) << 32) | static_cast<unsigned>(B);
#else
  const unsigned B = __ballot(Flag);
  if (LaneX == 32)
    High[Tid] = B;
  __syncthreads();
  if (LaneX == 0)
    Bits[I / 64] = (static_cast<unsigned long long>(High[Tid + 32]) << 32) | B;
#endif
}

int main() {
  const int N = kThreads * kBlocks;
  std::vector<int> V(N);
  for (int I = 0; I < N; ++I)
    V[I] = w64Input(I, 5) > 0.2f ? I + 1 : 0;
  int *DV;
  unsigned long long *DB;
  W64_CHECK(hipMalloc(&DV, N * sizeof(int)));
  W64_CHECK(hipMalloc(&DB, N / 64 * sizeof(unsigned long long)));
  W64_CHECK(hipMemcpy(DV, V.data(), N * sizeof(int), hipMemcpyHostToDevice));
  nonzeroBitmap<<<kBlocks, kThreads>>>(DV, DB);
  W64_CHECK(hipGetLastError());
  std::vector<unsigned long long> Bits(N / 64);
  W64_CHECK(hipMemcpy(Bits.data(), DB, Bits.size() * sizeof(unsigned long long), hipMemcpyDeviceToHost));
  long Bad = 0;
  for (int I = 0; I < N; ++I)
    Bad += static_cast<int>((Bits[I / 64] >> (I % 64)) & 1) != (V[I] != 0);
  return w64Verdict("bitmap bits", Bad, N);
}
