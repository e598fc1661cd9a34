// Shared by the wave64 programs: error checks and the verdict line. Each program prints one
// "PASS ..." or "FAIL ..." line and exits 0 or 1, so tools/rocm-wave64 can compare the two widths.
#pragma once
#include <hip/hip_runtime.h>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#define W64_CHECK(call)                                                                            \
  do {                                                                                             \
    hipError_t Err_ = (call);                                                                      \
    if (Err_ != hipSuccess) {                                                                      \
      std::printf("FAIL: %s: %s\n", #call, hipGetErrorString(Err_));                               \
      std::exit(1);                                                                                \
    }                                                                                              \
  } while (0)

// Deterministic inputs: a 32-bit integer hash mapped to [-1, 1).
inline float w64Input(unsigned I, unsigned Seed) {
  unsigned H = I * 2654435761u ^ (Seed * 40503u + 0x9e3779b9u);
  H ^= H >> 15;
  H *= 2246822519u;
  H ^= H >> 13;
  return static_cast<float>(H & 0xffffff) / 8388608.0f - 1.0f;
}

inline int w64Verdict(const char *What, long Bad, long Total) {
  std::printf("%s %s: %ld of %ld values off\n", Bad == 0 ? "PASS" : "FAIL", What, Bad, Total);
  return Bad == 0 ? 0 : 1;
}

inline bool w64Near(double Got, double Want, double Rel = 1e-3) {
  return std::fabs(Got - Want) <= Rel * (std::fabs(Want) + 1e-3);
}
