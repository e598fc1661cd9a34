#ifndef ROCM_TIDY_TOOLS_ROCM_LINT_COMMANDLINE_H
#define ROCM_TIDY_TOOLS_ROCM_LINT_COMMANDLINE_H

#include "llvm/Support/CommandLine.h"

#include <functional>
#include <string>
#include <vector>

namespace rocmlint {

/// Parses the arguments of one rocm-lint command with llvm::cl.
///
/// Each command registers its options in its own cl::SubCommand (never the top level), so the
/// command line accepts that command's options and not the hundreds of options LLVM's libraries
/// register in this process; commands may share option names. \p Args are the arguments after the
/// command name. "-h"/"--help" before "--" calls \p PrintHelp and exits with 0 (the usage text is
/// rocm-lint's own; LLVM's generated help would name the internal subcommand). Arguments starting
/// with '@' are paths, never response files: a repository file named '@x.hip' that a hook passes
/// must not become options. \p Positionals (optional) gets those arguments back as spelled.
/// Returns false with a one-line message in \p Error on a usage error that LLVM did not already
/// print; \p Printed says whether LLVM printed one itself (to stderr).
bool parseCommandLine(llvm::cl::SubCommand &Command, const std::vector<std::string> &Args,
                      const std::function<void()> &PrintHelp, llvm::cl::list<std::string> *Positionals,
                      std::string &Error);

/// Prints "rocm-lint: error: MSG" (when MSG is not empty) and exits with 2.
[[noreturn]] void usageError(const std::string &Msg);

} // namespace rocmlint

#endif
