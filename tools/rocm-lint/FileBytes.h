#ifndef ROCM_TIDY_TOOLS_ROCM_LINT_FILEBYTES_H
#define ROCM_TIDY_TOOLS_ROCM_LINT_FILEBYTES_H

#include <optional>
#include <string>

namespace rocmlint {

/// The bytes of the file \p Path, read through llvm::MemoryBuffer; std::nullopt when it cannot be
/// read (missing, a directory, no permission).
std::optional<std::string> readFileBytes(const std::string &Path);

} // namespace rocmlint

#endif
