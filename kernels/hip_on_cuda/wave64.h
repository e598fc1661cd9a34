// rocm-tidy's wave64 mode of the HIP-on-CUDA mapping: HIP's warp functions with the semantics of a
// 64-lane AMD wavefront (CDNA: gfx90a, gfx942), emulated on 32-lane NVIDIA warps.
//
//   nvcc -DROCM_TIDY_WAVE64 ...            (kernels/run-gpu.sh --wave64)
//
// This is an emulation of wave64 *semantics*, not an AMD GPU: it shows what a program computes on a
// 64-lane wavefront; it says nothing about timing, LDS banking or occupancy.
//
// Model. A logical wavefront is two adjacent hardware warps: linear thread ids 64w..64w+31 are lanes
// 0-31, 64w+32..64w+63 lanes 32-63. A block of N threads is ceil(N/64) wavefronts; the last one is
// partially filled when N is not a multiple of 64 (legal on AMD: its missing lanes are inactive, as
// the exec mask makes them). Operations follow HIP's AMD definitions (amd_warp_functions.h):
//   - shuffles compute a source lane per lane as HIP does and read it as ds_bpermute does: lane
//     index modulo 64, and an inactive source lane reads 0;
//   - __ballot/__activemask return 64 bits; __any/__all look at the active lanes of all 64;
//     a ballot stored in 32 bits keeps lanes 0-31 only, exactly as on AMD;
//   - __match_any_sync/__match_all_sync compare over the active lanes of all 64 with 64-bit masks;
//   - __lane_id() and __lanemask_* count lanes 0-63; warpSize is 64 in device and host code
//     (hipDeviceProp_t::warpSize, hipDeviceAttributeWarpSize);
//   - the _sync forms take 64-bit masks (a 32-bit mask is a compile error, as in ROCm >= 6.2);
//     __syncwarp synchronises the whole wavefront.
//
// Exchange. An operation that needs the other half of the wavefront goes through a per-wavefront
// slot in shared memory (16 slots: 1024 threads; 9 KiB of static shared memory in kernels that
// use such an operation): each warp writes its lanes' values, its active mask and a sequence number
// (double-buffered by parity), then its leader waits for the other warp's sequence number. A
// shuffle of width <= 32 whose arguments keep it in its segment (up, down, an index or xor mask
// below the width) needs no partner and runs on the hardware shuffle (same result). That choice is
// made per warp from the arguments: when they differ between the halves so that only one half
// needs the other, the result is not modeled.
//
// Divergence. When a whole warp of a wavefront skips an operation (`if (threadIdx.x < 32)`), its
// lanes are inactive lanes of the wavefront, as on AMD. The emulation cannot see a branch, so it
// decides that the other warp takes no part in an operation, without a time limit, when:
//   - the other warp has no threads (the last, partially filled wavefront of the block);
//   - every thread of the other warp has exited the kernel (an exit record per warp, written by
//     the kernel-entry guard that rocm-wave64 places in each kernel: HIP_ON_CUDA_W64_KERNEL_ENTRY);
//   - the other warp waits at a __syncthreads that this warp has not reached yet (every block
//     barrier is counted per warp);
//   - the other warp waits at a different wavefront operation on a higher source line: the half
//     at the lower line runs its operation alone (its partner's lanes inactive) and the half at
//     the higher line waits for the other to come. This is how AMD reconverges a loop whose trip
//     count differs between the halves (the loop's operation runs with the remaining lanes only,
//     the operation after the loop with all of them), and for an if/else with operations on both
//     sides the order does not change what either side computes.
// Only when none of these holds and the other warp shows no progress for kAbsentNs (2 ms) is it
// taken as absent (a warp that exits in a kernel built without the guard, one that computes for
// that long without a wavefront operation or barrier, one parked at a barrier the emulation does
// not count: cooperative groups' sync(), named barriers, CUB's internal barriers). Such an
// operation is not counted, so both warps pair their next operations again.
#ifndef ROCM_TIDY_HIP_ON_CUDA_WAVE64_H
#define ROCM_TIDY_HIP_ON_CUDA_WAVE64_H

#include <cstdint>

