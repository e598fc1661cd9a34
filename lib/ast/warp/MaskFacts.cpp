// Lane masks: run-time 32-bit masks at *_sync calls, and 64-bit masks (ballots, active masks and
// the unit's wrappers of them) cut to 32 bits by a conversion or a 32-bit bit function.

#include "ast/warp/BodyScanner.h"
#include "ast/warp/WarpExprs.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"

#include <functional>

using namespace clang;

namespace rocmtidy {

using namespace warp;

void WarpBodyScanner::dependentNarrowing(const Expr *E, QualType To) {
  if (To.isNull() || To->isDependentType() || !To->isIntegerType() || To->isBooleanType() || intBits(To, Ctx) >= 64)
    return;
  E = E->IgnoreParens();
  const auto *CE = dyn_cast<CallExpr>(E);
  if (!CE || !E->isTypeDependent() || !T.returnsLaneMask(calleeName(CE)))
    return;
  F.NarrowCasts.push_back({E, To, ("result of '" + calleeName(CE) + "'").str()});
}

// A mask computed at run time in a 32-bit type. Constants are left to isNarrowFullMask (a
// partial constant mask is a choice); a variable holding a narrowed ballot was reported where
// it was narrowed.
bool WarpBodyScanner::isNarrowMaskValue(const Expr *Arg) {
  const Expr *E = Arg->IgnoreParenImpCasts();
  if (E->isTypeDependent() || E->isValueDependent() || !E->getType()->isIntegerType() ||
      intBits(E->getType(), Ctx) > 32 || E->isEvaluatable(Ctx) || isOverloadMaskParameter(E))
    return false;
  if (auto Defs = analysis().reaching(E))
    for (const Expr *D : *Defs)
      if (D && isLaneMaskValue(D))
        return false;
  return true;
}

bool WarpBodyScanner::isLaneMaskValue(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *CE = dyn_cast<CallExpr>(E))
    return T.returnsLaneMask(calleeName(CE)) || M.returnsLaneMask(CE->getDirectCallee());
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return UO->getOpcode() == UO_Not && isLaneMaskValue(UO->getSubExpr());
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    // 'votes & __lanemask_lt()' is still a mask; 'votes & 1' and 'votes >> 32' pick bits on
    // purpose, and narrowing them loses nothing.
    auto isConstant = [&](const Expr *Op) { return !Op->isValueDependent() && Op->isEvaluatable(Ctx); };
    switch (BO->getOpcode()) {
    case BO_And:
      return (isLaneMaskValue(BO->getLHS()) && !isConstant(BO->getRHS())) ||
             (isLaneMaskValue(BO->getRHS()) && !isConstant(BO->getLHS()));
    case BO_Or:
    case BO_Xor:
      return isLaneMaskValue(BO->getLHS()) || isLaneMaskValue(BO->getRHS());
    default:
      return false;
    }
  }
  if (!isa<DeclRefExpr>(E))
    return false;
  auto [It, Inserted] = MaskVars.try_emplace(E, false);
  if (!Inserted)
    return It->second;
  // Every definition that reaches this read is a lane mask.
  auto Defs = analysis().reaching(E);
  bool All = Defs && !Defs->empty();
  if (All)
    for (const Expr *Def : *Defs)
      All = All && Def && isLaneMaskValue(Def);
  MaskVars[E] = All;
  return All;
}

// The mask parameter of the project's own overload of a *_sync builtin: reported at the
// overload's declaration (its callers' masks are converted to it), not at each forwarding call.
bool WarpBodyScanner::isOverloadMaskParameter(const Expr *E) const {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  const auto *P = DRE ? dyn_cast<ParmVarDecl>(DRE->getDecl()) : nullptr;
  const auto *FD = dyn_cast<FunctionDecl>(F.D);
  return P && FD && FD->getIdentifier() && T.takesMask(FD->getName()) && FD->getNumParams() > 0 &&
         FD->getParamDecl(0) == P;
}

// A mask handed to one of the unit's wrappers whose parameter reaches a *_sync builtin's mask:
// a 32-bit full mask, or a run-time 32-bit value, selects lanes 0-31 only however deep the
// wrappers go.
void WarpBodyScanner::wrapperMasks(const CallExpr *CE) {
  const FunctionDecl *Callee = CE->getDirectCallee();
  if (!Callee || isa<CXXOperatorCallExpr>(CE) || SM.isInSystemHeader(SM.getExpansionLoc(Callee->getLocation())))
    return;
  for (unsigned I = 0, N = std::min(CE->getNumArgs(), Callee->getNumParams()); I < N; ++I) {
    const Expr *Arg = explicitArg(CE, I);
    if (!Arg || Arg->isTypeDependent() || !Arg->getType()->isIntegerType())
      continue;
    StringRef Builtin = M.maskParameterTarget(Callee, I);
    if (Builtin.empty())
      continue;
    if (isNarrowFullMask(Arg, Ctx))
      F.WrapperMasks.push_back({CE, Arg, Builtin, true});
    else if (isNarrowMaskValue(Arg))
      F.WrapperMasks.push_back({CE, Arg, Builtin, false});
  }
}

