#ifndef ROCM_TIDY_BUILDSCRIPTS_BUILDSCRIPTS_H
#define ROCM_TIDY_BUILDSCRIPTS_BUILDSCRIPTS_H

// Build scripts other than CMake: Makefiles (rocm-make-*) and the setup.py / pyproject.toml of
// PyTorch extensions (rocm-pyext-*). Each reader is a small front end of its own language in
// plain C++; nothing is executed (no make, no Python).

#include "core/Finding.h"

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace rocmtidy::buildscripts {

enum class ScriptKind { None, CMake, Make, SetupPy };

/// Makefile, GNUmakefile, makefile, *.mk -> Make; setup.py, pyproject.toml -> SetupPy;
/// CMakeLists.txt, *.cmake -> CMake.
ScriptKind scriptKind(std::string_view Path);

struct ScriptOptions {
  /// Reads a file the script includes (an absolute path); false when it is not to be read.
  std::function<bool(const std::string &Path, std::string &Content)> ReadInclude;
  /// The project root (a real path): an include that resolves outside it is not read but reported
  /// in ScriptResult::SkippedIncludes, so a hostile makefile cannot get another file's variables
  /// (credentials) quoted into findings. Empty: no limit (unit tests, fuzzers).
  std::string Root;
};

struct ScriptResult {
  std::vector<Finding> Findings;
  std::string Error; // "LINE:COL: message" when the file could not be read as its language
  /// Includes not read because they lie outside ScriptOptions::Root, as "LINE: 'DIRECTIVE'" (the
  /// directive as written, never anything of the file it names).
  std::vector<std::string> SkippedIncludes;
  /// Why variable expansion stopped early (the work cap), or empty.
  std::string ExpansionCut;
};

/// Lints a Makefile. Rules: rocm-make-hardcoded-toolkit-path, rocm-make-nvcc-flag,
/// rocm-make-raw-link-flag.
ScriptResult lintMakefile(std::string_view Path, std::string_view Content,
                          const std::function<bool(std::string_view)> &IsEnabled, const ScriptOptions &Opts);

/// Lints a setup.py (or pyproject.toml) of a PyTorch extension. Rules: rocm-pyext-cuda-library,
/// rocm-pyext-nvcc-flag, rocm-pyext-toolkit-path.
ScriptResult lintSetupPy(std::string_view Path, std::string_view Content,
                         const std::function<bool(std::string_view)> &IsEnabled);

struct ScriptRule {
  std::string Id;
  std::string Summary;
};
/// The rules of both readers, sorted by id.
const std::vector<ScriptRule> &scriptRules();

} // namespace rocmtidy::buildscripts

#endif
