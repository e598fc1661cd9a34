// rocm-grid-size sample, ported: one thread per item over 2^32 items, through a capped grid.
//
// The grid has 65536 blocks (2^24 work-items, far below HIP's 2^32 - 1 per dimension) and each
// thread walks the items in a grid-stride loop, so the same 2^32 items are covered on every GPU.
//
// Launches checked by tools/kernel-validate.py against the AMD code objects:
// kernel-launch: countMarks block=256 dynamic-lds=0
#include <hip/hip_runtime.h>

#include "common/harness.h"

#include <cstdint>

constexpr unsigned Threads = 256;
constexpr unsigned GridBlocks = 1u << 16;
constexpr std::uint64_t Items = 1ull << 32;
// One mark per 2^20 items: 4096 in all.
constexpr std::uint64_t MarkEvery = 1ull << 20;

__global__ void countMarks(unsigned long long *Count) {
  const std::uint64_t Stride = std::uint64_t(gridDim.x) * blockDim.x;
  for (std::uint64_t I = std::uint64_t(blockIdx.x) * blockDim.x + threadIdx.x; I < Items; I += Stride)
    if (I % MarkEvery == 0)
      atomicAdd(Count, 1ull);
}

int main() {
  unsigned long long *DCount = nullptr;
  HIP_CHECK(hipMalloc(&DCount, sizeof *DCount));
  HIP_CHECK(hipMemset(DCount, 0, sizeof *DCount));
  countMarks<<<GridBlocks, Threads>>>(DCount);
  hipError_t Launch = hipGetLastError();
  unsigned long long Count = 0;
  if (Launch == hipSuccess) {
    HIP_CHECK(hipDeviceSynchronize());
    HIP_CHECK(hipMemcpy(&Count, DCount, sizeof Count, hipMemcpyDeviceToHost));
  }
  HIP_CHECK(hipFree(DCount));
  const unsigned long long Want = Items / MarkEvery;
  char Detail[160];
  std::snprintf(Detail, sizeof Detail, "launch: %s, %llu of %llu marks", hipGetErrorString(Launch), Count, Want);
  return harness::report("rocm-grid-size/fixed", Launch == hipSuccess && Count == Want, Detail);
}
