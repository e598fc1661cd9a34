#ifndef ROCM_TIDY_CHECKS_WARPSIZEREPORTSTATE_H
#define ROCM_TIDY_CHECKS_WARPSIZEREPORTSTATE_H

// What the reporters of rocm-warp-size-assumption share, one file per family:
//   WarpSizeAssumptionCheck.cpp   options, the walk over the unit, host-side tests, constants
//   WarpSizeRemapped.cpp          intrinsics a project replaces by macros in its AMD-only code
//   WarpSizeMixingReporters.cpp   32-lane groupings that meet wavefront-wide operations, widths,
//                                 reductions that stop at 16, 'warpSize == 32'
//   WarpSizeReducerCalls.cpp      calls of reductions that stop at 32 lanes from code that groups
//                                 lanes by the wavefront width
//   WarpSizeMaskReporters.cpp     what is wrong whatever the grouping: 32-bit masks, narrowed
//                                 lane masks, '1u << lane', short lane arrays, *_sync overloads
//   WarpSizeTargetLists.cpp       '#if' lists of 64-lane GPUs that leave selected ones a 32-lane '#else'
//   WarpSizeHostSplit.cpp         host launches shaped with a width the device pass defines otherwise
//   WarpSizeEmptySlots.cpp        per-warp arrays that a block narrower than the wavefront leaves empty
//   WarpSizeHostGrid.cpp          host grids counted in warps of 32 for kernels that take one item
//                                 per wavefront

#include "WarpSizeAssumptionCheck.h"
#include "ast/WarpModel.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringSet.h"

#include <string>
#include <utility>
#include <vector>

namespace clang::tidy::rocm {

inline constexpr llvm::StringLiteral Wave64 = "AMD GPUs run 64-lane wavefronts";

// What one run of the reporters shares: the unit's model, where the findings go, what was
// already said.
struct WarpSizeAssumptionCheck::ReportState {
  ASTContext &Ctx;
  const SourceManager &SM;
  rocmtidy::WarpModel &Model;
  unsigned Lanes;
  std::string Where;
  /// The AMD device pass of a 64-lane target: a per-target '#if' chose the values seen here.
  bool DevicePass64 = false;
  /// Intrinsics the project replaces by macros in its AMD-only code.
  llvm::StringSet<> RemappedForAmd;
  /// Template instantiations and helpers analysed with their callers' arguments can meet the
  /// same code twice: each finding is reported once.
  llvm::DenseSet<std::pair<SourceLocation, unsigned>> Reported;
  /// Masks written by a macro are reported once, at the macro, with the uses as notes.
  llvm::MapVector<SourceLocation, std::pair<std::string, std::vector<const CallExpr *>>> MaskMacros;

  bool once(SourceLocation Loc, unsigned Kind) { return Reported.insert({Loc, Kind}).second; }
  // Spelled inside a macro's body (not merely passed to a macro as an argument).
  bool inMacroBody(SourceLocation Loc) const { return Loc.isMacroID() && SM.getTopMacroCallerLoc(Loc).isMacroID(); }
};

/// The outermost macro the user wrote around CE when CE's argument Arg is written at that use too
/// ('__shfl_sync(m, v, lane & ~3)' through a port's shim that calls '__shfl(v, l, warpSize)'): its
/// name, with Use set to where it is written; empty when the macro's definitions write Arg.
StringRef wrapperMacroUse(const CallExpr *CE, const Expr *Arg, const SourceManager &SM, const LangOptions &LO,
                          SourceLocation &Use);

} // namespace clang::tidy::rocm

#endif
