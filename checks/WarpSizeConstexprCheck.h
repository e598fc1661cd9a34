#ifndef ROCM_TIDY_CHECKS_WARPSIZECONSTEXPRCHECK_H
#define ROCM_TIDY_CHECKS_WARPSIZECONSTEXPRCHECK_H

#include "clang-tidy/ClangTidyCheck.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/ParentMapContext.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <memory>
#include <vector>

namespace clang::tidy::rocm {

/// Finds 'warpSize' used as a compile-time constant or read in host code, which stops compiling with ROCm 7, and the
/// deprecated __AMDGCN_WAVEFRONT_SIZE macro.
///
/// For the user-facing documentation see docs/checks/rocm-warp-size-constexpr.md.
class WarpSizeConstexprCheck : public ClangTidyCheck {
public:
  WarpSizeConstexprCheck(StringRef Name, ClangTidyContext *Context);
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP, Preprocessor *ModuleExpanderPP) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  bool isLanguageVersionSupported(const LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus && (LangOpts.CUDA || LangOpts.HIP);
  }
  void onEndOfTranslationUnit() override {
    reportDroppedUses();
    reportHostCalls();
    Reported.clear();
    HostDeviceReads.clear();
    HostDeviceReadNames.clear();
    HostCalls.clear();
    NamedHostDevice.clear();
    WarpSizeMacros.clear();
    SeenExpansions.clear();
    SeenRefs.clear();
    UserNamesWarpSize = false;
    SkippedRanges.clear();
    Settled.clear();
    BodyParents.reset();
    BodyOf = nullptr;
    ProjectParents.reset();
  }

private:
  friend class WavefrontMacroCallbacks;
  void noteTargetMacros(SourceLocation Loc);
  bool gather(const ast_matchers::MatchFinder::MatchResult &Result);
  void reportRuntimeRead(const DeclRefExpr &Ref, const FunctionDecl *Function, const VarDecl *Global,
                         const ParentMap *Body, ASTContext &Ctx);
  /// WarpSizeConstexprRecovered.cpp: constant uses and host reads in code error recovery dropped.
  void reportDroppedUses();
  void noteDropped(SourceLocation Loc);
  /// WarpSizeAsserted.cpp: 'assert(warpSize == 32)' and 'if (warpSize != 32) trap' in device code;
  /// true when the read is such an assertion.
  bool reportAssertedWidth(const DeclRefExpr &Ref, const ParentMap &PM, ASTContext &Ctx);
  /// WarpSizeHostCalls.cpp: host functions calling a __host__ __device__ function that reads
  /// 'warpSize' (ROCm 7 rejects the read when the host emits the callee).
  void noteHostDeviceRead(const FunctionDecl &FD, SourceLocation Read);
  void noteHostCall(const CallExpr &Call, const FunctionDecl &Caller, const FunctionDecl &Callee);
  void reportHostCalls();
  void reportHostCall(SourceLocation Call, StringRef Callee, SourceLocation Read, bool Dropped);
  static bool isReturnedFromConstexpr(const FunctionDecl &FD, const Expr *Ref);
  void reportConstexprReturn(const FunctionDecl &FD, SourceLocation Loc);
  /// The same, for a function the parse dropped (its name read from the source text).
  void reportDroppedConstexprReturn(StringRef Function, SourceLocation Loc);

  /// Reads of 'warpSize' in host-only functions and host initialisers are reported.
  const bool HostReads;
  /// One finding per location: a template's body is seen once, but a location may be reached from
  /// a reference and from a constant that holds it.
  llvm::DenseSet<SourceLocation> Reported;
  /// References already classified from their function's own statement tree, so the match of the
  /// same reference by the whole-unit matcher (which would build the unit's parent map) is skipped.
  llvm::DenseSet<const Expr *> Settled;
  /// Where the AST has a reference to 'warpSize' (spelling locations), and the ranges the
  /// preprocessor skipped: the rest of the main file's 'warpSize' tokens were dropped by the parse.
  llvm::DenseSet<SourceLocation> SeenRefs;
  /// The project declares something named 'warpSize' of its own whose scope reaches the main file's
  /// dropped tokens (a namespace-scope variable anywhere; a template parameter, a member or a local
  /// of the main file).
  bool UserNamesWarpSize = false;
  std::vector<SourceRange> SkippedRanges;
  /// __host__ __device__ functions (their templates' patterns, canonical) reading 'warpSize', with
  /// the first read; and the same by name, for calls in dropped code.
  llvm::DenseMap<const FunctionDecl *, SourceLocation> HostDeviceReads;
  llvm::StringMap<SourceLocation> HostDeviceReadNames;
  struct HostCall {
    SourceLocation Loc;
    const FunctionDecl *Callee;
  };
  /// Calls from host-only functions to __host__ __device__ functions, judged at the end of the unit
  /// (the callee's body may come later).
  std::vector<HostCall> HostCalls;
  /// Where the AST names a __host__ __device__ function (references and declarations): the text
  /// scan of dropped code leaves those tokens alone.
  llvm::DenseSet<SourceLocation> NamedHostDevice;
  /// Object-like macros of the project whose body names 'warpSize' ('#define WARP_SIZE warpSize'),
  /// and the expansion locations of the AST's references: the rest of their uses were dropped.
  llvm::StringSet<> WarpSizeMacros;
  llvm::DenseSet<SourceLocation> SeenExpansions;
  Preprocessor *PP = nullptr;
  /// The statement parents of the function body last asked about.
  std::unique_ptr<ParentMap> BodyParents;
  const Stmt *BodyOf = nullptr;
  /// The parents of the unit's project declarations (not the system headers'), built once per unit.
  std::unique_ptr<ParentMapContext> ProjectParents;
  ParentMapContext &projectParents(ASTContext &Ctx);
};

} // namespace clang::tidy::rocm

#endif
