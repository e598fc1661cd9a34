// Input discovery: directory walks, .rocm-lint configuration, --changed-since and --shard.
#include "FileBytes.h"
#include "Lint.h"
#include "ProjectPaths.h"

#include "Process.h"
#include "buildscripts/BuildScripts.h"

#include "cmake/CMakeLint.h"
#include "core/Hash.h"
#include "core/SourceKinds.h"
#include "project/BuildStyle.h"
#include "project/CompilerFlags.h"
#include "project/ProjectModel.h"

#include "llvm/Support/Path.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <set>
#include <sys/stat.h>
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
      rocmtidy::project::BuildStyle Parsed;
      if (!rocmtidy::project::parseBuildStyle(Value, Parsed)) {
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
  rocmtidy::project::anchorPathArguments(Config.ExtraArgs, Config.Dir);
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

// Names the model keeps from its walk: what the analysis, the build-script readers and the
// build-style probe read (sources and headers, fragments that includes reach, build scripts,
// Python and shell scripts that may run hipify), and Fortran sources, other accelerators' sources and
// SWIG interfaces, for the headers they include.
static bool keptByWalk(const std::string &Path) {
  if (rocmtidy::sourceKindOf(Path) != rocmtidy::SourceKind::None || isCMakePath(Path) ||
      rocmtidy::isFortranSourceName(Path) || rocmtidy::isOtherAcceleratorSourceName(Path) ||
      rocmtidy::isSwigInterfaceName(Path))
    return true;
  llvm::StringRef Ext = llvm::sys::path::extension(Path);
  return Ext == ".py" || Ext == ".sh" || Ext == ".cmake";
}

// A file named through a link (pre-commit and CI scripts pass committed names, and a committed
// link may name ~/.aws/credentials as 'src/x.cu') is read only when the file it leads to lies in the
// repository of the name as written: what clang would print of it must not reach a report.
static bool linkStaysInRepository(const std::string &Given, const rocmtidy::project::ProjectModel &Bounds) {
  struct stat St;
  if (::lstat(Given.c_str(), &St) != 0 || S_ISDIR(St.st_mode))
    return true;
  std::string Dir = fs::path(Given).parent_path().string();
  std::vector<std::string> Up = Bounds.foldersUpToRoot(Dir);
  std::string Top = Up.empty() ? Dir : Up.back();
  return rocmtidy::project::isWithin(realPathOf(Given), realPathOf(Top));
}

std::function<std::optional<std::string>(const std::string &)> textReader(const ProjectConfig &Config, uint64_t Cap) {
  if (Config.Model)
    return Config.Model->reader(Cap);
  return [Cap](const std::string &P) { return rocmtidy::project::readRegularFile(P, Cap); };
}

bool collectInputs(const Options &Opts, std::vector<InputFile> &Files, ProjectConfig &Config, std::string &Error) {
  std::error_code EC;
  fs::path Cwd = fs::current_path(EC);
  // Configuration is looked for from the working directory up to the repository root, never above.
  const auto Bounds =
      rocmtidy::project::ProjectModel::withRoot(rocmtidy::project::repositoryRoot(Cwd.string()), Cwd.string());
  {
    std::string Found = Bounds.findUpward(Cwd.string(), {".rocm-lint"});
    if (!Found.empty() && !readConfig(Found, Config, Error))
      return false;
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

  // Each input: checked, then either a directory the model walks or a named file.
  struct Root {
    std::string Given;
    fs::path Path;
    bool Dir;
  };
  std::vector<Root> Checked;
  rocmtidy::project::LoadOptions Load;
  Load.Cwd = Cwd.string();
  Load.Keep = keptByWalk;
  for (const std::string &R : Roots) {
    fs::path P = fs::path(R).is_absolute() ? fs::path(R) : Cwd / R;
    if (!linkStaysInRepository(P.lexically_normal().string(), Bounds)) {
      Error = "'" + R + "' is a link to a file outside its repository; it was not read (name the file itself)";
      return false;
    }
    P = fs::weakly_canonical(P, EC);
    fs::file_status St = fs::status(P, EC);
    if (EC || !fs::exists(St)) {
      Error = "no such file or directory: '" + R + "'";
      return false;
    }
    if (fs::is_directory(St)) {
      // An unreadable directory is an error: skipping it would report a clean run that checked
      // nothing there.
      if (access(P.c_str(), R_OK | X_OK) != 0) {
        Error = "cannot read directory '" + R + "': " + std::strerror(errno);
        return false;
      }
      Load.InputDirs.push_back(P.string());
      Checked.push_back({R, P, true});
      continue;
    }
    // A fragment (.inl) is never walked, but one named is analysed like a header.
    if (!hasSourceExtension(P) && !isCMakePath(P) &&
        rocmtidy::sourceKindOf(P.string()) != rocmtidy::SourceKind::Fragment) {
      Error = "unsupported file type: '" + R +
              "' (expected a C++/HIP/CUDA source or header, CMakeLists.txt, *.cmake, a Makefile, *.mk, setup.py or "
              "pyproject.toml)";
      return false;
    }
    // A FIFO, socket or device would block or never end; only regular files are sources.
    if (!fs::is_regular_file(St)) {
      Error = "not a regular file: '" + R + "'";
      return false;
    }
    if (access(P.c_str(), R_OK) != 0) {
      Error = "cannot read '" + R + "': " + std::strerror(errno);
      return false;
    }
    Checked.push_back({R, P, false});
  }
  // The project folders around the inputs: the build scripts, the index and the include scan
  // read the whole project, not only the inputs.
  {
    std::set<std::string> Folders;
    for (const Root &R : Checked) {
      std::string Folder = rocmtidy::project::projectFolder(
          Bounds, R.Dir ? R.Path.string() : R.Path.parent_path().string(),
          [](const std::string &P) { return rocmtidy::project::readRegularFile(P, 1 << 20); });
      if (!Folder.empty())
        Folders.insert(Folder);
    }
    Load.ProjectDirs.assign(Folders.begin(), Folders.end());
  }
  auto Model = std::make_shared<rocmtidy::project::ProjectModel>(rocmtidy::project::ProjectModel::load(Load));
  Config.Model = Model;

  std::set<std::string> Seen;
  auto Add = [&](const fs::path &Walked, bool Named) {
    // One file reached through a symbolic link or a second spelling is one input.
    const fs::path Abs = realPathOf(Walked.string());
    if (FilterChanged && !ChangedSet.count(Abs.string()))
      return;
    if (!Seen.insert(Abs.string()).second)
      return;
    InputFile F{relativeToCwd(Abs.string(), Cwd.string()), Abs.string(), isCMakePath(Abs)};
    F.Named = Named;
    Files.push_back(std::move(F));
  };

  for (const Root &R : Checked) {
    if (!R.Dir) {
      // A file named explicitly is linted even when an exclude pattern covers it.
      Add(R.Path, true);
      continue;
    }
    for (const auto &[Dir, Message] : Model->walkErrors())
      if (rocmtidy::project::isWithin(Dir, R.Path.string()) && !isExcluded(Config, Dir + "/.")) {
        Error = "cannot read directory '" + relativeToCwd(Dir, Cwd.string()) + "': " + Message;
        return false;
      }
    for (const rocmtidy::project::WalkedFile &W : Model->outsideLinks())
      if (W.InInput && rocmtidy::project::isWithin(W.Path, R.Path.string()) && !FilterChanged &&
          (hasSourceExtension(fs::path(W.Path)) || isCMakePath(fs::path(W.Path))) && !isExcluded(Config, W.Path))
        Config.OutsideLinks.push_back(relativeToCwd(W.Path, Cwd.string()));
    for (const rocmtidy::project::WalkedFile *W : Model->filesUnder(R.Path.string())) {
      fs::path E(W->Path);
      if (!(hasSourceExtension(E) || isCMakePath(E)) || isExcluded(Config, W->Path))
        continue;
      if (access(E.c_str(), R_OK) != 0) {
        Error = "cannot read '" + relativeToCwd(E.string(), Cwd.string()) + "': " + std::strerror(errno);
        return false;
      }
      Add(E, false);
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
