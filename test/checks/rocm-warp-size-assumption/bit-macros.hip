// 64-bit lane masks given to a 32-bit bit function through a project macro that renames it: the
// mask is written where the macro is used, so the lanes are lost there.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>

// A portability layer that maps its names onto the CUDA spellings for every GPU build.
#define bit_count(x) __popc(x)
#define first_set(x) __ffs(x)
#define vote_all(p) __ballot(p)
#define add_to(p, x) atomicAdd((unsigned *)(p), (unsigned)(x))
// A macro that writes the whole construct itself: its business, reported nowhere.
#define COUNT_LIVE() __popc(__ballot(1))
// A macro that hands its own ballot to the renaming macro: still the macro's construct.
#define COUNT_VOTES(p) bit_count(vote_all(p))

__global__ void tally(unsigned *out, const int *flags, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const auto votes = vote_all(i < n && flags[i]);
  const int lane = threadIdx.x % warpSize;
  if (lane == 0) {
    // CHECK: :[[@LINE+1]]:17: warning: 64-bit lane mask passed to 32-bit '__popc' through the macro 'bit_count'; AMD GPUs run 64-lane wavefronts, so lanes 32-63 are lost: use '__popcll' [rocm-warp-size-assumption]
    add_to(out, bit_count(votes));
  }
  // The mask computed inside the argument, through another macro of the layer.
  // CHECK: :[[@LINE+1]]:20: warning: 64-bit lane mask passed to 32-bit '__popc' through the macro 'bit_count'; AMD GPUs run 64-lane wavefronts, so lanes 32-63 are lost: use '__popcll' [rocm-warp-size-assumption]
  unsigned below = bit_count(vote_all(flags[i] > 0) & __lanemask_lt());
  // CHECK: :[[@LINE+1]]:16: warning: 64-bit lane mask passed to 32-bit '__ffs' through the macro 'first_set'; AMD GPUs run 64-lane wavefronts, so lanes 32-63 are lost: use '__ffsll'
  int leader = first_set(votes) - 1;

  // Negative cases.
  // A 32-bit value that is no lane mask: ordinary bit counting.
  unsigned bits = static_cast<unsigned>(flags[i]);
  unsigned set = bit_count(bits);
  // A 64-bit value that is not a lane mask.
  unsigned long long wide = 1ull << 40;
  set += bit_count(wide);
  // Written wholly inside macros (IgnoreMacros).
  set += COUNT_LIVE() + COUNT_VOTES(flags[i]);
  out[i] = below + leader + set;
}

// A macro chosen for CUDA alone: never expanded for AMD.
#if defined(__CUDA_ARCH__)
#define cuda_count(x) __popc(x)
#else
#define cuda_count(x) __popcll(x)
#endif

__global__ void tally_portable(unsigned *out, const int *flags) {
  const auto votes = vote_all(flags[threadIdx.x] != 0);
  out[threadIdx.x] = cuda_count(votes);
}

// A template: the renaming macro given a dependent mask is judged where the type is known.
template <typename M> __device__ unsigned count_of(M mask) { return bit_count(mask); }

__global__ void tally_template(unsigned *out, const int *flags) {
  out[threadIdx.x] = count_of(static_cast<unsigned>(flags[threadIdx.x]));
}
