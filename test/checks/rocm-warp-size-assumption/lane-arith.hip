// Lane and warp arithmetic with a warp width of 32 on thread indices, where the code also uses an
// operation over the whole wavefront (here '__lane_id()', a ballot, a default-width broadcast): the
// 32-lane grouping then does not match what the hardware does.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// The device pass sees the same code plus what is under __HIP_DEVICE_COMPILE__.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=CHECK,DEVICE --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>

__global__ void direct(int *out) {
  // CHECK: :[[@LINE+1]]:26: warning: lane index computed with a warp width of 32; AMD GPUs run 64-lane wavefronts: use 'warpSize' [rocm-warp-size-assumption]
  int lane = threadIdx.x % 32;
  // CHECK: :[[@LINE+1]]:26: warning: warp index computed with a warp width of 32; AMD GPUs run 64-lane wavefronts: use 'warpSize' [rocm-warp-size-assumption]
  int warp = threadIdx.x / 32;
  // CHECK: :[[@LINE+1]]:27: warning: lane index computed with a lane mask of 31; AMD GPUs run 64-lane wavefronts: use 'warpSize - 1' [rocm-warp-size-assumption]
  int lane2 = threadIdx.x & 31;
  // CHECK: :[[@LINE+1]]:30: warning: lane index computed with a lane mask of 31; AMD GPUs run 64-lane wavefronts: use 'warpSize - 1' [rocm-warp-size-assumption]
  int lane3 = hipThreadIdx_x & 0x1f;
  // The literal may come first.
  // CHECK: :[[@LINE+1]]:18: warning: lane index computed with a lane mask of 31; AMD GPUs run 64-lane wavefronts: use 'warpSize - 1' [rocm-warp-size-assumption]
  int lane4 = 31 & threadIdx.x;
  // CHECK: :[[@LINE+1]]:27: warning: warp index computed with a shift by 5 (32 lanes); AMD GPUs run 64-lane wavefronts: divide by 'warpSize' [rocm-warp-size-assumption]
  int warp2 = threadIdx.x >> 5;
  // __lane_id() is already a lane number; halving it by 32 assumes 32 lanes.
  // CHECK: :[[@LINE+1]]:26: warning: warp index computed with a warp width of 32; AMD GPUs run 64-lane wavefronts: use 'warpSize' [rocm-warp-size-assumption]
  int half = __lane_id() / 32;
  // CHECK: :[[@LINE-1]]:14: note: '__lane_id' here covers all 64 lanes of a wavefront on gfx90a (MI210/MI250/MI250X), across the 32-lane groups
  out[lane + warp + lane2 + lane3 + lane4 + warp2 + half] = 1;
}

__global__ void through_locals(int *out, int n) {
  unsigned tid = threadIdx.x;
  // A global index still numbers lanes within a block whose size is a multiple of the warp.
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  // Flattened 2-D block: threadIdx.y only scales, threadIdx.x varies across lanes.
  int flat = threadIdx.y * blockDim.x + threadIdx.x;
  int copy;
  copy = tid;
  // CHECK: :[[@LINE+1]]:18: warning: lane index computed with a warp width of 32; AMD GPUs run 64-lane wavefronts: use 'warpSize' [rocm-warp-size-assumption]
  int lane = tid % 32;
  // CHECK: :[[@LINE-9]]:12: note: 'tid' is computed from a thread index here
  // CHECK: :[[@LINE+1]]:19: warning: warp index computed with a warp width of 32; AMD GPUs run 64-lane wavefronts: use 'warpSize' [rocm-warp-size-assumption]
  int gwarp = gid / 32;
  // CHECK: :[[@LINE+1]]:20: warning: warp index computed with a shift by 5 (32 lanes); AMD GPUs run 64-lane wavefronts: divide by 'warpSize' [rocm-warp-size-assumption]
  int fwarp = flat >> 5;
  // CHECK: :[[@LINE+1]]:20: warning: lane index computed with a lane mask of 31; AMD GPUs run 64-lane wavefronts: use 'warpSize - 1' [rocm-warp-size-assumption]
  int clane = copy & 31;
  // Rebuilding a thread index from a warp number.
  // CHECK: :[[@LINE+1]]:21: warning: thread index rebuilt with a shift by 5 (32 lanes); AMD GPUs run 64-lane wavefronts: multiply by 'warpSize' [rocm-warp-size-assumption]
  int first = fwarp << 5;
  // CHECK: :[[@LINE-6]]:7: note: 'fwarp' is computed from a thread index here
  // The operation the groupings meet: a broadcast from lane 0 over the default width.
  // CHECK: :[[@LINE+2]]:7: note: '__shfl' here covers all 64 lanes of a wavefront on gfx90a
  // CHECK: :[[@LINE+1]]:7: warning: '__shfl' reads a lane below 32 across the whole wavefront, but this code numbers its lanes in warps of 32
  n = __shfl(n, 0);
  out[lane + gwarp + fwarp + clane + first] = n;
}

