// Self-test of the HIP-on-CUDA mapping (kernels/hip_on_cuda/hip/*.h): every HIP name the mapping
// provides is used once and its result checked, so an NVIDIA run of kernels/run-gpu.sh shows that
// the mapping means what HIP means before any sample's result is trusted. run-gpu.sh builds and
// runs it first on NVIDIA; it is not a rocm-tidy sample (it is never linted or built for AMD).
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

  const bool Ok = Failures.empty();
  return harness::report("hip_on_cuda/selftest", Ok, Ok ? "all mapped HIP names behave as HIP's" : Failures.c_str());
}
