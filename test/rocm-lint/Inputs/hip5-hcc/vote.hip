#include <hip/hip_runtime.h>
#ifdef __HIP_PLATFORM_HCC__
#define FULL_MASK 0xffffffffffffffffull
#else
#define FULL_MASK 0xffffffffu
#endif
__device__ unsigned long long vote(bool p) { return __ballot_sync(FULL_MASK, p); }
