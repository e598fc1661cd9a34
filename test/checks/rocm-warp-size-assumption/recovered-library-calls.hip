// A library shuffle whose header is missing (ATen's WARP_SHFL with DeviceUtils.cuh not found, as in
// Megatron-LM's layer norm): in a template the call stays an unresolved call and is read as the
// library's shuffle; in an explicit specialisation, where nothing is dependent, clang keeps it as
// a recovery expression over the name and the written arguments, and it is read the same way.
// With blocks 32 threads wide, the rotation '& 31' over the default 64-lane width mixes two rows.
// RUN: not %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>

template <typename T, typename U>
__device__ void welford(const T *vals, U &mu) {
  for (int l = 0; l <= 4; ++l) {
    int src = (threadIdx.x + (1 << l)) & 31;
    // CHECK: :[[@LINE+1]]:11: warning: 'WARP_SHFL' reads a lane below 32 across the whole wavefront, but every launch of this kernel has blocks at most 32 threads wide
    U b = WARP_SHFL(mu, src);
    mu += b;
  }
}

// The half type's header is missing too: the specialisation is invalid, its body still parsed.
template <>
// CHECK: :[[@LINE+1]]:31: error: use of undeclared identifier 'at'
__device__ void welford(const at::Half *vals, float &mu) {
  for (int l = 0; l <= 4; ++l) {
    int src = (threadIdx.x + (1 << l)) & 31;
    // CHECK: :[[@LINE+2]]:15: error: use of undeclared identifier 'WARP_SHFL'
    // CHECK: :[[@LINE+1]]:15: warning: 'WARP_SHFL' reads a lane below 32 across the whole wavefront, but every launch of this kernel has blocks at most 32 threads wide
    float b = WARP_SHFL(mu, src);
    mu += b;
  }
}

// Negative cases.
template <>
__device__ void welford(const double *vals, float &mu) {
  for (int l = 0; l <= 4; ++l) {
    int src = (threadIdx.x + (1 << l)) & 31;
    // The width is given: the rotation stays inside each 32-lane row.
    // CHECK: :[[@LINE+1]]:15: error: use of undeclared identifier 'WARP_SHFL'
    float b = WARP_SHFL(mu, src, 32);
    // An undeclared name that is no library shuffle says nothing.
    // CHECK: :[[@LINE+1]]:10: error: use of undeclared identifier 'rotate_values'
    b += rotate_values(mu, src);
    mu += b;
  }
}

template <typename T, typename U>
__global__ void norm(const T *v, U *out) {
  U mu = 0;
  welford(v, mu);
  out[blockIdx.x] = mu;
}

template <typename T, typename U>
void launch_norm(const T *v, U *o) {
  const dim3 threads(32, 4, 1);
  norm<<<1, threads>>>(v, o);
}
