# Golden test for rocm-cmake-raw-link-flag: every place a GPU library or toolkit directory can be
# linked by hand, and the look-alikes that must stay quiet.
# RUN: not rocm-lint --checks=-*,rocm-cmake-raw-link-flag %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error:

cmake_minimum_required(VERSION 3.21)
project(port LANGUAGES CXX HIP)
find_package(hip REQUIRED)
add_executable(app main.hip)

# CHECK: :[[@LINE+1]]:35: warning: raw link flag '-lamdhip64'; use find_package(hip) and link the imported target 'hip::host' [rocm-cmake-raw-link-flag]
target_link_libraries(app PRIVATE -lamdhip64)
# CHECK: :[[@LINE+2]]:3: warning: GPU library 'amdhip64' linked by name; use find_package(hip) and link the imported target 'hip::host' [rocm-cmake-raw-link-flag]
target_link_libraries(app PUBLIC
  amdhip64
# CHECK: :[[@LINE+1]]:3: warning: GPU library 'rocblas' linked by name; use find_package(rocblas) and link the imported target 'roc::rocblas' [rocm-cmake-raw-link-flag]
  "rocblas"
# The fix-it needs the package: it inserts find_package() before the first command it fixes.
# CHECK: :[[@LINE+2]]:3: warning: GPU library linked by path '${ROCM_PATH}/lib/libhipblas.so'; use find_package(hipblas) and link the imported target 'roc::hipblas' [rocm-cmake-raw-link-flag]
# CHECK: :13:1: note: 'roc::hipblas' needs 'find_package(hipblas REQUIRED)' first; the fix inserts it here, as this file does not call it
  ${ROCM_PATH}/lib/libhipblas.so
  )
# CUDA libraries: the CUDAToolkit target, and a note with what a HIP port links.
# CHECK: :[[@LINE+3]]:27: warning: raw link flag '-lcudart'; use find_package(CUDAToolkit) and link the imported target 'CUDA::cudart' [rocm-cmake-raw-link-flag]
# CHECK: :13:1: note: 'CUDA::cudart' needs 'find_package(CUDAToolkit REQUIRED)' first; the fix inserts it here, as this file does not call it
# CHECK: :[[@LINE+1]]:27: note: a HIP port links 'hip::host' from find_package(hip) instead
target_link_libraries(app -lcudart)
# CHECK: :[[@LINE+2]]:16: warning: GPU library 'nccl' linked by name; use find_package(rccl) and link the imported target 'rccl::rccl' [rocm-cmake-raw-link-flag]
# CHECK: :[[@LINE+1]]:16: note: NCCL ships no CMake package; on ROCm, RCCL replaces it
link_libraries(nccl)

# Link directories of a GPU toolkit.
# CHECK: :[[@LINE+2]]:18: warning: link directory '/opt/rocm/lib' hard-wires a GPU toolkit's library location; use find_package(hip) and link imported targets such as 'hip::host' [rocm-cmake-raw-link-flag]
# CHECK: :[[@LINE+1]]:18: note: imported targets carry their own library paths, so the build works wherever the toolkit is installed
link_directories(/opt/rocm/lib ${PROJECT_BINARY_DIR}/lib)
# CHECK: :[[@LINE+1]]:41: warning: link directory '$ENV{CUDA_PATH}/lib64' hard-wires a GPU toolkit's library location; use find_package(CUDAToolkit) and link imported targets such as 'CUDA::cudart' [rocm-cmake-raw-link-flag]
target_link_directories(app PRIVATE     $ENV{CUDA_PATH}/lib64)

# Linker flags in variables and link options (reported at the flag inside the string).
# CHECK: :[[@LINE+2]]:55: warning: link directory flag '-L/opt/rocm/lib' hard-wires
# CHECK: :[[@LINE+1]]:71: warning: raw link flag '-lamdhip64'; use find_package(hip) and link the imported target 'hip::host' with target_link_libraries [rocm-cmake-raw-link-flag]
set(CMAKE_EXE_LINKER_FLAGS "${CMAKE_EXE_LINKER_FLAGS} -L/opt/rocm/lib -lamdhip64 -lm")
# CHECK: :[[@LINE+1]]:43: warning: raw link flag '-lhiprtc'
string(APPEND CMAKE_SHARED_LINKER_FLAGS " -lhiprtc")
# CHECK: :[[@LINE+1]]:41: warning: raw link flag '-lrocfft'
set(CMAKE_MODULE_LINKER_FLAGS_RELEASE  "-lrocfft")
# CHECK: :[[@LINE+2]]:33: warning: raw link flag '-lMIOpen'
# CHECK: :[[@LINE+1]]:49: warning: link directory flag '-L/usr/local/cuda/lib64'
target_link_options(app PRIVATE -lMIOpen "SHELL:-L /usr/local/cuda/lib64" LINKER:--as-needed)
# CHECK: :[[@LINE+1]]:18: warning: raw link flag '-lrccl'
add_link_options(-lrccl)

# Quiet: non-GPU libraries and directories, imported targets, generator expressions, a
# variable that is not a link setting, comments and messages. MIOpen and amd_comgr are the
# imported targets' own names.
target_link_libraries(app PRIVATE m pthread dl rt -lm -lpthread -L/usr/lib/foo -lchip Threads::Threads)
target_link_libraries(app PRIVATE hip::host roc::rocblas CUDA::cudart MIOpen amd_comgr)
target_link_libraries(app PRIVATE $<$<BOOL:${USE_HIP}>:-lamdhip64>)
link_directories(/usr/lib/x86_64-linux-gnu ${CMAKE_CURRENT_BINARY_DIR})
# Another programming model's runtime inside the toolkit: no hip:: or CUDA:: target replaces it.
link_directories(${ROCM_PATH}/opencl/lib)
target_link_options(app PRIVATE -L${ROCM_PATH}/opencl/lib/x86_64)
set(EXTRA_LIBS -lamdhip64)
# target_link_libraries(app -lamdhip64)
#[[ link_directories(/opt/rocm/lib) ]]
message(STATUS "link with -lamdhip64 -L/opt/rocm/lib")
