// CUDA spellings: cudaLaunchKernel, cudaLaunchKernelEx's configuration, cudaFuncSetAttribute.
// RUN: %clang_tidy -checks='-*,rocm-lds-limit' %s -- -x cuda --cuda-host-only -nocudainc -nocudalib --cuda-gpu-arch=sm_80 -I %inputs/launch 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='note:'

#include "cuda_runtime.h"

__global__ void attention(float *x) {
  extern __shared__ float scores[];
  __shared__ float q[4096];
  x[threadIdx.x] = scores[threadIdx.x] + q[threadIdx.x];
}

void host(float *x, cudaStream_t s) {
  // The usual CUDA opt-in above 48 KiB: 100 KiB of dynamic shared memory on an H100.
  cudaFuncSetAttribute(attention, cudaFuncAttributeMaxDynamicSharedMemorySize, 100 * 1024);
  // CHECK: :[[@LINE-1]]:3: warning: kernel 'attention' uses 116 KiB of LDS (static 16 KiB + dynamic 100 KiB requested with cudaFuncSetAttribute); gfx90a (MI210/MI250/MI250X) gives a workgroup 64 KiB; use smaller tiles or fewer shared buffers [rocm-lds-limit]
  // CHECK: :9:20: note: 'q' takes 16 KiB
  void *args[] = {&x};
  cudaLaunchKernel((const void *)attention, dim3(1), dim3(256), args, 64 * 1024, s);
  // CHECK: :[[@LINE-1]]:3: warning: kernel 'attention' uses 80 KiB of LDS (static 16 KiB + dynamic 64 KiB at this launch)
  // CHECK: :9:20: note: 'q' takes 16 KiB
  cudaLaunchConfig_t cfg = {};
  cfg.blockDim = dim3(256);
  cfg.dynamicSmemBytes = 60 * 1024;
  cudaLaunchKernelEx(&cfg, attention, x);
  // CHECK: :[[@LINE-1]]:3: warning: kernel 'attention' uses 76 KiB of LDS (static 16 KiB + dynamic 60 KiB at this launch)
  // CHECK: :9:20: note: 'q' takes 16 KiB
  // Reason: 16 KiB static + 48 KiB dynamic is exactly 64 KiB.
  cfg.gridDim = dim3(8);
  cudaLaunchConfig_t fits = {};
  fits.dynamicSmemBytes = 48 * 1024;
  cudaLaunchKernelEx(&fits, attention, x);
}
