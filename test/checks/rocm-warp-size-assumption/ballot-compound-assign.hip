// A vote gathered with '|=' (or '&=', '^=') into a 32-bit variable: the operation is computed in
// 64 bits, but the store keeps the low 32, so lanes 32-63 of a 64-lane wavefront are lost. No
// conversion of the vote shows in the syntax tree; the store is the narrowing. Reported in plain
// code, in a template whose vote is dependent, and through a macro that only renames the vote; the
// finding sits on the operator, where the store narrows.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>

__global__ void anyMatch(const int *List, int N, int Key, unsigned *Out) {
  unsigned Mask = 0;
  for (int I = 0; I < N; I += 64)
    // CHECK: :[[@LINE+1]]:10: warning: result of '__ballot' narrowed to the 32-bit type 'unsigned int'; AMD GPUs run 64-lane wavefronts, so lanes 32-63 are lost
    Mask |= __ballot(I + threadIdx.x < N && List[I + threadIdx.x] == Key);
  Out[blockIdx.x] = Mask != 0;
}

#define VOTE_SYNC(m, p) __ballot(p)
template <class Params> __global__ void anyMatchT(Params P, int N, unsigned *Out) {
  unsigned Mask = ~0u;
  for (int I = 0; I < N; I += 64)
    // CHECK: :[[@LINE+1]]:10: warning: result of '__ballot' narrowed to the 32-bit type 'unsigned int' through the macro 'VOTE_SYNC'
    Mask &= VOTE_SYNC(0xffffffff, P.list[I + threadIdx.x] == P.key);
  Out[blockIdx.x] = Mask;
}

// Quiet: a 64-bit accumulator; the upper half picked on purpose; a 32-bit word of ordinary bits.
__global__ void quiet(const int *List, unsigned long long *Wide, unsigned *Out, unsigned Bits) {
  unsigned long long All = 0;
  All |= __ballot(List[threadIdx.x] > 0);
  unsigned High = 0;
  High |= static_cast<unsigned>(__ballot(List[threadIdx.x] < 0) >> 32);
  unsigned Word = 0;
  Word |= Bits;
  Wide[blockIdx.x] = All;
  Out[blockIdx.x] = High + Word;
}
