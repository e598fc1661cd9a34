#ifndef ROCM_TIDY_CHECKS_WARPSIZEASSUMPTIONCHECK_H
#define ROCM_TIDY_CHECKS_WARPSIZEASSUMPTIONCHECK_H

#include "clang-tidy/ClangTidyCheck.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/Regex.h"

#include <string>
#include <utility>
#include <vector>

namespace clang::tidy::rocm {

/// Finds code that assumes 32-lane warps, which computes wrong results in silence on AMD GPUs with 64-lane wavefronts.
///
/// For the user-facing documentation see docs/checks/rocm-warp-size-assumption.md.
class WarpSizeAssumptionCheck : public ClangTidyCheck {
public:
  WarpSizeAssumptionCheck(StringRef Name, ClangTidyContext *Context);
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP, Preprocessor *ModuleExpanderPP) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  bool isLanguageVersionSupported(const LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus && (LangOpts.CUDA || LangOpts.HIP);
  }

private:
  friend class WarpSizeMacroCallbacks;
  friend class UserCodeVisitor;

  bool isWarpSizeName(StringRef Name) const;
  /// Reports a warp width constant named Name defined as 32 at Loc (once per location).
  void reportConstant(SourceLocation Loc, StringRef Name);
  void scanDeviceBody(const Stmt *Body, ASTContext &Ctx);

  const bool IgnoreMacros;
  const std::string WarpSizeNameRegexSpelling;
  llvm::Regex WarpSizeNameRegex;
  llvm::DenseSet<SourceLocation> ReportedConstants;
  /// '#if ... #endif' blocks that choose a value per target or platform (from the preprocessor,
  /// for the constants found in the AST afterwards).
  std::vector<std::pair<SourceLocation, SourceLocation>> TargetBranches;
};

} // namespace clang::tidy::rocm

#endif
