#ifndef ROCM_TIDY_CHECKS_WARPSIZEASSUMPTIONCHECK_H
#define ROCM_TIDY_CHECKS_WARPSIZEASSUMPTIONCHECK_H

#include "ast/DeviceSplitMacros.h"
#include "ast/PlatformGuards.h"
#include "ast/ProjectIndexOption.h"
#include "ast/TargetOption.h"
#include "clang-tidy/ClangTidyCheck.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/Regex.h"

#include <string>
#include <vector>

namespace rocmtidy {
struct CrossLaneOp;
struct FunctionWarpFacts;
struct LaneGrouping32;
struct NarrowValue;
struct ShortReduction;
class WarpModel;
} // namespace rocmtidy

namespace clang::tidy::rocm {

/// Finds code that assumes 32-lane warps, which computes wrong results in silence on AMD GPUs with 64-lane wavefronts.
///
/// For the user-facing documentation see docs/checks/rocm-warp-size-assumption.md.
class WarpSizeAssumptionCheck : public ClangTidyCheck {
public:
  WarpSizeAssumptionCheck(StringRef Name, ClangTidyContext *Context);
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP, Preprocessor *ModuleExpanderPP) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  void onEndOfTranslationUnit() override { EmptySlots.clear(); }
  bool isLanguageVersionSupported(const LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus && (LangOpts.CUDA || LangOpts.HIP);
  }

private:
  friend class WarpSizeMacroCallbacks;
  friend class UserCodeVisitor;
  friend class TargetListCallbacks;
  /// Per-target '#if' lists of 64-lane GPUs that leave selected targets in a 32-lane '#else'
  /// (WarpSizeTargetLists.cpp).
  std::unique_ptr<PPCallbacks> targetListCallbacks(const SourceManager &SM, const LangOptions &LO);

  /// '#define warpSize ...' (or the compiler's '__AMDGCN_WAVEFRONT_SIZE' set to 32) seen by the
  /// preprocessor: where, which, and its body.
  struct WarpSizeMacro {
    SourceLocation Loc;
    std::string Name;
    std::string Body;
  };
  /// '#if __gfx906__ || __gfx90a__' giving Name 64, and its '#else' 32 on the Missing targets.
  struct TargetListGap {
    SourceLocation If, Else;
    std::string Missing, Name;
  };
  std::vector<TargetListGap> TargetListGaps;
  void reportTargetListGaps();
  /// '#define __activemask() 0x3F': a cross-lane intrinsic replaced by a constant.
  struct StubMacro {
    std::string Name;
    SourceLocation Loc;
    std::string Value;
  };

