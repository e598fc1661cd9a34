// rocm-tidy's declarations-only stand-in for <hip/hip_runtime.h>.
//
// rocm-lint force-includes this header when no ROCm installation is found, so that the checks
// can analyse HIP code on a machine without a GPU toolkit. It declares what ported code uses
// (thread indices, warpSize, the runtime API, launches, warp intrinsics, atomics); nothing
// here is meant to be compiled into a program. The lit tests use it through
// test/Inputs/include/hip/hip_runtime.h.
#ifndef ROCM_TIDY_HIP_FALLBACK_H
#define ROCM_TIDY_HIP_FALLBACK_H
#define ROCM_TIDY_HIP_FALLBACK 1

#ifndef __HIP_PLATFORM_AMD__
#define __HIP_PLATFORM_AMD__ 1
#endif

typedef __SIZE_TYPE__ size_t;

// C files of a HIP build (host code) include this header too: they see the runtime API without
// default arguments, overloads, templates or device code.
#ifdef __cplusplus
#define ROCM_TIDY_DEFAULT(V) = V
#else
#define ROCM_TIDY_DEFAULT(V)
#endif

#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __forceinline__ inline __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __restrict__ __restrict

#ifdef __cplusplus
// Thread and block coordinates, with the same shape as ROCm's (properties on a builtin object).
#define ROCM_TIDY_BUILTIN_DIM(NAME)                                                                    \
  struct NAME##_t {                                                                                    \
    __declspec(property(get = __get_x)) unsigned int x;                                                \
    __declspec(property(get = __get_y)) unsigned int y;                                                \
    __declspec(property(get = __get_z)) unsigned int z;                                                \
    __device__ unsigned int __get_x() const;                                                           \
    __device__ unsigned int __get_y() const;                                                           \
    __device__ unsigned int __get_z() const;                                                           \
  };                                                                                                   \
  extern const __device__ NAME##_t NAME;
ROCM_TIDY_BUILTIN_DIM(threadIdx)
ROCM_TIDY_BUILTIN_DIM(blockIdx)
ROCM_TIDY_BUILTIN_DIM(blockDim)
ROCM_TIDY_BUILTIN_DIM(gridDim)
#undef ROCM_TIDY_BUILTIN_DIM

#define hipThreadIdx_x (threadIdx.x)
#define hipThreadIdx_y (threadIdx.y)
#define hipThreadIdx_z (threadIdx.z)
#define hipBlockIdx_x (blockIdx.x)
#define hipBlockIdx_y (blockIdx.y)
#define hipBlockIdx_z (blockIdx.z)
#define hipBlockDim_x (blockDim.x)
#define hipBlockDim_y (blockDim.y)
#define hipBlockDim_z (blockDim.z)
#define hipGridDim_x (gridDim.x)
#define hipGridDim_y (gridDim.y)
#define hipGridDim_z (gridDim.z)

// As in ROCm 7: a device-side value, not a constant expression.
extern const __device__ int warpSize;
__device__ unsigned int __lane_id();

struct dim3 {
  unsigned int x, y, z;
  constexpr __host__ __device__ dim3(unsigned int x = 1, unsigned int y = 1, unsigned int z = 1) : x(x), y(y), z(z) {}
};
#else
typedef struct dim3 {
  unsigned int x, y, z;
} dim3;
#endif

typedef enum hipError_t {
  hipSuccess = 0,
  hipErrorInvalidValue = 1,
  hipErrorOutOfMemory = 2,
  hipErrorMemoryAllocation = 2,
  hipErrorInvalidConfiguration = 9,
  hipErrorInvalidDevicePointer = 17,
  hipErrorInvalidDevice = 101,
  hipErrorNotReady = 600,
  hipErrorPeerAccessAlreadyEnabled = 704,
  hipErrorPeerAccessNotEnabled = 705,
  hipErrorLaunchFailure = 719,
  hipErrorUnknown = 999
} hipError_t;

