// A hipSPARSE function the mapping does not provide: the build must fail and name it.
#include <hip/hip_runtime.h>
#include <hipsparse/hipsparse.h>

int multiply(hipsparseHandle_t Handle, hipsparseSpMatDescr_t A, hipsparseDnVecDescr_t X, hipsparseDnVecDescr_t Y,
             void *Buffer) {
  float Alpha = 1.0f, Beta = 0.0f;
  return hipsparseSpMV(Handle, HIPSPARSE_OPERATION_NON_TRANSPOSE, &Alpha, A, X, &Beta, Y, HIP_R_32F,
                       HIPSPARSE_SPMV_ALG_DEFAULT, Buffer);
}

int main() { return 0; }
