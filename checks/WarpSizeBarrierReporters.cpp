// Barriers: a block barrier in a branch only the block's first warp or wavefront takes, often a
// '__syncwarp()' that a HIP port replaced with '__syncthreads()' (ROCm before 7 has no __syncwarp).
// The other wavefronts of the block never arrive: the block hangs, or the barrier pairs with a later
// one that they do reach and the shared memory it was meant to order is read too early.

#include "WarpSizeReportState.h"
#include "clang/Lex/Lexer.h"

namespace clang::tidy::rocm {

void WarpSizeAssumptionCheck::reportBranchBarriers(const rocmtidy::FunctionWarpFacts &F, ReportState &S) {
  // Blocks of at most 32 threads: every thread takes the branch.
  if (F.BranchBarriers.empty() || S.Model.blockRows(F) == rocmtidy::BlockRows::Narrow)
    return;
  for (const auto &B : F.BranchBarriers) {
    // At the macro's use when a macro writes the barrier ('#define __syncwarp() __syncthreads()'):
    // the branch around the use is the hazard.
    SourceLocation Loc = S.SM.getExpansionLoc(B.Call->getBeginLoc());
    if (platform(Loc, S.SM) == rocmtidy::Platform::CudaOnly || !S.once(Loc, 14))
      continue;
    StringRef Macro;
    if (B.Call->getBeginLoc().isMacroID())
      Macro = Lexer::getImmediateMacroName(S.SM.getTopMacroCallerLoc(B.Call->getBeginLoc()), S.SM, S.Ctx.getLangOpts());
    diag(Loc, "block barrier%select{| '%1'}0 in a branch only the block's first warp takes; the block's other "
              "wavefronts never reach it, so the block hangs or the barrier pairs with a later one: synchronise "
              "the wavefront instead ('__syncwarp()' on ROCm 7, '__builtin_amdgcn_wave_barrier()' before)")
        << !Macro.empty() << Macro;
    diag(B.Cond->getBeginLoc(), "only the threads of the first warp take this branch", DiagnosticIDs::Note);
  }
}

} // namespace clang::tidy::rocm