typedef struct ihipStream_t *hipStream_t;
typedef struct ihipEvent_t *hipEvent_t;
typedef struct ihipModule_t *hipModule_t;
typedef struct ihipModuleSymbol_t *hipFunction_t;
typedef struct ihipMemPoolHandle_t *hipMemPool_t;
typedef struct hipArray *hipArray_t;
typedef struct hipChannelFormatDesc { int x, y, z, w, f; } hipChannelFormatDesc;
typedef struct hipExtent { size_t width, height, depth; } hipExtent;
typedef void *hipDeviceptr_t;

typedef enum hipMemcpyKind {
  hipMemcpyHostToHost = 0,
  hipMemcpyHostToDevice = 1,
  hipMemcpyDeviceToHost = 2,
  hipMemcpyDeviceToDevice = 3,
  hipMemcpyDefault = 4
} hipMemcpyKind;

typedef enum hipFuncAttribute {
  hipFuncAttributeMaxDynamicSharedMemorySize = 8,
  hipFuncAttributePreferredSharedMemoryCarveout = 9
} hipFuncAttribute;

typedef struct hipDeviceProp_t {
  char name[256];
  size_t totalGlobalMem;
  size_t sharedMemPerBlock;
  int regsPerBlock;
  int warpSize;
  int maxThreadsPerBlock;
  int maxThreadsDim[3];
  int maxGridSize[3];
  int multiProcessorCount;
  size_t maxSharedMemoryPerMultiProcessor;
  char gcnArchName[256];
} hipDeviceProp_t;

#define hipHostMallocDefault 0x0
#define hipHostMallocMapped 0x2
#define hipMemAttachGlobal 0x1
#define hipDeviceMallocDefault 0x0

// Runtime API.
hipError_t hipGetLastError(void);
hipError_t hipPeekAtLastError(void);
const char *hipGetErrorString(hipError_t);
const char *hipGetErrorName(hipError_t);
hipError_t hipGetDevice(int *);
hipError_t hipSetDevice(int);
hipError_t hipGetDeviceCount(int *);
hipError_t hipGetDeviceProperties(hipDeviceProp_t *, int);
hipError_t hipDeviceSynchronize(void);
hipError_t hipDeviceReset(void);
hipError_t hipMemGetInfo(size_t *, size_t *);

hipError_t hipMalloc(void **, size_t);
hipError_t hipMallocManaged(void **, size_t, unsigned int flags ROCM_TIDY_DEFAULT(hipMemAttachGlobal));
hipError_t hipMallocAsync(void **, size_t, hipStream_t);
hipError_t hipMallocFromPoolAsync(void **, size_t, hipMemPool_t, hipStream_t);
hipError_t hipMallocPitch(void **, size_t *, size_t, size_t);
hipError_t hipExtMallocWithFlags(void **, size_t, unsigned int);
hipError_t hipHostMalloc(void **, size_t, unsigned int flags ROCM_TIDY_DEFAULT(hipHostMallocDefault));
hipError_t hipHostAlloc(void **, size_t, unsigned int);
hipError_t hipMallocHost(void **, size_t);
hipError_t hipMallocArray(hipArray_t *, const hipChannelFormatDesc *, size_t, size_t, unsigned int flags ROCM_TIDY_DEFAULT(0));
hipError_t hipMalloc3DArray(hipArray_t *, const hipChannelFormatDesc *, hipExtent, unsigned int);
hipError_t hipFree(void *);
hipError_t hipFreeAsync(void *, hipStream_t);
hipError_t hipHostFree(void *);
hipError_t hipFreeHost(void *);
hipError_t hipFreeArray(hipArray_t);
#ifdef __cplusplus
template <class T> hipError_t hipMalloc(T **p, size_t n) { return hipMalloc((void **)p, n); }
template <class T> hipError_t hipMallocManaged(T **p, size_t n, unsigned int flags = hipMemAttachGlobal) {
  return hipMallocManaged((void **)p, n, flags);
}
template <class T> hipError_t hipHostMalloc(T **p, size_t n, unsigned int flags = hipHostMallocDefault) {
  return hipHostMalloc((void **)p, n, flags);
}
template <class T> hipError_t hipMallocAsync(T **p, size_t n, hipStream_t s) { return hipMallocAsync((void **)p, n, s); }
#endif

