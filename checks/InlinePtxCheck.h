#ifndef ROCM_TIDY_CHECKS_INLINEPTXCHECK_H
#define ROCM_TIDY_CHECKS_INLINEPTXCHECK_H

#include "ast/PlatformGuards.h"
#include "clang-tidy/ClangTidyCheck.h"

#include <optional>
#include <string>

namespace clang::tidy::rocm {

/// Finds inline PTX assembly (asm statements written for NVIDIA's PTX ISA) in code the HIP build compiles, which the
/// AMDGPU assembler rejects.
///
/// For the user-facing documentation see docs/checks/rocm-inline-ptx.md.
class InlinePtxCheck : public ClangTidyCheck {
public:
  InlinePtxCheck(StringRef Name, ClangTidyContext *Context);
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP, Preprocessor *ModuleExpanderPP) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  bool isLanguageVersionSupported(const LangOptions &LangOpts) const override { return LangOpts.CPlusPlus; }

private:
  /// Macros whose test marks a conditional as a deliberate HIP/CUDA platform switch.
  std::string PlatformMacrosSpelling;
  std::optional<rocmtidy::PlatformGuards> Guards;
};

} // namespace clang::tidy::rocm

#endif
