// A project header with a tile reduction whose offsets come from the hardware width.
#pragma once
#include <hip/hip_cooperative_groups.h>

__device__ inline float headerTileSum(cooperative_groups::thread_block_tile<32> Tile, float V) {
  for (int Offset = warpSize / 2; Offset > 0; Offset /= 2)
    V += Tile.shfl_down(V, Offset);
  return V;
}
