// 'assert(warpSize == 32)' in device code: written for NVIDIA, where it always holds, it fails on
// every wave of a 64-lane target (gfx9, CDNA), trapping the kernel unless NDEBUG is defined. The
// same for 'if (warpSize != 32) __trap();'. This check owns it because it is a statement about the
// builtin 'warpSize' itself (rocm-warp-size-assumption reasons about groupings built from a
// literal width, and never reaches a read of 'warpSize' that nothing groups by). Code behind an
// NVIDIA-only guard is not parsed for HIP and stays quiet.

#include "WarpSizeConstexprCheck.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

namespace clang::tidy::rocm {

namespace {

bool isValueWrapper(const Stmt *S) {
  if (isa<ParenExpr, ImplicitCastExpr>(S))
    return true;
  if (const auto *C = dyn_cast<ExplicitCastExpr>(S))
    return C->getType()->isBooleanType();
  if (const auto *B = dyn_cast<BinaryOperator>(S))
    return B->getOpcode() == BO_LAnd;
  return false;
}

// The other operand of a comparison is the constant 32 (a literal, a macro or a named constant).
bool otherSideIs32(const BinaryOperator &Cmp, const Stmt *Side, const ASTContext &Ctx) {
  const Expr *Other = Cmp.getLHS() == Side ? Cmp.getRHS() : Cmp.getLHS();
  Other = Other->IgnoreParenImpCasts();
  if (Other->isValueDependent() || Other->isTypeDependent())
    return false;
  Expr::EvalResult R;
  return Other->EvaluateAsInt(R, Ctx) && R.Val.getInt() == 32;
}

// The macro the user wrote at the outermost expansion holding Loc is an assertion.
bool inAssertMacro(SourceLocation Loc, const SourceManager &SM, const LangOptions &LO) {
  if (!Loc.isMacroID())
    return false;
  SourceLocation Use = SM.getExpansionLoc(Loc);
  Token T;
  if (Lexer::getRawToken(Use, T, SM, LO, /*IgnoreWhiteSpace=*/true) || !T.is(tok::raw_identifier))
    return false;
  return T.getRawIdentifier().lower().find("assert") != std::string::npos;
}

// A call that ends the kernel: the trap builtins, abort, exit, and the assertion failure handlers.
bool endsKernel(const Stmt *S) {
  if (!S)
    return false;
  if (const auto *CE = dyn_cast<CallExpr>(S))
    if (const FunctionDecl *F = CE->getDirectCallee(); F && F->getIdentifier()) {
      StringRef N = F->getName();
      if (N == "__trap" || N == "__builtin_trap" || N == "abort" || N == "exit" || N.contains("assert"))
        return true;
    }
  for (const Stmt *C : S->children())
    if (endsKernel(C))
      return true;
  return false;
}

} // namespace

bool WarpSizeConstexprCheck::reportAssertedWidth(const DeclRefExpr &Ref, const ParentMap &PM, ASTContext &Ctx) {
  const Stmt *Child = &Ref;
  const Stmt *P = PM.getParent(Child);
  while (isa_and_nonnull<ParenExpr, ImplicitCastExpr>(P))
    Child = P, P = PM.getParent(P);
  const auto *Cmp = dyn_cast_or_null<BinaryOperator>(P);
  if (!Cmp || (Cmp->getOpcode() != BO_EQ && Cmp->getOpcode() != BO_NE) || !otherSideIs32(*Cmp, Child, Ctx))
    return false;
  // Up through parentheses, conversions to bool and (for an assertion) '&&' operands: each must
  // hold for the whole to hold.
  const bool Equal = Cmp->getOpcode() == BO_EQ;
  const Stmt *Top = Cmp;
  for (P = PM.getParent(Top); P && (Equal ? isValueWrapper(P) : isa<ParenExpr>(P)); P = PM.getParent(P))
    Top = P;
  bool Asserted = false;
  if (Equal)
    Asserted = !isa_and_nonnull<BinaryOperator>(P) &&
               inAssertMacro(Cmp->getBeginLoc(), Ctx.getSourceManager(), Ctx.getLangOpts());
  else if (const auto *If = dyn_cast_or_null<IfStmt>(P); If && If->getCond() == Top)
    Asserted = endsKernel(If->getThen());
  if (!Asserted)
    return false;
  SourceLocation Loc = Ref.getLocation();
  if (!Reported.insert(Loc).second)
    return true;
  diag(Loc, "'warpSize' asserted to be 32, which fails on every wave of a 64-lane target (gfx9, CDNA): make "
            "the code correct for 64 lanes, or check the device's warp size (hipDeviceAttributeWarpSize) on "
            "the host before launching");
  return true;
}

} // namespace clang::tidy::rocm
