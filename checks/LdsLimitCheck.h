#ifndef ROCM_TIDY_CHECKS_LDSLIMITCHECK_H
#define ROCM_TIDY_CHECKS_LDSLIMITCHECK_H

#include "ast/KernelLaunch.h"
#include "ast/ProjectIndexOption.h"
#include "ast/StaticLds.h"
#include "ast/TargetOption.h"
#include "clang-tidy/ClangTidyCheck.h"
#include "llvm/ADT/DenseMap.h"

#include <cstdint>
#include <vector>

namespace clang::tidy::rocm {

/// Finds kernels whose shared memory (LDS) -- static __shared__ storage in the kernel and the device functions it
/// calls, plus constant dynamic shared memory at launches -- is more than a workgroup gets on the target GPUs.
///
/// For the user-facing documentation see docs/checks/rocm-lds-limit.md.
class LdsLimitCheck : public ClangTidyCheck {
public:
  LdsLimitCheck(StringRef Name, ClangTidyContext *Context);
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  bool isLanguageVersionSupported(const LangOptions &LangOpts) const override { return LangOpts.CPlusPlus; }
  void onEndOfTranslationUnit() override { Static.clear(); }

  using SharedVar = rocmtidy::StaticSharedVar;
  using StaticLds = rocmtidy::StaticLds;

private:
  rocmtidy::InstantiationTracker Instantiations;
  const StaticLds &staticLds(const FunctionDecl &Kernel, ASTContext &Ctx);
  void report(SourceLocation Loc, const FunctionDecl *Kernel, const StaticLds &S, uint64_t Dynamic,
              StringRef DynamicSource, ASTContext &Ctx, const rocmtidy::DefinitionElsewhere *Elsewhere = nullptr);

  rocmtidy::TargetSelection Targets;
  rocmtidy::ProjectIndexOption Index;
  llvm::DenseMap<const FunctionDecl *, StaticLds> Static;
};

} // namespace clang::tidy::rocm

#endif
