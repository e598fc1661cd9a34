// A C++ file built with hip::host is HIP code too: it is reported once it includes a HIP header.
// Plain C++ that never touches HIP is not.
// RUN: not %clang_tidy -checks='-*,rocm-cuda-header' %s -- -x c++ -isystem %inputs/include -DHOST_USES_HIP 2>&1 \
// RUN:   | FileCheck %s --check-prefix=HIP
// RUN: not %clang_tidy -checks='-*,rocm-cuda-header' %s -- -x c++ -isystem %inputs/include 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PLAIN --implicit-check-not='[rocm-cuda-header]'

#include <cuda_runtime_api.h>
// HIP: :[[@LINE-1]]:10: warning: CUDA header 'cuda_runtime_api.h' is not available in a HIP build; include 'hip/hip_runtime_api.h' instead [rocm-cuda-header]
// PLAIN: error: 'cuda_runtime_api.h' file not found

#ifdef HOST_USES_HIP
#include <hip/hip_runtime_api.h>
#endif
