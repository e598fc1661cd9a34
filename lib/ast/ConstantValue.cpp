#include "ast/ConstantValue.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Analysis/Analyses/ExprMutationAnalyzer.h"

namespace rocmtidy {

using namespace clang;

// Deep enough for "constexpr int A = ...; int b = A * 2; dim3 block(b);", shallow enough that
// a pathological chain of variables costs nothing.
static constexpr unsigned MaxDepth = 8;

std::optional<uint64_t> Dim3Value::total() const {
  if (!X || !Y || !Z)
    return std::nullopt;
  // Three 32-bit components cannot overflow 64 bits, but a component evaluated through a
  // variable keeps the width of its initializer.
  uint64_t T = *X;
  if (*Y && T > UINT64_MAX / *Y)
    return std::nullopt;
  T *= *Y;
  if (*Z && T > UINT64_MAX / *Z)
    return std::nullopt;
  return T * *Z;
}

bool isDependentExpr(const Expr &E) {
  return E.isValueDependent() || E.isTypeDependent() || E.isInstantiationDependent() || E.containsErrors();
}

// Strips what does not change a value: parentheses, implicit conversions, temporaries, and
// explicit casts between integer types or to dim3.
static const Expr *stripValuePreserving(const Expr *E) {
  while (E) {
    const Expr *Next = E->IgnoreParens();
    if (const auto *C = dyn_cast<CastExpr>(Next)) {
      if (C->getCastKind() == CK_IntegralCast || C->getCastKind() == CK_NoOp || C->getCastKind() == CK_LValueToRValue ||
          C->getCastKind() == CK_ConstructorConversion || C->getCastKind() == CK_IntegralToBoolean ||
          C->getCastKind() == CK_UserDefinedConversion)
        Next = C->getSubExpr();
    } else if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(Next)) {
      Next = M->getSubExpr();
    } else if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(Next)) {
      Next = B->getSubExpr();
    } else if (const auto *F = dyn_cast<FullExpr>(Next)) {
      Next = F->getSubExpr();
    }
    if (Next == E)
      return E;
    E = Next;
  }
  return E;
}

static const FunctionDecl *enclosingFunction(const VarDecl &VD) {
  return dyn_cast_or_null<FunctionDecl>(VD.getParentFunctionOrMethod());
}

// Whether \p Ref is an argument of \p Call bound to a const reference parameter ("min(n, 32)"
// with a "const T &" overload): the callee cannot write through it without a const_cast, which
// the mutation analyzer does not follow either.
static bool bindsConstReference(const CallExpr &Call, const Expr *Ref) {
  const FunctionDecl *Callee = Call.getDirectCallee();
  if (!Callee)
    return false;
  for (unsigned I = 0, N = std::min(Call.getNumArgs(), Callee->getNumParams()); I < N; ++I) {
    if (Call.getArg(I) != Ref)
      continue;
    QualType T = Callee->getParamDecl(I)->getType();
    return T->isLValueReferenceType() && T->getPointeeType().isConstQualified() &&
           !T->getPointeeType().isVolatileQualified();
  }
  return false;
}

// A use of a variable that only reads it: an lvalue-to-rvalue conversion, a copy through a
// const-reference copy constructor ("dim3 b2 = block", a dim3 passed by value), or a field of
// it read by value ("block.x").
static bool isPlainRead(const Expr *Ref, const Stmt *Parent, const Stmt *GrandParent) {
  const auto *Cast = dyn_cast_or_null<ImplicitCastExpr>(Parent);
  if (Cast && Cast->getCastKind() == CK_LValueToRValue)
    return true;
  // dim3 -> const dim3 before binding to the copy constructor's parameter.
  if (Cast && Cast->getCastKind() == CK_NoOp && Cast->getType().isConstQualified()) {
    Ref = Cast;
    Parent = GrandParent;
    GrandParent = nullptr;
  }
  if (const auto *C = dyn_cast_or_null<CXXConstructExpr>(Parent)) {
    const CXXConstructorDecl *Ctor = C->getConstructor();
    return Ctor->isCopyConstructor() && C->getNumArgs() >= 1 && C->getArg(0) == Ref &&
           Ctor->getParamDecl(0)->getType()->getPointeeType().isConstQualified();
  }
  if (const auto *Call = dyn_cast_or_null<CallExpr>(Parent); Call && !isa<CXXOperatorCallExpr>(Call))
    return bindsConstReference(*Call, Ref);
  if (const auto *M = dyn_cast_or_null<MemberExpr>(Parent)) {
    const auto *Read = dyn_cast_or_null<ImplicitCastExpr>(GrandParent);
    return !M->isArrow() && isa<FieldDecl>(M->getMemberDecl()) && Read && Read->getCastKind() == CK_LValueToRValue;
  }
  return false;
}

