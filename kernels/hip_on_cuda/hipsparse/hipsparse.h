// rocm-tidy's HIP-on-CUDA mapping: the part of hipSPARSE's generic API that a sparse triangular
// solve with several right-hand sides (SpSM) needs, over cuSPARSE (link with -lcusparse;
// rocm-wave64 adds it when a source includes this header). Handles, CSR and dense-matrix
// descriptors, matrix attributes, and the SpSM descriptor, buffer size, analysis and solve.
// Any other hipSPARSE function or type is not declared here, so a program that uses one fails to
// build with nvcc's "identifier ... is undefined" naming it, instead of running something else.
#ifndef ROCM_TIDY_HIP_ON_CUDA_HIPSPARSE_H
#define ROCM_TIDY_HIP_ON_CUDA_HIPSPARSE_H
#include <cusparse.h>
#include <hip/hip_runtime.h>
#include <hip/library_types.h>

typedef cusparseStatus_t hipsparseStatus_t;
constexpr hipsparseStatus_t HIPSPARSE_STATUS_SUCCESS = CUSPARSE_STATUS_SUCCESS;
constexpr hipsparseStatus_t HIPSPARSE_STATUS_NOT_INITIALIZED = CUSPARSE_STATUS_NOT_INITIALIZED;
constexpr hipsparseStatus_t HIPSPARSE_STATUS_ALLOC_FAILED = CUSPARSE_STATUS_ALLOC_FAILED;
constexpr hipsparseStatus_t HIPSPARSE_STATUS_INVALID_VALUE = CUSPARSE_STATUS_INVALID_VALUE;
constexpr hipsparseStatus_t HIPSPARSE_STATUS_ARCH_MISMATCH = CUSPARSE_STATUS_ARCH_MISMATCH;
constexpr hipsparseStatus_t HIPSPARSE_STATUS_MAPPING_ERROR = CUSPARSE_STATUS_MAPPING_ERROR;
constexpr hipsparseStatus_t HIPSPARSE_STATUS_EXECUTION_FAILED = CUSPARSE_STATUS_EXECUTION_FAILED;
constexpr hipsparseStatus_t HIPSPARSE_STATUS_INTERNAL_ERROR = CUSPARSE_STATUS_INTERNAL_ERROR;
constexpr hipsparseStatus_t HIPSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED = CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED;
constexpr hipsparseStatus_t HIPSPARSE_STATUS_ZERO_PIVOT = CUSPARSE_STATUS_ZERO_PIVOT;
constexpr hipsparseStatus_t HIPSPARSE_STATUS_NOT_SUPPORTED = CUSPARSE_STATUS_NOT_SUPPORTED;
constexpr hipsparseStatus_t HIPSPARSE_STATUS_INSUFFICIENT_RESOURCES = CUSPARSE_STATUS_INSUFFICIENT_RESOURCES;

typedef cusparseHandle_t hipsparseHandle_t;
typedef cusparseOperation_t hipsparseOperation_t;
constexpr hipsparseOperation_t HIPSPARSE_OPERATION_NON_TRANSPOSE = CUSPARSE_OPERATION_NON_TRANSPOSE;
constexpr hipsparseOperation_t HIPSPARSE_OPERATION_TRANSPOSE = CUSPARSE_OPERATION_TRANSPOSE;
typedef cusparseIndexType_t hipsparseIndexType_t;
constexpr hipsparseIndexType_t HIPSPARSE_INDEX_32I = CUSPARSE_INDEX_32I;
constexpr hipsparseIndexType_t HIPSPARSE_INDEX_64I = CUSPARSE_INDEX_64I;
typedef cusparseIndexBase_t hipsparseIndexBase_t;
constexpr hipsparseIndexBase_t HIPSPARSE_INDEX_BASE_ZERO = CUSPARSE_INDEX_BASE_ZERO;
constexpr hipsparseIndexBase_t HIPSPARSE_INDEX_BASE_ONE = CUSPARSE_INDEX_BASE_ONE;
typedef cusparseOrder_t hipsparseOrder_t;
constexpr hipsparseOrder_t HIPSPARSE_ORDER_ROW = CUSPARSE_ORDER_ROW;
constexpr hipsparseOrder_t HIPSPARSE_ORDER_COL = CUSPARSE_ORDER_COL;
typedef cusparseFillMode_t hipsparseFillMode_t;
constexpr hipsparseFillMode_t HIPSPARSE_FILL_MODE_LOWER = CUSPARSE_FILL_MODE_LOWER;
constexpr hipsparseFillMode_t HIPSPARSE_FILL_MODE_UPPER = CUSPARSE_FILL_MODE_UPPER;
typedef cusparseDiagType_t hipsparseDiagType_t;
constexpr hipsparseDiagType_t HIPSPARSE_DIAG_TYPE_NON_UNIT = CUSPARSE_DIAG_TYPE_NON_UNIT;
constexpr hipsparseDiagType_t HIPSPARSE_DIAG_TYPE_UNIT = CUSPARSE_DIAG_TYPE_UNIT;
typedef cusparseSpMatAttribute_t hipsparseSpMatAttribute_t;
constexpr hipsparseSpMatAttribute_t HIPSPARSE_SPMAT_FILL_MODE = CUSPARSE_SPMAT_FILL_MODE;
constexpr hipsparseSpMatAttribute_t HIPSPARSE_SPMAT_DIAG_TYPE = CUSPARSE_SPMAT_DIAG_TYPE;
typedef cusparseSpSMAlg_t hipsparseSpSMAlg_t;
constexpr hipsparseSpSMAlg_t HIPSPARSE_SPSM_ALG_DEFAULT = CUSPARSE_SPSM_ALG_DEFAULT;

