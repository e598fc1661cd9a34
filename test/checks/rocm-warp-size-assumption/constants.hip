// Warp widths spelled as named constants of 32: macros, constants at file, namespace and class
// scope, enumerators, members, locals initialised from them. A definition alone is not a hazard
// (a logical 32-lane split is correct code); a use in lane arithmetic that meets an operation over
// the whole wavefront is reported there, with a note at the definition.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='.*' %s -- %hip_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='.*' %s -- %hip_device_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// A project that names its constant differently sets WarpSizeNameRegex.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s \
// RUN:   -config="{CheckOptions: {rocm-warp-size-assumption.WarpSizeNameRegex: '^LANES$'}}" -- %hip_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REGEX --implicit-check-not='warning:' --implicit-check-not='error:'
// A broken expression is a configuration error.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s \
// RUN:   -config="{CheckOptions: {rocm-warp-size-assumption.WarpSizeNameRegex: '(unclosed'}}" -- %hip_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BADREGEX

// BADREGEX: warning: invalid regular expression in option 'WarpSizeNameRegex' ('(unclosed'): {{.*}} [clang-tidy-config]

#include <hip/hip_runtime.h>
// In a header: reported there (with -header-filter), once however often it is included.
// CHECK: warp_utils.h:7:22: warning: lane index computed with a lane mask of 31; AMD GPUs run 64-lane wavefronts: use 'warpSize - 1' [rocm-warp-size-assumption]
// Without -header-filter too: its note (the shuffle it meets) is in this file.
// REGEX: warp_utils.h:7:22: warning: lane index computed with a lane mask of 31
#include "warp_utils.h"
#include "warp_utils.h"

#define WARPSIZE (32)
#define THREADS_PER_WARP 32u
// Wavefront names count like warp names.
#define WAVE_SIZE 32
static const int warpsize = 32;
namespace cfg {
constexpr int kWaveSize = 32;
}
enum { kWarpThreads = 32 };
struct Config {
  int warp_size = 32;
  static constexpr unsigned kWarpLanes = 32;
};
#define LANES 32

__global__ void uses(int *out, Config c) {
  int tid = threadIdx.x;
  // CHECK: :[[@LINE+2]]:16: warning: lane index computed with a warp width of 32; AMD GPUs run 64-lane wavefronts: use 'warpSize' [rocm-warp-size-assumption]
  // CHECK: warp_utils.h:3:19: note: 'WARP_SIZE' is defined as 32 here
  out[0] = tid % WARP_SIZE;
  // CHECK: :[[@LINE+2]]:16: warning: warp index computed with a warp width of 32
  // CHECK: warp_utils.h:4:15: note: 'kWarpSize' is defined as 32 here
  out[1] = tid / kWarpSize;
  // CHECK: :[[@LINE+1]]:16: warning: lane index computed with a warp width of 32
  out[2] = tid % WARPSIZE;
  // CHECK: :[[@LINE+1]]:16: warning: warp index computed with a warp width of 32
  out[3] = tid / THREADS_PER_WARP;
  // CHECK: :[[@LINE+2]]:16: warning: lane index computed with a warp width of 32
  // CHECK: constants.hip:31:19: note: 'WAVE_SIZE' is defined as 32 here
  out[4] = tid % WAVE_SIZE;
  // CHECK: :[[@LINE+2]]:24: warning: lane index computed with a warp width of 32
  // CHECK: constants.hip:32:18: note: 'warpsize' is defined as 32 here
  out[5] = threadIdx.x % warpsize;
  // CHECK: :[[@LINE+2]]:16: warning: warp index computed with a warp width of 32
  // CHECK: constants.hip:34:15: note: 'kWaveSize' is defined as 32 here
  out[6] = tid / cfg::kWaveSize;
  // CHECK: :[[@LINE+1]]:16: warning: lane index computed with a warp width of 32
  out[7] = tid % kWarpThreads;
  // CHECK: :[[@LINE+2]]:16: warning: lane index computed with a warp width of 32
  // CHECK: constants.hip:38:7: note: 'warp_size' is defined as 32 here
  out[8] = tid % c.warp_size;
  // CHECK: :[[@LINE+1]]:16: warning: warp index computed with a warp width of 32
  out[9] = tid / Config::kWarpLanes;
  // A local initialised from a named width is that width.
  int ws = WARP_SIZE;
  // CHECK: :[[@LINE+1]]:17: warning: lane index computed with a warp width of 32
  out[10] = tid % ws;
  // 'WARP_SIZE - 1' as a lane mask.
  // CHECK: :[[@LINE+1]]:17: warning: lane index computed with a lane mask of 31
  out[11] = tid & (WARP_SIZE - 1);
  // CHECK: warp_utils.h:3:19: note: 'WARP_SIZE' is defined as 32 here
  // REGEX: :[[@LINE+1]]:17: warning: lane index computed with a warp width of 32
  out[12] = tid % LANES;
  out[13] = laneOf(tid);
  // The operation over the whole wavefront that these groupings meet.
  // CHECK: :[[@LINE+2]]:13: warning: '__shfl' reads a lane below 32 across the whole wavefront, but this code numbers its lanes in warps of 32
  // REGEX: :[[@LINE+1]]:13: warning: '__shfl' reads a lane below 32 across the whole wavefront, but this code numbers its lanes in warps of 32
  out[14] = __shfl(out[14], 0);
}

// Negative cases.
// A warp width of 64 is not a 32-lane assumption.
#define WAVE_WIDTH 64
// Other names that happen to be 32 are not warp widths: a tile of 32 columns.
#define TILE_DIM 32
constexpr int kBlockRows = 32;
// A per-target choice, as HIP's documentation suggests where a compile-time width is needed: the
// 32 is the value for RDNA (and for the host pass, where no __GFX*__ macro is defined).
#if defined(__GFX8__) || defined(__GFX9__)
#define WARP_WIDTH 64
#else
#define WARP_WIDTH 32
#endif
#ifdef __HIP_PLATFORM_NVIDIA__
#define WARP_LANES 32
#elif defined(__AMDGCN_WAVEFRONT_SIZE)
#define WARP_LANES __AMDGCN_WAVEFRONT_SIZE
#else
#define WARP_LANES 32
#endif

__global__ void quiet(int *out) {
  int tid = threadIdx.x;
  out[0] = tid % WAVE_WIDTH + tid % TILE_DIM + tid / kBlockRows + tid % WARP_WIDTH + tid / WARP_LANES;
  out[1] = __shfl(out[1], 0);
}

// Named constants in code without any full-wavefront operation: a logical 32-lane split.
__global__ void logical(int *out) {
  out[threadIdx.x / WARP_SIZE] = threadIdx.x % kWarpSize;
}
