// Positive cases, in every launch spelling KernelLaunch recognises. Launches are host code, which
// both passes of a HIP file parse: each pass gives the same findings (rocm-lint reports them once).
// RUN: %clang_tidy -checks='-*,rocm-grid-size' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='note:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-grid-size' %s -- %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='note:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>

__global__ void fill(float *X) { X[blockIdx.x * blockDim.x + threadIdx.x] = 1.0f; }
__global__ void fill3(float *X) { X[blockIdx.y] = 1.0f; }

void launches(float *X, hipStream_t S, hipFunction_t F) {
  // 2^24 blocks of 256 threads: 2^32 work-items, one more than HIP launches in a dimension.
  fill<<<16777216, 256>>>(X);
  // CHECK: :[[@LINE-1]]:3: warning: grid x of 16777216 blocks of 256 threads is 4294967296 work-items, more than the 4294967295 HIP launches in one dimension, so the launch of 'fill' fails with hipErrorInvalidConfiguration (CUDA counts blocks and accepts it); launch fewer blocks and loop over the rest in the kernel (a grid-stride loop), or split the launch [rocm-grid-size]

  // Through local dim3 variables and a constexpr count.
  constexpr unsigned Blocks = 1u << 23;
  dim3 Grid(Blocks), Block(1024);
  fill<<<Grid, Block, 0, S>>>(X);
  // CHECK: :[[@LINE-1]]:3: warning: grid x of 8388608 blocks of 1024 threads is 8589934592 work-items, more than the 4294967295 HIP launches in one dimension, so the launch of 'fill' fails

  hipLaunchKernelGGL(fill, dim3(1u << 22, 1, 1), dim3(1024), 0, S, X);
  // CHECK: :[[@LINE-1]]:3: warning: grid x of 4194304 blocks of 1024 threads is 4294967296 work-items, more than the 4294967295 HIP launches in one dimension, so the launch of 'fill' fails

  void *Args[] = {&X};
  hipLaunchKernel((const void *)fill, dim3(1u << 24), dim3(512), Args, 0, S);
  // CHECK: :[[@LINE-1]]:3: warning: grid x of 16777216 blocks of 512 threads is 8589934592 work-items
  hipLaunchCooperativeKernel((const void *)fill, dim3(1u << 24), dim3(256), Args, 0, S);
  // CHECK: :[[@LINE-1]]:3: warning: grid x of 16777216 blocks of 256 threads is 4294967296 work-items
  hipModuleLaunchKernel(F, 1u << 23, 1, 1, 512, 1, 1, 0, S, Args, nullptr);
  // CHECK: :[[@LINE-1]]:3: warning: grid x of 8388608 blocks of 512 threads is 4294967296 work-items, more than the 4294967295 HIP launches in one dimension, so the launch fails

  // Grid y above CUDA's 65535 blocks: legal on AMD (work-items well under the limit), rejected when
  // the same source is built for NVIDIA.
  fill3<<<dim3(1, 100000), dim3(64)>>>(X);
  // CHECK: :[[@LINE-1]]:3: warning: grid y of 100000 blocks is more than the 65535 blocks CUDA allows in y (and than the 65536 hipDeviceProp_t::maxGridSize[1] reports on AMD), so the launch of 'fill3' fails with cudaErrorInvalidConfiguration wherever this code is built for NVIDIA; put the large count in grid x, or loop over it in the kernel [rocm-grid-size]
  dim3 Deep(4, 4, 70000);
  fill3<<<Deep, 64>>>(X);
  // CHECK: :[[@LINE-1]]:3: warning: grid z of 70000 blocks is more than the 65535 blocks CUDA allows in z (and than the 65536 hipDeviceProp_t::maxGridSize[2] reports on AMD)
  // Grid y times block y above 2^32 work-items: HIP rejects that too.
  fill3<<<dim3(1, 8388608), dim3(1, 1024)>>>(X);
  // CHECK: :[[@LINE-1]]:3: warning: grid y of 8388608 blocks of 1024 threads is 8589934592 work-items, more than the 4294967295 HIP launches in one dimension
}
