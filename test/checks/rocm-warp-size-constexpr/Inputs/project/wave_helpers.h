// A project header with __host__ __device__ helpers: one reads warpSize, one does not.
#pragma once
#include <hip/hip_runtime.h>
__host__ __device__ inline int lanesPerRow(int nnz) { return nnz >= 2 * warpSize ? warpSize : warpSize / 4; }
__host__ __device__ inline int rowsPerBlock(int block) { return block / 64; }
