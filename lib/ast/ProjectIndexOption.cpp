#include "ast/ProjectIndexOption.h"

#include "clang/AST/DeclTemplate.h"
#include "llvm/Support/MemoryBuffer.h"

#include <map>
#include <mutex>
#include <sys/stat.h>

namespace rocmtidy {

namespace {

// Index files by path, reloaded when they change: rocm-clangd lives for a whole editing session.
struct LoadedIndex {
  struct timespec MTime {};
  off_t Size = -1;
  std::shared_ptr<const ProjectIndex> Index;
  std::string Problem;
};

std::shared_ptr<const ProjectIndex> loadIndexFile(const std::string &Path, std::string &Problem) {
  static std::mutex Mu;
  static std::map<std::string, LoadedIndex> Cache;
  struct stat St;
  if (::stat(Path.c_str(), &St) != 0) {
    Problem = "no such file";
    return nullptr;
  }
  std::lock_guard<std::mutex> L(Mu);
  LoadedIndex &E = Cache[Path];
  if (E.Size == St.st_size && E.MTime.tv_sec == St.st_mtim.tv_sec && E.MTime.tv_nsec == St.st_mtim.tv_nsec) {
    Problem = E.Problem;
    return E.Index;
  }
  E = LoadedIndex();
  E.Size = St.st_size;
  E.MTime = St.st_mtim;
  auto Buf = llvm::MemoryBuffer::getFile(Path);
  if (!Buf) {
    E.Problem = Buf.getError().message();
  } else {
    std::string Error;
    auto Parsed = ProjectIndex::fromJson((*Buf)->getBuffer().str(), Error);
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
  if (!Path.empty())
    Index = loadIndexFile(Path, Problem);
  else
    Index = processProjectIndex();
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
  const KernelDefinition *Def = Index->find(Kernel.getQualifiedNameAsString(), Kernel.getNumParams());
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

} // namespace rocmtidy
