// Portable launches and values known only at run time: all must stay quiet.
// RUN: %clang_tidy -checks='-*,rocm-hardcoded-block-size' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --allow-empty --implicit-check-not='warning:' --implicit-check-not='note:'

#include <hip/hip_runtime.h>

__global__ void scale(float *x, float a) { x[blockIdx.x * blockDim.x + threadIdx.x] *= a; }
__global__ void __launch_bounds__(1024) wide(float *x) { x[threadIdx.x] = 0; }
__global__ void __launch_bounds__(256) bounded(float *x) { x[threadIdx.x] = 0; }

int pickBlock();
extern int globalThreads;

void runtimeSizes(float *x, int n) {
  hipDeviceProp_t prop;
  (void)hipGetDeviceProperties(&prop, 0);
  // Reason: the device's own limit, known at run time.
  scale<<<1, prop.maxThreadsPerBlock>>>(x, 1.0f);
  // Reason: the occupancy API picks the size for this kernel on this device.
  int minGrid = 0, block = 0;
  (void)hipOccupancyMaxPotentialBlockSize(&minGrid, &block, scale, 0, 0);
  scale<<<(n + block - 1) / block, block>>>(x, 1.0f);
  // Reason: derived from the wavefront size of the device.
  scale<<<1, prop.warpSize * 4>>>(x, 1.0f);
  // Reason: a function result and a global are not constants.
  scale<<<1, pickBlock()>>>(x, 1.0f);
  scale<<<1, globalThreads>>>(x, 1.0f);
  // Reason: a parameter.
  scale<<<1, n>>>(x, 1.0f);
}

void mutatedLocals(float *x, bool big) {
  // Reason: the variable is changed after its initialisation, so its value at the launch is not known.
  dim3 block(256);
  if (big)
    block.x = 1024;
  scale<<<1, block>>>(x, 1.0f);
  int threads = 256;
  threads *= 4;
  scale<<<1, threads>>>(x, 1.0f);
  // Reason: a loop variable takes several values.
  for (int t = 64; t <= 1024; t *= 2)
    scale<<<1, t>>>(x, 1.0f);
  // Reason: one unknown component makes the block size unknown.
  scale<<<1, dim3(32, globalThreads)>>>(x, 1.0f);
}

void goodConstants(float *x) {
  // Reason: a multiple of 64 below the workgroup limit.
  scale<<<1, 256>>>(x, 1.0f);
  scale<<<1, dim3(16, 16)>>>(x, 1.0f);
  scale<<<1, dim3(64, 2, 2)>>>(x, 1.0f);
  // Reason: the kernel declares exactly this bound: a deliberate, compiled-for size.
  wide<<<1, 1024>>>(x);
  // Reason: within the kernel's bound.
  bounded<<<1, 256>>>(x);
  bounded<<<1, 128>>>(x);
}

// Reason: a template launch is judged per instantiation; this pattern alone has no value.
template <int B> void launchT(float *x) { scale<<<1, B>>>(x, 1.0f); }
template void launchT<256>(float *);

__global__ void flip(int *flag) { *flag = !*flag; }
#define RUN_SERIAL(k, ...) k<<<1, 1>>>(__VA_ARGS__)
constexpr int kOne = 1;

void serialKernels(int *flag, hipStream_t s) {
  // Reason: one block of one thread is a serial kernel (a flag update, a last reduction step): no
  // block size was chosen for the hardware, so no wavefront rule applies.
  flip<<<1, 1>>>(flag);
  flip<<<dim3(1), dim3(1, 1, 1), 0, s>>>(flag);
  flip<<<kOne, kOne>>>(flag);
  hipLaunchKernelGGL(flip, dim3(1), dim3(1), 0, s, flag);
  // Reason: the same launch written in the project's own macro.
  RUN_SERIAL(flip, flag);
}

// Reason: a template launch of one thread, instantiated with a one-block grid.
template <int G> void serialT(int *flag) { flip<<<G, 1>>>(flag); }
template void serialT<1>(int *);
