// Leaks: a path from the allocation to a return, a throw or the end of the function on which
// the pointer is neither freed nor handed on. Reported at the exit, once per exit.
// RUN: %clang_tidy -checks='-*,rocm-unmatched-device-alloc' %s -- %hip_flags -I %inputs/alloc 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='note:'

#include <hip/hip_runtime.h>
#include "alloc_std.h"

bool simulateFailure();
void compute(float *d, int n);
__global__ void scale(float *d, float a);

int earlyReturn(int n) {
  float *d = nullptr;
  if (hipMalloc(&d, n * sizeof(float)) != hipSuccess)
    return -1;
  if (hipGetLastError() != hipSuccess)
    return -2;
// CHECK: :[[@LINE-1]]:5: warning: device memory allocated into 'd' by 'hipMalloc' is not freed on this path; free it with 'hipFree' before returning or own it with a RAII wrapper [rocm-unmatched-device-alloc]
// CHECK: :[[@LINE-5]]:7: note: 'd' is allocated here
  hipFree(d);
  return 0;
}

void throwsWithoutFree(int n) {
  float *d;
  hipError_t err = hipMalloc(&d, n);
  if (err != hipSuccess)
    throw std::runtime_error("allocation failed");
  if (simulateFailure())
    throw std::runtime_error("simulated failure");
// CHECK: :[[@LINE-1]]:5: warning: device memory allocated into 'd' by 'hipMalloc' is not freed on this path; free it with 'hipFree' before throwing or own it with a RAII wrapper [rocm-unmatched-device-alloc]
// CHECK: :[[@LINE-6]]:20: note: 'd' is allocated here
  hipFree(d);
}

void fallsOffTheEnd(int n) {
  float *d;
  (void)hipMalloc((void **)&d, n);
  scale<<<1, 64>>>(d, 2.0f);
}
// CHECK: :[[@LINE-1]]:1: warning: device memory allocated into 'd' by 'hipMalloc' is not freed on this path; free it with 'hipFree' before returning or own it with a RAII wrapper [rocm-unmatched-device-alloc]
// CHECK: :[[@LINE-4]]:9: note: 'd' is allocated here

// Reported where the macro is used: the return is in the macro, the leak is the caller's.
#define RETURN_IF_ERROR(expr)                                                                        \
  do {                                                                                               \
    hipError_t status_ = (expr);                                                                     \
    if (status_ != hipSuccess)                                                                       \
      return status_;                                                                                \
  } while (0)

hipError_t macroReturns(const float *src, int n) {
  float *d;
  RETURN_IF_ERROR(hipMalloc(&d, n));
  RETURN_IF_ERROR(hipMemcpy(d, src, n, hipMemcpyHostToDevice));
// CHECK: :[[@LINE-1]]:3: warning: device memory allocated into 'd' by 'hipMalloc' is not freed on this path; free it with 'hipFree' before returning or own it with a RAII wrapper [rocm-unmatched-device-alloc]
// CHECK: :[[@LINE-3]]:19: note: 'd' is allocated here
  RETURN_IF_ERROR(hipMemset(d, 0, n));
// CHECK: :[[@LINE-1]]:3: warning: device memory allocated into 'd' by 'hipMalloc' is not freed on this path; free it with 'hipFree' before returning or own it with a RAII wrapper [rocm-unmatched-device-alloc]
// CHECK: :[[@LINE-6]]:19: note: 'd' is allocated here
  return hipFree(d);
}

// Two pointers: when the second allocation fails, the first one leaks; the second does not.
int twoPointers(int n) {
  float *a = nullptr, *b = nullptr;
  if (hipMalloc(&a, n) != hipSuccess || hipMalloc(&b, n) != hipSuccess)
    return -1;
// CHECK: :[[@LINE-1]]:5: warning: device memory allocated into 'a' by 'hipMalloc' is not freed on this path; free it with 'hipFree' before returning or own it with a RAII wrapper [rocm-unmatched-device-alloc]
// CHECK: :[[@LINE-3]]:7: note: 'a' is allocated here
  if (simulateFailure()) {
    hipFree(a);
    return -2;
// CHECK: :[[@LINE-1]]:5: warning: device memory allocated into 'b' by 'hipMalloc' is not freed on this path; free it with 'hipFree' before returning or own it with a RAII wrapper [rocm-unmatched-device-alloc]
// CHECK: :[[@LINE-8]]:41: note: 'b' is allocated here
  }
  hipFree(a);
  hipFree(b);
  return 0;
}

