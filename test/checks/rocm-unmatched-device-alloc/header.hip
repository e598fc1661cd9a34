// Functions in headers: reported in user headers when -header-filter selects them, never in
// system headers.
// RUN: %clang_tidy -checks='-*,rocm-unmatched-device-alloc' %s -- %hip_flags -I %inputs/alloc \
// RUN:   -isystem %inputs/alloc/sys 2>&1 | FileCheck %s --check-prefix=MAIN --allow-empty --implicit-check-not='warning:'
// RUN: %clang_tidy -checks='-*,rocm-unmatched-device-alloc' -header-filter='alloc_helpers' %s -- %hip_flags \
// RUN:   -I %inputs/alloc -isystem %inputs/alloc/sys 2>&1 | FileCheck %s --check-prefix=HDR --implicit-check-not='warning:'
// RUN: %clang_tidy -checks='-*,rocm-unmatched-device-alloc' -header-filter='.*' -system-headers %s -- %hip_flags \
// RUN:   -I %inputs/alloc -isystem %inputs/alloc/sys 2>&1 | FileCheck %s --check-prefix=HDR --implicit-check-not='warning:'

#include "alloc_helpers.h"
#include <vendor_alloc.h>

// Only the user header's leak exists; by default it is suppressed with the other non-main-file findings.
// MAIN: 1 warning generated
// MAIN: Suppressed 1 warnings (1 in non-user code)
// HDR: alloc_helpers.h:11:5: warning: pinned host memory allocated into 'staging' by 'hipHostMalloc' is not freed on this path; free it with 'hipHostFree' before returning or own it with a RAII wrapper [rocm-unmatched-device-alloc]
// HDR: alloc_helpers.h:8:7: note: 'staging' is allocated here

int run(const float *src, int n) {
  vendorScratch(n);
  return stagedCopy(src, n);
}
