#ifndef ROCM_TIDY_CHECKS_CUDAHEADERCHECK_H
#define ROCM_TIDY_CHECKS_CUDAHEADERCHECK_H

#include "ast/PlatformGuards.h"
#include "clang-tidy/ClangTidyCheck.h"

#include <string>
#include <vector>

namespace clang::tidy::rocm {

/// Finds CUDA toolkit headers included in code built for HIP and names the ROCm header that replaces each.
///
/// For the user-facing documentation see docs/checks/rocm-cuda-header.md.
class CudaHeaderCheck : public ClangTidyCheck {
public:
  CudaHeaderCheck(StringRef Name, ClangTidyContext *Context);
  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP, Preprocessor *ModuleExpanderPP) override;
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  // C files of a HIP build (host code linked with hip::host) include the CUDA headers too.
  bool isLanguageVersionSupported(const LangOptions &) const override { return true; }

private:
  friend class CudaHeaderPPCallbacks;
  std::string PlatformMacrosSpelling;
  /// Conditionals that test a platform macro (these, HIP's and NVIDIA's, per-target ones): which
  /// of their branches the HIP build takes.
  rocmtidy::PlatformGuards Guards;
};

} // namespace clang::tidy::rocm

#endif
