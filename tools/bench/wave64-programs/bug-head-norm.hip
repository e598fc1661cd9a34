// Modeled on turboderp/exllamav2 head_norm.cu at b9c025b4b1ee (unfixed there): the warp id and
// lane come from a WARP_SIZE constant of 32 while the xor reduction starts at warpSize / 2. On a
// 64-lane wavefront the xor loop sums all 64 lanes, and lanes 0 and 32 (both "lane 0" by the
// constant) store that full sum into two slots: the block's sum of squares doubles.
// -DFIXED takes the warp id and lane from warpSize.
#include "common.hpp"
#include <vector>

#define WARP_SIZE 32
constexpr int kHeadDim = 128;
constexpr int kHeads = 512;

__global__ void headNorm(const float *X, const float *W, float *Y) {
  __shared__ float Sums[kHeadDim / WARP_SIZE];
  const int T = threadIdx.x;
#ifdef FIXED
  const int Warp = T / warpSize, Lane = T % warpSize, NumWarps = blockDim.x / warpSize;
#else
  const int Warp = T / WARP_SIZE, Lane = T % WARP_SIZE, NumWarps = blockDim.x / WARP_SIZE;
#endif
  const float V = X[blockIdx.x * kHeadDim + T];
  float Sum = V * V;
  for (int Off = warpSize / 2; Off > 0; Off /= 2)
    Sum += __shfl_xor(Sum, Off);
  if (Lane == 0)
    Sums[Warp] = Sum;
  __syncthreads();
  float Total = 0.0f;
  for (int I = 0; I < NumWarps; ++I)
    Total += Sums[I];
  Y[blockIdx.x * kHeadDim + T] = V * rsqrtf(Total / kHeadDim + 1e-5f) * W[T];
}

int main() {
  std::vector<float> X(kHeads * kHeadDim), W(kHeadDim), Y(X.size());
  for (size_t I = 0; I < X.size(); ++I)
    X[I] = w64Input(static_cast<unsigned>(I), 2);
  for (int I = 0; I < kHeadDim; ++I)
    W[I] = 1.0f + 0.5f * w64Input(I, 3);
  float *DX, *DW, *DY;
  W64_CHECK(hipMalloc(&DX, X.size() * sizeof(float)));
  W64_CHECK(hipMalloc(&DW, W.size() * sizeof(float)));
  W64_CHECK(hipMalloc(&DY, Y.size() * sizeof(float)));
  W64_CHECK(hipMemcpy(DX, X.data(), X.size() * sizeof(float), hipMemcpyHostToDevice));
  W64_CHECK(hipMemcpy(DW, W.data(), W.size() * sizeof(float), hipMemcpyHostToDevice));
  headNorm<<<kHeads, kHeadDim>>>(DX, DW, DY);
  W64_CHECK(hipGetLastError());
  W64_CHECK(hipMemcpy(Y.data(), DY, Y.size() * sizeof(float), hipMemcpyDeviceToHost));
  long Bad = 0;
  for (int H = 0; H < kHeads; ++H) {
    double Ss = 0;
    for (int C = 0; C < kHeadDim; ++C)
      Ss += double(X[H * kHeadDim + C]) * X[H * kHeadDim + C];
    const double Scale = 1.0 / std::sqrt(Ss / kHeadDim + 1e-5);
    for (int C = 0; C < kHeadDim; ++C)
      Bad += !w64Near(Y[H * kHeadDim + C], X[H * kHeadDim + C] * Scale * W[C]);
  }
  return w64Verdict("head norm", Bad, static_cast<long>(Y.size()));
}
