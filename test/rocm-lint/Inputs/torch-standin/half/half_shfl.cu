// Shuffles overloaded for at::Half through its conversion to the device's __half, as extensions
// write them: the overloads parse, so their 32-bit masks are seen.
#include <torch/extension.h>

__device__ __inline__ at::Half __shfl_down_sync(const unsigned mask, const at::Half var, const unsigned int delta) {
  return __shfl_down_sync(mask, var.operator __half(), delta);
}

__device__ __inline__ at::Half fromHalf(__half h) { return at::Half(h); }
