#ifndef ROCM_TIDY_CHECKS_CUDAHEADERCHECK_H
#define ROCM_TIDY_CHECKS_CUDAHEADERCHECK_H

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
  /// Macros whose test marks a conditional as a deliberate HIP/CUDA platform switch.
  std::vector<std::string> PlatformMacros;
  std::string PlatformMacrosSpelling;
};

} // namespace clang::tidy::rocm

#endif
