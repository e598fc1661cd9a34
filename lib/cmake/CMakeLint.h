#ifndef ROCM_TIDY_CMAKE_CMAKELINT_H
#define ROCM_TIDY_CMAKE_CMAKELINT_H

// The CMake linter: rocm-cmake-* rules over the syntax tree of lib/cmake/CMakeParser.h, with the
// same Finding shape as the clang-tidy checks so that rocm-lint prints, filters and fixes both alike.

#include "core/Finding.h"

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace rocmtidy::cmake {

/// CMakeLists.txt or *.cmake (either path separator).
bool isCMakeFile(std::string_view Path);

struct RuleInfo {
  std::string Id;
  std::string Summary;
};

/// Every rule, sorted by id (for `rocm-lint list-checks`).
const std::vector<RuleInfo> &cmakeRules();

struct LintResult {
  std::vector<Finding> Findings; // sorted by offset; empty when Error is set
  std::string Error;             // empty, or "LINE:COL: message" of a parse error
  bool Template = false;         // with Error: the file is a configure_file input (@NAME@ placeholders)
  bool TemplateTag = false;      // with Error: the file is a generator's template ({% ... %} tags)
  /// include()s not read because they lie outside LintOptions::Root, named by the command as
  /// written (never anything of the file).
  std::vector<std::string> SkippedIncludes;
  /// Why variable expansion stopped early (the work cap of one file), or empty.
  std::string ExpansionCut;
};

struct LintOptions {
  /// Treat the file as part of a project that builds HIP even when the file itself does not
  /// say so (rocm-cmake-legacy-cuda fires only in such projects). rocm-lint sets it when any
  /// CMake file of the tree passes buildsHip().
  bool AssumeHip = false;
  /// Reads a project file that the linted file include()s (an absolute path), so that the
  /// variables it sets are known; returns false when the file is not to be read (outside the
  /// project, not a regular file). Without it include() is not followed.
  std::function<bool(const std::string &Path, std::string &Content)> ReadInclude;
  /// The project root (a real path): an include() that resolves outside it is not read but listed
  /// in LintResult::SkippedIncludes. Empty: no limit.
  std::string Root;
};

/// Lints one file. Findings carry 1-based line/column, byte offsets and fix-its (TextEdits on
/// \p Path). Rules for which \p IsEnabled returns false, and findings suppressed by
/// `# rocm-lint: disable=<rule>[,<rule>]` (on the line, the line before, or the first line of the
/// command or the line before it) or `# rocm-lint: disable-file=<rule>`, are not reported.
LintResult lintCMake(std::string_view Path, std::string_view Content,
                     const std::function<bool(std::string_view RuleId)> &IsEnabled);
LintResult lintCMake(std::string_view Path, std::string_view Content,
                     const std::function<bool(std::string_view RuleId)> &IsEnabled, const LintOptions &Options);

/// Whether \p Content enables or uses HIP (enable_language(HIP), project(... HIP), find_package(hip),
/// LANGUAGE HIP source properties, hip:: targets, hip_add_* commands, a HIP platform macro defined
/// for the compiler). False on a parse error.
bool buildsHip(std::string_view Content);

struct Command;

/// Whether the command \p C enables or uses HIP, as buildsHip reads each command.
bool commandBuildsHip(const Command &C);

/// Whether \p C defines a HIP platform macro for the compiler (add_definitions(-D__HIP_PLATFORM_AMD__=1),
/// target_compile_definitions(t PRIVATE __HIP_PLATFORM_HCC__)): HIP host code compiled as C++ against
/// the HIP headers, a HIP build without the HIP language (TVM's ROCm runtime).
bool definesHipPlatform(const Command &C);

} // namespace rocmtidy::cmake

#endif
