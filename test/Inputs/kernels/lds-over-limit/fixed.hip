// Fixture for tools/kernel-validate.py: 48 KiB of static LDS plus 32 KiB requested at the launch
// is 80 KiB, above the 64 KiB a workgroup gets on gfx90a/gfx940/gfx1030.
// kernel-launch: tile::stage<float> block=256 dynamic-lds=32768
#include <hip/hip_runtime.h>
namespace tile {
template <class T> __global__ void stage(T *X) {
  __shared__ T Buf[12288];
  extern __shared__ T Extra[];
  Buf[threadIdx.x] = X[threadIdx.x];
  Extra[threadIdx.x] = X[threadIdx.x + 1];
  __syncthreads();
  X[threadIdx.x] = Buf[(threadIdx.x + 7) % 12288] + Extra[(threadIdx.x + 3) % 256];
}
template __global__ void stage<float>(float *);
} // namespace tile
