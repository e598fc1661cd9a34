// rocm-tidy's declarations of HIP intrinsics and runtime API that older HIP headers lack.
//
// rocm-lint force-includes this header into every HIP pass that uses an installed HIP (not the
// built-in header), so that code written for ROCm 6.2+ (or for CUDA) parses on a machine with an
// older HIP, such as Debian's HIP 5.2: without it every call of these functions is an undeclared
// identifier, an invalid expression the checks never see. Nothing here is compiled into a program.
//
// Each function is declared as a template. A HIP header that declares the same name as a plain
// function (before or after this header) wins overload resolution, and the two never conflict, so
// the declarations are harmless where the installed HIP has some of them. The warp-sync family is
// declared for HIP before 6.2, which has none of it whatever the build defines, and for 6.2 to 6.4
// without HIP_ENABLE_WARP_SYNC_BUILTINS (they declare it then; 7.0 and later always;
// lib/data/warp_sync_builtins.json has the sources). A project that opts in and is analysed
// against an older HIP (Debian's 5.2) still needs them, or every call is an undeclared identifier
// and the code around it is lost to the checks. They are declared with ROCm's
// signature: the mask is a template parameter, so the mask argument keeps its type for
// rocm-warp-size-assumption. __syncwarp and the __reduce_*_sync functions came with 7.0.
// It stands in for declarations of the HIP installation, so it is a system header like them: no
// check reports what it declares or tests (its own test of __HIP_PLATFORM_HCC__ below included).
#pragma clang system_header

#ifndef ROCM_TIDY_HIP_SUPPLEMENT_H
#define ROCM_TIDY_HIP_SUPPLEMENT_H

// Read before any header: a __HIP_PLATFORM_HCC__ defined now comes from the build's own -D flags,
// which keep it defined on every ROCm release (the late part leaves it alone then).
#ifdef __HIP_PLATFORM_HCC__
#define ROCM_TIDY_BUILD_DEFINES_HIP_PLATFORM_HCC 1
#endif

#if __has_include(<hip/hip_version.h>)
#include <hip/hip_version.h>
#endif

#if !defined(HIP_VERSION) || HIP_VERSION < 70000000
#define ROCM_TIDY_DEVICE __attribute__((device))

template <class RocmTidyT = void> ROCM_TIDY_DEVICE unsigned long long __activemask();
template <class RocmTidyT = void> ROCM_TIDY_DEVICE void __syncwarp();
template <class MaskT> ROCM_TIDY_DEVICE void __syncwarp(MaskT mask);

#if !defined(HIP_ENABLE_WARP_SYNC_BUILTINS) || !defined(HIP_VERSION) || HIP_VERSION < 60200000
// Each ends in an empty parameter pack: a project that defines its own copy of one (for the ROCm
// releases that lack it) declares another template then, not this one again (whose default width
// would be redefined, an error those releases do not give), and overload resolution prefers the
// project's, which has no trailing pack.
#define ROCM_TIDY_REST class... RocmTidyRest
template <class MaskT, class T, ROCM_TIDY_REST>
ROCM_TIDY_DEVICE T __shfl_sync(MaskT mask, T var, int srcLane, int width = 64, RocmTidyRest...);
template <class MaskT, class T, ROCM_TIDY_REST>
ROCM_TIDY_DEVICE T __shfl_up_sync(MaskT mask, T var, unsigned int delta, int width = 64, RocmTidyRest...);
template <class MaskT, class T, ROCM_TIDY_REST>
ROCM_TIDY_DEVICE T __shfl_down_sync(MaskT mask, T var, unsigned int delta, int width = 64, RocmTidyRest...);
template <class MaskT, class T, ROCM_TIDY_REST>
ROCM_TIDY_DEVICE T __shfl_xor_sync(MaskT mask, T var, int laneMask, int width = 64, RocmTidyRest...);
template <class MaskT, ROCM_TIDY_REST>
ROCM_TIDY_DEVICE unsigned long long __ballot_sync(MaskT mask, int predicate, RocmTidyRest...);
template <class MaskT, ROCM_TIDY_REST> ROCM_TIDY_DEVICE int __any_sync(MaskT mask, int predicate, RocmTidyRest...);
template <class MaskT, ROCM_TIDY_REST> ROCM_TIDY_DEVICE int __all_sync(MaskT mask, int predicate, RocmTidyRest...);
template <class MaskT, class T, ROCM_TIDY_REST>
ROCM_TIDY_DEVICE unsigned long long __match_any_sync(MaskT mask, T value, RocmTidyRest...);
template <class MaskT, class T, ROCM_TIDY_REST>
ROCM_TIDY_DEVICE unsigned long long __match_all_sync(MaskT mask, T value, int *pred, RocmTidyRest...);
#undef ROCM_TIDY_REST
#endif

