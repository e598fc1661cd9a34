# Golden test for rocm-cmake-hardcoded-toolkit-path: literal toolkit roots where CMake looks for
# the toolkit, and the fallback idioms that must stay quiet.
# RUN: not rocm-lint --checks=-*,rocm-cmake-hardcoded-toolkit-path %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error:

cmake_minimum_required(VERSION 3.21)
project(port LANGUAGES CXX HIP)

# CHECK: :[[@LINE+2]]:23: warning: hard-coded toolkit path '/opt/rocm'; use $ENV{ROCM_PATH} with '/opt/rocm' only as a fallback, or find_package(hip) [rocm-cmake-hardcoded-toolkit-path]
# CHECK: :[[@LINE+1]]:23: note: the build breaks on machines where the toolkit is installed elsewhere (ROCM_PATH set, versioned /opt/rocm-X.Y.Z, distribution packages)
set(CMAKE_PREFIX_PATH /opt/rocm ${CMAKE_PREFIX_PATH})
# CHECK: :[[@LINE+1]]:32: warning: hard-coded toolkit path '/opt/rocm-6.2.0/lib/cmake/hip'
list(APPEND CMAKE_MODULE_PATH "/opt/rocm-6.2.0/lib/cmake/hip")
# CHECK: :[[@LINE+1]]:24: warning: hard-coded toolkit path '/opt/rocm/llvm/bin/clang++'
set(CMAKE_HIP_COMPILER /opt/rocm/llvm/bin/clang++)
# CHECK: :[[@LINE+1]]:14: warning: hard-coded toolkit path '/opt/rocm/hip'
set(HIP_PATH /opt/rocm/hip)
# CHECK: :[[@LINE+1]]:14: warning: hard-coded toolkit path '/opt/rocm/lib/cmake/hip'
set(hip_DIR  /opt/rocm/lib/cmake/hip)
# CHECK: :[[@LINE+2]]:28: warning: hard-coded toolkit path '/usr/local/cuda/include'; use $ENV{CUDA_PATH} with the default only as a fallback, or find_package(CUDAToolkit) [rocm-cmake-hardcoded-toolkit-path]
# CHECK: :[[@LINE+1]]:28: note: the build breaks on machines where the toolkit is installed elsewhere (CUDA_PATH set, versioned /usr/local/cuda-X.Y, distribution packages)
include_directories(SYSTEM /usr/local/cuda/include ${ROCM_PATH}/include)
# CHECK: :[[@LINE+1]]:40: warning: hard-coded toolkit path '/opt/rocm/include'
target_include_directories(app PRIVATE /opt/rocm/include)
# CHECK: :[[@LINE+1]]:41: warning: hard-coded toolkit path '/opt/rocm/lib'
find_library(ROCBLAS_LIB rocblas HINTS  /opt/rocm/lib PATH_SUFFIXES lib64)
# CHECK: :[[@LINE+1]]:32: warning: hard-coded toolkit path '/opt/cuda'
find_package(CUDAToolkit PATHS /opt/cuda)
# Each search list is judged on its own: the ENV in HINTS does not cover PATHS.
# CHECK: :[[@LINE+1]]:53: warning: hard-coded toolkit path '/opt/rocm'
find_package(hip HINTS ENV ROCM_PATH NO_CACHE PATHS /opt/rocm)
# `if(NOT X)` is a fallback only for the commands of its arm that set X.
if(NOT WIN32)
# CHECK: :[[@LINE+1]]:23: warning: hard-coded toolkit path '/opt/rocm/include'
  include_directories(/opt/rocm/include)
endif()
if(NOT HIP_ROOT_DIR)
# CHECK: :[[@LINE+1]]:17: warning: hard-coded toolkit path '/opt/rocm'
  set(OTHER_DIR /opt/rocm)
endif()
if(NOT HIP_ROOT_DIR)
else()
# CHECK: :[[@LINE+1]]:20: warning: hard-coded toolkit path '/opt/rocm'
  set(HIP_ROOT_DIR /opt/rocm)
endif()
# A default set, not searched: the versioned path is what every machine without -D gets.
if(NOT ROCM_DIR)
# CHECK: :[[@LINE+1]]:16: warning: hard-coded toolkit path '/opt/rocm-6.1.0'
  set(ROCM_DIR /opt/rocm-6.1.0)
endif()
# Flags: the path after -I, -isystem and --rocm-path= is reported.
# CHECK: :[[@LINE+2]]:23: warning: hard-coded toolkit path '/opt/rocm/include'
# CHECK: :[[@LINE+1]]:53: warning: hard-coded toolkit path '/opt/rocm'
add_compile_options(-I/opt/rocm/include --rocm-path=/opt/rocm)
# CHECK: :[[@LINE+1]]:50: warning: hard-coded toolkit path '/usr/local/cuda/include'
set(CMAKE_CXX_FLAGS "${CMAKE_CXX_FLAGS} -isystem /usr/local/cuda/include")

# Quiet: the fallback idiom (an if() that tests the environment or DEFINED), cache defaults a
# user overrides with -D, paths built from variables, look-alike directories, commands that do
# not locate the toolkit, comments and messages.
if(DEFINED ENV{ROCM_PATH})
  set(ROCM_PATH $ENV{ROCM_PATH})
else()
  set(ROCM_PATH /opt/rocm)
endif()
if(NOT DEFINED CUDA_PATH)
  set(CUDA_PATH /usr/local/cuda)
endif()
set(ROCM_ROOT /opt/rocm CACHE PATH "ROCm installation")
# Another programming model's search: OpenCL's headers may sit in the CUDA toolkit, among other guesses.
find_path(OPENCL_INCLUDE_DIR NAMES CL/opencl.h PATHS "/usr/local/cuda" "/usr" PATH_SUFFIXES include)
# The last step of a search: only while the steps before found nothing (the arm requires the
# variable the search sets to be unset), the guess /opt/rocm.
if(NOT HIP_ROOT_DIR)
  find_path(HIP_ROOT_DIR NAMES include/hip/hip_runtime.h PATHS /opt/rocm)
endif()
# Search lists where the literal comes after the environment.
find_package(hip HINTS ENV ROCM_PATH /opt/rocm)
find_library(AMDHIP amdhip64 PATHS $ENV{ROCM_PATH}/lib /opt/rocm/lib)
list(APPEND CMAKE_PREFIX_PATH $ENV{ROCM_PATH} /opt/rocm)
set(CMAKE_PREFIX_PATH ${ROCM_PATH} $ENV{HOME}/opt/rocm)
set(MY_PATH /opt/rocmfoo /usr/local/cudafoo)
set(SOURCES /opt/rocm/share/example.cpp)
install(FILES a.h DESTINATION /opt/rocm/include)
# set(CMAKE_PREFIX_PATH /opt/rocm)
message(STATUS "ROCm is usually in /opt/rocm")
