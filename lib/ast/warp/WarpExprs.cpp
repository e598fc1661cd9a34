#include "ast/warp/WarpExprs.h"

#include "ast/StmtWalk.h"
#include "ast/ThreadIndex.h"
#include "ast/WarpModel.h"

#include "clang/Basic/SourceManager.h"

#include <string>

using namespace clang;

namespace rocmtidy::warp {

const Expr *explicitArg(const CallExpr *CE, unsigned I) {
  if (I >= CE->getNumArgs() || isa<CXXDefaultArgExpr>(CE->getArg(I)))
    return nullptr;
  return CE->getArg(I);
}

bool mentionsWarpSize(const Stmt *S) {
  if (const auto *E = dyn_cast<Expr>(S); E && isWarpSizeRef(E))
    return true;
  for (const Stmt *C : S->children())
    if (C && mentionsWarpSize(C))
      return true;
  return false;
}

bool refersTo(const Expr *E, const VarDecl *VD) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  return DRE && DRE->getDecl() == VD;
}

bool isLit(const Expr *E, uint64_t V) {
  auto L = integerLiteralValue(E);
  return L && *L == V;
}

bool steps(const Expr *Inc, const VarDecl *VD, bool Halve) {
  if (!Inc)
    return false;
  BinaryOperatorKind DivAssign = Halve ? BO_DivAssign : BO_MulAssign, ShAssign = Halve ? BO_ShrAssign : BO_ShlAssign;
  BinaryOperatorKind Div = Halve ? BO_Div : BO_Mul, Sh = Halve ? BO_Shr : BO_Shl;
  Inc = Inc->IgnoreParens();
  if (const auto *CA = dyn_cast<CompoundAssignOperator>(Inc))
    return refersTo(CA->getLHS(), VD) && ((CA->getOpcode() == DivAssign && isLit(CA->getRHS(), 2)) ||
                                          (CA->getOpcode() == ShAssign && isLit(CA->getRHS(), 1)));
  if (const auto *BO = dyn_cast<BinaryOperator>(Inc); BO && BO->getOpcode() == BO_Assign && refersTo(BO->getLHS(), VD))
    if (const auto *R = dyn_cast<BinaryOperator>(BO->getRHS()->IgnoreParenImpCasts()); R && refersTo(R->getLHS(), VD))
      return (R->getOpcode() == Div && isLit(R->getRHS(), 2)) || (R->getOpcode() == Sh && isLit(R->getRHS(), 1));
  return false;
}

const Expr *addedStep(const Expr *Inc, const VarDecl *VD) {
  const auto *BO = dyn_cast<BinaryOperator>(Inc->IgnoreParenImpCasts());
  if (!BO || !refersTo(BO->getLHS(), VD))
    return nullptr;
  if (BO->getOpcode() == BO_AddAssign)
    return BO->getRHS();
  const auto *Sum = dyn_cast<BinaryOperator>(BO->getRHS()->IgnoreParenImpCasts());
  if (BO->getOpcode() != BO_Assign || !Sum || Sum->getOpcode() != BO_Add)
    return nullptr;
  return refersTo(Sum->getLHS(), VD) ? Sum->getRHS() : refersTo(Sum->getRHS(), VD) ? Sum->getLHS() : nullptr;
}

// '++i', 'i++', 'i += 1', 'i = i + 1'.
bool stepsByOne(const Expr *Inc, const VarDecl *VD) {
  if (const auto *U = dyn_cast<UnaryOperator>(Inc->IgnoreParenImpCasts()))
    return U->isIncrementOp() && refersTo(U->getSubExpr(), VD);
  const Expr *Step = addedStep(Inc, VD);
  return Step && isLit(Step, 1);
}

std::pair<const VarDecl *, const Expr *> loopStart(const ForStmt *FS) {
  if (!FS->getInit())
    return {nullptr, nullptr};
  if (const auto *DS = dyn_cast<DeclStmt>(FS->getInit())) {
    if (const auto *VD = dyn_cast_or_null<VarDecl>(DS->isSingleDecl() ? DS->getSingleDecl() : nullptr))
      return {VD, VD->getInit()};
  } else if (const auto *BO = dyn_cast<BinaryOperator>(FS->getInit()); BO && BO->getOpcode() == BO_Assign) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParens()))
      return {dyn_cast<VarDecl>(DRE->getDecl()), BO->getRHS()};
  }
  return {nullptr, nullptr};
}

const Expr *loopBound(const ForStmt *FS, const VarDecl *VD, bool &Inclusive) {
  const auto *BO = dyn_cast_or_null<BinaryOperator>(FS->getCond() ? FS->getCond()->IgnoreParenImpCasts() : nullptr);
  if (!BO || !refersTo(BO->getLHS(), VD) || (BO->getOpcode() != BO_LT && BO->getOpcode() != BO_LE))
    return nullptr;
  Inclusive = BO->getOpcode() == BO_LE;
  return BO->getRHS()->IgnoreParenImpCasts();
}

