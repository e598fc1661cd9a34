// A mask type chosen per target ('#if defined(__GFX9__) using mask_t = uint64_t; #else uint32_t'):
// the host pass reads the 32-bit arm, which the 64-lane device pass never compiles. The host pass
// stays quiet about votes stored in it; the device pass judges the code with the type it reads.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --check-prefix=HOST --allow-empty --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DEVICE --implicit-check-not='warning:' --implicit-check-not='error:'
// HOST-NOT: warning:

#include <hip/hip_runtime.h>

#if defined(__GFX8__) || defined(__GFX9__)
using lane_mask_t = unsigned long long;
using wrong_mask_t = unsigned int;
#else
using lane_mask_t = unsigned int;
using wrong_mask_t = unsigned int;
#endif

__device__ int peers(int v) {
  // Quiet in both passes: 64 bits where the wavefront has 64 lanes.
  lane_mask_t votes = __ballot(v == 0);
  // The gfx9 arm is 32 bits too: the device pass reports it.
  // DEVICE: :[[@LINE+1]]:22: warning: result of '__ballot' narrowed to the 32-bit type 'wrong_mask_t' (aka 'unsigned int')
  wrong_mask_t cut = __ballot(v == 1);
  return __popcll(votes) + (int)cut;
}
