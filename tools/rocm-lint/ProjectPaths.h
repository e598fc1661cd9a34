#ifndef ROCM_TIDY_TOOLS_ROCM_LINT_PROJECTPATHS_H
#define ROCM_TIDY_TOOLS_ROCM_LINT_PROJECTPATHS_H

#include <string>
#include <vector>

namespace rocmlint {

/// Anchors the relative paths in compiler arguments at \p BaseDir with the compiler's meaning
/// (lib/project/CompilerFlags.h): directories (-I, -isystem, -iquote, -idirafter,
/// --include-directory, -F, --sysroot) become absolute; an included file (-include, -imacros)
/// only when it exists there, else it is left to the include search path as clang would.
/// Each compile runs in its own command's directory, so a relative path written on the command
/// line or in a configuration file would otherwise resolve against every source's folder.
void absolutizePathArguments(std::vector<std::string> &Args, const std::string &BaseDir);

/// The real path of \p Path (symbolic links and "..", "." resolved) when it exists, else its
/// lexically normal absolute form against \p WorkDir. Findings are keyed by this, so one header
/// reached through two spellings is reported once. Thread-safe; results are memoised.
std::string realPathOf(const std::string &Path, const std::string &WorkDir = "");

/// \p Path relative to \p Cwd when it lies below it (how rocm-lint shows paths); \p Path otherwise.
std::string relativeToCwd(const std::string &Path, const std::string &Cwd);

} // namespace rocmlint

#endif
