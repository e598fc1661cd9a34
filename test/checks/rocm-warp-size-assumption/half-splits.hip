// Code that numbers lanes by the hardware width and then splits that lane number into halves
// ('half = lane % 32', 'which = lane / 32' with 'lane = tid % WAVE' and a WAVE of 64) knows its
// wavefront is 64 lanes wide: a xor reduction from 16 there reduces each half on purpose (two rows
// of an attention tile per wavefront), and stays quiet. The same reduction beside a hardware lane
// number that is never split is reported: there it was meant for the whole wavefront.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>
#define WAVE 64

// Quiet: two rows per wavefront, one per half.
template <int Rows>
__global__ void two_rows(float *out, const float *in, int n) {
  const int lane = threadIdx.x % WAVE;
  float m = in[threadIdx.x];
  for (int off = WAVE / 2; off >= 1; off /= 2)
    m = fmaxf(m, __shfl_xor(m, off));
  if (Rows == 2) {
    const int half = lane % 32;
    const int which = lane / 32;
    float top = __shfl(m, which * 32);
    float s = half < n ? in[half] - top : 0.f;
    for (int off = 16; off >= 1; off /= 2)
      s += __shfl_xor(s, off);
    if (half == 0)
      out[which] = s;
  }
}
template __global__ void two_rows<2>(float *, const float *, int);

// Quiet: the split through '& 31' and '>> 5'.
__global__ void masked_halves(float *out, const float *in) {
  const int lane = threadIdx.x & (WAVE - 1);
  const int half = lane & 31;
  float s = in[threadIdx.x];
  for (int off = 16; off > 0; off >>= 1)
    s += __shfl_xor(s, off);
  if (half == 0)
    out[lane >> 5] = s;
}

// Reported: the lane number of the wavefront is never split, and lane 0 takes the sum of 32 lanes.
__global__ void whole_wave(float *out, const float *in) {
  const int lane = threadIdx.x % WAVE;
  float s = in[threadIdx.x];
  for (int off = 16; off >= 1; off /= 2)
    // CHECK: :[[@LINE-1]]:18: warning: shuffle reduction starts at lane offset 16 and combines 32 lanes only
    s += __shfl_xor(s, off);
  if (lane == 0)
    out[blockIdx.x] = s;
}
