// A port's shim of '__ballot_sync' that returns 32 bits (the vote of the caller's own 32-lane half,
// as a CUDA-compatibility header for wave64 gives it): its value is 32 bits by construction, and
// what the caller does with it is no narrowing of the wavefront's 64-bit mask. A narrowing inside
// a shim is the shim's own finding, reported there. A shim that returns 64 bits is still a lane
// mask for its callers.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>
#include <cstdint>

namespace half_shim {
// The caller's half of the wavefront's vote, shifted down: 32 bits on purpose.
__device__ inline uint32_t vote(uint32_t, bool p) {
  uint64_t all = __ballot(p);
  return (uint32_t)(all >> (__lane_id() & 32));
}
} // namespace half_shim

__device__ inline uint32_t __ballot_sync(uint32_t mask, bool p) { return half_shim::vote(mask, p); }

// The shim's 32-bit result counted with '__popc': quiet, there is no lane 32-63 in it. (A 32-lane
// numbering beside the call is still read as meeting the '__ballot' inside the shim: the model
// does not yet know that the shim keeps each half's vote apart.)
__global__ void count_matches(const int *in, int *out) {
  bool hit = in[threadIdx.x] > 0;
  uint64_t m = __ballot_sync(0xFFFFFFFFu, hit);
  if (threadIdx.x == 0)
    out[blockIdx.x] = __popc(m);
}

// A shim that narrows inside: reported at the narrowing, once; its callers stay quiet.
// CHECK: :[[@LINE+1]]:74: warning: result of '__ballot' narrowed to the 32-bit type 'unsigned int'
__device__ inline unsigned any_lanes(unsigned, int p) { return (unsigned)__ballot(p); }

__global__ void use_narrow_shim(const int *in, unsigned *out) {
  unsigned m = any_lanes(0xFFFFFFFFu, in[threadIdx.x]);
  out[blockIdx.x] = m;
}

// A shim of 64 bits is a lane mask: stored in 32 bits, lanes 32-63 are lost.
__device__ inline unsigned long long wide_vote(int p) { return __ballot(p); }
__global__ void narrow_wide_shim(const int *in, unsigned *out) {
  // CHECK: :[[@LINE+1]]:16: warning: result of 'wide_vote' narrowed to the 32-bit type 'unsigned int'
  unsigned m = wide_vote(in[threadIdx.x]);
  out[blockIdx.x] = m;
}
