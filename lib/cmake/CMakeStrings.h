#ifndef ROCM_TIDY_CMAKE_CMAKESTRINGS_H
#define ROCM_TIDY_CMAKE_CMAKESTRINGS_H

// Text helpers of the CMake linter and its rules: list and flag splitting, library file names and
// toolkit directories.

#include "cmake/CMakeParser.h"
#include "core/StringUtil.h"

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rocmtidy::cmake {

/// An upper-case keyword such as PUBLIC, HINTS or CACHE.
bool isUpperKeyword(std::string_view S);

/// A directory that belongs to a GPU toolkit: mentions rocm, cuda or hip as a word, and no folder of
/// it is named for another programming model (build_switches.json's other_words: opencl).
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

/// What one reader knows of the variable a ${NAME} reference reads.
struct VariableValue {
  enum Kind { Known, Unknown, Unset };
  Kind Is = Unset;
  /// The value when Known; when Unknown, why (empty: the reference as written says it).
  std::string Text;
  static VariableValue known(std::string V) { return {Known, std::move(V)}; }
  static VariableValue unknown(std::string Why = {}) { return {Unknown, std::move(Why)}; }
  static VariableValue unset() { return {}; }
};
using VariableLookup = std::function<VariableValue(const std::string &Name)>;
/// A reader whose known values are \p Known (kept by reference); every other name is unknown.
VariableLookup lookupIn(const std::map<std::string, std::string> &Known);

/// How a reader treats what it cannot resolve. Every reader of the project model expands with
/// expandReferences, so they agree on nesting, generator expressions and the size limits.
struct ExpandRules {
  /// CMake reads an unset variable as empty; a reader that must know every value says unknown.
  bool UnsetIsEmpty = false;
  /// Keep an unresolved reference as written (the known parts of its name filled in) rather than
  /// failing the whole value: for readers that look for known paths inside partly known text.
  bool KeepUnresolved = false;
  /// Copy generator expressions other than $<BUILD_INTERFACE:x> as text instead of failing.
  bool GeneratorExpressionsAsText = false;
  unsigned MaxDepth = 16;
  size_t MaxBytes = size_t(1) << 16;
};

/// \p Text with its ${NAME} references replaced (a nested ${A_${B}} innermost first) and
/// $<BUILD_INTERFACE:x> read as x; std::nullopt when a reference cannot be resolved under \p Rules
/// ($ENV{...} never can: the environment of whoever configures is not in the scripts), with
/// \p Why, when given, set to the part that was not known.
std::optional<std::string> expandReferences(std::string_view Text, const VariableLookup &Lookup,
                                            const ExpandRules &Rules = {}, std::string *Why = nullptr);

} // namespace rocmtidy::cmake

#endif
