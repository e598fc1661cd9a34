// The project's compatibility header: on ROCm its *_sync calls lose their masks.
#pragma once
#if defined(USE_ROCM)
#define __shfl_xor_sync(mask, var, laneMask) __shfl_xor(var, laneMask)
#endif
