// A vote wrapper that returns the ballot as its template parameter type keeps only that type's
// bits: instantiated for bool (a predicate), the whole wavefront's mask becomes 0 or 1; for a
// 32-bit type, lanes 32-63 are lost. Reported once, in the template, when an instantiation is narrow.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>

struct Vote {
  // CHECK: :[[@LINE+1]]:73: warning: result of '__ballot' narrowed to the 1-bit type 'bool'
  template <typename T> __device__ static T ballot_sync(T var) { return __ballot(var); }
  // Quiet: the wrapper's own return type is 64 bits wide.
  template <typename T> __device__ static unsigned long long ballot_wide(T var) { return __ballot(var); }
};

// Reported for the 32-bit instantiation.
template <typename T> __device__ T colourVote(T colour) {
  // CHECK: :[[@LINE+1]]:10: warning: result of '__ballot' narrowed to the 32-bit type 'unsigned int'
  return __ballot(colour != 0);
}

// Quiet: only ever instantiated with a 64-bit type.
template <typename T> __device__ T maskVote(T v) { return __ballot(v != 0); }

// Macro case: the vote is spelled by a macro that only renames it: reported at the template's use
// of the macro.
#define WAVE_VOTE(p) __ballot(p)
template <typename T> __device__ T macroVote(T v) {
  // CHECK: :[[@LINE+1]]:10: warning: result of '__ballot' narrowed to the 32-bit type 'int' through the macro 'WAVE_VOTE'
  return WAVE_VOTE(v > 0);
}

// Never instantiated here (its only caller is a kernel template nobody launches in this file), but
// it returns the ballot as the type of the predicate it votes on: a bool or 32-bit predicate keeps
// at most lanes 0-31.
// The finding sits on the declared return type, which is what a fix changes.
// CHECK: :[[@LINE+1]]:31: warning: result of '__ballot' returned as the predicate's type 'P'; AMD GPUs run 64-lane wavefronts, so a bool or 32-bit predicate keeps at most lanes 0-31: return a 64-bit integer
template <class P> __device__ P predicateVote(P pred) {
  // CHECK: :[[@LINE+1]]:10: note: the 64-bit vote is returned here
  return __ballot(pred);
}
// Quiet: the mask type is its own parameter, chosen by the caller apart from the predicate.
template <class M, class P> __device__ M maskTypeVote(P pred) { return __ballot(pred); }
// Quiet: the parameter of type P is not what the vote reads.
template <class P> __device__ P countVote(P start, int pred) { return start + __popcll(__ballot(pred)); }

template <class G> __global__ void frontierOf(const G *g, unsigned long long *out) {
  out[threadIdx.x] = predicateVote(g[threadIdx.x] != 0) + maskTypeVote<unsigned long long>(g[threadIdx.x] > 0) +
                     countVote(g[0], threadIdx.x & 1);
}

__global__ void frontier(const int *c, const unsigned *u, unsigned long long *out) {
  unsigned long long m = Vote::ballot_sync(c[threadIdx.x] != 0);
  m += Vote::ballot_wide(c[threadIdx.x] > 0);
  m += colourVote(u[threadIdx.x]);
  m += maskVote<unsigned long long>(c[threadIdx.x]);
  m += macroVote(c[threadIdx.x]);
  out[blockIdx.x] = m;
}
