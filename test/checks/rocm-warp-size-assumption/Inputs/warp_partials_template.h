#pragma once
// A block reduction whose per-warp partials are counted from template arguments.
template <unsigned Threads, unsigned WaveLanes>
__global__ void header_block_sum(const float *in, float *out) {
  constexpr unsigned NumWarps = Threads / WaveLanes;
  __shared__ float partial[NumWarps];
  const unsigned warp = threadIdx.x / WaveLanes;
  if (threadIdx.x % WaveLanes == 0)
    partial[warp] = in[threadIdx.x];
  __syncthreads();
  if (threadIdx.x == 0)
    *out = partial[0];
}
