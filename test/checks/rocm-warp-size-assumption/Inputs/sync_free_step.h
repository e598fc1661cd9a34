// A project header's last-warp reduction without volatile (a HIP port of an old CUDA sample).
#pragma once
__device__ inline void lastWarpSum(float *s, int t) {
  s[t] += s[t + 32];
  s[t] += s[t + 16];
  s[t] += s[t + 8];
}
