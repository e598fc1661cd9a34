// Lane masks: run-time 32-bit masks at *_sync calls, and 64-bit masks (ballots, active masks and
// the unit's wrappers of them) cut to 32 bits by a conversion or a 32-bit bit function.

#include "ast/StmtWalk.h"
#include "ast/warp/BodyScanner.h"
#include "ast/warp/WarpExprs.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallPtrSet.h"

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

// A mask argument of HIP's own *_sync builtin whose type is 32 bits wide, whatever its value: a
// constant that names some lanes on purpose ('(1u << group) - 1'), or one a template computes.
// HIP's builtins deduce the mask type from the argument and static_assert that it is 64 bits, so
// the call does not compile.
bool WarpBodyScanner::isNarrowMaskType(const Expr *Arg) {
  const Expr *E = Arg->IgnoreParenImpCasts();
  if (E->isTypeDependent() || !E->getType()->isIntegerType() || E->getType()->isBooleanType() ||
      intBits(E->getType(), Ctx) > 32 || isOverloadMaskParameter(E))
    return false;
  return E->isValueDependent() || E->isEvaluatable(Ctx);
}

bool WarpBodyScanner::isLaneMaskValue(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *CE = dyn_cast<CallExpr>(E))
    return isLaneMaskBuiltinCall(CE, Ctx) || M.returnsLaneMask(CE->getDirectCallee());
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
    case BO_Shr: {
      // 'votes >> 1' still holds lanes above 31; 'votes >> 32' picks the upper half on purpose.
      auto By = constantValue(BO->getRHS(), Ctx);
      return By && *By >= 0 && *By < 32 && isLaneMaskValue(BO->getLHS());
    }
    case BO_Shl:
    case BO_Sub: {
      // '1ull << lane' (the lane's own bit) and '(1ull << lane) - 1' (the lanes below it) with a
      // lane number that reaches 63: 64-bit masks of the wavefront's lanes.
      const auto *Shift = dyn_cast<BinaryOperator>(
          (BO->getOpcode() == BO_Sub ? BO->getLHS() : static_cast<const Expr *>(BO))->IgnoreParenImpCasts());
      if (BO->getOpcode() == BO_Sub && !(constantValue(BO->getRHS(), Ctx) == std::optional<int64_t>(1)))
        return false;
      return Shift && Shift->getOpcode() == BO_Shl && intBits(Shift->getType(), Ctx) == 64 &&
             constantValue(Shift->getLHS(), Ctx) == std::optional<int64_t>(1) && reaches63(Shift->getRHS());
    }
    default:
      return false;
    }
  }
  if (!isa<DeclRefExpr, MemberExpr>(E))
    return false;
  auto [It, Inserted] = MaskVars.try_emplace(E, false);
  if (!Inserted)
    return It->second;
  bool All = false;
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    All = writtenOnlyMasks(ME->getMemberDecl());
  } else if (auto Defs = analysis().reaching(E)) {
    // Every definition that reaches this read is a lane mask.
    All = !Defs->empty();
    for (const Expr *Def : *Defs)
      All = All && Def && isLaneMaskValue(Def);
  } else {
    // A local whose address escapes: to a reference parameter that receives a mask.
    All = writtenOnlyMasks(cast<DeclRefExpr>(E)->getDecl());
  }
  MaskVars[E] = All;
  return All;
}

// A 64-bit local or member this body writes only with lane masks, at least once: by assignment,
// by its initialiser, or through a reference parameter of one of the unit's functions that
// stores a mask there ('void vote(uint64_t &m) { m = __ballot(p); }'). Flow-insensitive: any other
// write, increment or address taken, and it is no mask.
bool WarpBodyScanner::writtenOnlyMasks(const ValueDecl *D) {
  const auto *VD = dyn_cast<VarDecl>(D);
  const auto *FD = dyn_cast<FieldDecl>(D);
  if ((!VD || !VD->hasLocalStorage() || isa<ParmVarDecl>(VD)) && !FD)
    return false;
  if (intBits(D->getType(), Ctx) != 64)
    return false;
  const Expr *Init = VD ? VD->getInit() : FD->getInClassInitializer();
  if (Init && !isLaneMaskValue(Init))
    return false;
  MaskWrites W = M.maskWrites(F.Body, D);
  return !W.Other && (W.Masks > 0 || (Init && VD));
}

static bool refersTo(const Expr *E, const ValueDecl *D) {
  E = E->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return DRE->getDecl() == D;
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return ME->getMemberDecl() == D;
  return false;
}

