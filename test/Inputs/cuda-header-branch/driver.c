/* Host code of a HIP build in C (a test driver like hypre's src/test/ij.c). */
#include <stdio.h>

#if defined(MYLIB_USING_GPU)
#include <cuda.h>
#include <cuda_profiler_api.h>
#endif

#ifdef __HIP_PLATFORM_AMD__
#include <cuda_runtime.h>
#else
#include <cuda_runtime_api.h>
#endif

#ifndef USE_HIP
#include <nvToolsExt.h>
#endif

int main(void) { return 0; }
