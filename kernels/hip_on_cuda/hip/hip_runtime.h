// rocm-tidy's thin HIP-on-CUDA mapping: lets the HIP sample programs under kernels/ build with
// nvcc and run on an NVIDIA GPU.
//
//   nvcc -std=c++17 -I kernels/hip_on_cuda -I kernels -x cu kernels/<check>/fixed.hip -o prog
//
// Why a project-owned header: Debian's HIP 5.2 NVIDIA headers do not build with CUDA 13, and the
// samples use a small, known part of HIP. Each HIP name is an inline function, a type alias or a
// constant over the CUDA runtime, so nvcc's type checking still sees what a HIP compiler would.
// It is not a general HIP implementation; it covers what the samples use (runtime API, launches,
// warp intrinsics, warpSize, device properties, atomics).
//
// Semantics that differ on AMD hardware are kept as CUDA has them here: warpSize is 32, masks and
// ballots are 32 lanes wide (widened to 64-bit values where HIP returns 64-bit values). With
// -DROCM_TIDY_WAVE64 (kernels/run-gpu.sh --wave64) the warp functions get the semantics of a
// 64-lane AMD wavefront instead, emulated over pairs of warps: see ../wave64.h.
#ifndef ROCM_TIDY_HIP_ON_CUDA_HIP_RUNTIME_H
#define ROCM_TIDY_HIP_ON_CUDA_HIP_RUNTIME_H

#if !defined(__CUDACC__)
#error "kernels/hip_on_cuda maps HIP onto CUDA: compile with nvcc (-x cu)"
#endif

#include <cuda_runtime.h>
// cuda_fp16.h/cuda_bf16.h declare the deprecated non-sync shuffles for __half; they must be seen
// before the shuffle macros below are defined, or those macros would rewrite their declarations.
#include <cuda_bf16.h>
#include <cuda_fp16.h>
// HIP's older bfloat16 type (hip/hip_bfloat16.h), which HIP code also reaches through the runtime
// header: CUDA's bfloat16 converts to and from float and has the arithmetic operators the same way
// (its raw bits are not the member 'data').
typedef __nv_bfloat16 hip_bfloat16;
// libcu++ (used by cooperative groups, CUB, Thrust) declares a type named __any; it must be seen
// before the __any macro below, for the same reason.
#if __has_include(<cuda/std/functional>)
#include <cuda/std/functional>
#endif

#if defined(ROCM_TIDY_WAVE64) && __has_include(<cooperative_groups.h>)
// Seen before wave64.h's macros (warpSize, the _sync functions), which would rewrite its code;
// its tiles stay 32-lane hardware tiles (not emulated).
#include <cooperative_groups.h>
#endif

#include <cstddef>
#include <cstdio>
#include <cstring>
#include <type_traits>

#define ROCM_TIDY_HIP_ON_CUDA 1
#ifndef __HIP_PLATFORM_NVIDIA__
#define __HIP_PLATFORM_NVIDIA__ 1
#endif
#ifndef __HIP_PLATFORM_NVCC__
#define __HIP_PLATFORM_NVCC__ 1
#endif
#if defined(__CUDA_ARCH__) && !defined(__HIP_DEVICE_COMPILE__)
#define __HIP_DEVICE_COMPILE__ 1
#endif

// ---------------------------------------------------------------------------------------------
// Errors.
typedef cudaError_t hipError_t;
constexpr hipError_t hipSuccess = cudaSuccess;
constexpr hipError_t hipErrorInvalidValue = cudaErrorInvalidValue;
constexpr hipError_t hipErrorOutOfMemory = cudaErrorMemoryAllocation;
constexpr hipError_t hipErrorMemoryAllocation = cudaErrorMemoryAllocation;
constexpr hipError_t hipErrorInitializationError = cudaErrorInitializationError;
constexpr hipError_t hipErrorInvalidConfiguration = cudaErrorInvalidConfiguration;
constexpr hipError_t hipErrorInvalidDevice = cudaErrorInvalidDevice;
constexpr hipError_t hipErrorInvalidDevicePointer = cudaErrorInvalidDevicePointer;
constexpr hipError_t hipErrorInvalidDeviceFunction = cudaErrorInvalidDeviceFunction;
constexpr hipError_t hipErrorInvalidResourceHandle = cudaErrorInvalidResourceHandle;
constexpr hipError_t hipErrorNoDevice = cudaErrorNoDevice;
constexpr hipError_t hipErrorNotReady = cudaErrorNotReady;
constexpr hipError_t hipErrorNotSupported = cudaErrorNotSupported;
constexpr hipError_t hipErrorLaunchFailure = cudaErrorLaunchFailure;
constexpr hipError_t hipErrorLaunchOutOfResources = cudaErrorLaunchOutOfResources;
constexpr hipError_t hipErrorIllegalAddress = cudaErrorIllegalAddress;
constexpr hipError_t hipErrorUnknown = cudaErrorUnknown;

