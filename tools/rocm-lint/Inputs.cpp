// Input discovery: directory walks, .rocm-lint configuration, --changed-since and --shard.
#include "BuildStyle.h"
#include "FileBytes.h"
#include "Lint.h"
#include "ProjectPaths.h"

#include "buildscripts/BuildScripts.h"
#include "Process.h"

#include "cmake/CMakeLint.h"
#include "core/Hash.h"
#include "core/SourceKinds.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <set>
#include <tuple>
#include <unistd.h>

namespace fs = std::filesystem;

namespace rocmlint {

static bool hasSourceExtension(const fs::path &P) { return rocmtidy::isWalkedSourceName(P.string()); }

// Build scripts: CMake files, Makefiles, setup.py and pyproject.toml.
static bool isCMakePath(const fs::path &P) {
  return rocmtidy::buildscripts::scriptKind(P.string()) != rocmtidy::buildscripts::ScriptKind::None;
}

static std::string trim(std::string S) {
  size_t B = S.find_first_not_of(" \t\r");
  size_t E = S.find_last_not_of(" \t\r");
  return B == std::string::npos ? "" : S.substr(B, E - B + 1);
}

// .gitignore-like: "name" matches a file or directory name at any depth, "a/b" is anchored at the
// configuration directory, "dir/" matches directories, '*' stays within a path segment and a "**"
// segment spans any number of segments. Segments are matched with rocmtidy::SegmentGlob and the "**"
// segments by a table over (pattern segment, path segment), so the time is bounded by the product
// of the two lengths: no pattern can make the match backtrack exponentially.
static std::vector<std::string> splitSegments(const std::string &S) {
  std::vector<std::string> Parts;
  std::string Cur;
  for (char C : S) {
    if (C == '/') {
      if (!Cur.empty())
        Parts.push_back(Cur);
      Cur.clear();
    } else {
      Cur += C;
    }
  }
  if (!Cur.empty())
    Parts.push_back(Cur);
  return Parts;
}

static bool compileExclude(const std::string &Pattern, ExcludePattern &Out, std::string &Error) {
  std::string P = Pattern;
  Out.DirOnly = !P.empty() && P.back() == '/';
  if (Out.DirOnly)
    P.pop_back();
  bool Anchored = P.find('/') != std::string::npos;
  std::vector<std::string> Segs = splitSegments(P);
  if (Segs.empty()) {
    Error = "empty pattern";
    return false;
  }
  if (!Anchored)
    Out.Segments.push_back({true, {}});
  for (std::string &S : Segs) {
    if (S == "**") {
      // Consecutive "**" segments mean the same as one.
      if (Out.Segments.empty() || !Out.Segments.back().AnySegments)
        Out.Segments.push_back({true, {}});
      continue;
    }
    // Elsewhere "**" is an ordinary '*' (gitignore).
    std::string G;
    for (size_t I = 0; I < S.size(); ++I) {
      if (S[I] == '\\' && I + 1 < S.size()) {
        G += S[I];
        G += S[++I];
      } else if (S[I] == '*' && !G.empty() && G.back() == '*' && (G.size() < 2 || G[G.size() - 2] != '\\')) {
        continue;
      } else {
        G += S[I];
      }
    }
    ExcludePattern::Segment Seg;
    if (!rocmtidy::SegmentGlob::compile(G, Seg.Glob, Error))
      return false;
    Out.Segments.push_back(std::move(Seg));
  }
  return true;
}

static bool matchesExclude(const ExcludePattern &Pattern, const std::string &Rel, bool IsDir) {
  if (Pattern.DirOnly && !IsDir)
    return false;
  std::vector<std::string> Path = splitSegments(Rel);
  const auto &Pat = Pattern.Segments;
  size_t NP = Pat.size(), NS = Path.size();
  // Can[i][j]: pattern segments i.. match path segments j..
  std::vector<std::vector<char>> Can(NP + 1, std::vector<char>(NS + 1, 0));
  Can[NP][NS] = 1;
  for (size_t I = NP; I-- > 0;) {
    for (size_t J = NS + 1; J-- > 0;) {
      if (Pat[I].AnySegments)
        Can[I][J] = Can[I + 1][J] || (J < NS && Can[I][J + 1]);
      else
        Can[I][J] = J < NS && Can[I + 1][J + 1] && Pat[I].Glob.match(Path[J]);
    }
  }
  return Can[0][0];
}

static bool readConfig(const fs::path &File, ProjectConfig &Config, std::string &Error) {
  std::optional<std::string> Text = readFileBytes(File.string());
  if (!Text) {
    Error = "cannot read '" + File.string() + "'";
    return false;
  }
  Config.Dir = File.parent_path().string();
  unsigned N = 0;
  for (llvm::StringRef Rest = *Text; !Rest.empty();) {
    llvm::StringRef Line;
    std::tie(Line, Rest) = Rest.split('\n');
    ++N;
    std::string T = trim(Line.str());
    if (T.empty() || T[0] == '#')
      continue;
    size_t Eq = T.find('=');
    if (Eq == std::string::npos) {
      Error = File.string() + ":" + std::to_string(N) +
              ": expected 'key = value' (keys: exclude, targets, extra-arg, build-style)";
      return false;
    }
    std::string Key = trim(T.substr(0, Eq)), Value = trim(T.substr(Eq + 1));
    if (Value.empty()) {
      Error = File.string() + ":" + std::to_string(N) + ": empty value for '" + Key + "'";
      return false;
    }
    if (Key == "exclude") {
      ExcludePattern Compiled;
      std::string Why;
      if (!compileExclude(Value, Compiled, Why)) {
        Error = File.string() + ":" + std::to_string(N) + ": bad exclude pattern '" + Value + "': " + Why;
        return false;
      }
      Config.Excludes.push_back(Value);
      Config.CompiledExcludes.push_back(std::move(Compiled));
    } else if (Key == "targets") {
      Config.Targets = Value;
    } else if (Key == "extra-arg") {
      Config.ExtraArgs.push_back(Value);
    } else if (Key == "build-style") {
      BuildStyle Parsed;
      if (!parseBuildStyle(Value, Parsed)) {
        Error = File.string() + ":" + std::to_string(N) + ": unknown build style '" + Value +
                "' (single-source, hipify or hip-only)";
        return false;
      }
      Config.BuildStyle = Value;
    } else {
      Error = File.string() + ":" + std::to_string(N) + ": unknown key '" + Key +
              "' (keys: exclude, targets, extra-arg, build-style)";
      return false;
    }
  }
  // Relative paths in the file mean its own directory, wherever rocm-lint is started.
  absolutizePathArguments(Config.ExtraArgs, Config.Dir);
  return true;
}

static bool excluded(const ProjectConfig &Config, const fs::path &Abs, bool IsDir) {
  if (Config.Dir.empty() || Config.Excludes.empty())
    return false;
  std::error_code EC;
  fs::path Rel = fs::relative(Abs, Config.Dir, EC);
  if (EC || Rel.empty() || *Rel.begin() == "..")
    return false;
  std::string R = Rel.generic_string();
  for (const ExcludePattern &P : Config.CompiledExcludes)
    if (matchesExclude(P, R, IsDir))
      return true;
  return false;
}

bool isExcluded(const ProjectConfig &Config, const std::string &AbsolutePath) {
  fs::path P(AbsolutePath);
  if (excluded(Config, P, false))
    return true;
  // "dir/" patterns name directories: a file is excluded when one of its directories is.
  for (fs::path D = P.parent_path(); !D.empty() && D != D.root_path(); D = D.parent_path())
    if (excluded(Config, D, true))
      return true;
  return false;
}

// git without a shell; names come NUL-separated (-z), so names git would quote arrive verbatim.
static bool runGit(const std::vector<std::string> &Args, std::vector<std::string> &Names, std::string &Error) {
  std::string Out;
  if (!runProgram("git", Args, Out, Error))
    return false;
  for (std::string &N : splitNul(Out))
    Names.push_back(std::move(N));
  return true;
}

bool collectInputs(const Options &Opts, std::vector<InputFile> &Files, ProjectConfig &Config, std::string &Error) {
  std::error_code EC;
  fs::path Cwd = fs::current_path(EC);
  for (fs::path D = Cwd; !D.empty(); D = D.parent_path()) {
    if (fs::is_regular_file(D / ".rocm-lint", EC)) {
      if (!readConfig(D / ".rocm-lint", Config, Error))
        return false;
      break;
    }
    if (D == D.root_path())
      break;
  }

  std::vector<std::string> Roots = Opts.Paths;
  std::set<std::string> ChangedSet;
  bool FilterChanged = !Opts.ChangedSince.empty();
  if (FilterChanged) {
    std::vector<std::string> Changed;
    std::string GitErr;
    // A revision that starts with '-' would be read as an option (--output=FILE makes git write).
    if (Opts.ChangedSince[0] == '-') {
      Error = "invalid revision '" + Opts.ChangedSince + "' for --changed-since: a revision cannot start with '-'";
      return false;
    }
    if (!runGit({"diff", "--name-only", "-z", "--relative", "--diff-filter=ACMRT", "--end-of-options",
                 Opts.ChangedSince, "--"},
                Changed, GitErr) ||
        !runGit({"ls-files", "-z", "--others", "--exclude-standard"}, Changed, GitErr)) {
      Error = "cannot list the files changed since '" + Opts.ChangedSince + "': " + GitErr;
      return false;
    }
    for (const std::string &C : Changed)
      ChangedSet.insert(fs::weakly_canonical(Cwd / C, EC).string());
    if (Roots.empty())
      Roots.push_back(".");
  }
  if (Roots.empty()) {
    Error = "no input: give files or directories (see 'rocm-lint --help')";
    return false;
  }

  std::set<std::string> Seen;
  auto Add = [&](const fs::path &Walked) {
    // One file reached through a symbolic link or a second spelling is one input.
    const fs::path Abs = realPathOf(Walked.string());
    if (FilterChanged && !ChangedSet.count(Abs.string()))
      return;
    if (!Seen.insert(Abs.string()).second)
      return;
    Files.push_back({relativeToCwd(Abs.string(), Cwd.string()), Abs.string(), isCMakePath(Abs)});
  };

  for (const std::string &Root : Roots) {
    fs::path P = fs::path(Root).is_absolute() ? fs::path(Root) : Cwd / Root;
    P = fs::weakly_canonical(P, EC);
    fs::file_status St = fs::status(P, EC);
    if (EC || !fs::exists(St)) {
      Error = "no such file or directory: '" + Root + "'";
      return false;
    }
    if (fs::is_directory(St)) {
      // An unreadable directory is an error: skipping it would report a clean run that checked
      // nothing there.
      fs::recursive_directory_iterator It(P, fs::directory_options::none, EC), End;
      if (EC) {
        Error = "cannot read directory '" + Root + "': " + EC.message();
        return false;
      }
      std::vector<fs::path> Found;
      fs::path Entered = P; // the directory the next increment descends into, for the message
      // A failed increment may leave the iterator at its end: the error is checked after each
      // step, not only while entries remain.
      for (bool First = true;; First = false) {
        if (!First)
          It.increment(EC);
        if (EC) {
          Error = "cannot read directory '" + relativeToCwd(Entered.string(), Cwd.string()) + "': " + EC.message();
          return false;
        }
        if (It == End)
          break;
        const fs::path &E = It->path();
        std::string Name = E.filename().string();
        bool IsDir = It->is_directory(EC);
        if (IsDir) {
          // Hidden directories (.git) and CMake's own build trees hold nothing to port.
          if ((!Name.empty() && Name[0] == '.') || Name == "CMakeFiles" || excluded(Config, E, true))
            It.disable_recursion_pending();
          else
            Entered = E;
          continue;
        }
        if (!It->is_regular_file(EC) || !(hasSourceExtension(E) || isCMakePath(E)) || excluded(Config, E, false))
          continue;
        if (access(E.c_str(), R_OK) != 0) {
          Error = "cannot read '" + relativeToCwd(E.string(), Cwd.string()) + "': " + std::strerror(errno);
          return false;
        }
        Found.push_back(E);
      }
      std::sort(Found.begin(), Found.end());
      for (const fs::path &F : Found)
        Add(F);
    } else {
      if (!hasSourceExtension(P) && !isCMakePath(P)) {
        Error = "unsupported file type: '" + Root +
                "' (expected a C++/HIP/CUDA source or header, CMakeLists.txt, *.cmake, a Makefile, *.mk, setup.py or "
                "pyproject.toml)";
        return false;
      }
      // A FIFO, socket or device would block or never end; only regular files are sources.
      if (!fs::is_regular_file(St)) {
        Error = "not a regular file: '" + Root + "'";
        return false;
      }
      if (access(P.c_str(), R_OK) != 0) {
        Error = "cannot read '" + Root + "': " + std::strerror(errno);
        return false;
      }
      // A file named explicitly is linted even when an exclude pattern covers it.
      Add(P);
    }
  }

  if (Opts.ShardCount) {
    std::vector<InputFile> Mine;
    for (InputFile &F : Files)
      if (rocmtidy::fnv1a64(F.Display) % Opts.ShardCount == Opts.ShardIndex - 1)
        Mine.push_back(std::move(F));
    Files = std::move(Mine);
  }
  return true;
}

} // namespace rocmlint
