// '1u << threadIdx.x' beside a 64-bit vote: the thread index is used as the lane of the vote, so
// the block is one wavefront, and on 64 lanes threads 32-63 shift a 32-bit one by 32 or more
// (undefined: their bit is lost or garbage). Blocks of at most 32 threads, a shift that meets no
// 64-bit mask, and the 64-bit one stay quiet.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>

__device__ unsigned long long rankInWave(bool Take) {
  const auto Votes = __ballot(Take);
  // CHECK: :[[@LINE+1]]:34: warning: 32-bit one shifted by a lane number that reaches 63
  return __popcll(Votes & ~(-(1u << threadIdx.x)));
}

__device__ unsigned long long below(bool Take) {
  unsigned long long Votes = __ballot(Take);
  // CHECK: :[[@LINE+1]]:32: warning: 32-bit one shifted by a lane number that reaches 63
  return __popcll(Votes & ((1u << threadIdx.x) - 1));
}

// Macro case: a shift spelled inside a project macro is left alone, as every '1u << lane' finding
// is (the macro may serve callers whose blocks are narrow).
#define LANES_BELOW(v) ((v) & ((1u << threadIdx.x) - 1))
__device__ unsigned long long belowMacro(bool Take) {
  unsigned long long Votes = __ballot(Take);
  return __popcll(LANES_BELOW(Votes));
}

// Quiet: the 64-bit one, and a 32-bit one that meets no 64-bit vote (a bit of a 32-bit word).
__device__ unsigned long long quiet(bool Take, unsigned Word) {
  unsigned long long Votes = __ballot(Take);
  unsigned Bit = Word & (1u << threadIdx.y);
  return __popcll(Votes & ((1ull << threadIdx.x) - 1)) + Bit;
}

__global__ void compact(const int *In, unsigned long long *Out) {
  Out[threadIdx.x] = rankInWave(In[threadIdx.x] > 0) + below(In[threadIdx.x] < 0) + belowMacro(In[0] > 1) +
                     quiet(In[1] > 0, In[2]);
}

// Quiet: launched with blocks of 32 threads, where threadIdx.x stays below 32.
__global__ void narrow(const int *In, unsigned long long *Out) {
  unsigned long long Votes = __ballot(In[threadIdx.x] > 0);
  Out[threadIdx.x] = __popcll(Votes & ((1u << threadIdx.x) - 1));
}
void launchNarrow(const int *In, unsigned long long *Out) { narrow<<<16, 32>>>(In, Out); }
