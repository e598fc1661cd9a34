#ifndef ROCM_TIDY_LIB_AST_PLATFORMGUARD_H
#define ROCM_TIDY_LIB_AST_PLATFORMGUARD_H

#include "clang/Basic/SourceLocation.h"
#include "clang/Lex/PPCallbacks.h"

#include <memory>
#include <string>
#include <vector>

namespace clang {
class Preprocessor;
class SourceManager;
} // namespace clang

namespace rocmtidy {

/// The source regions of conditional blocks (#if ... #endif) whose condition, or that of any
/// #elif in the chain, tests a platform macro (__HIP_PLATFORM_AMD__, USE_ROCM, ...). Code the
/// HIP build still sees inside such a block was put there on purpose by someone who chose
/// between platforms: checks that flag NVIDIA-only code stay quiet there.
class PlatformGuardRegions {
public:
  explicit PlatformGuardRegions(std::vector<std::string> PlatformMacros) : Macros(std::move(PlatformMacros)) {}

  /// Callbacks that fill this object; add them to the preprocessor before it runs.
  std::unique_ptr<clang::PPCallbacks> makeCallbacks(const clang::SourceManager &SM, const clang::Preprocessor &PP);

  /// True when Loc (a file location) lies inside a platform-guarded block.
  bool contains(const clang::SourceManager &SM, clang::SourceLocation Loc) const;

  bool isPlatformMacro(llvm::StringRef Name) const;

private:
  friend class PlatformGuardRegionCallbacks;
  struct Region {
    clang::FileID File;
    unsigned Begin, End;
  };
  std::vector<std::string> Macros;
  std::vector<Region> Regions;
};

} // namespace rocmtidy

#endif
