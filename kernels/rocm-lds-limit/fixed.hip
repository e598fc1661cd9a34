// rocm-lds-limit sample, ported: a tiled single-precision GEMM (C = A * B). Each 16x16 block
// computes a 128x128 tile of C; the K dimension is now staged 32 at a time, so the two panels
// take 16 KiB + 16 KiB = 32 KiB of LDS, within the 64 KiB a workgroup gets on every AMD target
// (and within NVIDIA's 48 KiB static limit). Each panel is reloaded three times as often as in
// the 96-deep version; the LDS left free lets two blocks share a compute unit.
//
// Launches checked by tools/kernel-validate.py against the AMD code objects:
// kernel-launch: sgemmTile block=256 dynamic-lds=0
#include <hip/hip_runtime.h>

#include "common/harness.h"

#include <vector>

// One block computes a TileM x TileN tile of C; each of its 16x16 threads owns
// (TileM/16) x (TileN/16) outputs. The K dimension is walked TileK at a time.
template <int TileM, int TileN, int TileK>
__global__ void __launch_bounds__(256) sgemmTile(int M, int N, int K, const float *A, const float *B, float *C) {
  __shared__ float As[TileK][TileM]; // the A panel, stored k-major
  __shared__ float Bs[TileK][TileN];
  constexpr int PerM = TileM / 16, PerN = TileN / 16;
  const int Tx = threadIdx.x, Ty = threadIdx.y, Flat = Ty * 16 + Tx;
  const int Row0 = blockIdx.y * TileM, Col0 = blockIdx.x * TileN;
  float Acc[PerM][PerN] = {};
  for (int K0 = 0; K0 < K; K0 += TileK) {
    for (int I = Flat; I < TileM * TileK; I += 256) {
      const int R = I / TileK, Kk = I % TileK;
      As[Kk][R] = (Row0 + R < M && K0 + Kk < K) ? A[size_t(Row0 + R) * K + K0 + Kk] : 0.0f;
    }
    for (int I = Flat; I < TileK * TileN; I += 256) {
      const int Kk = I / TileN, Cc = I % TileN;
      Bs[Kk][Cc] = (K0 + Kk < K && Col0 + Cc < N) ? B[size_t(K0 + Kk) * N + Col0 + Cc] : 0.0f;
    }
    __syncthreads();
    for (int Kk = 0; Kk < TileK; ++Kk)
      for (int I = 0; I < PerM; ++I)
        for (int J = 0; J < PerN; ++J)
          Acc[I][J] += As[Kk][Ty + 16 * I] * Bs[Kk][Tx + 16 * J];
    __syncthreads();
  }
  for (int I = 0; I < PerM; ++I)
    for (int J = 0; J < PerN; ++J)
      if (Row0 + Ty + 16 * I < M && Col0 + Tx + 16 * J < N)
        C[size_t(Row0 + Ty + 16 * I) * N + Col0 + Tx + 16 * J] = Acc[I][J];
}

constexpr int TileM = 128, TileN = 128, TileK = 32;

int main() {
  constexpr int M = 512, N = 384, K = 384;
  harness::Rng Rng(20261129);
  std::vector<float> A(size_t(M) * K), B(size_t(K) * N), C(size_t(M) * N);
  for (float &V : A)
    V = Rng.uniform(-1.0f, 1.0f);
  for (float &V : B)
    V = Rng.uniform(-1.0f, 1.0f);

  float *DA = nullptr, *DB = nullptr, *DC = nullptr;
  HIP_CHECK(hipMalloc(&DA, A.size() * sizeof(float)));
  HIP_CHECK(hipMalloc(&DB, B.size() * sizeof(float)));
  HIP_CHECK(hipMalloc(&DC, C.size() * sizeof(float)));
  HIP_CHECK(hipMemcpy(DA, A.data(), A.size() * sizeof(float), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(DB, B.data(), B.size() * sizeof(float), hipMemcpyHostToDevice));

  const dim3 Grid((N + TileN - 1) / TileN, (M + TileM - 1) / TileM);
  sgemmTile<TileM, TileN, TileK><<<Grid, dim3(16, 16)>>>(M, N, K, DA, DB, DC);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipMemcpy(C.data(), DC, C.size() * sizeof(float), hipMemcpyDeviceToHost));
  HIP_CHECK(hipFree(DA));
  HIP_CHECK(hipFree(DB));
  HIP_CHECK(hipFree(DC));

  // Float dot products of length 384 of values in [-1, 1) against a double reference:
  // 1e-4 relative (to max(1, |C|)) bounds the rounding with margin.
  bool Ok = true;
  for (int I = 0; I < M && Ok; ++I)
    for (int J = 0; J < N && Ok; ++J) {
      double Want = 0;
      for (int Kk = 0; Kk < K; ++Kk)
        Want += double(A[size_t(I) * K + Kk]) * B[size_t(Kk) * N + J];
      Ok = harness::closeEnough(C[size_t(I) * N + J], Want, 1e-4);
    }
  return harness::report("rocm-lds-limit/fixed", Ok, Ok ? "512x384x384 GEMM matches" : "GEMM mismatch");
}
