// Every HIP launch spelling; diagnostics go to the launch as the user wrote it.
// RUN: %clang_tidy -checks='-*,rocm-hardcoded-block-size' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='note:'

#include <hip/hip_runtime.h>

#define BS 1024
// A project's own wrapper around the HIP macro: reported where the wrapper is used.
#define RUN_SCALE(x) hipLaunchKernelGGL(scale, dim3(1), dim3(BS), 0, 0, x, 1.0f)

__global__ void scale(float *x, float a) { x[blockIdx.x * blockDim.x + threadIdx.x] *= a; }

void apis(float *x, hipStream_t s, hipFunction_t f) {
  hipLaunchKernelGGL(scale, dim3(4), dim3(BS), 0, s, x, 2.0f);
  // CHECK: :[[@LINE-1]]:3: warning: kernel 'scale' is launched with a hard-coded block of 1024 threads; {{.*}} [rocm-hardcoded-block-size]
  // CHECK: :[[@LINE-2]]:3: note: 1024 threads is the largest workgroup
  if (x)
    hipLaunchKernelGGL(scale, 4, 100, 0, s, x, 2.0f);
  // CHECK: :[[@LINE-1]]:5: warning: block of 100 threads is not a multiple of the 64-lane wavefront
  RUN_SCALE(x);
  // CHECK: :[[@LINE-1]]:3: warning: kernel 'scale' is launched with a hard-coded block of 1024 threads;
  // CHECK: :[[@LINE-2]]:3: note: 1024 threads is the largest workgroup
  void *args[] = {&x};
  (void)hipLaunchKernel((const void *)scale, dim3(4), dim3(32), args, 0, s);
  // CHECK: :[[@LINE-1]]:9: warning: kernel 'scale' is launched with a hard-coded block of 32 threads;
  // CHECK: :[[@LINE-2]]:9: note: a 32-thread block fills 32 of the 64 lanes
  (void)hipLaunchCooperativeKernel(reinterpret_cast<const void *>(&scale), dim3(4), dim3(1024), args, 0, s);
  // CHECK: :[[@LINE-1]]:9: warning: kernel 'scale' is launched with a hard-coded block of 1024 threads;
  // CHECK: :[[@LINE-2]]:9: note: 1024 threads is the largest workgroup
  (void)hipModuleLaunchKernel(f, 1, 1, 1, 32, 32, 1, 0, s, args, nullptr);
  // CHECK: :[[@LINE-1]]:9: warning: the kernel is launched with a hard-coded block of 1024 threads;
  // CHECK: :[[@LINE-2]]:9: note: 1024 threads is the largest workgroup
  (void)hipModuleLaunchKernel(f, 1, 1, 1, 48, 1, 1, 0, s, args, nullptr);
  // CHECK: :[[@LINE-1]]:9: warning: block of 48 threads is not a multiple of the 64-lane wavefront
  hipExtLaunchKernelGGL(scale, dim3(4), dim3(2048), 0, s, nullptr, nullptr, 0, x, 2.0f);
  // CHECK: :[[@LINE-1]]:3: warning: block of 2048 threads is more than the 1024 a workgroup may have on gfx90a (MI210/MI250/MI250X), so the launch of kernel 'scale' fails;
  (void)hipExtLaunchKernel((const void *)scale, dim3(4), dim3(96), args, 0, s);
  // CHECK: :[[@LINE-1]]:9: warning: block of 96 threads is not a multiple of the 64-lane wavefront
  // Reason: multiples of 64 below the limit, in every spelling.
  hipLaunchKernelGGL(scale, dim3(4), dim3(256), 0, s, x, 2.0f);
  (void)hipLaunchKernel((const void *)scale, dim3(4), dim3(128), args, 0, s);
  (void)hipModuleLaunchKernel(f, 1, 1, 1, 16, 16, 1, 0, s, args, nullptr);
  hipExtLaunchKernelGGL(scale, dim3(4), dim3(512), 0, s, nullptr, nullptr, 0, x, 2.0f);
  (void)hipExtLaunchKernel((const void *)scale, dim3(4), dim3(64), args, 0, s);
  // Reason: a kernel through a pointer with a run-time block size.
  int block = 0, grid = 0;
  (void)hipOccupancyMaxPotentialBlockSize(&grid, &block, scale, 0, 0);
  hipLaunchKernelGGL(scale, dim3(grid), dim3(block), 0, s, x, 2.0f);
}