int inLoop(int n, int iters) {
  for (int i = 0; i < iters; ++i) {
    float *d;
    if (hipMalloc(&d, n) != hipSuccess)
      return -1;
    if (simulateFailure())
      break;
    compute(d, n);
    hipFree(d);
  }
  return 0;
// CHECK: :[[@LINE-1]]:3: warning: device memory allocated into 'd' by 'hipMalloc' is not freed on this path; free it with 'hipFree' before returning or own it with a RAII wrapper [rocm-unmatched-device-alloc]
// CHECK: :[[@LINE-9]]:9: note: 'd' is allocated here
}

int inSwitch(int mode, int n) {
  float *h;
  if (hipHostMalloc(&h, n) != hipSuccess)
    return -1;
  switch (mode) {
  case 0:
    hipHostFree(h);
    return 0;
  case 1:
    return 1;
// CHECK: :[[@LINE-1]]:5: warning: pinned host memory allocated into 'h' by 'hipHostMalloc' is not freed on this path; free it with 'hipHostFree' before returning or own it with a RAII wrapper [rocm-unmatched-device-alloc]
// CHECK: :[[@LINE-9]]:7: note: 'h' is allocated here
  default:
    break;
  }
  hipHostFree(h);
  return 2;
}

// An exception from compute() lands in the handler, which returns without freeing.
int nestedTry(int n) {
  float *d = nullptr;
  try {
    if (hipMalloc(&d, n) != hipSuccess)
      return -1;
    try {
      compute(d, n);
    } catch (const std::runtime_error &) {
      hipFree(d);
      throw;
    }
    compute(d, n);
    hipFree(d);
  } catch (...) {
    return -2;
// CHECK: :[[@LINE-1]]:5: warning: device memory allocated into 'd' by 'hipMalloc' is not freed on this path; free it with 'hipFree' before returning or own it with a RAII wrapper [rocm-unmatched-device-alloc]
// CHECK: :[[@LINE-13]]:9: note: 'd' is allocated here
  }
  return 0;
}

// Templates are analysed per instantiation; each finding is reported once.
template <class T> int upload(const T *src, int n) {
  T *d;
  if (hipMalloc(&d, n * sizeof(T)) != hipSuccess)
    return -1;
  if (hipMemcpy(d, src, n * sizeof(T), hipMemcpyHostToDevice) != hipSuccess)
    return -2;
// CHECK: :[[@LINE-1]]:5: warning: device memory allocated into 'd' by 'hipMalloc' is not freed on this path; free it with 'hipFree' before returning or own it with a RAII wrapper [rocm-unmatched-device-alloc]
// CHECK: :[[@LINE-5]]:7: note: 'd' is allocated here
  hipFree(d);
  return 0;
}
int uploadBoth(const float *f, const double *g, int n) { return upload(f, n) + upload(g, n); }

