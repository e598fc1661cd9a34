// Host/device width splits: a launch shaped in host code with a width macro whose value the host
// pass chooses differently from the device pass (lib/ast/DeviceSplitMacros). Only the host pass
// reports: the device pass sees the kernel's own value and nothing wrong in it. Launches are the
// launch checks' candidates (lib/ast/LaunchRecognizer).

#include "WarpSizeReportState.h"
#include "ast/LaunchRecognizer.h"
#include "ast/StmtWalk.h"
#include "ast/ThreadIndex.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

namespace clang::tidy::rocm {

// The grid and block arguments of the launches host code writes in user code, template patterns
// included (their shape is written there whatever the instantiation).
static std::vector<const Expr *> hostLaunchShapes(ASTContext &Ctx, const SourceManager &SM) {
  using namespace ast_matchers;
  auto Launches =
      decl(forEachDescendant(stmt(rocmtidy::launchCandidateMatcher("launch"), forFunction(functionDecl().bind("fn")))));
  std::vector<const Expr *> Shapes;
  for (Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    if (D->isImplicit() || D->getLocation().isInvalid() || SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation())))
      continue;
    for (const BoundNodes &N : match(Launches, *D, Ctx)) {
      const auto *Call = N.getNodeAs<CallExpr>("launch");
      // The HIP runtime's own launch code (a hipLaunchKernelGGL template) is not the user's shape.
      if (rocmtidy::isDeviceCode(N.getNodeAs<FunctionDecl>("fn")) ||
          SM.isInSystemHeader(SM.getExpansionLoc(Call->getBeginLoc())))
        continue;
      for (const Expr *Arg : rocmtidy::launchShapeArgs(*Call))
        Shapes.push_back(Arg);
    }
  }
  return Shapes;
}

void WarpSizeAssumptionCheck::reportHostSplits(ReportState &S) {
  if (S.Ctx.getLangOpts().CUDAIsDevice || Splits.splits().empty())
    return;
  for (const Expr *Shape : hostLaunchShapes(S.Ctx, S.SM)) {
    // The integer literals the shape's value comes from: the expression itself, and the
    // initialisers of the variables it names (locals, 'static constexpr' members).
    std::vector<const IntegerLiteral *> Literals;
    rocmtidy::walkWithInitialisers(Shape, 4, [&](const Stmt *St) {
      if (const auto *IL = dyn_cast<IntegerLiteral>(St))
        Literals.push_back(IL);
      return rocmtidy::StmtWalk::Continue;
    });
    for (const IntegerLiteral *IL : Literals) {
      SourceLocation Loc = IL->getLocation();
      const rocmtidy::DeviceSplitMacro *M = Loc.isMacroID() ? Splits.atHostValue(S.SM.getSpellingLoc(Loc)) : nullptr;
      // Where the user wrote the macro, also as an argument of a launch macro.
      SourceLocation Use = S.SM.getFileLoc(Loc);
      if (!M || !S.once(Use, 40))
        continue;
      diag(Use, "'%0' is %1 in host code, which shapes this launch, but %2 in the device code "
                "for %3, whose warps are %2 lanes wide: give both passes one value or size the "
                "launch from the device's warp size")
          << M->Name << M->HostValue << M->DeviceValue << M->Target->displayName();
      diag(M->HostValueLoc, "the host pass takes this definition: '%0' is defined only when compiling for the device",
           DiagnosticIDs::Note)
          << M->DeviceMacro;
      diag(M->DeviceDefineLoc, "the device pass for %0 takes this definition", DiagnosticIDs::Note) << M->Target->Name;
    }
  }
}

} // namespace clang::tidy::rocm
