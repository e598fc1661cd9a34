// Self-test of the HIP-on-CUDA mapping (kernels/hip_on_cuda/hip/*.h): every HIP name the mapping
// provides is used once and its result checked, so an NVIDIA run of kernels/run-gpu.sh shows that
// the mapping means what HIP means before any sample's result is trusted. run-gpu.sh builds and
// runs it first on NVIDIA; it is not a rocm-tidy sample (it is never linted or built for AMD).
//
// Built with -DROCM_TIDY_WAVE64 (kernels/run-gpu.sh --wave64) it also checks the wave64 emulation
// (../wave64.h) against a CPU model of a 64-lane AMD wavefront: every warp function, shuffle widths
// 2..64, the match functions, and five patterns of active lanes (all, scattered, each half of the
// wavefront alone, a range across both halves); that blocks whose size is not a multiple of 64 run
// as partially filled wavefronts (96 and 8 threads) without the emulation's absence wait; that a warp
// waiting at __syncthreads is known absent without that wait; and that two halves running different
// wavefront operations at once are reported, not mis-paired.
#include <hip/hip_bf16.h>
#include <hip/hip_fp16.h>
#include <hip/hip_runtime.h>

#include "common/harness.h"

#include <cstring>
#include <string>
#include <vector>

namespace {

std::string Failures;
void expect(bool Ok, const char *What) {
  if (!Ok) {
    Failures += Failures.empty() ? "" : ", ";
    Failures += What;
  }
}

// One record per lane: what each warp function returned.
struct LaneResult {
  int Broadcast, Up, Down, Xor, Any, All, Lane, PopBallot, FfsBallot, PopcLow, FfsLow;
  unsigned long long Ballot, BallotSync, ActiveMask;
  unsigned long long LtMask, EqMask;
  float DownSync;
  int XorSync, UpSync, BroadcastSync;
  float Half, Bf16;
};

__global__ void warpOps(LaneResult *Out, int *Counter) {
  const int T = threadIdx.x;
  const int Lane = T % warpSize;
  LaneResult R;
  R.Broadcast = __shfl(T * 10, 3);
  R.Up = __shfl_up(T, 1);
  R.Down = __shfl_down(T, 2);
  R.Xor = __shfl_xor(T, 1);
  R.Ballot = __ballot(Lane % 3 == 0);
  R.Any = __any(Lane == 5);
  R.All = __all(Lane < warpSize);
  R.Lane = int(__lane_id());
  R.LtMask = __lanemask_lt();
  R.EqMask = __lanemask_eq();
  R.PopBallot = __popcll(R.Ballot);
  R.FfsBallot = __ffsll(static_cast<long long>(R.Ballot >> 1));
  R.PopcLow = __popc(static_cast<unsigned>(R.Ballot));
  R.FfsLow = __ffs(static_cast<int>(R.Ballot & ~1ull));
  // HIP's _sync forms take a 64-bit mask.
  const unsigned long long Full = ~0ull;
  R.BallotSync = __ballot_sync(Full, Lane < 4);
  R.ActiveMask = __activemask();
  R.DownSync = __shfl_down_sync(Full, float(T) * 0.5f, 1);
  R.XorSync = __shfl_xor_sync(Full, T, 2);
  R.UpSync = __shfl_up_sync(Full, T, 3);
  R.BroadcastSync = __shfl_sync(Full, T, 0);
  R.Half = __half2float(__float2half(float(T) + 0.5f));
  R.Bf16 = __bfloat162float(__float2bfloat16(float(T)));
  __syncwarp(Full);
  Out[T] = R;
  atomicAdd(Counter, 1);
}

// Dynamic shared memory above the 48 KiB default: needs hipFuncSetAttribute.
__global__ void bigShared(const float *In, float *Out, int N) {
  HIP_DYNAMIC_SHARED(float, Buf)
  for (int I = hipThreadIdx_x; I < N; I += hipBlockDim_x)
    Buf[I] = In[I];
  __syncthreads();
  for (int I = hipThreadIdx_x; I < N; I += hipBlockDim_x)
    Out[I] = Buf[N - 1 - I];
}

template <int Step, class T> __global__ void addStep(T *X, int N) {
  const int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    X[I] += T(Step);
}

__global__ void addOne(int *X, int N) {
  const int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    X[I] += 1;
}

#ifdef ROCM_TIDY_WAVE64
// ---------------------------------------------------------------------------------------------
// wave64 emulation against a CPU model of a 64-lane wavefront.
enum ModelOp {
  MShfl, MUp, MDown, MXor, MShfl64, MShflSync, MUpSync, MDownSync, MXorSync,
  MBallot, MBallot32, MPopc, MAny, MAll, MActive, MBallotSync, MAnySync, MAllSync, MLane, MLtMask, MGtMask, MSyncwarp,
  MMatchAny, MMatchAnyHalf, MMatchAny64, MMatchAll, MMatchAllPred,
  MNumOps
};
struct ModelCase {
  int Op, Width, Arg;
};
constexpr int kModelThreads = 128; // two wavefronts
constexpr unsigned long long kInactive = 0xdeadbeefdeadbeefull;

__host__ __device__ inline bool modelActive(int Pattern, int Lane) {
  switch (Pattern) {
  case 0: return true;
  case 1: return Lane % 3 != 1;
  case 2: return Lane < 32;
  case 3: return Lane >= 32;
  default: return Lane >= 5 && Lane <= 40;
  }
}
__host__ __device__ inline unsigned laneValue(int T) { return 0x1000u + 7u * unsigned(T); }
__host__ __device__ inline int lanePred(int T, int Arg) { return (T * 5 + Arg) % 7 < 3; }
// An 8-byte value whose two halves differ: a shuffle must move both.
__host__ __device__ inline unsigned long long wide(unsigned V) { return (unsigned long long)V << 32 | (V ^ 0xabcdefu); }
// Values for the match functions: Arg 0 gives three groups that cross the two halves, Arg 1 one value.
__host__ __device__ inline unsigned matchValue(int T, int Arg) { return Arg ? 42u : unsigned(T * 7 / 5 % 3); }
// Eight bytes whose low words are equal in pairs of groups: a match must compare both words.
__host__ __device__ inline unsigned long long matchWide(int T) {
  return (unsigned long long)(T / 3 % 2) << 32 | unsigned(T / 5 % 2);
}

__global__ void modelKernel(const ModelCase *Cases, int NCases, int Pattern, unsigned long long *Out) {
  const int T = threadIdx.x;
  const int Lane = T % 64;
  const unsigned V = laneValue(T);
  const unsigned long long Full = ~0ull, Half = 0x00000000ffffffffull | (1ull << 40);
  if (modelActive(Pattern, Lane)) {
    for (int C = 0; C < NCases; ++C) {
      const ModelCase K = Cases[C];
      const int P = lanePred(T, K.Arg);
      unsigned long long R = 0;
      switch (K.Op) {
      case MShfl: R = __shfl(V, K.Arg, K.Width); break;
      case MUp: R = __shfl_up(V, unsigned(K.Arg), K.Width); break;
      case MDown: R = __shfl_down(V, unsigned(K.Arg), K.Width); break;
      case MXor: R = __shfl_xor(V, K.Arg, K.Width); break;
      case MShfl64: R = __shfl(wide(V), K.Arg, K.Width); break;
      case MShflSync: R = __shfl_sync(Full, V, K.Arg, K.Width); break;
      case MUpSync: R = __shfl_up_sync(Full, V, unsigned(K.Arg), K.Width); break;
      case MDownSync: R = __shfl_down_sync(Full, V, unsigned(K.Arg), K.Width); break;
      case MXorSync: R = __shfl_xor_sync(Full, V, K.Arg, K.Width); break;
      case MBallot: R = __ballot(P); break;
      case MBallot32: {
        const unsigned B32 = __ballot(P); // as a 32-bit copy keeps it
        R = B32;
        break;
      }
      case MPopc: R = __popcll(__ballot(P)); break;
      case MAny: R = __any(P); break;
      case MAll: R = __all(P); break;
      case MActive: R = __activemask(); break;
      case MBallotSync: R = __ballot_sync(Half, P); break;
      case MAnySync: R = __any_sync(Half, P); break;
      case MAllSync: R = __all_sync(Half, P); break;
      case MLane: R = __lane_id(); break;
      case MLtMask: R = __lanemask_lt(); break;
      case MGtMask: R = __lanemask_gt(); break;
      case MSyncwarp: __syncwarp(Full); __syncwarp(); R = 1; break;
      case MMatchAny: R = __match_any_sync(Full, matchValue(T, K.Arg)); break;
      case MMatchAnyHalf: R = __match_any_sync(Half, int(matchValue(T, K.Arg))); break;
      case MMatchAny64: R = __match_any_sync(Full, matchWide(T)); break;
      case MMatchAll: {
        int Pred = -1;
        R = __match_all_sync(Full, matchValue(T, K.Arg), &Pred);
        break;
      }
      case MMatchAllPred: {
        int Pred = -1;
        (void)__match_all_sync(Full, matchValue(T, K.Arg), &Pred);
        R = unsigned(Pred);
        break;
      }
      }
      Out[size_t(C) * kModelThreads + T] = R;
    }
  } else {
    for (int C = 0; C < NCases; ++C)
      Out[size_t(C) * kModelThreads + T] = kInactive;
  }
}

// What lane L of a 64-lane AMD wavefront gets, from HIP's definitions read as "which lane is read":
// a shuffle reads one lane of the wavefront (an inactive one reads 0); votes see the active lanes.
unsigned long long modelResult(const ModelCase &K, int Pattern, int Wave, int L) {
  auto active = [&](int Lane) { return modelActive(Pattern, Lane); };
  auto value = [&](int Lane) { return (unsigned long long)laneValue(Wave * 64 + Lane); };
  auto read = [&](int Src) { Src &= 63; return active(Src) ? value(Src) : 0ull; };
  const int W = K.Width, SegStart = L / W * W, SegEnd = SegStart + W;
  unsigned long long Ballot = 0, Act = 0;
  for (int I = 0; I < 64; ++I)
    if (active(I)) {
      Act |= 1ull << I;
      if (lanePred(Wave * 64 + I, K.Arg))
        Ballot |= 1ull << I;
    }
  const unsigned long long Half = 0x00000000ffffffffull | (1ull << 40);
  switch (K.Op) {
  case MShfl: case MShflSync: return read(SegStart + K.Arg);
  case MShfl64: {
    const int Src = (SegStart + K.Arg) & 63;
    return active(Src) ? wide(laneValue(Wave * 64 + Src)) : 0ull;
  }
  case MUp: case MUpSync: return L - K.Arg >= SegStart ? read(L - K.Arg) : read(L);
  case MDown: case MDownSync: return L + K.Arg < SegEnd ? read(L + K.Arg) : read(L);
  case MXor: case MXorSync: return (L ^ K.Arg) < SegEnd ? read(L ^ K.Arg) : read(L);
  case MBallot: return Ballot;
  case MBallot32: return Ballot & 0xffffffffull;
  case MPopc: return __builtin_popcountll(Ballot);
  case MAny: return Ballot != 0;
  case MAll: return Ballot == Act;
  case MActive: return Act;
  case MBallotSync: return Ballot & Half;
  case MAnySync: return (Ballot & Half) != 0;
  case MAllSync: return (Ballot & Half) == (Act & Half);
  case MLane: return L;
  case MLtMask: return (1ull << L) - 1;
  case MGtMask: return L == 63 ? 0ull : ~0ull << (L + 1);
  case MSyncwarp: return 1;
  case MMatchAny: case MMatchAnyHalf: case MMatchAll: case MMatchAllPred: {
    unsigned long long Same = 0;
    for (int I = 0; I < 64; ++I)
      if (active(I) && matchValue(Wave * 64 + I, K.Arg) == matchValue(Wave * 64 + L, K.Arg))
        Same |= 1ull << I;
    if (K.Op == MMatchAny)
      return Same;
    if (K.Op == MMatchAnyHalf)
      return Same & Half;
    const bool All = Same == Act;
    return K.Op == MMatchAll ? (All ? ~0ull : 0ull) : (All ? 1ull : 0ull);
  }
  case MMatchAny64: {
    unsigned long long Same = 0;
    for (int I = 0; I < 64; ++I)
      if (active(I) && matchWide(Wave * 64 + I) == matchWide(Wave * 64 + L))
        Same |= 1ull << I;
    return Same;
  }
  }
  return 0;
}

std::vector<ModelCase> modelCases(bool Short) {
  std::vector<ModelCase> Cases;
  for (int W = 2; W <= 64; W *= 2) {
    if (Short && W < 32)
      continue;
    const int Args[] = {0, 1, W / 2, W - 1, W, W + 3, -1, 37};
    for (int A : Args) {
      Cases.push_back({MShfl, W, A});
      if (A >= 0) {
        Cases.push_back({MUp, W, A});
        Cases.push_back({MDown, W, A});
        Cases.push_back({MXor, W, A});
      }
    }
    Cases.push_back({MShfl64, W, W - 3 > 0 ? W - 3 : 0});
    Cases.push_back({MShfl64, W, W + 1});
    Cases.push_back({MShflSync, W, 1});
    Cases.push_back({MUpSync, W, W / 2});
    Cases.push_back({MDownSync, W, W / 2});
    Cases.push_back({MXorSync, W, W / 2});
  }
  for (int Op = MBallot; Op < MNumOps; ++Op)
    for (int A = 0; A < 2; ++A)
      Cases.push_back({Op, 64, A});
  return Cases;
}

// Runs every case under every active-lane pattern; returns the number of cases checked and
// appends the first mismatches to Why.
int checkModel(std::string &Why) {
  int Checked = 0, Bad = 0;
  for (int Pattern = 0; Pattern < 5; ++Pattern) {
    // A whole warp absent costs the other one the emulation's 2 ms wait per exchange: fewer widths.
    const std::vector<ModelCase> Cases = modelCases(Pattern == 2 || Pattern == 3);
    ModelCase *DCases = nullptr;
    unsigned long long *DOut = nullptr;
    HIP_CHECK(hipMalloc(&DCases, Cases.size() * sizeof(ModelCase)));
    HIP_CHECK(hipMalloc(&DOut, Cases.size() * kModelThreads * sizeof(unsigned long long)));
    HIP_CHECK(hipMemcpy(DCases, Cases.data(), Cases.size() * sizeof(ModelCase), hipMemcpyHostToDevice));
    hipLaunchKernelGGL(modelKernel, dim3(1), dim3(kModelThreads), 0, 0, DCases, int(Cases.size()), Pattern, DOut);
    HIP_CHECK(hipGetLastError());
    HIP_CHECK(hipDeviceSynchronize());
    std::vector<unsigned long long> Out(Cases.size() * kModelThreads);
    HIP_CHECK(hipMemcpy(Out.data(), DOut, Out.size() * sizeof(unsigned long long), hipMemcpyDeviceToHost));
    HIP_CHECK(hipFree(DCases));
    HIP_CHECK(hipFree(DOut));
    for (size_t C = 0; C < Cases.size(); ++C) {
      bool Ok = true;
      int FirstT = -1;
      unsigned long long Got = 0, Want = 0;
      for (int T = 0; T < kModelThreads; ++T) {
        const int L = T % 64;
        const unsigned long long W = modelActive(Pattern, L) ? modelResult(Cases[C], Pattern, T / 64, L) : kInactive;
        if (Out[C * kModelThreads + T] != W && Ok) {
          Ok = false;
          FirstT = T;
          Got = Out[C * kModelThreads + T];
          Want = W;
        }
      }
      ++Checked;
      if (!Ok && ++Bad <= 3) {
        char Buf[160];
        std::snprintf(Buf, sizeof Buf, "%s[op %d width %d arg %d pattern %d: thread %d got %llx, model %llx]",
                      Why.empty() ? "" : " ", Cases[C].Op, Cases[C].Width, Cases[C].Arg, Pattern, FirstT, Got, Want);
        Why += Buf;
      }
    }
  }
  return Bad ? -Bad : Checked;
}

__global__ void ballotIn96(unsigned long long *Out) { Out[threadIdx.x] = __ballot(threadIdx.x % 2); }

// A block of 8 threads is one wavefront with 56 lanes missing: a 64-wide tree reduction reads 0 from
// them (as ds_bpermute reads an inactive lane) and sums the 8 values; Rounds repeats it so that a
// wait for the missing half would show in the time.
__global__ void partialReduce(int *Out, int Rounds) {
  int Total = 0;
  for (int R = 0; R < Rounds; ++R) {
    int V = int(threadIdx.x) + 1 + R;
    for (int Off = 32; Off > 0; Off /= 2)
      V += __shfl_down(V, Off);
    Total += V;
  }
  if (threadIdx.x == 0)
    *Out = Total;
}

// Only the first warp reduces across the wavefront while the second waits at the barrier: on AMD
// the second warp's lanes are inactive in those operations; the emulation must know it without
// waiting for them.
__global__ void firstWarpThenBarrier(int *Out, int Rounds) {
  int Total = 0;
  for (int R = 0; R < Rounds; ++R) {
    if (threadIdx.x < 32) {
      int V = int(threadIdx.x) + R;
      for (int Off = 32; Off > 0; Off /= 2)
        V += __shfl_xor(V, Off);
      Total += V;
    }
    __syncthreads();
  }
  if (threadIdx.x == 0)
    *Out = Total;
}

// Runs a kernel on one int and returns it with the kernel's time in milliseconds.
template <class F> int timedRun(F Launch, float &Ms) {
  int *D = nullptr;
  HIP_CHECK(hipMalloc(&D, sizeof(int)));
  hipEvent_t A, B;
  HIP_CHECK(hipEventCreate(&A));
  HIP_CHECK(hipEventCreate(&B));
  HIP_CHECK(hipEventRecord(A, 0));
  Launch(D);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipEventRecord(B, 0));
  HIP_CHECK(hipEventSynchronize(B));
  HIP_CHECK(hipEventElapsedTime(&Ms, A, B));
  int H = 0;
  HIP_CHECK(hipMemcpy(&H, D, sizeof(int), hipMemcpyDeviceToHost));
  HIP_CHECK(hipFree(D));
  HIP_CHECK(hipEventDestroy(A));
  HIP_CHECK(hipEventDestroy(B));
  return H;
}

