// A kernel that sums 'for (c = threadIdx.x; c < n; c += 32)' into a local and then reduces that
// local with a shuffle-down tree from 16 is written for blocks 32 threads wide: with a wider block
// the lanes from 32 on would add the same elements again, on any GPU. Its rows are then 32 lanes,
// lanes 32-63 of a wavefront hold the next row, and the tree's sum at lane 0 of each row is that
// row's: quiet, even where no launch is visible (a launch inside a dispatch macro of a missing
// header). Without that evidence, or where the launches say otherwise, the tree is reported.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>

#define WARP_SIZE 32

// Quiet: the row's partials are strided by 32 over threadIdx.x (through a local), then reduced.
template <typename T>
__global__ void rowDot(const T *a, const T *b, T *out, int C) {
  const int row = blockIdx.y * blockDim.y + threadIdx.y;
  const int thread = threadIdx.x;
  T sum = 0;
  for (int c = thread; c < C; c += WARP_SIZE)
    sum += a[row * C + c] * b[row * C + c];
  for (int offset = 16; offset > 0; offset /= 2)
    sum += __shfl_down(sum, offset);
  if (thread == 0)
    out[row] = sum;
}
template __global__ void rowDot<float>(const float *, const float *, float *, int);

// Reported: a stride of 32 that only fills shared memory (harmless if repeated) says nothing of
// the block's width.
__global__ void fillThenReduce(float *out, int n) {
  __shared__ float tile[256];
  for (int i = threadIdx.x; i < 256; i += 32)
    tile[i] = 0.0f;
  float v = tile[threadIdx.x];
  for (int offset = 16; offset > 0; offset /= 2)
    // CHECK: :[[@LINE-1]]:{{[0-9]+}}: warning: shuffle reduction starts at lane offset 16 and combines 32 lanes only
    v += __shfl_down(v, offset);
  if (threadIdx.x == 0)
    out[blockIdx.x] = v;
}

// Reported: a stride of 64 is a wavefront's, not a 32-lane row's.
__global__ void waveStride(const float *a, float *out, int n) {
  float sum = 0.0f;
  for (int c = threadIdx.x; c < n; c += 64)
    sum += a[c];
  for (int offset = 16; offset > 0; offset /= 2)
    // CHECK: :[[@LINE-1]]:{{[0-9]+}}: warning: shuffle reduction starts at lane offset 16 and combines 32 lanes only
    sum += __shfl_down(sum, offset);
  if (threadIdx.x == 0)
    out[blockIdx.x] = sum;
}

// Reported: the launch shows blocks of 256 threads, which the launch says over the loop.
__global__ void launchedWide(const float *a, float *out, int n) {
  float sum = 0.0f;
  for (int c = threadIdx.x; c < n; c += 32)
    sum += a[c];
  for (int offset = 16; offset > 0; offset /= 2)
    // CHECK: :[[@LINE-1]]:{{[0-9]+}}: warning: shuffle reduction starts at lane offset 16 and combines 32 lanes only
    sum += __shfl_down(sum, offset);
  if (threadIdx.x == 0)
    out[blockIdx.x] = sum;
}

void runWide(const float *a, float *out, int n) { launchedWide<<<1, 256>>>(a, out, n); }

// Reported: the start is a local that is assigned again, so it need not hold threadIdx.x.
__global__ void reassignedStart(const float *a, float *out, int n) {
  int t = threadIdx.x;
  if (n > 4096)
    t = threadIdx.x / 2;
  float sum = 0.0f;
  for (int c = t; c < n; c += 32)
    sum += a[c];
  for (int offset = 16; offset > 0; offset /= 2)
    // CHECK: :[[@LINE-1]]:{{[0-9]+}}: warning: shuffle reduction starts at lane offset 16 and combines 32 lanes only
    sum += __shfl_down(sum, offset);
  if (threadIdx.x == 0)
    out[blockIdx.x] = sum;
}
