// 32-bit full masks passed to the *_sync warp functions (item 4); '~0ull' is offered in a note, which --fix does not apply.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>

// A mask macro is reported once, at its definition, with its uses as notes: the fix is there.
// CHECK: :[[@LINE+1]]:19: warning: 32-bit full mask 'FULL_MASK' passed to '__any_sync' and other *_sync calls selects lanes 0-31 only; AMD GPUs run 64-lane wavefronts: define it as '~0ull' [rocm-warp-size-assumption]
#define FULL_MASK 0xffffffff
__device__ int votes_through_macro(int p) {
  // CHECK: :[[@LINE+1]]:24: note: 'FULL_MASK' is used as the mask of '__any_sync' here
  int any = __any_sync(FULL_MASK, p);
  // CHECK: :[[@LINE+1]]:41: note: 'FULL_MASK' is used as the mask of '__ballot_sync' here
  unsigned long long b2 = __ballot_sync(FULL_MASK, p);
  return any + (int)(b2 & 1);
}
__device__ const unsigned kFull = 0xffffffffu;

__global__ void masks(float *out, int *iout) {
  float v = out[threadIdx.x];
  int p = v > 0.0f;
  // CHECK: :[[@LINE+1]]:25: warning: 32-bit full mask passed to '__shfl_down_sync' selects lanes 0-31 only; AMD GPUs run 64-lane wavefronts: use '~0ull' [rocm-warp-size-assumption]
  v += __shfl_down_sync(0xffffffff, v, 1);
  // CHECK: :[[@LINE+1]]:24: warning: 32-bit full mask passed to '__shfl_xor_sync' selects lanes 0-31 only; AMD GPUs run 64-lane wavefronts: use '~0ull' [rocm-warp-size-assumption]
  v += __shfl_xor_sync(0xFFFFFFFFu, v, 2);
  // CHECK: :[[@LINE+1]]:20: warning: 32-bit full mask passed to '__shfl_sync' selects lanes 0-31 only; AMD GPUs run 64-lane wavefronts: use '~0ull' [rocm-warp-size-assumption]
  v += __shfl_sync(~0u, v, 0);
  // CHECK: :[[@LINE+1]]:23: warning: 32-bit full mask passed to '__shfl_up_sync' selects lanes 0-31 only; AMD GPUs run 64-lane wavefronts: use '~0ull' [rocm-warp-size-assumption]
  v += __shfl_up_sync((unsigned)-1, v, 1);
  // A 64-bit type does not help when the value still has 32 set bits.
  // CHECK: :[[@LINE+1]]:40: warning: 32-bit full mask passed to '__ballot_sync' selects lanes 0-31 only; AMD GPUs run 64-lane wavefronts: use '~0ull' [rocm-warp-size-assumption]
  unsigned long long b = __ballot_sync(0xffffffffULL, p);
  int any = votes_through_macro(p);
  // CHECK: :[[@LINE+1]]:24: warning: 32-bit full mask passed to '__all_sync' selects lanes 0-31 only; AMD GPUs run 64-lane wavefronts: use '~0ull' [rocm-warp-size-assumption]
  int all = __all_sync(kFull, p);
  // CHECK: :[[@LINE+1]]:46: warning: 32-bit full mask passed to '__match_any_sync' selects lanes 0-31 only; AMD GPUs run 64-lane wavefronts: use '~0ull' [rocm-warp-size-assumption]
  unsigned long long same = __match_any_sync(0xffffffff, p);
  // CHECK: :[[@LINE+1]]:36: warning: 32-bit full mask passed to '__reduce_add_sync' selects lanes 0-31 only; AMD GPUs run 64-lane wavefronts: use '~0ull' [rocm-warp-size-assumption]
  unsigned sum = __reduce_add_sync(0xffffffff, p);
  // CHECK: :[[@LINE+1]]:14: warning: 32-bit full mask passed to '__syncwarp' selects lanes 0-31 only; AMD GPUs run 64-lane wavefronts: use '~0ull' [rocm-warp-size-assumption]
  __syncwarp(0xffffffff);

  // A constant of a 32-bit type, even one that names the lanes it wants: HIP's builtins deduce the
  // mask type from the argument and static_assert that it is 64 bits wide.
  // CHECK: :[[@LINE+1]]:25: warning: mask of the 32-bit type 'int' passed to '__shfl_down_sync'; ROCm 6.2 and later require a 64-bit mask type and stop the build at a narrower one: write the constant as a 64-bit integer ('ull' suffix) [rocm-warp-size-assumption]
  v += __shfl_down_sync(-1, v, 1);
  // CHECK: :[[@LINE+1]]:25: warning: mask of the 32-bit type 'int' passed to '__shfl_down_sync'; ROCm 6.2 and later require a 64-bit mask type
  v += __shfl_down_sync(0xffff, v, 1);

  // Negative cases.
  // Portable full masks: all 64 bits set (CUDA narrows them to its 32-bit full mask).
  v += __shfl_down_sync(~0ull, v, 1);
  v += __shfl_down_sync(0xffffffffffffffffULL, v, 1);
  // A deliberate partial mask (lanes 0-15) of a 64-bit type is the author's choice.
  v += __shfl_down_sync(0xffffull, v, 1);
  // The default argument of __syncwarp is the full mask.
  __syncwarp();
  // A mask computed at run time is not a constant assumption.
  v += __shfl_down_sync(b, v, 1);
  // Functions without a mask are not affected.
  v += __shfl_down(v, 1);
  iout[0] = any + all + (int)(same & 1) + (int)sum + (int)(b & 1);
  out[threadIdx.x] = v;
}

// A mask held in a 32-bit variable or parameter: ROCm 6.2+ rejects its type, and it cannot name
// lanes 32-63 (no fix-it: the variable's type is what changes).
__device__ float sub_mask(float v, unsigned mask, unsigned long long wide) {
  // CHECK: :[[@LINE+1]]:24: warning: mask of the 32-bit type 'unsigned int' passed to '__shfl_xor_sync'; AMD GPUs run 64-lane wavefronts and ROCm 6.2 and later require a 64-bit mask, which this one cannot hold: keep the mask in a 64-bit integer [rocm-warp-size-assumption]
  v += __shfl_xor_sync(mask, v, 1);
  unsigned group = mask >> 16;
  // CHECK: :[[@LINE+1]]:19: warning: mask of the 32-bit type 'unsigned int' passed to '__any_sync'
  v += __any_sync(group, v > 0.0f);
  // Negative: a 64-bit mask computed at run time.
  v += __shfl_xor_sync(wide, v, 1);
  // Negative: a ballot narrowed into a 32-bit variable is reported where it is narrowed, not again here.
  // CHECK: :[[@LINE+1]]:18: warning: result of '__ballot_sync' narrowed to the 32-bit type 'unsigned int'
  unsigned got = __ballot_sync(wide, v > 1.0f);
  return v + __shfl_sync(got, v, 0);
}