// Partial wavefronts and barriers: results against the 64-lane model, and the times (in the report
// line; a wait of the emulation's 2 ms per operation would make them hundreds of milliseconds).
std::string checkPartialAndBarriers(bool &Ok) {
  unsigned long long *D = nullptr;
  HIP_CHECK(hipMalloc(&D, 96 * sizeof(unsigned long long)));
  ballotIn96<<<1, 96>>>(D);
  HIP_CHECK(hipGetLastError());
  std::vector<unsigned long long> B(96);
  HIP_CHECK(hipMemcpy(B.data(), D, 96 * sizeof(unsigned long long), hipMemcpyDeviceToHost));
  HIP_CHECK(hipFree(D));
  bool Ballot = true;
  for (int T = 0; T < 96; ++T)
    Ballot &= B[T] == (T < 64 ? 0xaaaaaaaaaaaaaaaaull : 0xaaaaaaaaull);
  const int Rounds = 100;
  float PartialMs = 0, BarrierMs = 0;
  const int Partial = timedRun([&](int *P) { partialReduce<<<1, 8>>>(P, Rounds); }, PartialMs);
  const int Barrier = timedRun([&](int *P) { firstWarpThenBarrier<<<1, 64>>>(P, Rounds); }, BarrierMs);
  int WantPartial = 0, WantBarrier = 0;
  for (int R = 0; R < Rounds; ++R) {
    WantPartial += 36 + 8 * R; // lanes 0-7 hold 1+R .. 8+R
    WantBarrier += 496 + 32 * R; // lanes 0-31 hold R .. 31+R; lanes 32-63 are inactive (read 0)
  }
  Ok = Ballot && Partial == WantPartial && Barrier == WantBarrier;
  char Buf[200];
  std::snprintf(Buf, sizeof Buf, "partial wavefronts %s (%d rounds in %.2f ms), barrier-parked warp %s (%.2f ms)",
                Ballot && Partial == WantPartial ? "ok" : "WRONG", Rounds, PartialMs,
                Barrier == WantBarrier ? "ok" : "WRONG", BarrierMs);
  return Buf;
}

