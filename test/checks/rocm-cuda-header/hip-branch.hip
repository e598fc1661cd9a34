// An include in the branch the HIP build takes is reported; the branch it does not take stays
// quiet. "Takes" is read from this parse: the compile command's -D and the macros of the HIP
// headers (__HIP_PLATFORM_AMD__) and of clang (__HIPCC__, __HIP__). Host and device pass alike.
// RUN: not %clang_tidy -checks='-*,rocm-cuda-header' -header-filter='.*' %s -- %hip_flags -I %inputs/cuda-header-branch -DUSE_HIP -DUSE_ROCM -DMYLIB_USING_GPU 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:'
// RUN: not %clang_tidy -checks='-*,rocm-cuda-header' -header-filter='.*' %s -- %hip_device_flags -I %inputs/cuda-header-branch -DUSE_HIP -DUSE_ROCM -DMYLIB_USING_GPU 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:'

#include <hip/hip_runtime.h>

// Reported in the header: it is included from the HIP branch, so the HIP build reads it whole.
#ifdef USE_HIP
#include "gpu_port.h"
// CHECK-DAG: gpu_port.h:4:10: warning: CUDA header 'cublas_v2.h' {{.*}}'hipblas/hipblas.h'
#endif

// Reported: USE_HIP is a project platform macro, and this build defines it.
#ifdef USE_HIP
#include <cuda_runtime.h>
// CHECK-DAG: hip-branch.hip:[[@LINE-1]]:10: warning: CUDA header 'cuda_runtime.h' is not available in a HIP build; include 'hip/hip_runtime.h' instead [rocm-cuda-header]
#else
// Quiet: the CUDA side of the switch.
#include <cuda_runtime_api.h>
#endif

// Reported: the HIP headers define __HIP_PLATFORM_AMD__.
#ifdef __HIP_PLATFORM_AMD__
#include <cuda_fp16.h>
// CHECK-DAG: hip-branch.hip:[[@LINE-1]]:10: warning: CUDA header 'cuda_fp16.h' {{.*}}'hip/hip_fp16.h'
#endif

// Reported: clang's own HIP macro, in a compound condition.
#if defined(USE_ROCM) && (defined(__HIPCC__) || defined(__NVCC__))
#include <curand_kernel.h>
// CHECK-DAG: hip-branch.hip:[[@LINE-1]]:10: warning: CUDA header 'curand_kernel.h' {{.*}}'hiprand/hiprand_kernel.h'
#elif defined(__NVCC__)
#include <curand.h>
#endif

// Reported: a project's own "any GPU" guard that the HIP build defines too (hypre's
// HYPRE_USING_GPU): no vendor is named, the branch is simply taken.
#if defined(MYLIB_USING_GPU)
#include <cuda_profiler_api.h>
// CHECK-DAG: hip-branch.hip:[[@LINE-1]]:10: warning: CUDA header 'cuda_profiler_api.h' {{.*}}'hip/hip_runtime_api.h'
#endif

// Reported: a computed include spelled through a macro, in the HIP branch.
#ifdef USE_HIP
#define RAND_HEADER <curand.h>
#include RAND_HEADER
// CHECK-DAG: hip-branch.hip:[[@LINE-1]]:{{[0-9]+}}: warning: CUDA header 'curand.h' {{.*}}'hiprand/hiprand.h'
#endif

// Quiet: a CUDA-only '#else' of HIP's own platform macro.
#if defined(__HIP_PLATFORM_AMD__)
#include <hip/hip_fp16.h>
#else
#include <cufft.h>
#endif

// Quiet: a guard whose macro the HIP build does not define is skipped.
#if defined(MYLIB_USING_CUDA)
#include <cusparse.h>
#endif

// Quiet: the CUDA side, written as '#ifndef'.
#ifndef USE_ROCM
#include <nccl.h>
#endif

// Quiet: an NVIDIA platform macro; it is not defined in a HIP build, and if it were, this would
// not be the AMD build.
#if defined(__HIP_PLATFORM_NVIDIA__)
#include <cudnn.h>
#elif !defined(USE_HIP)
#include <cufftXt.h>
#endif

__global__ void scale(float *x, float a) { x[threadIdx.x] *= a; }
