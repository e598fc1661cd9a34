// Negative cases: bounds that mean the same on AMD, or that the author wrote for AMD on purpose.
// RUN: %clang_tidy -checks='-*,rocm-launch-bounds' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --allow-empty --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-launch-bounds' %s -- %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --allow-empty --implicit-check-not='warning:' --implicit-check-not='error:'
// CHECK-NOT: rocm-launch-bounds

#include <hip/hip_runtime.h>

// One argument, a multiple of 64: nothing to port.
__global__ void __launch_bounds__(256) a(float *X) { X[threadIdx.x] = 0.0f; }

// A minimum of 1 means the same on both platforms: at least one block, at least one wave.
__global__ void __launch_bounds__(256, 1) b(float *X) { X[threadIdx.x] = 0.0f; }

// 2 blocks of 256 threads are 8 waves, 2 per SIMD: the carried-over value happens to be right.
__global__ void __launch_bounds__(256, 2) c(float *X) { X[threadIdx.x] = 0.0f; }

// The author gives AMD its own occupancy under a platform switch.
#if defined(__HIP_PLATFORM_AMD__)
#define MIN_OCCUPANCY 6
#else
#define MIN_OCCUPANCY 4
#endif
__global__ void __launch_bounds__(128, MIN_OCCUPANCY) d(float *X) { X[threadIdx.x] = 0.0f; }

#ifdef USE_ROCM
__global__ void __launch_bounds__(128) e(float *X) { X[threadIdx.x] = 0.0f; }
#else
__global__ void __launch_bounds__(128, 4) e(float *X) { X[threadIdx.x] = 0.0f; }
#endif

// The same through constants defined per platform.
#if defined(__HIP_PLATFORM_AMD__)
constexpr int kMinOccupancy = 2; // waves per SIMD
#else
constexpr int kMinOccupancy = 4; // blocks per SM
#endif
__global__ void __launch_bounds__(128, kMinOccupancy) d2(float *X) { X[threadIdx.x] = 0.0f; }

// AMD's own attributes, written by hand, mean what they say.
__global__ void __attribute__((amdgpu_flat_work_group_size(1, 96), amdgpu_waves_per_eu(4))) f(float *X) {
  X[threadIdx.x] = 0.0f;
}

// Bounds that depend on a template parameter are judged per instantiation; none here.
template <int Block> __global__ void __launch_bounds__(Block) g(float *X) { X[threadIdx.x] = 0.0f; }
template __global__ void g<512>(float *);

// A bound from a device-only macro: 32 on the host pass, 64 when the device pass compiles for a
// 64-lane GFX9 part; only the device value is real.
constexpr __host__ __device__ int physicalWarp() {
#if defined(__GFX9__)
  return 64;
#else
  return 32;
#endif
}
__global__ void __launch_bounds__(physicalWarp(), 1) k(float *X) { X[threadIdx.x] = 0.0f; }

// Not a kernel attribute at all: a device function without bounds.
__device__ float h(float X) { return X * 2.0f; }

// Reduced from a bitsandbytes kernel: the minimum is computed from a per-platform constant chosen
// under a project macro of the shared platform-macro table (BNB_HIP), so AMD gets its own value.
#if defined(__HIP_PLATFORM_AMD__) || defined(__HIPCC__)
#define BNB_HIP 1
#else
#define BNB_HIP 0
#endif
#if BNB_HIP
#define THREADS_PER_CU 2048
#else
#define THREADS_PER_CU 1536
#endif
__global__ void __launch_bounds__(1024, THREADS_PER_CU / 1024) quantRows(float *X) { X[threadIdx.x] = 0.0f; }

// A maximum of one thread declares a single-thread kernel (reduced from a solver that sets a
// stopping status once per launch): one lane on every GPU, and no block size to round up to.
__global__ void __launch_bounds__(1) initStatus(unsigned *Status) { *Status = 0u; }
template <int N> __global__ void __launch_bounds__(N) scalarStep(float *X) { X[0] += 1.0f; }
template __global__ void scalarStep<1>(float *);
