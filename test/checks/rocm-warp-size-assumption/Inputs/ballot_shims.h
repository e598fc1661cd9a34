#pragma once
#include <hip/hip_runtime.h>
#include <stdint.h>
namespace std {
using ::uint32_t;
using ::uint64_t;
}
// A port's shim header: CUDA's vote functions spelled with HIP's, some of them cut to 32 bits.
#define SHIM_BALLOT(mask, pred) ((uint32_t)__ballot(pred))
#define SHIM_ACTIVE() static_cast<unsigned>(__activemask())
#define SHIM_BALLOT_STD(pred) ((std::uint32_t)(__ballot(pred)))
#define SHIM_LT() ((unsigned int)__lanemask_lt())
// Negative: kept in 64 bits.
#define SHIM_BALLOT64(pred) ((uint64_t)__ballot(pred))
#define SHIM_ACTIVE64() static_cast<unsigned long long>(__activemask())
// Negative: a vote's truth value, and a 32-bit count, are no lane masks.
#define SHIM_ANY(pred) ((bool)__any(pred))
#define SHIM_POPC(x) ((uint32_t)__popc(x))
// Negative: the cast takes a half the code chose ('>> 32' keeps lanes 32-63).
#define SHIM_HIGH_HALF(pred) ((uint32_t)(__ballot(pred) >> 32))
#if defined(__HIP_PLATFORM_NVIDIA__)
// Negative: only the CUDA build compiles this one.
#define SHIM_CUDA_BALLOT(pred) ((uint32_t)__ballot(pred))
#endif
