#ifndef ROCM_TIDY_CHECKS_HARDCODEDBLOCKSIZECHECK_H
#define ROCM_TIDY_CHECKS_HARDCODEDBLOCKSIZECHECK_H

#include "ast/TargetOption.h"
#include "ast/KernelLaunch.h"
#include "ast/ProjectIndexOption.h"
#include "clang-tidy/ClangTidyCheck.h"

#include <cstdint>
#include <string>
#include <vector>

namespace clang::tidy::rocm {

/// Finds kernel launches whose block size is a compile-time constant that breaks or wastes an AMD GPU: larger
/// than the kernel's __launch_bounds__ or the workgroup limit, a hard-coded 1024 or 32 threads, or not a multiple
/// of the wavefront size.
///
/// For the user-facing documentation see docs/checks/rocm-hardcoded-block-size.md.
class HardcodedBlockSizeCheck : public ClangTidyCheck {
public:
  HardcodedBlockSizeCheck(StringRef Name, ClangTidyContext *Context);
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  bool isLanguageVersionSupported(const LangOptions &LangOpts) const override { return LangOpts.CPlusPlus; }

private:
  rocmtidy::InstantiationTracker Instantiations;
  rocmtidy::TargetSelection Targets;
  rocmtidy::ProjectIndexOption Index;
  std::string BlockSizesSpelling;
  std::vector<uint64_t> BlockSizes;
  bool CheckWavefrontMultiple;
};

} // namespace clang::tidy::rocm

#endif
