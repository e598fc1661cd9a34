// A call clang repairs in a broken parse (an intrinsic the HIP headers lack, "did you mean ...?")
// keeps the written arguments under another function: the model ignores it. Here the mask would
// otherwise look like the value of a non-sync shuffle.
// RUN: not %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:'

#include <hip/hip_runtime.h>

// CHECK: :[[@LINE+1]]:41: error: use of undeclared identifier '__shfl_xorr'; did you mean '__shfl_xor'?
__device__ float typo(float v) { return __shfl_xorr(0xffffffff, v, 1); }
