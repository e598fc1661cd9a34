// A tile class whose vote returns the whole wavefront's 64-bit ballot, and a count that a template
// in this header narrows for every tile type it is instantiated with.
#pragma once
#include <hip/hip_runtime.h>

struct WaveTile {
  __device__ unsigned long long ballot(int p) const { return __ballot(p); }
};

template <typename Tile> __device__ int headerCount(const Tile &t, int p) {
  auto bits = t.ballot(p);
  return __popc(bits);
}
