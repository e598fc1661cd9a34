// rocm-cuda-header sample, ported: a half-precision AXPY followed by a block reduction of the
// result, the pattern of a mixed-precision optimizer step (update the fp16 weights, then reduce
// them to a float norm term).
//
// The port includes HIP's headers: <hip/hip_runtime.h> for the runtime API and launches,
// <hip/hip_fp16.h> for __half and its conversions. Nothing else in the program names CUDA.
//
// Launches checked by tools/kernel-validate.py against the AMD code objects
// (dynamic-lds: one float per warp of a 256-thread block; at most 8 warps, on 32-lane hardware):
// kernel-launch: haxpy block=256 dynamic-lds=0
// kernel-launch: blockSum block=256 dynamic-lds=32
#include <hip/hip_fp16.h>
#include <hip/hip_runtime.h>

#include "common/harness.h"

#include <vector>

// Y = A * X + Y on fp16 storage, computed in float.
__global__ void haxpy(float A, const __half *X, __half *Y, int N) {
  for (int I = blockIdx.x * blockDim.x + threadIdx.x; I < N; I += gridDim.x * blockDim.x)
    Y[I] = __float2half(A * __half2float(X[I]) + __half2float(Y[I]));
}

// One float per block: the sum of Y over the block's grid-stride slice. Lanes reduce with
// shuffles over the wavefront the hardware has (warpSize at run time), then one warp reduces the
// per-warp sums the block left in dynamic shared memory (blockDim.x / warpSize floats).
__global__ void blockSum(const __half *Y, int N, float *BlockSums) {
  extern __shared__ float WarpSums[];
  float V = 0.0f;
  for (int I = blockIdx.x * blockDim.x + threadIdx.x; I < N; I += gridDim.x * blockDim.x)
    V += __half2float(Y[I]);
  for (int Offset = warpSize / 2; Offset > 0; Offset /= 2)
    V += __shfl_down(V, Offset);
  const int Lane = threadIdx.x % warpSize;
  const int Warp = threadIdx.x / warpSize;
  const int Warps = (blockDim.x + warpSize - 1) / warpSize;
  if (Lane == 0)
    WarpSums[Warp] = V;
  __syncthreads();
  if (Warp == 0) {
    V = Lane < Warps ? WarpSums[Lane] : 0.0f;
    for (int Offset = warpSize / 2; Offset > 0; Offset /= 2)
      V += __shfl_down(V, Offset);
    if (Lane == 0)
      BlockSums[blockIdx.x] = V;
  }
}

int main() {
  constexpr int N = 1 << 20;
  constexpr int Block = 256; // a multiple of both wavefront sizes (32, 64)
  constexpr float A = 0.75f;

  int Dev = 0;
  hipDeviceProp_t Prop;
  HIP_CHECK(hipGetDevice(&Dev));
  HIP_CHECK(hipGetDeviceProperties(&Prop, Dev));
  const int Grid = 4 * Prop.multiProcessorCount;
  const size_t WarpSumBytes = size_t((Block + Prop.warpSize - 1) / Prop.warpSize) * sizeof(float);

  // Inputs in [0.5, 1.5) and [0, 1): exactly representable steps of fp16, never all zeros.
  harness::Rng Rng(20261129);
  std::vector<__half> X(N), Y(N);
  for (int I = 0; I < N; ++I) {
    X[I] = __float2half(Rng.uniform(0.5f, 1.5f));
    Y[I] = __float2half(Rng.uniform(0.0f, 1.0f));
  }

  __half *DX = nullptr, *DY = nullptr;
  float *DSums = nullptr;
  HIP_CHECK(hipMalloc(&DX, N * sizeof(__half)));
  HIP_CHECK(hipMalloc(&DY, N * sizeof(__half)));
  HIP_CHECK(hipMalloc(&DSums, Grid * sizeof(float)));
  HIP_CHECK(hipMemcpy(DX, X.data(), N * sizeof(__half), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(DY, Y.data(), N * sizeof(__half), hipMemcpyHostToDevice));

  haxpy<<<Grid, Block>>>(A, DX, DY, N);
  HIP_CHECK(hipGetLastError());
  hipLaunchKernelGGL(blockSum, dim3(Grid), dim3(Block), WarpSumBytes, 0, DY, N, DSums);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());

  std::vector<__half> GotY(N);
  std::vector<float> Sums(Grid);
  HIP_CHECK(hipMemcpy(GotY.data(), DY, N * sizeof(__half), hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(Sums.data(), DSums, Grid * sizeof(float), hipMemcpyDeviceToHost));
  HIP_CHECK(hipFree(DX));
  HIP_CHECK(hipFree(DY));
  HIP_CHECK(hipFree(DSums));

  // Elements: the GPU may fuse the multiply-add, so a result may land one fp16 step (2^-11
  // relative) away from the CPU's; allow 1e-3 relative. The sum: float partial sums of about 2^20
  // positive terms; allow 1e-4 relative.
  int Bad = 0;
  double Want = 0.0, Got = 0.0;
  for (int I = 0; I < N; ++I) {
    const float Ref = __half2float(__float2half(A * __half2float(X[I]) + __half2float(Y[I])));
    Bad += !harness::closeEnough(__half2float(GotY[I]), Ref, 1e-3);
    Want += Ref;
  }
  for (float S : Sums)
    Got += S;
  const bool Ok = Bad == 0 && harness::closeEnough(Got, Want, 1e-4);
  char Detail[160];
  std::snprintf(Detail, sizeof Detail, "%d of %d fp16 elements off, sum %.6g vs CPU %.6g", Bad, N, Got, Want);
  return harness::report("rocm-cuda-header/fixed", Ok, Detail);
}