hipError_t hipMemcpy(void *, const void *, size_t, hipMemcpyKind);
hipError_t hipMemcpyAsync(void *, const void *, size_t, hipMemcpyKind, hipStream_t stream ROCM_TIDY_DEFAULT(0));
hipError_t hipMemset(void *, int, size_t);
hipError_t hipMemsetAsync(void *, int, size_t, hipStream_t stream ROCM_TIDY_DEFAULT(0));
hipError_t hipMemcpyToSymbol(const void *symbol, const void *src, size_t sizeBytes, size_t offset ROCM_TIDY_DEFAULT(0),
                             hipMemcpyKind kind ROCM_TIDY_DEFAULT(hipMemcpyHostToDevice));
hipError_t hipMemcpyFromSymbol(void *dst, const void *symbol, size_t sizeBytes, size_t offset ROCM_TIDY_DEFAULT(0),
                               hipMemcpyKind kind ROCM_TIDY_DEFAULT(hipMemcpyDeviceToHost));
#ifdef __cplusplus
// CUDA code passes the __device__ variable itself, as HIP's own overloads allow.
template <class T>
hipError_t hipMemcpyToSymbol(const T &symbol, const void *src, size_t sizeBytes, size_t offset = 0,
                             hipMemcpyKind kind = hipMemcpyHostToDevice) {
  return hipMemcpyToSymbol((const void *)&symbol, src, sizeBytes, offset, kind);
}
template <class T>
hipError_t hipMemcpyFromSymbol(void *dst, const T &symbol, size_t sizeBytes, size_t offset = 0,
                               hipMemcpyKind kind = hipMemcpyDeviceToHost) {
  return hipMemcpyFromSymbol(dst, (const void *)&symbol, sizeBytes, offset, kind);
}
#endif
typedef enum hipMemoryAdvise {
  hipMemAdviseSetReadMostly = 1,
  hipMemAdviseUnsetReadMostly = 2,
  hipMemAdviseSetPreferredLocation = 3,
  hipMemAdviseUnsetPreferredLocation = 4,
  hipMemAdviseSetAccessedBy = 5,
  hipMemAdviseUnsetAccessedBy = 6
} hipMemoryAdvise;
hipError_t hipMemAdvise(const void *dev_ptr, size_t count, hipMemoryAdvise advice, int device);
hipError_t hipMemPrefetchAsync(const void *dev_ptr, size_t count, int device, hipStream_t stream ROCM_TIDY_DEFAULT(0));
typedef enum hipLimit_t { hipLimitStackSize = 0, hipLimitPrintfFifoSize = 1, hipLimitMallocHeapSize = 2 } hipLimit_t;
hipError_t hipDeviceGetLimit(size_t *pValue, hipLimit_t limit);
hipError_t hipStreamCreate(hipStream_t *);
hipError_t hipStreamDestroy(hipStream_t);
hipError_t hipStreamSynchronize(hipStream_t);
hipError_t hipEventCreate(hipEvent_t *);
hipError_t hipEventDestroy(hipEvent_t);
hipError_t hipEventRecord(hipEvent_t, hipStream_t stream ROCM_TIDY_DEFAULT(0));
hipError_t hipEventSynchronize(hipEvent_t);
hipError_t hipEventElapsedTime(float *, hipEvent_t, hipEvent_t);
#define hipStreamDefault 0x00
#define hipStreamNonBlocking 0x01
#define hipEventDefault 0x0
#define hipEventDisableTiming 0x2
#define hipHostRegisterDefault 0x0
#define hipHostRegisterPortable 0x1
#define hipHostRegisterMapped 0x2
#define hipCpuDeviceId ((int)-1)
hipError_t hipStreamCreateWithFlags(hipStream_t *, unsigned int);
hipError_t hipStreamCreateWithPriority(hipStream_t *, unsigned int, int);
hipError_t hipDeviceGetStreamPriorityRange(int *, int *);
hipError_t hipStreamQuery(hipStream_t);
hipError_t hipStreamWaitEvent(hipStream_t, hipEvent_t, unsigned int flags ROCM_TIDY_DEFAULT(0));
hipError_t hipEventCreateWithFlags(hipEvent_t *, unsigned int);
hipError_t hipEventQuery(hipEvent_t);
hipError_t hipDriverGetVersion(int *);
hipError_t hipRuntimeGetVersion(int *);
hipError_t hipDeviceGetPCIBusId(char *, int, int);
hipError_t hipDeviceCanAccessPeer(int *, int, int);
hipError_t hipDeviceEnablePeerAccess(int, unsigned int);
hipError_t hipDeviceDisablePeerAccess(int);
hipError_t hipMemcpyPeerAsync(void *, int, const void *, int, size_t, hipStream_t stream ROCM_TIDY_DEFAULT(0));
hipError_t hipMemcpy2D(void *, size_t, const void *, size_t, size_t, size_t, hipMemcpyKind);
hipError_t hipHostRegister(void *, size_t, unsigned int);
hipError_t hipHostUnregister(void *);
hipError_t hipHostGetDevicePointer(void **, void *, unsigned int);
hipError_t hipProfilerStart(void);
hipError_t hipProfilerStop(void);
typedef enum hipFuncCache_t {
  hipFuncCachePreferNone,
  hipFuncCachePreferShared,
  hipFuncCachePreferL1,
  hipFuncCachePreferEqual
} hipFuncCache_t;
hipError_t hipDeviceSetCacheConfig(hipFuncCache_t);
hipError_t hipFuncSetCacheConfig(const void *, hipFuncCache_t);
// Graphs captured from a stream (HIP 5.2 and later).
typedef struct ihipGraph *hipGraph_t;
typedef struct hipGraphNode *hipGraphNode_t;
typedef struct hipGraphExec *hipGraphExec_t;
typedef enum hipStreamCaptureMode {
  hipStreamCaptureModeGlobal = 0,
  hipStreamCaptureModeThreadLocal,
  hipStreamCaptureModeRelaxed
} hipStreamCaptureMode;
hipError_t hipStreamBeginCapture(hipStream_t, hipStreamCaptureMode);
hipError_t hipStreamEndCapture(hipStream_t, hipGraph_t *);
hipError_t hipGraphInstantiate(hipGraphExec_t *, hipGraph_t, hipGraphNode_t *, char *, size_t);
hipError_t hipGraphLaunch(hipGraphExec_t, hipStream_t);
hipError_t hipGraphDestroy(hipGraph_t);
hipError_t hipGraphExecDestroy(hipGraphExec_t);

