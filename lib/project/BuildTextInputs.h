//===- BuildTextInputs.h - Files the build reads as text, not code ---*- C++ -*-===//
//
// Some projects keep kernels in files the build never compiles: a CMake script globs them, reads
// each with file(READ) or file(STRINGS) and writes the text into a generated source, and the
// program compiles that text at run time with its own macro prefix (OpenMM plugins'
// kernels/*.cc, encoded by a `cmake -P` script). Parsed alone such a file is only compiler errors.
//
//===----------------------------------------------------------------------===//
#ifndef ROCM_TIDY_PROJECT_BUILDTEXTINPUTS_H
#define ROCM_TIDY_PROJECT_BUILDTEXTINPUTS_H

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace rocmtidy::project {

class ProjectModel;

/// One glob whose files a script reads as text.
struct TextGlob {
  std::string Script;  // absolute
  unsigned Line = 0;   // of the file(READ)/file(STRINGS) call
  std::string Pattern; // as written: "${KERNEL_SOURCE_DIR}/kernels/*.cc"
  /// A source that try_run()/try_compile() builds at configure time to probe the machine
  /// (blaspp's config/openblas_version.cc): Pattern is its path as written, no glob.
  bool Probe = false;
};

/// The globs of the CMake script \p Text (at \p Script) whose files it reads as text: `file(GLOB V
/// pattern...)`, then `foreach(F ${V})` (or `IN LISTS V`) with `file(READ ${F} ...)` or
/// `file(STRINGS ${F} ...)` in the loop body; and the sources its try_run()/try_compile() calls
/// name (TextGlob::Probe).
std::vector<TextGlob> textGlobsOf(const std::string &Script, const std::string &Text);

/// Whether \p Absolute is a file of \p Glob: the pattern with CMAKE_CURRENT_SOURCE_DIR and
/// CMAKE_CURRENT_LIST_DIR read as the script's folder, and a leading variable the script does not
/// know (a -D of the custom command that runs it) read as any folder below the script's own; the
/// file name matches the last part of the pattern. A pattern with a variable elsewhere matches nothing.
/// A probe's path names the file that ends in what follows its leading variable
/// ("${CMAKE_CURRENT_SOURCE_DIR}/config/probe.cc": any .../config/probe.cc; the variable may be the
/// including script's folder), or the file beside the script for a relative path.
bool matchesTextGlob(const TextGlob &Glob, const std::string &Absolute);

/// The text globs of every CMake script of \p Model (CMakeLists.txt and *.cmake), each script read
/// once with \p Read.
std::vector<TextGlob> projectTextGlobs(const ProjectModel &Model,
                                       const std::function<std::optional<std::string>(const std::string &)> &Read);

/// Why the build reads \p Absolute as text instead of compiling it, by the first of \p Globs that
/// matches it ("platforms/common/Encode.cmake:7: read as text by the build ..."), the script shown
/// relative to \p Cwd; "" when none does.
std::string readAsTextBy(const std::vector<TextGlob> &Globs, const std::string &Absolute, const std::string &Cwd);

} // namespace rocmtidy::project

#endif
