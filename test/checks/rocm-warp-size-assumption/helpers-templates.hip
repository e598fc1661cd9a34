// Lane groupings that reach the warp arithmetic through the parameters of the unit's own helpers
// and through template arguments, and ballots narrowed in template definitions.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -header-filter='lane_helpers' -- %hip_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -header-filter='lane_helpers' -- %hip_device_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// No fix-it is applied where the 32 is a helper's parameter or a template's argument: another
// caller may mean 32 lanes.
// RUN: cp %s %t.hip
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -fix %t.hip -- %hip_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FIX
// RUN: FileCheck %s --input-file=%t.hip --check-prefix=FIXED --match-full-lines --strict-whitespace
// FIX-NOT: applied

#include <hip/hip_runtime.h>
#include "lane_helpers.h"
// The header's helpers are given a thread index in 'partials' below (clang-tidy lists the header's
// findings first).
// CHECK-DAG: lane_helpers.h:3:55: warning: lane index computed with a warp width of 32; AMD GPUs run 64-lane wavefronts: use 'warpSize'
// CHECK-DAG: lane_helpers.h:4:50: warning: warp index computed with a warp width of 32

// A helper given 'threadIdx.x' by a kernel whose ballot covers 64 lanes.
__device__ int lane_of(int t) {
  // CHECK: :[[@LINE+2]]:12: warning: lane index computed with a lane mask of 31; AMD GPUs run 64-lane wavefronts: use 'warpSize - 1' [rocm-warp-size-assumption]
  // FIXED:  return t & 31;
  return t & 31;
}
__global__ void ballot_bits(const int *in, int *out) {
  unsigned long long votes = __ballot(in[threadIdx.x] > 0);
  // CHECK: :[[@LINE+1]]:32: note: the call here passes a thread index as 't'
  out[threadIdx.x] = (votes >> lane_of(threadIdx.x)) & 1;
}

// The parameter passed on through a second helper, from a local computed from the thread index.
__device__ int warp_of(int t) {
  // CHECK: :[[@LINE+1]]:12: warning: warp index computed with a warp width of 32
  return t / 32;
}
__device__ int slot(int thread) { return warp_of(thread) + 1; }
__global__ void partials(const float *in, float *out) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[tid];
  for (int o = warpSize / 2; o > 0; o /= 2)
    v += __shfl_down(v, o);
  out[slot(tid)] = v;
  // The header's helpers, given a thread index here, meet the same reduction.
  out[lane_in_group(threadIdx.x) + group_of(threadIdx.x)] = v;
}

// Negative: the helper's callers pass no thread index (a block number is not a lane).
__device__ int mod32(int x) { return x % 32; }
__global__ void not_a_lane(const int *in, int *out) {
  unsigned long long votes = __ballot(in[threadIdx.x] > 0);
  out[mod32(blockIdx.x)] = (int)(votes & 1);
}

// Negative: logical 32-lane code through a helper: every shuffle has a width of 32, nothing spans
// the wavefront.
__device__ int sublane(int t) { return t & 31; }
__global__ void logical32(float *out) {
  float v = out[threadIdx.x];
  for (int o = 16; o > 0; o /= 2)
    v += __shfl_xor(v, o, 32);
  if (sublane(threadIdx.x) == 0)
    out[threadIdx.x / 32] = v;
}

// '1u << lane' in a helper whose caller passes a lane number that reaches 63.
__device__ unsigned bit_of(int lane) {
  // CHECK: :[[@LINE+1]]:13: warning: 32-bit one shifted by a lane number that reaches 63
  return 1u << lane;
}
__device__ unsigned bit_of_sub(int lane) { return 1u << lane; }
__global__ void lane_bits(unsigned *out) {
  out[0] = bit_of(threadIdx.x % warpSize);
  // Negative: a lane within a 32-lane group stays below 32.
  out[1] = bit_of_sub(threadIdx.x % 32);
}

// A template argument of 32 used as the lane count, instantiated next to a ballot.
template <int WS> __device__ int lane_t() {
  // CHECK: :[[@LINE+2]]:22: warning: lane index computed with a warp width of 32; AMD GPUs run 64-lane wavefronts: use 'warpSize'
  // CHECK: :[[@LINE+14]]:32: note: template argument 'WS' is 32 in the instantiation here
  return threadIdx.x % WS;
}
template <int Lanes> struct Group {
  __device__ static int first() {
    // CHECK: :[[@LINE+2]]:24: warning: first warp selected as threads 0-31
    // CHECK: :[[@LINE+10]]:23: note: template argument 'Lanes' is 32 in the instantiation here
    return threadIdx.x < Lanes;
  }
};
__global__ void template_args(const int *in, int *out) {
  unsigned long long votes = __ballot(in[threadIdx.x] > 0);
  // Instantiated twice with 32: reported once.
  // FIXED:  out[threadIdx.x] = (votes >> lane_t<32>()) & 1;
  out[threadIdx.x] = (votes >> lane_t<32>()) & 1;
  out[1] = lane_t<32>() + lane_t<32>();
  out[2] = Group<32>::first();
}

// Negative: a template instantiated with 32 and with 64 is written for both widths (the host picks
// one per device, after querying its warp size).
template <int W> __device__ int lane_w() { return threadIdx.x % W; }
template <int W> __global__ void per_width(const int *in, int *out) {
  unsigned long long votes = __ballot(in[threadIdx.x] > 0);
  out[lane_w<W>()] = (int)(votes & 1);
}
void launch(const hipDeviceProp_t &prop, const int *in, int *out) {
  // Negative: a test that accepts both widths assumes neither.
  if (prop.warpSize != 32 && prop.warpSize != 64)
    return;
  if (prop.warpSize == 64)
    per_width<64><<<1, 64>>>(in, out);
  else
    per_width<32><<<1, 32>>>(in, out);
}

// Negative: a template argument that is not 32, and a template never instantiated with 32.
template <int TILE> __device__ int tile_lane() { return threadIdx.x % TILE; }
__global__ void tiles(const int *in, int *out) {
  unsigned long long votes = __ballot(in[threadIdx.x] > 0);
  out[tile_lane<16>()] = (int)(votes & 1) + tile_lane<64>();
}

// Ballots narrowed in template definitions: the definition says so, whatever it is instantiated with.
template <typename P> __device__ unsigned vote(P p) {
  // CHECK: :[[@LINE+1]]:10: warning: result of '__ballot' narrowed to the 32-bit type 'unsigned int'; AMD GPUs run 64-lane wavefronts, so lanes 32-63 are lost: keep it in a 64-bit integer
  return __ballot(p);
}
template <typename P> __device__ int count_votes(P p, int *out) {
  // CHECK: :[[@LINE+1]]:16: warning: result of '__ballot' narrowed to the 32-bit type 'unsigned int'
  unsigned m = __ballot(p);
  // CHECK: :[[@LINE+1]]:23: warning: result of '__activemask' narrowed to the 32-bit type 'unsigned int'
  out[0] = (unsigned)(__activemask());
  // Negative: 64-bit storage, a dependent type, and a yes/no test keep every lane.
  unsigned long long wide = __ballot(p);
  P same = __ballot(p);
  bool any = __ballot(p);
  return (int)m + (int)(wide & 1) + (int)same + any;
}
__global__ void use_votes(int *out) { out[1] = count_votes(out[threadIdx.x] > 0, out) + (int)vote(out[0]); }
