// The CUDA spellings, as found in code that is still being ported.
// RUN: %clang_tidy -checks='-*,rocm-unmatched-device-alloc' %s -- %hip_flags -I %inputs/alloc 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='note:'

#include "cuda_runtime.h"
#include "alloc_std.h"

bool simulateFailure();

int cudaLeak(const float *src, int n) {
  float *d;
  if (cudaMalloc(&d, n) != cudaSuccess)
    return -1;
  if (cudaMemcpy(d, src, n, 1) != cudaSuccess)
    return -2;
// CHECK: :[[@LINE-1]]:5: warning: device memory allocated into 'd' by 'cudaMalloc' is not freed on this path; free it with 'cudaFree' before returning or own it with a RAII wrapper [rocm-unmatched-device-alloc]
// CHECK: :[[@LINE-5]]:7: note: 'd' is allocated here
  cudaFree(d);
  return 0;
}

void cudaPinned(int n) {
  float *h, *g;
  cudaMallocHost((void **)&h, n);
  cudaFree(h);
// CHECK: :[[@LINE-1]]:3: warning: 'cudaFree' cannot release pinned host memory allocated into 'h' by 'cudaMallocHost'; use 'cudaFreeHost' [rocm-unmatched-device-alloc]
// CHECK: :[[@LINE-3]]:3: note: 'h' is allocated here
  // Correct pairs stay quiet.
  cudaHostAlloc((void **)&g, n, 0);
  cudaFreeHost(g);
}

void cudaThrow(int n) {
  float *m;
  cudaError_t err = cudaMallocManaged((void **)&m, n);
  if (err != cudaSuccess)
    throw std::runtime_error("out of memory");  // the allocation failed: nothing to free
  if (simulateFailure())
    throw std::runtime_error("simulated");
// CHECK: :[[@LINE-1]]:5: warning: device memory allocated into 'm' by 'cudaMallocManaged' is not freed on this path; free it with 'cudaFree' before throwing or own it with a RAII wrapper [rocm-unmatched-device-alloc]
// CHECK: :[[@LINE-6]]:21: note: 'm' is allocated here
  cudaFree(m);
}
