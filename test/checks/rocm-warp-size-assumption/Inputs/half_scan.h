#pragma once
// A 32-lane scan helper: a xor ladder to 16, then shifts up whose results only the lanes of the
// same aligned group consume.
struct HalfScan {
  static __device__ int exclusive(int v) {
    const int lane = threadIdx.x & 31;
    int x = v;
    for (int d = 1; d < 32; d <<= 1) {
      int y = __shfl_up(x, d);
      if (lane >= d)
        x += y;
    }
    return x - v;
  }
  static __device__ int group_total(int v) {
    const int lane = threadIdx.x & 31;
    int r = __shfl_xor(v, 1);
    r += __shfl_xor(r, 2);
    int s = __shfl_up(r, 4);
    if ((lane & 7) == 4)
      r += s;
    return r;
  }
};