// Launch APIs.
hipError_t hipLaunchKernel(const void *func, dim3 gridDim, dim3 blockDim, void **args, size_t sharedMem,
                           hipStream_t stream);
hipError_t hipLaunchCooperativeKernel(const void *func, dim3 gridDim, dim3 blockDim, void **args,
                                      unsigned int sharedMem, hipStream_t stream);
hipError_t hipModuleLaunchKernel(hipFunction_t f, unsigned int gridDimX, unsigned int gridDimY,
                                 unsigned int gridDimZ, unsigned int blockDimX, unsigned int blockDimY,
                                 unsigned int blockDimZ, unsigned int sharedMemBytes, hipStream_t stream,
                                 void **kernelParams, void **extra);
hipError_t hipFuncSetAttribute(const void *func, hipFuncAttribute attr, int value);
hipError_t hipOccupancyMaxPotentialBlockSize(int *gridSize, int *blockSize, const void *f,
                                             size_t dynSharedMemPerBlk ROCM_TIDY_DEFAULT(0),
                                             int blockSizeLimit ROCM_TIDY_DEFAULT(0));
#ifdef __cplusplus
template <class F>
hipError_t hipOccupancyMaxPotentialBlockSize(int *gridSize, int *blockSize, F f, size_t dynSharedMemPerBlk = 0,
                                             int blockSizeLimit = 0) {
  return hipOccupancyMaxPotentialBlockSize(gridSize, blockSize, (const void *)f, dynSharedMemPerBlk,
                                           blockSizeLimit);
}
#endif
hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, const void *f, int blockSize,
                                                        size_t dynSharedMemPerBlk);
// As in ROCm: a macro around the triple-chevron launch.
#define hipLaunchKernelGGL(kernelName, numBlocks, numThreads, memPerBlock, streamId, ...)                 \
  do {                                                                                                 \
    kernelName<<<(numBlocks), (numThreads), (memPerBlock), (streamId)>>>(__VA_ARGS__);                 \
  } while (0)