// Kernels see warpSize == 64; host code reading hipDeviceProp_t::warpSize sees 64 too. The name is
// a macro over a constant that is also a member of hipDeviceProp_t, so both spellings work.
constexpr int hip_on_cuda_warpSize64 = 64;
#undef warpSize
#define warpSize hip_on_cuda_warpSize64

namespace hip_on_cuda {
namespace w64 {

constexpr int kMaxWaves = 16;
constexpr unsigned long long kAbsentNs = 2000000;
// Polls of the partner's state the 2 ms must also span: while the GPU runs another process's work
// (time slicing) the clock advances and no poll happens, so a pause of the whole context is not
// taken for an absent partner.
constexpr unsigned kAbsentPolls = 20000;

struct Wave64 {
  unsigned Val[2][64];
  unsigned Mask[2][2];
  unsigned Word[2][2];
  int Site[2][2];
  // Per half: block tag << 32 | state. The state holds the operations that half has completed with
  // its partner (kCount bits), the attempt that publishes the next one (kEpoch: every publication
  // is a new value, so a claim cannot take a later attempt for an earlier one), and kTaken, set by
  // the partner when it takes part in that attempt (after which it cannot be withdrawn).
  unsigned long long Seq[2];
};

__device__ __forceinline__ Wave64 *waves() {
  __shared__ Wave64 Slots[kMaxWaves];
  return Slots;
}

__device__ __forceinline__ unsigned linearTid() {
  return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}
__device__ __forceinline__ unsigned lane64() { return linearTid() & 63u; }

// Shared memory is not cleared between blocks: a sequence word counts only when it carries this
// block's tag (grid id and block index, both known to every warp of the block without a barrier).
__device__ __forceinline__ unsigned blockTag() {
  unsigned long long G;
  asm volatile("mov.u64 %0, %%gridid;" : "=l"(G));
  const unsigned long long B = blockIdx.x + gridDim.x * (blockIdx.y + (unsigned long long)gridDim.y * blockIdx.z);
  unsigned long long H = (G + 1) * 0x9E3779B97F4A7C15ull ^ (B + 1) * 0xBF58476D1CE4E5B9ull;
  H ^= H >> 29;
  H *= 0x94D049BB133111EBull;
  return unsigned(H >> 32) | 1u;
}

__device__ __forceinline__ unsigned long long globalNs() {
  unsigned long long T;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(T));
  return T;
}

// CUDA's blocks have at most 1024 threads, so kMaxWaves slots always suffice; the check guards the
// slot index should that limit ever grow.
__device__ __forceinline__ void checkBlock() {
  const unsigned N = blockDim.x * blockDim.y * blockDim.z;
  if (N > 64 * kMaxWaves) {
    if ((linearTid() & 31) == 0 && blockIdx.x == 0 && blockIdx.y == 0 && blockIdx.z == 0)
      printf("wave64 emulation: a block of %u threads is more than the %d wavefronts it models\n", N, kMaxWaves);
    __trap();
  }
}

// Block barriers entered by each warp of each wavefront, tagged with the block (shared memory is
// not cleared between blocks). A warp whose partner has entered more barriers than itself knows
// the partner waits at a barrier it has not reached: the partner cannot join its operation.
__device__ __forceinline__ unsigned long long *barrierCounts() {
  __shared__ unsigned long long Counts[kMaxWaves][2];
  return &Counts[0][0];
}
__device__ __forceinline__ unsigned barriersEntered(unsigned Wave, unsigned Half, unsigned Tag) {
  const unsigned long long C = ((volatile unsigned long long *)barrierCounts())[Wave * 2 + Half];
  return unsigned(C >> 32) == Tag ? unsigned(C) : 0u;
}
// Called by every thread that reaches a block barrier, before the barrier itself.
__device__ __forceinline__ void enterBarrier() {
  const unsigned T = linearTid(), Half = (T >> 5) & 1u, Wave = T >> 6;
  const unsigned Me = __activemask();
  if ((T & 31u) == unsigned(__ffs(Me) - 1)) {
    const unsigned Tag = blockTag();
    const unsigned K = barriersEntered(Wave, Half, Tag) + 1;
    ((volatile unsigned long long *)barrierCounts())[Wave * 2 + Half] = (unsigned long long)Tag << 32 | K;
    __threadfence_block();
  }
  __syncwarp(Me);
}

// Threads of each warp of each wavefront that have left the kernel, tagged with the block: set by
// the kernel-entry guard's destructor, which runs on every return from the kernel body. Without the
// guard (a kernel rocm-wave64 did not see, a --print-flags build) the record stays empty and an
// exited partner is recognised by the 2 ms rule only.
__device__ __forceinline__ unsigned long long *exitRecords() {
  __shared__ unsigned long long Exited[kMaxWaves][2];
  return &Exited[0][0];
}
__device__ __forceinline__ unsigned exitedLanes(unsigned Wave, unsigned Half, unsigned Tag) {
  const unsigned long long E = ((volatile unsigned long long *)exitRecords())[Wave * 2 + Half];
  return unsigned(E >> 32) == Tag ? unsigned(E) : 0u;
}
__device__ __forceinline__ void markExited() {
  const unsigned T = linearTid(), Half = (T >> 5) & 1u, Wave = T >> 6;
  if (Wave >= unsigned(kMaxWaves))
    return;
  const unsigned Me = __activemask();
  if ((T & 31u) != unsigned(__ffs(Me) - 1))
    return;
  const unsigned long long Tag = blockTag();
  unsigned long long *Rec = exitRecords() + Wave * 2 + Half;
  unsigned long long Old = *(volatile unsigned long long *)Rec;
  for (;;) {
    const unsigned Lanes = (Old >> 32) == Tag ? unsigned(Old) : 0u;
    const unsigned long long Prev = atomicCAS(Rec, Old, Tag << 32 | (Lanes | Me));
    if (Prev == Old)
      break;
    Old = Prev;
  }
  __threadfence_block();
}
struct KernelGuard {
  __device__ __forceinline__ ~KernelGuard() { markExited(); }
};

// The lanes of warp Half of wavefront Wave that exist in the block.
__device__ __forceinline__ unsigned existingLanes(unsigned Wave, unsigned Half) {
  const unsigned N = blockDim.x * blockDim.y * blockDim.z;
  const unsigned First = Wave * 64 + Half * 32;
  return First >= N ? 0u : N - First >= 32 ? ~0u : (1u << (N - First)) - 1u;
}

struct Other {
  unsigned Buf;     // buffer of this operation
  bool Present;     // the other warp takes part
  unsigned Mask;    // its active lanes (0 when absent)
  unsigned Word;    // its per-warp word (ballot)
  unsigned MyMask;  // this warp's active lanes
};

constexpr unsigned kCount = 0xffffffu, kEpochOne = 1u << 24, kEpoch = 0x7f000000u, kTaken = 0x80000000u;

// One wavefront operation: publishes this warp's per-lane value V and word W, and waits for the
// other warp of the wavefront (or decides that it takes no part: see "Divergence" above). The two
// decisions agree: a half joins the other's attempt by setting kTaken on it with a compare-and-swap,
// and a half that decides to go alone withdraws its attempt with a compare-and-swap that fails
// when it has been joined (it then takes part after all).
__device__ __forceinline__ Other exchange(int Site, unsigned V, unsigned W) {
  checkBlock();
  const unsigned T = linearTid(), Lane = T & 31u, Half = (T >> 5) & 1u, Wave = T >> 6;
  Wave64 &Wv = waves()[Wave];
  const unsigned Me = __activemask();
  const unsigned Leader = __ffs(Me) - 1;
  const unsigned Tag = blockTag();
  unsigned long long *Seq = Wv.Seq;
  const unsigned long long Own = ((volatile unsigned long long *)Seq)[Half];
  const unsigned OwnState = unsigned(Own >> 32) == Tag ? unsigned(Own) : 0u;
  const unsigned Done = OwnState & kCount, K = (Done + 1) & kCount, B = K & 1u;
  Wv.Val[B][Half * 32 + Lane] = V;
  __syncwarp(Me);
  int Present = 0;
  if (Lane == Leader) {
    // The per-warp words follow the lanes' values, and the state word follows them all: a partner
    // that sees this attempt sees its site and values.
    Wv.Mask[B][Half] = Me;
    Wv.Word[B][Half] = W;
    ((volatile int *)Wv.Site[B])[Half] = Site;
    const unsigned Theirs = Half ^ 1u;
    const unsigned Need = existingLanes(Wave, Theirs);
    if (Need != 0) {
      const unsigned long long Mine = (unsigned long long)Tag << 32 | (((OwnState & kEpoch) + kEpochOne) & kEpoch) | K;
      __threadfence_block();
      ((volatile unsigned long long *)Seq)[Half] = Mine;
      const unsigned OwnBarriers = barriersEntered(Wave, Half, Tag);
      unsigned long long Start = globalNs(), Seen = 0;
      unsigned Polls = 0;
      int SeenSite = 0;
      for (;;) {
        if (((volatile unsigned long long *)Seq)[Half] & kTaken) { // the other half joined this attempt
          Present = 1;
          break;
        }
        const unsigned long long P = ((volatile unsigned long long *)Seq)[Theirs];
        const unsigned PK = unsigned(P >> 32) == Tag ? unsigned(P) & kCount : 0u;
        bool Alone = false;
        if (PK == K && !(unsigned(P) & kTaken)) {
          const int S = ((volatile int *)Wv.Site[B])[Theirs];
          if (S == Site) {
            if (atomicCAS(Seq + Theirs, P, P | kTaken) == P) { // join its attempt
              Present = 1;
              break;
            }
            continue; // it withdrew or republished: look again
          }
          if (Site < S) {
            Alone = true;                          // the lower line runs alone; the other half waits for it
          } else if (P != Seen || S != SeenSite) { // it moves on: wait for it without a time limit
            Seen = P;
            SeenSite = S;
            Start = globalNs();
            Polls = 0;
          }
        }
        ++Polls;
        if (Alone || (exitedLanes(Wave, Theirs, Tag) & Need) == Need ||
            barriersEntered(Wave, Theirs, Tag) > OwnBarriers ||
            (Polls > kAbsentPolls && globalNs() - Start > kAbsentNs)) {
          // Withdraw this attempt unless the other half has joined it meanwhile.
          const unsigned long long Back = (unsigned long long)Tag << 32 | (unsigned(Mine) & kEpoch) | Done;
          Present = atomicCAS(Seq + Half, Mine, Back) == Mine ? 0 : 1;
          break;
        }
      }
      __threadfence_block();
    }
  }
  Present = __shfl_sync(Me, Present, Leader);
  __syncwarp(Me);
  Other R;
  R.Buf = B;
  R.Present = Present != 0;
  R.MyMask = Me;
  R.Mask = 0;
  R.Word = 0;
  if (R.Present) {
    R.Mask = ((volatile unsigned *)Wv.Mask[B])[Half ^ 1u];
    R.Word = ((volatile unsigned *)Wv.Word[B])[Half ^ 1u];
  }
  return R;
}

__device__ __forceinline__ unsigned long long joinHalves(unsigned Mine, unsigned Theirs) {
  return (linearTid() >> 5) & 1u ? (unsigned long long)Mine << 32 | Theirs : (unsigned long long)Theirs << 32 | Mine;
}

// Source lane of each shuffle, as HIP computes it for ds_bpermute (before the modulo 64).
enum class Kind { Idx, Up, Down, Xor };
__device__ __forceinline__ int sourceLane(Kind K, int Self, int Arg, int Width) {
  switch (K) {
  case Kind::Idx:
    return Arg + (Self & ~(Width - 1));
  case Kind::Up: {
    const int I = Self - Arg;
    return I < (Self & ~(Width - 1)) ? Self : I;
  }
  case Kind::Down:
    return (Self & (Width - 1)) + Arg >= Width ? Self : Self + Arg;
  case Kind::Xor: {
    const int I = Self ^ Arg;
    return I >= ((Self + Width) & ~(Width - 1)) ? Self : I;
  }
  }
  return Self;
}

// A shuffle of width <= 32 whose source lies in the caller's segment by construction (up, down, or
// an index or xor mask below the width) never leaves the hardware warp. The choice depends on the
// arguments only, so both halves of a wavefront make the same one when the arguments are uniform.
__device__ __forceinline__ bool staysInSegment(Kind K, int Arg, int Width) {
  if (Width > 32)
    return false;
  return K == Kind::Up || K == Kind::Down || (Arg >= 0 && Arg < Width);
}

__device__ __forceinline__ unsigned shuffle32(int Site, Kind K, unsigned V, int Arg, int Width) {
  const unsigned T = linearTid(), Half = (T >> 5) & 1u;
  const int Src = sourceLane(K, int(T & 63u), Arg, Width) & 63;
  const unsigned Me = __activemask();
  if (__all_sync(Me, staysInSegment(K, Arg, Width))) {
    const unsigned R = __shfl_sync(Me, V, Src & 31);
    return (Me >> (Src & 31)) & 1u ? R : 0u;
  }
  const Other O = exchange(Site, V, 0);
  const bool Mine = unsigned(Src >> 5) == Half;
  const bool Active = Mine ? (O.MyMask >> (Src & 31)) & 1u : (O.Mask >> (Src & 31)) & 1u;
  const unsigned R = Active ? ((volatile unsigned *)waves()[T >> 6].Val[O.Buf])[Src] : 0u;
  __syncwarp(Me);
  return R;
}

template <class T> __device__ __forceinline__ T shuffle(int Site, Kind K, T V, int Arg, int Width) {
  static_assert(sizeof(T) <= 8, "wave64 emulation: shuffles move values of up to 8 bytes");
  if constexpr (sizeof(T) <= 4) {
    unsigned U = 0;
    memcpy(&U, &V, sizeof(T));
    U = shuffle32(Site, K, U, Arg, Width);
    T R;
    memcpy(&R, &U, sizeof(T));
    return R;
  } else {
    unsigned U[2];
    memcpy(U, &V, sizeof(T));
    U[0] = shuffle32(Site, K, U[0], Arg, Width);
    U[1] = shuffle32(Site, K, U[1], Arg, Width);
    T R;
    memcpy(&R, U, sizeof(T));
    return R;
  }
}

template <class T> __device__ __forceinline__ T shfl(int Site, T V, int Src, int Width = 64) {
  return shuffle(Site, Kind::Idx, V, Src, Width);
}
template <class T> __device__ __forceinline__ T shfl_up(int Site, T V, unsigned Delta, int Width = 64) {
  return shuffle(Site, Kind::Up, V, int(Delta), Width);
}
template <class T> __device__ __forceinline__ T shfl_down(int Site, T V, unsigned Delta, int Width = 64) {
  return shuffle(Site, Kind::Down, V, int(Delta), Width);
}
template <class T> __device__ __forceinline__ T shfl_xor(int Site, T V, int LaneMask, int Width = 64) {
  return shuffle(Site, Kind::Xor, V, LaneMask, Width);
}

struct Vote {
  unsigned long long Ballot, Active;
};
__device__ __forceinline__ Vote vote(int Site, int Pred) {
  const unsigned Me = __activemask();
  const unsigned Mine = __ballot_sync(Me, Pred);
  const Other O = exchange(Site, 0, Mine);
  return {joinHalves(Mine, O.Word), joinHalves(Me, O.Mask)};
}

__device__ __forceinline__ unsigned long long ballot(int Site, int Pred) { return vote(Site, Pred).Ballot; }
__device__ __forceinline__ int any(int Site, int Pred) { return vote(Site, Pred).Ballot != 0; }
__device__ __forceinline__ int all(int Site, int Pred) {
  const Vote V = vote(Site, Pred);
  return V.Ballot == V.Active;
}
__device__ __forceinline__ unsigned long long activemask(int Site) { return vote(Site, 1).Active; }

// HIP's _sync forms (ROCm >= 6.2) insist on a 64-bit mask, then act as the plain forms; a ballot
// keeps the lanes of the mask.
template <class M> __device__ __forceinline__ void checkMask() {
  static_assert(std::is_integral<M>::value && sizeof(M) == 8,
                "wave64 emulation: HIP's _sync warp functions take a 64-bit mask (as ROCm >= 6.2 requires)");
}
template <class M, class T> __device__ __forceinline__ T shfl_sync(int Site, M, T V, int Src, int Width = 64) {
  checkMask<M>();
  return shfl(Site, V, Src, Width);
}
template <class M, class T>
__device__ __forceinline__ T shfl_up_sync(int Site, M, T V, unsigned Delta, int Width = 64) {
  checkMask<M>();
  return shfl_up(Site, V, Delta, Width);
}
template <class M, class T>
__device__ __forceinline__ T shfl_down_sync(int Site, M, T V, unsigned Delta, int Width = 64) {
  checkMask<M>();
  return shfl_down(Site, V, Delta, Width);
}
template <class M, class T>
__device__ __forceinline__ T shfl_xor_sync(int Site, M, T V, int LaneMask, int Width = 64) {
  checkMask<M>();
  return shfl_xor(Site, V, LaneMask, Width);
}
template <class M> __device__ __forceinline__ unsigned long long ballot_sync(int Site, M Mask, int Pred) {
  checkMask<M>();
  return ballot(Site, Pred) & (unsigned long long)Mask;
}
template <class M> __device__ __forceinline__ int any_sync(int Site, M Mask, int Pred) {
  checkMask<M>();
  return (ballot(Site, Pred) & (unsigned long long)Mask) != 0;
}
template <class M> __device__ __forceinline__ int all_sync(int Site, M Mask, int Pred) {
  checkMask<M>();
  const Vote V = vote(Site, Pred);
  return (V.Ballot & (unsigned long long)Mask) == (V.Active & (unsigned long long)Mask);
}
// __match_any_sync/__match_all_sync over the 64 lanes: one exchange per 32-bit word of the value;
// a lane matches when every word is equal.
struct Match {
  unsigned long long Same, Active;
};
__device__ __forceinline__ Match matchWord(int Site, unsigned V) {
  const unsigned T = linearTid(), Half = (T >> 5) & 1u;
  const Other O = exchange(Site, V, 0);
  const volatile unsigned *Vals = waves()[T >> 6].Val[O.Buf];
  unsigned Mine = 0, Theirs = 0;
  for (unsigned L = 0; L < 32; ++L) {
    if ((O.MyMask >> L) & 1u && Vals[Half * 32 + L] == V)
      Mine |= 1u << L;
    if ((O.Mask >> L) & 1u && Vals[(Half ^ 1u) * 32 + L] == V)
      Theirs |= 1u << L;
  }
  __syncwarp(O.MyMask);
  return {joinHalves(Mine, Theirs), joinHalves(O.MyMask, O.Mask)};
}
template <class T> __device__ __forceinline__ Match match(int Site, T V) {
  static_assert(sizeof(T) == 4 || sizeof(T) == 8, "wave64 emulation: match functions compare 4- or 8-byte values");
  unsigned W[2] = {0u, 0u};
  memcpy(W, &V, sizeof(T));
  Match R = matchWord(Site, W[0]);
  if constexpr (sizeof(T) == 8)
    R.Same &= matchWord(Site, W[1]).Same;
  return R;
}
template <class M, class T> __device__ __forceinline__ unsigned long long match_any_sync(int Site, M Mask, T V) {
  checkMask<M>();
  return match(Site, V).Same & (unsigned long long)Mask;
}
// All lanes of the mask (that are active) hold the same value: the mask, else 0; *Pred says which.
template <class M, class T>
__device__ __forceinline__ unsigned long long match_all_sync(int Site, M Mask, T V, int *Pred) {
  checkMask<M>();
  const Match R = match(Site, V);
  const unsigned long long Want = R.Active & (unsigned long long)Mask;
  const bool All = (R.Same & Want) == Want;
  *Pred = All ? 1 : 0;
  return All ? (unsigned long long)Mask : 0ull;
}

// Block barriers: counted per warp before the barrier itself (see barrierCounts), so that a warp
// waiting for its partner learns that the partner is at a barrier. The parenthesised names call
// CUDA's own functions, not the macros below.
__device__ __forceinline__ void syncthreads() {
  enterBarrier();
  (__syncthreads)();
}
__device__ __forceinline__ int syncthreads_count(int Pred) {
  enterBarrier();
  return (__syncthreads_count)(Pred);
}
__device__ __forceinline__ int syncthreads_and(int Pred) {
  enterBarrier();
  return (__syncthreads_and)(Pred);
}
__device__ __forceinline__ int syncthreads_or(int Pred) {
  enterBarrier();
  return (__syncthreads_or)(Pred);
}

// A wavefront barrier: both warps meet (an absent warp is inactive, as on AMD). Called as
// SyncWarp{line}() or SyncWarp{line}(mask), so that one macro serves both spellings.
struct SyncWarp {
  int Site;
  __device__ __forceinline__ void operator()() const { (void)exchange(Site, 0, 0); }
  template <class M> __device__ __forceinline__ void operator()(M) const {
    checkMask<M>();
    (void)exchange(Site, 0, 0);
  }
};

} // namespace w64
} // namespace hip_on_cuda

