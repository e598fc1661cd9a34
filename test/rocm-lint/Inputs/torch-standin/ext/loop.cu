// PyTorch's own grid-stride loop and launch configuration (ATen/cuda/detail/KernelUtils.h): the
// kernel parses, and its launch is checked with PyTorch's block of CUDA_NUM_THREADS (1024).
#include <ATen/cuda/detail/KernelUtils.h>
#include <torch/extension.h>

template <typename scalar_t> __global__ void fillKernel(scalar_t *out, int64_t n, scalar_t value) {
  CUDA_KERNEL_LOOP(i, n) { out[i] = value; }
}

void fillCuda(at::Tensor &out, double value) {
  using namespace at::cuda::detail;
  const int64_t n = out.numel();
  AT_DISPATCH_FLOATING_TYPES(out.scalar_type(), "fill", [&] {
    fillKernel<scalar_t><<<GET_BLOCKS(n), CUDA_NUM_THREADS, 0, at::cuda::getCurrentCUDAStream()>>>(
        out.data_ptr<scalar_t>(), n, static_cast<scalar_t>(value));
  });
}
