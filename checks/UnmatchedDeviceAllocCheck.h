#ifndef ROCM_TIDY_CHECKS_UNMATCHEDDEVICEALLOCCHECK_H
#define ROCM_TIDY_CHECKS_UNMATCHEDDEVICEALLOCCHECK_H

#include "clang-tidy/ClangTidyCheck.h"

#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace clang::tidy::rocm {

/// Finds device and pinned host allocations that leak on an error or exception path, are freed with the wrong function,
/// or are freed twice.
///
/// For the user-facing documentation see docs/checks/rocm-unmatched-device-alloc.md.
class UnmatchedDeviceAllocCheck : public ClangTidyCheck {
public:
  UnmatchedDeviceAllocCheck(StringRef Name, ClangTidyContext *Context);
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  void onEndOfTranslationUnit() override { Reported.clear(); }
  // C host code calls the runtime too. Allocations are host code: the host pass sees them, the
  // device pass would repeat them.
  bool isLanguageVersionSupported(const LangOptions &LangOpts) const override { return !LangOpts.CUDAIsDevice; }

private:
  /// Functions that take ownership of a pointer passed to them.
  std::string OwnershipFunctionsSpelling;
  std::vector<std::string> OwnershipFunctions;
  /// (location, variable, kind) already reported in this translation unit: a template's
  /// definition and its instantiations find the same leak.
  std::set<std::tuple<unsigned, std::string, int>> Reported;
};

} // namespace clang::tidy::rocm

#endif