inline hipError_t hipGetLastError() { return cudaGetLastError(); }
inline hipError_t hipPeekAtLastError() { return cudaPeekAtLastError(); }
inline const char *hipGetErrorString(hipError_t E) { return cudaGetErrorString(E); }
inline const char *hipGetErrorName(hipError_t E) { return cudaGetErrorName(E); }

// ---------------------------------------------------------------------------------------------
// Devices.
inline hipError_t hipGetDeviceCount(int *N) { return cudaGetDeviceCount(N); }
inline hipError_t hipGetDevice(int *D) { return cudaGetDevice(D); }
inline hipError_t hipSetDevice(int D) { return cudaSetDevice(D); }
inline hipError_t hipDeviceSynchronize() { return cudaDeviceSynchronize(); }
inline hipError_t hipDeviceReset() { return cudaDeviceReset(); }
inline hipError_t hipDriverGetVersion(int *V) { return cudaDriverGetVersion(V); }
inline hipError_t hipRuntimeGetVersion(int *V) { return cudaRuntimeGetVersion(V); }

// HIP's property struct carries a few fields CUDA lacks (or that CUDA 13 removed); they are filled
// from device attributes so sample code that prints them builds and shows real values.
struct hipDeviceProp_t : cudaDeviceProp {
  char gcnArchName[256];
  int gcnArch;
  int clockRate;       // kHz
  int memoryClockRate; // kHz
  size_t maxSharedMemoryPerMultiProcessor;
  int hip_on_cuda_warpSize64; // what 'Prop.warpSize' reads in wave64 mode (see ../wave64.h)
  int hip_on_cuda_warpSize32; // what 'Prop.warpSize' reads in 32-lane mode (warpSize below)
};

inline hipError_t hipGetDeviceProperties(hipDeviceProp_t *P, int D) {
  cudaDeviceProp &Base = *P;
  hipError_t E = cudaGetDeviceProperties(&Base, D);
  if (E != cudaSuccess)
    return E;
  std::snprintf(P->gcnArchName, sizeof(P->gcnArchName), "sm_%d%d", Base.major, Base.minor);
  P->gcnArch = 0;
  P->maxSharedMemoryPerMultiProcessor = Base.sharedMemPerMultiprocessor;
#ifdef ROCM_TIDY_WAVE64
  Base.warpSize = 64;
#endif
  P->hip_on_cuda_warpSize64 = Base.warpSize;
  P->hip_on_cuda_warpSize32 = Base.warpSize;
  if ((E = cudaDeviceGetAttribute(&P->clockRate, cudaDevAttrClockRate, D)) != cudaSuccess)
    return E;
  return cudaDeviceGetAttribute(&P->memoryClockRate, cudaDevAttrMemoryClockRate, D);
}

enum hipDeviceAttribute_t {
  hipDeviceAttributeMaxThreadsPerBlock,
  hipDeviceAttributeMaxSharedMemoryPerBlock,
  hipDeviceAttributeSharedMemPerBlockOptin,
  hipDeviceAttributeMaxSharedMemoryPerMultiprocessor,
  hipDeviceAttributeWarpSize,
  hipDeviceAttributeMultiprocessorCount,
  hipDeviceAttributeMaxBlockDimX,
  hipDeviceAttributeMaxGridDimX,
  hipDeviceAttributeComputeCapabilityMajor,
  hipDeviceAttributeComputeCapabilityMinor,
  hipDeviceAttributeClockRate,
  hipDeviceAttributeManagedMemory,
  hipDeviceAttributeConcurrentManagedAccess,
};

