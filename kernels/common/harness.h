// Shared scaffolding of the sample programs under kernels/: checked HIP calls, a fixed-seed
// random generator, and the one PASS/FAIL line every sample prints.
//
// Builds three ways: with hipcc/clang -x hip on AMD (ROCm headers), with nvcc on NVIDIA through
// kernels/hip_on_cuda/, and for linting against rocm-tidy's declarations-only header.
#ifndef ROCM_TIDY_KERNELS_HARNESS_H
#define ROCM_TIDY_KERNELS_HARNESS_H

#include <hip/hip_runtime.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

// Exits the program: a failed runtime call in a sample is a broken environment, not a result.
#define HIP_CHECK(expr)                                                                                \
  do {                                                                                                 \
    hipError_t harness_err_ = (expr);                                                                  \
    if (harness_err_ != hipSuccess) {                                                                  \
      std::fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #expr,                        \
                   hipGetErrorString(harness_err_));                                                   \
      std::exit(2);                                                                                    \
    }                                                                                                  \
  } while (0)

namespace harness {

// splitmix64: deterministic across platforms, so CPU references are reproducible.
struct Rng {
  std::uint64_t State;
  explicit Rng(std::uint64_t Seed) : State(Seed) {}
  std::uint64_t next() {
    std::uint64_t Z = (State += 0x9E3779B97F4A7C15ull);
    Z = (Z ^ (Z >> 30)) * 0xBF58476D1CE4E5B9ull;
    Z = (Z ^ (Z >> 27)) * 0x94D049BB133111EBull;
    return Z ^ (Z >> 31);
  }
  // Uniform in [Lo, Hi).
  float uniform(float Lo, float Hi) { return Lo + (Hi - Lo) * float(next() >> 40) / float(1ull << 24); }
  int below(int N) { return int(next() % std::uint64_t(N)); }
};

inline bool closeEnough(double Got, double Want, double RelTol) {
  return std::fabs(Got - Want) <= RelTol * std::fmax(1.0, std::fabs(Want));
}

// Prints "PASS <sample> ... device ... warp size ..." (or FAIL) and returns the exit code.
inline int report(const char *Sample, bool Ok, const char *Detail) {
  int Dev = 0;
  hipDeviceProp_t Prop;
  HIP_CHECK(hipGetDevice(&Dev));
  HIP_CHECK(hipGetDeviceProperties(&Prop, Dev));
  std::printf("%s %s: %s [device: %s, warp size %d]\n", Ok ? "PASS" : "FAIL", Sample, Detail, Prop.name,
              Prop.warpSize);
  return Ok ? 0 : 1;
}

} // namespace harness

#endif
