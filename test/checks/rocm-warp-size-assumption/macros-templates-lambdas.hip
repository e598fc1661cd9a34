// Macros (option IgnoreMacros), templates and lambdas.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s \
// RUN:   -config="{CheckOptions: {rocm-warp-size-assumption.IgnoreMacros: false}}" -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=CHECK,MACROS --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>

// Arithmetic written inside a macro body: reported only with IgnoreMacros=false (the fix belongs
// in the macro, not at its uses).
#define LANE_ID() (threadIdx.x & 31)
#define TILE 32

// A logical 32-lane routine (lane 0 of each 32 lanes answers) whose shuffle-down tree from 16
// runs over the whole wavefront: lane 0 of each 32-lane group sums its own group only, on 64
// lanes as on 32, so the routine is correct and stays quiet (the shape of pytorch_sparse's spmm).
template <typename T> __device__ T warp_reduce(T v) {
  for (int o = 16; o > 0; o /= 2)
    v += __shfl_down(v, o);
  if (threadIdx.x % 32 == 0)
    return v;
  return T();
}

template <int N> struct Tile {
  __device__ static int lane() {
    // The grouping meets the ballot of the kernel that calls this member (below).
    // CHECK: :[[@LINE+1]]:24: warning: lane index computed with a lane mask of 31; AMD GPUs run 64-lane wavefronts: use 'warpSize - 1' [rocm-warp-size-assumption]
    return threadIdx.x & 31;
  }
};

__global__ void reduce_kernel(float *out) {
  // Instantiations repeat the template: each finding is reported once, at the template.
  out[0] = warp_reduce(out[0]) + warp_reduce<double>(1.0);
}

__global__ void kernel(float *out) {
  unsigned long long votes = __ballot(out[threadIdx.x] > 0.0f);
  // CHECK: :[[@LINE-1]]:30: note: '__ballot' here covers all 64 lanes of a wavefront on gfx90a
  out[0] = Tile<1>::lane() + Tile<2>::lane() + (votes & 1);
  // MACROS: :[[@LINE+1]]:12: warning: lane index computed with a lane mask of 31; AMD GPUs run 64-lane wavefronts: use 'warpSize - 1' [rocm-warp-size-assumption]
  out[1] = LANE_ID();
  // The arithmetic is written here, the literal comes from a macro not named like a warp width.
  // MACROS: :[[@LINE+1]]:24: warning: lane index computed with a warp width of 32; AMD GPUs run 64-lane wavefronts: use 'warpSize' [rocm-warp-size-assumption]
  out[2] = threadIdx.x % TILE;
  // A lambda inside a kernel is device code, and sees the kernel's locals.
  int tid = threadIdx.x;
  auto lane_of = [&]() {
    // CHECK: :[[@LINE+1]]:16: warning: lane index computed with a warp width of 32; AMD GPUs run 64-lane wavefronts: use 'warpSize' [rocm-warp-size-assumption]
    return tid % 32;
  };
  out[3] = lane_of();
}

// An extended __device__ lambda in host code (as passed to a parallel algorithm) is device code.
template <typename F> void launch_with(F f) {}
void host_code(float *out) {
  launch_with([=] __device__(int i) {
    // CHECK: :[[@LINE+1]]:26: warning: warp index computed with a shift by 5 (32 lanes); AMD GPUs run 64-lane wavefronts: divide by 'warpSize' [rocm-warp-size-assumption]
    out[i] = threadIdx.x >> 5;
    // CHECK: :[[@LINE+1]]:18: warning: '__shfl' reads a lane below 32 across the whole wavefront, but this code numbers its lanes in warps of 32
    out[i + 1] = __shfl(out[i], 0);
  });
  // Negative: a host lambda (implicitly __host__ __device__ in HIP) is host code here.
  auto host_lane = [](int i) { return i % 32; };
  out[0] = host_lane(3);
}