// Placed by rocm-wave64 right after the opening brace of every kernel it builds: the guard's
// destructor records the threads that leave the kernel (see exitRecords).
#define HIP_ON_CUDA_W64_KERNEL_ENTRY ::hip_on_cuda::w64::KernelGuard hip_on_cuda_w64_guard_;

#define __shfl(...) ::hip_on_cuda::w64::shfl(__LINE__, __VA_ARGS__)
#define __shfl_up(...) ::hip_on_cuda::w64::shfl_up(__LINE__, __VA_ARGS__)
#define __shfl_down(...) ::hip_on_cuda::w64::shfl_down(__LINE__, __VA_ARGS__)
#define __shfl_xor(...) ::hip_on_cuda::w64::shfl_xor(__LINE__, __VA_ARGS__)
#define __shfl_sync(...) ::hip_on_cuda::w64::shfl_sync(__LINE__, __VA_ARGS__)
#define __shfl_up_sync(...) ::hip_on_cuda::w64::shfl_up_sync(__LINE__, __VA_ARGS__)
#define __shfl_down_sync(...) ::hip_on_cuda::w64::shfl_down_sync(__LINE__, __VA_ARGS__)
#define __shfl_xor_sync(...) ::hip_on_cuda::w64::shfl_xor_sync(__LINE__, __VA_ARGS__)
#define __ballot(...) ::hip_on_cuda::w64::ballot(__LINE__, __VA_ARGS__)
#define __any(...) ::hip_on_cuda::w64::any(__LINE__, __VA_ARGS__)
#define __all(...) ::hip_on_cuda::w64::all(__LINE__, __VA_ARGS__)
#define __ballot_sync(...) ::hip_on_cuda::w64::ballot_sync(__LINE__, __VA_ARGS__)
#define __any_sync(...) ::hip_on_cuda::w64::any_sync(__LINE__, __VA_ARGS__)
#define __all_sync(...) ::hip_on_cuda::w64::all_sync(__LINE__, __VA_ARGS__)
#define __activemask() ::hip_on_cuda::w64::activemask(__LINE__)
#define __syncwarp(...) ::hip_on_cuda::w64::SyncWarp{__LINE__}(__VA_ARGS__)
#define __match_any_sync(...) ::hip_on_cuda::w64::match_any_sync(__LINE__, __VA_ARGS__)
#define __match_all_sync(...) ::hip_on_cuda::w64::match_all_sync(__LINE__, __VA_ARGS__)
#define __syncthreads() ::hip_on_cuda::w64::syncthreads()
#define __syncthreads_count(P) ::hip_on_cuda::w64::syncthreads_count(P)
#define __syncthreads_and(P) ::hip_on_cuda::w64::syncthreads_and(P)
#define __syncthreads_or(P) ::hip_on_cuda::w64::syncthreads_or(P)

__device__ __forceinline__ unsigned __lane_id() { return ::hip_on_cuda::w64::lane64(); }

// HIP's lane masks over the 64 lanes of the wavefront.
__device__ __forceinline__ unsigned long long __lanemask_lt() { return (1ull << __lane_id()) - 1; }
__device__ __forceinline__ unsigned long long __lanemask_le() { return (2ull << __lane_id()) - 1; }
__device__ __forceinline__ unsigned long long __lanemask_eq() { return 1ull << __lane_id(); }
__device__ __forceinline__ unsigned long long __lanemask_gt() { return ~__lanemask_le(); }
__device__ __forceinline__ unsigned long long __lanemask_ge() { return ~__lanemask_lt(); }

#endif // ROCM_TIDY_HIP_ON_CUDA_WAVE64_H