// The two halves of the wavefront run different wavefront operations (if/else): AMD runs the
// branches one after the other, each with the other branch's lanes inactive. Lanes 0-31 read lane
// 40 (inactive in their branch: 0); lanes 32-63 ballot with only their own lanes active.
__global__ void divergentHalves(unsigned long long *Out) {
  HIP_ON_CUDA_W64_KERNEL_ENTRY
  if (threadIdx.x < 32)
    Out[threadIdx.x] = __shfl(threadIdx.x, 40);
  else
    Out[threadIdx.x] = __ballot(1);
}

// The upper half leaves the kernel at once; the lower half then runs Rounds 64-wide reductions.
// With the kernel-entry guard (as rocm-wave64 places it) the exit is recorded and no operation
// waits; exitedHalfUnguarded is the same kernel without it, for the time in the report line.
#define W64_EXITED_HALF_BODY                                                                                          \
  if (threadIdx.x >= 32)                                                                                              \
    return;                                                                                                           \
  int Total = 0;                                                                                                      \
  for (int R = 0; R < Rounds; ++R) {                                                                                  \
    int V = int(threadIdx.x) + R;                                                                                     \
    for (int Off = 32; Off > 0; Off /= 2)                                                                             \
      V += __shfl_down(V, Off);                                                                                       \
    Total += V;                                                                                                       \
  }                                                                                                                   \
  if (threadIdx.x == 0)                                                                                               \
    *Out = Total;
