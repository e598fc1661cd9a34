// Build scripts go through their linters (CMake: lib/cmake; Makefiles and setup.py:
// lib/buildscripts); findings share the clang-tidy checks' output, filtering and --fix.
#include "Lint.h"
#include "FileBytes.h"
#include "Safety.h"

#include "buildscripts/BuildScripts.h"
#include "cmake/CMakeLint.h"
#include "cmake/CMakeParser.h"
#include "project/CudaOnlySources.h"

#include "clang-tidy/GlobList.h"

#include <algorithm>
#include <cstdio>
#include "core/SafeFix.h"

#include <climits>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sys/stat.h>
#include <sstream>

namespace rocmlint {

/// A build script whose includes were refused or whose expansion was cut is partly analysed.
static void partlyRead(const std::vector<std::string> &SkippedIncludes, const std::string &Cut, FileResult &R) {
  R.Status.Skipped = SkippedIncludes;
  if (!Cut.empty())
    R.Status.Skipped.push_back(Cut);
  if (!R.Status.Skipped.empty())
    R.Status.Status = AnalysisStatus::Recovered;
}

FileResult analyzeCMake(const InputFile &File, const std::string &ChecksGlob, bool ProjectBuildsHip, bool Hipifies,
                        const std::string &HostCache, bool Verbose) {
  FileResult R;
  std::optional<std::string> Bytes = readFileBytes(File.Absolute);
  if (!Bytes) {
    R.Errors.push_back(File.Display + ": cannot read the file");
    return R;
  }
  const std::string &Content = *Bytes;
  {
    char Real[PATH_MAX];
    if (realpath(File.Absolute.c_str(), Real))
      R.Parsed.record(Real, rocmtidy::contentHash(Content));
  }
  if (!HostCache.empty()) {
    if (Verbose)
      R.Notices.push_back(File.Display + ": not linted: " + HostCache);
    return R;
  }
  // --checks in clang-tidy's own glob syntax and semantics; one list per file (it caches, so it
  // stays on this thread).
  clang::tidy::CachedGlobList Enabled(ChecksGlob);
  auto IsEnabled = [&](std::string_view Id) { return Enabled.contains(llvm::StringRef(Id.data(), Id.size())); };
  // Included files are read only when they are regular files of a size real ones have: never a
  // FIFO or device a hostile tree could name.
  auto Readable = [](const std::string &Path, std::string &Text) {
    struct stat St;
    if (stat(Path.c_str(), &St) != 0 || !S_ISREG(St.st_mode) || St.st_size > (4 << 20))
      return false;
    std::optional<std::string> Bytes = readFileBytes(Path);
    if (Bytes)
      Text = std::move(*Bytes);
    return Bytes.has_value();
  };
  using rocmtidy::buildscripts::ScriptKind;
  ScriptKind Kind = rocmtidy::buildscripts::scriptKind(File.Absolute);
  if (Kind == ScriptKind::Make || Kind == ScriptKind::SetupPy) {
    rocmtidy::buildscripts::ScriptOptions SOpts;
    SOpts.ReadInclude = Readable;
    SOpts.Root = repositoryRootOf(File.Absolute);
    auto Result = Kind == ScriptKind::Make
                      ? rocmtidy::buildscripts::lintMakefile(File.Absolute, Content, IsEnabled, SOpts)
                      : rocmtidy::buildscripts::lintSetupPy(File.Absolute, Content, IsEnabled);
    if (!Result.Error.empty()) {
      R.Errors.push_back(File.Display + ":" + Result.Error + "; the file could not be analysed");
      return R;
    }
    R.Findings = std::move(Result.Findings);
    partlyRead(Result.SkippedIncludes, Result.ExpansionCut, R);
    return R;
  }
  rocmtidy::cmake::LintOptions Opts;
  Opts.Root = repositoryRootOf(File.Absolute);
  Opts.AssumeHip = ProjectBuildsHip;
  // include()d project files are read for the variables they set: regular files only (never a
  // FIFO or device a hostile tree could name), CMake files, of a size real ones have.
  Opts.ReadInclude = [&](const std::string &Path, std::string &Text) {
    return rocmtidy::cmake::isCMakeFile(Path) && Readable(Path, Text);
  };
  auto Result = rocmtidy::cmake::lintCMake(File.Absolute, Content, IsEnabled, Opts);
  if (Result.Template || Result.TemplateTag) {
    // CMake never runs such a file as it stands: configure_file() fills the placeholders first, or
    // a generator (Jinja) expands the tags into the script CMake reads.
    std::string At = Result.Error.substr(0, Result.Error.find(": "));
    R.Notices.push_back(File.Display + ":" + At + ": not read as a CMake script: " +
                        (Result.Template
                             ? "an @NAME@ placeholder where a command belongs makes it a configure_file template"
                             : "a '{%'-style tag where a command belongs makes it a generator's template"));
    return R;
  }
  if (!Result.Error.empty()) {
    R.Errors.push_back(File.Display + ":" + Result.Error + "; the file could not be analysed");
    return R;
  }
  R.Findings = std::move(Result.Findings);
  // What an arm of the CUDA build links or names is never configured by the HIP build (unless the
  // build hipifies, where the CUDA arm may be the one ROCm takes, but not one that tests for the
  // CUDA toolkit or sits beside a HIP arm). rocm-cmake-legacy-cuda is about that arm itself:
  // FindCUDA kept beside the HIP build stops configuring on CMake 3.27.
  for (const rocmtidy::project::CudaArm &Arm : rocmtidy::project::cudaOnlyArms(Content)) {
    if (Hipifies && !Arm.NeverTakenByRocm)
      continue;
    auto Inside = [&](const rocmtidy::Finding &F) {
      return F.Line >= Arm.First && F.Line <= Arm.Last && F.Check != "rocm-cmake-legacy-cuda";
    };
    size_t Before = R.Findings.size();
    R.Findings.erase(std::remove_if(R.Findings.begin(), R.Findings.end(), Inside), R.Findings.end());
    size_t Dropped = Before - R.Findings.size();
    if (Dropped && Verbose)
      R.Notices.push_back(File.Display + ":" + std::to_string(Arm.First) +
                          (Arm.Last == Arm.First ? "" : "-" + std::to_string(Arm.Last)) + ": " +
                          std::to_string(Dropped) + " finding" + (Dropped == 1 ? "" : "s") +
                          " not reported: only the CUDA build configures these lines ('" + Arm.Condition + "', line " +
                          std::to_string(Arm.ConditionLine) + ")");
  }
  partlyRead(Result.SkippedIncludes, Result.ExpansionCut, R);
  return R;
}

/// The parse tree of one CMake file: kind, line:column and decoded value of every argument and
/// comment (the CMake front end's golden tests compare it).
static int dumpOne(const std::string &Path) {
  namespace cmake = rocmtidy::cmake;
  std::optional<std::string> Bytes = readFileBytes(Path);
  if (!Bytes) {
    std::cerr << "rocm-lint: error: " << Path << ": cannot read the file\n";
    return 2;
  }
  const std::string &Content = *Bytes;
  cmake::ParsedFile F;
  cmake::ParseError E;
  if (!cmake::parseCMake(Content, F, E)) {
    std::cout << Path << ":" << E.Line << ":" << E.Column << ": error: " << E.Message << "\n";
    return 2;
  }
  static const char *Kinds[] = {"unquoted", "quoted", "bracket", "open-paren", "close-paren"};
  size_t Ci = 0;
  auto Comments = [&](unsigned Before) {
    for (; Ci < F.Comments.size() && F.Comments[Ci].Offset < Before; ++Ci) {
      const cmake::Comment &C = F.Comments[Ci];
      std::cout << (C.IsBracket ? "bracket-comment " : "comment ") << C.Line << ":" << C.Column << " ["
                << escapeControlCharacters(C.Text, /*EscapeBackslash=*/true) << "]\n";
    }
  };
  for (const cmake::Command &C : F.Commands) {
    Comments(C.Offset);
    std::cout << "command " << C.Name << " " << C.Line << ":" << C.Column << " args=" << C.Args.size() << "\n";
    for (const cmake::Argument &A : C.Args) {
      Comments(A.Offset);
      std::cout << "  " << Kinds[A.Kind] << " " << A.Line << ":" << A.Column << " ["
                << escapeControlCharacters(A.Value, /*EscapeBackslash=*/true) << "]\n";
    }
    Comments(C.EndOffset);
  }
  Comments(~0u);
  return 0;
}

int runDumpCMake(const std::vector<std::string> &Paths) {
  if (Paths.empty()) {
    std::cerr << "rocm-lint: error: --dump-cmake needs a CMake file\n";
    return 2;
  }
  int Rc = 0;
  for (const std::string &P : Paths) {
    struct stat St;
    if (stat(P.c_str(), &St) != 0 || !S_ISREG(St.st_mode)) {
      std::cerr << "rocm-lint: error: " << P << ": not a regular file\n";
      Rc = 2;
      continue;
    }
    Rc = std::max(Rc, dumpOne(P));
  }
  return Rc;
}

} // namespace rocmlint
