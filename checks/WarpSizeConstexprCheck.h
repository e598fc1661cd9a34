#ifndef ROCM_TIDY_CHECKS_WARPSIZECONSTEXPRCHECK_H
#define ROCM_TIDY_CHECKS_WARPSIZECONSTEXPRCHECK_H

#include "clang-tidy/ClangTidyCheck.h"
#include "clang/AST/ParentMap.h"
#include "llvm/ADT/DenseSet.h"

#include <memory>
#include <vector>

namespace clang::tidy::rocm {

/// Finds 'warpSize' used as a compile-time constant or read in host code, which stops compiling with ROCm 7, and the
/// deprecated __AMDGCN_WAVEFRONT_SIZE macro.
///
/// For the user-facing documentation see docs/checks/rocm-warp-size-constexpr.md.
class WarpSizeConstexprCheck : public ClangTidyCheck {
public:
  WarpSizeConstexprCheck(StringRef Name, ClangTidyContext *Context);
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP, Preprocessor *ModuleExpanderPP) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  bool isLanguageVersionSupported(const LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus && (LangOpts.CUDA || LangOpts.HIP);
  }
  void onEndOfTranslationUnit() override {
    reportDroppedUses();
    Reported.clear();
    SeenRefs.clear();
    UserNamesWarpSize = false;
    SkippedRanges.clear();
    Settled.clear();
    BodyParents.reset();
    BodyOf = nullptr;
  }

private:
  friend class WavefrontMacroCallbacks;
  void noteTargetMacros(SourceLocation Loc);
  /// WarpSizeConstexprRecovered.cpp: constant uses in code error recovery dropped.
  void reportDroppedUses();
  static bool isReturnedFromConstexpr(const FunctionDecl &FD, const Expr *Ref);
  void reportConstexprReturn(const FunctionDecl &FD, SourceLocation Loc);
  /// The same, for a function the parse dropped (its name read from the source text).
  void reportDroppedConstexprReturn(StringRef Function, SourceLocation Loc);

  /// Reads of 'warpSize' in host-only functions and host initialisers are reported.
  const bool HostReads;
  /// One finding per location: a template's body is seen once, but a location may be reached from
  /// a reference and from a constant that holds it.
  llvm::DenseSet<SourceLocation> Reported;
  /// References already classified from their function's own statement tree, so the match of the
  /// same reference by the whole-unit matcher (which would build the unit's parent map) is skipped.
  llvm::DenseSet<const Expr *> Settled;
  /// Where the AST has a reference to 'warpSize' (spelling locations), and the ranges the
  /// preprocessor skipped: the rest of the main file's 'warpSize' tokens were dropped by the parse.
  llvm::DenseSet<SourceLocation> SeenRefs;
  /// The project declares something named 'warpSize' of its own whose scope reaches the main file's
  /// dropped tokens (a namespace-scope variable anywhere; a template parameter, a member or a local
  /// of the main file).
  bool UserNamesWarpSize = false;
  std::vector<SourceRange> SkippedRanges;
  Preprocessor *PP = nullptr;
  /// The statement parents of the function body last asked about.
  std::unique_ptr<ParentMap> BodyParents;
  const Stmt *BodyOf = nullptr;
};

} // namespace clang::tidy::rocm

#endif
