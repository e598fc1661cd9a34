// Barriers: a block barrier in a branch only the block's first warp or wavefront takes, or only some
// lanes of each warp, often a '__syncwarp()' that a HIP port replaced with '__syncthreads()' (ROCm
// before 7 has no __syncwarp), directly or in a stand-in function. The threads that skip the branch
// never arrive: the block hangs, or the barrier pairs with a later one that they do reach and the
// shared memory it was meant to order is read too early.

#include "WarpSizeReportState.h"
#include "clang/Lex/Lexer.h"

namespace clang::tidy::rocm {

void WarpSizeAssumptionCheck::reportBranchBarriers(const rocmtidy::FunctionWarpFacts &F, ReportState &S) {
  if (F.BranchBarriers.empty())
    return;
  bool Narrow = S.Model.blockRows(F) == rocmtidy::BlockRows::Narrow;
  for (const auto &B : F.BranchBarriers) {
    // Blocks of at most 32 threads: every thread takes a first-warp branch.
    if (Narrow && !B.SomeLanes)
      continue;
    // At the macro's use when a macro writes the barrier ('#define __syncwarp() __syncthreads()'):
    // the branch around the use is the hazard.
    SourceLocation Loc = S.SM.getExpansionLoc(B.Call->getBeginLoc());
    if (platform(Loc, S.SM) == rocmtidy::Platform::CudaOnly || !S.once(Loc, 14))
      continue;
    // The name the user wrote: a macro, or a stand-in function that is the barrier alone.
    std::string Written;
    if (B.Call->getBeginLoc().isMacroID())
      Written =
          Lexer::getImmediateMacroName(S.SM.getTopMacroCallerLoc(B.Call->getBeginLoc()), S.SM, S.Ctx.getLangOpts())
              .str();
    else if (const FunctionDecl *Callee = B.Call->getDirectCallee();
             Callee && Callee->getIdentifier() && Callee->getName() != "__syncthreads")
      Written = Callee->getQualifiedNameAsString();
    diag(Loc, "block barrier%select{| '%1'}0 in a branch only %select{the block's first warp takes; the block's "
              "other wavefronts|some lanes of each warp take; the other lanes}2 never reach it, so the block hangs "
              "or the barrier pairs with a later one: synchronise the wavefront instead ('__syncwarp()' on ROCm 7, "
              "'__builtin_amdgcn_wave_barrier()' before)")
        << !Written.empty() << Written << B.SomeLanes;
    diag(B.Cond->getBeginLoc(),
         "only the threads of %select{the first warp|a few lanes of each warp}0 take this branch", DiagnosticIDs::Note)
        << B.SomeLanes;
  }
}

// Warp-synchronous reduction steps on memory that is not volatile: the loads of the next step may
// be issued before the other lanes' stores of this one (lib/ast/warp/SyncFreeSteps.cpp).
void WarpSizeAssumptionCheck::reportSyncFreeSteps(const rocmtidy::FunctionWarpFacts &F, ReportState &S) {
  for (const auto &Step : F.SyncFreeSteps) {
    SourceLocation Loc = S.SM.getExpansionLoc(Step.Read->getBeginLoc());
    if (platform(Loc, S.SM) == rocmtidy::Platform::CudaOnly || !S.once(Loc, 15))
      continue;
    diag(Loc, "warp-synchronous step reads '%0' written by other lanes with no barrier between the steps; nothing "
              "orders those stores before this load on a wavefront unless the memory is volatile: declare '%0' "
              "'volatile' or synchronise the wavefront between steps ('__syncwarp()' on ROCm 7)")
        << Step.Array->getName();
    if (!Step.Why)
      continue;
    bool Loop = isa<ForStmt>(Step.Why);
    diag(Step.Why->getBeginLoc(),
         "%select{the block barrier is skipped for the last steps|the steps of this loop have no barrier}0",
         DiagnosticIDs::Note)
        << Loop;
  }
}

} // namespace clang::tidy::rocm
