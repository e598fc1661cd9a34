#ifndef ROCM_TIDY_CHECKS_LAUNCHBOUNDSCHECK_H
#define ROCM_TIDY_CHECKS_LAUNCHBOUNDSCHECK_H

#include "ast/PlatformGuards.h"
#include "ast/TargetOption.h"
#include "clang-tidy/ClangTidyCheck.h"

#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace clang::tidy::rocm {

/// Finds __launch_bounds__ whose second argument carries CUDA's minimum blocks per multiprocessor, which HIP reads as
/// minimum waves per execution unit, and maximum block sizes that are not a multiple of the wavefront size.
///
/// For the user-facing documentation see docs/checks/rocm-launch-bounds.md.
class LaunchBoundsCheck : public ClangTidyCheck {
public:
  LaunchBoundsCheck(StringRef Name, ClangTidyContext *Context);
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP, Preprocessor *ModuleExpanderPP) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  bool isLanguageVersionSupported(const LangOptions &LangOpts) const override { return LangOpts.CPlusPlus; }
  void onEndOfTranslationUnit() override;

private:
  rocmtidy::TargetSelection Targets;
  std::string PlatformMacrosSpelling;
  std::optional<rocmtidy::PlatformGuards> Guards;
  // A template kernel's bounds are reported once per spelling and value, not per instantiation.
  std::set<std::pair<unsigned, uint64_t>> Reported;
  // A minimum's report waits for the end of the unit: code that calls AMDGCN builtins or holds
  // AMDGCN assembly, with no branch for CUDA, is written for AMD, and its minimum is HIP's own.
  struct MinimumReport {
    SourceLocation Loc;
    uint64_t Min = 0, Max = 0, Equivalent = 0;
    unsigned Width = 64;
  };
  std::vector<MinimumReport> Minimums;
  bool AmdNative = false;
};

} // namespace clang::tidy::rocm

#endif
