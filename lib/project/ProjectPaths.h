//===- ProjectPaths.h - One spelling for each file of the project ---------*- C++ -*-===//
//
// Findings, inputs, compile databases and the index name files by their real path, and the
// reports show them relative to the working directory; every reader of the project uses these.
//
//===----------------------------------------------------------------------===//

#ifndef ROCM_TIDY_PROJECT_PROJECTPATHS_H
#define ROCM_TIDY_PROJECT_PROJECTPATHS_H

#include <string>

namespace rocmtidy::project {

/// The real path of \p Path (symbolic links and "..", "." resolved) when it exists, else its
/// lexically normal absolute form against \p WorkDir. Findings are keyed by this, so one header
/// reached through two spellings is reported once. Thread-safe; results are memoised.
std::string realPathOf(const std::string &Path, const std::string &WorkDir = "");

/// \p Path relative to \p Cwd when it lies below it (how rocm-lint shows paths); \p Path otherwise.
std::string relativeToCwd(const std::string &Path, const std::string &Cwd);

} // namespace rocmtidy::project

#endif
