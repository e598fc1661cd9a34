// HIP before 7.0, as far as these tests and kernels/rocm-warp-size-constexpr need it: warpSize is a
// constexpr constant, the way ROCm 6.x and Debian's HIP 5.2 declare it, so every use compiles and
// only the check can tell that it stops compiling on the upgrade. (rocm-tidy's fallback header
// declares warpSize as ROCm 7 does.)
#ifndef ROCM_TIDY_TEST_HIP_BEFORE_7_H
#define ROCM_TIDY_TEST_HIP_BEFORE_7_H

#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))

#ifndef __AMDGCN_WAVEFRONT_SIZE
#define __AMDGCN_WAVEFRONT_SIZE 64
#endif
static constexpr int warpSize = __AMDGCN_WAVEFRONT_SIZE;

typedef __SIZE_TYPE__ size_t;
struct rocm_tidy_index3 {
  unsigned x, y, z;
};
extern const __device__ rocm_tidy_index3 threadIdx, blockIdx, blockDim;
struct dim3 {
  unsigned x, y, z;
  constexpr __host__ __device__ dim3(unsigned x = 1, unsigned y = 1, unsigned z = 1) : x(x), y(y), z(z) {}
};
typedef struct ihipStream_t *hipStream_t;

__device__ float __shfl_down(float var, unsigned int lane_delta, int width = warpSize);
__device__ void __syncthreads();

typedef enum hipError_t { hipSuccess = 0 } hipError_t;
typedef struct hipDeviceProp_t {
  char name[256];
  int warpSize;
} hipDeviceProp_t;
typedef enum hipMemcpyKind { hipMemcpyHostToDevice = 1, hipMemcpyDeviceToHost = 2 } hipMemcpyKind;
hipError_t hipMalloc(void **, size_t);
template <class T> hipError_t hipMalloc(T **p, size_t n) { return hipMalloc((void **)p, n); }
hipError_t hipFree(void *);
hipError_t hipMemcpy(void *, const void *, size_t, hipMemcpyKind);
hipError_t hipGetLastError();
const char *hipGetErrorString(hipError_t);
typedef enum hipDeviceAttribute_t { hipDeviceAttributeWarpSize } hipDeviceAttribute_t;
extern "C" hipError_t __hipPushCallConfiguration(dim3 gridDim, dim3 blockDim, size_t sharedMem = 0,
                                                  hipStream_t stream = 0);
extern "C" hipError_t __hipPopCallConfiguration(dim3 *gridDim, dim3 *blockDim, size_t *sharedMem,
                                                 hipStream_t *stream);
hipError_t hipGetDevice(int *);
hipError_t hipGetDeviceProperties(hipDeviceProp_t *, int);
hipError_t hipDeviceGetAttribute(int *, hipDeviceAttribute_t, int);

#endif
