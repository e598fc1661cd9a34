#ifndef ROCM_TIDY_AST_COMPAT_H
#define ROCM_TIDY_AST_COMPAT_H

// The one place that tests LLVM_VERSION_MAJOR. rocm-tidy is built and tested against LLVM 19 and
// LLVM 16 (tools/dev.sh test with LLVM_VERSION=16); the API differences between them are bridged
// here so that checks and tools never test the version.

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/Cuda.h"
#include "clang/Basic/SourceLocation.h"
#include "clang/Lex/PPCallbacks.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/ThreadPool.h"

#include <string>

#if LLVM_VERSION_MAJOR < 16 || LLVM_VERSION_MAJOR > 19
#error "rocm-tidy supports LLVM 16 to 19 (the plugin is locked to the clang-tidy binary's version)"
#endif

namespace rocmtidy::compat {

using OptionalFile = clang::OptionalFileEntryRef;

/// PPCallbacks whose InclusionDirective has one signature on every supported LLVM: LLVM 19 split
/// the imported module argument into SuggestedModule + ModuleImported (11 parameters, 10 before),
/// so an override written for one version hides the other's. Derive from this and override
/// includeDirective; the module arguments are dropped (no check uses them).
class IncludeCallbacks : public clang::PPCallbacks {
public:
  virtual void includeDirective(clang::SourceLocation HashLoc, const clang::Token &IncludeTok,
                                llvm::StringRef FileName, bool IsAngled, clang::CharSourceRange FilenameRange,
                                OptionalFile File, llvm::StringRef SearchPath, llvm::StringRef RelativePath,
                                clang::SrcMgr::CharacteristicKind FileType) = 0;

#if LLVM_VERSION_MAJOR >= 19
  void InclusionDirective(clang::SourceLocation HashLoc, const clang::Token &IncludeTok, llvm::StringRef FileName,
                          bool IsAngled, clang::CharSourceRange FilenameRange, OptionalFile File,
                          llvm::StringRef SearchPath, llvm::StringRef RelativePath, const clang::Module *,
                          bool, clang::SrcMgr::CharacteristicKind FileType) final {
    includeDirective(HashLoc, IncludeTok, FileName, IsAngled, FilenameRange, File, SearchPath, RelativePath,
                     FileType);
  }
#else
  void InclusionDirective(clang::SourceLocation HashLoc, const clang::Token &IncludeTok, llvm::StringRef FileName,
                          bool IsAngled, clang::CharSourceRange FilenameRange, OptionalFile File,
                          llvm::StringRef SearchPath, llvm::StringRef RelativePath, const clang::Module *,
                          clang::SrcMgr::CharacteristicKind FileType) final {
    includeDirective(HashLoc, IncludeTok, FileName, IsAngled, FilenameRange, File, SearchPath, RelativePath,
                     FileType);
  }
#endif
};

/// Whether this clang accepts \p Arch in --offload-arch (LLVM 19 renamed CudaArch to OffloadArch).
inline bool clangKnowsOffloadArch(llvm::StringRef Arch) {
#if LLVM_VERSION_MAJOR >= 19
  return clang::StringToOffloadArch(Arch) != clang::OffloadArch::UNKNOWN;
#else
  return clang::StringToCudaArch(Arch) != clang::CudaArch::UNKNOWN;
#endif
}

/// The processor the device pass compiles for: \p Arch when this clang knows it, else the nearest
/// one of the same wavefront generation it does know (LLVM 16 predates gfx941/gfx942 and gfx12).
/// The checks take their facts from rocm-tidy's target table, never from clang's processor.
inline std::string offloadArchForThisClang(const std::string &Arch) {
  if (clangKnowsOffloadArch(Arch))
    return Arch;
  llvm::StringRef A(Arch);
  const char *const Gfx9[] = {"gfx942", "gfx940", "gfx90a"};
  const char *const Gfx1x[] = {"gfx1100", "gfx1030"};
  for (const char *Candidate : A.starts_with("gfx9") ? llvm::ArrayRef<const char *>(Gfx9)
                                                     : llvm::ArrayRef<const char *>(Gfx1x))
    if (clangKnowsOffloadArch(Candidate))
      return Candidate;
  return Arch;
}

/// The default argument of a non-type template parameter, as an expression (LLVM 19 returns a
/// TemplateArgumentLoc where LLVM 16 returned the expression); null when it has none.
inline const clang::Expr *defaultArgument(const clang::NonTypeTemplateParmDecl *P) {
  if (!P->hasDefaultArgument())
    return nullptr;
#if LLVM_VERSION_MAJOR >= 19
  const clang::TemplateArgument &A = P->getDefaultArgument().getArgument();
  return A.getKind() == clang::TemplateArgument::Expression ? A.getAsExpr() : nullptr;
#else
  return P->getDefaultArgument();
#endif
}

/// LLVM 19 renamed the thread pool rocm-lint runs its files on (ThreadPool became DefaultThreadPool).
#if LLVM_VERSION_MAJOR >= 19
using ThreadPool = llvm::DefaultThreadPool;
#else
using ThreadPool = llvm::ThreadPool;
#endif

} // namespace rocmtidy::compat

#endif
