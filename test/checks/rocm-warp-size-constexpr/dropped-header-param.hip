// Dropped code (a header missing) beside a project header whose template parameter is named
// 'warpSize': the parameter's scope is its template in that header, so it cannot be what the main
// file's dropped tokens name; they are HIP's 'warpSize' and are reported. (A template parameter,
// member or local of the main file itself keeps the dropped tokens quiet: dropped-user-warpsize.hip.)
// RUN: cd %S && %rocm_lint --hip-headers=builtin --checks=rocm-warp-size-constexpr --no-cache --no-index \
// RUN:   --no-progress --extra-arg=-I%S/Inputs/project %s > %t.out 2> %t.err; test $? -eq 1
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not='warning:'

#include <hip/hip_runtime.h>
#include "reduce_config.h"
#include "vendor_sdk_not_shipped.hpp"

template <int BlockSize>
__global__ void reduce(float *out, const float *in) {
  // CHECK: :[[@LINE+1]]:28: warning: 'warpSize' used as a constexpr initializer
  constexpr auto copyLen = warpSize * vendor::kAccesses;
  // CHECK: :[[@LINE+1]]:27: warning: 'warpSize' used as a template argument
  vendor::Tile<BlockSize, warpSize> tile;
  out[0] = tile.first() + copyLen + ReduceConfig<BlockSize, 64>::warps;
}
