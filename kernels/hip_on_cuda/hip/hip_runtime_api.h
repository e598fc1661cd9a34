// rocm-tidy's HIP-on-CUDA mapping: the runtime API is part of hip_runtime.h here.
#include "hip_runtime.h"
