// rocm-tidy's declarations-only stand-in for PyTorch's GPU headers (ATen/cuda/CUDAContext.h,
// c10/cuda/CUDAGuard.h, ATen/cuda/Atomic.cuh, ... and the names PyTorch's hipify gives them on ROCm,
// ATen/hip/HIPContext.h and c10/hip/HIPGuard.h), served with torch_standin.h when the analysed machine
// has no PyTorch. The stream a kernel is launched on, the device guards, the device properties and the
// CUDA error checks are declared, not defined; the CUDA runtime names resolve through rocm-lint's
// mapping to HIP, as the rest of a .cu file's do.
#pragma clang system_header

#ifndef ROCM_TIDY_TORCH_CUDA_STANDIN_H
#define ROCM_TIDY_TORCH_CUDA_STANDIN_H

#include <ATen/ATen.h>
#include <cuda_runtime_api.h>

// A PyTorch on the include path brings its own GPU headers: none of this is declared beside it.
#if defined(ROCM_TIDY_TORCH_STANDIN)

#define ROCM_TIDY_TORCH_CUDA_STANDIN 1

namespace c10 {
class Stream {
public:
  Device device() const;
  DeviceIndex device_index() const;
};

namespace cuda {
class CUDAStream {
public:
  explicit CUDAStream(Stream);
  cudaStream_t stream() const;
  operator cudaStream_t() const;
  operator Stream() const;
  DeviceIndex device_index() const;
  Device device() const;
  int64_t id() const;
  bool query() const;
  void synchronize() const;
  Stream unwrap() const;
  bool operator==(const CUDAStream &) const;
  bool operator!=(const CUDAStream &) const;
};
CUDAStream getCurrentCUDAStream(DeviceIndex = -1);
CUDAStream getDefaultCUDAStream(DeviceIndex = -1);
CUDAStream getStreamFromPool(bool = false, DeviceIndex = -1);
CUDAStream getStreamFromExternal(cudaStream_t, DeviceIndex);
void setCurrentCUDAStream(CUDAStream);
DeviceIndex current_device();
DeviceIndex device_count();
void set_device(DeviceIndex);
void device_synchronize();

class CUDAGuard {
public:
  explicit CUDAGuard(DeviceIndex);
  explicit CUDAGuard(Device);
  CUDAGuard(const CUDAGuard &) = delete;
  void set_device(Device);
  void set_index(DeviceIndex);
  Device original_device() const;
  Device current_device() const;
};
class OptionalCUDAGuard {
public:
  OptionalCUDAGuard();
  explicit OptionalCUDAGuard(std::optional<Device>);
  explicit OptionalCUDAGuard(Device);
  explicit OptionalCUDAGuard(DeviceIndex);
  OptionalCUDAGuard(const OptionalCUDAGuard &) = delete;
  void set_device(Device);
  void set_index(DeviceIndex);
  void reset();
};
class CUDAStreamGuard {
public:
  explicit CUDAStreamGuard(Stream);
  CUDAStreamGuard(const CUDAStreamGuard &) = delete;
};
class OptionalCUDAStreamGuard {
public:
  OptionalCUDAStreamGuard();
  explicit OptionalCUDAStreamGuard(Stream);
  explicit OptionalCUDAStreamGuard(std::optional<Stream>);
};

namespace rocm_tidy {
void check(cudaError_t, const char * = nullptr);
void checkLaunch();
} // namespace rocm_tidy
} // namespace cuda

// The names PyTorch's hipify gives the CUDA ones in a ROCm build.
namespace hip {
using HIPStreamMasqueradingAsCUDA = cuda::CUDAStream;
using HIPGuardMasqueradingAsCUDA = cuda::CUDAGuard;
using OptionalHIPGuardMasqueradingAsCUDA = cuda::OptionalCUDAGuard;
using HIPStreamGuardMasqueradingAsCUDA = cuda::CUDAStreamGuard;
using HIPStream = cuda::CUDAStream;
using HIPGuard = cuda::CUDAGuard;
using OptionalHIPGuard = cuda::OptionalCUDAGuard;
using HIPStreamGuard = cuda::CUDAStreamGuard;
cuda::CUDAStream getCurrentHIPStreamMasqueradingAsCUDA(DeviceIndex = -1);
cuda::CUDAStream getDefaultHIPStreamMasqueradingAsCUDA(DeviceIndex = -1);
cuda::CUDAStream getStreamFromPoolMasqueradingAsCUDA(bool = false, DeviceIndex = -1);
cuda::CUDAStream getCurrentHIPStream(DeviceIndex = -1);
cuda::CUDAStream getDefaultHIPStream(DeviceIndex = -1);
} // namespace hip
} // namespace c10

