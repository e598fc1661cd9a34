#include "ast/DeviceAllocAnalysis.h"
#include "ast/DeviceAllocEscape.h"

// How branch conditions refine an allocation's state: "if (hipMalloc(&d, n) != hipSuccess)",
// "if (!d)", "switch (err)", status variables and helpers that test a status.

namespace rocmtidy::devicealloc {

StatusRef Analysis::statusOf(const Expr *E, const FlowState &S) const {
  E = stripPointerExpr(E);
  if (!E)
    return {};
  if (const auto *C = dyn_cast<ConditionalOperator>(E)) {
    if (StatusRef R = statusOf(C->getTrueExpr(), S); R.getPointer())
      return R;
    return statusOf(C->getFalseExpr(), S);
  }
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    // The runtime's last error right after an allocation is that allocation's status.
    if (isLastErrorQuery(Call))
      return S.LastCallAlloc ? StatusRef(S.LastCallAlloc, false) : StatusRef();
    auto It = Allocs.find(Call);
    return It == Allocs.end() ? StatusRef() : StatusRef(It->second.Var, false);
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_LNot) {
    StatusRef R = statusOf(U->getSubExpr(), S);
    return R.getPointer() ? StatusRef(R.getPointer(), !R.getInt()) : R;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E); BO && (BO->getOpcode() == BO_EQ || BO->getOpcode() == BO_NE)) {
    const Expr *Subject = isZero(stripPointerExpr(BO->getRHS())) ? BO->getLHS()
                          : isZero(stripPointerExpr(BO->getLHS())) ? BO->getRHS()
                                                        : nullptr;
    StatusRef R = Subject ? statusOf(Subject, S) : StatusRef();
    // "x == 0" is non-zero exactly when x is zero.
    return R.getPointer() && BO->getOpcode() == BO_EQ ? StatusRef(R.getPointer(), !R.getInt()) : R;
  }
  if (const VarDecl *V = referencedVar(E)) {
    auto It = S.Status.find(V);
    if (It != S.Status.end())
      return It->second;
  }
  return {};
}

bool Analysis::isZero(const Expr *E) const {
  if (E->isValueDependent())
    return false;
  if (E->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull))
    return true;
  Expr::EvalResult R;
  // hipSuccess / cudaSuccess are enumerators with value 0.
  return E->EvaluateAsInt(R, Ctx) && R.Val.isInt() && R.Val.getInt() == 0;
}

void Analysis::applyTest(const Expr *Subject, bool NonZero, FlowState &S) {
  Subject = stripPointerExpr(Subject);
  if (const auto *BO = dyn_cast<BinaryOperator>(Subject); BO && BO->getOpcode() == BO_Assign)
    Subject = stripPointerExpr(BO->getRHS());
  PlaceRef Failed = nullptr;
  // Once a path has tested an allocation's status, a later failing query of the last error is
  // another call's failure: the allocation stands.
  auto Tested = [&](PlaceRef V) {
    if (S.LastCallAlloc == V)
      S.LastCallAlloc = nullptr;
  };
  if (const auto *Call = dyn_cast<CallExpr>(Subject)) {
    if (isLastErrorQuery(Call)) {
      if (NonZero)
        Failed = S.LastCallAlloc;
      S.LastCallAlloc = nullptr;
    } else if (auto F = FreeCalls.find(Call); F != FreeCalls.end()) {
      // A free that reports an error ('CHECK(hipFree(d))' expanding to 'if ((x) != hipSuccess)
      // { ... hipGetErrorString(x) ... }' calls it again there): what it left is not known, so
      // the pointer is no longer followed on that branch.
      if (NonZero)
        escape(F->second, S);
      return;
    } else {
      auto A = Allocs.find(Call);
      if (A == Allocs.end())
        return;
      if (NonZero)
        Failed = A->second.Var;
      Tested(A->second.Var);
    }
  } else if (const VarDecl *SV = referencedVar(Subject); SV && S.Status.count(SV)) {
    StatusRef St = S.Status.find(SV)->second;
    if (NonZero != St.getInt())
      Failed = St.getPointer();
    Tested(St.getPointer());
  } else if (PlaceRef V = trackedRef(Subject)) {
    {
      PtrState &P = S.Ptrs[V];
      if (NonZero) {
        P.Mask &= ~(Unallocated | AllocFailed);
      } else if (P.Mask & Allocated) {
        P.Mask = (P.Mask & ~Allocated) | AllocFailed;  // a null result: the allocation failed
      }
      return;
    }
  }
  if (Failed) {
    PtrState &P = S.Ptrs[Failed];
    if (P.Mask & Allocated)
      P.Mask = (P.Mask & ~Allocated) | AllocFailed;
  }
}

