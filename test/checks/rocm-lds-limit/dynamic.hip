// Dynamic shared memory at launches and through hipFuncSetAttribute, added to the static bytes.
// RUN: %clang_tidy -checks='-*,rocm-lds-limit' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='note:'

#include <hip/hip_runtime.h>

#define SMEM_BYTES (80 * 1024)
constexpr size_t kHalf = 32 * 1024;

__global__ void stencil(const float *in, float *out) {
  extern __shared__ float halo[];
  __shared__ float coeffs[4096];
  halo[threadIdx.x] = in[threadIdx.x];
  out[threadIdx.x] = halo[threadIdx.x] * coeffs[threadIdx.x % 16];
}
__global__ void dynOnly(float *x) {
  extern __shared__ float buf[];
  x[threadIdx.x] = buf[threadIdx.x];
}

void launches(const float *in, float *out, hipStream_t s, hipFunction_t f, size_t runtimeBytes) {
  stencil<<<64, 256, 64 * 1024, s>>>(in, out);
  // CHECK: :[[@LINE-1]]:3: warning: kernel 'stencil' uses 80 KiB of LDS (static 16 KiB + dynamic 64 KiB at this launch); gfx90a (MI210/MI250/MI250X) gives a workgroup 64 KiB; use smaller tiles or fewer shared buffers [rocm-lds-limit]
  // CHECK: :[[@LINE-12]]:20: note: 'coeffs' takes 16 KiB
  hipLaunchKernelGGL(dynOnly, dim3(64), dim3(256), SMEM_BYTES, s, out);
  // CHECK: :[[@LINE-1]]:3: warning: kernel 'dynOnly' uses 80 KiB of LDS (dynamic 80 KiB at this launch); gfx90a
  void *args[] = {&out};
  (void)hipLaunchKernel((const void *)dynOnly, dim3(1), dim3(256), args, kHalf * 3, s);
  // CHECK: :[[@LINE-1]]:9: warning: kernel 'dynOnly' uses 96 KiB of LDS (dynamic 96 KiB at this launch);
  (void)hipModuleLaunchKernel(f, 1, 1, 1, 256, 1, 1, 65537, s, args, nullptr);
  // CHECK: :[[@LINE-1]]:9: warning: the kernel launched here uses 65537 bytes of LDS (dynamic 65537 bytes at this launch);
  hipExtLaunchKernelGGL(dynOnly, dim3(1), dim3(256), 128 * 1024, s, nullptr, nullptr, 0, out);
  // CHECK: :[[@LINE-1]]:3: warning: kernel 'dynOnly' uses 128 KiB of LDS (dynamic 128 KiB at this launch);
  (void)hipFuncSetAttribute((const void *)stencil, hipFuncAttributeMaxDynamicSharedMemorySize, 56 * 1024);
  // CHECK: :[[@LINE-1]]:9: warning: kernel 'stencil' uses 72 KiB of LDS (static 16 KiB + dynamic 56 KiB requested with hipFuncSetAttribute);
  // CHECK: :[[@LINE-24]]:20: note: 'coeffs' takes 16 KiB

  // Reason: static plus dynamic is exactly 64 KiB.
  stencil<<<64, 256, 48 * 1024, s>>>(in, out);
  hipLaunchKernelGGL(dynOnly, dim3(64), dim3(256), 2 * kHalf, s, out);
  (void)hipFuncSetAttribute((const void *)dynOnly, hipFuncAttributeMaxDynamicSharedMemorySize, 65536);
  // Reason: a size known only at run time.
  stencil<<<64, 256, runtimeBytes, s>>>(in, out);
  (void)hipFuncSetAttribute((const void *)stencil, hipFuncAttributeMaxDynamicSharedMemorySize, (int)runtimeBytes);
  // Reason: another attribute.
  (void)hipFuncSetAttribute((const void *)stencil, hipFuncAttributePreferredSharedMemoryCarveout, 100000);
  // Reason: no dynamic shared memory at all.
  stencil<<<64, 256>>>(in, out);
}
