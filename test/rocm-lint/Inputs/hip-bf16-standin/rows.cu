#include <cuda_runtime.h>
#include <cuda_bf16.h>

// The CUDA spelling of the same kernel: cuda_bf16.h is read as hip/hip_bf16.h, and its type names
// as the HIP ones hipify gives them.
__global__ void positiveRows(const __nv_bfloat16 *in, unsigned *votes) {
  float v = __bfloat162float(in[blockIdx.x * blockDim.x + threadIdx.x]);
  unsigned mask = __ballot_sync(0xffffffffu, v > 0.f);
  if (threadIdx.x % 64 == 0)
    votes[threadIdx.x / 64] = mask;
}
