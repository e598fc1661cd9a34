#ifndef ROCM_TIDY_CORE_STRINGUTIL_H
#define ROCM_TIDY_CORE_STRINGUTIL_H

// Text helpers of the build-script readers (CMake, Makefiles, setup.py), which use no LLVM library.

#include <string>
#include <string_view>
#include <vector>

namespace rocmtidy {

bool startsWith(std::string_view S, std::string_view Prefix);
bool endsWith(std::string_view S, std::string_view Suffix);
/// ASCII lower case.
std::string asciiLower(std::string_view S);
/// Whether \p Text holds \p Word with no ASCII letter right before or after it: "hip" in
/// "/opt/hip/lib" or "IS_HIP_EXTENSION", not in "chip".
bool containsWord(std::string_view Text, std::string_view Word);
/// The non-empty pieces of \p S between any of the characters of \p Separators.
std::vector<std::string_view> splitNonEmpty(std::string_view S, std::string_view Separators);

} // namespace rocmtidy

#endif
