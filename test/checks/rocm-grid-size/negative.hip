// Launches that must stay quiet, each with the reason.
// RUN: %clang_tidy -checks='-*,rocm-grid-size' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --allow-empty --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-grid-size' %s -- %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --allow-empty --implicit-check-not='warning:' --implicit-check-not='error:'
// CHECK-NOT: warning:

#include <hip/hip_runtime.h>

__global__ void fill(float *X) { X[blockIdx.x * blockDim.x + threadIdx.x] = 1.0f; }

void quiet(float *X, size_t N, unsigned Rows, hipStream_t S) {
  // Exactly 2^32 - 1 work-items would fit; 2^23 blocks of 256 threads are 2^31.
  fill<<<1u << 23, 256>>>(X);
  // The grid depends on the input size: unknown, never guessed.
  fill<<<(N + 255) / 256, 256>>>(X);
  dim3 Grid((N + 1023) / 1024);
  fill<<<Grid, 1024, 0, S>>>(X);
  // A large grid with an unknown block size.
  fill<<<1u << 24, Rows>>>(X);
  // A local variable changed before the launch is not a constant.
  dim3 Changing(1u << 24);
  if (N < 100)
    Changing.x = 1;
  fill<<<Changing, 256>>>(X);
  // Grid y and z at CUDA's limit, 65535.
  fill<<<dim3(1, 65535, 65535), dim3(8, 8, 1)>>>(X);
  // A grid-stride launch: as many blocks as the device keeps busy.
  fill<<<dim3(1024 * 120), dim3(256)>>>(X);
}
