// A user header with a leaking helper, for rocm-unmatched-device-alloc's header test.
#ifndef ROCM_TIDY_TEST_ALLOC_HELPERS_H
#define ROCM_TIDY_TEST_ALLOC_HELPERS_H
#include <hip/hip_runtime.h>
bool helperFailure();
inline int stagedCopy(const float *src, int n) {
  float *staging;
  if (hipHostMalloc(&staging, n) != hipSuccess)
    return -1;
  if (helperFailure())
    return -2;
  hipHostFree(staging);
  return 0;
}
#endif
