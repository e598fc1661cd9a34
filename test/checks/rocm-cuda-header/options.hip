// Option PlatformMacros: a team's own macro for its HIP build. Without it defined (no compile
// database), the branch this parse takes need not be the HIP build's: quiet. With it defined, the
// HIP build takes its branch, and a CUDA header left there is reported.
// RUN: not %clang_tidy -checks='-*,rocm-cuda-header' -config="{CheckOptions: {rocm-cuda-header.PlatformMacros: 'MYPROJ_AMD'}}" %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNDEF --implicit-check-not='warning:'
// UNDEF: error: 'cuda_runtime.h' file not found
// RUN: not %clang_tidy -checks='-*,rocm-cuda-header' -config="{CheckOptions: {rocm-cuda-header.PlatformMacros: 'MYPROJ_AMD'}}" %s -- %hip_flags -DMYPROJ_AMD 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DEF --implicit-check-not='warning:'
// Without the option the macro is nobody's switch: the branch taken is reported.
// RUN: not %clang_tidy -checks='-*,rocm-cuda-header' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNKNOWN --implicit-check-not='warning:'
// RUN: %clang_tidy -checks='-*,rocm-cuda-header' -config="{CheckOptions: {rocm-cuda-header.PlatformMacros: 'MYPROJ_AMD'}}" --dump-config %s -- %hip_flags \
// RUN:   | FileCheck %s --check-prefix=DUMP
// DUMP: rocm-cuda-header.PlatformMacros: MYPROJ_AMD
#include <hip/hip_runtime.h>
#ifdef MYPROJ_AMD
#include <cufft.h>
// DEF: :[[@LINE-1]]:10: warning: CUDA header 'cufft.h' is not available in a HIP build; include 'hipfft/hipfft.h' instead [rocm-cuda-header]
#else
#include <cuda_runtime.h>
// UNKNOWN: :[[@LINE-1]]:10: warning: CUDA header 'cuda_runtime.h' is not available in a HIP build; include 'hip/hip_runtime.h' instead [rocm-cuda-header]
#endif
