#include "ast/ProjectIndexOption.h"

#include "core/BoundedFile.h"
#include "clang/AST/DeclTemplate.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <cstdlib>
#include <map>
#include <mutex>
#include <sys/stat.h>
#include <vector>

namespace rocmtidy {

namespace {

// Index files by path, reloaded when they change: rocm-clangd lives for a whole editing session.
struct LoadedIndex {
  struct timespec MTime{};
  off_t Size = -1;
  std::shared_ptr<const ProjectIndex> Index;
  std::string Problem;
};

// A repository's own .clang-tidy or .clangd can name the index file, so it is read only from the
// project (git's top level above the working folder, else the working folder) or the user's
// rocm-lint cache folder: never /dev/stdin (rocm-clangd's LSP input), /dev/zero or a user's files.
std::vector<std::string> allowedIndexFolders() {
  std::vector<std::string> Out;
  auto AddReal = [&](const std::string &P) {
    llvm::SmallString<256> Real;
    if (!P.empty() && !llvm::sys::fs::real_path(P, Real))
      Out.push_back(std::string(Real));
  };
  llvm::SmallString<256> Cwd;
  if (!llvm::sys::fs::current_path(Cwd)) {
    std::string Root(Cwd);
    for (llvm::StringRef D = Cwd; !D.empty(); D = llvm::sys::path::parent_path(D)) {
      llvm::SmallString<256> Git(D);
      llvm::sys::path::append(Git, ".git");
      if (llvm::sys::fs::exists(Git)) {
        Root = D.str();
        break;
      }
    }
    AddReal(Root);
  }
  if (const char *X = std::getenv("XDG_CACHE_HOME"); X && *X && llvm::sys::path::is_absolute(X))
    AddReal(std::string(X) + "/rocm-lint");
  if (const char *H = std::getenv("HOME"); H && *H)
    AddReal(std::string(H) + "/.cache/rocm-lint");
  return Out;
}

bool isWithin(llvm::StringRef Path, llvm::StringRef Folder) {
  if (!Path.starts_with(Folder))
    return false;
  return Path.size() == Folder.size() || Folder.ends_with("/") || Path[Folder.size()] == '/';
}

// The largest index file read: a few hundred bytes per kernel.
constexpr size_t MaxIndexBytes = 64u << 20;

std::shared_ptr<const ProjectIndex> loadIndexFile(const std::string &Path, std::string &Problem) {
  static std::mutex Mu;
  static std::map<std::string, LoadedIndex> Cache;
  llvm::SmallString<256> Real;
  if (std::error_code EC = llvm::sys::fs::real_path(Path, Real)) {
    Problem = EC == std::errc::no_such_file_or_directory ? "no such file" : EC.message();
    return nullptr;
  }
  bool Allowed = false;
  for (const std::string &F : allowedIndexFolders())
    Allowed |= isWithin(Real, F);
  if (!Allowed) {
    Problem = "outside the project folder and the rocm-lint cache folder";
    return nullptr;
  }
  struct stat St;
  if (::stat(Real.c_str(), &St) != 0) {
    Problem = "no such file";
    return nullptr;
  }
  std::lock_guard<std::mutex> L(Mu);
  LoadedIndex &E = Cache[std::string(Real)];
  if (E.Size == St.st_size && E.MTime.tv_sec == St.st_mtim.tv_sec && E.MTime.tv_nsec == St.st_mtim.tv_nsec) {
    Problem = E.Problem;
    return E.Index;
  }
  E = LoadedIndex();
  E.Size = St.st_size;
  E.MTime = St.st_mtim;
  BoundedReadOptions O;
  O.MaxBytes = MaxIndexBytes;
  if (auto Text = readBoundedFile(std::string(Real), O, E.Problem)) {
    std::string Error;
    auto Parsed = ProjectIndex::fromJson(*Text, Error);
    if (Parsed)
      E.Index = std::make_shared<const ProjectIndex>(std::move(*Parsed));
    else
      E.Problem = Error;
  }
  Problem = E.Problem;
  return E.Index;
}

} // namespace

std::string DefinitionElsewhere::describe() const {
  std::string S = "defined in " + Def->Display + ":" + std::to_string(Def->Line);
  if (Def->HasBounds && MaxThreads)
    S += std::string(" with ") + (Def->FlatWorkGroupSize ? "amdgpu_flat_work_group_size(1, " : "__launch_bounds__(") +
         std::to_string(*MaxThreads) + ")";
  return S;
}

ProjectIndexOption::ProjectIndexOption(clang::tidy::ClangTidyCheck::OptionsView &Options) {
  Path = Options.get("ProjectIndex", Options.getLocalOrGlobal("RocmProjectIndex", "")).str();
  if (IndexRegistration::isRegistrationValue(Path)) {
    if (std::optional<IndexHandle> H = IndexRegistration::resolve(Path)) {
      Index = std::move(H->Index);
      Log = std::move(H->Log);
    } else {
      Problem = "no index of this run has that name";
    }
  } else if (!Path.empty()) {
    Index = loadIndexFile(Path, Problem);
  }
}

void ProjectIndexOption::reportProblems(const clang::tidy::ClangTidyCheck &Check, llvm::StringRef CheckName) const {
  if (!Problem.empty())
    Check.configurationDiag("cannot read the project index '%0' named in option 'ProjectIndex' of '%1': %2; kernels "
                            "defined in other files stay unknown")
        << Path << CheckName << Problem;
}

void ProjectIndexOption::store(clang::tidy::ClangTidyCheck::OptionsView &Options,
                               clang::tidy::ClangTidyOptions::OptionMap &Opts) const {
  Options.store(Opts, "ProjectIndex", Path);
}

std::optional<DefinitionElsewhere> ProjectIndexOption::lookup(const clang::FunctionDecl &Kernel) const {
  if (!Index)
    return std::nullopt;
  // A body in this translation unit is the better witness; internal kernels cannot be defined
  // anywhere else.
  if (Kernel.hasBody() || Kernel.isInAnonymousNamespace() || Kernel.getStorageClass() == clang::SC_Static)
    return std::nullopt;
  if (const clang::FunctionTemplateDecl *T = Kernel.getPrimaryTemplate())
    if (T->getTemplatedDecl()->hasBody())
      return std::nullopt;
  const KernelDefinition *Def = Index->find(Kernel.getQualifiedNameAsString(), Kernel.getNumParams(), Log.get());
  if (!Def)
    return std::nullopt;
  std::vector<std::optional<int64_t>> Args;
  if (const clang::TemplateArgumentList *TA = Kernel.getTemplateSpecializationArgs())
    for (const clang::TemplateArgument &A : TA->asArray())
      Args.push_back(A.getKind() == clang::TemplateArgument::Integral
                         ? std::optional<int64_t>(A.getAsIntegral().getExtValue())
                         : std::nullopt);
  DefinitionElsewhere D;
  D.Def = Def;
  D.MaxThreads = Def->maxThreadsFor(Args);
  return D;
}

std::optional<KernelLaunches> ProjectIndexOption::lookupLaunches(const clang::FunctionDecl &Kernel) const {
  if (!Index || Kernel.isInAnonymousNamespace() || Kernel.getStorageClass() == clang::SC_Static)
    return std::nullopt;
  if (const KernelLaunches *L = Index->launches(Kernel.getQualifiedNameAsString(), Kernel.getNumParams(), Log.get()))
    return *L;
  return std::nullopt;
}

} // namespace rocmtidy
