// A switch on an allocation's status is a failure test like the 'if' forms: the case for
// hipSuccess holds the memory, the other cases and the default do not.
// RUN: %clang_tidy -checks='-*,rocm-unmatched-device-alloc' %s -- %hip_flags -I %inputs/alloc 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='note:'

#include <hip/hip_runtime.h>

void compute(float *d, int n);

// Quiet: the default (every failure) returns with nothing to free.
int switchDefaultReturns(int n) {
  float *d = nullptr;
  hipError_t err = hipMalloc(&d, n);
  switch (err) {
  case hipSuccess:
    break;
  default:
    return -1;
  }
  compute(d, n);
  hipFree(d);
  return 0;
}

// Quiet: the call itself switched on, and a failure case named before the default.
int switchOnCall(int n) {
  float *d = nullptr;
  switch (hipMalloc(&d, n)) {
  case hipErrorOutOfMemory:
    return -2;
  case hipSuccess:
    compute(d, n);
    hipFree(d);
    return 0;
  default:
    return -1;
  }
}

// Quiet: the success case falls through to work that frees; failures return.
int switchFallThrough(int n) {
  float *d = nullptr;
  switch (hipError_t e = hipMalloc(&d, n)) {
  case hipErrorInvalidValue:
  case hipErrorOutOfMemory:
    return int(e);
  case hipSuccess:
  default:
    break;
  }
  hipFree(d);
  return 0;
}

// Reported: the success case returns without freeing.
int switchSuccessLeaks(int n) {
  float *d = nullptr;
  hipError_t err = hipMalloc(&d, n);
  switch (err) {
  case hipSuccess:
    compute(d, n);
    return 0;
// CHECK: :[[@LINE-1]]:5: warning: device memory allocated into 'd' by 'hipMalloc' is not freed on this path; free it with 'hipFree' before returning or own it with a RAII wrapper [rocm-unmatched-device-alloc]
// CHECK: :[[@LINE-6]]:20: note: 'd' is allocated here
  default:
    return -1;
  }
}

// Reported: a switch without a success case says nothing about the default, which holds the
// memory when the allocation worked.
int switchNoSuccessCase(int n) {
  float *d = nullptr;
  hipError_t err = hipMalloc(&d, n);
  switch (err) {
  case hipErrorOutOfMemory:
    return -2;
  default:
    return -1;
// CHECK: :[[@LINE-1]]:5: warning: device memory allocated into 'd' by 'hipMalloc' is not freed on this path; free it with 'hipFree' before returning or own it with a RAII wrapper [rocm-unmatched-device-alloc]
// CHECK: :[[@LINE-7]]:20: note: 'd' is allocated here
  }
}

// Reported: a switch on something else is no test of the allocation.
int switchOnOther(int n, int mode) {
  float *d = nullptr;
  hipError_t err = hipMalloc(&d, n);
  if (err != hipSuccess)
    return -1;
  switch (mode) {
  case 0:
    return 0;
// CHECK: :[[@LINE-1]]:5: warning: device memory allocated into 'd' by 'hipMalloc' is not freed on this path; free it with 'hipFree' before returning or own it with a RAII wrapper [rocm-unmatched-device-alloc]
// CHECK: :[[@LINE-7]]:20: note: 'd' is allocated here
  default:
    break;
  }
  hipFree(d);
  return 1;
}
