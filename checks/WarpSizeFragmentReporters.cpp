// Matrix cores and wavefront sizes: library fragment operations (rocWMMA's fill, load, store and
// mma) that the whole wavefront performs together, with a tile picked per 32-lane warp (on a 64-lane
// wavefront both halves take part in one operation, each asking for its own tile), and matrix-core
// builtins that exist only on 32-lane wavefronts.

#include "WarpSizeReportState.h"
#include "ast/ThreadIndex.h"

namespace clang::tidy::rocm {

void WarpSizeAssumptionCheck::reportFragmentTiles(const rocmtidy::FunctionWarpFacts &F, ReportState &S) {
  if (S.Lanes < 64)
    return;
  // '__builtin_amdgcn_wmma_..._w32': clang checks the builtin's target features only when it
  // generates code, so a parse passes and the build for a 64-lane target stops.
  for (const CallExpr *CE : F.Wave32Builtins) {
    // At the macro's use when a macro writes the call: the build stops there, whoever wrote it.
    SourceLocation Loc = S.SM.getExpansionLoc(CE->getBeginLoc());
    // Under a chain that chooses by target ('#if defined(__gfx12__)'): written for those targets.
    if (platform(Loc, S.SM) == rocmtidy::Platform::CudaOnly || Guards.inPlatformSwitch(Loc, S.SM) || !S.once(Loc, 13))
      continue;
    diag(Loc, "'%0' needs a 32-lane wavefront (target feature 'wavefrontsize32'); %1, so compiling for %2 stops "
              "with \"needs target feature\": call it only under the RDNA targets that have it ('#if "
              "defined(__gfx11__) || defined(__gfx12__)') and give 64-lane targets their own path")
        << rocmtidy::calleeName(CE) << Wave64 << S.Where;
  }
  if (F.FragmentTiles.empty())
    return;
  rocmtidy::BlockRows Rows = S.Model.blockRows(F);
  // Blocks of at most 32 threads: every warp number is 0, and 'threadIdx.y' numbers blocks' rows
  // that are wavefronts of their own.
  if (Rows == rocmtidy::BlockRows::Narrow)
    return;
  for (const rocmtidy::FunctionWarpFacts::FragmentTile &T : F.FragmentTiles) {
    const Expr *By = T.By;
    const CallExpr *Op = T.Op;
    SourceLocation Loc = By->getExprLoc();
    if (platform(Loc, S.SM) != rocmtidy::Platform::Any || skipForMacro(Loc, S))
      continue;
    std::string Name = rocmtidy::calleeName(Op).str();
    auto G = llvm::find_if(F.Groupings, [&](const rocmtidy::LaneGrouping32 &L) { return L.Op == By; });
    if (G != F.Groupings.end()) {
      if (G->Origin.InOtherMacro && IgnoreMacros)
        continue;
      if (!S.once(Loc, 0))
        continue;
      diag(Loc, "warp index of 32-lane warps picks the tile of 'rocwmma::%0', which the whole wavefront performs "
                "together; %1, so its two halves ask for different tiles of one fragment: number the warps by "
                "'warpSize'")
          << Name << Wave64;
      groupingNotes(F, *G, S);
    } else {
      // 'threadIdx.y' where the launches show blocks 32 threads wide: two rows to a wavefront.
      if (Rows != rocmtidy::BlockRows::Rows32 || !S.once(Loc, 12))
        continue;
      diag(Loc, "block row picks the tile of 'rocwmma::%0', which the whole wavefront performs together; the "
                "launches make blocks 32 threads wide and %1, so two rows share one fragment: launch blocks "
                "'warpSize' threads wide")
          << Name << Wave64;
    }
    diag(Op->getBeginLoc(), "'rocwmma::%0' is performed by all %1 lanes of a wavefront on %2 here", DiagnosticIDs::Note)
        << Name << S.Lanes << S.Where;
  }
}

} // namespace clang::tidy::rocm