// A use of a variable that certainly writes it: the left side of an assignment or compound
// assignment (the variable itself or a field of it, "block.x = 256"), an increment or decrement,
// or the left operand of a class-type assignment ("block = dim3(64)").
static bool isCertainWrite(const Expr *Ref, const Stmt *Parent, const Stmt *GrandParent) {
  if (const auto *M = dyn_cast_or_null<MemberExpr>(Parent); M && !M->isArrow() && M->getBase() == Ref) {
    Ref = M;
    Parent = GrandParent;
  }
  if (const auto *B = dyn_cast_or_null<BinaryOperator>(Parent))
    return B->isAssignmentOp() && B->getLHS() == Ref;
  if (const auto *U = dyn_cast_or_null<UnaryOperator>(Parent))
    return U->isIncrementDecrementOp();
  if (const auto *O = dyn_cast_or_null<CXXOperatorCallExpr>(Parent))
    return O->isAssignmentOp() && O->getNumArgs() >= 1 && O->getArg(0) == Ref;
  return false;
}

// Whether \p Ref is how a lambda captures \p VD itself, by reference or by copy: no use of its
// own, because the lambda's body, walked as one of its children, names the variable wherever it
// reads or writes it. Dispatch macros wrap whole launch sequences in lambdas capturing by
// reference. An init-capture ("[&r = n]") binds a new name, whose writes the walk would miss.
static bool isPlainCapture(const Expr *Ref, const Stmt *Parent, const VarDecl &VD) {
  const auto *L = dyn_cast_or_null<LambdaExpr>(Parent);
  if (!L)
    return false;
  for (auto [C, Init] : llvm::zip(L->captures(), L->capture_inits()))
    if (Init == Ref)
      return C.capturesVariable() && C.getCapturedVar() == &VD && !L->isInitCapture(&C);
  return false;
}

enum class LocalUses { PlainReads, CertainWrite, Unsure };

// How the references to \p VD in \p Body use it. A walk of the body with parents at hand: far
// cheaper than ExprMutationAnalyzer, whose matchers build the parent map of the whole
// translation unit (the runtime headers included) and cost about a third of parse time on
// launch-heavy files (tools/bench/launch-bench.sh, tools/bench/one-file.sh). A certain write
// settles the question as soon as it is seen; only uses that are neither (a call taking a
// reference, a capture, an address taken) leave it to the analyzer.
static LocalUses classifyUses(const VarDecl &VD, const Stmt &Body) {
  // Outer is the node as its parent sees it: the outermost of any parentheses around S, so that
  // "(n) = k" (a macro parameter in parentheses) is still the assignment's left side.
  struct Item {
    const Stmt *S, *Outer, *Parent, *GrandParent;
  };
  llvm::SmallVector<Item, 64> Stack{{&Body, &Body, nullptr, nullptr}};
  LocalUses Result = LocalUses::PlainReads;
  while (!Stack.empty()) {
    Item I = Stack.pop_back_val();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(I.S); DRE && DRE->getDecl() == &VD) {
      const auto *Ref = cast<Expr>(I.Outer);
      if (isCertainWrite(Ref, I.Parent, I.GrandParent))
        return LocalUses::CertainWrite;
      if (!isPlainRead(Ref, I.Parent, I.GrandParent) && !isPlainCapture(Ref, I.Parent, VD))
        Result = LocalUses::Unsure;
    }
    for (const Stmt *Child : I.S->children()) {
      if (!Child)
        continue;
      if (isa<ParenExpr>(I.S))
        Stack.push_back({Child, I.Outer, I.Parent, I.GrandParent});
      else
        Stack.push_back({Child, Child, I.S, I.Parent});
    }
  }
  return Result;
}

