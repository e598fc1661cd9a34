#ifndef ROCM_TIDY_TOOLS_ROCM_LINT_PROCESS_H
#define ROCM_TIDY_TOOLS_ROCM_LINT_PROCESS_H

#include <string>
#include <vector>

namespace rocmlint {

/// Runs \p Program (looked up on PATH) with \p Args, never through a shell: each argument reaches
/// the program as one argv element, whatever characters it holds. Standard input is empty;
/// standard output is returned in \p Out. Returns false and sets \p Error (the program's first
/// line on standard error, or why it could not start) when it cannot start or exits non-zero.
bool runProgram(const std::string &Program, const std::vector<std::string> &Args, std::string &Out,
                std::string &Error);

/// Splits NUL-terminated records (git's -z output); empty records are dropped.
std::vector<std::string> splitNul(const std::string &S);

} // namespace rocmlint

#endif
