// A port that maps CUDA's vote onto HIP's with a macro that only renames it ('#define
// __ballot_sync(mask, p) __ballot(p)') leaves the storage to the code that uses it: a 32-bit
// variable there loses lanes 32-63, and is reported at that use, naming the macro. A macro that
// narrows inside its own body is the macro's business (and reported at its definition as before).
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>

#define __ballot_sync(mask, predicate) __ballot(predicate)
typedef unsigned int Word;

__global__ void overflowRanks(const int *fill, int *rank, unsigned long long active) {
  bool over = fill[threadIdx.x] > 8;
  // CHECK: :[[@LINE+1]]:16: warning: result of '__ballot' narrowed to the 32-bit type 'Word' (aka 'unsigned int') through the macro '__ballot_sync'
  Word votes = __ballot_sync(active, over);
  rank[threadIdx.x] = __popc(votes);
}

// Quiet: the use keeps the vote in 64 bits.
__global__ void wideRanks(const int *fill, int *rank, unsigned long long active) {
  unsigned long long votes = __ballot_sync(active, fill[threadIdx.x] > 8);
  rank[threadIdx.x] = __popcll(votes);
}

// Template case: reported once, at the use in the template.
template <typename T> __global__ void ranksOf(const T *fill, int *rank) {
  // CHECK: :[[@LINE+1]]:20: warning: result of '__ballot' narrowed to the 32-bit type 'unsigned int' through the macro '__ballot_sync'
  unsigned votes = __ballot_sync(~0ull, fill[threadIdx.x] > T(0));
  rank[threadIdx.x] = __popc(votes);
}
template __global__ void ranksOf<float>(const float *, int *);
template __global__ void ranksOf<int>(const int *, int *);

// Quiet: the narrowed vote is stored in a local that nothing reads; the only use is the mask of a
// shuffle macro that drops it on AMD.
#define SHFL_DOWN(mask, v, d) __shfl_down(v, d)
__global__ void unreadVote(const float *in, float *out, unsigned long long active) {
  unsigned mask;
  float v = in[threadIdx.x];
  mask = __ballot_sync(active, v > 0.f);
  for (int d = warpSize / 2; d > 0; d /= 2)
    v += SHFL_DOWN(mask, v, d);
  out[threadIdx.x] = v;
}
