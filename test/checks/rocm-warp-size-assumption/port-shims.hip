// What ports hide behind a compatibility shim: a cast of the 64-bit ballot to 32 bits written in a
// macro (reported once at the macro, and at each use that stores it), and a shuffle macro that
// calls '__shfl(v, src, warpSize)' with the caller's source lane (reported at the caller's use
// when the caller numbers its lanes in warps of 32). Source lanes moved inside an aligned block of
// a 32-lane group ('lane ^ 1', '(lane & ~3) + k' with k below 4) are lanes of that group too.
// A shuffle reduction that only threads 0-31 run ('if (tid < 32)') has no lanes 32-63 to lose.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='.*' %s -- %hip_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>
#include "port_shim.h"
// CHECK: port_shim.h:10:31: warning: macro 'ballot32' narrows the result of '__ballot' to the 32-bit type 'uint32_t' (aka 'unsigned int') for every use; AMD GPUs run 64-lane wavefronts, so lanes 32-63 are lost: keep it in a 64-bit integer [rocm-warp-size-assumption]

#define WARP_SIZE 32

__global__ void packCodes(const int *idx, unsigned char *signs, int *qs) {
  const int j = threadIdx.x;
  // CHECK: :[[@LINE+1]]:22: warning: lane index computed with a warp width of 32
  const int lane = j % WARP_SIZE;
  // CHECK: :[[@LINE+1]]:25: warning: result of '__ballot' narrowed to the 32-bit type 'uint32_t' (aka 'unsigned int') through the macro 'ballot32'
  const uint32_t bits = ballot32(0xffffffff, idx[j] & 4);
  if (lane % 8 == 0)
    signs[j / 8] = (bits >> lane) & 0xff;
  int v = idx[j] & 3, packed = 0;
  for (int k = 0; k < 4; ++k)
    // CHECK: :[[@LINE+1]]:15: warning: 'shfl_sync' reads a lane below 32 across the whole wavefront, but this code numbers its lanes in warps of 32
    packed |= shfl_sync(0xffffffff, v, (lane & ~3) + k) << (2 * k);
  // CHECK: :[[@LINE+1]]:16: warning: 'shfl_sync' reads a lane below 32 across the whole wavefront
  int nibble = shfl_sync(0xffffffff, v, lane ^ 1);
  // Negative: the four-argument form passes the width of 32 through.
  int quad = shfl_sync(0xffffffff, v, lane & ~3, 32);
  // Negative: the macro writes its source lane; the caller's numbering is not what it reads by.
  int lead = SHIM_LEADER(v);
  qs[j] = packed + nibble + quad + lead;
}

// A template: the same shapes in an instantiated function template.
template <typename T> __global__ void packCodesT(const T *in, T *out) {
  // CHECK: :[[@LINE+1]]:32: warning: lane index computed with a lane mask of 31
  const int lane = threadIdx.x & 31;
  T v = in[threadIdx.x];
  // CHECK: :[[@LINE+1]]:9: warning: 'shfl_sync' reads a lane below 32 across the whole wavefront
  T w = shfl_sync(0xffffffff, v, (lane & ~7) | 3);
  out[threadIdx.x] = v + w;
}
template __global__ void packCodesT<int>(const int *, int *);

// Negative: the ballot kept in 64 bits through the other macro.
__global__ void votes64(const int *in, unsigned long long *out) {
  unsigned long long b = ballot64(~0ull, in[threadIdx.x] > 0);
  if (threadIdx.x % warpSize == 0)
    out[threadIdx.x / warpSize] = b;
}

// An offset beyond the aligned block may leave the 32-lane group ('(lane & ~3) + 4'): not a lane of
// the group; the numbering still meets the wavefront-wide shuffle.
__global__ void nextQuad(const int *in, int *out) {
  // CHECK: :[[@LINE+1]]:32: warning: lane index computed with a warp width of 32
  const int lane = threadIdx.x % 32;
  out[threadIdx.x] = __shfl(in[threadIdx.x], (lane & ~3) + 4) + lane;
}

// Negative: only threads 0-31 run the reduction, after the block folded its values into 32.
__global__ void lastWarp(const float *in, float *out) {
  __shared__ float part[256];
  const int sid = threadIdx.x;
  part[sid] = in[blockIdx.x * 256 + sid];
  __syncthreads();
  for (int s = 128; s >= 32; s >>= 1) {
    if (sid < s)
      part[sid] += part[sid + s];
    __syncthreads();
  }
  if (sid < 32) {
    float c = part[sid];
    for (int o = 16; o > 0; o >>= 1)
      c += __shfl_down(c, o);
    if (sid == 0)
      out[blockIdx.x] = c;
  }
}

// Positive beside it: the same reduction run by every thread, read at thread 0.
__global__ void everyWarp(const float *in, float *out) {
  float c = in[blockIdx.x * blockDim.x + threadIdx.x];
  // CHECK: :[[@LINE+1]]:16: warning: shuffle reduction starts at lane offset 16 and combines 32 lanes only; AMD GPUs run 64-lane wavefronts: start at 'warpSize / 2'
  for (int o = 16; o > 0; o >>= 1)
    c += __shfl_down(c, o);
  if (threadIdx.x == 0)
    out[blockIdx.x] = c;
}

// Negative: a 64-bit mask of lanes 0-31 where only threads 0-31 make the calls: it names exactly
// the lanes taking part.
__global__ void lastWarpSync(const float *in, float *out) {
  const int sid = threadIdx.x;
  if (sid < 32) {
    float v = in[sid];
    v += __shfl_down_sync(0xFFFFFFFFULL, v, 16);
    v += __shfl_down_sync(0xFFFFFFFFULL, v, 8);
    v += __shfl_down_sync(0xFFFFFFFFULL, v, 4);
    v += __shfl_down_sync(0xFFFFFFFFULL, v, 2);
    v += __shfl_down_sync(0xFFFFFFFFULL, v, 1);
    if (sid == 0)
      out[blockIdx.x] = v;
  }
}

// Positive beside it: every thread makes the call, and the mask leaves lanes 32-63 out.
__global__ void everyWarpSync(const float *in, float *out) {
  float v = in[threadIdx.x];
  // CHECK: :[[@LINE+1]]:24: warning: 32-bit full mask passed to '__shfl_xor_sync' selects lanes 0-31 only
  v += __shfl_xor_sync(0xFFFFFFFFULL, v, 1);
  out[threadIdx.x] = v;
}
