// CMake inputs. The CMake linter (lib/cmake) is wired in here when it lands; until then rocm-lint
// does not collect CMake files (see isCMakePath in Inputs.cpp), so this is never reached.
#include "Lint.h"

namespace rocmlint {

FileResult analyzeCMake(const InputFile &File, const std::string &) {
  FileResult R;
  R.Errors.push_back(File.Display + ": CMake files are not supported by this build");
  return R;
}

} // namespace rocmlint
