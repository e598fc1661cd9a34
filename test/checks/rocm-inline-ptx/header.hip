// Findings in a project header show with -header-filter, as for every clang-tidy check.
// RUN: %clang_tidy -checks='-*,rocm-inline-ptx' %s -- %hip_flags -I %inputs/inline-ptx 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --allow-empty --implicit-check-not='warning:'
// RUN: %clang_tidy -checks='-*,rocm-inline-ptx' -header-filter='ptx_helpers\.h' %s -- %hip_flags -I %inputs/inline-ptx 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:'
// CHECK: ptx_helpers.h:5:16: warning: inline PTX assembly '%%smid' is rejected by the AMDGPU assembler in a HIP build; use __smid() on AMD
// QUIET-NOT: warning:

#include <hip/hip_runtime.h>
#include "ptx_helpers.h"

__global__ void where(unsigned *Out) { Out[blockIdx.x] = smId(); }