// Other allocators of the table.
int others(hipStream_t s, int w, int h) {
  void *m, *a, *p;
  size_t pitch;
  hipArray_t arr;
  hipChannelFormatDesc desc{};
  hipMallocManaged(&m, 64);
  hipMallocAsync(&a, 64, s);
  hipMallocPitch(&p, &pitch, w, h);
  hipMallocArray(&arr, &desc, w, h);
  if (simulateFailure())
    return 1;
// Diagnostics at one place are listed by message.
// CHECK: :[[@LINE-2]]:5: warning: device array allocated into 'arr' by 'hipMallocArray' is not freed on this path; free it with 'hipFreeArray' before returning or own it with a RAII wrapper [rocm-unmatched-device-alloc]
// CHECK: :[[@LINE-5]]:3: note: 'arr' is allocated here
// CHECK: :[[@LINE-4]]:5: warning: device memory allocated into 'a' by 'hipMallocAsync' is not freed on this path; free it with 'hipFreeAsync' before returning or own it with a RAII wrapper [rocm-unmatched-device-alloc]
// CHECK: :[[@LINE-9]]:3: note: 'a' is allocated here
// CHECK: :[[@LINE-6]]:5: warning: device memory allocated into 'm' by 'hipMallocManaged' is not freed on this path; free it with 'hipFree' before returning or own it with a RAII wrapper [rocm-unmatched-device-alloc]
// CHECK: :[[@LINE-12]]:3: note: 'm' is allocated here
// CHECK: :[[@LINE-8]]:5: warning: device memory allocated into 'p' by 'hipMallocPitch' is not freed on this path; free it with 'hipFree' before returning or own it with a RAII wrapper [rocm-unmatched-device-alloc]
// CHECK: :[[@LINE-12]]:3: note: 'p' is allocated here
  hipFree(m);
  hipFreeAsync(a, s);
  hipFree(p);
  hipFreeArray(arr);
  return 0;
}

// A lambda is a function of its own: its early return leaks its local buffer.
int lambdaBody(int n) {
  auto run = [n]() {
    float *t;
    if (hipMalloc(&t, n) != hipSuccess)
      return -1;
    if (simulateFailure())
      return -2;
// CHECK: :[[@LINE-1]]:7: warning: device memory allocated into 't' by 'hipMalloc' is not freed on this path; free it with 'hipFree' before returning or own it with a RAII wrapper [rocm-unmatched-device-alloc]
// CHECK: :[[@LINE-5]]:9: note: 't' is allocated here
    hipFree(t);
    return 0;
  };
  return run();
}

// A goto that jumps over the free.
void gotoPastFree(int n) {
  float *d;
  hipMalloc(&d, n);
  if (simulateFailure())
    goto out;
  hipFree(d);
out:
  return;
// CHECK: :[[@LINE-1]]:3: warning: device memory allocated into 'd' by 'hipMalloc' is not freed on this path; free it with 'hipFree' before returning or own it with a RAII wrapper [rocm-unmatched-device-alloc]
// CHECK: :[[@LINE-7]]:3: note: 'd' is allocated here
}

// A function-try-block whose handler swallows an exception from compute().
void functionTryBlock(int n) try {
  float *d;
  hipMalloc(&d, n);
  compute(d, n);
  hipFree(d);
} catch (...) {
}
// CHECK: :[[@LINE-1]]:1: warning: device memory allocated into 'd' by 'hipMalloc' is not freed on this path; free it with 'hipFree' before returning or own it with a RAII wrapper [rocm-unmatched-device-alloc]
// CHECK: :[[@LINE-6]]:3: note: 'd' is allocated here

// A success flag read the wrong way round: the successful path returns.
void successFlagInverted(int n) {
  float *d;
  bool ok = hipMalloc(&d, n) == hipSuccess;
  if (ok)
    return;
// CHECK: :[[@LINE-1]]:5: warning: device memory allocated into 'd' by 'hipMalloc' is not freed on this path; free it with 'hipFree' before returning or own it with a RAII wrapper [rocm-unmatched-device-alloc]
// CHECK: :[[@LINE-4]]:13: note: 'd' is allocated here
}

// A helper of this file that only reads the pointer does not take it over.
static float firstElement(const float *p) { return p ? 1.0f : 0.0f; }
float readOnlyHelper(int n) {
  float *d;
  hipMalloc(&d, n);
  return firstElement(d);
// CHECK: :[[@LINE-1]]:3: warning: device memory allocated into 'd' by 'hipMalloc' is not freed on this path; free it with 'hipFree' before returning or own it with a RAII wrapper [rocm-unmatched-device-alloc]
// CHECK: :[[@LINE-3]]:3: note: 'd' is allocated here
}
