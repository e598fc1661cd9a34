#ifndef ROCM_TIDY_CORE_BOUNDEDFILE_H
#define ROCM_TIDY_CORE_BOUNDEDFILE_H

// Reading the files rocm-tidy keeps for itself (the result cache, the project index) when someone
// else may have planted them: a FIFO must not block, a link to /dev/zero must not fill memory, a
// symbolic link must not lead elsewhere, and JSON nested a million deep must not cost seconds.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace rocmtidy {

struct BoundedReadOptions {
  size_t MaxBytes = 64u << 20; // a larger file is refused, whatever it holds
  bool NoFollow = false;       // a symbolic link at the last component is refused
};

/// The bytes of the regular file \p Path, or std::nullopt with \p Problem set ("not a regular
/// file", "larger than N bytes", "is a symbolic link", or the system's reason). The file is opened
/// without blocking and checked with fstat before a byte is read.
std::optional<std::string> readBoundedFile(const std::string &Path, const BoundedReadOptions &Opts,
                                           std::string &Problem);

/// Whether no array or object in the JSON text \p Text nests deeper than \p MaxDepth (brackets in
/// strings do not count). Linear, no allocation: call it before handing untrusted text to a
/// recursive parser.
bool jsonDepthWithin(std::string_view Text, unsigned MaxDepth);

} // namespace rocmtidy

#endif
