#ifndef ROCM_TIDY_TOOLS_ROCM_LINT_FILEBYTES_H
#define ROCM_TIDY_TOOLS_ROCM_LINT_FILEBYTES_H

#include <cstddef>
#include <optional>
#include <string>

namespace rocmlint {

/// The bytes of the file \p Path, read through llvm::MemoryBuffer; std::nullopt when it cannot be
/// read (missing, a directory, no permission).
std::optional<std::string> readFileBytes(const std::string &Path);

/// At most the first \p Limit bytes of \p Path (all of a shorter file), for the build-style probes
/// that only look near the top of a file and must not read a huge or endless one to the end;
/// std::nullopt when it cannot be opened.
std::optional<std::string> readFilePrefix(const std::string &Path, size_t Limit);

/// Everything on standard input (llvm::MemoryBuffer::getSTDIN); "" when it cannot be read.
std::string readStdinBytes();

} // namespace rocmlint

#endif