__global__ void exitedHalf(int *Out, int Rounds) {
  HIP_ON_CUDA_W64_KERNEL_ENTRY
  W64_EXITED_HALF_BODY
}
__global__ void exitedHalfUnguarded(int *Out, int Rounds) { W64_EXITED_HALF_BODY }

// A loop whose trip count differs between the halves (3 and 5): in iterations 4 and 5 only lanes
// 32-63 are active and read 0 from lanes 0-31; the shuffle after the loop has all 64 lanes again.
__global__ void unevenLoops(int *Out) {
  HIP_ON_CUDA_W64_KERNEL_ENTRY
  const int L = int(threadIdx.x);
  int V = L;
  for (int I = 0; I < (L < 32 ? 3 : 5); ++I)
    V += __shfl_xor(V, 32) + 1;
  Out[L] = __shfl(V, (L + 1) & 63);
}

// The same three cases on the CPU, as a 64-lane wavefront with an exec mask runs them.
bool checkDivergence(std::string &Report) {
  unsigned long long *D = nullptr;
  HIP_CHECK(hipMalloc(&D, 64 * sizeof(unsigned long long)));
  divergentHalves<<<1, 64>>>(D);
  HIP_CHECK(hipGetLastError());
  std::vector<unsigned long long> H(64);
  HIP_CHECK(hipMemcpy(H.data(), D, 64 * sizeof(unsigned long long), hipMemcpyDeviceToHost));
  bool IfElse = true;
  for (int L = 0; L < 64; ++L)
    IfElse &= H[L] == (L < 32 ? 0ull : 0xffffffff00000000ull);
  int *DI = nullptr;
  HIP_CHECK(hipMalloc(&DI, 64 * sizeof(int)));
  unevenLoops<<<1, 64>>>(DI);
  HIP_CHECK(hipGetLastError());
  std::vector<int> Got(64), V(64), Next(64);
  HIP_CHECK(hipMemcpy(Got.data(), DI, 64 * sizeof(int), hipMemcpyDeviceToHost));
  for (int L = 0; L < 64; ++L)
    V[L] = L;
  for (int I = 0; I < 5; ++I) {
    for (int L = 0; L < 64; ++L) {
      const bool Active = I < (L < 32 ? 3 : 5);
      const bool SrcActive = I < ((L ^ 32) < 32 ? 3 : 5);
      Next[L] = Active ? V[L] + (SrcActive ? V[L ^ 32] : 0) + 1 : V[L];
    }
    V = Next;
  }
  bool Loops = true;
  for (int L = 0; L < 64; ++L)
    Loops &= Got[L] == V[(L + 1) & 63];
  HIP_CHECK(hipFree(D));
  HIP_CHECK(hipFree(DI));
  const int Rounds = 100;
  float GuardMs = 0, NoGuardMs = 0;
  const int Guarded = timedRun([&](int *P) { exitedHalf<<<1, 64>>>(P, Rounds); }, GuardMs);
  const int Unguarded = timedRun([&](int *P) { exitedHalfUnguarded<<<1, 64>>>(P, Rounds); }, NoGuardMs);
  int Want = 0;
  for (int R = 0; R < Rounds; ++R)
    Want += 496 + 32 * R; // lanes 0-31 hold R .. 31+R; lanes 32-63 have exited (read 0)
  const bool Exit = Guarded == Want && Unguarded == Want;
  char Buf[240];
  std::snprintf(Buf, sizeof Buf,
                "if/else halves %s, uneven loop trips %s, exited half %s (%d rounds: %.2f ms with the entry guard, "
                "%.2f ms without)",
                IfElse ? "ok" : "WRONG", Loops ? "ok" : "WRONG", Exit ? "ok" : "WRONG", Rounds, GuardMs, NoGuardMs);
  Report = Buf;
  return IfElse && Loops && Exit;
}
#endif // ROCM_TIDY_WAVE64

} // namespace

