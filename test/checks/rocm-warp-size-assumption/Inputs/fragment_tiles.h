#pragma once
// A header's device helper: its tile is picked per 32-lane warp (checked from fragment-tiles.hip).

__device__ inline void store_warp_tile(float *c, Acc &acc, int n) {
  float *tile = c + 16 * n * (int)(threadIdx.x / 32u);
  rocwmma::store_matrix_sync(tile, acc, n, rocwmma::mem_row_major);
}
