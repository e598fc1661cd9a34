// An allocation made under a condition and freed under the same condition, tested again later:
// "if (bytes > 0) hipMalloc(...); ... if (bytes > 0) hipFree(...)". The paths merge between the
// two tests; the path that skipped the allocation is the one that skips the free, so nothing
// leaks. A condition that reads only locals, parameters, fields and constants, none of them
// written between the tests, has the same value both times. When something it reads is written in
// between (an assignment, ++, a non-const reference argument, a non-const member call for a field
// of 'this'), the second test may go the other way and the leak is reported.
// RUN: %clang_tidy -checks='-*,rocm-unmatched-device-alloc' %s -- %hip_flags -I %inputs/alloc 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='note:'

#include <hip/hip_runtime.h>

void fill(float *d, long n);
void resize(long &n);

// Negative: the same local test around the allocation and the free.
void stagingBuffer(long bytes, hipStream_t s) {
  float *d = nullptr;
  if (bytes > 0)
    hipMallocAsync((void **)&d, bytes, s);
  fill(d, bytes);
  if (bytes > 0)
    hipFreeAsync(d, s);
}

// Negative: the negated form, and a field of 'this' read across calls of free functions (they
// cannot change it without 'this').
struct Converter {
  long width, height;
  bool direct;
  float *work;
  void convert(hipStream_t s) {
    float *tmp = nullptr;
    if (!direct)
      hipMalloc(&tmp, width * height * sizeof(float));
    fill(tmp, width * height);
    if (!direct)
      hipFree(tmp);
  }
  void grow();
  // Positive: a non-const member call between the tests may change 'direct'.
  void convertAfterGrow() {
    float *tmp = nullptr;
    if (!direct)
      hipMalloc(&tmp, width * height * sizeof(float));
    grow();
    if (!direct)
      hipFree(tmp);
  }
  // CHECK: repeated-conditions.hip:[[@LINE-1]]:3: warning: device memory allocated into 'tmp' by 'hipMalloc' is not freed on this path; free it with 'hipFree' before returning or own it with a RAII wrapper [rocm-unmatched-device-alloc]
  // CHECK: repeated-conditions.hip:[[@LINE-6]]:7: note: 'tmp' is allocated here
};

// Positive: the size is written between the two tests.
void writtenBetween(long bytes) {
  float *d = nullptr;
  if (bytes > 0)
    hipMalloc(&d, bytes);
  bytes -= 64;
  if (bytes > 0)
    hipFree(d);
}
// CHECK: repeated-conditions.hip:[[@LINE-1]]:1: warning: device memory allocated into 'd' by 'hipMalloc' is not freed on this path; free it with 'hipFree' before returning or own it with a RAII wrapper [rocm-unmatched-device-alloc]
// CHECK: repeated-conditions.hip:[[@LINE-6]]:5: note: 'd' is allocated here

// Positive: passed by non-const reference between the tests.
void passedByReference(long bytes) {
  float *d = nullptr;
  if (bytes > 0)
    hipMalloc(&d, bytes);
  resize(bytes);
  if (bytes > 0)
    hipFree(d);
}
// CHECK: repeated-conditions.hip:[[@LINE-1]]:1: warning: device memory allocated into 'd' by 'hipMalloc' is not freed on this path; free it with 'hipFree' before returning or own it with a RAII wrapper [rocm-unmatched-device-alloc]
// CHECK: repeated-conditions.hip:[[@LINE-6]]:5: note: 'd' is allocated here

// Positive: a different condition at the free.
void differentTest(long bytes, long limit) {
  float *d = nullptr;
  if (bytes > limit)
    hipMalloc(&d, bytes);
  if (bytes > 0)
    hipFree(d);
}
// CHECK: repeated-conditions.hip:[[@LINE-1]]:1: warning: device memory allocated into 'd' by 'hipMalloc' is not freed on this path; free it with 'hipFree' before returning or own it with a RAII wrapper [rocm-unmatched-device-alloc]
// CHECK: repeated-conditions.hip:[[@LINE-5]]:5: note: 'd' is allocated here

// Negative, template and macro: the tests spelled through a macro in an instantiated template.
#define NEEDS_STAGING(n) ((n) > Threshold)
template <long Threshold> void templated(long n) {
  float *d = nullptr;
  if (NEEDS_STAGING(n))
    hipMalloc(&d, n);
  fill(d, n);
  if (NEEDS_STAGING(n))
    hipFree(d);
}
template void templated<128>(long);

// Positive: an allocation that fails leaves through the throw path with the earlier one held;
// the repeated test does not hide it.
struct OutOfMemory {};
void twoBuffers(long bytes) {
  float *a = nullptr, *b = nullptr;
  if (bytes > 0) {
    hipMalloc(&a, bytes);
    if (hipMalloc(&b, bytes) != hipSuccess)
      throw OutOfMemory{};
    // CHECK: repeated-conditions.hip:[[@LINE-1]]:7: warning: device memory allocated into 'a' by 'hipMalloc' is not freed on this path; free it with 'hipFree' before throwing or own it with a RAII wrapper [rocm-unmatched-device-alloc]
    // CHECK: repeated-conditions.hip:[[@LINE-4]]:5: note: 'a' is allocated here
  }
  if (bytes > 0) {
    hipFree(a);
    hipFree(b);
  }
}

// Negative: the complement of the allocation's test guards the free ("<= 5" skipped on the way to
// the allocation, "> 5" around the free), with an else-if chain between (a dense-matrix gate that
// copies small matrices to constant memory and allocates only for larger ones).
void denseGate(const float *m, int count, hipStream_t s) {
  float *d = nullptr;
  if (count <= 5) {
    fill(nullptr, count);
  } else if (count <= 10) {
    hipMalloc(&d, count * sizeof(float));
    hipMemcpyAsync(d, m, count * sizeof(float), hipMemcpyHostToDevice, s);
  } else {
    return;
  }
  fill(d, count);
  if (count > 5)
    hipFree(d);
}

// Positive: the complement of a floating-point test is not its negation (both fail on NaN).
void scaled(float scale, long n) {
  float *d = nullptr;
  if (scale <= 1.0f)
    return;
  hipMalloc(&d, n);
  fill(d, n);
  if (scale > 1.0f)
    hipFree(d);
}
// CHECK: repeated-conditions.hip:[[@LINE-1]]:1: warning: device memory allocated into 'd' by 'hipMalloc' is not freed on this path
// CHECK: repeated-conditions.hip:[[@LINE-6]]:3: note: 'd' is allocated here
