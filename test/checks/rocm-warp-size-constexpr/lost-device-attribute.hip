// A device function whose __device__ comes from a macro in a header that was not found: the
// macro is an unknown name, so the function looks like host code to the AST. Its body still
// reads thread coordinates or calls device-only functions, which only device code can do: its
// run-time reads of 'warpSize' are not host reads. The shared array bound is a constant use and is reported whatever the
// attributes say.
// RUN: cd %S && %rocm_lint --hip-headers=builtin --checks=rocm-warp-size-constexpr --no-cache --no-index \
// RUN:   --no-progress %s > %t.out 2> %t.err; test $? -eq 1
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not='warning:'

#include <hip/hip_runtime.h>
#include "project_common_not_shipped.h"

template <unsigned BLOCK>
PROJECT_DEVICE_INLINE void fill_rows(int *out, int n) {
  __shared__ int offsets[BLOCK / warpSize + 1];
  // CHECK: :[[@LINE-1]]:{{[0-9]+}}: warning: 'warpSize' used as an array bound{{.*}}[rocm-warp-size-constexpr]
  // Quiet: a run-time read in code that uses threadIdx is device code.
  offsets[threadIdx.x / warpSize] = n;
  __syncthreads();
  out[threadIdx.x] = offsets[0];
}

PROJECT_DEVICE_INLINE int lanes_per_block(int block) {
  // Quiet: the function reads a thread coordinate, so it runs on the device.
  return (block + hipThreadIdx_x) / warpSize;
}

__device__ unsigned local_row();

// Quiet: it calls a device-only function (a host function could not; clang keeps the failed call
// as a recovery expression).
PROJECT_DEVICE_INLINE int row_group() { return local_row() / warpSize; }

// Still a host read: nothing in this function is device-only, and no device attribute is seen
// (a __shared__ variable would not say otherwise: clang drops the attribute in host code).
int host_guess(int block) {
  return block / warpSize;
  // CHECK: :[[@LINE-1]]:{{[0-9]+}}: warning: 'warpSize' read in host code{{.*}}[rocm-warp-size-constexpr]
}

__global__ void launch_rows(int *out, int n) { fill_rows<256>(out, n); }
