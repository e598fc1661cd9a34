// rocm-tidy's HIP-on-CUDA mapping: the types hipBLAS and hipBLASLt share (status, operation, compute
// type), as cuBLAS's. Only these: hipBLAS's own functions are not mapped.
#ifndef ROCM_TIDY_HIP_ON_CUDA_HIPBLAS_COMMON_H
#define ROCM_TIDY_HIP_ON_CUDA_HIPBLAS_COMMON_H
#include <cublas_api.h>
#include <hip/hip_runtime.h>
#include <hip/library_types.h>

typedef cublasStatus_t hipblasStatus_t;
constexpr hipblasStatus_t HIPBLAS_STATUS_SUCCESS = CUBLAS_STATUS_SUCCESS;
constexpr hipblasStatus_t HIPBLAS_STATUS_NOT_INITIALIZED = CUBLAS_STATUS_NOT_INITIALIZED;
constexpr hipblasStatus_t HIPBLAS_STATUS_ALLOC_FAILED = CUBLAS_STATUS_ALLOC_FAILED;
constexpr hipblasStatus_t HIPBLAS_STATUS_INVALID_VALUE = CUBLAS_STATUS_INVALID_VALUE;
constexpr hipblasStatus_t HIPBLAS_STATUS_ARCH_MISMATCH = CUBLAS_STATUS_ARCH_MISMATCH;
constexpr hipblasStatus_t HIPBLAS_STATUS_MAPPING_ERROR = CUBLAS_STATUS_MAPPING_ERROR;
constexpr hipblasStatus_t HIPBLAS_STATUS_EXECUTION_FAILED = CUBLAS_STATUS_EXECUTION_FAILED;
constexpr hipblasStatus_t HIPBLAS_STATUS_INTERNAL_ERROR = CUBLAS_STATUS_INTERNAL_ERROR;
constexpr hipblasStatus_t HIPBLAS_STATUS_NOT_SUPPORTED = CUBLAS_STATUS_NOT_SUPPORTED;

typedef cublasOperation_t hipblasOperation_t;
constexpr hipblasOperation_t HIPBLAS_OP_N = CUBLAS_OP_N;
constexpr hipblasOperation_t HIPBLAS_OP_T = CUBLAS_OP_T;
constexpr hipblasOperation_t HIPBLAS_OP_C = CUBLAS_OP_C;

typedef cublasComputeType_t hipblasComputeType_t;
constexpr hipblasComputeType_t HIPBLAS_COMPUTE_16F = CUBLAS_COMPUTE_16F;
constexpr hipblasComputeType_t HIPBLAS_COMPUTE_32F = CUBLAS_COMPUTE_32F;
constexpr hipblasComputeType_t HIPBLAS_COMPUTE_32F_FAST_16F = CUBLAS_COMPUTE_32F_FAST_16F;
constexpr hipblasComputeType_t HIPBLAS_COMPUTE_32F_FAST_16BF = CUBLAS_COMPUTE_32F_FAST_16BF;
constexpr hipblasComputeType_t HIPBLAS_COMPUTE_32F_FAST_TF32 = CUBLAS_COMPUTE_32F_FAST_TF32;
constexpr hipblasComputeType_t HIPBLAS_COMPUTE_64F = CUBLAS_COMPUTE_64F;
constexpr hipblasComputeType_t HIPBLAS_COMPUTE_32I = CUBLAS_COMPUTE_32I;
#endif
