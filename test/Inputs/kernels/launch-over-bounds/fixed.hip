// Fixture for tools/kernel-validate.py: the annotation launches 512 threads, the kernel is
// compiled for at most 256 (its __launch_bounds__): the launch would fail on AMD.
// kernel-launch: scale block=512 dynamic-lds=0
#include <hip/hip_runtime.h>
__global__ void __launch_bounds__(256) scale(float *X, float A) { X[threadIdx.x] *= A; }
