// The execution mask and the builtin ballots as lane masks: '__builtin_amdgcn_read_exec' and
// '__builtin_amdgcn_ballot_w64' return 64 bits, one per lane of the wavefront, as '__ballot' does,
// so a 32-bit home loses lanes 32-63. And lane numbers that come from the project's own helpers
// ('laneid()' returning '__lane_id()' or the mbcnt pair), which reach 63 as the builtins do. Quiet
// where the code takes a mask in halves ('(unsigned)m' beside '(unsigned)(m >> 32)').
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_device_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>
#include "exec_lane.h"

__device__ int leader(const int *flags) {
  // CHECK: :[[@LINE+1]]:16: warning: result of '__builtin_amdgcn_read_exec' narrowed to the 32-bit type 'int'; AMD GPUs run 64-lane wavefronts, so lanes 32-63 are lost: keep it in a 64-bit integer [rocm-warp-size-assumption]
  int active = __builtin_amdgcn_read_exec();
  return __ffs(active) - 1;
}

__device__ unsigned votes(int p) {
  // CHECK: :[[@LINE+1]]:10: warning: result of '__builtin_amdgcn_ballot_w64' narrowed to the 32-bit type 'unsigned int'; AMD GPUs run 64-lane wavefronts, so lanes 32-63 are lost: keep it in a 64-bit integer [rocm-warp-size-assumption]
  return __builtin_amdgcn_ballot_w64(p);
}

// A macro that narrows in its own body: reported at the cast in the definition.
// CHECK: :[[@LINE+1]]:19: warning: macro 'EXEC32' narrows the result of '__builtin_amdgcn_read_exec' to the 32-bit type 'unsigned int'
#define EXEC32() ((unsigned)__builtin_amdgcn_read_exec())
__device__ unsigned through_macro() { return EXEC32(); }

// In a template, once for its instantiations.
template <class T> __device__ T first_active(T v) {
  // CHECK: :[[@LINE+1]]:16: warning: result of '__builtin_amdgcn_read_exec' narrowed to the 32-bit type 'int'
  int active = __builtin_amdgcn_read_exec();
  return v + __ffs(active);
}
template __device__ int first_active<int>(int);
template __device__ float first_active<float>(float);

// Through the header's wrapper.
__device__ unsigned wrapped() {
  // CHECK: :[[@LINE+1]]:10: warning: result of 'exec_mask' narrowed to the 32-bit type 'unsigned int'
  return exec_mask();
}

// A lane of the header's helper shifts a 32-bit one.
__device__ unsigned below_me() {
  unsigned lane = hw_lane();
  // CHECK: :[[@LINE+1]]:14: warning: 32-bit one shifted by a lane number that reaches 63
  return (1u << lane) - 1u;
}

// A helper of this file, through another helper, in a template.
__device__ unsigned laneid() { return __lane_id(); }
__device__ unsigned lane_of_lane() { return laneid(); }
template <class T> __device__ T my_bit(T v) {
  // CHECK: :[[@LINE+1]]:18: warning: 32-bit one shifted by a lane number that reaches 63
  return v + (1u << lane_of_lane());
}
template __device__ int my_bit<int>(int);
template __device__ unsigned my_bit<unsigned>(unsigned);

// Negative cases.
// Kept in 64 bits, and the low half read as what it is: correct on 64 lanes.
__device__ int leader64() {
  unsigned long long active = __builtin_amdgcn_read_exec();
  unsigned lo = __builtin_amdgcn_read_exec_lo();
  return __ffsll(active) - 1 + (lo != 0);
}
// A 64-bit one shifted by the helper's lane.
__device__ unsigned long long below_me64() { return (1ull << hw_lane()) - 1ull; }
// A helper that returns a lane of 32 ('% 32'), or on some path anything but a lane, is no
// hardware lane: the shift stays below 32.
__device__ unsigned lane_in_warp() { return __lane_id() % 32; }
__device__ unsigned in_warp_bit() { return 1u << lane_in_warp(); }
__device__ unsigned mixed(int p) {
  if (p)
    return 0;
  return __lane_id();
}
__device__ unsigned mixed_bit(int p) { return 1u << mixed(p); }
// The mask taken in halves: the low one as the mbcnt pair's first operand, the high one shifted
// down for the second, so each lane's rank counts all 64 lanes. Two 32-bit counts of a ballot alike.
__device__ bool first_active() {
  unsigned long long ex = __builtin_amdgcn_read_exec();
  unsigned lo = __builtin_amdgcn_mbcnt_lo((unsigned)ex, 0u);
  return __builtin_amdgcn_mbcnt_hi((unsigned)(ex >> 32), lo) == 0;
}
__device__ int halves(int p) {
  unsigned long long b = __ballot(p);
  unsigned lo = (unsigned)b, hi = (unsigned)(b >> 32);
  return __popc(lo) + __popc(hi);
}
// Halves of one mask do not excuse another's narrowing.
__device__ int other_mask(int p) {
  unsigned long long b = __ballot(p);
  unsigned long long c = __ballot(!p);
  // CHECK: :[[@LINE+1]]:46: warning: lane mask narrowed to the 32-bit type 'unsigned int'
  unsigned hi = (unsigned)(b >> 32), low_c = c;
  return __popc(hi) + __popc(low_c);
}
