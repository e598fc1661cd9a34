// Fixture for tools/kernel-validate.py: a launch annotation naming a kernel the file lacks
// (renamed kernel, stale annotation) is reported, not silently skipped. The kernel within
// bounds stays "ok".
// kernel-launch: scale block=256 dynamic-lds=0
// kernel-launch: scale_v1 block=256 dynamic-lds=0
#include <hip/hip_runtime.h>
__global__ void scale(float *X, float A) { X[blockIdx.x * blockDim.x + threadIdx.x] *= A; }
