// Host/device width splits: a width macro chosen by a macro only the device pass defines (a
// per-target macro, __HIP_DEVICE_COMPILE__) is 32 in the host pass and 64 in the device pass for
// gfx90a/gfx942. Host code that shapes a launch with it (block dims, a per-warp count behind the
// grid) launches for 32-lane warps while the kernel divides its work by 64. Reported by the host
// pass at the host use; the device pass has nothing to say.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_flags -DUSE_ROCM -I%S/Inputs 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_device_flags -DUSE_ROCM -I%S/Inputs 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DEV --allow-empty --implicit-check-not='warning:' --implicit-check-not='error:'
// DEV-NOT: warning:

#include <hip/hip_runtime.h>
#include "split_width.h"

// A project switch and a family macro: the host pass has USE_ROCM but not __GFX9__.
#if defined(USE_ROCM) && defined(__GFX9__)
#define WARP_SIZE 64
#else
#define WARP_SIZE 32
#endif

// The device-compile macro.
#ifdef __HIP_DEVICE_COMPILE__
#define WAVE_LANES 64
#else
#define WAVE_LANES 32
#endif

// Negative: clang 19 defines the wavefront macro in the host pass of a HIP compile as well (from
// --offload-arch), so both passes take the same arm.
#if __AMDGCN_WAVEFRONT_SIZE == 64
#define COMPILER_WAVE 64
#else
#define COMPILER_WAVE 32
#endif

// Negative: both arms agree, so the passes agree.
#ifdef __GFX9__
#define SAME_WIDTH 64
#else
#define SAME_WIDTH 64
#endif

// Negative: a choice for a wave32 target the configured targets (gfx90a, gfx942) are not; the
// device pass takes the '#else' as the host does.
#if defined(__gfx1030__)
#define RDNA_WIDTH 32
#else
#define RDNA_WIDTH 64
#endif

// Negative: the host value is a run-time query, not a constant of the wrong width.
int queried_warp_size();
#ifdef __HIP_DEVICE_COMPILE__
#define QUERIED_WIDTH 64
#else
#define QUERIED_WIDTH queried_warp_size()
#endif

// Negative: a vendor switch, not a host/device one: both passes take the same arm.
#if defined(__HIP_PLATFORM_AMD__)
#define VENDOR_WIDTH 64
#else
#define VENDOR_WIDTH 32
#endif

__global__ void rows_kernel(const float *in, float *out, int n) {
  // Negative: device code; the device pass compiles it with 64.
  int warp = threadIdx.x / WARP_SIZE;
  out[warp] = in[threadIdx.x];
}

// CHECK: :[[@LINE+3]]:35: warning: 'WARP_SIZE' is 32 in host code, which shapes this launch, but 64 in the device code for gfx90a (MI210/MI250/MI250X), whose warps are 64 lanes wide: give both passes one value or size the launch from the device's warp size [rocm-warp-size-assumption]
// CHECK: :19:19: note: the host pass takes this definition: '__GFX9__' is defined only when compiling for the device
// CHECK: :17:9: note: the device pass for gfx90a takes this definition
constexpr int ROWS_PER_WARP = 2 * WARP_SIZE / 16;

void launch_rows(const float *in, float *out, int rows) {
  // The grid: a count of warps from a per-warp row count.
  int warps = (rows + ROWS_PER_WARP - 1) / ROWS_PER_WARP;
  // CHECK: :[[@LINE+1]]:14: warning: 'WARP_SIZE' is 32 in host code, which shapes this launch
  dim3 block(WARP_SIZE, 4);
  rows_kernel<<<warps, block>>>(in, out, rows);
}

// Template launcher: the pattern is read, no instantiation is needed.
template <int WARPS>
void launch_template(const float *in, float *out, int n) {
  // CHECK: :[[@LINE+1]]:20: warning: 'WAVE_LANES' is 32 in host code, which shapes this launch, but 64 in the device code for gfx90a
  rows_kernel<<<n, WAVE_LANES * WARPS>>>(in, out, n);
}

// Header: the macro comes from a project header.
void launch_header(const float *in, float *out, int n) {
  // CHECK: :[[@LINE+3]]:49: warning: 'LIB_WAVE' is 32 in host code, which shapes this launch, but 64 in the device code for gfx90a
  // CHECK: split_width.h:7:18: note: the host pass takes this definition: '__gfx90a__' is defined only when compiling for the device
  // CHECK: split_width.h:5:9: note: the device pass for gfx90a takes this definition
  hipLaunchKernelGGL(rows_kernel, dim3(n), dim3(LIB_WAVE), 0, 0, in, out, n);
}

// Through the user's own launch macro: reported at the macro's use.
#define LAUNCH_WARP(kernel, n, ...) kernel<<<n, dim3(WARP_SIZE, 2)>>>(__VA_ARGS__)
void launch_macro(const float *in, float *out, int n) {
  // CHECK: :[[@LINE+1]]:3: warning: 'WARP_SIZE' is 32 in host code, which shapes this launch
  LAUNCH_WARP(rows_kernel, n, in, out, n);
}

void launch_quiet(const float *in, float *out, int n) {
  // Negative: the arms agree, the target list does not split, the host value is queried, the
  // switch is by vendor, the compiler's wavefront macro is the same in both passes.
  rows_kernel<<<n, dim3(SAME_WIDTH, RDNA_WIDTH, COMPILER_WAVE)>>>(in, out, n);
  rows_kernel<<<n, QUERIED_WIDTH>>>(in, out, n);
  rows_kernel<<<n, VENDOR_WIDTH>>>(in, out, n);
  // Negative: a host buffer size, not a launch shape.
  float scratch[WARP_SIZE];
  scratch[0] = 0;
}
