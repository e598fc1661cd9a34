// rocm-inline-ptx sample, half ported: 128-bit integer addition (four 32-bit limbs with a carry
// chain, the core of big-integer and hashing kernels) and a per-thread lane id table.
//
// The runtime calls and launches were ported to HIP, but the hand-written PTX was left as it was
// in the CUDA code. The AMDGPU assembler rejects every PTX instruction:
//   error: invalid instruction
// On NVIDIA the PTX is valid, so the program builds and passes there: the hazard is the ROCm build.
//
// amd-compile-expect-error: error: invalid instruction
// gpu-expect-nvidia: PASS -- PTX is NVIDIA's own assembly; the hazard is the ROCm build
// gpu-expect-wave64: FAIL -- %laneid is the lane of a 32-lane NVIDIA warp: lanes 32-63 of a 64-lane wavefront get wrong ids
// gpu-expect-amd: compile-error -- the AMDGPU assembler rejects PTX
#include <hip/hip_runtime.h>

#include "common/harness.h"

#include <vector>

struct U128 {
  unsigned W[4]; // little-endian limbs
};

// C = A + B modulo 2^128, with PTX's carry-propagating adds.
__global__ void add128(const U128 *A, const U128 *B, U128 *C, int N) {
  for (int I = blockIdx.x * blockDim.x + threadIdx.x; I < N; I += gridDim.x * blockDim.x) {
    const U128 X = A[I], Y = B[I];
    U128 R;
    asm("add.cc.u32  %0, %4, %8;\n\t"
        "addc.cc.u32 %1, %5, %9;\n\t"
        "addc.cc.u32 %2, %6, %10;\n\t"
        "addc.u32    %3, %7, %11;"
        : "=r"(R.W[0]), "=r"(R.W[1]), "=r"(R.W[2]), "=r"(R.W[3])
        : "r"(X.W[0]), "r"(X.W[1]), "r"(X.W[2]), "r"(X.W[3]), "r"(Y.W[0]), "r"(Y.W[1]), "r"(Y.W[2]),
          "r"(Y.W[3]));
    C[I] = R;
  }
}

// Each thread records its lane within the wavefront.
__global__ void laneTable(unsigned *Lanes, int N) {
  const int I = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned Lane;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(Lane));
  if (I < N)
    Lanes[I] = Lane;
}

int main() {
  constexpr int N = 1 << 18;
  constexpr int Block = 256; // a multiple of both wavefront sizes (32, 64)
  const int Grid = (N + Block - 1) / Block;

  harness::Rng Rng(20261130);
  std::vector<U128> A(N), B(N);
  for (int I = 0; I < N; ++I)
    for (int L = 0; L < 4; ++L) {
      // Mostly all-ones limbs, so carries ripple through all four limbs often.
      A[I].W[L] = Rng.below(4) ? 0xffffffffu : unsigned(Rng.next());
      B[I].W[L] = unsigned(Rng.next());
    }

  U128 *DA = nullptr, *DB = nullptr, *DC = nullptr;
  unsigned *DLanes = nullptr;
  HIP_CHECK(hipMalloc(&DA, N * sizeof(U128)));
  HIP_CHECK(hipMalloc(&DB, N * sizeof(U128)));
  HIP_CHECK(hipMalloc(&DC, N * sizeof(U128)));
  HIP_CHECK(hipMalloc(&DLanes, N * sizeof(unsigned)));
  HIP_CHECK(hipMemcpy(DA, A.data(), N * sizeof(U128), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(DB, B.data(), N * sizeof(U128), hipMemcpyHostToDevice));

  add128<<<Grid, Block>>>(DA, DB, DC, N);
  HIP_CHECK(hipGetLastError());
  laneTable<<<Grid, Block>>>(DLanes, N);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());

  std::vector<U128> C(N);
  std::vector<unsigned> Lanes(N);
  HIP_CHECK(hipMemcpy(C.data(), DC, N * sizeof(U128), hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(Lanes.data(), DLanes, N * sizeof(unsigned), hipMemcpyDeviceToHost));
  HIP_CHECK(hipFree(DA));
  HIP_CHECK(hipFree(DB));
  HIP_CHECK(hipFree(DC));
  HIP_CHECK(hipFree(DLanes));

  int Dev = 0;
  hipDeviceProp_t Prop;
  HIP_CHECK(hipGetDevice(&Dev));
  HIP_CHECK(hipGetDeviceProperties(&Prop, Dev));
  int BadSum = 0, BadLane = 0;
  for (int I = 0; I < N; ++I) {
    unsigned long long Carry = 0;
    for (int L = 0; L < 4; ++L) {
      const unsigned long long S = (unsigned long long)A[I].W[L] + B[I].W[L] + Carry;
      BadSum += C[I].W[L] != unsigned(S);
      Carry = S >> 32;
    }
    BadLane += Lanes[I] != unsigned((I % Block) % Prop.warpSize);
  }
  char Detail[160];
  std::snprintf(Detail, sizeof Detail, "%d of %d 128-bit sums off, %d lane ids off", BadSum, N, BadLane);
  return harness::report("rocm-inline-ptx/bad", BadSum == 0 && BadLane == 0, Detail);
}
