// Fake installed HIP 5: like HIP 5.2's hip_common.h it still defines the deprecated
// __HIP_PLATFORM_HCC__, and hip_runtime.h includes hip_runtime_api.h.
#pragma once
#include <hip/hip_version.h>
#define __HIP_PLATFORM_AMD__ 1
#ifndef __HIP_PLATFORM_HCC__
#define __HIP_PLATFORM_HCC__
#endif
#include <hip/hip_runtime_api.h>
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
__device__ unsigned long long __ballot(int predicate);
