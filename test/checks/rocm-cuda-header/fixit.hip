// Fix-its replace the header name only and keep the include's delimiters; headers without an
// equivalent and computed includes are left alone. The missing CUDA headers are compiler errors,
// so applying fixes needs -fix-errors (rocm-lint --fix does this itself).
// RUN: cp %s %t.hip
// RUN: %clang_tidy -checks='-*,rocm-cuda-header' -fix-errors %t.hip -- %hip_flags > %t.log 2>&1
// RUN: FileCheck --check-prefix=FIXED --input-file=%t.hip %s
// RUN: FileCheck --check-prefix=LOG --input-file=%t.log %s

#include <cuda_runtime.h>
// FIXED: {{^}}#include <hip/hip_runtime.h>{{$}}
#include "cuda_fp16.h"
// FIXED: {{^}}#include "hip/hip_fp16.h"{{$}}
#include  <cublas_v2.h>   // keep this comment
// FIXED: {{^}}#include  <hipblas/hipblas.h>   // keep this comment{{$}}
#include <cuda_pipeline.h>
// FIXED: {{^}}#include <cuda_pipeline.h>{{$}}
#define RANDOM_HEADER <curand.h>
#include RANDOM_HEADER
// FIXED: {{^}}#define RANDOM_HEADER <curand.h>{{$}}
// FIXED: {{^}}#include RANDOM_HEADER{{$}}

// LOG: warning: CUDA header 'curand.h' is not available in a HIP build; include 'hiprand/hiprand.h' instead [rocm-cuda-header]
// LOG: clang-tidy applied 3 of 3 suggested fixes.

__global__ void k(float *x) {}