#ifdef __HIP_DEVICE_COMPILE__
// Only the device pass sees this function.
__device__ int device_only_lane() {
  // DEVICE: :[[@LINE+1]]:43: warning: warp index computed with a shift by 5 (32 lanes); AMD GPUs run 64-lane wavefronts: divide by 'warpSize' [rocm-warp-size-assumption]
  return __builtin_amdgcn_workitem_id_x() >> 5 | __popcll(__ballot(1));
}
#endif

// Negative cases: each stays quiet, for the reason given.
__global__ void portable(int *out, const int *in, int n) {
  int tid = threadIdx.x;
  // Already portable.
  int lane = tid % warpSize;
  int warp = tid / warpSize;
  int lane2 = tid & (warpSize - 1);
  // Block and grid coordinates are not lanes.
  int b = blockIdx.x % 32;
  int g = (blockIdx.x / 32) & 31;
  // threadIdx.y is the row of a 2-D tile (e.g. 32x8 threads), not a lane number.
  int row = threadIdx.y % 32;
  int rowTile = threadIdx.y / 32;
  // A loop counter over data: stepping by blockDim.x makes it a data index, not a lane.
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    out[i % 32] += in[i];
  // A counter that starts at zero is not a thread index.
  for (int j = 0; j < n; ++j)
    out[j / 32] += 1;
  // A thread index scaled by 32 is an element offset; the shift is not warp arithmetic.
  int offset = tid << 5;
  // Reassigned from a non-thread value on some path: no longer known to be a thread index.
  int maybe = tid;
  if (n > 4)
    maybe = n;
  int m = maybe % 32;
  // Address taken: the value may change behind our back.
  int escaped = tid;
  int *p = &escaped;
  *p = n;
  int e = escaped % 32;
  // Other widths are not warp arithmetic.
  int quarter = tid % 16;
  // A local that merely shares the name of the builtin is not the builtin.
  struct { unsigned x; } threadIdx = {static_cast<unsigned>(n)};
  int fake = threadIdx.x % 32;
  out[lane + warp + lane2 + b + g + row + rowTile + offset + m + e + quarter + fake] = 0;
}

// Logical 32-lane code: every cross-lane operation has an explicit width of 32 (or a xor offset
// below 32), so each 32-lane group of a 64-lane wavefront computes on its own, as on a warp.
__global__ void logical32(const float *in, float *out) {
  int lane = threadIdx.x % 32;
  int warp = threadIdx.x / 32;
  float v = in[threadIdx.x];
  for (int o = 16; o > 0; o >>= 1)
    v += __shfl_xor(v, o, 32);
  v = __shfl(v, 0, 32);
  if (lane == 0)
    out[warp] = v;
}

// A dispatch on the width: the wavefront-wide vote runs only where the group is the whole
// wavefront, so it does not meet the 32-lane grouping of the caller.
constexpr int physical_warp_size() { return 64; }
template <int width = 32> __device__ int all_lanes(int x) {
  if (width == physical_warp_size()) {
    return __all_sync(~0ull, x);
  } else {
    for (int o = width / 2; o > 0; o >>= 1)
      x = __shfl_xor(x, o, width) && x;
    return x;
  }
}
__global__ void uses_dispatch(int *out) {
  int lane = threadIdx.x % 32;
  out[threadIdx.x / 32] = all_lanes(lane > 3);
}

// A 32-lane grouping with no cross-lane operation at all: 32 threads per row of a tile is a
// work split, not an assumption about the hardware.
__global__ void rows_of_32(const float *in, float *out) {
  int col = threadIdx.x % 32, row = threadIdx.x / 32;
  out[row * 33 + col] = in[threadIdx.x];
}

// Host code is not checked: there are no lanes there.
int host_lane(int i) { return i % 32; }