inline hipError_t hipDeviceGetAttribute(int *V, hipDeviceAttribute_t A, int D) {
  cudaDeviceAttr C;
  switch (A) {
  case hipDeviceAttributeMaxThreadsPerBlock: C = cudaDevAttrMaxThreadsPerBlock; break;
  case hipDeviceAttributeMaxSharedMemoryPerBlock: C = cudaDevAttrMaxSharedMemoryPerBlock; break;
  case hipDeviceAttributeSharedMemPerBlockOptin: C = cudaDevAttrMaxSharedMemoryPerBlockOptin; break;
  case hipDeviceAttributeMaxSharedMemoryPerMultiprocessor: C = cudaDevAttrMaxSharedMemoryPerMultiprocessor; break;
  case hipDeviceAttributeWarpSize: C = cudaDevAttrWarpSize; break;
  case hipDeviceAttributeMultiprocessorCount: C = cudaDevAttrMultiProcessorCount; break;
  case hipDeviceAttributeMaxBlockDimX: C = cudaDevAttrMaxBlockDimX; break;
  case hipDeviceAttributeMaxGridDimX: C = cudaDevAttrMaxGridDimX; break;
  case hipDeviceAttributeComputeCapabilityMajor: C = cudaDevAttrComputeCapabilityMajor; break;
  case hipDeviceAttributeComputeCapabilityMinor: C = cudaDevAttrComputeCapabilityMinor; break;
  case hipDeviceAttributeClockRate: C = cudaDevAttrClockRate; break;
  case hipDeviceAttributeManagedMemory: C = cudaDevAttrManagedMemory; break;
  case hipDeviceAttributeConcurrentManagedAccess:
    C = cudaDevAttrConcurrentManagedAccess;
    break;
  default: return cudaErrorInvalidValue;
  }
#ifdef ROCM_TIDY_WAVE64
  if (A == hipDeviceAttributeWarpSize) {
    hipError_t E = cudaDeviceGetAttribute(V, C, D);
    *V = 64;
    return E;
  }
#endif
  return cudaDeviceGetAttribute(V, C, D);
}

typedef cudaStream_t hipStream_t;
typedef cudaEvent_t hipEvent_t;

// ---------------------------------------------------------------------------------------------
// Memory. HIP's flag values for hipHostMalloc match cudaHostAlloc's.
typedef cudaMemcpyKind hipMemcpyKind;
constexpr hipMemcpyKind hipMemcpyHostToHost = cudaMemcpyHostToHost;
constexpr hipMemcpyKind hipMemcpyHostToDevice = cudaMemcpyHostToDevice;
constexpr hipMemcpyKind hipMemcpyDeviceToHost = cudaMemcpyDeviceToHost;
constexpr hipMemcpyKind hipMemcpyDeviceToDevice = cudaMemcpyDeviceToDevice;
constexpr hipMemcpyKind hipMemcpyDefault = cudaMemcpyDefault;

#define hipHostMallocDefault cudaHostAllocDefault
#define hipHostMallocPortable cudaHostAllocPortable
#define hipHostMallocMapped cudaHostAllocMapped
#define hipHostMallocWriteCombined cudaHostAllocWriteCombined
#define hipMemAttachGlobal cudaMemAttachGlobal
#define hipMemAttachHost cudaMemAttachHost
#define hipDeviceMallocDefault 0x0

inline hipError_t hipMalloc(void **P, size_t N) { return cudaMalloc(P, N); }
template <class T> inline hipError_t hipMalloc(T **P, size_t N) { return cudaMalloc(reinterpret_cast<void **>(P), N); }
inline hipError_t hipMallocManaged(void **P, size_t N, unsigned Flags = hipMemAttachGlobal) {
  return cudaMallocManaged(P, N, Flags);
}
template <class T> inline hipError_t hipMallocManaged(T **P, size_t N, unsigned Flags = hipMemAttachGlobal) {
  return cudaMallocManaged(reinterpret_cast<void **>(P), N, Flags);
}
inline hipError_t hipHostMalloc(void **P, size_t N, unsigned Flags = hipHostMallocDefault) {
  return cudaHostAlloc(P, N, Flags);
}
template <class T> inline hipError_t hipHostMalloc(T **P, size_t N, unsigned Flags = hipHostMallocDefault) {
  return cudaHostAlloc(reinterpret_cast<void **>(P), N, Flags);
}
inline hipError_t hipMallocPitch(void **P, size_t *Pitch, size_t Width, size_t Height) {
  return cudaMallocPitch(P, Pitch, Width, Height);
}
template <class T> inline hipError_t hipMallocPitch(T **P, size_t *Pitch, size_t Width, size_t Height) {
  return cudaMallocPitch(reinterpret_cast<void **>(P), Pitch, Width, Height);
}
inline hipError_t hipFree(void *P) { return cudaFree(P); }
inline hipError_t hipHostFree(void *P) { return cudaFreeHost(P); }
inline hipError_t hipHostAlloc(void **P, size_t N, unsigned Flags) { return cudaHostAlloc(P, N, Flags); }
inline hipError_t hipMallocHost(void **P, size_t N) { return cudaMallocHost(P, N); }
inline hipError_t hipFreeHost(void *P) { return cudaFreeHost(P); }

