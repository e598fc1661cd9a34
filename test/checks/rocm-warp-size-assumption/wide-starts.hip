// A halving shuffle reduction that starts 64 or more lanes away: no lane of a 64-lane wavefront is
// that far, HIP returns the calling lane's own value for a source outside the width, and a sum then
// adds each lane to itself. Reported where the values are added; a maximum (which takes its own
// value again unharmed), a start of 32 and a start from 'warpSize' stay quiet.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='.*' %s -- %hip_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='.*' %s -- %hip_device_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>
// The header's helper is reported in the header, where its loop is (its diagnostics come first).
// CHECK: wide_rows.h:6:16: warning: shuffle reduction starts at lane offset 64, beyond the last lane
#include "wide_rows.h"

__global__ void literal_start(float *io) {
  float v = io[threadIdx.x];
  // CHECK: :[[@LINE+1]]:16: warning: shuffle reduction starts at lane offset 64, beyond the last lane of a 64-lane wavefront: '__shfl_xor' from a lane outside the width returns the lane's own value, so the step adds each lane to itself; start at 'warpSize / 2' and sum across wavefronts through shared memory [rocm-warp-size-assumption]
  for (int o = 64; o > 0; o /= 2)
    v += __shfl_xor(v, o);
  io[threadIdx.x] = v;
}

// Through a local that holds the shuffled value, with a guard inside the loop.
__global__ void through_local(float *io, int n) {
  float v = io[threadIdx.x];
  // CHECK: :[[@LINE+1]]:16: warning: shuffle reduction starts at lane offset 128, beyond the last lane
  for (int o = 128; o > 0; o >>= 1) {
    float other = __shfl_down(v, o);
    if (threadIdx.x < n)
      v += other;
  }
  io[threadIdx.x] = v;
}

// A row of 'Cols' elements summed across lanes: 128 columns make the first step 64 lanes away.
template <int Cols> __global__ void row_sum(float *io) {
  float v = io[threadIdx.x];
  // CHECK: :[[@LINE+1]]:16: warning: shuffle reduction starts at lane offset 64 in an instantiation, beyond the last lane
  for (int o = Cols / 2; o > 0; o >>= 1)
    v += __shfl_xor(v, o);
  io[threadIdx.x] = v;
}
template __global__ void row_sum<64>(float *);
template __global__ void row_sum<128>(float *);

// A start from a macro of the project.
#define ROW_ELEMS 128
__global__ void macro_start(float *io) {
  float v = io[threadIdx.x];
  // CHECK: :[[@LINE+1]]:16: warning: shuffle reduction starts at lane offset 64, beyond the last lane
  for (int o = ROW_ELEMS / 2; o > 0; o /= 2)
    v = v + __shfl_xor(v, o);
  io[threadIdx.x] = v;
}

// Negative: a maximum takes the lane's own value again and is unchanged by it.
__global__ void max_from_64(float *io) {
  float v = io[threadIdx.x];
  for (int o = 64; o > 0; o /= 2)
    v = fmaxf(v, __shfl_xor(v, o));
  io[threadIdx.x] = v;
}

// Negative: the reduction over one 64-lane wavefront starts at 32.
__global__ void from_32(float *io) {
  float v = io[threadIdx.x];
  for (int o = 32; o > 0; o /= 2)
    v += __shfl_xor(v, o);
  io[threadIdx.x] = v;
}

// Negative: a start from the device's width is right on every target.
__global__ void from_warp_size(float *io) {
  float v = io[threadIdx.x];
  for (int o = warpSize / 2; o > 0; o /= 2)
    v += __shfl_down(v, o);
  io[threadIdx.x] = v;
}

// Negative: instantiated only with 64 columns, the start is 32.
template <int Cols> __global__ void row_sum_64(float *io) {
  float v = io[threadIdx.x];
  for (int o = Cols / 2; o > 0; o >>= 1)
    v += __shfl_xor(v, o);
  io[threadIdx.x] = v;
}
template __global__ void row_sum_64<64>(float *);

// Negative: an explicit width the shuffle keeps to.
__global__ void explicit_width(float *io) {
  float v = io[threadIdx.x];
  for (int o = 16; o > 0; o /= 2)
    v += __shfl_xor(v, o, 32);
  io[threadIdx.x] = v;
}

// Calls the header's helper.
__global__ void from_header(float *io) { io[threadIdx.x] = wide_row_sum(io[threadIdx.x]); }
