// Host code as real projects write it: status macros that return early (also through a helper
// whose answer is a bool), a pointer set to null while it still owns the memory, and function
// templates with no instantiation in sight.
// RUN: %clang_tidy -checks='-*,rocm-unmatched-device-alloc' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='note:'

#include <hip/hip_runtime.h>

bool simulateFailure();
void report(const char *what);

#define CHECK_OR_RETURN(expr)                                                                      \
  do {                                                                                             \
    hipError_t status_ = (expr);                                                                   \
    if (status_ != hipSuccess)                                                                     \
      return status_;                                                                              \
  } while (0)

// The helper's answer says nothing about which value means failure; the branch that returns does.
bool checkHip(hipError_t e, const char *file, int line);
#define HIP_TRY(expr)                                                                              \
  do {                                                                                             \
    if (!checkHip((expr), __FILE__, __LINE__)) {                                                   \
      report(#expr);                                                                               \
      return hipErrorOutOfMemory;                                                                  \
    }                                                                                              \
  } while (0)

hipError_t twoBuffers(int n) {
  float *a = nullptr, *b = nullptr;
  CHECK_OR_RETURN(hipMalloc(&a, n));
  CHECK_OR_RETURN(hipMalloc(&b, n));
  // CHECK: :[[@LINE-1]]:3: warning: device memory allocated into 'a' by 'hipMalloc' is not freed on this path; free it with 'hipFree' before returning or own it with a RAII wrapper [rocm-unmatched-device-alloc]
  // CHECK: :[[@LINE-3]]:19: note: 'a' is allocated here
  hipFree(a);
  hipFree(b);
  return hipSuccess;
}

// Quiet on the first HIP_TRY (nothing allocated yet when it returns) and for 'b' on the second (its
// own allocation failed); 'a' leaks there.
hipError_t throughHelper(int n) {
  float *a = nullptr, *b = nullptr;
  HIP_TRY(hipMalloc(&a, n));
  HIP_TRY(hipMalloc(&b, n));
  // CHECK: :[[@LINE-1]]:3: warning: device memory allocated into 'a' by 'hipMalloc' is not freed on this path
  // CHECK: :[[@LINE-3]]:11: note: 'a' is allocated here
  hipFree(a);
  hipFree(b);
  return hipSuccess;
}

// Freed on every early return: quiet.
hipError_t cleanHelper(int n) {
  float *a = nullptr, *b = nullptr;
  HIP_TRY(hipMalloc(&a, n));
  if (!checkHip(hipMalloc(&b, n), __FILE__, __LINE__)) {
    hipFree(a);
    return hipErrorOutOfMemory;
  }
  hipFree(a);
  hipFree(b);
  return hipSuccess;
}

// A helper whose result is not used to leave: nothing can be concluded, the allocation stands.
int helperNoExit(int n) {
  float *a = nullptr;
  checkHip(hipMalloc(&a, n), __FILE__, __LINE__);
  if (simulateFailure())
    return 1;
  // CHECK: :[[@LINE-1]]:5: warning: device memory allocated into 'a' by 'hipMalloc' is not freed on this path
  // CHECK: :[[@LINE-4]]:12: note: 'a' is allocated here
  hipFree(a);
  return 0;
}

int droppedByNull(int n) {
  float *d = nullptr;
  if (hipMalloc(&d, n) != hipSuccess)
    return 1;
  d = nullptr;
  // CHECK: :[[@LINE-1]]:3: warning: device memory allocated into 'd' by 'hipMalloc' is lost when 'd' is set to null here; free it with 'hipFree' first [rocm-unmatched-device-alloc]
  // CHECK: :[[@LINE-4]]:7: note: 'd' is allocated here
  return 0;
}

// Not leaks: null after the free, null after a failed allocation, null after handing it over.
float *gKeep;
int nullAfterFree(int n) {
  float *d = nullptr;
  if (hipMalloc(&d, n) != hipSuccess) {
    d = nullptr;
    return 1;
  }
  hipFree(d);
  d = nullptr;
  if (hipMalloc(&d, n) != hipSuccess)
    return 1;
  gKeep = d;
  d = nullptr;
  return 0;
}

// A template is analysed from its definition: no instantiation is needed.
template <typename T> int stage(const T *src, int n) {
  T *d = nullptr;
  if (hipMalloc(&d, n * sizeof(T)) != hipSuccess)
    return 1;
  if (simulateFailure())
    return 2;
  // CHECK: :[[@LINE-1]]:5: warning: device memory allocated into 'd' by 'hipMalloc' is not freed on this path
  // CHECK: :[[@LINE-5]]:7: note: 'd' is allocated here
  hipMemcpy(d, src, n * sizeof(T), hipMemcpyHostToDevice);
  hipFree(d);
  return 0;
}

// Instantiated twice: still one finding.
template <typename T> struct Buffers {
  static int make(int n) {
    T *d = nullptr;
    if (hipMalloc(&d, n * sizeof(T)) != hipSuccess)
      return 1;
    if (simulateFailure())
      return 2;
    // CHECK: :[[@LINE-1]]:7: warning: device memory allocated into 'd' by 'hipMalloc' is not freed on this path
    // CHECK: :[[@LINE-5]]:9: note: 'd' is allocated here
    hipFree(d);
    return 0;
  }
};
template struct Buffers<float>;
template struct Buffers<double>;

// In a template, a call that is not resolved until instantiation may take the pointer over: quiet.
template <typename Pool, typename T> int adopt(Pool &pool, int n) {
  T *d = nullptr;
  if (hipMalloc(&d, n * sizeof(T)) != hipSuccess)
    return 1;
  pool.add(d);
  return 0;
}
