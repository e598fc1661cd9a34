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

// A local's (or a constant's) initialiser. Later assignments are not followed: host code sizes grids
// with straight-line locals, and a grid reassigned from a 32-lane count would say the same.
const Expr *initialiserOf(const Expr *E) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  return VD && !isa<ParmVarDecl>(VD) && (VD->isLocalVarDecl() || VD->getType().isConstQualified()) ? VD->getInit()
                                                                                                   : nullptr;
}

// Whether E computes from the block's index: a global thread number, not a thread's place in its
// block.
bool readsBlockIndex(const Expr *E, unsigned Depth = 0) {
  if (!E || Depth > 3)
    return false;
  bool Found = false;
  rocmtidy::walkStmts(E, [&](const Stmt *S) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
      if (DRE->getDecl()->getName() == "blockIdx" ||
          (isa<VarDecl>(DRE->getDecl()) && readsBlockIndex(initialiserOf(DRE), Depth + 1)))
        Found = true;
    } else if (const auto *OVE = dyn_cast<OpaqueValueExpr>(S)) {
      // 'blockIdx.x' as a property: the object sits behind the pseudo-object's opaque value.
      Found = readsBlockIndex(OVE->getSourceExpr(), Depth);
    } else if (const auto *CE = dyn_cast<CallExpr>(S)) {
      StringRef N = rocmtidy::calleeName(CE);
      Found |= N == "__ockl_get_group_id" || N.starts_with("__builtin_amdgcn_workgroup_id");
    }
    return Found ? rocmtidy::StmtWalk::Stop : rocmtidy::StmtWalk::Continue;
  });
  return Found;
}

// 'global_thread / warpSize': the kernel gives each wavefront one work item. A kernel that also
// numbers anything in warps of 32 agrees with the host's count on its own terms; it is left to the
// groupings' reporters.
const BinaryOperator *wavefrontItem(const rocmtidy::FunctionWarpFacts &F) {
  if (llvm::any_of(F.Groupings, [](const rocmtidy::LaneGrouping32 &G) {
        return G.K == rocmtidy::LaneGrouping32::WarpDivide || G.K == rocmtidy::LaneGrouping32::WarpShift;
      }))
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
const BinaryOperator *WarpSizeAssumptionCheck::gridWarp32(const Expr *E, ReportState &S, unsigned Depth) {
  if (!E || Depth > 4)
    return nullptr;
  const BinaryOperator *Found = nullptr;
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
  rocmtidy::walkStmts(E, [&](const Stmt *St) {
    if (const auto *BO = dyn_cast<BinaryOperator>(St)) {
      if ((BO->getOpcode() == BO_Div && Width32(BO->getRHS())) ||
          (BO->getOpcode() == BO_Mul && (Width32(BO->getLHS()) || Width32(BO->getRHS()))))
        Found = BO;
    } else if (const auto *Ref = dyn_cast<DeclRefExpr>(St)) {
      Found = gridWarp32(initialiserOf(Ref), S, Depth + 1);
    }
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
      const BinaryOperator *BO = gridWarp32(Grid, S, 0);
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
