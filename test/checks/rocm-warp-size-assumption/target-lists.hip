// '#if' lists of the 64-lane GPUs that give a warp-width constant 64, and 32 in '#else'. A list
// written before MI300 leaves gfx942 (and gfx950) in the '#else': the constant is 32 on a 64-lane
// wavefront there, and every lane split by it treats the wavefront as a 32-lane warp. The branch
// another target takes is read from the text, so the host pass, the device pass and any one
// --offload-arch report the same.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='arch_width\.h' %s -- %hip_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='arch_width\.h' %s -- %hip_device_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='arch_width\.h' \
// RUN:   -config="{CheckOptions: {RocmTargets: 'gfx90a;gfx942;gfx950'}}" %s -- %hip_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MI350 --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='arch_width\.h' \
// RUN:   -config="{CheckOptions: {RocmTargets: 'gfx90a'}}" %s -- %hip_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MI200 --allow-empty --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>
// Header case.
// CHECK: arch_width.h:3:2: warning: list of 64-lane GPUs leaves out gfx942 (MI300A/MI300X/MI325X), which compile the '#else' branch where 'WAVEFRONT_SIZE' is 32 on a 64-lane wavefront: test '__GFX9__' (every gfx9 GPU), or use 'warpSize' [rocm-warp-size-assumption]
// CHECK: arch_width.h:5:2: note: 'WAVEFRONT_SIZE' is 32 here
// MI350: arch_width.h:3:2: warning: list of 64-lane GPUs leaves out gfx942 (MI300A/MI300X/MI325X), gfx950
#include "arch_width.h"

// A constant, with the bare macro spelling of the condition.
// CHECK: :[[@LINE+3]]:2: warning: list of 64-lane GPUs leaves out gfx942 (MI300A/MI300X/MI325X), which compile the '#else' branch where 'WarpSize' is 32
// CHECK: :[[@LINE+4]]:2: note: 'WarpSize' is 32 here
// MI350: :[[@LINE+1]]:2: warning: list of 64-lane GPUs leaves out gfx942 (MI300A/MI300X/MI325X), gfx950 (MI350X/MI355X), which
#if __gfx900__ || __gfx906__ || __gfx908__ || __gfx90a__
constexpr int WarpSize = 64;
#else
constexpr int WarpSize = 32;
#endif

// Covers gfx942 but not gfx950: quiet for the default targets (gfx90a, gfx942), reported where
// gfx950 is selected.
// MI350: :[[@LINE+1]]:2: warning: list of 64-lane GPUs leaves out gfx950
#if defined(__gfx90a__) || defined(__gfx942__)
#define WAVE_LANES 64
#else
#define WAVE_LANES 32
#endif

// Negative: the family macro covers every gfx9 GPU.
#if defined(__GFX9__)
#define FAMILY_WARP 64
#else
#define FAMILY_WARP 32
#endif

// Negative: a list of wave32 GPUs (RDNA) whose '#else' is 64.
#if defined(__gfx1100__) || defined(__gfx1101__)
#define RDNA_WARP 32
#else
#define RDNA_WARP 64
#endif

// Negative: an '#elif' chain names the other targets itself.
#if defined(__gfx90a__)
#define CHAIN_WARP 64
#elif defined(__gfx942__)
#define CHAIN_WARP 64
#else
#define CHAIN_WARP 32
#endif

// Negative: the list selects something other than a warp width.
#if defined(__gfx908__) || defined(__gfx90a__)
#define TILE_K 64
#else
#define TILE_K 32
#endif

// Macro case: a list behind a macro is not read (the condition is not the targets themselves).
#define WAVE64_TARGET (defined(__gfx90a__))
#if WAVE64_TARGET
#define MACRO_WARP 64
#else
#define MACRO_WARP 32
#endif

// With gfx90a alone selected, every list names it: nothing to report.
// MI200-NOT: warning:

__global__ void widths(int *o) {
  o[threadIdx.x % WarpSize] = WAVEFRONT_SIZE + WAVE_LANES + FAMILY_WARP + RDNA_WARP + CHAIN_WARP + TILE_K + MACRO_WARP;
}
