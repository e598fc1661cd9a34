#ifndef WARP_WIDTH_H
#define WARP_WIDTH_H

#if defined(__HIP_PLATFORM_HCC__)
constexpr int kLanes = 64;
#else
constexpr int kLanes = 32;
#endif

#endif