typedef cusparseSpMatDescr_t hipsparseSpMatDescr_t;
typedef cusparseConstSpMatDescr_t hipsparseConstSpMatDescr_t;
typedef cusparseDnMatDescr_t hipsparseDnMatDescr_t;
typedef cusparseConstDnMatDescr_t hipsparseConstDnMatDescr_t;
typedef cusparseSpSMDescr_t hipsparseSpSMDescr_t;

inline hipsparseStatus_t hipsparseCreate(hipsparseHandle_t *Handle) { return cusparseCreate(Handle); }
inline hipsparseStatus_t hipsparseDestroy(hipsparseHandle_t Handle) { return cusparseDestroy(Handle); }

inline hipsparseStatus_t hipsparseCreateCsr(hipsparseSpMatDescr_t *Descr, int64_t Rows, int64_t Cols, int64_t Nnz,
                                            void *RowOffsets, void *ColInd, void *Values,
                                            hipsparseIndexType_t RowOffsetsType, hipsparseIndexType_t ColIndType,
                                            hipsparseIndexBase_t Base, hipDataType ValueType) {
  return cusparseCreateCsr(Descr, Rows, Cols, Nnz, RowOffsets, ColInd, Values, RowOffsetsType, ColIndType, Base,
                           ValueType);
}
inline hipsparseStatus_t hipsparseDestroySpMat(hipsparseConstSpMatDescr_t Descr) { return cusparseDestroySpMat(Descr); }
// hipSPARSE takes the attribute's value through a const pointer; cuSPARSE only reads it too.
inline hipsparseStatus_t hipsparseSpMatSetAttribute(hipsparseSpMatDescr_t Descr, hipsparseSpMatAttribute_t Attribute,
                                                    const void *Data, size_t DataSize) {
  return cusparseSpMatSetAttribute(Descr, Attribute, const_cast<void *>(Data), DataSize);
}
inline hipsparseStatus_t hipsparseCreateDnMat(hipsparseDnMatDescr_t *Descr, int64_t Rows, int64_t Cols, int64_t Ld,
                                              void *Values, hipDataType ValueType, hipsparseOrder_t Order) {
  return cusparseCreateDnMat(Descr, Rows, Cols, Ld, Values, ValueType, Order);
}
inline hipsparseStatus_t hipsparseDestroyDnMat(hipsparseConstDnMatDescr_t Descr) { return cusparseDestroyDnMat(Descr); }

inline hipsparseStatus_t hipsparseSpSM_createDescr(hipsparseSpSMDescr_t *Descr) {
  return cusparseSpSM_createDescr(Descr);
}
inline hipsparseStatus_t hipsparseSpSM_destroyDescr(hipsparseSpSMDescr_t Descr) {
  return cusparseSpSM_destroyDescr(Descr);
}
inline hipsparseStatus_t hipsparseSpSM_bufferSize(hipsparseHandle_t Handle, hipsparseOperation_t OpA,
                                                  hipsparseOperation_t OpB, const void *Alpha,
                                                  hipsparseConstSpMatDescr_t MatA, hipsparseConstDnMatDescr_t MatB,
                                                  hipsparseDnMatDescr_t MatC, hipDataType ComputeType,
                                                  hipsparseSpSMAlg_t Alg, hipsparseSpSMDescr_t Descr,
                                                  size_t *BufferSize) {
  return cusparseSpSM_bufferSize(Handle, OpA, OpB, Alpha, MatA, MatB, MatC, ComputeType, Alg, Descr, BufferSize);
}
inline hipsparseStatus_t hipsparseSpSM_analysis(hipsparseHandle_t Handle, hipsparseOperation_t OpA,
                                                hipsparseOperation_t OpB, const void *Alpha,
                                                hipsparseConstSpMatDescr_t MatA, hipsparseConstDnMatDescr_t MatB,
                                                hipsparseDnMatDescr_t MatC, hipDataType ComputeType,
                                                hipsparseSpSMAlg_t Alg, hipsparseSpSMDescr_t Descr, void *Buffer) {
  return cusparseSpSM_analysis(Handle, OpA, OpB, Alpha, MatA, MatB, MatC, ComputeType, Alg, Descr, Buffer);
}
// hipSPARSE's solve takes the work buffer again; cuSPARSE's keeps the one given to the analysis
// (which must stay allocated until the solves are done, as hipSPARSE requires of it as well).
inline hipsparseStatus_t hipsparseSpSM_solve(hipsparseHandle_t Handle, hipsparseOperation_t OpA,
                                             hipsparseOperation_t OpB, const void *Alpha,
                                             hipsparseConstSpMatDescr_t MatA, hipsparseConstDnMatDescr_t MatB,
                                             hipsparseDnMatDescr_t MatC, hipDataType ComputeType,
                                             hipsparseSpSMAlg_t Alg, hipsparseSpSMDescr_t Descr, void * /*Buffer*/) {
  return cusparseSpSM_solve(Handle, OpA, OpB, Alpha, MatA, MatB, MatC, ComputeType, Alg, Descr);
}
#endif
