// rocm-tidy's declarations-only stand-in for hip/hip_bf16.h, served when the analysed machine's HIP
// has none (Debian's HIP 5.2 predates it: ROCm added the header in 5.7). Without it a kernel that
// takes a __hip_bfloat16 is dropped as invalid, with the warp code inside it. Nothing here is
// compiled into a program: the functions are declared, not defined, so the analysis sees the calls
// and their types; what they compute is not modelled.
//
// The names follow ROCm's hip_bf16.h (amd_detail/amd_hip_bf16.h). The struct keeps the public
// 'data' member of ROCm 5.7 to 6.1 and converts to and from float as ROCm 6.2 and later do, so code
// written for either version parses.
#pragma clang system_header

#ifndef ROCM_TIDY_HIP_BF16_STANDIN_H
#define ROCM_TIDY_HIP_BF16_STANDIN_H

#include <hip/hip_runtime.h>

#define ROCM_TIDY_HIP_BF16_STANDIN 1
#define ROCM_TIDY_BF16 __host__ __device__

struct __hip_bfloat16_raw {
  unsigned short x;
};
struct __hip_bfloat162_raw {
  unsigned short x;
  unsigned short y;
};

struct __hip_bfloat16 {
  unsigned short data;
  ROCM_TIDY_BF16 __hip_bfloat16() = default;
  ROCM_TIDY_BF16 __hip_bfloat16(float);
  ROCM_TIDY_BF16 __hip_bfloat16(double);
  ROCM_TIDY_BF16 __hip_bfloat16(int);
  ROCM_TIDY_BF16 __hip_bfloat16(unsigned int);
  ROCM_TIDY_BF16 __hip_bfloat16(short);
  ROCM_TIDY_BF16 __hip_bfloat16(unsigned short);
  ROCM_TIDY_BF16 __hip_bfloat16(const __hip_bfloat16_raw &);
  ROCM_TIDY_BF16 operator float() const;
  ROCM_TIDY_BF16 operator __hip_bfloat16_raw() const;
};

struct __hip_bfloat162 {
  __hip_bfloat16 x;
  __hip_bfloat16 y;
  ROCM_TIDY_BF16 __hip_bfloat162() = default;
  ROCM_TIDY_BF16 __hip_bfloat162(const __hip_bfloat16 &, const __hip_bfloat16 &);
  ROCM_TIDY_BF16 __hip_bfloat162(const __hip_bfloat162_raw &);
  ROCM_TIDY_BF16 operator __hip_bfloat162_raw() const;
};

// Conversions.
ROCM_TIDY_BF16 float __bfloat162float(__hip_bfloat16);
ROCM_TIDY_BF16 __hip_bfloat16 __float2bfloat16(float);
ROCM_TIDY_BF16 __hip_bfloat16 __float2bfloat16_rn(float);
ROCM_TIDY_BF16 __hip_bfloat16 __double2bfloat16(double);
ROCM_TIDY_BF16 __hip_bfloat16 __int2bfloat16_rn(int);
ROCM_TIDY_BF16 int __bfloat162int_rn(__hip_bfloat16);
ROCM_TIDY_BF16 short __bfloat16_as_short(__hip_bfloat16);
ROCM_TIDY_BF16 unsigned short __bfloat16_as_ushort(__hip_bfloat16);
ROCM_TIDY_BF16 __hip_bfloat16 __short_as_bfloat16(short);
ROCM_TIDY_BF16 __hip_bfloat16 __ushort_as_bfloat16(unsigned short);
ROCM_TIDY_BF16 __hip_bfloat162 __bfloat162bfloat162(__hip_bfloat16);
ROCM_TIDY_BF16 __hip_bfloat162 __halves2bfloat162(__hip_bfloat16, __hip_bfloat16);
ROCM_TIDY_BF16 __hip_bfloat162 __floats2bfloat162_rn(float, float);
ROCM_TIDY_BF16 __hip_bfloat162 __float2bfloat162_rn(float);
ROCM_TIDY_BF16 __hip_bfloat16 __low2bfloat16(__hip_bfloat162);
ROCM_TIDY_BF16 __hip_bfloat16 __high2bfloat16(__hip_bfloat162);
ROCM_TIDY_BF16 __hip_bfloat162 __low2bfloat162(__hip_bfloat162);
ROCM_TIDY_BF16 __hip_bfloat162 __high2bfloat162(__hip_bfloat162);
ROCM_TIDY_BF16 __hip_bfloat162 __lows2bfloat162(__hip_bfloat162, __hip_bfloat162);
ROCM_TIDY_BF16 __hip_bfloat162 __highs2bfloat162(__hip_bfloat162, __hip_bfloat162);
ROCM_TIDY_BF16 __hip_bfloat162 __lowhigh2highlow(__hip_bfloat162);
ROCM_TIDY_BF16 float __low2float(__hip_bfloat162);
ROCM_TIDY_BF16 float __high2float(__hip_bfloat162);
#ifndef ROCM_TIDY_HIP_FALLBACK
// The built-in HIP header has no vector types.
ROCM_TIDY_BF16 __hip_bfloat162 __float22bfloat162_rn(float2);
ROCM_TIDY_BF16 float2 __bfloat1622float2(__hip_bfloat162);
#endif

// Arithmetic and comparisons, one and two lanes of a value at a time.
#define ROCM_TIDY_BF16_BINARY(Name)                                                                   \
  ROCM_TIDY_BF16 __hip_bfloat16 Name(__hip_bfloat16, __hip_bfloat16);                                 \
  ROCM_TIDY_BF16 __hip_bfloat162 Name##2(__hip_bfloat162, __hip_bfloat162);
