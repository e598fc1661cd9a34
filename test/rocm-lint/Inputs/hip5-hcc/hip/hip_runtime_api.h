// Fake installed HIP 5 runtime API header: the types rocm-lint's late supplement names.
#pragma once
#include <stddef.h>
struct dim3 {
  unsigned x, y, z;
};
typedef struct ihipStream_t *hipStream_t;
typedef enum hipError_t { hipSuccess = 0 } hipError_t;
// Every HIP runtime API declares the device properties; the late supplement extends them.
typedef struct hipDeviceProp_t {
  int warpSize;
} hipDeviceProp_t;
