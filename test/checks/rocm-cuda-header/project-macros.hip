// The default PlatformMacros are the platform macros of lib/data/warp_intrinsics.json, project
// macros included (default_project_platform_macros): a switch on one of them is deliberate.
// The missing CUDA headers are fatal errors of this parse; only the check's warnings count.
// RUN: not %clang_tidy -checks='-*,rocm-cuda-header' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:'

#include <hip/hip_runtime.h>

// Quiet: GGML_USE_HIP is one of the table's project macros; this parse takes the CUDA build's branch.
#ifdef GGML_USE_HIP
#include <hip/hip_fp16.h>
#else
#include <cuda_fp16.h>
#endif

// Quiet: a macro the table does not know, but named as a HIP switch (a word HIP or ROCM, as in
// cupy's CUPY_USE_HIP); this parse does not define it, the project's HIP build would.
#ifdef MYPROJ_USE_HIP
#include <hip/hip_runtime_api.h>
#else
#include <cuda_runtime_api.h>
#endif

// Warns: a macro that names no vendor is nobody's switch (add it to PlatformMacros to mark one).
#ifdef MYPROJ_FAST_PATH
#include <hip/hip_runtime_api.h>
#else
#include <cuda_runtime.h>
// CHECK: :[[@LINE-1]]:10: warning: {{.*}}'cuda_runtime.h'{{.*}} [rocm-cuda-header]
// DEFINED: warning: CUDA header 'cuda_runtime.h'{{.*}} [rocm-cuda-header]
#endif

// Quiet: whether the HIP build takes this branch rests on USE_ROCM, a project macro this parse
// does not define (the project's HIP build would).
#if !defined(USE_ROCM) || defined(MYPROJ_PROFILE)
#include <cuda_profiler_api.h>
#endif

// With the project's HIP build macros defined (as a compile database gives them), the branches
// they select are the HIP build's: a CUDA header there is reported.
// RUN: not %clang_tidy -checks='-*,rocm-cuda-header' %s -- %hip_flags -DGGML_USE_HIP -DUSE_ROCM -DMYPROJ_PROFILE 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DEFINED --implicit-check-not='warning:'
// DEFINED: warning: CUDA header 'cuda_profiler_api.h'{{.*}} [rocm-cuda-header]
