// 64-bit lane masks kept in 32 bits after a helper's return value, a reference parameter or a
// struct member; 32-bit bit functions of expressions that hold a 64-bit mask; '1u << lane' with a
// hardware lane and its fix-it (issue #29 item 4). Wrong whatever the grouping: reported always.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: cp %s %t.hip
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -fix %t.hip -- %hip_flags -I %S/Inputs > /dev/null 2>&1
// RUN: FileCheck %s --input-file=%t.hip --check-prefix=FIXED

#include <hip/hip_runtime.h>
#include <stdint.h>
#include "vote_helpers.h"

__device__ uint64_t local_votes(int p) {
  uint64_t m = __activemask();
  m &= __ballot(p) | m; // compound: no longer followed
  return m;
}
__device__ uint64_t plain_votes(int p) {
  uint64_t m;
  m = __ballot(p);
  return m;
}
__device__ void vote_into(uint64_t &out, int p) { out = __ballot(p); }
__device__ void count_into(uint64_t &out, int p) { out = p ? 3ull : 0ull; }

struct Votes {
  uint64_t mask;
  uint64_t count;
};

__global__ void through_paths(unsigned *out, int p) {
  // CHECK: :[[@LINE+1]]:16: warning: result of 'plain_votes' narrowed to the 32-bit type 'unsigned int'; AMD GPUs run 64-lane wavefronts, so lanes 32-63 are lost: keep it in a 64-bit integer [rocm-warp-size-assumption]
  unsigned a = plain_votes(p);
  // CHECK: :[[@LINE+1]]:16: warning: result of 'header_votes' narrowed to the 32-bit type 'unsigned int'
  unsigned h = header_votes(p);
  uint64_t r;
  vote_into(r, p);
  // CHECK: :[[@LINE+1]]:16: warning: lane mask narrowed to the 32-bit type 'unsigned int'; AMD GPUs run 64-lane wavefronts, so lanes 32-63 are lost: keep it in a 64-bit integer [rocm-warp-size-assumption]
  unsigned b = r;
  uint64_t hr;
  header_vote_into(hr, p);
  // CHECK: :[[@LINE+1]]:17: warning: lane mask narrowed to the 32-bit type 'unsigned int'
  unsigned hb = hr;
  Votes s;
  s.mask = __activemask();
  // CHECK: :[[@LINE+1]]:16: warning: lane mask narrowed to the 32-bit type 'unsigned int'
  unsigned c = s.mask;
  out[0] = a + h + b + hb + c;
}

// Quiet: values that are no mask, or whose upper half is picked on purpose.
__global__ void not_masks(unsigned *out, int p) {
  unsigned a = local_votes(p); // a compound write: the helper's value is not followed
  uint64_t r;
  count_into(r, p);
  unsigned b = r; // a count, not a mask
  Votes s;
  s.count = __activemask();
  s.count += 1;
  unsigned c = s.count; // changed by arithmetic
  uint64_t v = __ballot(p);
  unsigned hi = v >> 32; // the upper half, on purpose
  out[0] = a + b + c + hi;
}

// 32-bit bit functions of expressions holding a 64-bit mask.
__global__ void counts(int *out, int p) {
  int lane = __lane_id();
  // CHECK: :[[@LINE+2]]:12: warning: 64-bit lane mask passed to 32-bit '__popc'; AMD GPUs run 64-lane wavefronts, so lanes 32-63 are lost: use '__popcll' [rocm-warp-size-assumption]
  // CHECK: :[[@LINE+1]]:12: note: call '__popcll' where the code counts the lanes of the whole wavefront
  out[0] = __popc(__ballot(p) & ((1ull << lane) - 1));
  // CHECK: :[[@LINE+2]]:12: warning: 64-bit lane mask passed to 32-bit '__popc'
  // CHECK: :[[@LINE+1]]:12: note: call '__popcll'
  out[1] = __popc(__activemask() >> 1);
  // Quiet: the upper half of the mask, counted on purpose.
  out[2] = __popc(__activemask() >> 32);
}

#define LANE_BIT(l) (1u << (l))

// A 32-bit one shifted by a hardware lane: undefined for lanes 32-63.
__global__ void lane_bits(uint64_t *out, unsigned *small) {
  int lane = threadIdx.x % warpSize;
  // CHECK: :[[@LINE+1]]:15: warning: 32-bit one shifted by a lane number that reaches 63; AMD GPUs run 64-lane wavefronts, so lanes 32-63 get no bit (the shift is undefined): shift a 64-bit one ('1ull') [rocm-warp-size-assumption]
  out[0] = 1u << lane;
  // FIXED: out[0] = 1ull << lane;
  // No fix-it: a signed one ('1 << 31' widened sets every upper bit), a 32-bit destination.
  // CHECK: :[[@LINE+1]]:14: warning: 32-bit one shifted by a lane number that reaches 63
  out[1] = 1 << (threadIdx.x & (warpSize - 1));
  // FIXED: out[1] = 1 << (threadIdx.x & (warpSize - 1));
  // CHECK: :[[@LINE+1]]:17: warning: 32-bit one shifted by a lane number that reaches 63
  small[0] = 1u << __lane_id();
  // FIXED: small[0] = 1u << __lane_id();
  // Quiet by default (IgnoreMacros): the shift is written by the macro.
  out[2] = LANE_BIT(lane);
  // FIXED: out[2] = LANE_BIT(lane);
}

// Quiet: a lane of a 32-lane group never reaches 32.
__global__ void group_bits(unsigned *out) {
  int lane = threadIdx.x & 31;
  out[0] = 1u << lane;
}
