#ifndef ROCM_TIDY_CHECKS_FIXEDTILESIZECHECK_H
#define ROCM_TIDY_CHECKS_FIXEDTILESIZECHECK_H

#include "ast/PlatformGuards.h"
#include "ast/TargetOption.h"
#include "clang-tidy/ClangTidyCheck.h"
#include "llvm/Support/Regex.h"

#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace clang::tidy::rocm {

/// Finds cooperative-groups tiles sized for 32-lane warps: tiles of 32 threads in code that also treats the wavefront
/// as the warp (warpSize, ballots, full-wavefront shuffles), and tile sizes HIP rejects (not a power of two, larger
/// than the wavefront of a target).
///
/// For the user-facing documentation see docs/checks/rocm-fixed-tile-size.md.
class FixedTileSizeCheck : public ClangTidyCheck {
public:
  FixedTileSizeCheck(StringRef Name, ClangTidyContext *Context);
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP, Preprocessor *ModuleExpanderPP) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void onEndOfTranslationUnit() override;
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  bool isLanguageVersionSupported(const LangOptions &LangOpts) const override { return LangOpts.CPlusPlus; }

private:
  struct Site {
    SourceLocation Loc;
    uint64_t Size;
    bool Runtime; // tiled_partition(parent, n): checked by an assert at run time, not at compile time
    // The size comes from a per-target choice ('#if defined(__GFX9__)' around the macro or constant
    // that spells it) or from a template argument decided elsewhere: the value one pass sees is
    // not what every target gets.
    bool ChosenElsewhere;
  };
  void checkSize(const Site &S, const SourceManager &SM);

  rocmtidy::TargetSelection Targets;
  const std::string PlatformMacrosSpelling;
  rocmtidy::PlatformGuards Guards;
  llvm::Regex WarpSizeNameRegex;
  ASTContext *Context = nullptr;
  // Functions with a tile of 32 lanes, in the order met, with the first such tile of each.
  std::vector<std::pair<const FunctionDecl *, Site>> Tile32Functions;
  std::set<const FunctionDecl *> SeenFunctions;
  std::set<std::pair<unsigned, uint64_t>> Reported;
};

} // namespace clang::tidy::rocm

#endif