inline hipError_t hipMallocAsync(void **P, size_t N, hipStream_t S) { return cudaMallocAsync(P, N, S); }
template <class T> inline hipError_t hipMallocAsync(T **P, size_t N, hipStream_t S) {
  return cudaMallocAsync(reinterpret_cast<void **>(P), N, S);
}
inline hipError_t hipFreeAsync(void *P, hipStream_t S) { return cudaFreeAsync(P, S); }

inline hipError_t hipMemcpy(void *Dst, const void *Src, size_t N, hipMemcpyKind K) {
  return cudaMemcpy(Dst, Src, N, K);
}
inline hipError_t hipMemcpyAsync(void *Dst, const void *Src, size_t N, hipMemcpyKind K, hipStream_t S = 0) {
  return cudaMemcpyAsync(Dst, Src, N, K, S);
}
inline hipError_t hipMemcpy2D(void *Dst, size_t DPitch, const void *Src, size_t SPitch, size_t Width, size_t Height,
                              hipMemcpyKind K) {
  return cudaMemcpy2D(Dst, DPitch, Src, SPitch, Width, Height, K);
}
inline hipError_t hipMemset(void *P, int V, size_t N) { return cudaMemset(P, V, N); }
inline hipError_t hipMemsetAsync(void *P, int V, size_t N, hipStream_t S = 0) { return cudaMemsetAsync(P, V, N, S); }
inline hipError_t hipMemGetInfo(size_t *Free, size_t *Total) { return cudaMemGetInfo(Free, Total); }

#define hipCpuDeviceId cudaCpuDeviceId
// CUDA 13 takes a memory location where older toolkits took a device number.
inline hipError_t hipMemPrefetchAsync(const void *P, size_t N, int Device, hipStream_t S = 0) {
#if CUDART_VERSION >= 13000
  cudaMemLocation Loc{};
  Loc.type = Device == cudaCpuDeviceId ? cudaMemLocationTypeHost : cudaMemLocationTypeDevice;
  Loc.id = Device;
  return cudaMemPrefetchAsync(P, N, Loc, 0, S);
#else
  return cudaMemPrefetchAsync(P, N, Device, S);
#endif
}

#define HIP_SYMBOL(X) X
template <class T>
inline hipError_t hipMemcpyToSymbol(const T &Symbol, const void *Src, size_t N, size_t Offset = 0,
                                    hipMemcpyKind K = hipMemcpyHostToDevice) {
  return cudaMemcpyToSymbol(Symbol, Src, N, Offset, K);
}
template <class T>
inline hipError_t hipMemcpyFromSymbol(void *Dst, const T &Symbol, size_t N, size_t Offset = 0,
                                      hipMemcpyKind K = hipMemcpyDeviceToHost) {
  return cudaMemcpyFromSymbol(Dst, Symbol, N, Offset, K);
}

// ---------------------------------------------------------------------------------------------
// Streams and events.
#define hipStreamDefault cudaStreamDefault
#define hipStreamNonBlocking cudaStreamNonBlocking
#define hipEventDefault cudaEventDefault
#define hipEventBlockingSync cudaEventBlockingSync
#define hipEventDisableTiming cudaEventDisableTiming

