// Tests never use a real SDK: the cooperative-groups API of HIP (and the cg::reduce of CUDA's
// cooperative_groups/reduce.h that ported code calls), declarations only.
#pragma once
#include <hip/hip_runtime.h>

namespace cooperative_groups {
class thread_group {
public:
  __device__ unsigned int size() const;
  __device__ unsigned int thread_rank() const;
  __device__ void sync() const;
};
class thread_block : public thread_group {};
__device__ thread_block this_thread_block();

template <unsigned int Size, class ParentT = void> class thread_block_tile : public thread_group {
public:
  __device__ thread_block_tile();
  // HIP's tile with a void parent converts from a tile with a typed one.
  template <class P> __device__ thread_block_tile(const thread_block_tile<Size, P> &Other);
  template <class T> __device__ T shfl(T Var, int Src) const;
  template <class T> __device__ T shfl_down(T Var, unsigned int Delta) const;
  template <class T> __device__ T shfl_xor(T Var, unsigned int Mask) const;
  __device__ unsigned int meta_group_rank() const;
  __device__ unsigned int meta_group_size() const;
};

template <unsigned int Size, class ParentT>
__device__ thread_block_tile<Size, ParentT> tiled_partition(const ParentT &Parent);
__device__ thread_group tiled_partition(const thread_group &Parent, unsigned int TileSize);

template <class T> struct plus {
  __device__ T operator()(T A, T B) const { return A + B; }
};
template <class Group, class T, class Op> __device__ T reduce(const Group &G, T Value, Op Combine);
} // namespace cooperative_groups
