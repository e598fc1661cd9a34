// A butterfly whose last offset is written from the kernel template's own parameters ('o < R * R'):
// the unit's instantiations say how far it reaches. Offsets below 32 keep every lane inside its
// 32-lane group, so a kernel that also numbers lanes in groups of 32 (for a table in shared memory)
// is logical 32-lane code; an instantiation whose offsets reach 32 crosses the groups.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>

#define SQUARE(r) ((r) * (r))

// Negative: every instantiation has R * R <= 16, so the xor offsets 1..8 never leave lanes 0-15's
// group; 'slot' and 'group' only index the shared table.
template <int R> __global__ void square_mix(float *out, const float *in) {
  __shared__ float table[8][33];
  int slot = threadIdx.x % 32;
  int group = threadIdx.x / 32;
  table[group][slot] = in[threadIdx.x];
  __syncthreads();
  if (threadIdx.x < R * R) {
    float v = table[0][threadIdx.x];
    for (int o = 1; o < R * R; o <<= 1)
      v += __shfl_xor(v, o);
    out[threadIdx.x] = v;
  }
}

// Negative: the bound through a macro, and a start that is itself the parameter.
template <int R> __global__ void square_mix_macro(float *out, const float *in) {
  __shared__ float table[8][33];
  table[threadIdx.x >> 5][threadIdx.x & 31] = in[threadIdx.x];
  __syncthreads();
  float v = table[0][threadIdx.x & 15];
  for (int o = R; o < SQUARE(R); o <<= 1)
    v += __shfl_xor(v, o);
  out[threadIdx.x] = v;
}

void launch_small(float *out, const float *in, hipStream_t s) {
  square_mix<4><<<1, 256, 0, s>>>(out, in);
  square_mix<2><<<1, 256, 0, s>>>(out, in);
  square_mix_macro<4><<<1, 256, 0, s>>>(out, in);
}

// Positive: with R = 8 the offsets go up to 32, so lanes 32-63 and lanes 0-31 are summed together
// while the kernel still numbers its lanes in groups of 32.
template <int R> __global__ void wide_mix(float *out, const float *in) {
  __shared__ float table[8][33];
  // CHECK: :[[@LINE+1]]:26: warning: lane index computed with a warp width of 32
  int slot = threadIdx.x % 32;
  // CHECK: :[[@LINE+1]]:27: warning: warp index computed with a warp width of 32
  int group = threadIdx.x / 32;
  table[group][slot] = in[threadIdx.x];
  __syncthreads();
  float v = table[0][slot];
  for (int o = 1; o < R * R; o <<= 1)
    v += __shfl_xor(v, o);
  out[threadIdx.x] = v;
}

void launch_wide(float *out, const float *in, hipStream_t s) {
  wide_mix<4><<<1, 256, 0, s>>>(out, in);
  wide_mix<8><<<1, 256, 0, s>>>(out, in);
}

// Positive: a template no launch instantiates keeps its unknown bound, read as the whole wavefront
// (as before: nothing says the offsets stay small).
template <int R> __device__ float unused_mix(float v, float *table) {
  // CHECK: :[[@LINE+1]]:36: warning: lane index computed with a warp width of 32
  table[threadIdx.x] = threadIdx.x % 32;
  for (int o = 1; o < R * R; o <<= 1)
    v += __shfl_xor(v, o);
  return v;
}
