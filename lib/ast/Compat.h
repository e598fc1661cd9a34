#ifndef ROCM_TIDY_AST_COMPAT_H
#define ROCM_TIDY_AST_COMPAT_H

// The one place that tests LLVM_VERSION_MAJOR. rocm-tidy is built and tested against LLVM 19 and
// LLVM 16 (tools/dev.sh test with LLVM_VERSION=16); the API differences between them are bridged
// here so that checks and tools never test the version.

#include "clang/Basic/SourceLocation.h"
#include "clang/Lex/PPCallbacks.h"
#include "llvm/Config/llvm-config.h"

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

} // namespace rocmtidy::compat

#endif