void Analysis::applyCondition(const Expr *E, bool Truth, FlowState &S) {
  E = stripPointerExpr(E);
  if (!E)
    return;
  if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_LNot)
    return applyCondition(U->getSubExpr(), !Truth, S);
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    switch (BO->getOpcode()) {
    case BO_LAnd:
    case BO_LOr:
      // The CFG evaluates the left operand in a block of its own; the block that branches on
      // the whole condition has decided it by the right operand.
      return applyCondition(BO->getRHS(), Truth, S);
    case BO_EQ:
    case BO_NE: {
      const Expr *Subject = nullptr;
      if (isZero(stripPointerExpr(BO->getRHS())))
        Subject = BO->getLHS();
      else if (isZero(stripPointerExpr(BO->getLHS())))
        Subject = BO->getRHS();
      if (!Subject)
        return;
      bool SubjectZero = BO->getOpcode() == BO_EQ ? Truth : !Truth;
      return applyTest(Subject, !SubjectZero, S);
    }
    case BO_Assign:
      return applyTest(E, Truth, S);
    default:
      return;
    }
  }
  applyTest(E, Truth, S);
}

void Analysis::refineSwitch(const SwitchStmt &Sw, const CFGBlock &B, unsigned SuccIndex, FlowState &S) {
  // The switch block's successors are its case blocks, then the default (or what follows the
  // switch when it has none). Only a status switched on as a whole is a test: "switch (err)".
  const CFGBlock *Succ = *(B.succ_begin() + SuccIndex);
  if (!Succ)
    return;
  const Expr *Cond = Sw.getCond();
  if (const auto *CS = dyn_cast_or_null<CaseStmt>(Succ->getLabel())) {
    // "case A ... B:" (a GNU range) says too little.
    if (CS->caseStmtIsGNURange())
      return;
    return applyTest(Cond, !isZero(stripPointerExpr(CS->getLHS())), S);
  }
  if (SuccIndex + 1 != B.succ_size())
    return;
  // The default path: a failure exactly when some case took the success value.
  for (const SwitchCase *C = Sw.getSwitchCaseList(); C; C = C->getNextSwitchCase())
    if (const auto *CS = dyn_cast<CaseStmt>(C);
        CS && !CS->caseStmtIsGNURange() && isZero(stripPointerExpr(CS->getLHS())))
      return applyTest(Cond, true, S);
}

