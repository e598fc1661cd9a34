// Thread indices as ROCm 5's headers spell them (coordinate objects with conversion operators,
// __ockl_get_local_id), in both passes.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- -x hip --offload-arch=gfx90a -nogpulib -nogpuinc \
// RUN:   --cuda-host-only -isystem %S/Inputs 2>&1 | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- -x hip --offload-arch=gfx90a -nogpulib -nogpuinc \
// RUN:   --cuda-device-only -isystem %S/Inputs 2>&1 | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip5_style.h>
// The 32-lane groupings below meet this ballot over the whole wavefront.
__device__ unsigned long long __ballot(int);

__global__ void k(int *out) {
  // CHECK: :[[@LINE+1]]:26: warning: lane index computed with a warp width of 32; AMD GPUs run 64-lane wavefronts: use 'warpSize' [rocm-warp-size-assumption]
  int lane = threadIdx.x % 32;
  // CHECK: :[[@LINE+1]]:29: warning: warp index computed with a shift by 5 (32 lanes); AMD GPUs run 64-lane wavefronts: divide by 'warpSize' [rocm-warp-size-assumption]
  int warp = hipThreadIdx_x >> 5;
  unsigned tid = threadIdx.x;
  // CHECK: :[[@LINE+1]]:19: warning: lane index computed with a lane mask of 31; AMD GPUs run 64-lane wavefronts: use 'warpSize - 1' [rocm-warp-size-assumption]
  int lane2 = tid & 31;
  // Negative: blockIdx and the y coordinate (a tile row) are not lanes; % warpSize is portable.
  int b = blockIdx.x % 32;
  int row = threadIdx.y % 32;
  int rowHip = hipThreadIdx_y / 32;
  int ok = threadIdx.x % warpSize;
  out[lane + warp + lane2 + b + row + rowHip + ok] = __ballot(lane > 2) != 0;
}
