// cudaLaunchKernelEx (CUDA 11.8+, the template overload) and cudaLaunchKernelExC, parsed as CUDA
// against a declarations-only cuda_runtime.h: the grid comes from the cudaLaunchConfig_t.
// RUN: %clang_tidy -checks='-*,rocm-grid-size' %s -- -x cuda --cuda-host-only -nocudainc -nocudalib --cuda-gpu-arch=sm_80 -I %inputs/launch 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='note:'

#include "cuda_runtime.h"

__global__ void plain(float *x) { x[threadIdx.x] = 0; }

void host(float *x, cudaStream_t s, unsigned n) {
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = dim3(1u << 23);
  cfg.blockDim = dim3(1024);
  cfg.stream = s;
  cudaLaunchKernelEx(&cfg, plain, x);
  // CHECK: :[[@LINE-1]]:3: warning: grid x of 8388608 blocks of 1024 threads is 8589934592 work-items
  void *args[] = {&x};
  cudaLaunchConfig_t z = {dim3(1, 1, 100000), dim3(32), 0, s, nullptr, 0};
  cudaLaunchKernelExC(&z, (const void *)plain, args);
  // CHECK: :[[@LINE-1]]:3: warning: grid z of 100000 blocks is more than the 65535 blocks CUDA allows in z
  // Reason: a grid chosen at run time.
  cudaLaunchConfig_t r = {};
  r.gridDim = dim3(n, n);
  r.blockDim = dim3(256);
  cudaLaunchKernelEx(&r, plain, x);
}
