// Correct at both widths: logical-32 code. Every shuffle names width 32 (or 16), and the lane is
// taken `& 31`, so each 32-thread group reduces and scans its own values whether the hardware
// warp has 32 lanes or the wavefront 64 (HIP's width argument keeps the source lane inside the
// group on AMD too). A second pass broadcasts each 16-lane group's first value with width 16.
#include "common.hpp"
#include <vector>

constexpr int kN = 1 << 18;

__global__ void groupOps(const float *X, float *Sum32, float *Scan32, float *First16) {
  const int I = blockIdx.x * blockDim.x + threadIdx.x;
  const int Lane = threadIdx.x & 31;
  const float V = X[I];
  float S = V;
  for (int M = 16; M > 0; M >>= 1)
    S += __shfl_xor(S, M, 32);
  if (Lane == 0)
    Sum32[I / 32] = S;
  float P = V;
  for (int D = 1; D < 32; D <<= 1) {
    const float Up = __shfl_up(P, D, 32);
    if (Lane >= D)
      P += Up;
  }
  Scan32[I] = P;
  First16[I] = __shfl(V, 0, 16);
}

int main() {
  std::vector<float> X(kN), Sum(kN / 32), Scan(kN), First(kN);
  for (int I = 0; I < kN; ++I)
    X[I] = w64Input(I, 11);
  float *DX, *DS, *DP, *DF;
  W64_CHECK(hipMalloc(&DX, kN * sizeof(float)));
  W64_CHECK(hipMalloc(&DS, kN / 32 * sizeof(float)));
  W64_CHECK(hipMalloc(&DP, kN * sizeof(float)));
  W64_CHECK(hipMalloc(&DF, kN * sizeof(float)));
  W64_CHECK(hipMemcpy(DX, X.data(), kN * sizeof(float), hipMemcpyHostToDevice));
  groupOps<<<kN / 256, 256>>>(DX, DS, DP, DF);
  W64_CHECK(hipGetLastError());
  W64_CHECK(hipMemcpy(Sum.data(), DS, Sum.size() * sizeof(float), hipMemcpyDeviceToHost));
  W64_CHECK(hipMemcpy(Scan.data(), DP, kN * sizeof(float), hipMemcpyDeviceToHost));
  W64_CHECK(hipMemcpy(First.data(), DF, kN * sizeof(float), hipMemcpyDeviceToHost));
  long Bad = 0;
  for (int G = 0; G < kN / 32; ++G) {
    double S = 0;
    for (int L = 0; L < 32; ++L) {
      S += X[G * 32 + L];
      Bad += !w64Near(Scan[G * 32 + L], S, 1e-3);
      Bad += First[G * 32 + L] != X[G * 32 + (L & 16)];
    }
    Bad += !w64Near(Sum[G], S, 1e-3);
  }
  return w64Verdict("32-lane group sums, scans and 16-lane broadcasts", Bad, kN * 2L + kN / 32);
}
