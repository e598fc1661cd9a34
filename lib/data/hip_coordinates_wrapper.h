// rocm-lint: the installed HIP runtime header, with the thread coordinates of current ROCm.
// HIP 5 declares threadIdx, blockIdx, blockDim and gridDim as objects whose members only convert to
// unsigned int ('auto i = threadIdx.x; i += blockDim.x' does not compile); current ROCm declares
// properties of type unsigned int, as CUDA does. The installed objects are read under other names.
// Served by tools/rocm-lint/Recovery.cpp as hip/amd_detail/amd_hip_runtime.h, ahead of the
// installed one, for the system HIP headers only.
#ifndef ROCM_LINT_COORDINATES_WRAPPER
#define ROCM_LINT_COORDINATES_WRAPPER
#define threadIdx __rocm_lint_installed_threadIdx
#define blockIdx __rocm_lint_installed_blockIdx
#define blockDim __rocm_lint_installed_blockDim
#define gridDim __rocm_lint_installed_gridDim
#include_next <hip/amd_detail/amd_hip_runtime.h>
#undef threadIdx
#undef blockIdx
#undef blockDim
#undef gridDim
#ifdef __cplusplus
// One type for the four: the checks know them by name, as CUDA code does.
struct __rocm_lint_coordinates_t {
  __declspec(property(get = __get_x)) unsigned int x;
  __device__ unsigned int __get_x() const;
  __declspec(property(get = __get_y)) unsigned int y;
  __device__ unsigned int __get_y() const;
  __declspec(property(get = __get_z)) unsigned int z;
  __device__ unsigned int __get_z() const;
  __device__ operator dim3() const;
};
extern const __device__ __attribute__((weak)) __rocm_lint_coordinates_t threadIdx;
extern const __device__ __attribute__((weak)) __rocm_lint_coordinates_t blockIdx;
extern const __device__ __attribute__((weak)) __rocm_lint_coordinates_t blockDim;
extern const __device__ __attribute__((weak)) __rocm_lint_coordinates_t gridDim;
#endif
#endif
