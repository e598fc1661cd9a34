// rocm-grid-size sample, half ported: one thread per item over 2^32 items.
//
// CUDA counts a grid in blocks (up to 2^31 - 1 in x), so 2^24 blocks of 256 threads launch there.
// HIP counts a grid dimension in work-items, blocks x threads, and launches at most 2^32 - 1 of
// them: this launch fails with hipErrorInvalidConfiguration and the kernel never runs.
//
// gpu-expect-nvidia: PASS -- CUDA accepts 2^24 blocks of 256 threads
// gpu-expect-amd: FAIL -- hipErrorInvalidConfiguration: 2^32 work-items in grid x
#include <hip/hip_runtime.h>

#include "common/harness.h"

#include <cstdint>

constexpr unsigned Threads = 256;
constexpr unsigned Blocks = 1u << 24;
// One mark per 2^20 items: 4096 in all.
constexpr std::uint64_t MarkEvery = 1ull << 20;

__global__ void countMarks(unsigned long long *Count) {
  std::uint64_t I = std::uint64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (I % MarkEvery == 0)
    atomicAdd(Count, 1ull);
}

int main() {
  unsigned long long *DCount = nullptr;
  HIP_CHECK(hipMalloc(&DCount, sizeof *DCount));
  HIP_CHECK(hipMemset(DCount, 0, sizeof *DCount));
  countMarks<<<Blocks, Threads>>>(DCount);
  hipError_t Launch = hipGetLastError();
  unsigned long long Count = 0;
  if (Launch == hipSuccess) {
    HIP_CHECK(hipDeviceSynchronize());
    HIP_CHECK(hipMemcpy(&Count, DCount, sizeof Count, hipMemcpyDeviceToHost));
  }
  HIP_CHECK(hipFree(DCount));
  const unsigned long long Want = std::uint64_t(Blocks) * Threads / MarkEvery;
  char Detail[160];
  std::snprintf(Detail, sizeof Detail, "launch: %s, %llu of %llu marks", hipGetErrorString(Launch), Count, Want);
  return harness::report("rocm-grid-size/bad", Launch == hipSuccess && Count == Want, Detail);
}
