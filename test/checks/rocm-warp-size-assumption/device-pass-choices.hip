// Widths chosen per vendor or target by the preprocessor are read in the pass that compiles for
// the target: a guard that picks 32 for a 64-lane target (a list of targets that misses it, a
// host/device switch that gives device code 32) is reported by the AMD device pass; the host
// pass, which sees another branch, reports only the list, and a guard that picks 64 is quiet.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --check-prefix=HOST --allow-empty --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DEV --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>

// The list itself is read from the text, in both passes (target-lists.hip); what the
// 32 then does is seen in the device pass only.
// HOST: :[[@LINE+4]]:2: warning: list of 64-lane GPUs leaves out gfx90a (MI210/MI250/MI250X), gfx942 (MI300A/MI300X/MI325X), which compile the '#else' branch where 'WARP_SIZE' is 32
// DEV: :[[@LINE+3]]:2: warning: list of 64-lane GPUs leaves out gfx90a (MI210/MI250/MI250X), gfx942 (MI300A/MI300X/MI325X), which compile the '#else' branch where 'WARP_SIZE' is 32

// A list of targets that does not name the one compiled (gfx90a): 32 for a 64-lane target.
#if defined(__gfx908__)
#define WARP_SIZE 64
#else
#define WARP_SIZE 32
#endif

// A family guard that does name it: 64.
#if defined(__GFX9__)
#define WAVE_WIDTH 64
#else
#define WAVE_WIDTH 32
#endif

namespace lib {
#if defined(__CUDA_ARCH__) || (defined(__HIP_DEVICE_COMPILE__) && defined(__HIP__))
// DEV: :[[@LINE+1]]:16: warning: 'lib::warpSize' defined as 32 hides the device's 'warpSize' from the code that names it in this scope; AMD GPUs run 64-lane wavefronts: use the built-in 'warpSize' [rocm-warp-size-assumption]
constexpr auto warpSize = 32;
#else
constexpr auto warpSize = 1;
#endif
// Device code of the scope names it: the device pass's 32 is what this function reads.
__device__ inline int half_width() { return warpSize / 2; }
} // namespace lib

__global__ void k(const int *in, unsigned long long *out) {
  // DEV: :[[@LINE+1]]:26: warning: lane index computed with a warp width of 32; AMD GPUs run 64-lane wavefronts: use 'warpSize'
  int lane = threadIdx.x % WARP_SIZE;
  int lane2 = threadIdx.x % WAVE_WIDTH;
  out[lane + lane2] = __ballot(in[threadIdx.x] > 0);
}

// Negative: a local named warpSize that holds the device's width, and a struct field.
struct Props { int warpSize = 32; };
__device__ int width_of() { const int warpSize = ::warpSize; return warpSize; }