StringRef WarpModel::maskParameterTarget(const FunctionDecl *FD, unsigned Index, unsigned Depth) {
  if (!FD || Depth > 6)
    return {};
  if (const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern())
    FD = Pattern;
  FD = FD->getCanonicalDecl();
  auto Known = MaskParams.find(FD);
  if (Known == MaskParams.end()) {
    MaskParams[FD].resize(FD->getNumParams()); // a recursive wrapper reaches nothing through itself
    llvm::SmallVector<StringRef, 4> Found(FD->getNumParams());
    const FunctionDecl *Def = nullptr;
    const SourceManager &SM = Ctx.getSourceManager();
    if (FD->hasBody(Def) && Def && !SM.isInSystemHeader(SM.getExpansionLoc(Def->getLocation()))) {
      std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
        if (isa<LambdaExpr>(S))
          return;
        if (const auto *CE = dyn_cast<CallExpr>(S))
          for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
            const auto *DRE = dyn_cast<DeclRefExpr>(CE->getArg(I)->IgnoreParenImpCasts());
            const auto *P = DRE ? dyn_cast<ParmVarDecl>(DRE->getDecl()) : nullptr;
            if (!P || P->getDeclContext() != Def || P->getFunctionScopeIndex() >= Found.size() ||
                !Found[P->getFunctionScopeIndex()].empty())
              continue;
            StringRef Name = calleeName(CE);
            StringRef Reach = I == 0 && warpTables().takesMask(Name) ? Name : StringRef();
            const FunctionDecl *Callee = CE->getDirectCallee();
            // In a template a call with a dependent argument names its overload set: one
            // candidate is the callee.
            if (const auto *ULE = dyn_cast<UnresolvedLookupExpr>(CE->getCallee()->IgnoreParenImpCasts());
                !Callee && ULE && ULE->getNumDecls() == 1)
              Callee = (*ULE->decls_begin())->getAsFunction();
            if (Reach.empty() && Callee && Callee->getCanonicalDecl() != FD)
              Reach = maskParameterTarget(Callee, I, Depth + 1);
            Found[P->getFunctionScopeIndex()] = Reach;
          }
        for (const Stmt *C : S->children())
          if (C)
            Walk(C);
      };
      Walk(Def->getBody());
    }
    MaskParams[FD] = Found;
    Known = MaskParams.find(FD);
  }
  return Index < Known->second.size() ? Known->second[Index] : StringRef();
}

// Lane masks narrowed to 32 bits: by a bit function, or by a conversion.
void WarpBodyScanner::settleNarrowing() {
  for (auto [CE, B] : BitOps) {
    const Expr *Arg = CE->getArg(0)->IgnoreImpCasts();
    if (Arg->isTypeDependent() || intBits(Arg->getType(), Ctx) != 64 || !isLaneMaskValue(Arg))
      continue;
    F.NarrowBitOps.push_back({CE, B});
  }
  for (const CastExpr *Cast : Casts) {
    const Expr *Sub = Cast->getSubExpr();
    if (BitOpArgs.contains(Cast) || Sub->isTypeDependent() || intBits(Sub->getType(), Ctx) != 64)
      continue;
    unsigned To = intBits(Cast->getType(), Ctx);
    if (To == 0 || To >= 64 || Cast->getType()->isBooleanType() || !isLaneMaskValue(Sub))
      continue;
    const Expr *Source = Sub->IgnoreParenImpCasts();
    std::string What = "lane mask";
    if (const auto *Call = dyn_cast<CallExpr>(Source))
      What = ("result of '" + calleeName(Call) + "'").str();
    F.NarrowCasts.push_back({Source, Cast->getType(), What});
  }
}

// A project wrapper of a ballot or an active mask ('auto activemask() { return __activemask(); }'):
// every value it returns is a lane mask of 64 bits. Keyed by the canonical declaration, so
// overloads of one name stay apart.
bool WarpModel::returnsLaneMask(const FunctionDecl *FD, unsigned Depth) {
  if (!FD || Depth > 3)
    return false;
  FD = FD->getCanonicalDecl();
  if (auto It = LaneMaskReturns.find(FD); It != LaneMaskReturns.end())
    return It->second;
  LaneMaskReturns[FD] = false; // recursion
  const FunctionDecl *Def = nullptr;
  const SourceManager &SM = Ctx.getSourceManager();
  bool Result = false;
  if (FD->hasBody(Def) && Def && !SM.isInSystemHeader(SM.getExpansionLoc(Def->getLocation())) &&
      Def->getReturnType()->isIntegerType() && !Def->getReturnType()->isDependentType() &&
      Ctx.getIntWidth(Def->getReturnType()) == 64) {
    std::vector<const Expr *> Returned;
    std::function<void(const Stmt *)> Collect = [&](const Stmt *S) {
      if (const auto *RS = dyn_cast<ReturnStmt>(S)) {
        Returned.push_back(RS->getRetValue());
        return;
      }
      if (isa<LambdaExpr>(S))
        return;
      for (const Stmt *C : S->children())
        if (C)
          Collect(C);
    };
    Collect(Def->getBody());
    Result = !Returned.empty() && llvm::all_of(Returned, [&](const Expr *R) {
      const auto *CE = R ? dyn_cast<CallExpr>(R->IgnoreParenImpCasts()) : nullptr;
      return CE && (warpTables().returnsLaneMask(calleeName(CE)) || returnsLaneMask(CE->getDirectCallee(), Depth + 1));
    });
  }
  LaneMaskReturns[FD] = Result;
  return Result;
}

} // namespace rocmtidy