template <class MaskT> ROCM_TIDY_DEVICE unsigned int __reduce_add_sync(MaskT mask, unsigned int value);
template <class MaskT> ROCM_TIDY_DEVICE unsigned int __reduce_min_sync(MaskT mask, unsigned int value);
template <class MaskT> ROCM_TIDY_DEVICE unsigned int __reduce_max_sync(MaskT mask, unsigned int value);
template <class MaskT> ROCM_TIDY_DEVICE unsigned int __reduce_and_sync(MaskT mask, unsigned int value);
template <class MaskT> ROCM_TIDY_DEVICE unsigned int __reduce_or_sync(MaskT mask, unsigned int value);
template <class MaskT> ROCM_TIDY_DEVICE unsigned int __reduce_xor_sync(MaskT mask, unsigned int value);

#undef ROCM_TIDY_DEVICE
#endif

#endif // ROCM_TIDY_HIP_SUPPLEMENT_H

// The second part is read after the installed hip/hip_runtime_api.h: rocm-lint serves a
// hip/hip_runtime_api.h of its own ahead of the installed one, which includes the installed header
// (#include_next) and then this file again with ROCM_TIDY_HIP_SUPPLEMENT_AFTER_RUNTIME_API. Its
// declarations need the runtime's types (dim3, hipStream_t), so they cannot come first; a
// force-included header is always read first. HIP 6.2 brought the extensible launch
// (hipLaunchKernelEx, CUDA's cudaLaunchKernelEx); before it, code that uses it is analysed with
// these declarations. The attribute union keeps the member names of HIP 6.2's.
#if defined(ROCM_TIDY_HIP_SUPPLEMENT_AFTER_RUNTIME_API) && !defined(ROCM_TIDY_HIP_SUPPLEMENT_LATE_H)
#define ROCM_TIDY_HIP_SUPPLEMENT_LATE_H
// ROCm 6.0 no longer defines __HIP_PLATFORM_HCC__ (replaced by __HIP_PLATFORM_AMD__ since ROCm
// 4.2), but an installed HIP 5 defines it here: code behind '#ifdef __HIP_PLATFORM_HCC__' is dead on
// the ROCm releases rocm-tidy checks for, and its '#else' (often the CUDA branch) is what they
// compile. HIP's own headers test it together with __HIP_PLATFORM_AMD__.
#ifndef ROCM_TIDY_BUILD_DEFINES_HIP_PLATFORM_HCC
#undef __HIP_PLATFORM_HCC__
#endif
// ROCm 6.0 gave hipDeviceProp_t the fields of CUDA 12's cudaDeviceProp, as a new struct named
// hipDeviceProp_tR0600 that the name hipDeviceProp_t stands for through a macro. Code that reads
// one of those fields ('prop.unifiedAddressing') is an invalid file against HIP 5, so the struct is
// extended the same way here: the older struct's fields are inherited, and the runtime functions
// declared with it take this one through the base pointer. Fields the older struct has are not
// repeated.
#if defined(HIP_VERSION) && HIP_VERSION < 60000000 && defined(__cplusplus)
struct hipDeviceProp_tR0600 : hipDeviceProp_t {
  int deviceOverlap, asyncEngineCount, unifiedAddressing, persistingL2CacheMaxSize;
  int streamPrioritiesSupported, globalL1CacheSupported, localL1CacheSupported, regsPerMultiprocessor;
  int multiGpuBoardGroupID, hostNativeAtomicSupported, singleToDoublePrecisionPerfRatio;
  int computePreemptionSupported, canUseHostPointerForRegisteredMem, maxBlocksPerMultiProcessor;
  int accessPolicyMaxWindowSize, hostRegisterSupported, sparseHipArraySupported;
  int hostRegisterReadOnlySupported, timelineSemaphoreInteropSupported, memoryPoolsSupported;
  int gpuDirectRDMASupported, deferredMappingHipArraySupported, ipcEventSupported, clusterLaunch;
  int unifiedFunctionPointers, maxTexture1DMipmap, maxTextureCubemap, maxSurface1D, maxSurfaceCubemap;
  int maxTexture2DMipmap[2], maxTexture2DLinear[3], maxTexture2DGather[2], maxTexture3DAlt[3];
  int maxTexture1DLayered[2], maxTexture2DLayered[3], maxTextureCubemapLayered[2], maxSurface2D[2];
  int maxSurface3D[3], maxSurface1DLayered[2], maxSurface2DLayered[3], maxSurfaceCubemapLayered[2];
  unsigned int gpuDirectRDMAFlushWritesOptions, gpuDirectRDMAWritesOrdering, memoryPoolSupportedHandleTypes;
  unsigned int luidDeviceNodeMask;
  char luid[8];
  size_t sharedMemPerMultiprocessor, sharedMemPerBlockOptin, reservedSharedMemPerBlock, surfaceAlignment;
};
#define hipDeviceProp_t hipDeviceProp_tR0600
// ROCm 6.0 renamed hipPointerAttribute_t's 'memoryType' to 'type', as CUDA's cudaPointerAttributes
// spells it; code written for ROCm 6 ('attr.type == hipMemoryTypeDevice') is extended the same
// way, and code written for HIP 5 still finds 'memoryType'. A template, so that a runtime header
// without the struct (a test double, another HIP implementation) costs nothing until it is used.
template <class RocmTidyBase = struct hipPointerAttribute_t> struct RocmTidyPointerAttribute : RocmTidyBase {
  decltype(RocmTidyBase::memoryType) type;
};
#define hipPointerAttribute_t RocmTidyPointerAttribute<>
#endif
// HIP 5.2's hipMemoryType has no hipMemoryTypeManaged (later releases have it, as CUDA's
// cudaMemoryTypeManaged); releases that do are not touched. The enum's values fill its range, so
// the name stands for hipMemoryTypeUnified's value (a switch listing both would not compile;
// comparisons do). A macro: only code that uses it needs the enum.
#if defined(HIP_VERSION) && HIP_VERSION < 50300000 && !defined(hipMemoryTypeManaged)
#define hipMemoryTypeManaged hipMemoryTypeUnified
#endif
// HIP 5.2 declares no hipStreamGetDevice (later releases do, as CUDA has cudaStreamGetDevice):
// code that asks a stream for its device is analysed against ROCm's declaration of it. The device
// is spelled as the int that hipDevice_t names, so a runtime header without that typedef (a test
// double, another HIP implementation) still parses.
#if defined(HIP_VERSION) && HIP_VERSION < 50300000
#ifdef __cplusplus
extern "C" {
#endif
hipError_t hipStreamGetDevice(hipStream_t stream, int *device);
#ifdef __cplusplus
}
#endif
#endif
#if defined(HIP_VERSION) && HIP_VERSION < 60200000
typedef enum hipLaunchAttributeID {
  hipLaunchAttributeAccessPolicyWindow = 1,
  hipLaunchAttributeCooperative = 2,
  hipLaunchAttributePriority = 8
} hipLaunchAttributeID;
typedef union hipLaunchAttributeValue {
  char pad[64];
  int cooperative;
  int priority;
} hipLaunchAttributeValue;
typedef struct hipLaunchAttribute_st {
  hipLaunchAttributeID id;
  char pad[8 - sizeof(hipLaunchAttributeID)];
  union {
    hipLaunchAttributeValue val;
    hipLaunchAttributeValue value;
  };
} hipLaunchAttribute;
typedef struct hipLaunchConfig_st {
  dim3 gridDim;
  dim3 blockDim;
  size_t dynamicSmemBytes;
  hipStream_t stream;
  hipLaunchAttribute *attrs;
  unsigned int numAttrs;
} hipLaunchConfig_t;
#ifdef __cplusplus
extern "C" {
#endif
hipError_t hipLaunchKernelExC(const hipLaunchConfig_t *config, const void *fPtr, void **args);
#ifdef __cplusplus
}
template <typename... RocmTidyKernelArgs, typename... RocmTidyParams>
hipError_t hipLaunchKernelEx(const hipLaunchConfig_t *config, void (*kernel)(RocmTidyKernelArgs...),
                             RocmTidyParams &&...args);
#endif
#endif
#endif
