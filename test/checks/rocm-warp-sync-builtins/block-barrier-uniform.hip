// A '__syncwarp' stand-in that is the block barrier is right where every thread of the block
// reaches each call: the unit's calls decide. Quiet when all of them are reached by the whole
// block (tests of block coordinates, launch sizes, template and kernel parameters, and locals
// holding only such values); reported at the stand-in, with the first call that not every thread
// reaches as a note (a lane test around it, a loop over thread indices, an exit under a thread
// test, a device function's parameter test).
// RUN: %clang_tidy -checks='-*,rocm-warp-sync-builtins' -header-filter='.*' %s -- %hip_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --allow-empty --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-sync-builtins' -header-filter='.*' %s -- %hip_flags -I %S/Inputs -DLANE_TEST 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=CHECK,LANE --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-sync-builtins' -header-filter='.*' %s -- %hip_flags -I %S/Inputs -DTHREAD_LOOP 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=CHECK,LOOP --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-sync-builtins' -header-filter='.*' %s -- %hip_flags -I %S/Inputs -DEARLY_EXIT 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=CHECK,EXIT --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-sync-builtins' -header-filter='.*' %s -- %hip_flags -I %S/Inputs -DHELPER 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=CHECK,HELPER --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>
#include "block_barrier_standin.h"
// QUIET-NOT: warning:
// CHECK: block_barrier_standin.h:3:9: warning: '__syncwarp' stand-in waits for the whole block; where one warp calls it on its own

enum Mode { Plain, Scaled };

// Negative: a grid-stride loop over blocks, a thread test that closes before the call, an else
// branch that reads shared memory: every thread of the block arrives at each call.
template <int BlockSize, Mode M, typename T>
__global__ void quantize(const T *in, float *absmax, float *out, int n) {
  __shared__ float best[1];
  const int stride = gridDim.x * BlockSize;
  const int first = blockIdx.x * BlockSize;
  for (int i = first; i < n; i += stride) {
    float v = static_cast<float>(in[i + threadIdx.x]);
    if (threadIdx.x == 0)
      best[0] = v;
    else
      v = best[0];
    __syncwarp();
    if (M == Scaled)
      v *= 2.0f;
    switch (M) {
    case Plain:
      out[i + threadIdx.x] = v;
      break;
    case Scaled:
      out[i + threadIdx.x] = -v;
      break;
    }
    __syncwarp();
  }
  for (int k = 0; k < 8; ++k) {
    if (absmax[k] > 0.0f)
      absmax[k] = 0.0f;
    __syncwarp();
  }
}
template __global__ void quantize<256, Scaled, float>(const float *, float *, float *, int);

// Negative: a kernel's scalar parameters and a member of its parameter struct are the same in
// every thread.
struct Shape {
  int rows, cols;
};
__global__ void rows(Shape s, float *out) {
  if (s.rows > 0 && blockDim.x >= 64)
    for (int r = 0; r < s.rows; ++r) {
      out[r * s.cols + threadIdx.x] = 0.0f;
      __syncwarp();
    }
}

#ifdef LANE_TEST
// One warp's branch: the other wavefronts of the block never arrive.
__global__ void firstWarp(float *out) {
  const int warp = threadIdx.x / warpSize;
  if (warp == 0) {
    out[threadIdx.x] = 1.0f;
    // LANE: :[[@LINE+1]]:5: note: called here, where not every thread of the block may arrive
    __syncwarp();
  }
}
#endif

#ifdef THREAD_LOOP
// A template whose loop runs a different number of times in each thread.
template <typename T> __global__ void perThread(const T *in, T *out, int n) {
  for (int i = threadIdx.x; i < n; i += 96) {
    out[i] = in[i];
    // LOOP: :[[@LINE+1]]:5: note: called here, where not every thread of the block may arrive
    __syncwarp();
  }
}
template __global__ void perThread<float>(const float *, float *, int);
#endif

#ifdef EARLY_EXIT
// Threads past the end leave before the call.
__global__ void tail(float *out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  out[i] = 0.0f;
  // EXIT: :[[@LINE+1]]:3: note: called here, where not every thread of the block may arrive
  __syncwarp();
}
#endif

#ifdef HELPER
// A device function's parameter may differ between its callers' threads.
__device__ void step(float *out, int lane) {
  if (lane < 32)
    // HELPER: :[[@LINE+1]]:5: note: called here, where not every thread of the block may arrive
    __syncwarp();
  out[lane] = 0.0f;
}
__global__ void callsStep(float *out) { step(out, threadIdx.x % warpSize); }
#endif
