// Build scripts go through their linters (CMake: lib/cmake; Makefiles and setup.py:
// lib/buildscripts); findings share the clang-tidy checks' output, filtering and --fix.
#include "Lint.h"

#include "buildscripts/BuildScripts.h"
#include "cmake/CMakeLint.h"

#include <fstream>
#include <sys/stat.h>
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
    if (F.IsCMake && rocmtidy::buildscripts::scriptKind(F.Absolute) == rocmtidy::buildscripts::ScriptKind::CMake &&
        readFile(F.Absolute, Content) && rocmtidy::cmake::buildsHip(Content))
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
  auto IsEnabled = [&](std::string_view Id) { return checkEnabled(ChecksGlob, std::string(Id)); };
  // Included files are read only when they are regular files of a size real ones have: never a
  // FIFO or device a hostile tree could name.
  auto Readable = [](const std::string &Path, std::string &Text) {
    struct stat St;
    if (stat(Path.c_str(), &St) != 0 || !S_ISREG(St.st_mode) || St.st_size > (4 << 20))
      return false;
    return readFile(Path, Text);
  };
  using rocmtidy::buildscripts::ScriptKind;
  ScriptKind Kind = rocmtidy::buildscripts::scriptKind(File.Absolute);
  if (Kind == ScriptKind::Make || Kind == ScriptKind::SetupPy) {
    rocmtidy::buildscripts::ScriptOptions SOpts;
    SOpts.ReadInclude = Readable;
    auto Result = Kind == ScriptKind::Make
                      ? rocmtidy::buildscripts::lintMakefile(File.Absolute, Content, IsEnabled, SOpts)
                      : rocmtidy::buildscripts::lintSetupPy(File.Absolute, Content, IsEnabled);
    if (!Result.Error.empty()) {
      R.Errors.push_back(File.Display + ":" + Result.Error + "; the file could not be analysed");
      return R;
    }
    R.Findings = std::move(Result.Findings);
    return R;
  }
  rocmtidy::cmake::LintOptions Opts;
  Opts.AssumeHip = ProjectBuildsHip;
  // include()d project files are read for the variables they set: regular files only (never a
  // FIFO or device a hostile tree could name), CMake files, of a size real ones have.
  Opts.ReadInclude = [&](const std::string &Path, std::string &Text) {
    return rocmtidy::cmake::isCMakeFile(Path) && Readable(Path, Text);
  };
  auto Result = rocmtidy::cmake::lintCMake(File.Absolute, Content, IsEnabled, Opts);
  if (!Result.Error.empty()) {
    R.Errors.push_back(File.Display + ":" + Result.Error + "; the file could not be analysed");
    return R;
  }
  R.Findings = std::move(Result.Findings);
  return R;
}

} // namespace rocmlint
