# Golden test for rocm-cmake-legacy-cuda in a project that builds HIP (project(... HIP) below).
# RUN: not rocm-lint --checks=-*,rocm-cmake-legacy-cuda %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error:
# The same FindCUDA code in a CUDA-only file is not reported, unless another CMake file of the
# run says the project builds HIP.
# RUN: sed -e 's/ HIP)/)/' %s > %t.cmake
# RUN: rocm-lint --checks=-*,rocm-cmake-legacy-cuda %t.cmake 2>/dev/null | count 0
# RUN: printf 'enable_language(HIP)\n' > %t-hip.cmake
# RUN: not rocm-lint --checks=-*,rocm-cmake-legacy-cuda %t.cmake %t-hip.cmake 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error:

cmake_minimum_required(VERSION 3.21)
project(port LANGUAGES CXX HIP)

# CHECK: :[[@LINE+2]]:1: warning: 'find_package(CUDA)' loads the deprecated FindCUDA module in a project that builds HIP; use enable_language(HIP) and find_package(CUDAToolkit) for the CUDA libraries [rocm-cmake-legacy-cuda]
# CHECK: :[[@LINE+1]]:1: note: FindCUDA is deprecated since CMake 3.10 and removed by policy CMP0146 in CMake 3.27; enable_language(HIP) needs CMake 3.21
find_package(CUDA 11 REQUIRED)
# CHECK: :[[@LINE+1]]:13: warning: 'CUDA_NVCC_FLAGS' is read only by the deprecated FindCUDA module; set CMAKE_HIP_FLAGS or use target_compile_options for HIP sources [rocm-cmake-legacy-cuda]
list(APPEND CUDA_NVCC_FLAGS -O3 --use_fast_math)
# CHECK: :[[@LINE+1]]:5: warning: 'CUDA_NVCC_FLAGS' is read only
set(CUDA_NVCC_FLAGS "${CUDA_NVCC_FLAGS} -lineinfo")
# CHECK: :[[@LINE+1]]:1: warning: 'cuda_add_executable' comes from the deprecated FindCUDA module; use add_executable with enable_language(HIP) and HIP sources [rocm-cmake-legacy-cuda]
cuda_add_executable(app main.cu)
# CHECK: :[[@LINE+1]]:3: warning: 'CUDA_ADD_LIBRARY' comes from the deprecated FindCUDA module; use add_library with enable_language(HIP) and HIP sources [rocm-cmake-legacy-cuda]
  CUDA_ADD_LIBRARY(kernels STATIC k.cu)
# CHECK: :[[@LINE+1]]:1: warning: 'cuda_add_cublas_to_target' comes from the deprecated FindCUDA module; use enable_language(HIP) and first-class HIP targets [rocm-cmake-legacy-cuda]
cuda_add_cublas_to_target(app)
# CHECK: :[[@LINE+1]]:1: warning: 'include(FindCUDA)' loads the deprecated FindCUDA module
include(FindCUDA)

# Quiet: the modern CUDA module, the CUDA language, user functions named cuda_*, comments.
find_package(CUDAToolkit)
enable_language(CUDA)
cuda_my_helper(app)
set(CMAKE_CUDA_FLAGS "-O3")
# find_package(CUDA)
message(STATUS "find_package(CUDA) is deprecated")
