// Code that handles both widths by testing the width: what a 32-lane wavefront needs (a ballot
// kept in 32 bits, lane 32 as the second half) inside the branch taken only on 32 lanes is not an
// assumption, and the test itself is a dispatch. A test whose branch leaves the function
// ('if (warpSize != 32) return;') still assumes 32 lanes for the code below it.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DEV --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>

#define WAVE_SIZE warpSize

__global__ void bitmap(const int *v, unsigned long long *bits) {
  __shared__ unsigned high[256];
  const int tid = threadIdx.x;
  const int lanex = tid & 63;
  const unsigned long long b = __ballot(v[tid] != 0);
  // Quiet: the 32-bit halves exist on 32-lane wavefronts only.
  if (warpSize == 32 && lanex == 32)
    high[tid] = static_cast<unsigned>(b);
  __syncthreads();
  if (lanex == 0)
    bits[tid / 64] = warpSize == 64 ? b : (static_cast<unsigned long long>(high[tid + 32]) << 32) | static_cast<unsigned>(b);
  if (WAVE_SIZE != 64) {
    unsigned low = b;
    bits[1] = low;
  } else {
    bits[2] = b;
  }
}

__global__ void still_assumed(const int *v, unsigned long long *bits) {
  // CHECK: :[[@LINE+2]]:16: warning: 'warpSize' compared with 32
  // DEV: :[[@LINE+1]]:16: warning: 'warpSize' compared with 32
  if (warpSize != 32)
    return;
  // Outside the 32-lane branch the narrowing is reported.
  // CHECK: :[[@LINE+2]]:16: warning: result of '__ballot' narrowed to the 32-bit type 'unsigned int'
  // DEV: :[[@LINE+1]]:16: warning: result of '__ballot' narrowed to the 32-bit type 'unsigned int'
  unsigned m = __ballot(v[threadIdx.x] > 0);
  bits[0] = m;
  if (warpSize == 64) {
    // CHECK: :[[@LINE+2]]:18: warning: result of '__ballot' narrowed to the 32-bit type 'unsigned int'
    // DEV: :[[@LINE+1]]:18: warning: result of '__ballot' narrowed to the 32-bit type 'unsigned int'
    unsigned w = __ballot(v[threadIdx.x] > 1);
    bits[1] = w;
  }
}

// The device pass has replaced the target's wavefront macro by its value: the 32-lane branch
// is dead there, and quiet in both passes.
__global__ void by_target_macro(const int *v, unsigned *out) {
#if defined(__AMDGCN_WAVEFRONT_SIZE)
  if (__AMDGCN_WAVEFRONT_SIZE == 32)
    out[0] = static_cast<unsigned>(__ballot(v[threadIdx.x] > 0));
#endif
}
