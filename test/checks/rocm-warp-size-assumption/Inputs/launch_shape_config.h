#pragma once
// A launch configuration read by host code only: its 'warpSize' rounds thread counts for the
// block shape, and no device code can see it.
struct LaunchShape {
  static const int warpSize = 32;
  static int roundUp(int n) { return (n + warpSize - 1) / warpSize * warpSize; }
};

// Seen by the device code of the file that includes this header.
namespace hdr {
constexpr int warpSize = 32;
}
