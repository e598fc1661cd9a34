// Calls connect functions by declaration, not by name: a lane grouping of 32 meets the
// full-wavefront operations of the overload it calls, never those of an unrelated overload of the
// same name, nor of a same-named function in another namespace or class.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>

// Two overloads: the int one stays inside 32 lanes, the float one ballots the whole wavefront.
__device__ int combine(int v) { return v + 1; }
__device__ float combine(float v) {
  unsigned long long m = __ballot(v > 0.0f);
  return __popcll(m);
}

// Quiet: calls the int overload only; the ballot is in the other one.
__global__ void logical_int(const int *in, int *out) {
  int lane = threadIdx.x % 32;
  out[threadIdx.x] = combine(in[lane]);
}

// Reported: calls the float overload, whose ballot covers 64 lanes across the 32-lane groups.
__global__ void wide_float(const float *in, float *out) {
  // CHECK: :[[@LINE+1]]:26: warning: lane index computed with a warp width of 32
  int lane = threadIdx.x % 32;
  // CHECK: :14:26: note: '__ballot' here covers all 64 lanes
  out[threadIdx.x] = combine(in[lane]);
}

// Same name in two namespaces: only the one called counts.
namespace a {
__device__ int vote(int v) { return v * 2; }
} // namespace a
namespace b {
__device__ int vote(int v) { return __popcll(__ballot(v != 0)); }
} // namespace b

// Quiet: a::vote has no cross-lane operation.
__global__ void calls_a(const int *in, int *out) {
  int warp = threadIdx.x / 32;
  out[warp] = a::vote(in[threadIdx.x]);
}

// Reported: b::vote ballots.
__global__ void calls_b(const int *in, int *out) {
  // CHECK: :[[@LINE+1]]:26: warning: warp index computed with a warp width of 32
  int warp = threadIdx.x / 32;
  // CHECK: :37:46: note: '__ballot' here covers all 64 lanes
  out[warp] = b::vote(in[threadIdx.x]);
}

// Quiet: a helper is not connected to the callers of its same-named overload. 'lanes(int)'
// groups by 32 and is called by a kernel with no wavefront-wide operation; 'lanes(float)' is
// called by one that ballots.
__device__ int lanes(int t) { return t % 32; }
__device__ float lanes(float t) { return t * 0.5f; }
__global__ void ballots_float(const float *in, unsigned long long *out) {
  out[0] = __ballot(lanes(in[threadIdx.x]) > 0.0f);
}
__global__ void groups_int(int *out) { out[threadIdx.x] = lanes(static_cast<int>(threadIdx.x)); }
