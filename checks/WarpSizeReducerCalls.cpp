// Calls of a reduction that stops at 32 lanes (offsets from 16 down, over the default width) from
// code that groups lanes by the wavefront width ('threadIdx.x % warpSize', or '% WARP_SIZE' where
// WARP_SIZE is 64): the caller spreads its data over 64 lanes and reads one result per wavefront,
// but the reduction only combines each 32-lane half, so lanes 32-63 never reach that result.
// Reported at the call, where the two meet: directly, through a template argument
// ('blockReduce<warpReduceSum>(v)'), and at the call through that template parameter.

#include "WarpSizeReportState.h"
#include "ast/StmtWalk.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"

namespace clang::tidy::rocm {

namespace {

// The first reduction of G that combines 32 lanes only; null when G has none, or numbers its own
// lanes in groups of 32 (logical 32-lane code that keeps its halves apart on purpose).
const rocmtidy::ShortReduction *halfReduction(const rocmtidy::FunctionWarpFacts *G) {
  if (!G || !G->Groupings.empty() || G->HasLogicalWidth)
    return nullptr;
  for (const rocmtidy::ShortReduction &R : G->ShortReductions)
    if (R.K != rocmtidy::ShortReduction::ScanTo16)
      return &R;
  return nullptr;
}

// A function given as a template argument, and its half reduction.
struct ReducerArgument {
  const FunctionDecl *Reducer = nullptr;
  const rocmtidy::ShortReduction *R = nullptr;
};

ReducerArgument reducerArgument(const TemplateArgumentList *Args, unsigned Index, rocmtidy::WarpModel &Model) {
  if (!Args || Index >= Args->size() || Args->get(Index).getKind() != TemplateArgument::Declaration)
    return {};
  const auto *FD = dyn_cast<FunctionDecl>(Args->get(Index).getAsDecl());
  if (!FD)
    return {};
  return {FD, halfReduction(Model.definition(FD))};
}

} // namespace

void WarpSizeAssumptionCheck::reducerNotes(const rocmtidy::FunctionWarpFacts &Grouping,
                                           const rocmtidy::ShortReduction &R) {
  diag(Grouping.HardwareGroupings.front()->getExprLoc(), "lanes are grouped by the wavefront width here",
       DiagnosticIDs::Note);
  diag(R.At->getBeginLoc(), "the reduction starts at lane offset 16 here", DiagnosticIDs::Note);
}

// 'warpReduceSum(v)' in code that groups lanes by the wavefront; 'blockReduce<warpReduceSum>(v)'
// where blockReduce does.
void WarpSizeAssumptionCheck::reportReducerCalls(const rocmtidy::FunctionWarpFacts &F, ReportState &S) {
  if (F.UnitCalls.empty() || S.Lanes < 64 || S.Model.feedsMatrixCore(F))
    return;
  // Asked only once a call qualifies: the answer may come from the project index, and every
  // question is recorded (a file that asked is analysed again when the answer changes).
  std::optional<bool> BlocksUnknown;
  auto AnyBlocks = [&] {
    if (!BlocksUnknown)
      BlocksUnknown = S.Model.blockRows(F) == rocmtidy::BlockRows::Unknown;
    return *BlocksUnknown;
  };
  for (const CallExpr *CE : F.UnitCalls) {
    const FunctionDecl *Callee = CE->getDirectCallee();
    SourceLocation Loc = CE->getBeginLoc();
    // Only lanes 0-31 make the call ('if (lane < 32)' after a fold): the reduction covers them all.
    if (platform(Loc, S.SM) == rocmtidy::Platform::CudaOnly || skipForMacro(Loc, S) || F.FirstThreadsCalls.contains(CE))
      continue;
    if (const rocmtidy::ShortReduction *R = halfReduction(S.Model.definition(Callee));
        R && !F.HardwareGroupings.empty()) {
      if (!AnyBlocks())
        return;
      if (!S.once(Loc, 9))
        continue;
      diag(Loc, "'%0' combines 32 lanes only, but this code groups lanes by the wavefront width; %1, so lanes 32-63 "
                "are left out of the result: start the reduction at half the wavefront width")
          << Callee->getName() << Wave64;
      reducerNotes(F, *R);
      continue;
    }
    const rocmtidy::FunctionWarpFacts *Template = S.Model.definition(Callee);
    const TemplateArgumentList *Args = Callee->getTemplateSpecializationArgs();
    if (!Template || Template->HardwareGroupings.empty() || !Args)
      continue;
    for (unsigned I = 0; I < Args->size(); ++I) {
      ReducerArgument A = reducerArgument(Args, I, S.Model);
      if (!A.R)
        continue;
      if (!AnyBlocks())
        return;
      if (!S.once(Loc, 9))
        continue;
      diag(Loc, "'%0', given to '%1', combines 32 lanes only, but '%1' groups lanes by the wavefront width; %2, so "
                "lanes 32-63 are left out of the result: start the reduction at half the wavefront width")
          << A.Reducer->getName() << Callee->getName() << Wave64;
      reducerNotes(*Template, *A.R);
      break;
    }
  }
}

// Inside a template that groups lanes by the wavefront: a call through a template parameter
// ('warp_reduction(v)') that an instantiation binds to a reduction of 32 lanes.
void WarpSizeAssumptionCheck::reportReducerParameters(const rocmtidy::FunctionWarpFacts &F, ReportState &S) {
  const auto *FD = dyn_cast_or_null<FunctionDecl>(F.D);
  const FunctionTemplateDecl *FTD = FD ? FD->getDescribedFunctionTemplate() : nullptr;
  if (!FTD || F.Instantiation || F.HardwareGroupings.empty() || S.Lanes < 64 || S.Model.feedsMatrixCore(F))
    return;
  auto ReportCall = [&](const CallExpr *CE) {
    const auto *Ref = dyn_cast<DeclRefExpr>(CE->getCallee()->IgnoreParenImpCasts());
    const auto *Param = Ref ? dyn_cast<NonTypeTemplateParmDecl>(Ref->getDecl()) : nullptr;
    if (!Param || Param->getDepth() != FTD->getTemplateParameters()->getDepth())
      return;
    SourceLocation Loc = CE->getBeginLoc();
    if (platform(Loc, S.SM) == rocmtidy::Platform::CudaOnly || skipForMacro(Loc, S))
      return;
    for (const FunctionDecl *Spec : FTD->specializations()) {
      ReducerArgument A = reducerArgument(Spec->getTemplateSpecializationArgs(), Param->getIndex(), S.Model);
      if (!A.R || !S.once(Loc, 9))
        continue;
      diag(Loc, "'%0' is '%1' in an instantiation, which combines 32 lanes only, but this code groups lanes by the "
                "wavefront width; %2, so lanes 32-63 are left out of the result: start the reduction at half the "
                "wavefront width")
          << Param->getName() << A.Reducer->getName() << Wave64;
      diag(Spec->getPointOfInstantiation(), "instantiated with '%0' here", DiagnosticIDs::Note) << A.Reducer->getName();
      reducerNotes(F, *A.R);
      return;
    }
  };
  rocmtidy::walkStmts(F.Body, [&](const Stmt *St) {
    if (const auto *CE = dyn_cast<CallExpr>(St))
      ReportCall(CE);
    return rocmtidy::StmtWalk::Continue;
  });
}

} // namespace clang::tidy::rocm