// A variable whose initial value is its value wherever it is read: an automatic variable that
// nothing in its function writes, takes a non-const reference to, or passes by pointer.
static bool isUnmodifiedLocal(const VarDecl &VD, ASTContext &Ctx) {
  if (!VD.hasLocalStorage() || isa<ParmVarDecl>(VD) || !VD.hasInit() || VD.getType().isVolatileQualified() ||
      VD.getType()->isReferenceType())
    return false;
  const FunctionDecl *FD = enclosingFunction(VD);
  if (!FD || !FD->getBody())
    return false;
  switch (classifyUses(VD, *FD->getBody())) {
  case LocalUses::PlainReads:
    return true;
  case LocalUses::CertainWrite:
    return false;
  case LocalUses::Unsure:
    break;
  }
  return !ExprMutationAnalyzer(*FD->getBody(), Ctx).isMutated(&VD);
}

namespace {
// One evaluation: the answer for each variable looked through is kept, because an initializer
// naming a variable twice ("CEIL(n, w)" is "(n + w - 1) / w") would otherwise ask about the same
// variables a number of times exponential in the depth, each with a walk of the whole function.
struct Evaluation {
  explicit Evaluation(ASTContext &C) : Ctx(C) {}
  ASTContext &Ctx;
  llvm::DenseMap<const VarDecl *, bool> Fixed;
};
} // namespace

// A variable whose initializer is its value everywhere: constexpr, a const object (writing one
// is undefined behaviour), or an unmodified local.
static bool hasFixedValue(const VarDecl &VD, Evaluation &Ev) {
  if (!VD.hasInit() || VD.getType().isVolatileQualified())
    return false;
  if (VD.isConstexpr() || VD.getType().isConstQualified())
    return true;
  auto [It, New] = Ev.Fixed.try_emplace(&VD, false);
  if (New)
    It->second = isUnmodifiedLocal(VD, Ev.Ctx);
  return It->second;
}

static std::optional<uint64_t> evalInt(const Expr *E, Evaluation &Ev, unsigned Depth);

static std::optional<uint64_t> evalBinary(const BinaryOperator &B, Evaluation &Ev, unsigned Depth) {
  std::optional<uint64_t> L = evalInt(B.getLHS(), Ev, Depth + 1);
  if (!L)
    return std::nullopt;
  std::optional<uint64_t> R = evalInt(B.getRHS(), Ev, Depth + 1);
  if (!R)
    return std::nullopt;
  uint64_t Out;
  switch (B.getOpcode()) {
  case BO_Add:
    if (__builtin_add_overflow(*L, *R, &Out))
      return std::nullopt;
    return Out;
  case BO_Sub:
    if (*R > *L)
      return std::nullopt;
    return *L - *R;
  case BO_Mul:
    if (__builtin_mul_overflow(*L, *R, &Out))
      return std::nullopt;
    return Out;
  case BO_Div:
    return *R ? std::optional<uint64_t>(*L / *R) : std::nullopt;
  case BO_Rem:
    return *R ? std::optional<uint64_t>(*L % *R) : std::nullopt;
  case BO_Shl:
    if (*R >= 32 || *L > (UINT64_MAX >> *R))
      return std::nullopt;
    return *L << *R;
  case BO_Shr:
    return *R >= 64 ? 0 : *L >> *R;
  default:
    return std::nullopt;
  }
}

