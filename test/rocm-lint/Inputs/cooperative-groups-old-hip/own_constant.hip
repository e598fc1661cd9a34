#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>

namespace cg = cooperative_groups;

// Code for current ROCm names its own constant; HIP 5's header had a macro of that name.
constexpr int WAVEFRONT_SIZE = 64;

__global__ void votes(const float *in, unsigned *out) {
  cg::thread_block block = cg::this_thread_block();
  unsigned mask = __ballot(in[block.thread_rank()] > 0.f);
  if (threadIdx.x % WAVEFRONT_SIZE == 0)
    out[threadIdx.x / WAVEFRONT_SIZE] = mask;
}
