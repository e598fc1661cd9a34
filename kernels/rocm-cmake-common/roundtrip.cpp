// Host-only program for the rocm-cmake-* samples: it needs nothing but the HIP runtime library,
// so whether it links is decided by the CMakeLists.txt alone. It moves fixed-seed data through
// device memory (host -> device, device -> device, device -> host, plus a hipMemset tail) and
// compares with the host copy exactly: a copy has no rounding, so the error bound is zero.
#include "common/harness.h"

#include <vector>

int main() {
  constexpr int N = 1 << 20;
  constexpr int Tail = 4096; // cleared on the device with hipMemset
  harness::Rng Rng(2024);
  std::vector<float> Host(N), Back(N, -1.0f);
  for (float &X : Host)
    X = Rng.uniform(-4.0f, 4.0f);

  float *A = nullptr, *B = nullptr;
  HIP_CHECK(hipMalloc(&A, N * sizeof(float)));
  HIP_CHECK(hipMalloc(&B, N * sizeof(float)));
  HIP_CHECK(hipMemcpy(A, Host.data(), N * sizeof(float), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(B, A, N * sizeof(float), hipMemcpyDeviceToDevice));
  HIP_CHECK(hipMemset(B + (N - Tail), 0, Tail * sizeof(float)));
  HIP_CHECK(hipMemcpy(Back.data(), B, N * sizeof(float), hipMemcpyDeviceToHost));
  HIP_CHECK(hipFree(A));
  HIP_CHECK(hipFree(B));

  int Bad = 0;
  for (int I = 0; I < N; ++I) {
    float Want = I < N - Tail ? Host[I] : 0.0f;
    Bad += Back[I] != Want;
  }
  char Detail[96];
  std::snprintf(Detail, sizeof Detail, "%d of %d floats differ after the device round trip", Bad, N);
  return harness::report("rocm-cmake round trip", Bad == 0, Detail);
}