  /// The reporters, by family; each reads the unit's warp model.
  struct ReportState;
  rocmtidy::Platform platform(SourceLocation Loc, const SourceManager &SM) const;
  bool skipForMacro(SourceLocation Loc, const ReportState &S) const;
  void collectRemappedForAmd(ReportState &S);
  void reportStubMacros(const SourceManager &SM);
  void reportFunction(const rocmtidy::FunctionWarpFacts &F, ReportState &S);
  void reportGroupings(const rocmtidy::FunctionWarpFacts &F, ReportState &S);
  void reportGrouping(const rocmtidy::FunctionWarpFacts &F, const rocmtidy::LaneGrouping32 &G,
                      const rocmtidy::CrossLaneOp &Op, bool HardwareMeant, ReportState &S);
  bool reportAmdBranchShuffles(const rocmtidy::FunctionWarpFacts &F, ReportState &S);
  void reportLaneBits(const rocmtidy::FunctionWarpFacts &F, const rocmtidy::LaneGrouping32 &G, ReportState &S);
  void groupingNotes(const rocmtidy::FunctionWarpFacts &F, const rocmtidy::LaneGrouping32 &G, ReportState &S);
  void reportWidths(const rocmtidy::FunctionWarpFacts &F, ReportState &S);
  void reportShortReductions(const rocmtidy::FunctionWarpFacts &F, ReportState &S);
  void reportShortReduction(const rocmtidy::ShortReduction &R, bool Logical32);
  void reportRowShuffles(const rocmtidy::FunctionWarpFacts &F, ReportState &S);
  void reportGroupShuffles(const rocmtidy::FunctionWarpFacts &F, ReportState &S);
  void reportLaneGathers(const rocmtidy::FunctionWarpFacts &F, ReportState &S);
  void reportWarpSizeTests(const rocmtidy::FunctionWarpFacts &F, ReportState &S);
  void reportReducerCalls(const rocmtidy::FunctionWarpFacts &F, ReportState &S);
  void reportReducerParameters(const rocmtidy::FunctionWarpFacts &F, ReportState &S);
  void reducerNotes(const rocmtidy::FunctionWarpFacts &Grouping, const rocmtidy::ShortReduction &R);
  void reportMasks(const rocmtidy::FunctionWarpFacts &F, ReportState &S);
  void reportFullMask(StringRef Name, const Expr *Arg);
  void reportNarrowing(const rocmtidy::FunctionWarpFacts &F, ReportState &S);
  bool perTargetTypeInHostPass(QualType Ty, const ReportState &S) const;
  void reportNarrowBitOps(const rocmtidy::FunctionWarpFacts &F, ReportState &S);
  void reportMacroNarrowing(const rocmtidy::NarrowValue &N, ReportState &S);
  void diagMacroNarrowing(SourceLocation Def, StringRef Macro, StringRef What, QualType To, ReportState &S);
  void reportMaskMacros(ReportState &S);
  void reportLastLaneTests(const rocmtidy::FunctionWarpFacts &F, const SourceManager &SM);
  void reportShortArrays(const rocmtidy::FunctionWarpFacts &F, ReportState &S);
  void reportLaneStrides(const rocmtidy::FunctionWarpFacts &F, ReportState &S);
  void reportLaneShifts(const rocmtidy::FunctionWarpFacts &F, ReportState &S);
  void reportWideAmountBits(const rocmtidy::FunctionWarpFacts &F, ReportState &S);
  void reportWrapperMasks(const rocmtidy::FunctionWarpFacts &F, ReportState &S);
  void reportFragmentTiles(const rocmtidy::FunctionWarpFacts &F, ReportState &S);
  void reportHalfConfinedReductions(const rocmtidy::FunctionWarpFacts &F, ReportState &S);
  void reportWideStarts(const rocmtidy::FunctionWarpFacts &F, ReportState &S);
  void reportBranchBarriers(const rocmtidy::FunctionWarpFacts &F, ReportState &S);
  void reportSyncFreeSteps(const rocmtidy::FunctionWarpFacts &F, ReportState &S);
  void reportWidthShifts(const rocmtidy::FunctionWarpFacts &F, ReportState &S);
  void reportMixedRoundings(const rocmtidy::FunctionWarpFacts &F, ReportState &S);
  void reportScaledWarpIds(const rocmtidy::FunctionWarpFacts &F, ReportState &S);
  void reportWavefrontLanes(const rocmtidy::FunctionWarpFacts &F, ReportState &S);
  void reportTileVotes(const rocmtidy::FunctionWarpFacts &F, ReportState &S);
  // Declarations, from the visitor: a project overload of a *_sync builtin with a 32-bit mask,
  // a constant 'warpSize' of 32 that hides the device's.
  void reportMaskOverload(const FunctionDecl *FD, const SourceManager &SM, rocmtidy::WarpModel &Model);
  void noteWarpSizeConstant(const VarDecl *VD, const ASTContext &Ctx);
  void reportWarpSizeConstants();
  // Host code that shapes a launch with a width macro the device pass defines otherwise.
  void reportHostSplits(ReportState &S);
  void reportHostGrids(ReportState &S);
  const BinaryOperator *gridWarp32(const Expr *E, ReportState &S);
  // A per-warp array sized 'Block / WarpSize' that has no element in this instantiation.
  void reportEmptyWarpSlots(const VarDecl &VD, ASTContext &Ctx);
  llvm::DenseSet<SourceLocation> EmptySlots;

  const bool IgnoreMacros;
  const std::string WarpSizeNameRegexSpelling;
  llvm::Regex WarpSizeNameRegex;
  const std::string PlatformMacrosSpelling;
  rocmtidy::PlatformGuards Guards;
  rocmtidy::TargetSelection Targets;
  rocmtidy::DeviceSplitMacros Splits;
  /// How kernels this unit only defines are launched elsewhere in the project (their blocks).
  rocmtidy::ProjectIndexOption Index;
  std::vector<WarpSizeMacro> WarpSizeMacros;
  /// Macros named like a warp intrinsic ('#define __shfl_xor_sync(mask, v, m) __shfl_xor(v, m)'):
  /// a project's replacement of the intrinsic, where it was defined.
  std::vector<std::pair<std::string, SourceLocation>> IntrinsicMacros;
  std::vector<StubMacro> StubMacros;
  /// '#define ballot32(m, p) ((uint32_t)__ballot(p))': a cast of a lane-mask intrinsic written in
  /// a macro's body, with the cast's type as spelled (resolved once the unit is read).
  struct NarrowingMacro {
    std::string Name, Intrinsic;
    SourceLocation Cast;
    std::vector<std::string> Type;
  };
  std::vector<NarrowingMacro> NarrowingMacros;
  void reportNarrowingMacros(ReportState &S);
  /// Constants named 'warpSize' that hold 32, and those of them that size cooperative-group tiles.
  std::vector<const VarDecl *> WarpSizeConstants;
  llvm::SmallPtrSet<const VarDecl *, 4> TileWidths;
  /// Blocks the preprocessor skipped: an AMD-only one may replace intrinsics for the HIP build.
  std::vector<SourceRange> SkippedRanges;
};

} // namespace clang::tidy::rocm

#endif
