// Chevron launches with every constant form the launch recogniser evaluates.
// RUN: %clang_tidy -checks='-*,rocm-hardcoded-block-size' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='note:'

#include <hip/hip_runtime.h>

#define BLOCK 1024
#define BLOCK_DIM dim3(32, 32)
constexpr int kThreads = 1024;
constexpr dim3 kBlock3(8, 8, 16);
const unsigned kConstThreads = 96;
enum { EnumThreads = 32 };
enum class Tile : unsigned { Threads = 1024 };

__global__ void scale(float *x, float a) { x[blockIdx.x * blockDim.x + threadIdx.x] *= a; }

__global__ void perItem(float *x) { x[blockIdx.x] = 0; }

void oneThreadBlocks(float *x, int n) {
  // Many blocks of one thread each: every block is a wavefront with one live lane, and rounding the
  // block up would not help, so the remedy is several items per block.
  perItem<<<n, 1>>>(x);
  // CHECK: :[[@LINE-1]]:3: warning: kernel 'perItem' runs one thread per block, so each block fills 1 of the 64 lanes of a wavefront on gfx90a (MI210/MI250/MI250X); launch blocks of a multiple of 64 threads and index items by blockIdx.x * blockDim.x + threadIdx.x [rocm-hardcoded-block-size]
  perItem<<<4, dim3(1, 1)>>>(x);
  // CHECK: :[[@LINE-1]]:3: warning: kernel 'perItem' runs one thread per block
}

void literals(float *x, hipStream_t s) {
  scale<<<64, 1024>>>(x, 2.0f);
  // CHECK: :[[@LINE-1]]:3: warning: kernel 'scale' is launched with a hard-coded block of 1024 threads; take the size from hipOccupancyMaxPotentialBlockSize or hipDeviceProp_t, or use a multiple of 64 such as 256 and declare __launch_bounds__ to match [rocm-hardcoded-block-size]
  // CHECK: :[[@LINE-2]]:3: note: 1024 threads is the largest workgroup gfx90a (MI210/MI250/MI250X) allows: the compiler must cap every thread's registers to fit it, and the launch fails once the kernel is built for fewer threads
  scale<<<64, 32, 0, s>>>(x, 2.0f);
  // CHECK: :[[@LINE-1]]:3: warning: kernel 'scale' is launched with a hard-coded block of 32 threads; {{.*}} [rocm-hardcoded-block-size]
  // CHECK: :[[@LINE-2]]:3: note: a 32-thread block fills 32 of the 64 lanes of a wavefront on gfx90a (MI210/MI250/MI250X); the other lanes stay idle
  scale<<<dim3(64), dim3(100)>>>(x, 2.0f);
  // CHECK: :[[@LINE-1]]:3: warning: block of 100 threads is not a multiple of the 64-lane wavefront of gfx90a (MI210/MI250/MI250X), so the last wavefront of every block runs 36 of 64 lanes; use a multiple of 64 such as 128 [rocm-hardcoded-block-size]
  scale<<<1, 2048>>>(x, 2.0f);
  // CHECK: :[[@LINE-1]]:3: warning: block of 2048 threads is more than the 1024 a workgroup may have on gfx90a (MI210/MI250/MI250X), so the launch of kernel 'scale' fails; take the size from hipOccupancyMaxPotentialBlockSize or hipDeviceProp_t::maxThreadsPerBlock [rocm-hardcoded-block-size]
}

void constantForms(float *x) {
  scale<<<1, BLOCK>>>(x, 1.0f);
  // CHECK: :[[@LINE-1]]:3: warning: kernel 'scale' is launched with a hard-coded block of 1024 threads;
  // CHECK: :[[@LINE-2]]:3: note: 1024 threads is the largest workgroup
  scale<<<1, BLOCK_DIM>>>(x, 1.0f);
  // CHECK: :[[@LINE-1]]:3: warning: kernel 'scale' is launched with a hard-coded block of 1024 threads;
  // CHECK: :[[@LINE-2]]:3: note: 1024 threads is the largest workgroup
  scale<<<1, kThreads>>>(x, 1.0f);
  // CHECK: :[[@LINE-1]]:3: warning: kernel 'scale' is launched with a hard-coded block of 1024 threads;
  // CHECK: :[[@LINE-2]]:3: note: 1024 threads is the largest workgroup
  scale<<<1, kBlock3>>>(x, 1.0f);
  // CHECK: :[[@LINE-1]]:3: warning: kernel 'scale' is launched with a hard-coded block of 1024 threads;
  // CHECK: :[[@LINE-2]]:3: note: 1024 threads is the largest workgroup
  scale<<<1, kConstThreads>>>(x, 1.0f);
  // CHECK: :[[@LINE-1]]:3: warning: block of 96 threads is not a multiple of the 64-lane wavefront
  scale<<<1, EnumThreads>>>(x, 1.0f);
  // CHECK: :[[@LINE-1]]:3: warning: kernel 'scale' is launched with a hard-coded block of 32 threads;
  // CHECK: :[[@LINE-2]]:3: note: a 32-thread block fills 32 of the 64 lanes
  scale<<<1, static_cast<unsigned>(Tile::Threads)>>>(x, 1.0f);
  // CHECK: :[[@LINE-1]]:3: warning: kernel 'scale' is launched with a hard-coded block of 1024 threads;
  // CHECK: :[[@LINE-2]]:3: note: 1024 threads is the largest workgroup
  scale<<<1, 16 * 64>>>(x, 1.0f);
  // CHECK: :[[@LINE-1]]:3: warning: kernel 'scale' is launched with a hard-coded block of 1024 threads;
  // CHECK: :[[@LINE-2]]:3: note: 1024 threads is the largest workgroup
}

void localVariables(float *x) {
  dim3 block(32, 32);
  scale<<<1, block>>>(x, 1.0f);
  // CHECK: :[[@LINE-1]]:3: warning: kernel 'scale' is launched with a hard-coded block of 1024 threads;
  // CHECK: :[[@LINE-2]]:3: note: 1024 threads is the largest workgroup
  dim3 copy = block;
  scale<<<1, copy>>>(x, 1.0f);
  // CHECK: :[[@LINE-1]]:3: warning: kernel 'scale' is launched with a hard-coded block of 1024 threads;
  // CHECK: :[[@LINE-2]]:3: note: 1024 threads is the largest workgroup
  int threads = 40;
  dim3 fromInt(threads * 2);
  scale<<<1, fromInt>>>(x, 1.0f);
  // CHECK: :[[@LINE-1]]:3: warning: block of 80 threads is not a multiple of the 64-lane wavefront
  const int n = 48;
  scale<<<1, n>>>(x, 1.0f);
  // CHECK: :[[@LINE-1]]:3: warning: block of 48 threads is not a multiple of the 64-lane wavefront {{.*}} runs 48 of 64 lanes; use a multiple of 64 such as 64 [rocm-hardcoded-block-size]
}