void Analysis::refine(const CFGBlock &B, unsigned SuccIndex, FlowState &S) {
  if (const auto *Sw = dyn_cast_or_null<SwitchStmt>(B.getTerminatorStmt()))
    return refineSwitch(*Sw, B, SuccIndex, S);
  if (B.succ_size() != 2 || SuccIndex > 1)
    return;
  const Stmt *T = B.getTerminatorStmt();
  if (!T || isa<CXXTryStmt>(T) || isa<GotoStmt>(T) || isa<IndirectGotoStmt>(T))
    return;
  const auto *Cond = dyn_cast_or_null<Expr>(B.getTerminatorCondition());
  // A range-for or other statement without a tested expression.
  if (!Cond)
    return;
  if (!applyRepeatedTest(Cond, SuccIndex == 0, S))
    return;
  // "if (!checkHip(hipMalloc(&d, n), __FILE__, __LINE__)) return false;": the allocation's status
  // goes through a helper whose answer we cannot read, but the branch that leaves the function at
  // once is the one where it failed.
  if (PlaceRef V = helperTestedAllocation(Cond, S)) {
    const auto *If = dyn_cast<IfStmt>(T);
    if (!If)
      return;
    bool ThenExits = exitsEarly(If->getThen());
    bool ElseExits = If->getElse() && exitsEarly(If->getElse());
    if (ThenExits != ElseExits && ThenExits == (SuccIndex == 0)) {
      PtrState &P = S.Ptrs[V];
      if (P.Mask & Allocated)
        P.Mask = (P.Mask & ~Allocated) | AllocFailed;
    }
    return;
  }
  applyCondition(Cond, SuccIndex == 0, S);
}

PlaceRef Analysis::helperTestedAllocation(const Expr *E, const FlowState &S) const {
  E = stripPointerExpr(E);
  while (E) {
    if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_LNot) {
      E = stripPointerExpr(U->getSubExpr());
    } else if (const auto *BO = dyn_cast<BinaryOperator>(E);
               BO && (BO->getOpcode() == BO_EQ || BO->getOpcode() == BO_NE)) {
      if (isZero(stripPointerExpr(BO->getRHS())))
        E = stripPointerExpr(BO->getLHS());
      else if (isZero(stripPointerExpr(BO->getLHS())))
        E = stripPointerExpr(BO->getRHS());
      else
        return nullptr;
    } else {
      break;
    }
  }
  const auto *Call = dyn_cast_or_null<CallExpr>(E);
  if (!Call || Allocs.count(Call))
    return nullptr;
  for (const Expr *A : Call->arguments())
    if (StatusRef R = statusOf(A, S); R.getPointer() && !R.getInt())
      return R.getPointer();
  return nullptr;
}

// A branch that returns or throws, possibly after a few statements of its own (logging).
bool Analysis::exitsEarly(const Stmt *Branch) const {
  while (const auto *C = dyn_cast_or_null<CompoundStmt>(Branch))
    Branch = C->body_empty() ? nullptr : C->body_back();
  if (const auto *E = dyn_cast_or_null<Expr>(Branch); E && isa<CXXThrowExpr>(E->IgnoreParenImpCasts()))
    return true;
  return Branch && isa<ReturnStmt>(Branch);
}