namespace at {
namespace cuda {
using namespace ::c10::cuda;
cudaDeviceProp *getCurrentDeviceProperties();
cudaDeviceProp *getDeviceProperties(int64_t);
int warp_size();
bool is_available();
int64_t getNumGPUs();
template <class T> T ATenCeilDiv(T a, T b) { return (a + b - 1) / b; }
} // namespace cuda
namespace cuda::detail {
// ATen/cuda/detail/KernelUtils.h: the block PyTorch's own kernels launch with, and its grid.
constexpr int CUDA_NUM_THREADS = 1024;
inline int GET_BLOCKS(const int64_t N, const int64_t max_threads_per_block = CUDA_NUM_THREADS) {
  return static_cast<int>((N + max_threads_per_block - 1) / max_threads_per_block);
}
// ATen/cuda/detail/TensorInfo.cuh and IndexUtils.cuh: a tensor's data, sizes and strides for a kernel.
template <class T, class IndexType> struct TensorInfo {
  T *data;
  IndexType sizes[25];
  IndexType strides[25];
  int dims;
  ROCM_TIDY_TORCH_HD TensorInfo();
  ROCM_TIDY_TORCH_HD TensorInfo(T *, int, IndexType *, IndexType *);
  void reduceDim(int);
  int collapseDims(const int = -1);
  ROCM_TIDY_TORCH_HD bool isContiguous() const;
};
template <class T, class IndexType> TensorInfo<T, IndexType> getTensorInfo(const Tensor &);
bool canUse32BitIndexMath(const Tensor &, int64_t = std::numeric_limits<int32_t>::max());
} // namespace cuda::detail
namespace hip {
using namespace ::c10::hip;
cudaDeviceProp *getCurrentDeviceProperties();
cudaDeviceProp *getDeviceProperties(int64_t);
int warp_size();
} // namespace hip
} // namespace at

#define C10_CUDA_CHECK(EXPR) ::c10::cuda::rocm_tidy::check(EXPR, #EXPR)
#define C10_CUDA_CHECK_WARN(EXPR) ::c10::cuda::rocm_tidy::check(EXPR, #EXPR)
#define C10_CUDA_KERNEL_LAUNCH_CHECK() ::c10::cuda::rocm_tidy::checkLaunch()
#define AT_CUDA_CHECK(EXPR) C10_CUDA_CHECK(EXPR)
#define C10_HIP_CHECK(EXPR) C10_CUDA_CHECK(EXPR)
#define C10_HIP_KERNEL_LAUNCH_CHECK() C10_CUDA_KERNEL_LAUNCH_CHECK()

// The old THC names some extensions still use.
struct THCState;
cudaStream_t THCState_getCurrentStream(THCState *);
#define THCudaCheck(EXPR) C10_CUDA_CHECK(EXPR)
#define THCCeilDiv(a, b) (((a) + (b) - 1) / (b))

#if defined(__HIP__) || defined(__CUDA__)
// ATen/cuda/Atomic.cuh: atomic addition for every scalar type, the reduced floats included.
template <class T> __attribute__((device)) T gpuAtomicAdd(T *, T);
template <class T> __attribute__((device)) void gpuAtomicAddNoReturn(T *, T);
template <class T> __attribute__((device)) T gpuAtomicMax(T *, T);
template <class T> __attribute__((device)) T gpuAtomicMin(T *, T);
template <class T> __attribute__((device)) T gpuAtomicMul(T *, T);
template <class T, class I> __attribute__((device)) void fastAtomicAdd(T *, I, I, T, bool);
__attribute__((device)) c10::Half atomicAdd(c10::Half *, c10::Half);
__attribute__((device)) c10::BFloat16 atomicAdd(c10::BFloat16 *, c10::BFloat16);

// ATen/cuda/DeviceUtils.cuh: the cross-lane helpers, over the whole wavefront by default, as
// PyTorch's ROCm build defines them.
template <class T>
__attribute__((device)) T WARP_SHFL(T value, int srcLane, int width = warpSize, unsigned int mask = 0xffffffff);
template <class T>
__attribute__((device)) T WARP_SHFL_UP(T value, unsigned int delta, int width = warpSize,
                                       unsigned int mask = 0xffffffff);
template <class T>
__attribute__((device)) T WARP_SHFL_DOWN(T value, unsigned int delta, int width = warpSize,
                                         unsigned int mask = 0xffffffff);
template <class T>
__attribute__((device)) T WARP_SHFL_XOR(T value, int laneMask, int width = warpSize, unsigned int mask = 0xffffffff);
__attribute__((device)) unsigned long long WARP_BALLOT(int predicate);
__attribute__((device)) int WARP_ANY(int predicate);
__attribute__((device)) int WARP_ALL(int predicate);
__attribute__((device)) unsigned long long WARP_ACTIVEMASK();
__attribute__((device)) void WARP_SYNC(unsigned long long mask = 0xffffffffffffffffULL);
#endif

#endif // ROCM_TIDY_TORCH_STANDIN
#endif // ROCM_TIDY_TORCH_CUDA_STANDIN_H
