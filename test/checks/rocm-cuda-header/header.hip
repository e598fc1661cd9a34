// Includes inside the project's own headers are reported in the header (with a header filter),
// and macros whose expansion is an include keep their source untouched.
// RUN: not %clang_tidy -checks='-*,rocm-cuda-header' -header-filter='.*' %s -- %hip_flags -I %inputs/cuda-header 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:'

#include <hip/hip_runtime.h>
#include "port_common.h"
// CHECK: port_common.h:3:10: warning: CUDA header 'cuda_runtime.h' is not available in a HIP build; include 'hip/hip_runtime.h' instead [rocm-cuda-header]
// CHECK: port_common.h:4:10: warning: CUDA header 'cufft.h' is not available in a HIP build; include 'hipfft/hipfft.h' instead [rocm-cuda-header]
