// CUDA code: no HIP header, the runtime API as nvcc provides it.
__global__ void tail(float *x) {
#ifdef __CUDA_ARCH__
  int lane = threadIdx.x & 31;
  x[lane] = 0;
#endif
}
int run(int n) {
  float *p;
  cudaError_t err = cudaMalloc(&p, n * sizeof(float));
  if (err != cudaSuccess)
    return 1;
  if (n > 4)
    return 2;
  tail<<<1, 256>>>(p);
  cudaFree(p);
  return 0;
}
