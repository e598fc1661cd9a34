// Correct at both widths: blocks of 40 and 96 threads (a partially filled last warp or wavefront),
// counting votes per warp with __ballot / __any / __all and warpSize-derived warp ids, the block
// combining the per-warp counts in shared memory sized for the smallest warp.
#include "common.hpp"
#include <vector>

__global__ void votes(const float *X, int *Count, int *AnyNeg, int *AllPos, int N) {
  __shared__ int Partial[1024 / 32];
  const int T = threadIdx.x;
  const int I = blockIdx.x * blockDim.x + T;
  const int Warps = (blockDim.x + warpSize - 1) / warpSize;
  const float V = I < N ? X[I] : 1.0f;
  const int Pos = __popcll(__ballot(V > 0.0f));
  const int Neg = __any(V < 0.0f);
  const int All = __all(V > 0.0f);
  if (T % warpSize == 0)
    Partial[T / warpSize] = Pos;
  __syncthreads();
  if (T == 0) {
    int C = 0;
    for (int W = 0; W < Warps; ++W)
      C += Partial[W];
    Count[blockIdx.x] = C;
  }
  if (T % warpSize == 0) {
    if (Neg)
      atomicOr(AnyNeg + blockIdx.x, 1 << (T / warpSize));
    if (All)
      atomicOr(AllPos + blockIdx.x, 1 << (T / warpSize));
  }
}

static long runWith(int Threads, const std::vector<float> &X, float *DX) {
  const int N = static_cast<int>(X.size());
  const int Blocks = (N + Threads - 1) / Threads;
  int *DC, *DA, *DL;
  W64_CHECK(hipMalloc(&DC, Blocks * sizeof(int)));
  W64_CHECK(hipMalloc(&DA, Blocks * sizeof(int)));
  W64_CHECK(hipMalloc(&DL, Blocks * sizeof(int)));
  W64_CHECK(hipMemset(DA, 0, Blocks * sizeof(int)));
  W64_CHECK(hipMemset(DL, 0, Blocks * sizeof(int)));
  votes<<<Blocks, Threads>>>(DX, DC, DA, DL, N);
  W64_CHECK(hipGetLastError());
  std::vector<int> C(Blocks), A(Blocks), L(Blocks);
  W64_CHECK(hipMemcpy(C.data(), DC, Blocks * sizeof(int), hipMemcpyDeviceToHost));
  W64_CHECK(hipMemcpy(A.data(), DA, Blocks * sizeof(int), hipMemcpyDeviceToHost));
  W64_CHECK(hipMemcpy(L.data(), DL, Blocks * sizeof(int), hipMemcpyDeviceToHost));
  int WarpSize = 0;
  hipDeviceProp_t Prop;
  W64_CHECK(hipGetDeviceProperties(&Prop, 0));
  WarpSize = Prop.warpSize;
  long Bad = 0;
  for (int B = 0; B < Blocks; ++B) {
    int Pos = 0, AnyMask = 0, AllMask = 0;
    for (int W = 0; W * WarpSize < Threads; ++W) {
      bool Any = false, All = true;
      for (int T = W * WarpSize; T < (W + 1) * WarpSize && T < Threads; ++T) {
        const int I = B * Threads + T;
        const float V = I < N ? X[I] : 1.0f;
        Pos += V > 0.0f;
        Any = Any || V < 0.0f;
        All = All && V > 0.0f;
      }
      AnyMask |= Any << W;
      AllMask |= All << W;
    }
    Bad += (C[B] != Pos) + (A[B] != AnyMask) + (L[B] != AllMask);
  }
  return Bad;
}

int main() {
  const int N = 100000;
  std::vector<float> X(N);
  for (int I = 0; I < N; ++I)
    X[I] = w64Input(I, 13) + 0.9f; // mostly positive, so that __all varies per warp
  float *DX;
  W64_CHECK(hipMalloc(&DX, N * sizeof(float)));
  W64_CHECK(hipMemcpy(DX, X.data(), N * sizeof(float), hipMemcpyHostToDevice));
  const long Bad = runWith(40, X, DX) + runWith(96, X, DX);
  return w64Verdict("per-block vote counts (40- and 96-thread blocks)", Bad, 3L * ((N + 39) / 40 + (N + 95) / 96));
}