bool isWarpSizeMinusOne(const Expr *E) {
  const auto *BO = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
  return BO && BO->getOpcode() == BO_Sub && (isWarpSizeRef(BO->getLHS()) || isWarpSizeCall(BO->getLHS())) &&
         isLit(BO->getRHS(), 1);
}

bool mentionsWidthName(const Stmt *S) {
  if (const auto *E = dyn_cast<Expr>(S); E && isWarpSizeRef(E))
    return true;
  StringRef Name;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S); DRE && DRE->getDecl()->getIdentifier())
    Name = DRE->getDecl()->getName();
  else if (const auto *CE = dyn_cast<CallExpr>(S))
    Name = calleeName(CE);
  if (!Name.empty()) {
    std::string L = Name.lower();
    if (StringRef(L).contains("warp_size") || StringRef(L).contains("warpsize") || StringRef(L).contains("wave_size") ||
        StringRef(L).contains("wavesize") || StringRef(L).contains("wavefront"))
      return true;
  }
  for (const Stmt *C : S->children())
    if (C && mentionsWidthName(C))
      return true;
  return false;
}

bool isWidthTest(const Expr *Cond) {
  const auto *BO = dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts());
  return BO && (BO->getOpcode() == BO_EQ || BO->getOpcode() == BO_NE) &&
         (mentionsWidthName(BO->getLHS()) || mentionsWidthName(BO->getRHS()));
}

const SubstNonTypeTemplateParmExpr *templateArgument(const Expr *E) {
  for (;;) {
    E = E->IgnoreParens();
    if (const auto *ICE = dyn_cast<ImplicitCastExpr>(E))
      E = ICE->getSubExpr();
    else
      break;
  }
  if (const auto *Sub = dyn_cast<SubstNonTypeTemplateParmExpr>(E))
    return Sub;
  if (const auto *BO = dyn_cast<BinaryOperator>(E); BO && (BO->getOpcode() == BO_Sub || BO->getOpcode() == BO_Div))
    return templateArgument(BO->getLHS());
  return nullptr;
}

bool isBlockDimX(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *PO = dyn_cast<PseudoObjectExpr>(E))
    E = PO->getSyntacticForm()->IgnoreParenImpCasts();
  const Expr *Base = nullptr;
  StringRef Member;
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    Base = ME->getBase();
    Member = ME->getMemberDecl()->getIdentifier() ? ME->getMemberDecl()->getName() : StringRef();
  } else if (const auto *MP = dyn_cast<MSPropertyRefExpr>(E)) {
    Base = MP->getBaseExpr();
    Member = MP->getPropertyDecl()->getIdentifier() ? MP->getPropertyDecl()->getName() : StringRef();
  } else if (const auto *CE = dyn_cast<CXXMemberCallExpr>(E)) {
    // HIP 5's coordinate objects: a conversion operator on blockDim.x.
    return isBlockDimX(CE->getImplicitObjectArgument());
  }
  if (!Base || !(Member == "x" || Member == "__fetch_builtin_x"))
    return false;
  Base = Base->IgnoreParenImpCasts();
  if (const auto *OV = dyn_cast<OpaqueValueExpr>(Base); OV && OV->getSourceExpr())
    Base = OV->getSourceExpr()->IgnoreParenImpCasts();
  const auto *DRE = dyn_cast<DeclRefExpr>(Base);
  return DRE && DRE->getDecl()->getIdentifier() && DRE->getDecl()->getName() == "blockDim";
}

bool isNarrowFullMask(const Expr *Arg, const ASTContext &Ctx) {
  Arg = Arg->IgnoreImpCasts();
  if (Arg->isValueDependent())
    return false;
  Expr::EvalResult R;
  if (!Arg->EvaluateAsInt(R, Ctx))
    return false;
  llvm::APSInt Mask = R.Val.getInt();
  // Widened as the call widens it: '~0u' stays 0xffffffff, '-1' becomes all ones.
  return Mask.getBitWidth() <= 64 && Mask.extend(64).getZExtValue() == 0xffffffffULL;
}

unsigned intBits(QualType Ty, const ASTContext &Ctx) { return Ty->isIntegerType() ? Ctx.getIntWidth(Ty) : 0; }

std::optional<int64_t> constantValue(const Expr *E, const ASTContext &Ctx) {
  if (!E || E->isValueDependent())
    return std::nullopt;
  Expr::EvalResult R;
  if (E->EvaluateAsInt(R, Ctx))
    return R.Val.getInt().getExtValue();
  return std::nullopt;
}

bool isHardwareLaneCall(const CallExpr *CE) {
  StringRef N = calleeName(CE);
  return N == "__lane_id" || N == "__builtin_amdgcn_mbcnt_hi";
}

