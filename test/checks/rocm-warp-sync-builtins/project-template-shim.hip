// A project's own copy of HIP's warp-sync templates (a template on the mask type with CUDA's
// parameters, as HIP's headers define them from ROCm 7.0, and from 6.2 with the opt-in) and of
// the parameterless '__activemask()': on ROCm 7 the build stops at the second definition. Reported
// at each definition; calls to the copies stay quiet (they call the project's functions here).
// RUN: %clang_tidy -checks='-*,rocm-warp-sync-builtins' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-sync-builtins' %s -- %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-sync-builtins' %s -- %hip_flags -DGUARDED 2>&1 \
// RUN:   | FileCheck %s --check-prefix=GUARDED --allow-empty --implicit-check-not='warning:' --implicit-check-not='error:'
// GUARDED-NOT: warning:

#include <hip/hip_runtime.h>

#if defined(GUARDED)
// Quiet: behind the ROCm version test, the copies exist only where HIP has none.
#if HIP_VERSION < 70000000 && !defined(HIP_ENABLE_WARP_SYNC_BUILTINS)
__device__ inline unsigned long long __activemask() { return __ballot(1); }
template <typename MaskT, typename T>
__device__ inline T __shfl_down_sync(MaskT mask, T var, unsigned int delta, int width = warpSize) {
  return __shfl_down(var, delta, width);
}
#endif
#else
#define COPIES 1
#endif

#ifdef COPIES
// CHECK: :[[@LINE+2]]:38: warning: the project's own '__activemask()' is a second definition of the one HIP's headers define from ROCm 7.0 on, and the build stops there; guard it with '#if HIP_VERSION < 70000000' [rocm-warp-sync-builtins]
// CHECK: :[[@LINE+1]]:38: note: from ROCm 6.2 on it is defined there too when 'HIP_ENABLE_WARP_SYNC_BUILTINS' is defined
__device__ inline unsigned long long __activemask() { return __ballot(1); }

template <typename MaskT, typename T>
// CHECK: :[[@LINE+1]]:21: warning: the project's own '__shfl_down_sync()' is a second definition of the one HIP's headers define from ROCm 7.0 on
__device__ inline T __shfl_down_sync(MaskT mask, T var, unsigned int delta, int width = warpSize) {
  return __shfl_down(var, delta, width);
}

template <class M>
// CHECK: :[[@LINE+1]]:38: warning: the project's own '__ballot_sync()' is a second definition of the one HIP's headers define from ROCm 7.0 on
__device__ inline unsigned long long __ballot_sync(M mask, int predicate) {
  return __ballot(predicate) & mask;
}

// A macro that writes the copy: reported where it is used.
#define DEFINE_XOR_COPY                                                                            \
  template <typename MaskT, typename T> __device__ inline T __shfl_xor_sync(MaskT m, T v, int l, int w = 64) { \
    return __shfl_xor(v, l, w);                                                                    \
  }
// CHECK: :[[@LINE+1]]:1: warning: the project's own '__shfl_xor_sync()' is a second definition of the one HIP's headers define from ROCm 7.0 on
DEFINE_XOR_COPY
#endif

// Quiet: overloads of HIP's templates, not copies of them: a 32-bit mask parameter (a plain
// function, or a template on the value only), and a template with fewer parameters.
__device__ inline float __shfl_up_sync(unsigned mask, float var, unsigned int delta, int width = 64) {
  return __shfl_up(var, delta, width);
}
template <typename T> __device__ inline T __shfl_sync(unsigned mask, T var, int lane, int width = 64) {
  return __shfl(var, lane, width);
}
template <typename MaskT> __device__ inline int __any_sync(MaskT mask) { return __any(1); }

// Quiet: a copy in the project's namespace is another function.
namespace proj {
template <typename MaskT, typename T> __device__ inline T __shfl_down_sync(MaskT m, T v, unsigned d, int w = 64) {
  return __shfl_down(v, d, w);
}
} // namespace proj

__global__ void reduce(float *Out) {
  float V = Out[threadIdx.x];
#ifdef COPIES
  V += __shfl_down_sync(__activemask(), V, 1);
  V += __shfl_xor_sync(~0ull, V, 2);
  if (__ballot_sync(~0ull, V > 0.0f))
    V += 1.0f;
#endif
  V += proj::__shfl_down_sync(~0ull, V, 4);
  V += __shfl_up_sync(0xffffffffu, V, 1);
  V += __shfl_sync(0xffffffffu, V, 0);
  Out[threadIdx.x] = V;
}
