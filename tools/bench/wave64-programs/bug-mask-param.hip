// Modeled on rusty1s/pytorch_scatter 648dda3cf964 ("Add ROCm 6.4.3+ support"): a wrapper around
// __shfl_down_sync takes its mask as `unsigned` and forwards it. HIP's _sync warp functions take a
// 64-bit mask (ROCm >= 6.2 rejects a narrower one at compile time): the 64-lane build fails.
// -DFIXED makes the mask type 64 bits, as the fix does for ROCm.
#include "common.hpp"
#include <vector>

#ifdef FIXED
using warp_mask_t = unsigned long long;
#else
using warp_mask_t = unsigned;
#endif
constexpr warp_mask_t kFullMask = ~warp_mask_t(0);
constexpr int kGroup = 8; // lanes per segment
constexpr int kSegments = 8192;
constexpr int kPerSegment = 100;

template <class T> __device__ T shflDown(const warp_mask_t Mask, const T Var, unsigned Delta) {
  return __shfl_down_sync(Mask, Var, Delta);
}

__global__ void segmentSum(const float *X, float *Out, int Segments) {
  const int G = (blockIdx.x * blockDim.x + threadIdx.x) / kGroup;
  const int L = threadIdx.x % kGroup;
  float V = 0.0f;
  if (G < Segments)
    for (int I = L; I < kPerSegment; I += kGroup)
      V += X[G * kPerSegment + I];
  for (int D = kGroup / 2; D > 0; D /= 2)
    V += shflDown(kFullMask, V, D);
  if (G < Segments && L == 0)
    Out[G] = V;
}

int main() {
  std::vector<float> X(kSegments * kPerSegment), Out(kSegments);
  for (size_t I = 0; I < X.size(); ++I)
    X[I] = w64Input(static_cast<unsigned>(I), 7);
  float *DX, *DO;
  W64_CHECK(hipMalloc(&DX, X.size() * sizeof(float)));
  W64_CHECK(hipMalloc(&DO, Out.size() * sizeof(float)));
  W64_CHECK(hipMemcpy(DX, X.data(), X.size() * sizeof(float), hipMemcpyHostToDevice));
  segmentSum<<<kSegments * kGroup / 256, 256>>>(DX, DO, kSegments);
  W64_CHECK(hipGetLastError());
  W64_CHECK(hipMemcpy(Out.data(), DO, Out.size() * sizeof(float), hipMemcpyDeviceToHost));
  long Bad = 0;
  for (int G = 0; G < kSegments; ++G) {
    double S = 0;
    for (int I = 0; I < kPerSegment; ++I)
      S += X[G * kPerSegment + I];
    Bad += !w64Near(Out[G], S, 1e-3);
  }
  return w64Verdict("segment sums", Bad, kSegments);
}