bool isLaneMaskBuiltinCall(const CallExpr *CE, const ASTContext &Ctx) {
  if (!CE || !warpTables().returnsLaneMask(calleeName(CE)))
    return false;
  const FunctionDecl *FD = CE->getDirectCallee();
  const SourceManager &SM = Ctx.getSourceManager();
  if (!FD || FD->getBuiltinID() || SM.isInSystemHeader(SM.getExpansionLoc(FD->getLocation())))
    return true;
  QualType R = FD->getReturnType();
  return R->isDependentType() || !R->isIntegerType() || intBits(R, Ctx) >= 64;
}

std::vector<const Expr *> returnedValues(const Stmt *Body) {
  std::vector<const Expr *> Returned;
  walkStmts(Body, [&](const Stmt *S) {
    if (const auto *RS = dyn_cast<ReturnStmt>(S)) {
      Returned.push_back(RS->getRetValue());
      return StmtWalk::SkipChildren;
    }
    return isa<LambdaExpr>(S) ? StmtWalk::SkipChildren : StmtWalk::Continue;
  });
  return Returned;
}

bool everyReturn(const FunctionDecl *FD, const ASTContext &Ctx, llvm::DenseMap<const FunctionDecl *, bool> &Memo,
                 llvm::function_ref<bool(const FunctionDecl &)> Fits,
                 llvm::function_ref<bool(const FunctionDecl &, const Expr *)> Each) {
  FD = FD->getCanonicalDecl();
  if (auto It = Memo.find(FD); It != Memo.end())
    return It->second;
  Memo[FD] = false; // recursion
  const FunctionDecl *Def = nullptr;
  const SourceManager &SM = Ctx.getSourceManager();
  bool Result = false;
  if (FD->hasBody(Def) && Def && !SM.isInSystemHeader(SM.getExpansionLoc(Def->getLocation())) && Fits(*Def)) {
    std::vector<const Expr *> Returned = returnedValues(Def->getBody());
    Result = !Returned.empty() && llvm::all_of(Returned, [&](const Expr *R) { return Each(*Def, R); });
  }
  Memo[FD] = Result;
  return Result;
}

std::optional<int64_t> foldBinary(BinaryOperatorKind Op, int64_t L, int64_t R) {
  switch (Op) {
  case BO_Add:
    return L + R;
  case BO_Sub:
    return L - R;
  case BO_Mul:
    return L * R;
  case BO_Div:
    return R ? std::optional<int64_t>(L / R) : std::nullopt;
  case BO_Rem:
    return R ? std::optional<int64_t>(L % R) : std::nullopt;
  case BO_Shl:
    return R >= 0 && R < 32 ? std::optional<int64_t>(L << R) : std::nullopt;
  case BO_Shr:
    return R >= 0 && R < 63 ? std::optional<int64_t>(L >> R) : std::nullopt;
  default:
    return std::nullopt;
  }
}

std::optional<int64_t> valueAt64Lanes(const Expr *E, const ASTContext &Ctx, unsigned Depth) {
  if (!E || Depth > 8 || E->isValueDependent())
    return std::nullopt;
  E = E->IgnoreParenImpCasts();
  if (isWarpSizeRef(E))
    return 64;
  if (auto V = constantValue(E, Ctx))
    return V;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
        VD && VD->getType().isConstQualified() && VD->getInit() && !VD->isLocalVarDecl())
      return valueAt64Lanes(VD->getInit(), Ctx, Depth + 1);
  const auto *BO = dyn_cast<BinaryOperator>(E);
  if (!BO)
    return std::nullopt;
  auto L = valueAt64Lanes(BO->getLHS(), Ctx, Depth + 1), R = valueAt64Lanes(BO->getRHS(), Ctx, Depth + 1);
  if (!L || !R)
    return std::nullopt;
  return foldBinary(BO->getOpcode(), *L, *R);
}

} // namespace rocmtidy::warp

namespace rocmtidy {

void addBothWidthsTests(const BinaryOperator *Logical, llvm::DenseSet<const Expr *> &Out) {
  if (Logical->getOpcode() != BO_LAnd && Logical->getOpcode() != BO_LOr)
    return;
  auto width = [](const Expr *E) -> std::optional<uint64_t> {
    const auto *BO = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
    if (!BO || (BO->getOpcode() != BO_EQ && BO->getOpcode() != BO_NE))
      return std::nullopt;
    if (auto V = integerLiteralValue(BO->getRHS()))
      return V;
    return integerLiteralValue(BO->getLHS());
  };
  auto L = width(Logical->getLHS()), R = width(Logical->getRHS());
  if (L && R && ((*L == 32 && *R == 64) || (*L == 64 && *R == 32)))
    Out.insert((*L == 32 ? Logical->getLHS() : Logical->getRHS())->IgnoreParenImpCasts());
}

} // namespace rocmtidy
