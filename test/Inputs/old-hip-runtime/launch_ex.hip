#include <hip/hip_runtime.h>

__global__ void scale(float *x, float a) { x[threadIdx.x] *= a; }

void launch(float *x, hipStream_t s) {
  hipLaunchAttribute attr;
  attr.id = hipLaunchAttributeCooperative;
  attr.val.cooperative = 1;
  hipLaunchConfig_t cfg = {};
  cfg.gridDim = dim3(16);
  cfg.blockDim = dim3(1024);
  cfg.stream = s;
  cfg.attrs = &attr;
  cfg.numAttrs = 1;
  hipLaunchKernelEx(&cfg, scale, x, 2.0f);
}
