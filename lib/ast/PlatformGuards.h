#ifndef ROCM_TIDY_AST_PLATFORMGUARDS_H
#define ROCM_TIDY_AST_PLATFORMGUARDS_H

// Which vendor's build can reach a piece of code, read from the '#if' chains around it. A branch
// taken only when an AMD macro is defined (a platform macro such as __HIP_PLATFORM_AMD__, a project
// macro such as GGML_USE_HIP, a per-target macro such as __gfx90a__ or __GFX9__) was written for
// AMD; a branch taken only when such a platform macro is undefined, or when an NVIDIA platform macro
// is defined, is CUDA-only. '__CUDA_ARCH__' and '__HIP_DEVICE_COMPILE__' separate host from device,
// not vendors, and say nothing.

#include "clang-tidy/utils/OptionsUtils.h"
#include "clang/Basic/SourceLocation.h"
#include "clang/Lex/PPCallbacks.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <memory>
#include <string>
#include <vector>

namespace clang {
class Preprocessor;
class SourceManager;
} // namespace clang

namespace rocmtidy {

/// A list option of macro names (PlatformMacros and the like) as the strings the guard tracker takes.
inline std::vector<std::string> macroListOption(llvm::StringRef Spelling) {
  std::vector<std::string> Out;
  for (llvm::StringRef M : clang::tidy::utils::options::parseStringList(Spelling))
    Out.push_back(M.str());
  return Out;
}

enum class Platform { Any, AmdOnly, CudaOnly };

class PlatformGuards {
public:
  /// ProjectMacros: macros a project defines for its HIP build (the option PlatformMacros).
  /// TestedMacros: macros whose test marks a whole chain as a deliberate choice, not by vendor but
  /// by something else (the ROCm version macros, an opt-in macro); see inTestedChain.
  explicit PlatformGuards(std::vector<std::string> ProjectMacros, std::vector<std::string> TestedMacros = {});

  /// Callbacks that record the guarded regions of one translation unit (clears earlier ones).
  std::unique_ptr<clang::PPCallbacks> callbacks(const clang::SourceManager &SM, const clang::Preprocessor &PP);

  /// The platform of the innermost classified branch around Loc (its expansion location).
  Platform at(clang::SourceLocation Loc, const clang::SourceManager &SM) const;

  /// True if the unit's code has a branch only the CUDA build takes: code written for both vendors.
  bool hasCudaOnlyBranch() const;

  /// True if Loc lies in an '#if' chain that chooses by vendor or target (any branch of it): a
  /// value defined there is a per-target choice, even in the branch the host pass takes.
  bool inPlatformSwitch(clang::SourceLocation Loc, const clang::SourceManager &SM) const;

  /// True if Loc lies in an '#if' chain (any branch of it, '#else' included) some condition of
  /// which names one of the TestedMacros: code there was written with that choice in mind.
  bool inTestedChain(clang::SourceLocation Loc, const clang::SourceManager &SM) const;

  /// While the preprocessor runs: true if the code here may lie in a branch the HIP build does not
  /// take. That is a CUDA-only branch of an open chain ('#else' of '#ifdef USE_HIP', '#ifndef
  /// __HIP_PLATFORM_AMD__'), or a branch of a chain whose conditions so far name a project macro
  /// (ProjectMacros) that this parse does not define: the project defines it for its HIP build, so
  /// that build may choose another branch. A branch this parse takes because an AMD macro is
  /// defined here (-DUSE_HIP, HIP's own __HIP_PLATFORM_AMD__) is the HIP build's. For checks that
  /// decide at a directive, such as an '#include'.
  bool insideBranchHipMaySkip() const;

  /// How a condition's truth and falsity select the vendor (exposed for the callbacks).
  struct Implication {
    Platform IfTrue = Platform::Any, IfFalse = Platform::Any;
    bool Mentions = false; ///< some macro of the condition names a vendor or a target
    bool Tests = false;    ///< some macro of the condition is one of the TestedMacros
    bool Unresolved = false; ///< some project macro of the condition is undefined (see IsDefined)
  };
  /// IsDefined, when given, says whether a macro is defined at the directive; a project macro it
  /// calls undefined makes the condition Unresolved.
  Implication classifyCondition(llvm::StringRef Text,
                                llvm::function_ref<bool(llvm::StringRef)> IsDefined = nullptr) const;
  Implication classifyMacro(llvm::StringRef Name, bool Negated) const;
  /// One of the ProjectMacros.
  bool isProjectMacro(llvm::StringRef Name) const;

private:
  friend class PlatformGuardCallbacks;
  struct Region {
    clang::SourceLocation Begin, End;
    Platform P;
  };
  struct OpenChain {
    clang::SourceLocation BranchBegin;
    Platform Branch;
    Platform PriorFalse; // what every earlier condition being false implies
    clang::SourceLocation ChainBegin;
    bool Switch; // some condition of the chain names a vendor or target macro
    bool Tests;  // some condition of the chain names a tested macro
    bool Unresolved; // some condition so far names a project macro this parse does not define
  };
  bool isTestedMacro(llvm::StringRef Name) const;
  static bool inAnyChain(const std::vector<Region> &Chains, clang::SourceLocation Loc, const clang::SourceManager &SM);

  std::vector<std::string> ProjectMacros;
  /// AMD macros ROCm no longer defines that this parse's command line does ('-D__HIP_PLATFORM_HCC__'
  /// in a port's build): for this build they still name its AMD branch.
  std::vector<std::string> BuildMacros;
  std::vector<std::string> TestedMacros;
  std::vector<Region> Regions;
  std::vector<Region> Switches;
  std::vector<Region> TestedChains;
  std::vector<OpenChain> Open;
};

} // namespace rocmtidy

#endif