#ifdef __cplusplus
template <typename... Args, typename F = void (*)(Args...)>
void hipExtLaunchKernelGGL(F kernel, const dim3 &numBlocks, const dim3 &dimBlocks, unsigned int sharedMemBytes,
                           hipStream_t stream, hipEvent_t startEvent, hipEvent_t stopEvent, unsigned int flags,
                           Args... args);
#endif
// rocm-hardcoded-block-size, rocm-lds-limit: the other launch of hip_ext.h.
hipError_t hipExtLaunchKernel(const void *function_address, dim3 numBlocks, dim3 dimBlocks, void **args,
                              size_t sharedMemBytes, hipStream_t stream, hipEvent_t startEvent ROCM_TIDY_DEFAULT(nullptr),
                              hipEvent_t stopEvent ROCM_TIDY_DEFAULT(nullptr), int flags ROCM_TIDY_DEFAULT(0));
// The extensible launch of HIP 6.2+ (CUDA's cudaLaunchKernelEx): grid, block and dynamic shared
// memory travel in a configuration struct, which the launch checks read field by field.
typedef struct hipLaunchAttribute_st {
  int id;
  int val;
} hipLaunchAttribute;
typedef struct hipLaunchConfig_st {
  dim3 gridDim;
  dim3 blockDim;
  size_t dynamicSmemBytes;
  hipStream_t stream;
  hipLaunchAttribute *attrs;
  unsigned int numAttrs;
} hipLaunchConfig_t;
hipError_t hipLaunchKernelExC(const hipLaunchConfig_t *config, const void *fPtr, void **args);
#ifdef __cplusplus
template <typename... KernelArgs, typename... Params>
hipError_t hipLaunchKernelEx(const hipLaunchConfig_t *config, void (*kernel)(KernelArgs...), Params &&...args);
#endif

#ifdef __cplusplus
// The chevron launch lowers to these in clang's HIP mode.
extern "C" hipError_t hipConfigureCall(dim3 gridSize, dim3 blockSize, size_t sharedMem = 0, hipStream_t stream = 0);
extern "C" hipError_t __hipPushCallConfiguration(dim3 gridDim, dim3 blockDim, size_t sharedMem = 0,
                                                  hipStream_t stream = 0);
extern "C" hipError_t __hipPopCallConfiguration(dim3 *gridDim, dim3 *blockDim, size_t *sharedMem,
                                                 hipStream_t *stream);

// Device functions.
__device__ void __syncthreads();
__device__ void __threadfence();
__device__ void __threadfence_block();
__device__ int __syncthreads_count(int);
__device__ int __syncthreads_and(int);
__device__ int __syncthreads_or(int);

// Warp (wavefront) intrinsics: 64-bit masks and results, as on AMD.
__device__ unsigned long long __ballot(int predicate);
__device__ unsigned long long __ballot64(int predicate);
__device__ unsigned long long __activemask();
__device__ int __any(int predicate);
__device__ int __all(int predicate);
__device__ unsigned long long __lanemask_lt();
__device__ unsigned long long __lanemask_le();
__device__ unsigned long long __lanemask_gt();
__device__ unsigned long long __lanemask_ge();
__device__ unsigned long long __lanemask_eq();
#define ROCM_TIDY_SHFL(T)                                                                              \
  __device__ T __shfl(T var, int srcLane, int width = 64);                                             \
  __device__ T __shfl_up(T var, unsigned int delta, int width = 64);                                   \
  __device__ T __shfl_down(T var, unsigned int delta, int width = 64);                                 \
  __device__ T __shfl_xor(T var, int laneMask, int width = 64);                                        \
  __device__ T __shfl_sync(unsigned long long mask, T var, int srcLane, int width = 64);              \
  __device__ T __shfl_up_sync(unsigned long long mask, T var, unsigned int delta, int width = 64);     \
  __device__ T __shfl_down_sync(unsigned long long mask, T var, unsigned int delta, int width = 64);   \
  __device__ T __shfl_xor_sync(unsigned long long mask, T var, int laneMask, int width = 64);
