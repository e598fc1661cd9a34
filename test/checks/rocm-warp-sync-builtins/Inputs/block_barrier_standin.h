#pragma once
// A port's stand-in, as older HIP ports write it: the block barrier under the warp barrier's name.
#define __syncwarp __syncthreads