inline hipError_t hipStreamCreate(hipStream_t *S) { return cudaStreamCreate(S); }
inline hipError_t hipStreamCreateWithFlags(hipStream_t *S, unsigned Flags) {
  return cudaStreamCreateWithFlags(S, Flags);
}
inline hipError_t hipStreamCreateWithPriority(hipStream_t *S, unsigned Flags, int Priority) {
  return cudaStreamCreateWithPriority(S, Flags, Priority);
}
inline hipError_t hipDeviceGetStreamPriorityRange(int *Least, int *Greatest) {
  return cudaDeviceGetStreamPriorityRange(Least, Greatest);
}
inline hipError_t hipStreamGetPriority(hipStream_t S, int *Priority) { return cudaStreamGetPriority(S, Priority); }
inline hipError_t hipStreamDestroy(hipStream_t S) { return cudaStreamDestroy(S); }
inline hipError_t hipStreamSynchronize(hipStream_t S) { return cudaStreamSynchronize(S); }
inline hipError_t hipStreamQuery(hipStream_t S) { return cudaStreamQuery(S); }
inline hipError_t hipStreamWaitEvent(hipStream_t S, hipEvent_t E, unsigned Flags = 0) {
  return cudaStreamWaitEvent(S, E, Flags);
}
inline hipError_t hipEventCreate(hipEvent_t *E) { return cudaEventCreate(E); }
inline hipError_t hipEventCreateWithFlags(hipEvent_t *E, unsigned Flags) { return cudaEventCreateWithFlags(E, Flags); }
inline hipError_t hipEventDestroy(hipEvent_t E) { return cudaEventDestroy(E); }
inline hipError_t hipEventRecord(hipEvent_t E, hipStream_t S = 0) { return cudaEventRecord(E, S); }
inline hipError_t hipEventSynchronize(hipEvent_t E) { return cudaEventSynchronize(E); }
inline hipError_t hipEventQuery(hipEvent_t E) { return cudaEventQuery(E); }
inline hipError_t hipEventElapsedTime(float *Ms, hipEvent_t Start, hipEvent_t Stop) {
  return cudaEventElapsedTime(Ms, Start, Stop);
}

// ---------------------------------------------------------------------------------------------
// Launches, kernel attributes and occupancy.
// A template kernel name with commas goes through HIP_KERNEL_NAME, as in HIP.
#define HIP_KERNEL_NAME(...) __VA_ARGS__
#define hipLaunchKernelGGL(KernelName, NumBlocks, NumThreads, MemPerBlock, StreamId, ...)               \
  do {                                                                                                 \
    KernelName<<<(NumBlocks), (NumThreads), (MemPerBlock), (StreamId)>>>(__VA_ARGS__);                 \
  } while (0)

inline hipError_t hipLaunchKernel(const void *F, dim3 Grid, dim3 Block, void **Args, size_t Shared = 0,
                                  hipStream_t S = 0) {
  return cudaLaunchKernel(F, Grid, Block, Args, Shared, S);
}

typedef cudaFuncAttribute hipFuncAttribute;
constexpr hipFuncAttribute hipFuncAttributeMaxDynamicSharedMemorySize = cudaFuncAttributeMaxDynamicSharedMemorySize;
constexpr hipFuncAttribute hipFuncAttributePreferredSharedMemoryCarveout =
    cudaFuncAttributePreferredSharedMemoryCarveout;
typedef cudaFuncAttributes hipFuncAttributes;

inline hipError_t hipFuncSetAttribute(const void *F, hipFuncAttribute A, int V) { return cudaFuncSetAttribute(F, A, V); }
template <class R, class... Args> inline hipError_t hipFuncSetAttribute(R (*F)(Args...), hipFuncAttribute A, int V) {
  return cudaFuncSetAttribute(reinterpret_cast<const void *>(F), A, V);
}
inline hipError_t hipFuncGetAttributes(hipFuncAttributes *Attr, const void *F) { return cudaFuncGetAttributes(Attr, F); }
template <class R, class... Args> inline hipError_t hipFuncGetAttributes(hipFuncAttributes *Attr, R (*F)(Args...)) {
  return cudaFuncGetAttributes(Attr, reinterpret_cast<const void *>(F));
}

template <class F>
inline hipError_t hipOccupancyMaxPotentialBlockSize(int *GridSize, int *BlockSize, F Func, size_t DynSharedMem = 0,
                                                    int BlockSizeLimit = 0) {
  return cudaOccupancyMaxPotentialBlockSize(GridSize, BlockSize, Func, DynSharedMem, BlockSizeLimit);
}
template <class F>
inline hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessor(int *NumBlocks, F Func, int BlockSize,
                                                               size_t DynSharedMem = 0) {
  return cudaOccupancyMaxActiveBlocksPerMultiprocessor(NumBlocks, Func, BlockSize, DynSharedMem);
}

