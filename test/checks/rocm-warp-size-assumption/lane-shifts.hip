// 32-bit shifts whose amount is computed from a lane number: a subwarp's bit field placed at
// 'k * (lane / k)', a lane's bit at the position '__ffsll' finds in a 64-bit ballot. On 64 lanes
// the amount passes 31 and the shift is undefined.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='.*' %s -- %hip_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='.*' %s -- %hip_device_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>
#include <stdint.h>
#include "lane_shift_helpers.h"
// CHECK: lane_shift_helpers.h:9:30: warning: 32-bit value shifted by an amount computed from the lane number, which reaches 60;
// CHECK: lane_shift_helpers.h:9:33: note: the amount

constexpr uint32_t Branching = 4;

__global__ void subwarp_masks(uint64_t *out) {
  const uint32_t lane = threadIdx.x % warpSize;
  const uint32_t sub = lane / Branching;
  // Subwarps 8-15 shift by 32-60: a 32-bit int cannot hold their bits.
  // CHECK: :[[@LINE+2]]:48: warning: 32-bit value shifted by an amount computed from the lane number, which reaches 60; AMD GPUs run 64-lane wavefronts, so the shift is undefined for the lanes past 31 bits: shift a 64-bit value [rocm-warp-size-assumption]
  // CHECK: :[[@LINE+1]]:51: note: the amount, at most 31 on a 32-lane warp
  const uint64_t mask = ((1 << Branching) - 1) << static_cast<uint64_t>(Branching * sub);
  // Negative: the same field in a 64-bit value.
  const uint64_t wide = ((1ull << Branching) - 1) << (Branching * sub);
  // Negative: the amount masked to 0-31 (a choice within 32 bits).
  const uint32_t low = 0xfu << ((Branching * sub) & 31);
  // Negative: a subwarp of a 32-lane group: the amount stays at 28 or below.
  const uint32_t in32 = 0xfu << (Branching * ((threadIdx.x % 32) / Branching));
  // A 16-lane half of a wavefront: 'half' is 0-3 and the amount reaches 48.
  // CHECK: :[[@LINE+1]]:35: warning: 32-bit value shifted by an amount computed from the lane number, which reaches 48;
  const uint32_t halves = 0xffffu << (16 * (lane / 16));
  // CHECK: :[[@LINE-1]]:38: note: the amount
  out[threadIdx.x] = mask | wide | low | in32 | halves;
}

__global__ void ballot_bits(uint64_t *out, const int *in) {
  uint64_t active = __ballot(in[threadIdx.x] > 0);
  const uint32_t first = __ffsll(static_cast<unsigned long long>(active)) - 1;
  // The first set bit of a 64-bit ballot is a lane up to 63.
  // CHECK: :[[@LINE+1]]:18: warning: 32-bit one shifted by a lane number that reaches 63; AMD GPUs run 64-lane wavefronts, so lanes 32-63 get no bit (the shift is undefined): shift a 64-bit one ('1ull') [rocm-warp-size-assumption]
  active &= ~(1u << first);
  // The lane chosen by a conditional of two lvalues is still read, not escaped.
  const uint32_t second = __ffsll(static_cast<unsigned long long>(active)) - 1;
  const uint32_t pick = (threadIdx.x < 16) ? first : second;
  // CHECK: :[[@LINE+1]]:15: warning: 32-bit one shifted by a lane number that reaches 63;
  active ^= 1 << pick;
  // Negative: a 64-bit one.
  active ^= 1ull << first;
  // Negative: the bit position of a 32-bit value is at most 31.
  const uint32_t low = __ffs(static_cast<unsigned>(active)) - 1;
  out[threadIdx.x] = active | (1u << low);
}

// In a template: the width comes from the template argument.
template <uint32_t Width>
__global__ void templated(uint32_t *out) {
  const uint32_t sub = (threadIdx.x % warpSize) / Width;
  // CHECK: :[[@LINE+1]]:28: warning: 32-bit value shifted by an amount computed from the lane number, which reaches 56;
  out[threadIdx.x] = 0xffu << (Width * sub);
  // CHECK: :[[@LINE-1]]:31: note: the amount
}
void launch_templated(uint32_t *out) { templated<8><<<4, 256>>>(out); }

// The shift written in the user's code with the amount from a macro: reported at the operator.
// A shift written inside a macro's body is the macro's (IgnoreMacros).
#define LANE_OFFSET(k) ((k) * ((threadIdx.x % warpSize) / (k)))
#define LANE_FIELD(bits) ((bits) << (4 * ((threadIdx.x % warpSize) / 4)))
__global__ void macros(uint32_t *out) {
  // CHECK: :[[@LINE+2]]:27: warning: 32-bit value shifted by an amount computed from the lane number, which reaches 60;
  // CHECK: :[[@LINE+1]]:30: note: the amount
  out[threadIdx.x] = 0xfu << LANE_OFFSET(4) | LANE_FIELD(0xfu);
}

// The header's template, instantiated from here (reported in the header, listed first).
__global__ void from_header(uint32_t *out) { out[threadIdx.x] = subwarp_bits<4>(); }

// Negative: blocks of 32 threads: lanes 32-63 never run, the amount stays at 28.
__global__ void narrow_rows(uint32_t *out) {
  uint32_t sub = (threadIdx.x % warpSize) / 4;
  out[threadIdx.x] = 0xfu << (4 * sub);
}
void launch_narrow(uint32_t *out) { narrow_rows<<<16, 32>>>(out); }
