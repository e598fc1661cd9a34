#include "project/ProjectModel.h"

#include "cmake/CMakeParser.h"
#include "project/BackendRegistry.h"
#include "project/ProjectPaths.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <set>
#include <sys/stat.h>
#include <unistd.h>

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

namespace rocmtidy::project {

namespace {

std::string normal(const std::string &P) {
  llvm::SmallString<256> S(P);
  path::remove_dots(S, /*remove_dot_dot=*/true);
  return std::string(S.str());
}

std::string parentOf(const std::string &P) { return std::string(path::parent_path(P)); }

} // namespace

bool isWithin(const std::string &Path, const std::string &Dir) {
  if (Dir.empty())
    return false;
  if (Dir == "/")
    return !Path.empty() && Path[0] == '/';
  return Path == Dir || (Path.size() > Dir.size() && Path.compare(0, Dir.size(), Dir) == 0 && Path[Dir.size()] == '/');
}

unsigned configureTemplateLine(const std::string &Text) {
  unsigned Line = 1;
  for (size_t At = 0; At < Text.size(); ++Line) {
    size_t End = Text.find('\n', At);
    if (End == std::string::npos)
      End = Text.size();
    size_t I = Text.find_first_not_of(" \t", At);
    if (I < End && Text[I] == '#') {
      size_t D = Text.find_first_not_of(" \t", I + 1);
      if (D < End && (Text.compare(D, 11, "cmakedefine") == 0 || Text.compare(D, 11, "mesondefine") == 0))
        return Line;
    }
    At = End + 1;
  }
  return 0;
}

bool outsideOwnBuild(const std::string &Name) {
  static const char *const Others[] = {"build",  "CMakeFiles",   "third_party", "3rdparty", "external",
                                       "vendor", "node_modules", "tests",       "test",     "docs"};
  return std::find(std::begin(Others), std::end(Others), Name) != std::end(Others);
}

namespace {
std::optional<std::string> gitTopLevel(const std::string &Dir) {
  for (std::string D = normal(Dir); !D.empty(); D = parentOf(D)) {
    llvm::SmallString<256> Git(D);
    path::append(Git, ".git");
    // A folder, or a worktree's or submodule's "gitdir:" file: either marks the top level.
    if (fs::exists(Git))
      return D;
    if (D == "/")
      break;
  }
  return std::nullopt;
}
} // namespace

std::string repositoryRoot(const std::string &Cwd) { return gitTopLevel(Cwd).value_or(normal(Cwd)); }

bool isRegularFile(const std::string &Path) {
  struct stat St;
  return ::stat(Path.c_str(), &St) == 0 && S_ISREG(St.st_mode);
}

std::optional<std::string> readRegularFile(const std::string &Path, uint64_t Cap, std::string *Why) {
  auto Fail = [&](std::string W) -> std::optional<std::string> {
    if (Why)
      *Why = std::move(W);
    return std::nullopt;
  };
  // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer forever.
  int FD = ::open(Path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (FD < 0)
    return Fail(std::strerror(errno));
  struct stat St;
  if (::fstat(FD, &St) != 0 || !S_ISREG(St.st_mode)) {
    ::close(FD);
    return Fail("not a regular file");
  }
  if (uint64_t(St.st_size) > Cap) {
    ::close(FD);
    return Fail("larger than " + std::to_string(Cap >> 20) + " MiB");
  }
  std::string Out(size_t(St.st_size), '\0');
  size_t Done = 0;
  while (Done < Out.size()) {
    ssize_t Got = ::read(FD, Out.data() + Done, Out.size() - Done);
    if (Got < 0 && errno == EINTR)
      continue;
    if (Got <= 0)
      break;
    Done += size_t(Got);
  }
  ::close(FD);
  Out.resize(Done); // a file that shrank while being read
  return Out;
}

std::optional<std::string> ProjectModel::readThrough(Texts &Store, const std::string &Path, uint64_t Cap) {
  {
    std::lock_guard<std::mutex> Lock(Store.Mu);
    auto It = Store.ByPath.find(Path);
    if (It != Store.ByPath.end()) {
      const std::optional<std::string> &Text = *It->second;
      if (Text && Text->size() > Cap)
        return std::nullopt;
      return Text;
    }
  }
  // Read outside the lock (readers run on several threads); the first text recorded wins, so
  // every reader gets the same bytes.
  std::string Why;
  auto Text = std::make_shared<const std::optional<std::string>>(readRegularFile(Path, Cap, &Why));
  if (!*Text && Why.rfind("larger than", 0) == 0)
    return std::nullopt;
  std::lock_guard<std::mutex> Lock(Store.Mu);
  const std::optional<std::string> &Kept = *Store.ByPath.emplace(Path, std::move(Text)).first->second;
  if (Kept && Kept->size() > Cap)
    return std::nullopt;
  return Kept;
}

std::optional<std::string> ProjectModel::read(const std::string &Path, uint64_t Cap) const {
  return readThrough(*Read, Path, Cap);
}

std::function<std::optional<std::string>(const std::string &)> ProjectModel::reader(uint64_t Cap) const {
  // The store, not the model: a reader may outlive the copy of the model it came from.
  return [Store = Read, Cap](const std::string &P) { return readThrough(*Store, P, Cap); };
}

const BackendRegistry &ProjectModel::backendRegistry(const std::string &TopScript) const {
  std::lock_guard<std::mutex> Lock(Backends->Mu);
  std::shared_ptr<const BackendRegistry> &Slot = Backends->ByScript[TopScript];
  if (!Slot)
    Slot = std::make_shared<const BackendRegistry>(BackendRegistry::read(TopScript, reader(1 << 20)));
  return *Slot;
}

std::string ProjectModel::includeRootFor(const std::string &Name) const {
  llvm::StringRef N(Name);
  if (!N.contains('/') || N.contains("..") || N.starts_with("/") || N.starts_with("./"))
    return "";
  std::call_once(Names->Built, [&] {
    std::vector<std::string> Paths;
    Paths.reserve(Files.size());
    for (const WalkedFile &F : Files)
      Paths.push_back(F.Path);
    Names->Index.emplace(Paths);
  });
  const std::optional<FileNameIndex> &Index = Names->Index;
  if (!Index)
    return "";
  std::optional<std::string> Found = Index->unique(Name);
  return Found ? Found->substr(0, Found->size() - N.size() - 1) : "";
}

ProjectModel ProjectModel::withRoot(std::string Root, std::string Cwd) {
  ProjectModel M;
  M.Root = normal(Root);
  M.Cwd = normal(Cwd);
  return M;
}

ProjectModel ProjectModel::load(const LoadOptions &Opts) {
  ProjectModel M = withRoot(repositoryRoot(Opts.Cwd), Opts.Cwd);
  std::set<std::string> Seen;   // files
  std::set<std::string> Walked; // folders entered
  auto Walk = [&](const std::string &Start, bool InInput, unsigned Limit) {
    unsigned Entries = 0;
    // A file link of a hostile tree may name any file of the user's (~/.aws/credentials as
    // 'src/x.cu'); what the parse would print of it must not reach a report. Links stay inside
    // the repository of the folder walked.
    const std::string Top = realPathOf(M.contains(normal(Start)) ? M.Root : gitTopLevel(Start).value_or(Start));
    std::vector<std::string> Stack{normal(Start)};
    while (!Stack.empty()) {
      std::string Dir = std::move(Stack.back());
      Stack.pop_back();
      if (!Walked.insert(Dir).second)
        continue;
      std::error_code EC;
      std::vector<std::string> Subdirs;
      // Not following links: a folder link could lead out of the tree or back into it.
      for (fs::directory_iterator It(Dir, EC, /*follow_symlinks=*/false), End; It != End && !EC; It.increment(EC)) {
        if (Limit && ++Entries > Limit) {
          M.Truncated = true;
          return;
        }
        const std::string &P = It->path();
        llvm::StringRef Name = path::filename(P);
        fs::file_type T = It->type();
        if (T == fs::file_type::directory_file) {
          if (!Name.starts_with(".") && Name != "CMakeFiles")
            Subdirs.push_back(P);
          continue;
        }
        bool Regular = T == fs::file_type::regular_file;
        // A file link counts as the file it names (the input list resolves it).
        bool Link = T == fs::file_type::symlink_file || T == fs::file_type::type_unknown;
        if (Link)
          Regular = isRegularFile(P);
        if (!Regular || (Opts.Keep && !Opts.Keep(P)))
          continue;
        if (Link && !isWithin(realPathOf(P), Top)) {
          if (Seen.insert(P).second)
            M.OutsideLinks.push_back({P, InInput});
          continue;
        }
        if (Seen.insert(P).second)
          M.Files.push_back({P, InInput});
      }
      if (EC)
        M.Errors.push_back({Dir, EC.message()});
      // Depth first in name order, so that a limit cuts the same files every run.
      std::sort(Subdirs.rbegin(), Subdirs.rend());
      for (std::string &S : Subdirs)
        Stack.push_back(std::move(S));
    }
  };
  for (const std::string &D : Opts.InputDirs)
    Walk(D, true, 0);
  for (const std::string &D : Opts.ProjectDirs) {
    M.ProjectDirs.push_back(normal(D));
    Walk(D, false, Opts.EntryLimit);
  }
  std::sort(M.ProjectDirs.begin(), M.ProjectDirs.end());
  auto ByPath = [](const WalkedFile &A, const WalkedFile &B) { return A.Path < B.Path; };
  std::sort(M.Files.begin(), M.Files.end(), ByPath);
  std::sort(M.OutsideLinks.begin(), M.OutsideLinks.end(), ByPath);
  for (const WalkedFile &F : M.Files)
    if (path::filename(F.Path) == "CMakeLists.txt")
      M.CMakeScripts.push_back(F.Path);
  return M;
}

std::vector<const WalkedFile *> ProjectModel::filesUnder(const std::string &Dir) const {
  std::vector<const WalkedFile *> Out;
  std::string D = normal(Dir);
  auto It = std::lower_bound(Files.begin(), Files.end(), D,
                             [](const WalkedFile &F, const std::string &K) { return F.Path < K; });
  for (; It != Files.end() && (isWithin(It->Path, D) || It->Path.compare(0, D.size(), D) == 0); ++It)
    if (isWithin(It->Path, D))
      Out.push_back(&*It);
  return Out;
}

std::vector<std::string> ProjectModel::foldersUpToRoot(const std::string &Dir) const {
  std::vector<std::string> Out;
  std::string D = normal(Dir);
  // A folder outside the working directory's repository has its own: its git top level, or
  // only itself when it is in none.
  std::string Top = contains(D) ? Root : gitTopLevel(D).value_or(D);
  for (; isWithin(D, Top); D = parentOf(D)) {
    Out.push_back(D);
    if (D == Top || D == "/")
      break;
  }
  return Out;
}

std::string ProjectModel::findUpward(const std::string &Dir, const std::vector<std::string> &Names) const {
  for (const std::string &D : foldersUpToRoot(Dir))
    for (const std::string &N : Names) {
      llvm::SmallString<256> P(D);
      path::append(P, N);
      if (isRegularFile(std::string(P.str())))
        return std::string(P.str());
    }
  return "";
}

namespace {
struct ProjectCommand : cmake::ParseCallbacks {
  bool Found = false;
  void command(const cmake::Command &C) override { Found |= C.LowerName == "project"; }
};
} // namespace

std::string projectFolder(const ProjectModel &Bounds, const std::string &Start,
                          const std::function<std::optional<std::string>(const std::string &)> &Read) {
  std::string Best;
  auto Has = [](const std::string &D, const char *Name) {
    llvm::SmallString<256> P(D);
    path::append(P, Name);
    return fs::exists(P);
  };
  std::vector<std::string> Up = Bounds.foldersUpToRoot(Start);
  for (size_t I = 0; I < Up.size() && I < 6; ++I) {
    const std::string &D = Up[I];
    bool Marker = Has(D, "setup.py") || Has(D, "pyproject.toml") || Has(D, ".git");
    if (!Marker && Has(D, "CMakeLists.txt")) {
      std::optional<std::string> Text = Read(D + "/CMakeLists.txt");
      ProjectCommand P;
      cmake::ParseError E;
      Marker = Text && cmake::parseCMake(*Text, P, E) && P.Found;
    }
    if (Marker)
      Best = D;
    if (Has(D, ".git") || Has(D, ".rocm-lint"))
      break;
  }
  return Best;
}

} // namespace rocmtidy::project
