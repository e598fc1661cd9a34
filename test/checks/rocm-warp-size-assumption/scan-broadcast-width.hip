// A shuffle kept within 32 lanes ('hipcub::ShuffleIndex<32>', '__shfl(v, src, 32)') whose source lane
// is computed from the wavefront width ('warpSize - 1'), beside an operation over the whole
// wavefront (a hipCUB scan of default width): the code wants the wavefront's last lane, the total of
// the scan, but each 32-lane half reads its own lane 31, and lanes 0-31 get a partial count (a
// neighbour-list build, issue #29). Reported at the shuffle, with the wavefront-wide operation in a
// note. No fix-it: a template's width must be a constant, and 'warpSize' is not one in ROCm 7.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='.*' %s -- %hip_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='.*' %s -- %hip_device_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -config="{CheckOptions: {RocmTargets: 'gfx1100'}}" %s \
// RUN:   -- %hip_flags -I %S/Inputs 2>&1 | FileCheck %s --check-prefix=WAVE32 --allow-empty
// WAVE32-NOT: warning:

#include <hip/hip_runtime.h>
#include "scan_broadcast.h"
// CHECK: scan_broadcast.h:21:10: warning: shuffle within 32 lanes from a lane computed with 'warpSize'; AMD GPUs run 64-lane wavefronts, so each 32-lane half reads its own lane 31 instead of the wavefront's last lane: shuffle over the wavefront's width [rocm-warp-size-assumption]
// CHECK: scan_broadcast.h:20:3: note: 'WarpScan' here works on all 64 lanes of the wavefront

#define WARP_SIZE 32
#define BROADCAST_LAST(v) hipcub::ShuffleIndex<WARP_SIZE>(v, warpSize - 1, ~0ull)
#define KEEP(x) (x)

__global__ void compact(const int *flags, int *out, int *count, int n) {
  extern __shared__ hipcub::WarpScan<int>::TempStorage tmp[];
  const unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;
  int flag = gid < n ? flags[gid] : 0;
  int pos;
  hipcub::WarpScan<int>(tmp[threadIdx.x / warpSize]).ExclusiveSum(flag, pos);
  if (flag)
    out[pos] = gid;
  // CHECK: :[[@LINE+2]]:15: warning: shuffle within 32 lanes from a lane computed with 'warpSize'
  // CHECK: :[[@LINE-4]]:3: note: 'WarpScan' here works on all 64 lanes of the wavefront
  int total = hipcub::ShuffleIndex<WARP_SIZE, int>(pos + flag, warpSize - 1, ~0ull);
  if (threadIdx.x % warpSize == 0)
    atomicAdd(count, total);
}

// A template, the call passed through a macro's argument: reported where it is written.
template <typename T> __global__ void compactT(const T *flags, int *count) {
  extern __shared__ hipcub::WarpScan<int>::TempStorage tmp[];
  int pos, flag = flags[threadIdx.x] != T(0);
  hipcub::WarpScan<int>(tmp[0]).ExclusiveSum(flag, pos);
  // CHECK: :[[@LINE+2]]:20: warning: shuffle within 32 lanes from a lane computed with 'warpSize'
  // CHECK: :[[@LINE-2]]:3: note: 'WarpScan' here works on all 64 lanes of the wavefront
  int total = KEEP(hipcub::ShuffleIndex<32>(pos + flag, warpSize - 1, ~0ull));
  if (threadIdx.x == 0)
    *count = total;
}
template __global__ void compactT<float>(const float *, int *);

// The intrinsic spelling, width 32 written as an argument.
__global__ void lastOfScan(const float *in, float *out) {
  extern __shared__ hipcub::WarpScan<float>::TempStorage ftmp[];
  float v = in[threadIdx.x], s;
  hipcub::WarpScan<float>(ftmp[0]).ExclusiveSum(v, s);
  // CHECK: :[[@LINE+2]]:13: warning: shuffle within 32 lanes from a lane computed with 'warpSize'
  // CHECK: :[[@LINE-2]]:3: note: 'WarpScan' here works on all 64 lanes of the wavefront
  out[0] += __shfl(s + v, warpSize - 1, 32);
}

// Negative (IgnoreMacros, on by default): the shuffle is written inside a macro body, which the
// check leaves alone unless IgnoreMacros is off.
__global__ void compactMacro(const int *flags, int *count) {
  extern __shared__ hipcub::WarpScan<int>::TempStorage tmp[];
  int pos, flag = flags[threadIdx.x];
  hipcub::WarpScan<int>(tmp[0]).ExclusiveSum(flag, pos);
  *count = BROADCAST_LAST(pos + flag);
}

// Negative: logical 32-lane code. The scan is 32 lanes wide too, so lane 31 of each half holds that
// half's total, which is what each half wants.
__global__ void compact32(const int *flags, int *count) {
  __shared__ hipcub::WarpScan<int, 32>::TempStorage tmp[8];
  int pos, flag = flags[threadIdx.x];
  hipcub::WarpScan<int, 32>(tmp[threadIdx.x / 32]).ExclusiveSum(flag, pos);
  int total = hipcub::ShuffleIndex<32>(pos + flag, warpSize - 1, ~0ull);
  if (threadIdx.x % 32 == 0)
    atomicAdd(count, total);
}

// Negative: the shuffle spans the wavefront ('ShuffleIndex<64>'): the last lane is the scan's total.
__global__ void compact64(const int *flags, int *count) {
  extern __shared__ hipcub::WarpScan<int>::TempStorage tmp[];
  int pos, flag = flags[threadIdx.x];
  hipcub::WarpScan<int>(tmp[0]).ExclusiveSum(flag, pos);
  int total = hipcub::ShuffleIndex<64>(pos + flag, warpSize - 1, ~0ull);
  if (threadIdx.x == 0)
    *count = total;
}

// Negative: a width-32 shuffle from a fixed lane of the half (31), beside the wavefront's scan: the
// lane asked for is a 32-lane group's, not computed from the wavefront width.
__global__ void groupLast(const int *flags, int *count) {
  extern __shared__ hipcub::WarpScan<int>::TempStorage tmp[];
  int pos, flag = flags[threadIdx.x];
  hipcub::WarpScan<int>(tmp[0]).ExclusiveSum(flag, pos);
  int last = hipcub::ShuffleIndex<32>(flag, 31, ~0ull);
  if (threadIdx.x == 0)
    *count = pos + last;
}

// Negative: the CUDA build's branch.
#ifndef __HIP_PLATFORM_AMD__
__global__ void compactCuda(const int *flags, int *count) {
  extern __shared__ hipcub::WarpScan<int>::TempStorage tmp[];
  int pos, flag = flags[threadIdx.x];
  hipcub::WarpScan<int>(tmp[0]).ExclusiveSum(flag, pos);
  *count = hipcub::ShuffleIndex<32>(pos + flag, warpSize - 1, ~0ull);
}
#endif
