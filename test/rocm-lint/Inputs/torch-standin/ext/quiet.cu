// Correct, portable extension code that must stay quiet: the block size is a multiple of 64 that the
// kernel's __launch_bounds__ declares (through PyTorch's macro), the reduction is over the whole
// wavefront with C10_WARP_SIZE, which a ROCm PyTorch gives as a constant, and the ballot is kept
// in 64 bits.
#include <ATen/ATen.h>
#include <ATen/cuda/CUDAContext.h>
#include <torch/extension.h>

template <typename scalar_t>
__global__ void C10_LAUNCH_BOUNDS_1(256) sumRows(const scalar_t *in, float *out, int cols) {
  __shared__ float partial[256 / C10_WARP_SIZE];
  float acc = 0.0f;
  for (int j = threadIdx.x; j < cols; j += blockDim.x)
    acc += static_cast<float>(in[blockIdx.x * cols + j]);
  for (int off = warpSize / 2; off > 0; off /= 2)
    acc += __shfl_down(acc, off);
  const int lane = threadIdx.x % warpSize;
  const int wave = threadIdx.x / warpSize;
  if (lane == 0)
    partial[wave] = acc;
  unsigned long long any = __ballot(acc != 0.0f);
  __syncthreads();
  if (threadIdx.x == 0 && any != 0ull) {
    float total = 0.0f;
    for (int w = 0; w < static_cast<int>(blockDim.x / warpSize); ++w)
      total += partial[w];
    out[blockIdx.x] = total;
  }
}

void sumRowsCuda(const at::Tensor &in, at::Tensor &out) {
  AT_DISPATCH_FLOATING_TYPES(in.scalar_type(), "sumRows", [&] {
    sumRows<scalar_t><<<in.size(0), 256, 0, at::cuda::getCurrentCUDAStream()>>>(
        in.data_ptr<scalar_t>(), out.data_ptr<float>(), static_cast<int>(in.size(1)));
  });
}
