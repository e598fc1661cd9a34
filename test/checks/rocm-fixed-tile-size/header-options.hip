// Findings in a project header show with -header-filter; the options are stored.
// RUN: %clang_tidy -checks='-*,rocm-fixed-tile-size' %s -- %hip_device_flags -I %inputs/tiles 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --allow-empty --implicit-check-not='warning:'
// RUN: %clang_tidy -checks='-*,rocm-fixed-tile-size' -header-filter='tile_reduce\.h' %s -- %hip_device_flags -I %inputs/tiles 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:'
// RUN: %clang_tidy -checks='-*,rocm-fixed-tile-size' --dump-config %s -- %hip_device_flags -I %inputs/tiles | FileCheck %s --check-prefix=DUMP
// DUMP: rocm-fixed-tile-size.PlatformMacros: 'USE_ROCM;USE_HIP;GGML_USE_HIP;
// DUMP: rocm-fixed-tile-size.Targets: 'gfx90a;gfx942'
// CHECK: tile_reduce.h:5:39: warning: tile of 32 threads is half of the 64-lane wavefront of gfx90a (MI210/MI250/MI250X), but 'headerTileSum' also counts lanes with 'warpSize'
// CHECK: tile_reduce.h:6:21: note: 'warpSize' used here
// QUIET-NOT: warning:
// Unknown targets are a configuration error, said once.
// RUN: %clang_tidy -checks='-*,rocm-fixed-tile-size' -config="{CheckOptions: {rocm-fixed-tile-size.Targets: 'gfx9999'}}" %s -- %hip_device_flags -I %inputs/tiles 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: unknown GPU target 'gfx9999'

#include <hip/hip_runtime.h>
#include "tile_reduce.h"

__global__ void useHeader(const float *In, float *Out) {
  Out[threadIdx.x] = headerTileSum(cooperative_groups::tiled_partition<32>(cooperative_groups::this_thread_block()), In[threadIdx.x]);
}
