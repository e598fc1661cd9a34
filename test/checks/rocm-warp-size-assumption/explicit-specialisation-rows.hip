// An explicit specialisation of a device function template runs where its template is called:
// the kernels that call the template (with template arguments, so the call names the template,
// not the specialisation) give it their launches' blocks. With blocks 32 threads wide, its
// wavefront-wide shuffle from a rotated lane below 32 mixes two rows, as the template's does.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>

#define ROTATE(l) ((threadIdx.x + (1 << (l))) & 31)

template <typename T, typename U>
__device__ void welford(const T *vals, U &mu) {
  for (int l = 0; l <= 4; ++l) {
    int src = ROTATE(l);
    // CHECK: :[[@LINE+1]]:11: warning: '__shfl' reads a lane below 32 across the whole wavefront, but every launch of this kernel has blocks at most 32 threads wide
    mu += __shfl(mu, src);
  }
}

template <>
__device__ void welford(const double *vals, float &mu) {
  for (int l = 0; l <= 4; ++l) {
    int src = ROTATE(l);
    // CHECK: :[[@LINE+1]]:11: warning: '__shfl' reads a lane below 32 across the whole wavefront, but every launch of this kernel has blocks at most 32 threads wide
    mu += __shfl(mu, src);
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

// Negative: a specialisation of a template whose kernels run full 64-lane rows: its rotation
// stays within 32 lanes by its width argument (the shuffle is given a width of 32).
template <typename T>
__device__ T row_sum(T v) {
  for (int l = 0; l <= 4; ++l)
    v += __shfl(v, (threadIdx.x + (1 << l)) & 31, 32);
  return v;
}
template <>
__device__ double row_sum(double v) {
  for (int l = 0; l <= 4; ++l)
    v += __shfl(v, (threadIdx.x + (1 << l)) & 31, 32);
  return v;
}
template <typename T>
__global__ void sums(T *out) { out[threadIdx.x] = row_sum(out[threadIdx.x]); }
void launch_sums(double *o) { sums<<<1, 256>>>(o); }
