// Loops that read every lane of a warp in turn ('for (i = 0; i < WARP_SIZE; ++i) any |= __shfl(v, i)')
// with the warp taken as 32 lanes and the shuffle over the whole wavefront: on a 64-lane wavefront
// the loop never reads lanes 32-63, so their values drop out of the vote, sum or gather, and in code
// that numbers warps of 32 the upper warp reads the lower one's lanes instead of its own.

#include "WarpSizeReportState.h"
#include "clang/Lex/Lexer.h"

namespace clang::tidy::rocm {

void WarpSizeAssumptionCheck::reportLaneGathers(const rocmtidy::FunctionWarpFacts &F, ReportState &S) {
  // Blocks of at most 32 threads never run lanes 32-63.
  if (F.LaneGathers32.empty() || S.Lanes < 64 || S.Model.blockRows(F) == rocmtidy::BlockRows::Narrow)
    return;
  for (const rocmtidy::FunctionWarpFacts::LaneGather &G : F.LaneGathers32) {
    SourceLocation Loc = G.Call->getBeginLoc();
    if (platform(Loc, S.SM) == rocmtidy::Platform::CudaOnly || skipForMacro(Loc, S) || !S.once(Loc, 26))
      continue;
    diag(Loc, "loop reads source lanes 0-31 one by one through '%0' across the whole wavefront; %1, so lanes "
              "32-63 are never read: bound the loop by 'warpSize'")
        << rocmtidy::calleeName(G.Call) << Wave64;
    SourceLocation BoundLoc = G.Bound->IgnoreParenImpCasts()->getBeginLoc();
    StringRef Macro =
        BoundLoc.isMacroID() ? Lexer::getImmediateMacroNameForDiagnostics(BoundLoc, S.SM, S.Ctx.getLangOpts()) : "";
    if (!Macro.empty())
      diag(S.SM.getSpellingLoc(BoundLoc), "'%0' is 32 here, the warp width of a 32-lane GPU", DiagnosticIDs::Note)
          << Macro;
    else
      diag(S.SM.getExpansionLoc(BoundLoc), "the loop stops at lane 32", DiagnosticIDs::Note);
  }
}

} // namespace clang::tidy::rocm
