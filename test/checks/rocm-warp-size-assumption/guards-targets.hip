// Per-target macros come from the GPU target table (lib/data/gpu_targets.json), not a fixed list:
// code under '__gfx942__', '__gfx1100__' or the family macro '__GFX11__' was written for those AMD
// targets, so its 32-lane groupings are the author's choice there, while narrowed ballots and
// 32-bit masks are still wrong.
// clang 16 does not know gfx942 (it rejects --offload-arch=gfx942), so this test needs a newer clang.
// UNSUPPORTED: llvm-16
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- -x hip --offload-arch=gfx942 -nogpulib -nogpuinc \
// RUN:   -isystem %S/../../Inputs/include --cuda-device-only 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=CHECK,GFX942 --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- -x hip --offload-arch=gfx1100 -nogpulib -nogpuinc \
// RUN:   -isystem %S/../../Inputs/include --cuda-device-only 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=CHECK,GFX1100 --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>

#if defined(__gfx942__)
__global__ void mi300_only(const int *in, int *out) {
  // Quiet: a 32-lane split next to a ballot, in code only gfx942 compiles.
  int lane = threadIdx.x % 32;
  // GFX942: :[[@LINE+1]]:16: warning: result of '__ballot' narrowed to the 32-bit type 'unsigned int'
  unsigned m = __ballot(in[lane] > 3);
  out[lane] = m;
}
#elif defined(__GFX11__)
__global__ void rdna3_only(const int *in, int *out) {
  int lane = threadIdx.x & 31;
  // GFX1100: :[[@LINE+1]]:26: warning: 32-bit full mask passed to '__any_sync' selects lanes 0-31 only
  out[lane] = __any_sync(0xffffffffu, in[lane] > 0) + (int)(__ballot(in[lane] > 1) & 1);
}
#endif

// Outside the per-target branches the same code is reported on every target.
__global__ void every_target(const int *in, int *out) {
  // CHECK: :[[@LINE+1]]:26: warning: lane index computed with a warp width of 32
  int lane = threadIdx.x % 32;
  unsigned long long votes = __ballot(in[lane] > 3);
  out[lane] = (int)((votes >> lane) & 1);
}
