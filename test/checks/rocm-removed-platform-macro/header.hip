// Tests in a project header show with -header-filter, as for every clang-tidy check; the fix-it
// renames the macro in place and keeps the directive.
// RUN: %clang_tidy -checks='-*,rocm-removed-platform-macro' %s -- %hip_flags -I %inputs/removed-platform-macro 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --allow-empty --implicit-check-not='warning:'
// RUN: %clang_tidy -checks='-*,rocm-removed-platform-macro' -header-filter='warp_width\.h' %s -- %hip_flags -I %inputs/removed-platform-macro 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:'
// RUN: rm -rf %t && mkdir -p %t && cp %inputs/removed-platform-macro/warp_width.h %t/ && cp %s %t/main.hip
// RUN: %clang_tidy -checks='-*,rocm-removed-platform-macro' -header-filter='warp_width\.h' -fix %t/main.hip -- %hip_flags -I %t > %t/log 2>&1
// RUN: FileCheck --check-prefix=FIXED --input-file=%t/warp_width.h %s
// CHECK: warp_width.h:4:13: warning: '__HIP_PLATFORM_HCC__' is not defined since ROCm 6.0, so current AMD builds take the branch meant for other platforms; test '__HIP_PLATFORM_AMD__' instead
// QUIET-NOT: warning:
// FIXED: {{^}}#if defined(__HIP_PLATFORM_AMD__){{$}}
// FIXED-NOT: __HIP_PLATFORM_HCC__

#include <hip/hip_runtime.h>
#include "warp_width.h"

__global__ void fill(int *Out) { Out[threadIdx.x] = kLanes; }
