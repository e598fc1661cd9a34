// Per-warp slots counted as a block size divided by the wavefront width: an instantiation (or a
// macro setting) whose block is narrower than a 64-lane wavefront gets an array of no element.
// Its writes and reads run past its end, and since ROCm 6.4 (upstream clang 20) the device
// compiler rejects zero-length arrays in HIP device code outright. The compiler this check runs
// with may be older and accept it, so the finding comes from the array's type, not a diagnostic.

#include "WarpSizeReportState.h"
#include "ast/StmtWalk.h"
#include "ast/ThreadIndex.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Lex/Lexer.h"

namespace clang::tidy::rocm {

// The name of an operand of the count: a template parameter ('WarpSize'), a macro, or a constant.
static std::string operandName(const Expr *E, const SourceManager &SM, const LangOptions &LO) {
  // Not IgnoreParenImpCasts: it also steps through the template argument, whose name is wanted.
  while (const auto *Cast = dyn_cast<ImplicitCastExpr>(E->IgnoreParens()))
    E = Cast->getSubExpr();
  E = E->IgnoreParens();
  if (const auto *Sub = dyn_cast<SubstNonTypeTemplateParmExpr>(E))
    if (const NonTypeTemplateParmDecl *P = Sub->getParameter(); P && P->getIdentifier())
      return P->getName().str();
  if (E->getBeginLoc().isMacroID())
    return Lexer::getImmediateMacroNameForDiagnostics(E->getBeginLoc(), SM, LO).str();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return DRE->getDecl()->getNameAsString();
  return {};
}

void WarpSizeAssumptionCheck::reportEmptyWarpSlots(const VarDecl &VD, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const auto *FD = dyn_cast_or_null<FunctionDecl>(VD.getParentFunctionOrMethod());
  const TypeSourceInfo *TSI = VD.getTypeSourceInfo();
  SourceLocation Loc = VD.getLocation();
  if (!FD || !rocmtidy::isDeviceCode(FD) || !TSI || Loc.isInvalid() || SM.isInSystemHeader(SM.getExpansionLoc(Loc)) ||
      (IgnoreMacros && Loc.isMacroID()) || platform(Loc, SM) == rocmtidy::Platform::CudaOnly)
    return;
  auto AL = TSI->getTypeLoc().getUnqualifiedLoc().getAs<ConstantArrayTypeLoc>();
  if (!AL || !AL.getSizeExpr())
    return;
  // The division the count comes from, in the size or in the constants it names.
  const BinaryOperator *Div = rocmtidy::findDivision(AL.getSizeExpr(), 3);
  if (!Div)
    return;
  Expr::EvalResult Num, Den;
  if (Div->isValueDependent() || !Div->getLHS()->EvaluateAsInt(Num, Ctx) || !Div->getRHS()->EvaluateAsInt(Den, Ctx))
    return;
  const llvm::APSInt &Lanes = Den.Val.getInt();
  std::string Width = operandName(Div->getRHS(), SM, Ctx.getLangOpts());
  // A width of 64 named as one: a tile or a vector of 64 elements is another count.
  if (Lanes != 64 || Width.empty() || !WarpSizeNameRegex.match(Width) || !EmptySlots.insert(Loc).second)
    return;
  std::string Block = operandName(Div->getLHS(), SM, Ctx.getLangOpts());
  if (Block.empty())
    Block = "the block size";
  diag(Loc, "per-warp array '%0' has no element when '%1' (%2) is narrower than the 64-lane wavefront '%3', and HIP "
            "device code rejects zero-length arrays since ROCm 6.4: round the warp count up")
      << VD.getName() << Block << toString(Num.Val.getInt(), 10) << Width;
  if (!FD->isTemplateInstantiation() || FD->getPointOfInstantiation().isInvalid())
    return;
  std::string Instance;
  llvm::raw_string_ostream OS(Instance);
  FD->getNameForDiagnostic(OS, Ctx.getPrintingPolicy(), /*Qualified=*/true);
  diag(FD->getPointOfInstantiation(), "'%0' instantiated here", DiagnosticIDs::Note) << Instance;
}

} // namespace clang::tidy::rocm
