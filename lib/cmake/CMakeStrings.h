#ifndef ROCM_TIDY_CMAKE_CMAKESTRINGS_H
#define ROCM_TIDY_CMAKE_CMAKESTRINGS_H

// Text helpers of the CMake linter and its rules: list and flag splitting, library file names and
// toolkit directories.

#include "cmake/CMakeParser.h"
#include "core/StringUtil.h"

#include <string>
#include <string_view>
#include <vector>

namespace rocmtidy::cmake {

/// An upper-case keyword such as PUBLIC, HINTS or CACHE.
bool isUpperKeyword(std::string_view S);

/// A directory that belongs to a GPU toolkit: mentions rocm, cuda or hip as a word.
bool isGpuDir(std::string_view Dir);
bool mentionsCuda(std::string_view Dir);

/// One element of an argument's value: a list element or a whitespace-separated flag.
struct Piece {
  std::string_view Text;
  size_t Index; // into the argument's Value
};

/// Splits an argument's value on unescaped semicolons: the commands linted here store their
/// arguments in list-valued properties or variables, where a quoted "a;b" is two elements too.
std::vector<Piece> listElements(const Argument &A);
/// The same split of a value built from arguments (a variable's substituted value).
std::vector<Piece> listElements(std::string_view V);

/// Whitespace- and semicolon-separated tokens of a flags value.
std::vector<Piece> flagTokens(std::string_view V, size_t Base = 0);

/// The linker name in "lib<name>.so", "lib<name>.so.6.2", "lib<name>.a", or empty.
std::string_view libraryFileName(std::string_view File);

} // namespace rocmtidy::cmake

#endif
