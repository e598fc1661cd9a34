// Launch sizes kept in locals of a host function whose launches sit in lambdas of a type-dispatch
// macro (captures by reference), computed through a rounding macro whose parameters are in
// parentheses and a least() taking const references. The size is still known, and a lambda that
// writes the local makes it unknown. A file shaped like this once took minutes: every such local
// went to the mutation analyzer, again for each launch and each mention.
// RUN: %clang_tidy -checks='-*,rocm-hardcoded-block-size' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='note:'

#include <hip/hip_runtime.h>

#define ROUND_UP_DIV(x, y) (((x) + (y)-1) / (y))
#define DISPATCH_BY_WIDTH(w, ...)                                                                  \
  [&] {                                                                                            \
    if ((w) == 4) {                                                                                \
      constexpr int kWidth = 4;                                                                    \
      __VA_ARGS__();                                                                               \
    } else {                                                                                       \
      constexpr int kWidth = 1;                                                                    \
      __VA_ARGS__();                                                                               \
    }                                                                                              \
  }()

template <class T> const T &least(const T &a, const T &b) { return b < a ? b : a; }

template <int Width> __global__ void rows(float *x) { x[blockIdx.x * blockDim.x + threadIdx.x] *= Width; }

void capturedByReference(float *x, int n, int width, int *cap) {
  int perBlock = 100;
  *cap = least(perBlock, 128);
  int blocks = ROUND_UP_DIV(n, perBlock);
  DISPATCH_BY_WIDTH(width, [&] { rows<kWidth><<<blocks, perBlock>>>(x); });
  // Both expansions of the launch are one diagnostic, at the size in the macro argument.
  // CHECK: :[[@LINE-2]]:46: warning: block of 100 threads is not a multiple of the 64-lane wavefront {{.*}} [rocm-hardcoded-block-size]
}

// Quiet: the lambda body changes the block size before the launch, so it is not the initializer.
void writtenInTheLambda(float *x, int width, int tuned) {
  int perBlock = 100;
  DISPATCH_BY_WIDTH(width, [&] {
    perBlock = tuned;
    rows<kWidth><<<1, perBlock>>>(x);
  });
}

// Quiet: an init-capture binds the size to a new name and the lambda writes it through that name.
void writtenThroughAnInitCapture(float *x, int tuned) {
  int perBlock = 100;
  auto retune = [&size = perBlock, tuned] { size = tuned; };
  retune();
  rows<1><<<1, perBlock>>>(x);
}
