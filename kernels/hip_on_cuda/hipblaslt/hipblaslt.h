// rocm-tidy's HIP-on-CUDA mapping: the part of hipBLASLt a plain matrix multiply needs (handle,
// matmul and matrix-layout descriptors, the transpose and workspace attributes, the heuristic
// query and the matmul itself), over cuBLASLt (link with -lcublasLt; rocm-wave64 adds it when a
// source includes this header). hipBLASLt mirrors cuBLASLt's calls argument for argument. Any
// other hipBLASLt function, attribute or type is not declared here, so a program that uses one
// fails to build with nvcc's "identifier ... is undefined" naming it.
#ifndef ROCM_TIDY_HIP_ON_CUDA_HIPBLASLT_H
#define ROCM_TIDY_HIP_ON_CUDA_HIPBLASLT_H
#include <cublasLt.h>
#include <hip/hip_runtime.h>
#include <hipblas-common/hipblas-common.h>

typedef cublasLtHandle_t hipblasLtHandle_t;
typedef cublasLtMatmulDesc_t hipblasLtMatmulDesc_t;
typedef cublasLtMatrixLayout_t hipblasLtMatrixLayout_t;
typedef cublasLtMatmulPreference_t hipblasLtMatmulPreference_t;
typedef cublasLtMatmulAlgo_t hipblasLtMatmulAlgo_t;
typedef cublasLtMatmulHeuristicResult_t hipblasLtMatmulHeuristicResult_t;
typedef cublasLtMatmulDescAttributes_t hipblasLtMatmulDescAttributes_t;
constexpr hipblasLtMatmulDescAttributes_t HIPBLASLT_MATMUL_DESC_TRANSA = CUBLASLT_MATMUL_DESC_TRANSA;
constexpr hipblasLtMatmulDescAttributes_t HIPBLASLT_MATMUL_DESC_TRANSB = CUBLASLT_MATMUL_DESC_TRANSB;
typedef cublasLtMatmulPreferenceAttributes_t hipblasLtMatmulPreferenceAttributes_t;
constexpr hipblasLtMatmulPreferenceAttributes_t HIPBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES =
    CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES;

inline hipblasStatus_t hipblasLtCreate(hipblasLtHandle_t *Handle) { return cublasLtCreate(Handle); }
inline hipblasStatus_t hipblasLtDestroy(hipblasLtHandle_t Handle) { return cublasLtDestroy(Handle); }

inline hipblasStatus_t hipblasLtMatmulDescCreate(hipblasLtMatmulDesc_t *Desc, hipblasComputeType_t ComputeType,
                                                 hipDataType ScaleType) {
  return cublasLtMatmulDescCreate(Desc, ComputeType, ScaleType);
}
inline hipblasStatus_t hipblasLtMatmulDescDestroy(hipblasLtMatmulDesc_t Desc) {
  return cublasLtMatmulDescDestroy(Desc);
}
inline hipblasStatus_t hipblasLtMatmulDescSetAttribute(hipblasLtMatmulDesc_t Desc, hipblasLtMatmulDescAttributes_t Attr,
                                                       const void *Buf, size_t Size) {
  return cublasLtMatmulDescSetAttribute(Desc, Attr, Buf, Size);
}
inline hipblasStatus_t hipblasLtMatrixLayoutCreate(hipblasLtMatrixLayout_t *Layout, hipDataType Type, uint64_t Rows,
                                                   uint64_t Cols, int64_t Ld) {
  return cublasLtMatrixLayoutCreate(Layout, Type, Rows, Cols, Ld);
}
inline hipblasStatus_t hipblasLtMatrixLayoutDestroy(hipblasLtMatrixLayout_t Layout) {
  return cublasLtMatrixLayoutDestroy(Layout);
}
inline hipblasStatus_t hipblasLtMatmulPreferenceCreate(hipblasLtMatmulPreference_t *Pref) {
  return cublasLtMatmulPreferenceCreate(Pref);
}
inline hipblasStatus_t hipblasLtMatmulPreferenceDestroy(hipblasLtMatmulPreference_t Pref) {
  return cublasLtMatmulPreferenceDestroy(Pref);
}
inline hipblasStatus_t hipblasLtMatmulPreferenceSetAttribute(hipblasLtMatmulPreference_t Pref,
                                                             hipblasLtMatmulPreferenceAttributes_t Attr,
                                                             const void *Buf, size_t Size) {
  return cublasLtMatmulPreferenceSetAttribute(Pref, Attr, Buf, Size);
}
inline hipblasStatus_t hipblasLtMatmulAlgoGetHeuristic(hipblasLtHandle_t Handle, hipblasLtMatmulDesc_t Desc,
                                                       hipblasLtMatrixLayout_t A, hipblasLtMatrixLayout_t B,
                                                       hipblasLtMatrixLayout_t C, hipblasLtMatrixLayout_t D,
                                                       hipblasLtMatmulPreference_t Pref, int Requested,
                                                       hipblasLtMatmulHeuristicResult_t Results[], int *Returned) {
  return cublasLtMatmulAlgoGetHeuristic(Handle, Desc, A, B, C, D, Pref, Requested, Results, Returned);
}
inline hipblasStatus_t hipblasLtMatmul(hipblasLtHandle_t Handle, hipblasLtMatmulDesc_t Desc, const void *Alpha,
                                       const void *A, hipblasLtMatrixLayout_t ADesc, const void *B,
                                       hipblasLtMatrixLayout_t BDesc, const void *Beta, const void *C,
                                       hipblasLtMatrixLayout_t CDesc, void *D, hipblasLtMatrixLayout_t DDesc,
                                       const hipblasLtMatmulAlgo_t *Algo, void *Workspace, size_t WorkspaceSize,
                                       hipStream_t Stream) {
  return cublasLtMatmul(Handle, Desc, Alpha, A, ADesc, B, BDesc, Beta, C, CDesc, D, DDesc, Algo, Workspace,
                        WorkspaceSize, Stream);
}
#endif
