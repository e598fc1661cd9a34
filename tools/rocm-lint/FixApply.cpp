// --fix in rocm-lint: the project root, and the hand-over to the safe writer in lib/core.
#include "Safety.h"

#include "Process.h"

#include <climits>
#include <cstdlib>

namespace rocmlint {

std::string projectRoot(const ProjectConfig &Config, const std::string &Cwd) {
  std::string Root = Config.Dir;
  if (Root.empty()) {
    std::string Out, Err;
    if (runProgram("git", {"rev-parse", "--show-toplevel"}, Out, Err)) {
      while (!Out.empty() && (Out.back() == '\n' || Out.back() == '\r'))
        Out.pop_back();
      Root = Out;
    }
  }
  if (Root.empty())
    Root = Cwd;
  char Real[PATH_MAX];
  return realpath(Root.c_str(), Real) ? std::string(Real) : Root;
}

} // namespace rocmlint
