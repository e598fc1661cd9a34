// A __host__ __device__ helper that reads warpSize compiles for the host only while HIP declares
// warpSize there too; ROCm 7 makes it device-only, and clang rejects the read in every helper the
// host pass emits, that is every helper a host function calls. The finding is on the read (where
// ROCm 7 stops), with the host call as a note. Only the host pass reports it.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-constexpr' %s -- -isystem %S/Inputs/hip-before-7 -I %S/Inputs/project %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-constexpr' %s -- -isystem %S/Inputs/hip-before-7 -I %S/Inputs/project %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DEVICE --allow-empty
// DEVICE-NOT: warning:

#include <hip/hip_runtime.h>
#include "wave_helpers.h"

// Findings are sorted by file: the header's comes first.
// CHECK: wave_helpers.h:4:{{[0-9]+}}: warning: 'warpSize' read in __host__ __device__ function 'lanesPerRow', which host code calls; ROCm 7 makes 'warpSize' a device-only value and this stops compiling once the host emits 'lanesPerRow': pass the width in from the host, queried with hipDeviceAttributeWarpSize [rocm-warp-size-constexpr]
// CHECK: host-device-calls.hip:[[@LINE+6]]:11: note: called from host code here

__global__ void rows(int *out, int lanes) { out[threadIdx.x] = lanes; }

// Header case: the helper is in a project header, the host call here.
void launchRows(int *out, int nnz) {
  int x = lanesPerRow(nnz);
  rows<<<1, 256>>>(out, x);
  // Negative: a helper that does not read warpSize.
  rows<<<1, rowsPerBlock(256)>>>(out, 1);
}

// Template case: the helper is a template; the host caller is an instantiated template too.
template <typename I> __host__ __device__ I waveSize(I avg) {
  // CHECK: :[[@LINE+1]]:21: warning: 'warpSize' read in __host__ __device__ function 'waveSize', which host code calls
  return avg >= 2 * warpSize ? I(warpSize) : I(1);
}
template <typename T> void splitLU(T *out, int avg) {
  // CHECK: :[[@LINE+1]]:18: note: called from host code here
  const int nx = waveSize(avg);
  out[0] = T(nx);
}
template void splitLU<float>(float *, int);

// Macro case: the attributes come from the project's macro.
#define HD __host__ __device__
HD inline int halfWave() {
  // CHECK: :[[@LINE+1]]:10: warning: 'warpSize' read in __host__ __device__ function 'halfWave', which host code calls
  return warpSize / 2;
}
int hostHalf() {
  // CHECK: :[[@LINE+1]]:10: note: called from host code here
  return halfWave();
}

// Negative: a helper called only from device code; the host pass does not emit it.
__host__ __device__ inline int deviceOnlyUse() { return warpSize - 1; }
__global__ void usesHelper(int *out) { out[0] = deviceOnlyUse(); }

// Negative: the read sits behind __HIP_DEVICE_COMPILE__; the host pass sees the other branch.
__host__ __device__ inline int guardedWidth() {
#if defined(__HIP_DEVICE_COMPILE__)
  return warpSize;
#else
  return 64;
#endif
}
int hostGuarded() { return guardedWidth(); }

// Negative: a lambda in host code runs where it is called from (here: a kernel's body is not it).
void withLambda(int *out) {
  auto pick = [](int n) { return n; };
  out[0] = pick(1);
}
