// Dropped code (a header missing) whose 'warpSize' may not be HIP's: the text cannot tell which
// entity a dropped token names, so nothing is read from it when the project has its own
// 'warpSize' (a template parameter, a member, a local), and a member access is never HIP's.
// RUN: cd %S && %rocm_lint --hip-headers=builtin --checks=rocm-warp-size-constexpr --no-cache --no-index \
// RUN:   --no-progress %s > %t.out 2> %t.err; test $? -eq 0
// RUN: FileCheck %s --input-file=%t.err --check-prefix=ERR
// RUN: not grep -q 'warning:' %t.out
// The header is missing, so the rule is in play (its note names it).
// ERR: header 'vendor_sdk_not_shipped.hpp' was not found

#include <hip/hip_runtime.h>
#include "vendor_sdk_not_shipped.hpp"

// Negative: a template parameter named 'warpSize': its uses in dropped code are the parameter.
template <int warpSize>
__device__ float rowSum(const float *in) {
  vendor::WarpReduce<float, warpSize> r;
  constexpr auto slice = 2 * (warpSize * vendor::kAccesses);
  return r.Sum(in[threadIdx.x]) + slice;
}

struct Config {
  static constexpr int warpSize = 32;
};

__global__ void reduce(float *out, const float *in, vendor::Params p) {
  // Negative: members of a project type, not HIP's global.
  vendor::Tile<Config::warpSize> t;
  constexpr auto lanes = p.warpSize * vendor::kAccesses;
  out[0] = rowSum<64>(in) + t.first() + lanes;
}
