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

enum class LocalUses { PlainReads, CertainWrite, Unsure };

// How the references to \p VD in \p Body use it. A walk of the body with parents at hand: far
// cheaper than ExprMutationAnalyzer, whose matchers build the parent map of the whole
// translation unit (the runtime headers included) and cost about a third of parse time on
// launch-heavy files (tools/bench/launch-bench.sh, tools/bench/one-file.sh). A certain write
// settles the question as soon as it is seen; only uses that are neither (a call taking a
// reference, a capture, an address taken) leave it to the analyzer.
static LocalUses classifyUses(const VarDecl &VD, const Stmt &Body) {
  struct Item {
    const Stmt *S, *Parent, *GrandParent;
  };
  llvm::SmallVector<Item, 64> Stack{{&Body, nullptr, nullptr}};
  LocalUses Result = LocalUses::PlainReads;
  while (!Stack.empty()) {
    Item I = Stack.pop_back_val();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(I.S); DRE && DRE->getDecl() == &VD) {
      if (isCertainWrite(DRE, I.Parent, I.GrandParent))
        return LocalUses::CertainWrite;
      if (!isPlainRead(DRE, I.Parent, I.GrandParent))
        Result = LocalUses::Unsure;
    }
    // A lambda's captures and body are its children; a capture by reference is no plain read.
    for (const Stmt *Child : I.S->children())
      if (Child)
        Stack.push_back({Child, I.S, I.Parent});
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

// A variable whose initializer is its value everywhere: constexpr, a const object (writing one
// is undefined behaviour), or an unmodified local.
static bool hasFixedValue(const VarDecl &VD, ASTContext &Ctx) {
  if (!VD.hasInit() || VD.getType().isVolatileQualified())
    return false;
  if (VD.isConstexpr() || VD.getType().isConstQualified())
    return true;
  return isUnmodifiedLocal(VD, Ctx);
}

static std::optional<uint64_t> evalInt(const Expr *E, ASTContext &Ctx, unsigned Depth);

static std::optional<uint64_t> evalBinary(const BinaryOperator &B, ASTContext &Ctx, unsigned Depth) {
  std::optional<uint64_t> L = evalInt(B.getLHS(), Ctx, Depth + 1);
  if (!L)
    return std::nullopt;
  std::optional<uint64_t> R = evalInt(B.getRHS(), Ctx, Depth + 1);
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

static std::optional<uint64_t> evalInt(const Expr *E, ASTContext &Ctx, unsigned Depth) {
  if (!E || Depth > MaxDepth || isDependentExpr(*E))
    return std::nullopt;
  if (const auto *D = dyn_cast<CXXDefaultArgExpr>(E))
    return evalInt(D->getExpr(), Ctx, Depth + 1);
  // Evaluated with its implicit conversions first: dim3(-1) means 4294967295 threads.
  const Expr *Forms[] = {E, E->IgnoreParenImpCasts()};
  for (unsigned I = 0; I < 2; ++I) {
    const Expr *Form = Forms[I];
    // Without conversions to strip, the second try would repeat the first (a failed evaluation of a
    // launch's '(n + 255) / 256' is most of what this costs).
    if ((I == 1 && Form == E) || !Form->getType()->isIntegralOrEnumerationType())
      continue;
    Expr::EvalResult R;
    if (Form->EvaluateAsInt(R, Ctx)) {
      const llvm::APSInt &V = R.Val.getInt();
      if (V.isSigned() && V.isNegative())
        return std::nullopt;
      return V.getLimitedValue();
    }
  }
  const Expr *S = E->IgnoreParenCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (VD && VD->getType()->isIntegralOrEnumerationType() && hasFixedValue(*VD, Ctx))
      return evalInt(VD->getInit(), Ctx, Depth + 1);
    return std::nullopt;
  }
  if (const auto *B = dyn_cast<BinaryOperator>(S))
    return evalBinary(*B, Ctx, Depth);
  return std::nullopt;
}

std::optional<uint64_t> evaluateConstantInteger(const Expr *E, ASTContext &Ctx, unsigned Depth) {
  return evalInt(E, Ctx, Depth);
}

static bool isDim3Record(QualType T) {
  const auto *RD = T.getCanonicalType()->getAsCXXRecordDecl();
  return RD && RD->getName() == "dim3";
}

static Dim3Value evalDim3(const Expr *E, ASTContext &Ctx, unsigned Depth) {
  if (!E || Depth > MaxDepth || isDependentExpr(*E))
    return {};
  E = stripValuePreserving(E);
  if (const auto *F = dyn_cast<CXXFunctionalCastExpr>(E))
    return evalDim3(F->getSubExpr(), Ctx, Depth + 1);
  if (E->getType()->isIntegralOrEnumerationType())
    return {evalInt(E, Ctx, Depth + 1), 1, 1};
  if (!isDim3Record(E->getType()))
    return {};
  if (const auto *C = dyn_cast<CXXConstructExpr>(E)) {
    const CXXConstructorDecl *Ctor = C->getConstructor();
    if (Ctor->isCopyOrMoveConstructor() && C->getNumArgs() == 1)
      return evalDim3(C->getArg(0), Ctx, Depth + 1);
    // dim3(x, y, z) with default arguments filled in; any other constructor (CUDA's from
    // uint3) is not evaluated.
    if (C->getNumArgs() != 3)
      return {};
    for (const Expr *A : C->arguments())
      if (!A->getType()->isIntegralOrEnumerationType())
        return {};
    return {evalInt(C->getArg(0), Ctx, Depth + 1), evalInt(C->getArg(1), Ctx, Depth + 1),
            evalInt(C->getArg(2), Ctx, Depth + 1)};
  }
  if (const auto *IL = dyn_cast<InitListExpr>(E)) {
    // An aggregate dim3 {x, y, z}: missing trailing members are value-initialised to 0 in an
    // aggregate, which no launch means; only a complete list is evaluated.
    if (IL->getNumInits() != 3)
      return {};
    return {evalInt(IL->getInit(0), Ctx, Depth + 1), evalInt(IL->getInit(1), Ctx, Depth + 1),
            evalInt(IL->getInit(2), Ctx, Depth + 1)};
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (VD && hasFixedValue(*VD, Ctx))
      return evalDim3(VD->getInit(), Ctx, Depth + 1);
  }
  return {};
}

Dim3Value evaluateDim3(const Expr *E, ASTContext &Ctx, unsigned Depth) { return evalDim3(E, Ctx, Depth); }

} // namespace rocmtidy
