#pragma once
#include <hip/hip_runtime.h>
#include <stdint.h>
// A port's compatibility shim, as llama.cpp-style forks write it: the CUDA warp functions become
// HIP's, the mask dropped and the width made the wavefront's.
#define SHIM_GET(_1, _2, _3, _4, NAME, ...) NAME
#define SHIM_SHFL_3(mask, var, src) __shfl(var, src, warpSize)
#define SHIM_SHFL_4(mask, var, src, width) __shfl(var, src, width)
#define shfl_sync(...) SHIM_GET(__VA_ARGS__, SHIM_SHFL_4, SHIM_SHFL_3)(__VA_ARGS__)
#define ballot32(mask, pred) ((uint32_t)__ballot(pred))
#define ballot64(mask, pred) __ballot(pred)
// A macro that writes its source lane itself: the lane is the shim's, not the caller's.
#define SHIM_LEADER(var) __shfl(var, 0, warpSize)
