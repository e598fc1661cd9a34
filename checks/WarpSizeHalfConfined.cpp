// Reductions built only from cross-lane builtins that never leave a 32-lane group
// ('__builtin_amdgcn_ds_swizzle': its bitmask mode addresses the lanes of the caller's own 32-lane
// group, its quad mode 4-lane groups). Six steps over one value (five cover 32 lanes) are a
// reduction meant for 64 lanes; on a 64-lane wavefront its halves are never combined, so lanes 0-31
// and 32-63 end with different partial results. Five steps or fewer are logical 32-lane code.

#include "WarpSizeReportState.h"
#include "clang/AST/ExprCXX.h"

namespace clang::tidy::rocm {

namespace {

// The variable a builtin's value operand reads ('v', 'tmp.val32[0]' -> 'tmp', '*p' -> 'p').
const ValueDecl *operandVariable(const Expr *E) {
  for (unsigned Depth = 0; E && Depth < 8; ++Depth) {
    E = E->IgnoreParenCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      return DRE->getDecl();
    if (const auto *ME = dyn_cast<MemberExpr>(E))
      E = ME->getBase();
    else if (const auto *DME = dyn_cast<CXXDependentScopeMemberExpr>(E))
      E = DME->isImplicitAccess() ? nullptr : DME->getBase();
    else if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E))
      E = ASE->getBase();
    else if (const auto *UO = dyn_cast<UnaryOperator>(E))
      E = UO->getSubExpr();
    else
      return nullptr;
  }
  return nullptr;
}

} // namespace

void WarpSizeAssumptionCheck::reportHalfConfinedReductions(const rocmtidy::FunctionWarpFacts &F, ReportState &S) {
  constexpr size_t StepsFor64 = 6;
  if (S.Lanes < 64 || F.HalfConfinedSwaps.size() < StepsFor64 || F.CrossesHalves)
    return;
  // A helper the function calls may hold the step across the halves.
  for (const FunctionDecl *Callee : F.Callees) {
    if (Callee->getBuiltinID())
      continue;
    const rocmtidy::FunctionWarpFacts *G = S.Model.definition(Callee);
    if (!G || G->CrossesHalves)
      return;
  }
  llvm::DenseMap<const ValueDecl *, std::vector<const CallExpr *>> Steps;
  for (const CallExpr *CE : F.HalfConfinedSwaps)
    if (CE->getNumArgs() > 0)
      if (const ValueDecl *VD = operandVariable(CE->getArg(0)))
        Steps[VD].push_back(CE);
  for (const CallExpr *CE : F.HalfConfinedSwaps) {
    auto It = Steps.find(CE->getNumArgs() > 0 ? operandVariable(CE->getArg(0)) : nullptr);
    if (It == Steps.end() || It->second.size() < StepsFor64 || It->second.front() != CE)
      continue;
    SourceLocation Loc = S.SM.getExpansionLoc(CE->getBeginLoc());
    if (platform(Loc, S.SM) == rocmtidy::Platform::CudaOnly || !S.once(Loc, 24))
      continue;
    diag(Loc, "'%0' exchanges values only inside each 32-lane group, so this %1-step reduction never combines lanes "
              "0-31 with lanes 32-63; %2: finish it with a step across the halves ('__shfl_xor(v, 32)')")
        << rocmtidy::calleeName(CE) << static_cast<unsigned>(It->second.size()) << Wave64;
  }
}

} // namespace clang::tidy::rocm
