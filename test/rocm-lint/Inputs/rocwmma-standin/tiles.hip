#include <hip/hip_runtime.h>
#include <rocwmma/rocwmma.hpp>

using Acc = rocwmma::fragment<rocwmma::accumulator, 16, 16, 16, float>;

// One 16x16 tile per 32-lane warp, as written for NVIDIA.
__global__ void tiles(float *c, int n) {
  Acc acc;
  rocwmma::fill_fragment(acc, 0.0f);
  int warp = threadIdx.x / 32;
  rocwmma::store_matrix_sync(c + 16 * warp, acc, n, rocwmma::mem_row_major);
}