// ---------------------------------------------------------------------------------------------
// Device side: indices, dynamic shared memory, warp intrinsics.
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
#define HIP_DYNAMIC_SHARED(Type, Var) extern __shared__ Type Var[];

#ifdef ROCM_TIDY_WAVE64
#include "../wave64.h"
#else // 32-lane warps, CUDA's own meaning

namespace hip_on_cuda {

// HIP's non-sync warp functions act on the lanes of the wavefront that run them. CUDA removed its
// non-sync forms for sm_70+, so they become the _sync forms over all 32 lanes for shuffles (a
// shuffle reading an inactive lane is undefined on both platforms) and over the lanes active at
// the call for votes, which is what a ballot/any/all on AMD sees.
constexpr unsigned FullMask = 0xffffffffu;

template <class T> __device__ __forceinline__ T shfl(T Var, int SrcLane, int Width = warpSize) {
  return __shfl_sync(FullMask, Var, SrcLane, Width);
}
template <class T> __device__ __forceinline__ T shfl_up(T Var, unsigned Delta, int Width = warpSize) {
  return __shfl_up_sync(FullMask, Var, Delta, Width);
}
template <class T> __device__ __forceinline__ T shfl_down(T Var, unsigned Delta, int Width = warpSize) {
  return __shfl_down_sync(FullMask, Var, Delta, Width);
}
template <class T> __device__ __forceinline__ T shfl_xor(T Var, int LaneMask, int Width = warpSize) {
  return __shfl_xor_sync(FullMask, Var, LaneMask, Width);
}
// HIP returns the ballot as a 64-bit value (one bit per lane of a 64-lane wavefront).
__device__ __forceinline__ unsigned long long ballot(int Pred) {
  return static_cast<unsigned long long>(__ballot_sync(__activemask(), Pred));
}
__device__ __forceinline__ int any(int Pred) { return __any_sync(__activemask(), Pred); }
__device__ __forceinline__ int all(int Pred) { return __all_sync(__activemask(), Pred); }

template <class M>
using IfWideMask = std::enable_if_t<std::is_integral<M>::value && (sizeof(M) == sizeof(unsigned long long)), int>;

} // namespace hip_on_cuda

// HIP code sizes arrays and template arguments with warpSize (`__shared__ float x[64][warpSize]`,
// `tiled_partition<warpSize>`), which hip-clang accepts as a constant; CUDA's warpSize is a run-time
// variable. Here it is the constant 32, in device and host code, as wave64.h makes it 64.
constexpr int hip_on_cuda_warpSize32 = 32;
#define warpSize hip_on_cuda_warpSize32

// The wave64 emulation's kernel-entry guard (../wave64.h) has nothing to record with 32-lane warps.
#define HIP_ON_CUDA_W64_KERNEL_ENTRY

#define __shfl(...) ::hip_on_cuda::shfl(__VA_ARGS__)
#define __shfl_up(...) ::hip_on_cuda::shfl_up(__VA_ARGS__)
#define __shfl_down(...) ::hip_on_cuda::shfl_down(__VA_ARGS__)
#define __shfl_xor(...) ::hip_on_cuda::shfl_xor(__VA_ARGS__)
#define __ballot(...) ::hip_on_cuda::ballot(__VA_ARGS__)
#define __any(...) ::hip_on_cuda::any(__VA_ARGS__)
#define __all(...) ::hip_on_cuda::all(__VA_ARGS__)