// "if (size > 0) hipMalloc(&d, size); ... if (size > 0) hipFree(d);": the paths merge between the
// two tests, so without this the second test's false edge still holds the allocation and reports
// it at the return. A condition that reads only locals, parameters and fields, none of them
// written in between, has the same value at both tests.
namespace {

bool collectReads(const Expr *E, llvm::SmallPtrSetImpl<const ValueDecl *> &Reads, bool &ReadsThis) {
  E = E->IgnoreParens();
  if (isa<IntegerLiteral, CharacterLiteral, CXXBoolLiteralExpr, FloatingLiteral, UnaryExprOrTypeTraitExpr>(E))
    return true;
  if (const auto *Sub = dyn_cast<SubstNonTypeTemplateParmExpr>(E))
    return collectReads(Sub->getReplacement(), Reads, ReadsThis);
  if (const auto *C = dyn_cast<ConstantExpr>(E))
    return collectReads(C->getSubExpr(), Reads, ReadsThis);
  if (const auto *C = dyn_cast<CastExpr>(E))
    return (isa<ImplicitCastExpr>(C) || isa<CStyleCastExpr>(C) || isa<CXXStaticCastExpr>(C) ||
            isa<CXXFunctionalCastExpr>(C)) &&
           collectReads(C->getSubExpr(), Reads, ReadsThis);
  if (const auto *D = dyn_cast<DeclRefExpr>(E)) {
    if (isa<EnumConstantDecl, NonTypeTemplateParmDecl>(D->getDecl()))
      return true;
    const auto *V = dyn_cast<VarDecl>(D->getDecl());
    if (!V || !V->hasLocalStorage() || V->getType()->isReferenceType() || V->getType().isVolatileQualified())
      return false;
    Reads.insert(V);
    return true;
  }
  if (const auto *M = dyn_cast<MemberExpr>(E)) {
    const auto *F = dyn_cast<FieldDecl>(M->getMemberDecl());
    if (!F || F->isMutable() || F->getType().isVolatileQualified() || F->getType()->isReferenceType())
      return false;
    const Expr *Base = M->getBase()->IgnoreParenImpCasts();
    if (isa<CXXThisExpr>(Base))
      ReadsThis = true;
    else if (M->isArrow() || !collectReads(Base, Reads, ReadsThis))
      return false;
    Reads.insert(F);
    return true;
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    return (U->getOpcode() == UO_LNot || U->getOpcode() == UO_Minus || U->getOpcode() == UO_Plus ||
            U->getOpcode() == UO_Not) &&
           collectReads(U->getSubExpr(), Reads, ReadsThis);
  if (const auto *B = dyn_cast<BinaryOperator>(E))
    return !B->isAssignmentOp() && !B->isCommaOp() && collectReads(B->getLHS(), Reads, ReadsThis) &&
           collectReads(B->getRHS(), Reads, ReadsThis);
  return false;
}

/// The local or field \p E writes to ("n", "this->size", "s.count"), or null.
const ValueDecl *writtenDecl(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *D = dyn_cast<DeclRefExpr>(E))
    return D->getDecl();
  if (const auto *M = dyn_cast<MemberExpr>(E))
    return M->getMemberDecl();
  return nullptr;
}

} // namespace

int Analysis::testIndex(const Expr *Cond, bool &Negated) {
  Negated = false;
  Cond = Cond->IgnoreParenImpCasts();
  while (const auto *U = dyn_cast<UnaryOperator>(Cond)) {
    if (U->getOpcode() != UO_LNot)
      break;
    Negated = !Negated;
    Cond = U->getSubExpr()->IgnoreParenImpCasts();
  }
  // An integer comparison and its complement are one test taken the other way: "if (n <= 5)"
  // around the allocation and "if (n > 5)" around its free. (Not so for floating point, where
  // both fail on NaN.)
  const auto *Cmp = dyn_cast<BinaryOperator>(Cond);
  if (Cmp && (!Cmp->isComparisonOp() || Cmp->getOpcode() == BO_Cmp || Cmp->getLHS()->getType()->isRealFloatingType() ||
              Cmp->getRHS()->getType()->isRealFloatingType()))
    Cmp = nullptr;
  BinaryOperatorKind Op = Cmp ? Cmp->getOpcode() : BO_Comma;
  if (Op == BO_GT || Op == BO_GE || Op == BO_NE)
    Negated = !Negated;
  // Each condition is profiled once: the worklist visits its block again and again.
  auto [Known, New] = TestOf.try_emplace(Cond, -1);
  if (!New)
    return Known->second;
  llvm::FoldingSetNodeID Id;
  if (Cmp) {
    Id.AddInteger(Op == BO_GT ? BO_LE : Op == BO_GE ? BO_LT : Op == BO_NE ? BO_EQ : Op);
    Cmp->getLHS()->IgnoreParenImpCasts()->Profile(Id, Ctx, /*Canonical=*/true);
    Cmp->getRHS()->IgnoreParenImpCasts()->Profile(Id, Ctx, /*Canonical=*/true);
  } else {
    Cond->Profile(Id, Ctx, /*Canonical=*/true);
  }
  for (size_t I = 0; I < Tests.size(); ++I)
    if (Tests[I].Id == Id)
      return Known->second = static_cast<int>(I);
  Test T{Cond, Id, {}, false};
  if (!collectReads(Cond, T.Reads, T.ReadsThis) || (T.Reads.empty() && !T.ReadsThis))
    return -1;
  Tests.push_back(std::move(T));
  return Known->second = static_cast<int>(Tests.size() - 1);
}

