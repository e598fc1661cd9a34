#ifndef ROCM_TIDY_CORE_HASH_H
#define ROCM_TIDY_CORE_HASH_H

#include <cstdint>
#include <string_view>

namespace rocmtidy {

/// 64-bit FNV-1a of \p Bytes. Stable across runs, builds and platforms: --shard picks files by it,
/// GitLab fingerprints and cache file names are made from it, so changing it changes what users see.
uint64_t fnv1a64(std::string_view Bytes);

} // namespace rocmtidy

#endif