// HIP's _sync warp functions take a 64-bit mask (ROCm >= 6.2 rejects narrower types). These
// overloads accept it and use its low 32 bits; a 32-bit mask still selects CUDA's own functions.
template <class M, class T, hip_on_cuda::IfWideMask<M> = 0>
__device__ __forceinline__ T __shfl_sync(M Mask, T Var, int SrcLane, int Width = warpSize) {
  return __shfl_sync(static_cast<unsigned>(Mask), Var, SrcLane, Width);
}
template <class M, class T, hip_on_cuda::IfWideMask<M> = 0>
__device__ __forceinline__ T __shfl_up_sync(M Mask, T Var, unsigned Delta, int Width = warpSize) {
  return __shfl_up_sync(static_cast<unsigned>(Mask), Var, Delta, Width);
}
template <class M, class T, hip_on_cuda::IfWideMask<M> = 0>
__device__ __forceinline__ T __shfl_down_sync(M Mask, T Var, unsigned Delta, int Width = warpSize) {
  return __shfl_down_sync(static_cast<unsigned>(Mask), Var, Delta, Width);
}
template <class M, class T, hip_on_cuda::IfWideMask<M> = 0>
__device__ __forceinline__ T __shfl_xor_sync(M Mask, T Var, int LaneMask, int Width = warpSize) {
  return __shfl_xor_sync(static_cast<unsigned>(Mask), Var, LaneMask, Width);
}
template <class M, hip_on_cuda::IfWideMask<M> = 0>
__device__ __forceinline__ unsigned long long __ballot_sync(M Mask, int Pred) {
  return __ballot_sync(static_cast<unsigned>(Mask), Pred);
}
template <class M, hip_on_cuda::IfWideMask<M> = 0> __device__ __forceinline__ int __any_sync(M Mask, int Pred) {
  return __any_sync(static_cast<unsigned>(Mask), Pred);
}
template <class M, hip_on_cuda::IfWideMask<M> = 0> __device__ __forceinline__ int __all_sync(M Mask, int Pred) {
  return __all_sync(static_cast<unsigned>(Mask), Pred);
}
template <class M, hip_on_cuda::IfWideMask<M> = 0> __device__ __forceinline__ void __syncwarp(M Mask) {
  __syncwarp(static_cast<unsigned>(Mask));
}

// HIP's lane masks are 64-bit values; on 32-lane hardware the high half is zero.
#define ROCM_TIDY_LANEMASK(NAME)                                                                       \
  __device__ __forceinline__ unsigned long long __lanemask_##NAME() {                                  \
    unsigned M;                                                                                        \
    asm("mov.u32 %0, %%lanemask_" #NAME ";" : "=r"(M));                                                \
    return M;                                                                                          \
  }
ROCM_TIDY_LANEMASK(lt)
ROCM_TIDY_LANEMASK(le)
ROCM_TIDY_LANEMASK(gt)
ROCM_TIDY_LANEMASK(ge)
ROCM_TIDY_LANEMASK(eq)
#undef ROCM_TIDY_LANEMASK

__device__ __forceinline__ unsigned __lane_id() {
  unsigned Lane;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(Lane));
  return Lane;
}
#endif // ROCM_TIDY_WAVE64

// HIP's atomicMax/atomicMin also take float and double; CUDA's take integers only. A compare-and-swap
// loop on the bit pattern gives the same result (NaNs aside).
namespace hip_on_cuda {
template <class F, class U, class Better>
__device__ __forceinline__ F atomicPick(F *Addr, F Val, Better B) {
  U *Bits = reinterpret_cast<U *>(Addr);
  U Old = *Bits, Assumed;
  do {
    Assumed = Old;
    F Cur;
    memcpy(&Cur, &Assumed, sizeof(F));
    if (!B(Val, Cur))
      break;
    U New;
    memcpy(&New, &Val, sizeof(F));
    Old = atomicCAS(Bits, Assumed, New);
  } while (Old != Assumed);
  F R;
  memcpy(&R, &Old, sizeof(F));
  return R;
}
struct Greater {
  template <class F> __device__ bool operator()(F A, F B) const { return A > B; }
};
struct Less {
  template <class F> __device__ bool operator()(F A, F B) const { return A < B; }
};
} // namespace hip_on_cuda
__device__ __forceinline__ float atomicMax(float *A, float V) {
  return hip_on_cuda::atomicPick<float, unsigned>(A, V, hip_on_cuda::Greater{});
}
__device__ __forceinline__ float atomicMin(float *A, float V) {
  return hip_on_cuda::atomicPick<float, unsigned>(A, V, hip_on_cuda::Less{});
}
__device__ __forceinline__ double atomicMax(double *A, double V) {
  return hip_on_cuda::atomicPick<double, unsigned long long>(A, V, hip_on_cuda::Greater{});
}
__device__ __forceinline__ double atomicMin(double *A, double V) {
  return hip_on_cuda::atomicPick<double, unsigned long long>(A, V, hip_on_cuda::Less{});
}

// __syncthreads, __popc/__popcll, __ffs/__ffsll, __clz/__clzll, __activemask, atomics and dim3
// are CUDA's own, with the same names and (32-lane) meaning.

#endif // ROCM_TIDY_HIP_ON_CUDA_HIP_RUNTIME_H
