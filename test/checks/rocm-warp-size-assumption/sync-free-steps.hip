// Warp-synchronous reduction steps ('a[tid] += a[tid + s]' with no barrier between steps) on memory
// that is not volatile: nothing orders one lane's store before another lane's load of the next
// step, so the loads may be issued first and read partial sums not yet written. Reported at the
// other lane's read; the skipped barrier or the barrier-free loop as a note. Volatile memory, a
// wave barrier between steps, and steps separated by block barriers stay quiet.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='sync_free_step\.h' %s -- %hip_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='sync_free_step\.h' %s -- %hip_device_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>
#include "sync_free_step.h"
// CHECK: sync_free_step.h:4:11: warning: warp-synchronous step reads 's' written by other lanes with no barrier between the steps; nothing orders those stores before this load on a wavefront unless the memory is volatile: declare 's' 'volatile' or synchronise the wavefront between steps ('__syncwarp()' on ROCm 7) [rocm-warp-size-assumption]

__device__ float add(float a, float b) { return a + b; }

// A recursive template that skips the block barrier once the stride is within a warp.
template <typename T, int Offset> struct Reduce {
  __device__ static void run(T *a, T *out) {
    if (Offset > 16)
      __syncthreads();
    if (threadIdx.x < Offset) {
      a[threadIdx.x] = add(a[threadIdx.x], a[threadIdx.x + Offset]);
      // CHECK: :[[@LINE-1]]:44: warning: warp-synchronous step reads 'a' written by other lanes
      // CHECK: :[[@LINE-5]]:9: note: the block barrier is skipped for the last steps
      Reduce<T, Offset / 2>::run(a, out);
    }
  }
};
template <typename T> struct Reduce<T, 0> {
  __device__ static void run(T *a, T *out) { out[blockIdx.x] = a[0]; }
};

__global__ void recursive(float *in, float *out) {
  __shared__ float a[256];
  a[threadIdx.x] = in[threadIdx.x];
  Reduce<float, 128>::run(a, out);
}

// The same gate in a loop over a __shared__ array.
__global__ void gatedLoop(const float *in, float *out) {
  __shared__ float s[256];
  unsigned tid = threadIdx.x;
  s[tid] = in[tid];
  __syncthreads();
  for (unsigned k = 128; k > 0; k >>= 1) {
    if (tid < k)
      s[tid] += s[tid + k];
    // CHECK: :[[@LINE-1]]:17: warning: warp-synchronous step reads 's'
    if (k > 16)
      // CHECK: :[[@LINE-1]]:9: note: the block barrier is skipped for the last steps
      __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = s[0];
}

// A barrier-free halving loop from a warp's width, inside the first warp's branch.
__global__ void lastWarpLoop(const float *in, float *out) {
  __shared__ float s[64];
  int tid = threadIdx.x;
  s[tid] = in[tid];
  __syncthreads();
  if (tid < 32) {
    for (int k = 32; k > 0; k /= 2)
      s[tid] = s[tid] + s[tid + k];
    // CHECK: :[[@LINE-1]]:25: warning: warp-synchronous step reads 's'
    // CHECK: :[[@LINE-3]]:5: note: the steps of this loop have no barrier
  }
  out[blockIdx.x] = s[0];
}

// Unrolled steps, each under a block-size test, written by a macro.
#define STEP(n) if (BlockSize >= 2 * (n)) sm[tid] += sm[tid + (n)]
template <int BlockSize> __global__ void unrolledMacro(float *out) {
  __shared__ float sm[BlockSize];
  int tid = threadIdx.x;
  sm[tid] = tid;
  __syncthreads();
  if (tid < 32) {
    STEP(32);
    // CHECK: :[[@LINE-1]]:5: warning: warp-synchronous step reads 'sm'
    STEP(16);
    STEP(8);
  }
  out[0] = sm[0];
}
template __global__ void unrolledMacro<256>(float *);

__global__ void headerCaller(float *out) {
  __shared__ float s[64];
  s[threadIdx.x] = 1.0f;
  __syncthreads();
  if (threadIdx.x < 32)
    lastWarpSum(s, threadIdx.x);
  out[0] = s[0];
}

// Quiet: the classic volatile last warp is correct inside one wavefront (its 64 lanes run in
// lock-step and every volatile access is issued in program order).
__device__ void volatileLastWarp(volatile float *s, int t) {
  s[t] += s[t + 32];
  s[t] += s[t + 16];
  s[t] += s[t + 8];
}
__global__ void volatileCaller(float *out) {
  __shared__ float s[64];
  s[threadIdx.x] = 1.0f;
  __syncthreads();
  if (threadIdx.x < 32)
    volatileLastWarp(s, threadIdx.x);
  out[0] = s[0];
}

// Quiet: a barrier after every step orders the stores before the next loads.
__global__ void barrierEachStep(float *out) {
  __shared__ float s[256];
  int tid = threadIdx.x;
  s[tid] = tid;
  __syncthreads();
  for (int k = 16; k > 0; k >>= 1) {
    if (tid < k)
      s[tid] += s[tid + k];
    __syncthreads();
  }
  out[0] = s[0];
}

// Quiet: a wave barrier and fence between steps ('__syncwarp' on ROCm 7).
__global__ void waveBarrier(float *out) {
  __shared__ float s[64];
  int tid = threadIdx.x;
  s[tid] = tid;
  __syncthreads();
  if (tid < 32) {
    s[tid] += s[tid + 16];
    __builtin_amdgcn_fence(__ATOMIC_RELEASE, "wavefront");
    __builtin_amdgcn_wave_barrier();
    s[tid] += s[tid + 8];
  }
  out[0] = s[0];
}

// Quiet: one thread's own serial loop (the index is not a thread index), and one step alone.
__global__ void ownElements(float *out, int n) {
  __shared__ float s[64];
  int tid = threadIdx.x;
  s[tid] = tid;
  __syncthreads();
  float acc[64];
  for (int i = 0; i < 32; ++i)
    acc[i] = acc[i] + acc[i + 16];
  if (tid < 16)
    s[tid] += s[tid + 16];
  out[tid] = s[tid] + acc[0];
}

