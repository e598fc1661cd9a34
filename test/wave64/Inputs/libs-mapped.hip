// Every hipSPARSE and hipBLASLt call the mapping provides, as a program would make them (built,
// not run: the compile check of test/wave64/compile-nvcc.test).
#include <hip/hip_runtime.h>
#include <hipblaslt/hipblaslt.h>
#include <hipsparse/hipsparse.h>

int sparseSolve(int *Offsets, int *Columns, float *Values, float *B, float *C, int M, int N, int Nnz) {
  hipsparseHandle_t Handle;
  hipsparseSpMatDescr_t A;
  hipsparseDnMatDescr_t MatB, MatC;
  hipsparseSpSMDescr_t Descr;
  float Alpha = 1.0f;
  size_t Size = 0;
  void *Buffer = nullptr;
  hipsparseFillMode_t Fill = HIPSPARSE_FILL_MODE_LOWER;
  hipsparseDiagType_t Diag = HIPSPARSE_DIAG_TYPE_NON_UNIT;
  if (hipsparseCreate(&Handle) != HIPSPARSE_STATUS_SUCCESS)
    return 1;
  hipsparseCreateCsr(&A, M, M, Nnz, Offsets, Columns, Values, HIPSPARSE_INDEX_32I, HIPSPARSE_INDEX_32I,
                     HIPSPARSE_INDEX_BASE_ZERO, HIP_R_32F);
  hipsparseCreateDnMat(&MatB, M, N, N, B, HIP_R_32F, HIPSPARSE_ORDER_ROW);
  hipsparseCreateDnMat(&MatC, M, N, N, C, HIP_R_32F, HIPSPARSE_ORDER_ROW);
  hipsparseSpSM_createDescr(&Descr);
  hipsparseSpMatSetAttribute(A, HIPSPARSE_SPMAT_FILL_MODE, &Fill, sizeof(Fill));
  hipsparseSpMatSetAttribute(A, HIPSPARSE_SPMAT_DIAG_TYPE, &Diag, sizeof(Diag));
  hipsparseSpSM_bufferSize(Handle, HIPSPARSE_OPERATION_NON_TRANSPOSE, HIPSPARSE_OPERATION_NON_TRANSPOSE, &Alpha, A,
                           MatB, MatC, HIP_R_32F, HIPSPARSE_SPSM_ALG_DEFAULT, Descr, &Size);
  hipMalloc(&Buffer, Size);
  hipsparseSpSM_analysis(Handle, HIPSPARSE_OPERATION_NON_TRANSPOSE, HIPSPARSE_OPERATION_NON_TRANSPOSE, &Alpha, A, MatB,
                         MatC, HIP_R_32F, HIPSPARSE_SPSM_ALG_DEFAULT, Descr, Buffer);
  hipsparseStatus_t S =
      hipsparseSpSM_solve(Handle, HIPSPARSE_OPERATION_NON_TRANSPOSE, HIPSPARSE_OPERATION_NON_TRANSPOSE, &Alpha, A, MatB,
                          MatC, HIP_R_32F, HIPSPARSE_SPSM_ALG_DEFAULT, Descr, Buffer);
  hipsparseDestroySpMat(A);
  hipsparseDestroyDnMat(MatB);
  hipsparseDestroyDnMat(MatC);
  hipsparseSpSM_destroyDescr(Descr);
  hipsparseDestroy(Handle);
  hipFree(Buffer);
  return S == HIPSPARSE_STATUS_SUCCESS ? 0 : 1;
}

int denseMultiply(const float *A, const float *B, float *C, int M, int N, int K) {
  hipblasLtHandle_t Handle;
  hipblasLtMatmulDesc_t Op;
  hipblasLtMatrixLayout_t LA, LB, LC;
  hipblasLtMatmulPreference_t Pref;
  hipblasLtMatmulHeuristicResult_t Heuristic;
  hipblasOperation_t NoTrans = HIPBLAS_OP_N;
  size_t WorkspaceSize = 1 << 20;
  void *Workspace = nullptr;
  float Alpha = 1.0f, Beta = 0.0f;
  int Found = 0;
  if (hipblasLtCreate(&Handle) != HIPBLAS_STATUS_SUCCESS)
    return 1;
  hipMalloc(&Workspace, WorkspaceSize);
  hipblasLtMatmulDescCreate(&Op, HIPBLAS_COMPUTE_32F, HIP_R_32F);
  hipblasLtMatmulDescSetAttribute(Op, HIPBLASLT_MATMUL_DESC_TRANSA, &NoTrans, sizeof(NoTrans));
  hipblasLtMatmulDescSetAttribute(Op, HIPBLASLT_MATMUL_DESC_TRANSB, &NoTrans, sizeof(NoTrans));
  hipblasLtMatrixLayoutCreate(&LA, HIP_R_32F, M, K, M);
  hipblasLtMatrixLayoutCreate(&LB, HIP_R_32F, K, N, K);
  hipblasLtMatrixLayoutCreate(&LC, HIP_R_32F, M, N, M);
  hipblasLtMatmulPreferenceCreate(&Pref);
  hipblasLtMatmulPreferenceSetAttribute(Pref, HIPBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &WorkspaceSize,
                                        sizeof(WorkspaceSize));
  hipblasLtMatmulAlgoGetHeuristic(Handle, Op, LA, LB, LC, LC, Pref, 1, &Heuristic, &Found);
  hipblasStatus_t S = Found ? hipblasLtMatmul(Handle, Op, &Alpha, A, LA, B, LB, &Beta, C, LC, C, LC, &Heuristic.algo,
                                              Workspace, WorkspaceSize, 0)
                            : HIPBLAS_STATUS_NOT_SUPPORTED;
  hipblasLtMatmulPreferenceDestroy(Pref);
  hipblasLtMatrixLayoutDestroy(LA);
  hipblasLtMatrixLayoutDestroy(LB);
  hipblasLtMatrixLayoutDestroy(LC);
  hipblasLtMatmulDescDestroy(Op);
  hipblasLtDestroy(Handle);
  hipFree(Workspace);
  return S == HIPBLAS_STATUS_SUCCESS ? 0 : 1;
}

int main() { return 0; }
