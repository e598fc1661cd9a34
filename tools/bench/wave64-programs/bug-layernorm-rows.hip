// Modeled on ROCm/apex 7eed38aa73f1 ("fix warp size in WARP_SHFL* in layernorm"): a 32 x 4 block
// normalises four rows, one per 32 threads; the row's sums go round the 32 lanes with a source
// lane `(x + 2^l) & 31` and are broadcast from lane 0, both with the shuffle's default width. On a
// 64-lane wavefront two rows share a wavefront, so the second row reads the first row's lanes.
// -DFIXED gives the shuffles width 32, as the fix does.
#include "common.hpp"
#include <vector>

constexpr int kRows = 1024;
constexpr int kCols = 512;
#ifdef FIXED
#define ROW_SHFL(V, L) __shfl((V), (L), 32)
#else
#define ROW_SHFL(V, L) __shfl((V), (L))
#endif

__global__ void layerNorm(const float *X, float *Y, int Rows) {
  const int Row = blockIdx.x * blockDim.y + threadIdx.y;
  if (Row >= Rows)
    return;
  const float *In = X + static_cast<size_t>(Row) * kCols;
  float S = 0.0f, Sq = 0.0f;
  for (int C = threadIdx.x; C < kCols; C += 32) {
    S += In[C];
    Sq += In[C] * In[C];
  }
  // Rotating sums: after five steps every lane holds the row's totals.
  for (int L = 0; L <= 4; ++L) {
    const int Src = (threadIdx.x + (1 << L)) & 31;
    const float SB = ROW_SHFL(S, Src);
    const float SqB = ROW_SHFL(Sq, Src);
    S += SB;
    Sq += SqB;
  }
  const float Mean = ROW_SHFL(S / kCols, 0);
  const float Var = ROW_SHFL(Sq / kCols, 0) - Mean * Mean;
  const float Inv = rsqrtf(Var + 1e-5f);
  for (int C = threadIdx.x; C < kCols; C += 32)
    Y[static_cast<size_t>(Row) * kCols + C] = (In[C] - Mean) * Inv;
}

int main() {
  std::vector<float> X(kRows * kCols), Y(X.size());
  for (int R = 0; R < kRows; ++R)
    for (int C = 0; C < kCols; ++C)
      X[R * kCols + C] = w64Input(R * kCols + C, 6) + 0.01f * (R % 17);
  float *DX, *DY;
  W64_CHECK(hipMalloc(&DX, X.size() * sizeof(float)));
  W64_CHECK(hipMalloc(&DY, Y.size() * sizeof(float)));
  W64_CHECK(hipMemcpy(DX, X.data(), X.size() * sizeof(float), hipMemcpyHostToDevice));
  layerNorm<<<kRows / 4, dim3(32, 4)>>>(DX, DY, kRows);
  W64_CHECK(hipGetLastError());
  W64_CHECK(hipMemcpy(Y.data(), DY, Y.size() * sizeof(float), hipMemcpyDeviceToHost));
  long Bad = 0;
  for (int R = 0; R < kRows; ++R) {
    double S = 0, Sq = 0;
    for (int C = 0; C < kCols; ++C) {
      S += X[R * kCols + C];
      Sq += double(X[R * kCols + C]) * X[R * kCols + C];
    }
    const double Mean = S / kCols, Inv = 1.0 / std::sqrt(Sq / kCols - Mean * Mean + 1e-5);
    for (int C = 0; C < kCols; ++C)
      Bad += !w64Near(Y[R * kCols + C], (X[R * kCols + C] - Mean) * Inv, 2e-3);
  }
  return w64Verdict("layer norm", Bad, static_cast<long>(Y.size()));
}
