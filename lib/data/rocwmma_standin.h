// rocm-tidy's declarations-only stand-in for rocWMMA, served as rocwmma/rocwmma.hpp (and the other
// public rocwmma/ headers) when the analysed machine has no rocWMMA, as Debian's HIP packages do not.
// Without it every kernel that declares a rocwmma::fragment is dropped as invalid, with the lane
// arithmetic around it that picks each fragment's tile. Nothing here is compiled into a program:
// the functions are declared, not defined, and accept any arguments (variadic templates), so that
// the analysis sees the calls; what they compute is not modelled.
//
// Names follow rocWMMA's public API (library/include/rocwmma/rocwmma.hpp). What the analysis relies
// on: every fragment operation (fill, load, store, mma) is performed by the whole wavefront together,
// 64 lanes on gfx9 (rocwmma::Constants::AMDGCN_WAVE_SIZE), each lane holding part of the tile.
#pragma clang system_header

#ifndef ROCM_TIDY_ROCWMMA_STANDIN_H
#define ROCM_TIDY_ROCWMMA_STANDIN_H

#include <hip/hip_runtime.h>

#define ROCM_TIDY_ROCWMMA_STANDIN 1
#define ROCWMMA_DEVICE __device__
#define ROCWMMA_HOST __host__
#define ROCWMMA_HOST_DEVICE __host__ __device__
#define ROCWMMA_ARCH_GFX9 1

namespace rocwmma {

using float16_t = _Float16;
using hfloat16_t = _Float16;
using float32_t = float;
using float64_t = double;
using bfloat16_t = unsigned short;
using int8_t = signed char;
using uint8_t = unsigned char;
using int32_t = int;
using uint32_t = unsigned int;
using index_t = int;

struct matrix_a {};
struct matrix_b {};
struct accumulator {};
struct row_major {};
struct col_major {};

enum layout_t : unsigned int { mem_row_major, mem_col_major };

namespace Constants {
static constexpr unsigned int AMDGCN_WAVE_SIZE = 64;
} // namespace Constants

template <typename MatrixT, unsigned int BlockM, unsigned int BlockN, unsigned int BlockK, typename DataT,
          typename DataLayoutT = void>
class fragment {
public:
  using Traits = fragment;
  using type = DataT;
  static constexpr unsigned int num_elements = BlockM * BlockN / 64 > 0 ? BlockM * BlockN / 64 : 1;
  DataT x[num_elements];
  __device__ DataT &operator[](unsigned int I);
  __device__ const DataT &operator[](unsigned int I) const;
  __device__ static constexpr unsigned int size() { return num_elements; }
  __device__ static constexpr unsigned int height() { return BlockM; }
  __device__ static constexpr unsigned int width() { return BlockN; }
};

template <typename... Ts> __device__ void fill_fragment(Ts &&...);
template <typename... Ts> __device__ void load_matrix_sync(Ts &&...);
template <typename... Ts> __device__ void store_matrix_sync(Ts &&...);
template <typename... Ts> __device__ void mma_sync(Ts &&...);
template <typename... Ts> __device__ void synchronize_workgroup(Ts &&...);
template <typename... Ts> __device__ void load_matrix_coop_sync(Ts &&...);
template <typename... Ts> __device__ void store_matrix_coop_sync(Ts &&...);

} // namespace rocwmma

#endif
