// A third-party header on a system include path: not the user's code.
#pragma once
constexpr int kVendorLanes = warpSize;
template <int W> struct VendorTile { float d[W]; };
typedef VendorTile<warpSize> VendorWarpTile;
