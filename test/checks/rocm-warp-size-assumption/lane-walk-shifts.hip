// 32-bit ones shifted by the counter of a loop over the wavefront's lanes, and by a variable the
// same function uses to shift a 64-bit value: both are bit positions up to 63 on 64 lanes, where
// the 32-bit shift is undefined.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='.*' %s -- %hip_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='.*' %s -- %hip_device_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>
#include <stdint.h>
#include "lane_walk_helpers.h"
// The header's helper, reported there (listed first).
// CHECK: lane_walk_helpers.h:8:21: warning: 32-bit one shifted by a lane number that reaches 63;

#define WAVE_SIZE 64
#define WARP_SIZE 32
#define BIT(n) (1 << (n))

__global__ void walks(const uint64_t *in, uint64_t *out) {
  const uint64_t members = in[blockIdx.x];
  uint64_t picked = 0;
  // CHECK: :[[@LINE+2]]:28: warning: 32-bit one shifted by a lane number that reaches 63; AMD GPUs run 64-lane wavefronts, so lanes 32-63 get no bit (the shift is undefined): shift a 64-bit one ('1ull') [rocm-warp-size-assumption]
  for (unsigned i = 0; i < warpSize; i++)
    picked |= members & (1 << i);
  // An inclusive bound, and a project macro named like the width.
  // CHECK: :[[@LINE+2]]:28: warning: 32-bit one shifted by a lane number that reaches 63;
  for (int i = 0; i <= warpSize - 1; ++i)
    picked ^= members & (1 << i);
  // CHECK: :[[@LINE+2]]:28: warning: 32-bit one shifted by a lane number that reaches 63;
  for (int i = 0; i < WAVE_SIZE; i += 1)
    picked ^= members & (1 << i);
#ifdef __AMDGCN_WAVEFRONT_SIZE
  // The compiler's wavefront macro (64 for gfx90a; clang 19 defines it in the host pass too).
  // CHECK: :[[@LINE+2]]:28: warning: 32-bit one shifted by a lane number that reaches 63;
  for (unsigned i = 0; i < __AMDGCN_WAVEFRONT_SIZE; i++)
    picked |= members & (1 << i);
#endif
  // Negative: a 64-bit one.
  for (int i = 0; i < warpSize; ++i)
    picked ^= members & (1ull << i);
  // Negative: a logical 32-lane warp: the counter stays below 32.
  for (int i = 0; i < WARP_SIZE; ++i)
    picked ^= members & (1u << i);
  // Negative: 'i < 64' does not say that the loop walks lanes (it may count anything).
  for (int i = 0; i < 64; ++i)
    picked ^= members & (1ull << i) ? (1 << (i & 31)) : 0;
  // Negative: the body moves the counter itself; the bound no longer says what it holds.
  for (int i = 0; i < warpSize; ++i) {
    i = static_cast<int>(in[i] & 7);
    picked ^= members & (1 << i);
  }
  // Negative: the shift is written in a macro's body (IgnoreMacros).
  for (int i = 0; i < warpSize; ++i)
    picked ^= members & BIT(i);
  out[blockIdx.x] = picked + ::members(picked);
}

// In a template: the pattern is reported once, not per instantiation.
template <typename T>
__device__ T walk_template(T mask) {
  T out = 0;
  // CHECK: :[[@LINE+2]]:22: warning: 32-bit one shifted by a lane number that reaches 63;
  for (int i = 0; i < warpSize; ++i)
    out |= mask & (1 << i);
  return out;
}
__global__ void templates(uint64_t *out) { out[0] = walk_template<uint64_t>(out[1]) + walk_template<int64_t>(2); }

// The n-th set bit of a 64-bit mask from position 'base': '1 << base' is widened into the 64-bit
// mask while '~0ull << base' says base counts the 64 positions.
__device__ int nth_bit(uint64_t mask, uint32_t base, int offset) {
  uint64_t m = mask;
  if (offset == 0)
    // CHECK: :[[@LINE+1]]:13: warning: 32-bit one shifted by 'base', which this function also uses to shift a 64-bit value; AMD GPUs run 64-lane wavefronts, so for positions 32-63 of a 64-bit lane mask the shift is undefined and sets no bit: shift a 64-bit one ('1ull') [rocm-warp-size-assumption]
    m &= (1 << base);
  m &= ~0ull << base;
  // CHECK: :[[@LINE-1]]:14: note: 'base' shifts a 64-bit value here
  return __popcll(m);
}

// Negatives of the same shape.
__device__ uint32_t narrow_bits(uint64_t mask, uint32_t base) {
  // The 32-bit one stays 32 bits: a field of a 32-bit word, not a bit of the 64-bit mask.
  uint32_t low = 1u << base;
  // No 64-bit shift by 'other': nothing says it passes 31.
  uint32_t other = base / 2;
  uint64_t wide = mask & (1u << other);
  // The amount is a lane of a 32-lane group: at most 31.
  uint32_t lane32 = threadIdx.x % 32;
  wide |= mask & (1u << lane32);
  return low + static_cast<uint32_t>((mask >> base) + (wide >> lane32));
}
__global__ void nth(uint64_t *out) { out[0] = nth_bit(out[1], 3, 0) + narrow_bits(out[2], 4); }
