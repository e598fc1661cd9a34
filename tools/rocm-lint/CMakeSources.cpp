// CMake inputs go through the CMake linter in lib/cmake; findings share the clang-tidy checks'
// output, filtering and --fix.
#include "Lint.h"
#include "Safety.h"

#include "cmake/CMakeLint.h"
#include "core/SafeFix.h"

#include <climits>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace rocmlint {

static bool readFile(const std::string &Path, std::string &Out) {
  std::ifstream In(Path, std::ios::binary);
  if (!In)
    return false;
  std::stringstream S;
  S << In.rdbuf();
  Out = S.str();
  return true;
}

bool cmakeInputsBuildHip(const std::vector<InputFile> &Files) {
  for (const InputFile &F : Files) {
    std::string Content;
    if (F.IsCMake && readFile(F.Absolute, Content) && rocmtidy::cmake::buildsHip(Content))
      return true;
  }
  return false;
}

FileResult analyzeCMake(const InputFile &File, const std::string &ChecksGlob, bool ProjectBuildsHip) {
  FileResult R;
  std::string Content;
  if (!readFile(File.Absolute, Content)) {
    R.Errors.push_back(File.Display + ": cannot read the file");
    return R;
  }
  {
    char Real[PATH_MAX];
    if (realpath(File.Absolute.c_str(), Real))
      R.Parsed.record(Real, rocmtidy::contentHash(Content));
  }
  rocmtidy::cmake::LintOptions Opts;
  Opts.AssumeHip = ProjectBuildsHip;
  auto Result = rocmtidy::cmake::lintCMake(
      File.Absolute, Content, [&](std::string_view Id) { return checkEnabled(ChecksGlob, std::string(Id)); }, Opts);
  if (!Result.Error.empty()) {
    R.Errors.push_back(File.Display + ":" + Result.Error + "; the file could not be analysed");
    return R;
  }
  R.Findings = std::move(Result.Findings);
  return R;
}

} // namespace rocmlint
