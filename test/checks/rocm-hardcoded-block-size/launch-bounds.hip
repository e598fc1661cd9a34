// Launches beyond the kernel's __launch_bounds__ (a guaranteed failure), templates and macros.
// RUN: %clang_tidy -checks='-*,rocm-hardcoded-block-size' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='note:'

#include <hip/hip_runtime.h>

__global__ void __launch_bounds__(256) reduce(const float *in, float *out) { out[blockIdx.x] = in[threadIdx.x]; }

__global__ void __attribute__((amdgpu_flat_work_group_size(64, 128))) flat(float *x) { x[threadIdx.x] = 0; }

template <typename T, int Threads>
__global__ void __launch_bounds__(Threads) tiled(T *x) { x[threadIdx.x] = T(); }

// A declaration first, the bound on the definition: the bound still counts.
__global__ void later(float *x);

#define LAUNCH_REDUCE(in, out) reduce<<<1, 1024>>>(in, out)

template <int Block> void runReduce(const float *in, float *out) { reduce<<<1, Block>>>(in, out); }
// Per instantiation: only runReduce<512> (below) launches past the bound.
// CHECK: :[[@LINE-2]]:68: warning: block of 512 threads exceeds the 256 threads kernel 'reduce' allows with __launch_bounds__, so the launch fails; launch at most 256 threads or raise the bound to match [rocm-hardcoded-block-size]
// CHECK: :7:17: note: kernel 'reduce' is compiled for at most 256 threads per block here
// CHECK: :51:3: note: in instantiation of 'runReduce<512>' requested here

void host(const float *in, float *out, float *x) {
  reduce<<<1, 1024>>>(in, out);
  // CHECK: :[[@LINE-1]]:3: warning: block of 1024 threads exceeds the 256 threads kernel 'reduce' allows with __launch_bounds__, so the launch fails;
  // CHECK: :7:17: note: kernel 'reduce' is compiled for at most 256 threads per block here
  hipLaunchKernelGGL(reduce, dim3(1), dim3(512), 0, 0, in, out);
  // CHECK: :[[@LINE-1]]:3: warning: block of 512 threads exceeds the 256 threads kernel 'reduce' allows
  // CHECK: :7:17: note: kernel 'reduce'
  LAUNCH_REDUCE(in, out);
  // CHECK: :[[@LINE-1]]:3: warning: block of 1024 threads exceeds the 256 threads kernel 'reduce' allows
  // CHECK: :7:17: note: kernel 'reduce'
  flat<<<1, 256>>>(x);
  // CHECK: :[[@LINE-1]]:3: warning: block of 256 threads exceeds the 128 threads kernel 'flat' allows with amdgpu_flat_work_group_size, so the launch fails;
  // CHECK: :9:32: note: kernel 'flat' is compiled for at most 128 threads per block here
  tiled<float, 128><<<1, 256>>>(x);
  // CHECK: :[[@LINE-1]]:3: warning: block of 256 threads exceeds the 128 threads kernel 'tiled<float, 128>' allows
  // CHECK: :12:17: note: kernel 'tiled<float, 128>' is compiled for at most 128 threads per block here
  later<<<1, 512>>>(x);
  // CHECK: :[[@LINE-1]]:3: warning: block of 512 threads exceeds the 256 threads kernel 'later' allows
  // CHECK: :[[@LINE+12]]:17: note: kernel 'later' is compiled for at most 256 threads per block here
  // Reason: within the bounds.
  reduce<<<1, 256>>>(in, out);
  flat<<<1, 128>>>(x);
  tiled<float, 512><<<1, 512>>>(x);
  // Reason: 1024 declared as the bound is a deliberate size, compiled for.
  tiled<double, 1024><<<1, 1024>>>((double *)nullptr);
  runReduce<128>(in, out);
  runReduce<512>(in, out);
}

// Reason: a definition without launches.
__global__ void __launch_bounds__(256) later(float *x) { x[threadIdx.x] = 0; }

// ROCm's own __launch_bounds__ macro expands to amdgpu_flat_work_group_size: the message names the
// macro the user wrote.
#undef __launch_bounds__
#define __launch_bounds__(N) __attribute__((amdgpu_flat_work_group_size(1, N)))
__global__ void __launch_bounds__(128) rocmStyle(float *x) { x[threadIdx.x] = 0; }
void hostRocmStyle(float *x) { rocmStyle<<<1, 512>>>(x); }
// CHECK: :[[@LINE-1]]:32: warning: block of 512 threads exceeds the 128 threads kernel 'rocmStyle' allows with __launch_bounds__, so the launch fails;
// CHECK: :[[@LINE-3]]:17: note: kernel 'rocmStyle' is compiled for at most 128 threads per block here
