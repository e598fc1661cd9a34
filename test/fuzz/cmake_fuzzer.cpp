// libFuzzer target: the CMake parser and linter on arbitrary bytes. Properties beyond "no crash,
// no sanitizer report": a parse failure has a message, and every fix-it stays inside the file and
// applies without throwing.
#include "cmake/CMakeLint.h"
#include "cmake/CMakeParser.h"
#include "core/TextEdits.h"

#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  std::string_view Content(reinterpret_cast<const char *>(Data), Size);
  rocmtidy::cmake::ParsedFile Parsed;
  rocmtidy::cmake::ParseError Error;
  if (!rocmtidy::cmake::parseCMake(Content, Parsed, Error) && Error.str().empty())
    std::abort();
  (void)rocmtidy::cmake::buildsHip(Content);
  for (bool AssumeHip : {false, true}) {
    rocmtidy::cmake::LintOptions Opts;
    Opts.AssumeHip = AssumeHip;
    auto R = rocmtidy::cmake::lintCMake("CMakeLists.txt", Content, [](std::string_view) { return true; }, Opts);
    std::vector<rocmtidy::TextEdit> Edits;
    for (const auto &F : R.Findings)
      for (const auto &E : F.Fixes) {
        if (size_t(E.Offset) + E.Length > Size)
          std::abort();
        Edits.push_back(E);
      }
    unsigned Applied = 0, Skipped = 0;
    (void)rocmtidy::applyEdits(std::string(Content), Edits, Applied, Skipped);
  }
  return 0;
}