// How Body writes D (a local, member or reference parameter): lane masks, or anything else.
MaskWrites WarpModel::maskWrites(const Stmt *Body, const ValueDecl *D, unsigned Depth) {
  MaskWrites W;
  const SourceManager &SM = Ctx.getSourceManager();
  auto IsMask = [&](const Expr *E) {
    const auto *CE = dyn_cast<CallExpr>(E->IgnoreParenImpCasts());
    return CE && (isLaneMaskBuiltinCall(CE, Ctx) || returnsLaneMask(CE->getDirectCallee()));
  };
  walkStmts(Body, [&](const Stmt *S) {
    if (S != Body && isa<LambdaExpr>(S))
      return StmtWalk::SkipChildren;
    // The left side only names D: the walk goes on into the right side.
    if (const auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->isAssignmentOp() && refersTo(BO->getLHS(), D)) {
      (BO->getOpcode() == BO_Assign && IsMask(BO->getRHS()) ? W.Masks : W.Other) += 1;
      return StmtWalk::Continue;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(S);
        UO && (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf) && refersTo(UO->getSubExpr(), D))
      ++W.Other;
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *Dl : DS->decls())
        if (const auto *Var = dyn_cast<VarDecl>(Dl);
            Var && Var->getType()->isReferenceType() && Var->getInit() && refersTo(Var->getInit(), D))
          ++W.Other;
    if (const auto *CE = dyn_cast<CallExpr>(S)) {
      const FunctionDecl *Callee = CE->getDirectCallee();
      for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
        if (!refersTo(CE->getArg(I), D) || isa<ImplicitCastExpr>(CE->getArg(I)))
          continue; // passed by value
        const ParmVarDecl *P = Callee && I < Callee->getNumParams() ? Callee->getParamDecl(I) : nullptr;
        QualType PT = P ? P->getType() : QualType();
        if (!PT.isNull() && PT->isReferenceType() && PT->getPointeeType().isConstQualified())
          continue; // read through a const reference
        const FunctionDecl *Def = nullptr;
        bool Stores = P && Depth < 3 && Callee->hasBody(Def) && Def &&
                      !SM.isInSystemHeader(SM.getExpansionLoc(Def->getLocation()));
        MaskWrites Inner = Stores ? maskWrites(Def->getBody(), Def->getParamDecl(I), Depth + 1) : MaskWrites{0, 1};
        (Inner.Masks > 0 && Inner.Other == 0 ? W.Masks : W.Other) += 1;
      }
    }
    return StmtWalk::Continue;
  });
  return W;
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

// qsim's 'template <class T> T __shfl_down_sync(unsigned mask, T v, ...)' calls HIP's maskless
// __shfl_down: a call that picks the project's own overload of a *_sync name, whose body hands the
// mask to no builtin, loses no lanes and builds on any ROCm (the overload is judged at its
// declaration). In a template the call names an overload set: the project's candidate whose mask
// parameter has exactly the argument's type is the one chosen over HIP's deduced MaskT.
bool WarpBodyScanner::projectOverloadDropsMask(const CallExpr *CE) const {
  const Expr *Arg = explicitArg(CE, 0);
  if (!Arg)
    return false;
  QualType ArgTy = Arg->IgnoreParenImpCasts()->getType().getCanonicalType().getUnqualifiedType();
  auto Drops = [&](const FunctionDecl *FD, bool NeedExactType) {
    if (!FD || FD->getNumParams() == 0 || SM.isInSystemHeader(SM.getExpansionLoc(FD->getLocation())))
      return false;
    if (const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern())
      FD = Pattern;
    const FunctionDecl *Def = nullptr;
    QualType MaskTy = FD->getParamDecl(0)->getType();
    if (!FD->hasBody(Def) || !Def || Def->isInvalidDecl() || MaskTy->isDependentType() ||
        (NeedExactType && MaskTy.getCanonicalType().getUnqualifiedType() != ArgTy))
      return false;
    return M.maskParameterTarget(FD, 0).empty();
  };
  if (const FunctionDecl *Callee = CE->getDirectCallee())
    return Drops(Callee, false);
  const auto *ULE = dyn_cast<UnresolvedLookupExpr>(CE->getCallee()->IgnoreParenImpCasts());
  if (!ULE)
    return false;
  for (const NamedDecl *D : ULE->decls()) {
    D = D->getUnderlyingDecl();
    const auto *FTD = dyn_cast<FunctionTemplateDecl>(D);
    if (Drops(FTD ? FTD->getTemplatedDecl() : dyn_cast<FunctionDecl>(D), true))
      return true;
  }
  return false;
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
      walkStmts(Def->getBody(), [&](const Stmt *S) {
        if (isa<LambdaExpr>(S))
          return StmtWalk::SkipChildren;
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
        return StmtWalk::Continue;
      });
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
  for (const CastExpr *Cast : Casts)
    if (const auto *Shift = dyn_cast<BinaryOperator>(Cast->getSubExpr()->IgnoreParens());
        Shift && intBits(Cast->getType(), Ctx) == 64 && llvm::is_contained(F.NarrowLaneBits, Shift))
      F.WidenedLaneBits.insert(Shift);
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
    const auto *Written = dyn_cast<ExplicitCastExpr>(Cast);
    F.NarrowCasts.push_back({Source, Cast->getType(), What, {}, Written ? Written : WrittenCasts.lookup(Cast)});
  }
  // 'unsigned mask = 0; mask |= __ballot(p);': no conversion of the vote shows in the tree (the OR
  // is computed in 64 bits), but the store keeps the low 32.
  for (const BinaryOperator *BO : MaskCompounds) {
    QualType To = BO->getLHS()->getType();
    const Expr *RHS = BO->getRHS()->IgnoreParenImpCasts();
    if (To->isDependentType() || !To->isIntegerType() || To->isBooleanType() || intBits(To, Ctx) >= 64)
      continue;
    if (RHS->isTypeDependent()) {
      size_t Before = F.NarrowCasts.size();
      dependentNarrowing(RHS, To);
      if (F.NarrowCasts.size() > Before)
        F.NarrowCasts.back().At = BO->getOperatorLoc();
      continue;
    }
    if (intBits(RHS->getType(), Ctx) != 64 || !isLaneMaskValue(RHS))
      continue;
    std::string What = "lane mask";
    if (const auto *Call = dyn_cast<CallExpr>(RHS))
      What = ("result of '" + calleeName(Call) + "'").str();
    F.NarrowCasts.push_back({RHS, To, What, BO->getOperatorLoc()});
  }
  // Only threads 0-31 vote there: the vote has no bits above 31, so keeping it in 32 bits loses nothing.
  llvm::erase_if(F.NarrowCasts, [&](const NarrowValue &N) { return underOneGroup(N.Source); });
  dropHalvedMasks();
}

