// libFuzzer target: the Makefile reader on arbitrary bytes, its includes served from the same bytes
// (so include chains, cycles and self-includes are exercised without touching the disk). Properties
// beyond "no crash, no sanitizer report": every finding lies inside the file, with a 1-based line
// and column, and its fix-its stay inside the file.
#include "buildscripts/BuildScripts.h"

#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  std::string_view Content(reinterpret_cast<const char *>(Data), Size);
  unsigned Served = 0;
  rocmtidy::buildscripts::ScriptOptions Opts;
  Opts.ReadInclude = [&](const std::string &, std::string &Text) {
    // A few includes per input: enough for chains and cycles, not an exponential tree.
    if (++Served > 4)
      return false;
    Text = std::string(Content);
    return true;
  };
  auto R = rocmtidy::buildscripts::lintMakefile("/fuzz/Makefile", Content, [](std::string_view) { return true; }, Opts);
  for (const auto &F : R.Findings) {
    if (F.File == "/fuzz/Makefile" && (F.Offset > Size || F.Line == 0 || F.Column == 0))
      std::abort();
    for (const auto &E : F.Fixes)
      if (size_t(E.Offset) + E.Length > Size)
        std::abort();
  }
  return 0;
}
