// Frees with the wrong function, and frees twice on one path: reported at the offending free.
// RUN: %clang_tidy -checks='-*,rocm-unmatched-device-alloc' %s -- %hip_flags -I %inputs/alloc 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='note:'

#include <hip/hip_runtime.h>
#include "alloc_std.h"

bool simulateFailure();

void wrongFamilies(int n) {
  float *h, *d, *e, *f, *g;
  hipArray_t arr;
  hipChannelFormatDesc desc{};
  hipHostMalloc(&h, n);
  hipFree(h);
// CHECK: :[[@LINE-1]]:3: warning: 'hipFree' cannot release pinned host memory allocated into 'h' by 'hipHostMalloc'; use 'hipHostFree' [rocm-unmatched-device-alloc]
// CHECK: :[[@LINE-3]]:3: note: 'h' is allocated here
  hipMalloc(&d, n);
  hipHostFree(d);
// CHECK: :[[@LINE-1]]:3: warning: 'hipHostFree' cannot release device memory allocated into 'd' by 'hipMalloc'; use 'hipFree' [rocm-unmatched-device-alloc]
// CHECK: :[[@LINE-3]]:3: note: 'd' is allocated here
  hipMalloc(&e, n);
  free(e);
// CHECK: :[[@LINE-1]]:3: warning: 'free' cannot release device memory allocated into 'e' by 'hipMalloc'; use 'hipFree' [rocm-unmatched-device-alloc]
// CHECK: :[[@LINE-3]]:3: note: 'e' is allocated here
  hipMallocManaged(&f, n);
  delete f;
// CHECK: :[[@LINE-1]]:3: warning: 'delete' cannot release device memory allocated into 'f' by 'hipMallocManaged'; use 'hipFree' [rocm-unmatched-device-alloc]
// CHECK: :[[@LINE-3]]:3: note: 'f' is allocated here
  hipHostAlloc((void **)&g, n, 0);
  delete[] g;
// CHECK: :[[@LINE-1]]:3: warning: 'delete[]' cannot release pinned host memory allocated into 'g' by 'hipHostAlloc'; use 'hipHostFree' [rocm-unmatched-device-alloc]
// CHECK: :[[@LINE-3]]:3: note: 'g' is allocated here
  hipMallocArray(&arr, &desc, 4, 4);
  hipFree(arr);
// CHECK: :[[@LINE-1]]:3: warning: 'hipFree' cannot release device array allocated into 'arr' by 'hipMallocArray'; use 'hipFreeArray' [rocm-unmatched-device-alloc]
// CHECK: :[[@LINE-3]]:3: note: 'arr' is allocated here
}

// Right families, spelled in either API, stay quiet.
void rightFamilies(hipStream_t s, int n) {
  float *a, *b, *c, *h;
  hipMalloc(&a, n);
  hipFreeAsync(a, s);  // stream-ordered free of ordinary device memory is allowed
  hipMallocAsync(&b, n, s);
  hipFree(b);          // and the synchronous free of stream-ordered memory
  hipMallocHost(reinterpret_cast<void **>(&h), n);
  hipFreeHost(h);      // the older spelling of hipHostFree
  hipExtMallocWithFlags((void **)&c, n, 0);
  hipFree(c);
}

void doubleFree(int n) {
  float *d;
  hipMalloc(&d, n);
  hipFree(d);
  if (simulateFailure())
    hipFree(d);
// CHECK: :[[@LINE-1]]:5: warning: device memory in 'd' is freed twice on this path; remove the second 'hipFree' or set 'd' to nullptr after the first [rocm-unmatched-device-alloc]
// CHECK: :[[@LINE-4]]:3: note: 'd' is first freed here
}

// Allocated once, freed in every iteration.
void freedInLoop(int n, int iters) {
  float *d;
  hipMalloc(&d, n);
  for (int i = 0; i < iters; ++i) {
    hipFree(d);
// CHECK: :[[@LINE-1]]:5: warning: device memory in 'd' is freed twice on this path; remove the second 'hipFree' or set 'd' to nullptr after the first [rocm-unmatched-device-alloc]
// CHECK: :[[@LINE-2]]:5: note: 'd' is first freed here
  }
}
// With iters <= 0 the loop body never runs: a leak as well.
// CHECK: :[[@LINE-2]]:1: warning: device memory allocated into 'd' by 'hipMalloc' is not freed on this path; free it with 'hipFree' before returning or own it with a RAII wrapper [rocm-unmatched-device-alloc]
// CHECK: :[[@LINE-9]]:3: note: 'd' is allocated here

// Freed by a helper of this file, then again by the caller.
static void release(float *p) { hipFree(p); }
void helperThenFree(int n) {
  float *d;
  hipMalloc(&d, n);
  release(d);
  hipFree(d);
// CHECK: :[[@LINE-1]]:3: warning: device memory in 'd' is freed twice on this path; remove the second 'hipFree' or set 'd' to nullptr after the first [rocm-unmatched-device-alloc]
// CHECK: :[[@LINE-3]]:3: note: 'd' is first freed here
}

// A cleanup macro: reported where it is used.
#define SAFE_FREE(p) hipFree(p)
void macroFree(int n) {
  float *h;
  hipHostMalloc(&h, n);
  SAFE_FREE(h);
// CHECK: :[[@LINE-1]]:3: warning: 'hipFree' cannot release pinned host memory allocated into 'h' by 'hipHostMalloc'; use 'hipHostFree' [rocm-unmatched-device-alloc]
// CHECK: :[[@LINE-3]]:3: note: 'h' is allocated here
}
