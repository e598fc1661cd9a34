// Fake installed HIP 5.2 runtime API: the types the extensible launch needs, but not the launch.
#pragma once
#include <hip/hip_version.h>
#include <stddef.h>
#define __HIP_PLATFORM_AMD__ 1
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
typedef enum hipError_t { hipSuccess = 0, hipErrorOutOfMemory = 2 } hipError_t;
typedef struct ihipStream_t *hipStream_t;
typedef int hipDevice_t;
typedef struct dim3 {
  unsigned x, y, z;
#ifdef __cplusplus
  constexpr __host__ __device__ dim3(unsigned _x = 1, unsigned _y = 1, unsigned _z = 1) : x(_x), y(_y), z(_z) {}
#endif
} dim3;
hipError_t hipMalloc(void **ptr, size_t size);
hipError_t hipFree(void *ptr);
// HIP 5's device properties: a few of the fields, none of those ROCm 6.0 added.
typedef struct hipDeviceProp_t {
  char name[256];
  size_t totalGlobalMem;
  int warpSize;
  int maxThreadsPerBlock;
} hipDeviceProp_t;
hipError_t hipGetDeviceProperties(hipDeviceProp_t *prop, int deviceId);
// HIP 5.2's pointer attributes: the memory type is 'memoryType' (ROCm 6.0 renamed it 'type') and
// there is no hipMemoryTypeManaged.
typedef enum hipMemoryType { hipMemoryTypeHost, hipMemoryTypeDevice, hipMemoryTypeArray, hipMemoryTypeUnified } hipMemoryType;
typedef struct hipPointerAttribute_t {
  enum hipMemoryType memoryType;
  int device;
  void *devicePointer;
  void *hostPointer;
  int isManaged;
  unsigned allocationFlags;
} hipPointerAttribute_t;
hipError_t hipPointerGetAttributes(hipPointerAttribute_t *attributes, const void *ptr);