ROCM_TIDY_SHFL(int)
ROCM_TIDY_SHFL(unsigned int)
ROCM_TIDY_SHFL(long)
ROCM_TIDY_SHFL(unsigned long)
ROCM_TIDY_SHFL(long long)
ROCM_TIDY_SHFL(unsigned long long)
ROCM_TIDY_SHFL(float)
ROCM_TIDY_SHFL(double)
#undef ROCM_TIDY_SHFL
__device__ unsigned long long __ballot_sync(unsigned long long mask, int predicate);
__device__ int __any_sync(unsigned long long mask, int predicate);
__device__ int __all_sync(unsigned long long mask, int predicate);
__device__ unsigned long long __match_any_sync(unsigned long long mask, int value);
__device__ unsigned long long __match_all_sync(unsigned long long mask, int value, int *pred);
__device__ unsigned int __reduce_add_sync(unsigned long long mask, unsigned int value);
__device__ unsigned int __reduce_min_sync(unsigned long long mask, unsigned int value);
__device__ unsigned int __reduce_max_sync(unsigned long long mask, unsigned int value);
__device__ unsigned int __reduce_and_sync(unsigned long long mask, unsigned int value);
__device__ unsigned int __reduce_or_sync(unsigned long long mask, unsigned int value);
__device__ unsigned int __reduce_xor_sync(unsigned long long mask, unsigned int value);
__device__ void __syncwarp(unsigned long long mask = ~0ull);

// Bit operations: 32-bit and 64-bit forms.
__device__ int __popc(unsigned int);
__device__ int __popcll(unsigned long long);
__device__ int __ffs(unsigned int);
__device__ int __ffsll(unsigned long long);
__device__ int __clz(unsigned int);
__device__ int __clzll(unsigned long long);
__device__ unsigned int __brev(unsigned int);
__device__ unsigned long long __brevll(unsigned long long);

// Atomics.
__device__ int atomicAdd(int *, int);
__device__ unsigned int atomicAdd(unsigned int *, unsigned int);
__device__ unsigned long long atomicAdd(unsigned long long *, unsigned long long);
__device__ float atomicAdd(float *, float);
__device__ double atomicAdd(double *, double);
__device__ int atomicSub(int *, int);
__device__ int atomicMax(int *, int);
__device__ int atomicMin(int *, int);
__device__ int atomicExch(int *, int);
__device__ int atomicCAS(int *, int, int);
__device__ unsigned long long atomicCAS(unsigned long long *, unsigned long long, unsigned long long);

// Math used by samples: device overloads, as HIP's math wrapper adds them next to the C library's
// host functions. A __host__ __device__ declaration here would make a later <cmath> (included by
// kernels/common/harness.h) an error: a host-only redeclaration cannot overload it.
__device__ float sqrtf(float);
__device__ float expf(float);
__device__ float fabsf(float);
__device__ float fmaxf(float, float);
__device__ float fminf(float, float);

#endif // __cplusplus: device functions

// Device attribute queries: the warp size (host-side tests of it for rocm-warp-size-assumption) and
// the limits launch configurations are computed from.
typedef enum hipDeviceAttribute_t {
  hipDeviceAttributeMaxThreadsPerBlock,
  hipDeviceAttributeWarpSize,
  hipDeviceAttributeCooperativeLaunch,
  hipDeviceAttributeMultiprocessorCount,
  hipDeviceAttributeMaxSharedMemoryPerBlock,
  hipDeviceAttributeSharedMemPerBlockOptin,
  hipDeviceAttributeMaxSharedMemoryPerMultiprocessor,
  hipDeviceAttributeComputeCapabilityMajor,
  hipDeviceAttributeComputeCapabilityMinor,
  hipDeviceAttributeClockRate,
  hipDeviceAttributeL2CacheSize,
  hipDeviceAttributeMaxBlockDimX,
  hipDeviceAttributeMaxGridDimX
} hipDeviceAttribute_t;
hipError_t hipDeviceGetAttribute(int *, hipDeviceAttribute_t, int);

#endif // ROCM_TIDY_HIP_FALLBACK_H
