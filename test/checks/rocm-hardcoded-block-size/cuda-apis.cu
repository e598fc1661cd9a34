// The CUDA launch spellings, parsed as CUDA against a declarations-only cuda_runtime.h.
// RUN: %clang_tidy -checks='-*,rocm-hardcoded-block-size' %s -- -x cuda --cuda-host-only -nocudainc -nocudalib --cuda-gpu-arch=sm_80 -I %inputs/launch 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='note:'

#include "cuda_runtime.h"

__global__ void __launch_bounds__(256) bounded(float *x) { x[threadIdx.x] = 0; }
__global__ void plain(float *x) { x[threadIdx.x] = 0; }

void host(float *x, cudaStream_t s) {
  void *args[] = {&x};
  cudaLaunchKernel((const void *)bounded, dim3(1), dim3(1024), args, 0, s);
  // CHECK: :[[@LINE-1]]:3: warning: block of 1024 threads exceeds the 256 threads kernel 'bounded' allows with __launch_bounds__
  // CHECK: :7:17: note: kernel 'bounded'
  cudaLaunchKernel((void *)plain, dim3(1), dim3(100), args);
  // CHECK: :[[@LINE-1]]:3: warning: block of 100 threads is not a multiple of the 64-lane wavefront
  cudaLaunchCooperativeKernel((const void *)plain, dim3(1), dim3(32), args, 0, s);
  // CHECK: :[[@LINE-1]]:3: warning: kernel 'plain' is launched with a hard-coded block of 32 threads;
  // CHECK: :[[@LINE-2]]:3: note: a 32-thread block fills 32 of the 64 lanes
  plain<<<1, 1024, 0, s>>>(x);
  // CHECK: :[[@LINE-1]]:3: warning: kernel 'plain' is launched with a hard-coded block of 1024 threads;
  // CHECK: :[[@LINE-2]]:3: note: 1024 threads is the largest workgroup

  // cudaLaunchKernelEx: the block comes from the configuration's fields.
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = dim3(64);
  cfg.blockDim = dim3(32, 32);
  cfg.stream = s;
  cudaLaunchKernelEx(&cfg, plain, x);
  // CHECK: :[[@LINE-1]]:3: warning: kernel 'plain' is launched with a hard-coded block of 1024 threads;
  // CHECK: :[[@LINE-2]]:3: note: 1024 threads is the largest workgroup
  cudaLaunchKernelExC(&cfg, (const void *)bounded, args);
  // CHECK: :[[@LINE-1]]:3: warning: block of 1024 threads exceeds the 256 threads kernel 'bounded' allows
  // CHECK: :7:17: note: kernel 'bounded'
}

void configs(float *x, cudaStream_t s, bool big, unsigned n) {
  // Reason: a configuration whose block is set conditionally is not a constant.
  cudaLaunchConfig_t c1 = {};
  c1.blockDim = dim3(256);
  if (big)
    c1.blockDim = dim3(1024);
  cudaLaunchKernelEx(&c1, plain, x);
  // Reason: a configuration handed to other code may be changed there.
  cudaLaunchConfig_t c2 = {};
  c2.blockDim = dim3(1024);
  void fill(cudaLaunchConfig_t *);
  fill(&c2);
  cudaLaunchKernelEx(&c2, plain, x);
  // Reason: a run-time block.
  cudaLaunchConfig_t c3 = {};
  c3.blockDim = dim3(n);
  cudaLaunchKernelEx(&c3, plain, x);
  // An aggregate-initialised configuration.
  cudaLaunchConfig_t c4 = {dim3(1), dim3(2048), 0, s, nullptr, 0};
  cudaLaunchKernelEx(&c4, plain, x);
  // CHECK: :[[@LINE-1]]:3: warning: block of 2048 threads is more than the 1024 a workgroup may have
  // Reason: a multiple of 64.
  cudaLaunchConfig_t c5 = {};
  c5.blockDim = dim3(256);
  cudaLaunchKernelEx(&c5, plain, x);
}
