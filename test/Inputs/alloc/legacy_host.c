/* Host code in C that calls the CUDA runtime, as found next to .cu files in older projects. */
typedef __SIZE_TYPE__ size_t;
typedef enum cudaError { cudaSuccess = 0 } cudaError_t;
cudaError_t cudaMalloc(void **, size_t);
cudaError_t cudaMallocHost(void **, size_t);
cudaError_t cudaFree(void *);
cudaError_t cudaFreeHost(void *);
void free(void *);
_Noreturn void exit(int);
int validate(const float *, int);

int upload(const float *src, int n) {
  float *d = 0, *h = 0;
  if (cudaMalloc((void **)&d, n * sizeof(float)) != cudaSuccess)
    return -1;
  if (cudaMallocHost((void **)&h, n * sizeof(float)) != cudaSuccess)
    exit(1);
  if (!validate(src, n))
    return -2;
  free(h);
  cudaFree(d);
  return 0;
}

int cleanup(const float *src, int n) {
  int rc = -1;
  float *d = 0;
  if (cudaMalloc((void **)&d, n * sizeof(float)) != cudaSuccess)
    goto out;
  if (!validate(src, n))
    goto out;
  rc = 0;
out:
  cudaFree(d);
  return rc;
}
