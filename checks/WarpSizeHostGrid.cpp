// Host grids counted in warps of 32 for kernels that number their work items by the hardware warp:
// 'warps_per_block = threads / WARP_SIZE' with WARP_SIZE 32 sizes the grid for one item per 32
// threads, while the kernel takes item '(blockIdx.x * blockDim.x + threadIdx.x) / warpSize', one
// per 64-lane wavefront on AMD. Each block then covers half the items the host counted on, and the
// last half of the items is never processed. Either width alone is consistent; only the pair is
// wrong, so both sides must be seen: the launch in the unit's host code, the kernel's body in the
// warp model.

#include "WarpSizeReportState.h"
#include "ast/ConstantValue.h"
#include "ast/StmtWalk.h"
#include "ast/ThreadIndex.h"
#include "clang/Lex/Lexer.h"

namespace clang::tidy::rocm {

namespace {

// Whether E computes from the block's index, directly or through the locals it names: a global thread
// number, not a thread's place in its block.
bool readsBlockIndex(const Expr *E) {
  return !rocmtidy::walkWithInitialisers(E, 3, [](const Stmt *S) {
    const auto *X = dyn_cast<Expr>(S);
    return X && rocmtidy::isBlockIndex(X) ? rocmtidy::StmtWalk::Stop : rocmtidy::StmtWalk::Continue;
  });
}

// 'global_thread / warpSize': the kernel gives each wavefront one work item. A kernel that also
// numbers anything in warps of 32 agrees with the host's count on its own terms; it is left to the
// groupings' reporters.
const BinaryOperator *wavefrontItem(const rocmtidy::FunctionWarpFacts &F) {
  if (llvm::any_of(F.Groupings, [](const rocmtidy::LaneGrouping32 &G) { return G.numbersWarps(); }))
    return nullptr;
  for (const Expr *E : F.HardwareGroupings)
    if (const auto *BO = dyn_cast<BinaryOperator>(E);
        BO && BO->getOpcode() == BO_Div && rocmtidy::isWarpSizeRef(BO->getRHS()) && readsBlockIndex(BO->getLHS()))
      return BO;
  return nullptr;
}

} // namespace

// The division or product by a warp width of 32 that a grid is computed from, through the host
// function's locals.
const BinaryOperator *WarpSizeAssumptionCheck::gridWarp32(const Expr *E, ReportState &S) {
  auto Width32 = [&](const Expr *X) {
    X = X->IgnoreParenImpCasts();
    SourceLocation Loc = X->getBeginLoc();
    StringRef Name;
    if (Loc.isMacroID())
      Name = Lexer::getImmediateMacroName(Loc, S.SM, S.Ctx.getLangOpts());
    else if (const auto *DRE = dyn_cast<DeclRefExpr>(X))
      Name = DRE->getDecl()->getName();
    return !Name.empty() && S.Model.isWarpSizeName(Name) && rocmtidy::evaluateConstantInteger(X, S.Ctx) == 32u;
  };
  const BinaryOperator *Found = nullptr;
  rocmtidy::walkWithInitialisers(E, 4, [&](const Stmt *St) {
    const auto *BO = dyn_cast<BinaryOperator>(St);
    if (BO && ((BO->getOpcode() == BO_Div && Width32(BO->getRHS())) ||
               (BO->getOpcode() == BO_Mul && (Width32(BO->getLHS()) || Width32(BO->getRHS())))))
      Found = BO;
    return Found ? rocmtidy::StmtWalk::Stop : rocmtidy::StmtWalk::Continue;
  });
  return Found;
}

void WarpSizeAssumptionCheck::reportHostGrids(ReportState &S) {
  if (S.Ctx.getLangOpts().CUDAIsDevice || S.Lanes < 64)
    return;
  for (const auto &[Kernel, Entry] : S.Model.launches().entries()) {
    const rocmtidy::FunctionWarpFacts *F = Entry.Grids.empty() ? nullptr : S.Model.definition(Kernel);
    const BinaryOperator *Item = F ? wavefrontItem(*F) : nullptr;
    if (!Item)
      continue;
    for (const Expr *Grid : Entry.Grids) {
      const BinaryOperator *BO = gridWarp32(Grid, S);
      if (!BO)
        continue;
      SourceLocation Loc = S.SM.getFileLoc(BO->getOperatorLoc());
      if (platform(Loc, S.SM) == rocmtidy::Platform::CudaOnly || !S.once(Loc, 21))
        continue;
      diag(Loc, "grid counts one work item per 32 threads, but kernel '%0' takes one per 'warpSize' lanes; %1, so "
                "the grid covers half the items: count warps per block with the device's warp size "
                "('hipDeviceProp_t::warpSize')")
          << Kernel->getName() << Wave64;
      diag(Item->getOperatorLoc(), "the kernel numbers its items by wavefront here", DiagnosticIDs::Note);
    }
  }
}

} // namespace clang::tidy::rocm
