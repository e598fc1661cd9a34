// Findings in a project header show with -header-filter, as for every clang-tidy check.
// RUN: %clang_tidy -checks='-*,rocm-warp-sync-builtins' %s -- %hip_flags -I %inputs/warp-sync 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --allow-empty --implicit-check-not='warning:'
// RUN: %clang_tidy -checks='-*,rocm-warp-sync-builtins' -header-filter='warp_helpers\.h' %s -- %hip_flags -I %inputs/warp-sync 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:'
// CHECK: warp_helpers.h:4:10: warning: '__shfl_sync' is declared before ROCm 7.0 only when 'HIP_ENABLE_WARP_SYNC_BUILTINS' is defined
// QUIET-NOT: warning:

#include <hip/hip_runtime.h>
#include "warp_helpers.h"

__global__ void first(float *Out) { Out[threadIdx.x] = broadcast(Out[threadIdx.x]); }
