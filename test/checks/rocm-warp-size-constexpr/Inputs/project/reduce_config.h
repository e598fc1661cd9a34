// A project header whose template parameter is named 'warpSize': its scope is this template, so
// it names nothing in another file's dropped code.
#pragma once
template <int BlockSize, int warpSize>
struct ReduceConfig {
  static constexpr int warps = BlockSize / warpSize;
};