int main() {
  int Dev = -1, Count = 0;
  hipDeviceProp_t Prop;
  HIP_CHECK(hipGetDeviceCount(&Count));
  HIP_CHECK(hipGetDevice(&Dev));
  HIP_CHECK(hipSetDevice(Dev));
  HIP_CHECK(hipGetDeviceProperties(&Prop, Dev));
  int WarpAttr = 0, MaxThreads = 0, Optin = 0;
  HIP_CHECK(hipDeviceGetAttribute(&WarpAttr, hipDeviceAttributeWarpSize, Dev));
  HIP_CHECK(hipDeviceGetAttribute(&MaxThreads, hipDeviceAttributeMaxThreadsPerBlock, Dev));
  HIP_CHECK(hipDeviceGetAttribute(&Optin, hipDeviceAttributeSharedMemPerBlockOptin, Dev));
  expect(Count >= 1 && WarpAttr == Prop.warpSize && MaxThreads == Prop.maxThreadsPerBlock, "device attributes");
  expect(std::strlen(Prop.gcnArchName) > 0 && Prop.clockRate > 0, "hipDeviceProp_t extra fields");
  const int W = Prop.warpSize;

  // Warp functions, one warp.
  LaneResult *DRes = nullptr;
  int *DCounter = nullptr;
  HIP_CHECK(hipMalloc(&DRes, W * sizeof(LaneResult)));
  HIP_CHECK(hipMallocManaged(&DCounter, sizeof(int)));
  *DCounter = 0;
  if (Prop.concurrentManagedAccess) // prefetching needs it (not under some virtualised GPUs)
    HIP_CHECK(hipMemPrefetchAsync(DCounter, sizeof(int), Dev, 0));
  hipLaunchKernelGGL(warpOps, dim3(1), dim3(W), 0, 0, DRes, DCounter);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<LaneResult> Res(W);
  HIP_CHECK(hipMemcpy(Res.data(), DRes, W * sizeof(LaneResult), hipMemcpyDeviceToHost));
  unsigned long long WantBallot = 0;
  for (int L = 0; L < W; L += 3)
    WantBallot |= 1ull << L;
  bool Warp = *DCounter == W;
  for (int L = 0; L < W; ++L) {
    const LaneResult &R = Res[L];
    Warp &= R.Broadcast == 30 && R.Up == (L >= 1 ? L - 1 : L) && R.Down == (L + 2 < W ? L + 2 : L) &&
            R.Xor == (L ^ 1) && R.Ballot == WantBallot && R.Any == 1 && R.All == 1 && R.Lane == L &&
            R.LtMask == (1ull << L) - 1 && R.EqMask == 1ull << L &&
            R.PopBallot == (W + 2) / 3 && R.FfsBallot == 3 && R.PopcLow == __builtin_popcount(unsigned(WantBallot)) &&
            R.FfsLow == 4 && R.BallotSync == 0xfull && R.ActiveMask == (W == 64 ? ~0ull : 0xffffffffull) &&
            R.DownSync == (L + 1 < W ? float(L + 1) : float(L)) * 0.5f && R.XorSync == (L ^ 2) &&
            R.UpSync == (L >= 3 ? L - 3 : L) && R.BroadcastSync == 0 && R.Half == float(L) + 0.5f &&
            R.Bf16 == float(L);
  }
  expect(Warp, "warp functions");
  HIP_CHECK(hipFree(DRes));
  HIP_CHECK(hipFree(DCounter));

  // Dynamic shared memory with the opt-in attribute, occupancy, kernel attributes.
  const int N = 16384; // 64 KiB of floats
  const size_t Bytes = N * sizeof(float);
  bool Shared = true;
  if (size_t(Optin) >= Bytes) {
    harness::Rng Rng(7);
    std::vector<float> In(N), Out(N);
    for (float &V : In)
      V = Rng.uniform(-1.0f, 1.0f);
    float *DIn = nullptr, *DOut = nullptr;
    HIP_CHECK(hipMalloc(&DIn, Bytes));
    HIP_CHECK(hipMalloc(&DOut, Bytes));
    HIP_CHECK(hipMemcpy(DIn, In.data(), Bytes, hipMemcpyHostToDevice));
    HIP_CHECK(hipFuncSetAttribute(reinterpret_cast<const void *>(bigShared),
                                  hipFuncAttributeMaxDynamicSharedMemorySize, int(Bytes)));
    int MinGrid = 0, Block = 0;
    HIP_CHECK(hipOccupancyMaxPotentialBlockSize(&MinGrid, &Block, bigShared, Bytes, 0));
    hipFuncAttributes Attr;
    HIP_CHECK(hipFuncGetAttributes(&Attr, bigShared));
    expect(Block > 0 && Block <= Attr.maxThreadsPerBlock, "occupancy/function attributes");
    bigShared<<<1, 256, Bytes>>>(DIn, DOut, N);
    HIP_CHECK(hipGetLastError());
    HIP_CHECK(hipMemcpy(Out.data(), DOut, Bytes, hipMemcpyDeviceToHost));
    for (int I = 0; I < N; ++I)
      Shared &= Out[I] == In[N - 1 - I];
    HIP_CHECK(hipFree(DIn));
    HIP_CHECK(hipFree(DOut));
  }
  expect(Shared, "dynamic shared memory above 48 KiB");

  // Streams, events, pinned memory, stream-ordered allocation, async copies, memset.
  hipStream_t S;
  hipEvent_t Start, Stop;
  HIP_CHECK(hipStreamCreateWithFlags(&S, hipStreamNonBlocking));
  HIP_CHECK(hipEventCreate(&Start));
  HIP_CHECK(hipEventCreate(&Stop));
  const int M = 1 << 16;
  int *Host = nullptr, *DX = nullptr;
  HIP_CHECK(hipHostMalloc(&Host, M * sizeof(int), hipHostMallocDefault));
  for (int I = 0; I < M; ++I)
    Host[I] = I;
  HIP_CHECK(hipEventRecord(Start, S));
  HIP_CHECK(hipMallocAsync(&DX, M * sizeof(int), S));
  HIP_CHECK(hipMemsetAsync(DX, 0, M * sizeof(int), S));
  HIP_CHECK(hipMemcpyAsync(DX, Host, M * sizeof(int), hipMemcpyHostToDevice, S));
  hipLaunchKernelGGL(HIP_KERNEL_NAME(addStep<1, int>), dim3((M + 255) / 256), dim3(256), 0, S, DX, M);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipMemcpyAsync(Host, DX, M * sizeof(int), hipMemcpyDeviceToHost, S));
  HIP_CHECK(hipFreeAsync(DX, S));
  HIP_CHECK(hipEventRecord(Stop, S));
  HIP_CHECK(hipStreamSynchronize(S));
  HIP_CHECK(hipEventSynchronize(Stop));
  float Ms = -1.0f;
  HIP_CHECK(hipEventElapsedTime(&Ms, Start, Stop));
  bool Async = Ms >= 0.0f;
  for (int I = 0; I < M; ++I)
    Async &= Host[I] == I + 1;
  expect(Async, "streams/events/async memory");
  HIP_CHECK(hipHostFree(Host));
  HIP_CHECK(hipEventDestroy(Start));
  HIP_CHECK(hipEventDestroy(Stop));
  HIP_CHECK(hipStreamDestroy(S));

  // Errors: a launch above the device's threads per block is rejected and reported.
  int *DY = nullptr;
  HIP_CHECK(hipMalloc(&DY, sizeof(int)));
  HIP_CHECK(hipMemset(DY, 0, sizeof(int)));
  addOne<<<1, 2 * MaxThreads>>>(DY, 1);
  const hipError_t LaunchErr = hipGetLastError();
  expect(LaunchErr != hipSuccess && hipGetErrorString(LaunchErr) != nullptr && hipGetLastError() == hipSuccess,
         "launch error reporting");
  HIP_CHECK(hipFree(DY));
  size_t Free = 0, Total = 0;
  HIP_CHECK(hipMemGetInfo(&Free, &Total));
  expect(Free > 0 && Free <= Total, "hipMemGetInfo");

#ifdef ROCM_TIDY_WAVE64
  std::string Why;
  const int ModelCases = checkModel(Why);
  bool PartialOk = false;
  const std::string PartialReport = checkPartialAndBarriers(PartialOk);
  expect(PartialOk, ("wave64: " + PartialReport).c_str());
  std::string DivergenceReport;
  expect(checkDivergence(DivergenceReport), ("wave64: " + DivergenceReport).c_str());
  expect(W == 64, "wave64: warpSize is not 64");
  expect(ModelCases > 0, ("wave64 emulation differs from the 64-lane model: " + Why).c_str());
#endif
  const bool Ok = Failures.empty();
#ifdef ROCM_TIDY_WAVE64
  const std::string Good =
      "all mapped HIP names behave as HIP's; wave64: " + std::to_string(ModelCases) + " cases match the 64-lane model; " +
      PartialReport + "; " + DivergenceReport;
#else
  const std::string Good = "all mapped HIP names behave as HIP's";
#endif
  return harness::report("hip_on_cuda/selftest", Ok, Ok ? Good.c_str() : Failures.c_str());
}
