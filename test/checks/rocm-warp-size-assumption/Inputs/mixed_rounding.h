// A project header: the slot count of a block reduction's second pass.
#pragma once
__device__ inline int slotsOfBlock() { return (blockDim.x + warpSize - 1) / 32; }
