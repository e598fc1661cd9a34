// rocm-tidy's declarations-only stand-in for ATen/cuda/detail/KernelUtils.h, served with
// torch_cuda_standin.h when the analysed machine has no PyTorch: the GPU declarations, and the
// grid-stride loop macros only this header defines (extensions that define their own
// CUDA_KERNEL_LOOP include it rarely, and keep theirs).
#pragma clang system_header

#ifndef ROCM_TIDY_TORCH_KERNEL_UTILS_STANDIN_H
#define ROCM_TIDY_TORCH_KERNEL_UTILS_STANDIN_H

#include <ATen/cuda/CUDAContext.h>

#if defined(ROCM_TIDY_TORCH_STANDIN) && !defined(CUDA_KERNEL_LOOP)
// A grid-stride loop over n items, as ATen/cuda/detail/KernelUtils.h writes it.
#define CUDA_KERNEL_LOOP_TYPE(i, n, index_type)                                                                        \
  int64_t rocm_tidy_kernel_loop_index = blockIdx.x * blockDim.x + threadIdx.x;                                         \
  for (index_type i = rocm_tidy_kernel_loop_index; rocm_tidy_kernel_loop_index < (n);                                  \
       rocm_tidy_kernel_loop_index += blockDim.x * gridDim.x, i = rocm_tidy_kernel_loop_index)
#define CUDA_KERNEL_LOOP(i, n) CUDA_KERNEL_LOOP_TYPE(i, n, int)
#endif

#endif // ROCM_TIDY_TORCH_KERNEL_UTILS_STANDIN_H
