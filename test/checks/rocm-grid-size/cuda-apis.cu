// The CUDA launch spellings, parsed as CUDA against a declarations-only cuda_runtime.h: code that
// hipify will turn into HIP launches with the same grid.
// RUN: %clang_tidy -checks='-*,rocm-grid-size' %s -- -x cuda --cuda-host-only -nocudainc -nocudalib --cuda-gpu-arch=sm_80 -I %inputs/launch 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='note:'

#include "cuda_runtime.h"

__global__ void plain(float *x) { x[threadIdx.x] = 0; }

void host(float *x, cudaStream_t s) {
  void *args[] = {&x};
  cudaLaunchKernel((const void *)plain, dim3(1u << 24), dim3(256), args, 0, s);
  // CHECK: :[[@LINE-1]]:3: warning: grid x of 16777216 blocks of 256 threads is 4294967296 work-items, more than the 4294967295 HIP launches in one dimension, so the launch of 'plain' fails with hipErrorInvalidConfiguration
  cudaLaunchCooperativeKernel((const void *)plain, dim3(1, 1, 100000), dim3(32), args, 0, s);
  // CHECK: :[[@LINE-1]]:3: warning: grid z of 100000 blocks is more than the 65535 blocks CUDA allows in z
  // Within both limits.
  cudaLaunchKernel((const void *)plain, dim3(1u << 21), dim3(1024), args, 0, s);
}
