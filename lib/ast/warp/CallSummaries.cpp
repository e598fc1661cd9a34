// Width parameters across the unit's calls. A helper whose shuffle takes its width from a
// parameter ('__shfl(v, lane, width)') covers the whole wavefront in a caller that passes
// 'warpSize' or 64: there the shuffle meets the caller's lane groupings. A helper that hands its
// own parameter on to such a helper's width ('shfl(v, lane, w)' in 'rowStats(v, int w)') has a
// width parameter too, through any number of such wrappers.

#include "ast/ThreadIndex.h"
#include "ast/WarpModel.h"
#include "ast/warp/WarpExprs.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace rocmtidy {

// The wavefront width as a helper's argument: 'warpSize' (in any expression), or 64 and more.
static bool isWavefrontWidth(const Expr *Arg, const ASTContext &Ctx) {
  if (const auto *Default = dyn_cast<CXXDefaultArgExpr>(Arg))
    Arg = Default->getExpr();
  if (Arg->isValueDependent())
    return false;
  if (warp::mentionsWarpSize(Arg))
    return true;
  auto V = warp::constantValue(Arg, Ctx);
  return V && *V >= 64;
}

// The caller's own parameter an argument names, if any.
static const ParmVarDecl *ownParameter(const Expr *Arg, const FunctionWarpFacts &Caller) {
  const auto *DRE = dyn_cast<DeclRefExpr>(Arg->IgnoreParenImpCasts());
  const auto *P = DRE ? dyn_cast<ParmVarDecl>(DRE->getDecl()) : nullptr;
  const auto *FD = dyn_cast<FunctionDecl>(Caller.D);
  return P && FD && P->getDeclContext() == FD ? P : nullptr;
}

const FunctionWarpFacts *WarpModel::calleeFacts(const CallExpr *CE) const {
  const FunctionDecl *Callee = CE->getDirectCallee();
  const FunctionDecl *Pattern = Callee->getTemplateInstantiationPattern();
  return ByDecl.lookup((Pattern ? Pattern : Callee)->getCanonicalDecl());
}

// Parameters handed on to a callee's width parameter become width parameters, until nothing
// changes (each round adds one, and a function has finitely many).
void WarpModel::passWidthParameters() {
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const auto &FP : Functions)
      for (const CallExpr *CE : FP->UnitCalls) {
        const FunctionWarpFacts *G = calleeFacts(CE);
        if (!G || G == FP.get())
          continue;
        for (unsigned I : G->WidthParams)
          if (const ParmVarDecl *P = I < CE->getNumArgs() ? ownParameter(CE->getArg(I), *FP) : nullptr;
              P && !llvm::is_contained(FP->WidthParams, P->getFunctionScopeIndex())) {
            FP->WidthParams.push_back(P->getFunctionScopeIndex());
            Changed = true;
          }
      }
  }
}

// Calls that give a helper's width parameter the wavefront width: the helper's shuffle covers
// the whole wavefront in the caller, which meets the caller's lane groupings. Each helper is
// summarised once (its WidthParams); the calls are read here, after the helpers are final.
void WarpModel::applyCallSummaries() {
  passWidthParameters();
  for (const auto &FP : Functions)
    for (const CallExpr *CE : FP->UnitCalls) {
      const FunctionWarpFacts *G = calleeFacts(CE);
      if (!G || G == FP.get())
        continue;
      bool Wide = llvm::any_of(
          G->WidthParams, [&](unsigned I) { return I < CE->getNumArgs() && isWavefrontWidth(CE->getArg(I), Ctx); });
      const TemplateArgumentList *Args = CE->getDirectCallee()->getTemplateSpecializationArgs();
      Wide = Wide || (Args && llvm::any_of(G->WidthTemplateParams, [&](unsigned I) {
                        return I < Args->size() && Args->get(I).getKind() == TemplateArgument::Integral &&
                               Args->get(I).getAsIntegral().getExtValue() >= 64;
                      }));
      if (Wide)
        FP->FullOps.push_back({CE, calleeName(CE)});
    }
}

} // namespace rocmtidy
