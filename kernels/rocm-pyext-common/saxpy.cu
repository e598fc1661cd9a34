// PyTorch extension for the rocm-pyext-* samples: y = a * x + y on the GPU. PyTorch's build
// hipifies this file for a ROCm PyTorch (CUDA runtime calls and headers become HIP's); the
// setup.py next to it decides whether the flags and libraries survive that build.
#include <torch/extension.h>

__global__ void saxpyKernel(int N, float A, const float *X, float *Y) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Y[I] = A * X[I] + Y[I];
}

torch::Tensor saxpy(double A, torch::Tensor X, torch::Tensor Y) {
  TORCH_CHECK(X.is_cuda() && Y.is_cuda() && X.dtype() == torch::kFloat && Y.dtype() == torch::kFloat &&
                  X.numel() == Y.numel(),
              "saxpy: float tensors of one size on the GPU");
  torch::Tensor Out = Y.clone();
  int N = static_cast<int>(X.numel());
  constexpr int Block = 256; // a multiple of the 64-lane wavefront and of the 32-lane warp
  saxpyKernel<<<(N + Block - 1) / Block, Block>>>(N, static_cast<float>(A), X.data_ptr<float>(),
                                                  Out.data_ptr<float>());
  return Out;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("saxpy", &saxpy, "y = a * x + y"); }
