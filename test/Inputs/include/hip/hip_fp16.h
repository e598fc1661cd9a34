// Stand-in for HIP half-precision types.
#pragma once
struct __half { unsigned short x; };
// Conversions used by kernels/rocm-cuda-header (host and device, as in HIP).
__attribute__((host, device)) __half __float2half(float);
__attribute__((host, device)) float __half2float(__half);
