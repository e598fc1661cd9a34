// Negative cases: code that is already portable must stay quiet.
// RUN: %clang_tidy -checks='-*,rocm-cuda-header' %s -- %hip_flags -I %inputs/cuda-header 2>&1 \
// RUN:   | FileCheck %s --allow-empty --implicit-check-not='warning:' --implicit-check-not='error:'
// CHECK-NOT: rocm-cuda-header

#include <hip/hip_runtime.h>

// rocThrust installs the same thrust/ paths, so these includes are right as they are.
#include <thrust/device_vector.h>
#include <thrust/reduce.h>

// Project headers that merely contain "cuda" in their name are the project's own business.
#include "my_cuda_helpers.h"
#include "legacy/cuda.h"

// A platform switch: the HIP build takes the first branch (hipcc defines __HIP_PLATFORM_AMD__),
// the CUDA header is only for the NVIDIA build.
#if defined(__HIP_PLATFORM_AMD__)
#include <hip/hip_fp16.h>
#else
#include <cuda_fp16.h>
#endif

// Same switch on clang's own macro, with the CUDA branch first.
#ifndef __HIP__
#include <cuda_runtime.h>
#endif

// A branch no build takes.
#if 0
#include <cufft.h>
#endif

// A CUDA-only branch: clang does not define __CUDACC__ when it compiles HIP.
#ifdef __CUDACC__
#include <cusparse.h>
#endif

__global__ void scale(float *x, float a) { x[threadIdx.x] *= a; }
