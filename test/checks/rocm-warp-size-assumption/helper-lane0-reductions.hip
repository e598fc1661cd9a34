// A shuffle-down tree from offset 16 in a helper returns to lane 0 of each 32-lane group the sum of
// that group only, on 64 lanes as on 32: quiet where every caller reads it there ('lane == 0' with
// 'lane = threadIdx.x % 32'), reported where a caller reads it at thread 0 alone (lanes 32-63 are
// lost). The start may be a local holding the logical width ('int w = 32; off = w / 2'), even one
// named 'warpSize' that hides the device's.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='row_max\.h' %s -- %hip_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='row_max\.h' %s -- %hip_device_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>
#include "row_max.h"

__device__ short maxWithLocalWidth(short val) {
  int warpSize = 32;
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    { short o = __shfl_down(val, offset); val = o > val ? o : val; }
  return val;
}

// Quiet: each group's first lane stores its own group's maximum.
__global__ void blockMax(short *out, const short *in) {
  int laneId = threadIdx.x % 32;
  int warpId = threadIdx.x / 32;
  __shared__ short tot[32];
  short v = maxWithLocalWidth(in[threadIdx.x]);
  if (laneId == 0)
    tot[warpId] = v;
  __syncthreads();
  if (threadIdx.x < 32) {
    v = tot[threadIdx.x];
    v = maxWithLocalWidth(v);
    if (threadIdx.x == 0)
      out[blockIdx.x] = v;
  }
}

// Quiet: the header's helper, read at each group's first lane through a macro.
#define LEADER(lane) ((lane) == 0)
__global__ void headerHelper(float *out, const float *in) {
  int lane = threadIdx.x & 31;
  float v = groupMax(in[threadIdx.x]);
  if (LEADER(lane))
    out[threadIdx.x / 32] = v;
}

template <typename T> __device__ T sumFrom16(T v) {
  for (int off = 16; off > 0; off /= 2)
    v += __shfl_down(v, off);
  // CHECK: :[[@LINE-2]]:18: warning: shuffle reduction starts at lane offset 16 but shuffles the whole wavefront; AMD GPUs run 64-lane wavefronts and this code groups lanes by 32: give its shuffles a width of 32 [rocm-warp-size-assumption]
  return v;
}

// Quiet alone, but the template's other caller below reads at thread 0 only.
__global__ void perGroup(float *out, const float *in) {
  int lane = threadIdx.x % 32;
  float v = sumFrom16(in[threadIdx.x]);
  if (lane == 0)
    out[threadIdx.x / 32] = v;
}

// Lanes 32-63 of the first wavefront never reach thread 0's sum.
__global__ void firstThreadOnly(float *out, const float *in) {
  float v = sumFrom16(in[threadIdx.x]);
  if (threadIdx.x == 0)
    out[blockIdx.x] = v;
}

__device__ float maxFrom16(float v) {
  for (int off = 16; off > 0; off >>= 1)
    v = fmaxf(v, __shfl_down(v, off));
  return v;
}

// Quiet: a caller that numbers lanes by 32 and reads each group's first lane.
__global__ void groupsOf32(float *out, const float *in) {
  int lane = threadIdx.x & 31;
  float v = maxFrom16(in[threadIdx.x]);
  if (lane == 0)
    out[threadIdx.x >> 5] = v;
}

// Quiet: the wavefront's 64 values are folded into lanes 0-31 through shared memory first, and
// only those lanes (a lane of the wavefront below 32) run the helper, so lane 0 holds all 64.
__global__ void foldedWave(float *out, const float *in) {
  constexpr int kWave = 64;
  __shared__ float buf[256];
  const int lane = threadIdx.x % kWave;
  const float *row = buf + (threadIdx.x / kWave) * kWave;
  buf[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  if (lane < 32) {
    float v = fmaxf(row[lane], row[lane + 32]);
    v = maxFrom16(v);
    if (lane == 0)
      out[threadIdx.x / kWave] = v;
  }
}

__device__ float maxFrom16b(float v) {
  for (int off = 16; off > 0; off >>= 1)
    v = fmaxf(v, __shfl_down(v, off));
  // CHECK: :[[@LINE-2]]:18: warning: shuffle reduction starts at lane offset 16 and combines 32 lanes only; AMD GPUs run 64-lane wavefronts: start at 'warpSize / 2' [rocm-warp-size-assumption]
  return v;
}

// Reported: every lane of the wavefront runs the helper, and lane 0 of the 64 reads only the
// first 32 lanes' maximum.
__global__ void wholeWave(float *out, const float *in) {
  const int lane = threadIdx.x % 64;
  float v = maxFrom16b(in[threadIdx.x]);
  if (lane == 0)
    out[threadIdx.x / 64] = v;
}
