// hipCUB on NVIDIA is CUB (hipCUB's own CUDA backend does the same): hipcub:: names CUB's
// algorithms. Block- and device-level algorithms compute the same as hipCUB on AMD; warp-level
// ones keep CUB's 32-lane default width (hipCUB on a 64-lane AMD GPU defaults to 64).
#ifndef ROCM_TIDY_HIP_ON_CUDA_HIPCUB_HPP
#define ROCM_TIDY_HIP_ON_CUDA_HIPCUB_HPP

#include <hip/hip_runtime.h>

// The mapping's warp-function and warpSize macros (wave64.h, and warpSize in 32-lane mode) must not
// rewrite CUB's own code, which keeps CUDA's meaning: they are set aside while CUB is read.
#pragma push_macro("warpSize")
#pragma push_macro("__shfl")
#pragma push_macro("__shfl_up")
#pragma push_macro("__shfl_down")
#pragma push_macro("__shfl_xor")
#pragma push_macro("__shfl_sync")
#pragma push_macro("__shfl_up_sync")
#pragma push_macro("__shfl_down_sync")
#pragma push_macro("__shfl_xor_sync")
#pragma push_macro("__ballot")
#pragma push_macro("__any")
#pragma push_macro("__all")
#pragma push_macro("__ballot_sync")
#pragma push_macro("__any_sync")
#pragma push_macro("__all_sync")
#pragma push_macro("__activemask")
#pragma push_macro("__syncwarp")
#pragma push_macro("__match_any_sync")
#pragma push_macro("__match_all_sync")
#pragma push_macro("__syncthreads")
#pragma push_macro("__syncthreads_count")
#pragma push_macro("__syncthreads_and")
#pragma push_macro("__syncthreads_or")
#undef warpSize
#undef __shfl
#undef __shfl_up
#undef __shfl_down
#undef __shfl_xor
#undef __shfl_sync
#undef __shfl_up_sync
#undef __shfl_down_sync
#undef __shfl_xor_sync
#undef __ballot
#undef __any
#undef __all
#undef __ballot_sync
#undef __any_sync
#undef __all_sync
#undef __activemask
#undef __syncwarp
#undef __match_any_sync
#undef __match_all_sync
#undef __syncthreads
#undef __syncthreads_count
#undef __syncthreads_and
#undef __syncthreads_or
#include <cub/cub.cuh>
#pragma pop_macro("__syncthreads_or")
#pragma pop_macro("__syncthreads_and")
#pragma pop_macro("__syncthreads_count")
#pragma pop_macro("__syncthreads")
#pragma pop_macro("__match_all_sync")
#pragma pop_macro("__match_any_sync")
#pragma pop_macro("__syncwarp")
#pragma pop_macro("__activemask")
#pragma pop_macro("__all_sync")
#pragma pop_macro("__any_sync")
#pragma pop_macro("__ballot_sync")
#pragma pop_macro("__all")
#pragma pop_macro("__any")
#pragma pop_macro("__ballot")
#pragma pop_macro("__shfl_xor_sync")
#pragma pop_macro("__shfl_down_sync")
#pragma pop_macro("__shfl_up_sync")
#pragma pop_macro("__shfl_sync")
#pragma pop_macro("__shfl_xor")
#pragma pop_macro("__shfl_down")
#pragma pop_macro("__shfl_up")
#pragma pop_macro("__shfl")
#pragma pop_macro("warpSize")

// hipcub:: is CUB's namespace, plus the operator functors hipCUB keeps and newer CUB (CCCL 3,
// CUDA 13) removed in favour of cuda::maximum and friends.
namespace hipcub {
using namespace ::cub;
struct Max {
  template <class T, class U> __host__ __device__ auto operator()(const T &A, const U &B) const {
    return A < B ? B : A;
  }
};
struct Min {
  template <class T, class U> __host__ __device__ auto operator()(const T &A, const U &B) const {
    return B < A ? B : A;
  }
};
struct Sum {
  template <class T, class U> __host__ __device__ auto operator()(const T &A, const U &B) const { return A + B; }
};

#ifdef ROCM_TIDY_WAVE64
// hipCUB's warp-level primitives span the whole 64-lane wavefront by default on AMD; CUB's span at
// most 32 lanes, so with 64-lane semantics they would compute over half a wavefront and report a
// difference that is the mapping's, not the program's. They are refused at compile time instead
// (rocm-wave64 then says it cannot build the program); explicit widths up to 32 stay CUB's.
namespace hip_on_cuda_detail {
template <int N> struct WarpPrimitiveWidth {
  static_assert(N <= 32, "wave64 emulation limit: hipCUB warp-level primitives over more than 32 lanes (the "
                         "default on a 64-lane wavefront) are not emulated");
};
template <class T, int N> struct PickWarpReduce : WarpPrimitiveWidth<N> {
  using type = ::cub::WarpReduce<T, N>;
};
template <class T, int N> struct PickWarpScan : WarpPrimitiveWidth<N> {
  using type = ::cub::WarpScan<T, N>;
};
} // namespace hip_on_cuda_detail
template <class T, int N = 64> using WarpReduce = typename hip_on_cuda_detail::PickWarpReduce<T, N>::type;
template <class T, int N = 64> using WarpScan = typename hip_on_cuda_detail::PickWarpScan<T, N>::type;
#endif
} // namespace hipcub

#endif // ROCM_TIDY_HIP_ON_CUDA_HIPCUB_HPP
