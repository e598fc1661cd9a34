#include <hip/hip_runtime.h>
#include <hipcub/hipcub.hpp>
#include <hipcub/block/block_reduce.hpp>

constexpr int kThreads = 256;

// A block sum through hipCUB, and a 32-lane grouping that meets a full-wavefront ballot beside it.
__global__ void blockSum(const float *in, float *out, unsigned long long *votes) {
  using Reduce = hipcub::BlockReduce<float, kThreads, hipcub::BLOCK_REDUCE_WARP_REDUCTIONS>;
  __shared__ typename Reduce::TempStorage temp;
  float v = in[blockIdx.x * kThreads + threadIdx.x];
  float total = Reduce(temp).Sum(v);
  if (threadIdx.x == 0)
    out[blockIdx.x] = total;
  int lane = threadIdx.x % 32;
  unsigned mask = __ballot(v > 0.f);
  if (lane == 0)
    votes[threadIdx.x / 32] = mask;
}

// Warp-level primitives with a logical width, a scan, and the device-wide two-phase call.
__global__ void warpParts(const int *in, int *out) {
  using WarpSum = hipcub::WarpReduce<int, 16>;
  using Scan = hipcub::WarpScan<int>;
  __shared__ typename WarpSum::TempStorage ws[kThreads / 16];
  __shared__ typename Scan::TempStorage ss[kThreads / 64];
  int x = in[threadIdx.x];
  int s = WarpSum(ws[threadIdx.x / 16]).Sum(x);
  int inclusive;
  Scan(ss[threadIdx.x / 64]).InclusiveSum(x, inclusive);
  out[threadIdx.x] = s + inclusive + HIPCUB_WARP_THREADS;
}

void hostSum(const float *d_in, float *d_out, int n, hipStream_t stream) {
  void *temp = nullptr;
  size_t bytes = 0;
  (void)hipcub::DeviceReduce::Sum(temp, bytes, d_in, d_out, n, stream);
}
