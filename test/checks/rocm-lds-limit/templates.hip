// Template kernels are measured per instantiation; launches inside templates and macros.
// RUN: %clang_tidy -checks='-*,rocm-lds-limit' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='note:'

#include <hip/hip_runtime.h>

template <typename T, int Tile>
__global__ void gemmTile(const T *a, const T *b, T *c) {
// CHECK: :[[@LINE-1]]:17: warning: kernel 'gemmTile<double, 128>' uses 256 KiB of LDS (static 256 KiB); gfx90a (MI210/MI250/MI250X) gives a workgroup 64 KiB; use smaller tiles or fewer shared buffers [rocm-lds-limit]
  __shared__ T as[Tile][Tile];
  __shared__ T bs[Tile][Tile];
  // CHECK: :[[@LINE-2]]:16: note: 'as' takes 128 KiB
  // CHECK: :[[@LINE-2]]:16: note: 'bs' takes 128 KiB
  // CHECK: :51:26: note: 'gemmTile<double, 128>' is instantiated here
  as[threadIdx.y][threadIdx.x] = a[threadIdx.x];
  bs[threadIdx.y][threadIdx.x] = b[threadIdx.x];
  __syncthreads();
  c[threadIdx.x] = as[threadIdx.y][0] * bs[0][threadIdx.x];
}

template <int Bytes> __global__ void scratch(float *x) {
  extern __shared__ float dyn[];
  __shared__ char fixed[Bytes];
  x[threadIdx.x] = dyn[threadIdx.x] + fixed[threadIdx.x];
}

// A launch written inside a template: each instantiation brings its own dynamic size.
template <int Dyn> void runScratch(float *x) { scratch<1024><<<1, 256, Dyn>>>(x); }
// CHECK: :[[@LINE-1]]:48: warning: kernel 'scratch<1024>' uses 65540 bytes of LDS (static 1 KiB + dynamic 64516 bytes at this launch)
// CHECK: :[[@LINE-7]]:19: note: 'fixed' takes 1 KiB
// CHECK: :41:3: note: in instantiation of 'runScratch<64516>' requested here

#define LAUNCH_WITH_SMEM(k, bytes, x) k<<<1, 256, bytes>>>(x)

void host(const float *a, const float *b, float *c, const double *da, const double *db, double *dc) {
  // Reason: 2 x 32 x 32 floats is 8 KiB; 2 x 64 x 64 doubles is exactly 64 KiB, which fits.
  gemmTile<float, 32><<<1, dim3(32, 32)>>>(a, b, c);
  gemmTile<double, 64><<<1, dim3(16, 16)>>>(da, db, dc);
  // Reason: 1 KiB static + 1 KiB dynamic.
  runScratch<1024>(c);
  runScratch<64516>(c);
  hipLaunchKernelGGL((scratch<4096>), dim3(1), dim3(256), 62 * 1024, 0, c);
  // CHECK: :[[@LINE-1]]:3: warning: kernel 'scratch<4096>' uses 66 KiB of LDS (static 4 KiB + dynamic 62 KiB at this launch)
  // CHECK: :23:19: note: 'fixed' takes 4 KiB
  LAUNCH_WITH_SMEM(scratch<2048>, 70000, c);
  // CHECK: :[[@LINE-1]]:3: warning: kernel 'scratch<2048>' uses 72048 bytes of LDS (static 2 KiB + dynamic 70000 bytes at this launch)
  // CHECK: :23:19: note: 'fixed' takes 2 KiB
}

// An instantiation over the limit.
template __global__ void gemmTile<double, 128>(const double *, const double *, double *);
