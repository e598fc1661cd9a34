// Modeled on alpaka-group/mallocMC c3605a691d99 ("fix wrong type for activemask - is 64bit if HIP
// is used"): a warp serialises its allocations by ranking each active lane among the active mask,
// which was stored in a uint32_t. On a 64-lane wavefront the mask loses lanes 32-63: the count
// says 32, lanes 32-63 rank themselves 32 and above, and never allocate.
// -DFIXED keeps the mask in 64 bits.
#include "common.hpp"
#include <vector>

constexpr int kThreads = 256;
constexpr int kBlocks = 64;

__device__ unsigned NextSlot;

__global__ void allocateSlots(unsigned *SlotOf) {
  const int I = blockIdx.x * blockDim.x + threadIdx.x;
#ifdef FIXED
  const unsigned long long Mask = __activemask();
#else
  const unsigned Mask = __activemask();
#endif
  const unsigned Num = __popcll(Mask);
  const unsigned Rank = __popcll(__lanemask_lt() & Mask);
  unsigned Slot = ~0u;
  for (unsigned Turn = 0; Turn < Num; ++Turn)
    if (Turn == Rank)
      Slot = atomicAdd(&NextSlot, 1u);
  SlotOf[I] = Slot;
}

int main() {
  const int N = kThreads * kBlocks;
  std::vector<unsigned> SlotOf(N);
  unsigned *D;
  W64_CHECK(hipMalloc(&D, N * sizeof(unsigned)));
  allocateSlots<<<kBlocks, kThreads>>>(D);
  W64_CHECK(hipGetLastError());
  W64_CHECK(hipMemcpy(SlotOf.data(), D, N * sizeof(unsigned), hipMemcpyDeviceToHost));
  std::vector<char> Seen(N, 0);
  long Bad = 0;
  for (int I = 0; I < N; ++I) {
    if (SlotOf[I] >= static_cast<unsigned>(N) || Seen[SlotOf[I]]) {
      ++Bad;
      continue;
    }
    Seen[SlotOf[I]] = 1;
  }
  return w64Verdict("threads without a unique slot", Bad, N);
}
