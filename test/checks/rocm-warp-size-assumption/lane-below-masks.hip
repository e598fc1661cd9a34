// The mask of the lanes below this one ('(1ull << lane) - 1') and the lane's own bit ('1ull <<
// lane'), built in 64 bits from a lane number that reaches 63, then kept in 32 bits: lanes 32-63
// lose their bits, so a prefix count over a ballot ignores the upper half. Reported at the
// narrowing, in a template too.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>
#include <stdint.h>

__global__ void compact(const float *X, unsigned *Out, float D) {
  unsigned Lane = __lane_id();
  uint64_t Votes = __ballot(X[threadIdx.x] > D);
  // CHECK: :[[@LINE+1]]:20: warning: lane mask narrowed to the 32-bit type 'uint32_t' (aka 'unsigned int'); AMD GPUs run 64-lane wavefronts, so lanes 32-63 are lost: keep it in a 64-bit integer [rocm-warp-size-assumption]
  uint32_t Below = (1ULL << Lane) - 1;
  // CHECK: :[[@LINE+1]]:19: warning: lane mask narrowed to the 32-bit type 'unsigned int'
  unsigned Mine = 1ull << (threadIdx.x % warpSize);
  Out[threadIdx.x] = __builtin_popcountll(Votes & Below) + (Votes & Mine ? 1u : 0u);
}

__global__ void prefix_hw(const float *X, unsigned *Out) {
  int Lane = threadIdx.x & (warpSize - 1);
  uint64_t Votes = __ballot(X[threadIdx.x] > 0.0f);
  // CHECK: :[[@LINE+1]]:16: warning: lane mask narrowed to the 32-bit type 'unsigned int'
  unsigned B = (1ULL << Lane) - 1;
  Out[threadIdx.x] = __builtin_popcountll(Votes & B);
}

// A macro that writes the mask and the narrowing is left alone, as for ballots narrowed there.
#define BELOW_MASK(L) ((1ULL << (L)) - 1)
__global__ void prefix_macro(unsigned *Out) {
  unsigned B = BELOW_MASK(__lane_id());
  Out[threadIdx.x] = B;
}

template <typename T> __global__ void prefix(const T *X, unsigned *Out) {
  unsigned Lane = __lane_id();
  // CHECK: :[[@LINE+1]]:16: warning: lane mask narrowed to the 32-bit type 'unsigned int'
  unsigned B = (1ULL << Lane) - 1;
  Out[threadIdx.x] = __builtin_popcountll(__ballot(X[threadIdx.x] > T(0)) & B);
}
template __global__ void prefix<float>(const float *, unsigned *);

// Quiet: kept in 64 bits; a shift by a count that is not a lane number; subtracting something
// other than one.
__global__ void quiet(const float *X, unsigned long long *Out, int N) {
  unsigned Lane = __lane_id();
  uint64_t Below64 = (1ULL << Lane) - 1;
  uint32_t Low = (1ULL << (N & 15)) - 1;
  uint32_t Two = (1ULL << Lane) - 2;
  Out[threadIdx.x] = Below64 + Low + Two;
}

// Quiet: a lane number of a 32-lane group (every bit fits in 32 bits).
__global__ void quiet_group(unsigned *Out) {
  unsigned Group = threadIdx.x & 31;
  uint32_t GroupBelow = (1ULL << Group) - 1;
  Out[threadIdx.x] = GroupBelow;
}
