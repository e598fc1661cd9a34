# CMake variables are evaluated within a file and the project files it include()s: set,
# list(APPEND), string(APPEND), find_library, both branches of an if(), unset. Findings through a
# variable are reported where it is used, with a note where it was set, and carry no fix (the
# text to change is elsewhere and may serve other uses).
# RUN: not rocm-lint --format=text %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error:
# Every finding here goes through a variable: --fix leaves the file as it was.
# RUN: cp %s %t.cmake
# RUN: not rocm-lint --fix %t.cmake > /dev/null 2>&1
# RUN: diff %s %t.cmake

cmake_minimum_required(VERSION 3.21)
project(vars LANGUAGES CXX HIP)
find_package(hip REQUIRED)
add_executable(app main.hip)

set(L -lamdhip64)
# CHECK: variables.cmake:[[@LINE+2]]:35: warning: raw link flag '-lamdhip64'; use find_package(hip) and link the imported target 'hip::host' [rocm-cmake-raw-link-flag]
# CHECK-NEXT: variables.cmake:[[@LINE-2]]:1: note: through '${L}', set at line [[@LINE-2]] to '-lamdhip64'
target_link_libraries(app PRIVATE ${L})

find_library(HIPLIB NAMES amdhip64 HINTS $ENV{ROCM_PATH}/lib)
# CHECK: variables.cmake:[[@LINE+2]]:35: warning: GPU library 'amdhip64' found with find_library() and linked through '${HIPLIB}'; use find_package(hip) and link the imported target 'hip::host' [rocm-cmake-raw-link-flag]
# CHECK-NEXT: variables.cmake:[[@LINE-2]]:1: note: through '${HIPLIB}', set at line [[@LINE-2]] by find_library()
target_link_libraries(app PRIVATE ${HIPLIB})

# The short form, and a name given as the file name.
find_library(BLAS_LIB librocblas.so)
# CHECK: variables.cmake:[[@LINE+1]]:35: warning: GPU library 'rocblas' found with find_library() and linked through '${BLAS_LIB}'
target_link_libraries(app PRIVATE "${BLAS_LIB}")

# Both branches of an if() are possible values; list(APPEND) adds.
if(USE_ROCBLAS)
  set(GPU_LIBS hipblas)
else()
  set(GPU_LIBS cublas)
endif()
list(APPEND GPU_LIBS m)
# CHECK: variables.cmake:[[@LINE+4]]:35: warning: GPU library 'hipblas' linked by name
# CHECK: note: through '${GPU_LIBS}', set at line {{[0-9]+}} to 'hipblas;cublas;m'
# CHECK: variables.cmake:[[@LINE+2]]:35: warning: GPU library 'cublas' linked by name
# CHECK: note: a HIP port links 'roc::hipblas' from find_package(hipblas) instead
target_link_libraries(app PRIVATE ${GPU_LIBS})

# Flags variables reach the link line through other variables too.
set(EXTRA_LINK "-L/opt/rocm/lib")
# CHECK: variables.cmake:[[@LINE+2]]:38: warning: link directory flag '-L/opt/rocm/lib' hard-wires a GPU toolkit's library location
# CHECK: note: through '${EXTRA_LINK}', set at line [[@LINE-2]] to '-L/opt/rocm/lib'
string(APPEND CMAKE_EXE_LINKER_FLAGS " ${EXTRA_LINK}")

# A path variable written literally is reported once, where it is set, not at every use.
# CHECK: variables.cmake:[[@LINE+1]]:15: warning: hard-coded toolkit path '/opt/rocm'
set(ROCM_PATH /opt/rocm)
include_directories(${ROCM_PATH}/include)
# Any other variable holding the literal is reported where it is used.
set(MY_ROCM /opt/rocm-6.2.0)
# CHECK: variables.cmake:[[@LINE+2]]:21: warning: hard-coded toolkit path '/opt/rocm-6.2.0/include'
# CHECK: note: through '${MY_ROCM}', set at line [[@LINE-2]] to '/opt/rocm-6.2.0'
include_directories(${MY_ROCM}/include)

# Nested references: ${${WHICH}}.
set(WHICH L)
# CHECK: variables.cmake:[[@LINE+1]]:35: warning: raw link flag '-lamdhip64'
target_link_libraries(app PRIVATE ${${WHICH}})

# An include()d project file's variables are known here; the note names the file.
include(${CMAKE_CURRENT_LIST_DIR}/Inputs/variables/deps.cmake)
# CHECK: variables.cmake:[[@LINE+2]]:35: warning: raw link flag '-lamdhip64'
# CHECK: deps.cmake:2:1: note: through '${DEP_LIBS}', set in 'deps.cmake' at line 2 to '-lamdhip64'
target_link_libraries(app PRIVATE ${DEP_LIBS})

# ---- quiet: each for a reason -------------------------------------------------------------------
# From the environment, the cache (a user's -D overrides it) or a fallback branch: defaults.
set(ENV_ROCM $ENV{ROCM_PATH})
include_directories(${ENV_ROCM}/include ${DEP_ROCM}/include)
set(CACHED_ROCM /opt/rocm CACHE PATH "ROCm root")
include_directories(${CACHED_ROCM}/include)
if(NOT DEFINED OTHER_ROCM)
  set(OTHER_ROCM /opt/rocm)
endif()
include_directories(${OTHER_ROCM}/include)
# Such a variable stays a reference: rocm-cmake-raw-link-flag names it as written.
# CHECK: variables.cmake:[[@LINE+1]]:18: warning: link directory '${OTHER_ROCM}/lib' hard-wires a GPU toolkit's library location
link_directories(${OTHER_ROCM}/lib)
# A variable set only inside a function body is not set here.
function(set_gpu_libs)
  set(FN_LIBS -lamdhip64)
endfunction()
target_link_libraries(app PRIVATE ${FN_LIBS})
# unset() forgets the value.
set(GONE -lamdhip64)
unset(GONE)
target_link_libraries(app PRIVATE ${GONE})
# Appending to a variable keeps what it had: that was linted where it was set.
set(CMAKE_CXX_FLAGS "${CMAKE_CXX_FLAGS} -Wall")
# Values that are not GPU libraries.
set(SYS_LIBS m pthread dl)
target_link_libraries(app PRIVATE ${SYS_LIBS} ${UNKNOWN_VARIABLE})
# A self-doubling variable stays bounded (the linter drops it past a size limit).
set(BIG x)
foreach(I RANGE 30)
  set(BIG "${BIG}${BIG}")
endforeach()
target_link_libraries(app PRIVATE ${BIG})
