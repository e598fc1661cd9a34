#ifndef ROCM_TIDY_CHECKS_REMOVEDPLATFORMMACROCHECK_H
#define ROCM_TIDY_CHECKS_REMOVEDPLATFORMMACROCHECK_H

#include "clang-tidy/ClangTidyCheck.h"

namespace clang::tidy::rocm {

/// Finds preprocessor tests of HIP platform macros that current ROCm no longer defines (__HIP_PLATFORM_HCC__), whose
/// branch the AMD build then silently skips.
///
/// For the user-facing documentation see docs/checks/rocm-removed-platform-macro.md.
class RemovedPlatformMacroCheck : public ClangTidyCheck {
public:
  RemovedPlatformMacroCheck(StringRef Name, ClangTidyContext *Context) : ClangTidyCheck(Name, Context) {}
  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP, Preprocessor *ModuleExpanderPP) override;
  bool isLanguageVersionSupported(const LangOptions &LangOpts) const override { return LangOpts.CPlusPlus; }
};

} // namespace clang::tidy::rocm

#endif