bool Analysis::applyRepeatedTest(const Expr *Cond, bool Truth, FlowState &S) {
  bool Negated = false;
  int Index = testIndex(Cond, Negated);
  if (Index < 0)
    return true;
  TestFact Fact{static_cast<unsigned>(Index), Truth != Negated};
  if (llvm::is_contained(S.Known, TestFact{Fact.first, !Fact.second})) {
    S.Reached = false;
    return false;
  }
  for (auto &[V, P] : S.Ptrs)
    if ((P.Mask & Allocated) && llvm::is_contained(P.Guards, TestFact{Fact.first, !Fact.second})) {
      P.Mask &= ~Allocated;
      P.Alloc = nullptr;
      P.Guards.clear();
      if (!P.Mask)
        P.Mask = Unallocated;
    }
  if (!llvm::is_contained(S.Known, Fact)) {
    S.Known.push_back(Fact);
    llvm::sort(S.Known);
  }
  return true;
}

void Analysis::forgetWrites(const Stmt *St, FlowState &S) const {
  if (S.Known.empty() && llvm::none_of(S.Ptrs, [](const auto &E) { return !E.second.Guards.empty(); }))
    return;
  llvm::SmallPtrSet<const ValueDecl *, 4> Written;
  bool WritesThis = false;
  if (const auto *B = dyn_cast<BinaryOperator>(St); B && B->isAssignmentOp()) {
    Written.insert(writtenDecl(B->getLHS()));
  } else if (const auto *U = dyn_cast<UnaryOperator>(St);
             U && (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf)) {
    Written.insert(writtenDecl(U->getSubExpr()));
  } else if (const auto *L = dyn_cast<LambdaExpr>(St)) {
    for (const LambdaCapture &C : L->captures())
      if (C.capturesThis())
        WritesThis = true;
      else if (C.capturesVariable() && C.getCaptureKind() == LCK_ByRef)
        Written.insert(C.getCapturedVar());
  } else if (const auto *Call = dyn_cast<CallExpr>(St)) {
    if (const auto *M = dyn_cast<CXXMemberCallExpr>(Call)) {
      const auto *Method = M->getMethodDecl();
      const Expr *Object = M->getImplicitObjectArgument();
      if (Object && isa<CXXThisExpr>(Object->IgnoreParenImpCasts()) && !(Method && Method->isConst()))
        WritesThis = true;
      else if (Object && !(Method && Method->isConst()))
        Written.insert(writtenDecl(Object));
    }
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Call); Op && Op->isAssignmentOp() && Op->getNumArgs() > 0)
      Written.insert(writtenDecl(Op->getArg(0)));
    for (const Expr *A : Call->arguments()) {
      // A glvalue argument binds to a reference parameter; 'this' handed on may be written through.
      if (isa<CXXThisExpr>(A->IgnoreParenImpCasts()))
        WritesThis = true;
      else if (A->isGLValue())
        Written.insert(writtenDecl(A));
    }
  }
  Written.erase(nullptr);
  if (Written.empty() && !WritesThis)
    return;
  auto Stale = [&](const TestFact &F) {
    const Test &T = Tests[F.first];
    return (WritesThis && T.ReadsThis) || llvm::any_of(Written, [&](const ValueDecl *D) { return T.Reads.count(D); });
  };
  llvm::erase_if(S.Known, Stale);
  for (auto &[V, P] : S.Ptrs)
    llvm::erase_if(P.Guards, Stale);
}

} // namespace rocmtidy::devicealloc
