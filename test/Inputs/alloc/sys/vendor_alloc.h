// Stands in for a third-party header found through -isystem: never analysed.
#ifndef ROCM_TIDY_TEST_VENDOR_ALLOC_H
#define ROCM_TIDY_TEST_VENDOR_ALLOC_H
#include <hip/hip_runtime.h>
inline void vendorScratch(int n) {
  float *d;
  hipMalloc(&d, n);
}
#endif
