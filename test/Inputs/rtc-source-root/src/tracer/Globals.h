// The project's common header: device code reaches it through hiprtc, which declares the runtime
// itself; only the host build includes the API header.
#pragma once
#if defined(__HIPCC__)
#define KERNEL_CC
#endif
#ifndef KERNEL_CC
#include <hip/hip_runtime_api.h>
#endif
#define GLOBAL __global__
#define DEVICE __device__
#define WARP_THREADS 32
