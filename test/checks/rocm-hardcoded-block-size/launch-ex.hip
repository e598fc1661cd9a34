// hipLaunchKernelEx / hipLaunchKernelExC (HIP 6.2+): the block comes from a local
// hipLaunchConfig_t whose fields are set in the function before the launch.
// RUN: %clang_tidy -checks='-*,rocm-hardcoded-block-size' %s -- %hip_flags -std=c++20 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='note:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>

#define BLOCK 1024
// A project's own wrapper: reported where the wrapper is used.
#define LAUNCH_EX(cfg, k, ...) hipLaunchKernelEx(&(cfg), k, __VA_ARGS__)

__global__ void __launch_bounds__(256) bounded(float *x) { x[threadIdx.x] = 0; }
__global__ void plain(float *x) { x[threadIdx.x] = 0; }
template <int N> __global__ void tiled(float *x) { x[threadIdx.x % N] = 0; }

void positives(float *x, hipStream_t s) {
  hipLaunchConfig_t cfg = {};
  cfg.gridDim = dim3(64);
  cfg.blockDim = dim3(1024);
  cfg.dynamicSmemBytes = 0;
  cfg.stream = s;
  hipLaunchKernelEx(&cfg, plain, x);
  // CHECK: :[[@LINE-1]]:3: warning: kernel 'plain' is launched with a hard-coded block of 1024 threads;
  // CHECK: :[[@LINE-2]]:3: note: 1024 threads is the largest workgroup
  void *args[] = {&x};
  hipLaunchKernelExC(&cfg, (const void *)bounded, args);
  // CHECK: :[[@LINE-1]]:3: warning: block of 1024 threads exceeds the 256 threads kernel 'bounded' allows
  // CHECK: :12:17: note: kernel 'bounded'

  // Designated initialisers.
  hipLaunchConfig_t d = {.gridDim = dim3(1), .blockDim = dim3(32, 32), .dynamicSmemBytes = 0, .stream = s};
  hipLaunchKernelEx(&d, bounded, x);
  // CHECK: :[[@LINE-1]]:3: warning: block of 1024 threads exceeds the 256 threads kernel 'bounded' allows
  // CHECK: :12:17: note: kernel 'bounded'

  // The configuration launched through a macro of the project's.
  hipLaunchConfig_t m = {};
  m.blockDim = dim3(BLOCK);
  LAUNCH_EX(m, bounded, x);
  // CHECK: :[[@LINE-1]]:3: warning: block of 1024 threads exceeds the 256 threads kernel 'bounded' allows
  // CHECK: :12:17: note: kernel 'bounded'
}

// A template: each instantiation's block is known.
template <int N> void runTiled(float *x) {
  hipLaunchConfig_t cfg = {};
  cfg.blockDim = dim3(N);
  hipLaunchKernelEx(&cfg, tiled<N>, x);
  // CHECK: :[[@LINE-1]]:3: warning: block of 100 threads is not a multiple of the 64-lane wavefront
  // CHECK: :[[@LINE+4]]:15: note: in instantiation of 'runTiled<100>' requested here
}
// Reason: 256 threads is a multiple of 64.
template void runTiled<256>(float *);
template void runTiled<100>(float *);

void fill(hipLaunchConfig_t *);

void negatives(float *x, bool big, unsigned n) {
  // Reason: a block chosen at run time.
  hipLaunchConfig_t c1 = {};
  c1.blockDim = dim3(n);
  hipLaunchKernelEx(&c1, bounded, x);
  // Reason: the block is set in a branch; the value at the launch depends on the path.
  hipLaunchConfig_t c2 = {};
  if (big)
    c2.blockDim = dim3(1024);
  hipLaunchKernelEx(&c2, bounded, x);
  // Reason: a helper receives the configuration's address before the launch and may change it.
  hipLaunchConfig_t c3 = {};
  c3.blockDim = dim3(1024);
  fill(&c3);
  hipLaunchKernelEx(&c3, bounded, x);
  // Reason: written through a pointer the function keeps.
  hipLaunchConfig_t c4 = {};
  hipLaunchConfig_t *p = &c4;
  p->blockDim = dim3(1024);
  hipLaunchKernelEx(&c4, bounded, x);
  // Reason: only one component is set, through a member of the field.
  hipLaunchConfig_t c5 = {};
  c5.blockDim.x = 1024;
  hipLaunchKernelEx(&c5, bounded, x);
  // Reason: 256 threads is within the kernel's bound and a multiple of 64.
  hipLaunchConfig_t c6 = {};
  c6.blockDim = dim3(256);
  hipLaunchKernelEx(&c6, bounded, x);
}
