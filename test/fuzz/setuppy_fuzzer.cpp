// libFuzzer target: the setup.py / pyproject.toml reader on arbitrary bytes. Properties beyond "no
// crash, no sanitizer report": a file that does not tokenize has a "LINE:COL: message" error and no
// findings; every finding lies inside the file, with a 1-based line and column.
#include "buildscripts/BuildScripts.h"

#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  std::string_view Content(reinterpret_cast<const char *>(Data), Size);
  for (const char *Path : {"setup.py", "pyproject.toml"}) {
    auto R = rocmtidy::buildscripts::lintSetupPy(Path, Content, [](std::string_view) { return true; });
    if (!R.Error.empty() && (!R.Findings.empty() || R.Error.find(':') == std::string::npos))
      std::abort();
    for (const auto &F : R.Findings) {
      if (F.Offset > Size || F.Line == 0 || F.Column == 0)
        std::abort();
      for (const auto &E : F.Fixes)
        if (size_t(E.Offset) + E.Length > Size)
          std::abort();
    }
  }
  return 0;
}
