// An allocation whose result is not kept, checked through the runtime's last error right after
// it: the failing branch is the one where nothing was allocated, so leaving there leaks nothing.
// Any other call between the allocation and the query makes the error that call's: the branch
// may then leave with the memory still held.
// RUN: %clang_tidy -checks='-*,rocm-unmatched-device-alloc' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='note:'

#include <hip/hip_runtime.h>
#include <cstdio>

void upload(float *d, int n);

// Quiet: the query reports the allocation's own status.
void lastErrorRightAfter(int n) {
  float *d = nullptr;
  hipMalloc((void **)&d, n * sizeof(float));
  if (hipGetLastError() != hipSuccess) {
    fprintf(stderr, "allocation failed\n");
    return;
  }
  upload(d, n);
  hipFree(d);
}

// Quiet: the same through a status variable and the peek spelling.
int peekIntoStatus(int n) {
  float *d = nullptr;
  hipMalloc(&d, n * sizeof(float));
  hipError_t e = hipPeekAtLastError();
  if (e != hipSuccess)
    return 1;
  upload(d, n);
  hipFree(d);
  return 0;
}

// Reported: a copy runs between the allocation and the query, so the error may be the copy's
// while 'd' holds memory.
void queryAfterAnotherCall(int n, const float *h) {
  float *d = nullptr;
  hipMalloc(&d, n * sizeof(float));
  hipMemcpy(d, h, n * sizeof(float), hipMemcpyHostToDevice);
  if (hipGetLastError() != hipSuccess)
    return;
  // CHECK: :[[@LINE-1]]:5: warning: device memory allocated into 'd' by 'hipMalloc' is not freed on this path; free it with 'hipFree' before returning or own it with a RAII wrapper [rocm-unmatched-device-alloc]
  // CHECK: :[[@LINE-5]]:3: note: 'd' is allocated here
  upload(d, n);
  hipFree(d);
}

// Reported: the successful branch returns without freeing (the query's answer does not excuse it).
void successBranchLeaks(int n) {
  float *d = nullptr;
  hipMalloc(&d, n * sizeof(float));
  if (hipGetLastError() == hipSuccess) {
    upload(d, n);
    return;
    // CHECK: :[[@LINE-1]]:5: warning: device memory allocated into 'd' by 'hipMalloc' is not freed on this path; free it with 'hipFree' before returning or own it with a RAII wrapper [rocm-unmatched-device-alloc]
    // CHECK: :[[@LINE-5]]:3: note: 'd' is allocated here
  }
}

// Reported: two allocations, then one query: it speaks for the second only.
void twoAllocationsOneQuery(int n) {
  float *a = nullptr, *b = nullptr;
  hipMalloc(&a, n * sizeof(float));
  hipMalloc(&b, n * sizeof(float));
  if (hipGetLastError() != hipSuccess)
    return;
  // CHECK: :[[@LINE-1]]:5: warning: device memory allocated into 'a' by 'hipMalloc' is not freed on this path; free it with 'hipFree' before returning or own it with a RAII wrapper [rocm-unmatched-device-alloc]
  // CHECK: :[[@LINE-5]]:3: note: 'a' is allocated here
  upload(a, n);
  upload(b, n);
  hipFree(a);
  hipFree(b);
}

// In a template, and through a macro that queries the error: the same reading.
#define RETURN_ON_LAST_ERROR()                                                                     \
  do {                                                                                             \
    if (hipGetLastError() != hipSuccess)                                                           \
      return;                                                                                      \
  } while (0)

template <typename T> void templated(int n) {
  T *d = nullptr;
  hipMalloc(&d, n * sizeof(T));
  RETURN_ON_LAST_ERROR();
  hipFree(d);
}
template void templated<double>(int);
