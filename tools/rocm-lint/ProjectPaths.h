#ifndef ROCM_TIDY_TOOLS_ROCM_LINT_PROJECTPATHS_H
#define ROCM_TIDY_TOOLS_ROCM_LINT_PROJECTPATHS_H

#include <string>
#include <vector>

namespace rocmlint {

/// Makes the relative paths in compiler arguments (-I, -isystem, -iquote, -idirafter, -include,
/// -imacros, --include-directory, -F, --sysroot, both joined and separate spellings) absolute
/// against \p BaseDir. Each compile runs in its own command's directory, so a relative path
/// written on the command line or in a configuration file would otherwise resolve against
/// every source's folder instead of where the user wrote it.
void absolutizePathArguments(std::vector<std::string> &Args, const std::string &BaseDir);

/// The real path of \p Path (symbolic links and "..", "." resolved) when it exists, else its
/// lexically normal absolute form against \p WorkDir. Findings are keyed by this, so one header
/// reached through two spellings is reported once. Thread-safe; results are memoised.
std::string realPathOf(const std::string &Path, const std::string &WorkDir = "");

/// \p Path relative to \p Cwd when it lies below it (how rocm-lint shows paths); \p Path otherwise.
std::string relativeToCwd(const std::string &Path, const std::string &Cwd);

} // namespace rocmlint

#endif
