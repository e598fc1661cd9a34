// Correct, portable code that must stay quiet (each with the reason), under HIP before 7.0 and
// under ROCm 7's declaration (the fallback header), in both passes.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-constexpr' %s -- -isystem %S/Inputs/hip-before-7 %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --allow-empty --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-constexpr' %s -- -isystem %S/Inputs/hip-before-7 %hip_flags 2>&1 \
// RUN:   | FileCheck %s --allow-empty --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-constexpr' %s -- %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --allow-empty --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-constexpr' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --allow-empty --implicit-check-not='warning:' --implicit-check-not='error:'
// CHECK-NOT: warning:

#include <hip/hip_runtime.h>

// The fix the check asks for: the width is a template parameter, each instantiation has its own
// constant, and the host picks the instantiation from the queried warp size.
template <int Lanes> __global__ void blockSum(const float *in, float *out) {
  __shared__ float part[1024 / Lanes];
  float v = in[threadIdx.x];
  // Run-time reads on the device are what ROCm 7 keeps: warpSize is a device-side value.
  const int lane = threadIdx.x % warpSize;
  const int warp = threadIdx.x / warpSize;
  for (int o = warpSize / 2; o > 0; o /= 2)
    v += __shfl_down(v, o, warpSize);
  if (lane == 0)
    part[warp] = v;
  out[0] = part[0];
}

// Sized for the largest wavefront, as the remedy says.
__global__ void widest(float *out) {
  __shared__ float part[64];
  out[0] = part[threadIdx.x % warpSize];
}

// A run-time copy of warpSize used at run time only.
__device__ int warpsIn(int threads) {
  const int w = warpSize;
  return (threads + w - 1) / w;
}

// Unevaluated operands read no value.
__device__ int sizes() { return sizeof(warpSize) + alignof(decltype(warpSize)); }

// A default argument is evaluated on the device at each call.
__device__ float scaled(float v, int width = warpSize) { return v * width; }

// __host__ __device__ code reads warpSize on the host only if the host emits it, which the
// compiler reports itself; the check leaves it to the compiler.
__host__ __device__ int lanesHD() { return warpSize; }

// The project's own constant of that name is not HIP's warpSize.
namespace mylib {
constexpr int warpSize = 64;
}
__global__ void own(float *out) {
  __shared__ float s[mylib::warpSize];
  out[0] = s[threadIdx.x % 64];
}

int launch(const float *in, float *out) {
  int dev = 0;
  hipGetDevice(&dev);
  // The host's warp size comes from the device: the property, or the attribute.
  hipDeviceProp_t prop;
  hipGetDeviceProperties(&prop, dev);
  int attr = 0;
  hipDeviceGetAttribute(&attr, hipDeviceAttributeWarpSize, dev);
  // A host variable of that name shadows nothing HIP declares at namespace scope.
  int warpSize = prop.warpSize;
  int warps = 256 / warpSize + 256 / attr;
  if (prop.warpSize == 64)
    blockSum<64><<<1, 256>>>(in, out);
  else
    blockSum<32><<<1, 256>>>(in, out);
  return warps;
}
