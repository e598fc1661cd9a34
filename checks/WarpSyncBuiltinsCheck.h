#ifndef ROCM_TIDY_CHECKS_WARPSYNCBUILTINSCHECK_H
#define ROCM_TIDY_CHECKS_WARPSYNCBUILTINSCHECK_H

#include "ast/BlockUniform.h"
#include "ast/PlatformGuards.h"
#include "clang-tidy/ClangTidyCheck.h"
#include "core/WarpSyncTable.h"

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace clang::tidy::rocm {

/// Finds CUDA warp-sync builtins (__syncwarp, __activemask, __shfl_*_sync, __ballot_sync, __reduce_*_sync,
/// __match_*_sync) called without a version guard or shim where a supported ROCm release lacks them or declares them
/// only behind HIP_ENABLE_WARP_SYNC_BUILTINS.
///
/// For the user-facing documentation see docs/checks/rocm-warp-sync-builtins.md.
class WarpSyncBuiltinsCheck : public ClangTidyCheck {
public:
  WarpSyncBuiltinsCheck(StringRef Name, ClangTidyContext *Context);
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP, Preprocessor *ModuleExpanderPP) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  bool isLanguageVersionSupported(const LangOptions &LangOpts) const override { return LangOpts.CPlusPlus; }

  /// Set by the preprocessor callbacks when the translation unit defines the opt-in macro.
  bool OptInDefined = false;
  /// '#define __syncwarp() __syncthreads()' definitions the preprocessor met.
  std::vector<SourceLocation> BlockBarrierMacros;

private:
  void report(StringRef Name, SourceLocation Loc, const SourceManager &SM);
  void reportShim(const FunctionDecl *Shim, const SourceManager &SM);
  void reportBlockBarrier(SourceLocation Loc, const std::vector<const CallExpr *> &Uses);
  void onEndOfTranslationUnit() override;
  /// Whether every thread of the block reaches Use (BlockUniform.h).
  bool reachedByWholeBlock(const CallExpr *Use);

  const std::string MinRocmVersionSpelling;
  rocmtidy::RocmVersion MinRocmVersion;
  const std::string PlatformMacrosSpelling;
  /// Vendor branches, and chains that test a ROCm version or the opt-in macro (version_macros).
  rocmtidy::PlatformGuards Platforms;
  // Template code and macro bodies are reported once per spelling.
  std::set<unsigned> Reported;
  /// Builtins the project defines a copy of in this translation unit: its calls call the copy.
  std::set<std::string> ProjectCopies;
  /// '__syncwarp' stand-ins that are the block barrier alone: functions, with the calls of each,
  /// and the calls a '__syncwarp' macro expands to. Judged once the unit is read.
  std::set<const FunctionDecl *> BarrierFunctions;
  std::map<const FunctionDecl *, std::vector<const CallExpr *>> SyncwarpCalls;
  std::vector<const CallExpr *> BarrierMacroUses;
  std::map<const FunctionDecl *, std::unique_ptr<rocmtidy::BlockUniformity>> Uniformity;
  ASTContext *Ctx = nullptr;
};

} // namespace clang::tidy::rocm

#endif
