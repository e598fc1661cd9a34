// A project header shared by the CUDA and the HIP build that was not ported.
#pragma once
#include <cuda_runtime.h>
#include <cufft.h>