ROCM_TIDY_BF16_BINARY(__hadd)
ROCM_TIDY_BF16_BINARY(__hsub)
ROCM_TIDY_BF16_BINARY(__hmul)
ROCM_TIDY_BF16_BINARY(__hdiv)
ROCM_TIDY_BF16_BINARY(__hmax)
ROCM_TIDY_BF16_BINARY(__hmin)
#undef ROCM_TIDY_BF16_BINARY
ROCM_TIDY_BF16 __hip_bfloat16 __hfma(__hip_bfloat16, __hip_bfloat16, __hip_bfloat16);
ROCM_TIDY_BF16 __hip_bfloat162 __hfma2(__hip_bfloat162, __hip_bfloat162, __hip_bfloat162);
ROCM_TIDY_BF16 __hip_bfloat16 __hneg(__hip_bfloat16);
ROCM_TIDY_BF16 __hip_bfloat162 __hneg2(__hip_bfloat162);
ROCM_TIDY_BF16 __hip_bfloat16 __habs(__hip_bfloat16);
ROCM_TIDY_BF16 __hip_bfloat162 __habs2(__hip_bfloat162);
#define ROCM_TIDY_BF16_COMPARE(Name)                                                                  \
  ROCM_TIDY_BF16 bool Name(__hip_bfloat16, __hip_bfloat16);                                           \
  ROCM_TIDY_BF16 bool Name##2(__hip_bfloat162, __hip_bfloat162);
ROCM_TIDY_BF16_COMPARE(__heq)
ROCM_TIDY_BF16_COMPARE(__hne)
ROCM_TIDY_BF16_COMPARE(__hlt)
ROCM_TIDY_BF16_COMPARE(__hle)
ROCM_TIDY_BF16_COMPARE(__hgt)
ROCM_TIDY_BF16_COMPARE(__hge)
#undef ROCM_TIDY_BF16_COMPARE
ROCM_TIDY_BF16 bool __hisnan(__hip_bfloat16);
ROCM_TIDY_BF16 int __hisinf(__hip_bfloat16);

// Operators, as ROCm 6.2 and later declare them (on two values of the type; a float operand
// converts to the type, or the value to float, as it does there).
#define ROCM_TIDY_BF16_OPERATORS(T)                                                                   \
  ROCM_TIDY_BF16 T operator+(const T &, const T &);                                                   \
  ROCM_TIDY_BF16 T operator-(const T &, const T &);                                                   \
  ROCM_TIDY_BF16 T operator*(const T &, const T &);                                                   \
  ROCM_TIDY_BF16 T operator/(const T &, const T &);                                                   \
  ROCM_TIDY_BF16 T &operator+=(T &, const T &);                                                       \
  ROCM_TIDY_BF16 T &operator-=(T &, const T &);                                                       \
  ROCM_TIDY_BF16 T &operator*=(T &, const T &);                                                       \
  ROCM_TIDY_BF16 T &operator/=(T &, const T &);                                                       \
  ROCM_TIDY_BF16 T operator+(const T &);                                                              \
  ROCM_TIDY_BF16 T operator-(const T &);                                                              \
  ROCM_TIDY_BF16 T &operator++(T &);                                                                  \
  ROCM_TIDY_BF16 T &operator--(T &);                                                                  \
  ROCM_TIDY_BF16 T operator++(T &, int);                                                              \
  ROCM_TIDY_BF16 T operator--(T &, int);                                                              \
  ROCM_TIDY_BF16 bool operator==(const T &, const T &);                                               \
  ROCM_TIDY_BF16 bool operator!=(const T &, const T &);
ROCM_TIDY_BF16_OPERATORS(__hip_bfloat16)
ROCM_TIDY_BF16_OPERATORS(__hip_bfloat162)
#undef ROCM_TIDY_BF16_OPERATORS
ROCM_TIDY_BF16 bool operator<(const __hip_bfloat16 &, const __hip_bfloat16 &);
ROCM_TIDY_BF16 bool operator<=(const __hip_bfloat16 &, const __hip_bfloat16 &);
ROCM_TIDY_BF16 bool operator>(const __hip_bfloat16 &, const __hip_bfloat16 &);
ROCM_TIDY_BF16 bool operator>=(const __hip_bfloat16 &, const __hip_bfloat16 &);

// Math functions.
#define ROCM_TIDY_BF16_MATH(Name)                                                                     \
  ROCM_TIDY_BF16 __hip_bfloat16 Name(__hip_bfloat16);                                                 \
  ROCM_TIDY_BF16 __hip_bfloat162 Name##2(__hip_bfloat162);
ROCM_TIDY_BF16_MATH(hsqrt)
ROCM_TIDY_BF16_MATH(hrsqrt)
ROCM_TIDY_BF16_MATH(hrcp)
ROCM_TIDY_BF16_MATH(hexp)
ROCM_TIDY_BF16_MATH(hexp2)
ROCM_TIDY_BF16_MATH(hlog)
ROCM_TIDY_BF16_MATH(hlog2)
ROCM_TIDY_BF16_MATH(hsin)
ROCM_TIDY_BF16_MATH(hcos)
ROCM_TIDY_BF16_MATH(hfloor)
ROCM_TIDY_BF16_MATH(hceil)
ROCM_TIDY_BF16_MATH(htrunc)
ROCM_TIDY_BF16_MATH(hrint)
#undef ROCM_TIDY_BF16_MATH

#undef ROCM_TIDY_BF16

#endif
