#ifndef ROCM_TIDY_CHECKS_GRIDSIZECHECK_H
#define ROCM_TIDY_CHECKS_GRIDSIZECHECK_H

#include "clang-tidy/ClangTidyCheck.h"

#include <set>
#include <tuple>

namespace clang::tidy::rocm {

/// Finds kernel launches whose constant grid is more than HIP launches: above 4294967295 work-items (blocks x threads)
/// in a dimension, which CUDA accepts and HIP rejects with hipErrorInvalidConfiguration, and grid y or z above CUDA's
/// 65535 blocks.
///
/// For the user-facing documentation see docs/checks/rocm-grid-size.md.
class GridSizeCheck : public ClangTidyCheck {
public:
  GridSizeCheck(StringRef Name, ClangTidyContext *Context);
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  bool isLanguageVersionSupported(const LangOptions &LangOpts) const override { return LangOpts.CPlusPlus; }

private:
  const bool CudaGridLimits;
  // A launch in a template is reported once per spelling, dimension and value.
  std::set<std::tuple<unsigned, unsigned, uint64_t>> Reported;
};

} // namespace clang::tidy::rocm

#endif
