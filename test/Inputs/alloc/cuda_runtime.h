// Declarations-only stand-in for the CUDA runtime allocation API, for rocm-unmatched-device-alloc tests.
#ifndef ROCM_TIDY_TEST_ALLOC_CUDA_RUNTIME_H
#define ROCM_TIDY_TEST_ALLOC_CUDA_RUNTIME_H
typedef __SIZE_TYPE__ size_t;
typedef enum cudaError { cudaSuccess = 0, cudaErrorMemoryAllocation = 2 } cudaError_t;
typedef struct CUstream_st *cudaStream_t;
typedef struct cudaArray *cudaArray_t;
struct cudaChannelFormatDesc { int x, y, z, w, f; };
cudaError_t cudaMalloc(void **, size_t);
cudaError_t cudaMallocManaged(void **, size_t, unsigned int flags = 1);
cudaError_t cudaMallocAsync(void **, size_t, cudaStream_t);
cudaError_t cudaMallocHost(void **, size_t);
cudaError_t cudaHostAlloc(void **, size_t, unsigned int);
cudaError_t cudaMallocArray(cudaArray_t *, const cudaChannelFormatDesc *, size_t, size_t, unsigned int flags = 0);
cudaError_t cudaFree(void *);
cudaError_t cudaFreeAsync(void *, cudaStream_t);
cudaError_t cudaFreeHost(void *);
cudaError_t cudaFreeArray(cudaArray_t);
cudaError_t cudaMemcpy(void *, const void *, size_t, int);
template <class T> cudaError_t cudaMalloc(T **p, size_t n) { return cudaMalloc((void **)p, n); }
#endif
