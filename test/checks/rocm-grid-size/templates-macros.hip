// Grids through templates and macros, a project header, and the options.
// RUN: %clang_tidy -checks='-*,rocm-grid-size' %s -- %hip_flags -I %inputs/grid 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-grid-size' -header-filter='launch_helpers\.h' %s -- %hip_flags -I %inputs/grid 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=CHECK,HEADER --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-grid-size' -config="{CheckOptions: {rocm-grid-size.CudaGridLimits: false}}" %s -- %hip_flags -I %inputs/grid 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOCUDA --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-grid-size' --dump-config %s -- %hip_flags -I %inputs/grid | FileCheck %s --check-prefix=DUMP
// DUMP: rocm-grid-size.CudaGridLimits: 'true'

#include <hip/hip_runtime.h>
#include "launch_helpers.h"
// HEADER: launch_helpers.h:6:35: warning: grid x of 16777216 blocks of 256 threads is 4294967296 work-items

#define BLOCKS (1u << 24)
#define THREADS 256
#define LAUNCH(k, x) k<<<BLOCKS, THREADS>>>(x)

__global__ void fill(float *X) { X[threadIdx.x] = 1.0f; }

template <unsigned Threads> void launchWith(float *X) {
  fill<<<BLOCKS, Threads>>>(X);
}
// CHECK: :[[@LINE-2]]:3: warning: grid x of 16777216 blocks of 512 threads is 8589934592 work-items
// NOCUDA: :[[@LINE-3]]:3: warning: grid x of 16777216 blocks of 512 threads is 8589934592 work-items

void user(float *X) {
  launchWith<128>(X); // 2^31 work-items: fits
  launchWith<512>(X);
  LAUNCH(fill, X);
  // CHECK: :[[@LINE-1]]:3: warning: grid x of 16777216 blocks of 256 threads is 4294967296 work-items
  // NOCUDA: :[[@LINE-2]]:3: warning: grid x of 16777216 blocks of 256 threads
  fill<<<dim3(2, 131072), 32>>>(X);
  // CHECK: :[[@LINE-1]]:3: warning: grid y of 131072 blocks is more than the 65535 blocks CUDA allows in y
}