// 'lo = (unsigned)m; hi = (unsigned)(m >> 32)': the code takes the mask in halves, each read as
// such (the mbcnt pair's two operands, two 32-bit counts), so the low half loses no lane.
void WarpBodyScanner::dropHalvedMasks() {
  if (F.NarrowCasts.empty())
    return;
  llvm::SmallPtrSet<const Decl *, 4> Halved;
  walkStmts(F.Body, [&](const Stmt *S) {
    const auto *BO = dyn_cast<BinaryOperator>(S);
    if (BO && BO->getOpcode() == BO_Shr && constantValue(BO->getRHS(), Ctx) == std::optional<int64_t>(32))
      if (const auto *DRE = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts()))
        Halved.insert(DRE->getDecl());
    return StmtWalk::Continue;
  });
  llvm::erase_if(F.NarrowCasts, [&](const NarrowValue &N) {
    const auto *DRE = dyn_cast<DeclRefExpr>(N.Source);
    return DRE && Halved.contains(DRE->getDecl());
  });
}

// A project wrapper of a ballot or an active mask ('auto activemask() { return __activemask(); }'):
// every value it returns is a lane mask of 64 bits. Keyed by the canonical declaration, so
// overloads of one name stay apart.
bool WarpModel::returnsLaneMask(const FunctionDecl *FD, unsigned Depth) {
  if (!FD || Depth > 3)
    return false;
  auto IsMaskCall = [&](const Expr *E) {
    const auto *CE = E ? dyn_cast<CallExpr>(E->IgnoreParenImpCasts()) : nullptr;
    return CE && (isLaneMaskBuiltinCall(CE, Ctx) || returnsLaneMask(CE->getDirectCallee(), Depth + 1));
  };
  // 'uint64_t m = __ballot(p); return m;': a local written only with masks.
  auto IsMaskLocal = [&](const FunctionDecl &Def, const Expr *E) {
    const auto *DRE = E ? dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()) : nullptr;
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (!VD || !VD->hasLocalStorage() || isa<ParmVarDecl>(VD) || (VD->getInit() && !IsMaskCall(VD->getInit())))
      return false;
    MaskWrites W = maskWrites(Def.getBody(), VD, Depth + 1);
    return W.Other == 0 && (W.Masks > 0 || VD->getInit());
  };
  return everyReturn(
      FD, Ctx, LaneMaskReturns,
      [&](const FunctionDecl &Def) {
        QualType R = Def.getReturnType();
        return R->isIntegerType() && !R->isDependentType() && Ctx.getIntWidth(R) == 64;
      },
      [&](const FunctionDecl &Def, const Expr *R) { return IsMaskCall(R) || IsMaskLocal(Def, R); });
}

} // namespace rocmtidy
