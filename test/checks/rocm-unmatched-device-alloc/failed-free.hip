// A free whose result is tested: on the branch where it reports an error, what it left is not
// known (an invalid pointer is not freed), so a second free there is no double free. Error macros
// that evaluate their argument twice ('if ((x) != hipSuccess) report(hipGetErrorString(x))') call
// the free again on exactly that branch. On the branch where the free succeeded, the memory is gone.
// RUN: %clang_tidy -checks='-*,rocm-unmatched-device-alloc' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='note:'

#include <hip/hip_runtime.h>
#include <cstdio>

#define CHK(x)                                                                                     \
  if ((x) != hipSuccess) {                                                                         \
    fprintf(stderr, "HIP %s\n", hipGetErrorString(x));                                             \
  }

void fill(float *d, int n);

// Quiet: the macro frees a second time only where the first free failed.
void macroTwice(int n) {
  float *d;
  CHK(hipMalloc(&d, n * sizeof(float)));
  fill(d, n);
  CHK(hipFree(d));
}

// Quiet: a retry after a failed free, written out.
void retry(int n) {
  float *d = nullptr;
  if (hipMalloc(&d, n * sizeof(float)) != hipSuccess)
    return;
  fill(d, n);
  if (hipFree(d) != hipSuccess)
    hipFree(d);
}

// Quiet: the same in a template, for every instantiation.
template <typename T> void retryT(int n) {
  T *d = nullptr;
  if (hipMalloc(&d, n * sizeof(T)) != hipSuccess)
    return;
  if (hipFree(d) != hipSuccess)
    (void)hipFree(d);
}
template void retryT<float>(int);

// Reported: the free succeeded, and the branch frees again.
void afterSuccess(int n) {
  float *d = nullptr;
  if (hipMalloc(&d, n * sizeof(float)) != hipSuccess)
    return;
  if (hipFree(d) == hipSuccess)
    hipFree(d);
  // CHECK: :[[@LINE-1]]:5: warning: device memory in 'd' is freed twice on this path; remove the second 'hipFree' or set 'd' to nullptr after the first [rocm-unmatched-device-alloc]
  // CHECK: :[[@LINE-3]]:7: note: 'd' is first freed here
}

// Reported: a second free whatever the first returned, through the macro.
void plainTwice(int n) {
  float *d;
  CHK(hipMalloc(&d, n * sizeof(float)));
  CHK(hipFree(d));
  hipFree(d);
  // CHECK: :[[@LINE-1]]:3: warning: device memory in 'd' is freed twice on this path
  // CHECK: :[[@LINE-3]]:7: note: 'd' is first freed here
}
