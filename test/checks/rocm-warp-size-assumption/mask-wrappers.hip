// 32-bit masks that reach a *_sync builtin through the project's own functions, at any depth:
// a 32-bit full mask passed to a wrapper, a 32-bit mask parameter forwarded to a wrapper, and a
// project overload of a *_sync builtin that takes its mask in 32 bits (reported at the
// declaration, even when its body did not parse). 64-bit masks and parameters that are no mask
// stay quiet.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: not %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_flags -DBROKEN_TYPE 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=CHECK,BROKEN --implicit-check-not='warning:'

#include <hip/hip_runtime.h>

__device__ float shfl64(unsigned long long m, float v, int d) { return __shfl_down_sync(m, v, d); }
template <class T> __device__ T shfl_t(unsigned long long m, T v, int d) { return shfl64(m, v, d); }
// CHECK: :[[@LINE+1]]:69: warning: mask of the 32-bit type 'unsigned int' passed to 'shfl64', whose mask reaches '__shfl_down_sync'; AMD GPUs run 64-lane wavefronts and ROCm 6.2 and later require a 64-bit mask, which this one cannot hold: keep the mask in a 64-bit integer [rocm-warp-size-assumption]
__device__ float narrow(unsigned m, float v, int d) { return shfl64(m, v, d); }
__device__ float offset(float v, int d) { return shfl64(~0ull, v, d); }

struct Half { unsigned short bits; };
// CHECK: :[[@LINE+1]]:54: warning: overload of '__shfl_up_sync' takes its mask as the 32-bit type 'unsigned int'; AMD GPUs run 64-lane wavefronts and ROCm 6.2 and later require a 64-bit mask, which this one cannot hold: take the mask as a 64-bit integer [rocm-warp-size-assumption]
__device__ inline Half __shfl_up_sync(const unsigned mask, Half v, unsigned d) {
  return Half{static_cast<unsigned short>(__shfl_up_sync(mask, static_cast<int>(v.bits), d))};
}

#ifdef BROKEN_TYPE
// A type from a header the parse did not find: the declaration alone is enough.
// BROKEN: :[[@LINE+1]]:60: warning: overload of '__shfl_down_sync' takes its mask as the 32-bit type 'unsigned int'
__device__ inline at::Half __shfl_down_sync(const unsigned mask, const at::Half var, unsigned d) {
  return __shfl_down_sync(mask, var.operator __half(), d);
}
#endif

__global__ void k(float *out, int n) {
  // CHECK: :[[@LINE+1]]:19: warning: 32-bit full mask passed to 'shfl64', whose mask reaches '__shfl_down_sync', selects lanes 0-31 only; AMD GPUs run 64-lane wavefronts: use '~0ull' and a 64-bit mask parameter [rocm-warp-size-assumption]
  out[0] = shfl64(0xffffffffu, out[1], 1);
  // CHECK: :[[@LINE+1]]:19: warning: 32-bit full mask passed to 'shfl_t', whose mask reaches '__shfl_down_sync'
  out[1] = shfl_t(0xffffffff, out[2], 1);
  // Negative: wide masks, and an offset argument that is no mask.
  out[2] = shfl64(~0ull, out[3], 1) + shfl_t(__activemask(), out[3], 2) + offset(out[4], 0xffffffff);
  // CHECK: :[[@LINE+1]]:19: warning: 32-bit full mask passed to 'narrow', whose mask reaches '__shfl_down_sync'
  out[3] = narrow(~0u, out[4], n);
}
