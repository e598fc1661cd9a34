// Static __shared__ storage of a kernel and of the device functions it calls.
// RUN: %clang_tidy -checks='-*,rocm-lds-limit' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='note:'

#include <hip/hip_runtime.h>

#define TILE 128

__global__ void transpose(const float *in, float *out, int n) {
// CHECK: :[[@LINE-1]]:17: warning: kernel 'transpose' uses 96 KiB of LDS (static 96 KiB); gfx90a (MI210/MI250/MI250X) gives a workgroup 64 KiB; use smaller tiles or fewer shared buffers [rocm-lds-limit]
  __shared__ float tile[TILE][TILE + 64];
  // CHECK: :[[@LINE-1]]:20: note: 'tile' takes 96 KiB
  tile[threadIdx.y][threadIdx.x] = in[blockIdx.x * n + threadIdx.x];
  __syncthreads();
  out[blockIdx.y * n + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}

struct Pair { double a, b; };

__device__ float leaf(int i) {
  __shared__ Pair deep[1024];
  return deep[i].a;
}
__device__ float middle(int i) {
  __shared__ float mid[8192];
  return mid[i] + leaf(i);
}

// File-scope __shared__ storage counts for every kernel that uses it.
__shared__ int histogram[2049];

__global__ void layered(float *x) {
// CHECK: :[[@LINE-1]]:17: warning: kernel 'layered' uses 65540 bytes of LDS (static 65540 bytes); gfx90a (MI210/MI250/MI250X) gives a workgroup 64 KiB; use smaller tiles or fewer shared buffers [rocm-lds-limit]
  __shared__ float own[2048];
  // CHECK: :[[@LINE-1]]:20: note: 'own' takes 8 KiB
  // CHECK: :[[@LINE-6]]:16: note: 'histogram' takes 8196 bytes
  // CHECK: :[[@LINE-12]]:20: note: 'mid' takes 32 KiB (used in 'middle', called from the kernel)
  // CHECK: :[[@LINE-17]]:19: note: 'deep' takes 16 KiB (used in 'leaf', called from the kernel)
  x[0] = own[threadIdx.x] + middle(threadIdx.x) + middle(1) + histogram[threadIdx.x];
}

// Reason: exactly 64 KiB is what a workgroup gets.
__global__ void exact(float *x) {
  __shared__ float a[8192];
  __shared__ float b[8192];
  x[threadIdx.x] = a[threadIdx.x] + b[threadIdx.x];
}

// Reason: 48 KiB, the CUDA default limit, fits too.
__global__ void cudaSized(float *x) {
  __shared__ float t[48 * 256];
  x[threadIdx.x] = t[threadIdx.x];
}

// Reason: dynamic shared memory is sized at the launch, not here.
__global__ void dynamicOnly(float *x) {
  extern __shared__ float dyn[];
  x[threadIdx.x] = dyn[threadIdx.x];
}

// Reason: a device function with big LDS that this kernel does not call.
__device__ float unused(int i) {
  __shared__ float big[32768];
  return big[i];
}
__global__ void small(float *x) { x[threadIdx.x] = 1.0f; }

// Reason: host code; not a kernel.
void host(float *x) { small<<<1, 256>>>(x); }
