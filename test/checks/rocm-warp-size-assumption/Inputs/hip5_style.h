// The shape of ROCm 5's thread coordinates (a declarations-only imitation for the tests):
// threadIdx.x is a static member object with a conversion operator, hipThreadIdx_x calls the
// device library, and warpSize is a constexpr variable.
#pragma once
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
typedef unsigned int uint;
extern "C" __device__ __attribute__((const)) unsigned long __ockl_get_local_id(uint);
extern "C" __device__ __attribute__((const)) unsigned long __ockl_get_group_id(uint);
struct __HIP_ThreadIdx {
  __device__ unsigned operator()(uint i) const { return __ockl_get_local_id(i); }
};
struct __HIP_BlockIdx {
  __device__ unsigned operator()(uint i) const { return __ockl_get_group_id(i); }
};
template <typename F> struct __HIP_Coordinates {
  struct __X { __device__ operator unsigned() const noexcept { return F{}(0); } };
  struct __Y { __device__ operator unsigned() const noexcept { return F{}(1); } };
  static constexpr __X x{};
  static constexpr __Y y{};
};
static constexpr __HIP_Coordinates<__HIP_ThreadIdx> threadIdx{};
static constexpr __HIP_Coordinates<__HIP_BlockIdx> blockIdx{};
#define hipThreadIdx_x (__ockl_get_local_id(0))
#define hipThreadIdx_y (__ockl_get_local_id(1))
static constexpr int warpSize = 64;
