// A port whose CUDA header is still there and whose third-party SDK is not installed: both
// includes fail, yet everything after them is analysed.
#include <cuda_runtime.h>
#include <thirdparty/tensor.h>

// Declarations that use the SDK's types are dropped (counted in the status line).
void consume(thirdparty::Tensor &t);
thirdparty::Tensor global_tensor;

__global__ void reduce(float *x) {
  int lane = threadIdx.x % 32;
  x[lane] += __shfl_down_sync(0xffffffff, x[lane], 16);
}

template <class T> __global__ void fill(T *x) { x[threadIdx.x] = T(); }

void run(int n) {
  float *buf;
  cudaMalloc(&buf, n * sizeof(float));
  if (n < 4)
    return;
  reduce<<<1, 1024>>>(buf);
  cudaFree(buf);
}
