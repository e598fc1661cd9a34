#pragma once
#include <hip/hip_runtime.h>

// A queue of the lanes of a tile that still have work: the mask is the tile's vote in CUDA,
// the wavefront's here.
template <typename T, typename Group> struct LaneQueue {
  __device__ LaneQueue(T v, bool on, const Group &g) : item(v), group(g), active(on) { refill(); }
  __device__ T front() const { return group.shfl(item, next); }
  __device__ void pop() {
    if (group.thread_rank() == next)
      active = false;
    refill();
  }
  __device__ bool empty() const { return bits == 0; }
  __device__ void refill() {
    bits = __ballot(active);
    next = __ffsll(bits) - 1;
  }
  T item;
  Group group;
  bool active;
  unsigned long long bits;
  int next;
};
