// Input discovery: directory walks, .rocm-lint configuration, --changed-since and --shard.
#include "Lint.h"
#include "BuildStyle.h"
#include "ProjectPaths.h"

#include "buildscripts/BuildScripts.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

namespace fs = std::filesystem;

namespace rocmlint {

static bool hasSourceExtension(const fs::path &P) {
  static const std::set<std::string> Exts = {".hip", ".cu", ".cuh", ".cpp", ".cc", ".cxx", ".c", ".h", ".hpp", ".hh", ".hxx"};
  return Exts.count(P.extension().string()) != 0;
}

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
// configuration directory, "dir/" matches directories, '*' stays within a path segment, "**" does not.
static bool matchesExclude(const std::string &Pattern, const std::string &Rel, bool IsDir) {
  std::string P = Pattern;
  bool DirOnly = !P.empty() && P.back() == '/';
  if (DirOnly)
    P.pop_back();
  if (DirOnly && !IsDir)
    return false;
  bool Anchored = P.find('/') != std::string::npos;
  if (!P.empty() && P.front() == '/')
    P.erase(0, 1);
  std::string Re;
  for (size_t I = 0; I < P.size(); ++I) {
    char C = P[I];
    if (C == '*' && I + 1 < P.size() && P[I + 1] == '*') {
      Re += ".*";
      ++I;
    } else if (C == '*') {
      Re += "[^/]*";
    } else if (C == '?') {
      Re += "[^/]";
    } else if (std::string("\\^$.|+()[]{}").find(C) != std::string::npos) {
      Re += '\\';
      Re += C;
    } else {
      Re += C;
    }
  }
  std::regex R(Anchored ? Re : "(.*/)?" + Re);
  return std::regex_match(Rel, R);
}

static bool readConfig(const fs::path &File, ProjectConfig &Config, std::string &Error) {
  std::ifstream In(File);
  if (!In) {
    Error = "cannot read '" + File.string() + "'";
    return false;
  }
  Config.Dir = File.parent_path().string();
  std::string Line;
  unsigned N = 0;
  while (std::getline(In, Line)) {
    ++N;
    std::string T = trim(Line);
    if (T.empty() || T[0] == '#')
      continue;
    size_t Eq = T.find('=');
    if (Eq == std::string::npos) {
      Error = File.string() + ":" + std::to_string(N) + ": expected 'key = value' (keys: exclude, targets, extra-arg, build-style)";
      return false;
    }
    std::string Key = trim(T.substr(0, Eq)), Value = trim(T.substr(Eq + 1));
    if (Value.empty()) {
      Error = File.string() + ":" + std::to_string(N) + ": empty value for '" + Key + "'";
      return false;
    }
    if (Key == "exclude") {
      try {
        (void)matchesExclude(Value, "x", false);
      } catch (const std::regex_error &) {
        Error = File.string() + ":" + std::to_string(N) + ": bad exclude pattern '" + Value + "'";
        return false;
      }
      Config.Excludes.push_back(Value);
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
      Error = File.string() + ":" + std::to_string(N) + ": unknown key '" + Key + "' (keys: exclude, targets, extra-arg, build-style)";
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
  for (const std::string &P : Config.Excludes)
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

static std::string displayPath(const fs::path &Abs, const fs::path &Cwd) {
  std::string A = Abs.string(), C = Cwd.string();
  if (A.size() > C.size() && A.compare(0, C.size(), C) == 0 && A[C.size()] == '/')
    return A.substr(C.size() + 1);
  return A;
}

static bool runGit(const std::string &Args, std::vector<std::string> &Lines, std::string &Error) {
  std::string Cmd = "git " + Args + " 2>&1";
  FILE *F = popen(Cmd.c_str(), "r");
  if (!F) {
    Error = "cannot run git";
    return false;
  }
  std::string Out;
  char Buf[4096];
  size_t N;
  while ((N = fread(Buf, 1, sizeof Buf, F)) > 0)
    Out.append(Buf, N);
  int Status = pclose(F);
  std::istringstream S(Out);
  std::string L;
  while (std::getline(S, L))
    if (!L.empty())
      Lines.push_back(L);
  if (Status != 0) {
    Error = Lines.empty() ? "git failed" : Lines.front();
    return false;
  }
  return true;
}

static uint64_t fnv1a(const std::string &S) {
  uint64_t H = 1469598103934665603ull;
  for (unsigned char C : S) {
    H ^= C;
    H *= 1099511628211ull;
  }
  return H;
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
    if (!runGit("diff --name-only --relative --diff-filter=ACMRT " + Opts.ChangedSince + " --", Changed, GitErr) ||
        !runGit("ls-files --others --exclude-standard", Changed, GitErr)) {
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
    Files.push_back({displayPath(Abs, Cwd), Abs.string(), isCMakePath(Abs)});
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
      fs::recursive_directory_iterator It(P, fs::directory_options::skip_permission_denied, EC), End;
      if (EC) {
        Error = "cannot read directory '" + Root + "': " + EC.message();
        return false;
      }
      std::vector<fs::path> Found;
      for (; It != End; It.increment(EC)) {
        if (EC)
          break;
        const fs::path &E = It->path();
        std::string Name = E.filename().string();
        bool IsDir = It->is_directory(EC);
        if (IsDir) {
          // Hidden directories (.git) and CMake's own build trees hold nothing to port.
          if ((!Name.empty() && Name[0] == '.') || Name == "CMakeFiles" || excluded(Config, E, true))
            It.disable_recursion_pending();
          continue;
        }
        if (!It->is_regular_file(EC) || !(hasSourceExtension(E) || isCMakePath(E)) || excluded(Config, E, false))
          continue;
        Found.push_back(E);
      }
      std::sort(Found.begin(), Found.end());
      for (const fs::path &F : Found)
        Add(F);
    } else {
      if (!hasSourceExtension(P) && !isCMakePath(P)) {
        Error = "unsupported file type: '" + Root + "' (expected a C++/HIP/CUDA source or header, CMakeLists.txt, *.cmake, a Makefile, *.mk, setup.py or pyproject.toml)";
        return false;
      }
      // A file named explicitly is linted even when an exclude pattern covers it.
      Add(P);
    }
  }

  if (Opts.ShardCount) {
    std::vector<InputFile> Mine;
    for (InputFile &F : Files)
      if (fnv1a(F.Display) % Opts.ShardCount == Opts.ShardIndex - 1)
        Mine.push_back(std::move(F));
    Files = std::move(Mine);
  }
  return true;
}

} // namespace rocmlint