static std::optional<uint64_t> evalInt(const Expr *E, Evaluation &Ev, unsigned Depth) {
  if (!E || Depth > MaxDepth || isDependentExpr(*E))
    return std::nullopt;
  if (const auto *D = dyn_cast<CXXDefaultArgExpr>(E))
    return evalInt(D->getExpr(), Ev, Depth + 1);
  // Evaluated with its implicit conversions first: dim3(-1) means 4294967295 threads.
  const Expr *Forms[] = {E, E->IgnoreParenImpCasts()};
  for (unsigned I = 0; I < 2; ++I) {
    const Expr *Form = Forms[I];
    // Without conversions to strip, the second try would repeat the first (a failed evaluation of a
    // launch's '(n + 255) / 256' is most of what this costs).
    if ((I == 1 && Form == E) || !Form->getType()->isIntegralOrEnumerationType())
      continue;
    Expr::EvalResult R;
    if (Form->EvaluateAsInt(R, Ev.Ctx)) {
      const llvm::APSInt &V = R.Val.getInt();
      if (V.isSigned() && V.isNegative())
        return std::nullopt;
      return V.getLimitedValue();
    }
  }
  const Expr *S = E->IgnoreParenCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (VD && VD->getType()->isIntegralOrEnumerationType() && hasFixedValue(*VD, Ev))
      return evalInt(VD->getInit(), Ev, Depth + 1);
    return std::nullopt;
  }
  if (const auto *B = dyn_cast<BinaryOperator>(S))
    return evalBinary(*B, Ev, Depth);
  return std::nullopt;
}

std::optional<uint64_t> evaluateConstantInteger(const Expr *E, ASTContext &Ctx, unsigned Depth) {
  Evaluation Ev{Ctx};
  return evalInt(E, Ev, Depth);
}

static bool isDim3Record(QualType T) {
  const auto *RD = T.getCanonicalType()->getAsCXXRecordDecl();
  return RD && RD->getName() == "dim3";
}

static Dim3Value evalDim3(const Expr *E, Evaluation &Ev, unsigned Depth) {
  if (!E || Depth > MaxDepth || isDependentExpr(*E))
    return {};
  E = stripValuePreserving(E);
  if (const auto *F = dyn_cast<CXXFunctionalCastExpr>(E))
    return evalDim3(F->getSubExpr(), Ev, Depth + 1);
  if (E->getType()->isIntegralOrEnumerationType())
    return {evalInt(E, Ev, Depth + 1), 1, 1};
  if (!isDim3Record(E->getType()))
    return {};
  if (const auto *C = dyn_cast<CXXConstructExpr>(E)) {
    const CXXConstructorDecl *Ctor = C->getConstructor();
    if (Ctor->isCopyOrMoveConstructor() && C->getNumArgs() == 1)
      return evalDim3(C->getArg(0), Ev, Depth + 1);
    // dim3(x, y, z) with default arguments filled in; any other constructor (CUDA's from
    // uint3) is not evaluated.
    if (C->getNumArgs() != 3)
      return {};
    for (const Expr *A : C->arguments())
      if (!A->getType()->isIntegralOrEnumerationType())
        return {};
    return {evalInt(C->getArg(0), Ev, Depth + 1), evalInt(C->getArg(1), Ev, Depth + 1),
            evalInt(C->getArg(2), Ev, Depth + 1)};
  }
  if (const auto *IL = dyn_cast<InitListExpr>(E)) {
    // An aggregate dim3 {x, y, z}: missing trailing members are value-initialised to 0 in an
    // aggregate, which no launch means; only a complete list is evaluated.
    if (IL->getNumInits() != 3)
      return {};
    return {evalInt(IL->getInit(0), Ev, Depth + 1), evalInt(IL->getInit(1), Ev, Depth + 1),
            evalInt(IL->getInit(2), Ev, Depth + 1)};
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (VD && hasFixedValue(*VD, Ev))
      return evalDim3(VD->getInit(), Ev, Depth + 1);
  }
  return {};
}

Dim3Value evaluateDim3(const Expr *E, ASTContext &Ctx, unsigned Depth) {
  Evaluation Ev{Ctx};
  return evalDim3(E, Ev, Depth);
}

} // namespace rocmtidy
