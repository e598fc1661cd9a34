// A project's (or a newer HIP's) own hip_bf16.h: found ahead of rocm-lint's stand-in.
#pragma once
#include <hip/hip_runtime.h>
#define PROJECT_OWN_BF16 1
struct __hip_bfloat16 {
  unsigned short data;
};
__host__ __device__ float __bfloat162float(__hip_bfloat16);
