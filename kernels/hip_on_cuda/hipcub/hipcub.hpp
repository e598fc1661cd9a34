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
// most 32 lanes. Widths up to 32 stay CUB's (the same segments on both). A 64-lane WarpReduce is
// the emulation's own, built on its wavefront shuffles (../wave64.h): the aggregate is valid in
// lane 0, as hipCUB documents; every lane of the wavefront must call it, as hipCUB requires. Its
// shuffles all carry this header's line, so two halves of a wavefront at two different Reduce
// calls are paired as one operation. WarpScan over 64 lanes is not emulated and is refused at
// compile time (rocm-wave64 then says it cannot build the program).
namespace hip_on_cuda_detail {
template <int N> struct WarpPrimitiveWidth {
  static_assert(N <= 32, "wave64 emulation limit: hipCUB warp-level primitives over more than 32 lanes (the "
                         "default on a 64-lane wavefront) are not emulated");
};
template <class T> class WarpReduce64 {
public:
  struct TempStorage {};
  __device__ __forceinline__ WarpReduce64() {}
  __device__ __forceinline__ explicit WarpReduce64(TempStorage &) {}
  template <class Op> __device__ __forceinline__ T Reduce(T V, Op F) {
    for (int Off = 32; Off > 0; Off /= 2)
      V = F(V, ::hip_on_cuda::w64::shfl_down(__LINE__, V, unsigned(Off)));
    return V;
  }
  // Only lanes below Valid contribute.
  template <class Op> __device__ __forceinline__ T Reduce(T V, Op F, int Valid) {
    const int Lane = int(::hip_on_cuda::w64::lane64());
    for (int Off = 32; Off > 0; Off /= 2) {
      const T Other = ::hip_on_cuda::w64::shfl_down(__LINE__, V, unsigned(Off));
      if (Lane + Off < Valid && Lane + Off < 64)
        V = F(V, Other);
    }
    return V;
  }
  __device__ __forceinline__ T Sum(T V) { return Reduce(V, ::hipcub::Sum()); }
  __device__ __forceinline__ T Sum(T V, int Valid) { return Reduce(V, ::hipcub::Sum(), Valid); }
};
template <class T, int N> struct PickWarpReduce : WarpPrimitiveWidth<N> {
  using type = ::cub::WarpReduce<T, N>;
};
template <class T> struct PickWarpReduce<T, 64> {
  using type = WarpReduce64<T>;
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
