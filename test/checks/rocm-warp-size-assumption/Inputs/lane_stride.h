#pragma once
#include <hip/hip_runtime.h>
// A header helper: each 32-lane warp walks one row, stepping by the wavefront width.
__device__ inline void copy_row(const float *In, float *Out, int Dim) {
  int Lane = threadIdx.x & 31;
  for (int Col = Lane; Col < Dim; Col += warpSize) Out[Col] = In[Col];
}
