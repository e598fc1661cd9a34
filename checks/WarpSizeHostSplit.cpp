// Host/device width splits: a launch shaped in host code with a width macro whose value the host
// pass chooses differently from the device pass (lib/ast/DeviceSplitMacros). Only the host pass
// reports: the device pass sees the kernel's own value and nothing wrong in it.

#include "WarpSizeReportState.h"
#include "ast/ThreadIndex.h"
#include "clang/AST/RecursiveASTVisitor.h"

namespace clang::tidy::rocm {

namespace {

// The launch shapes of host code: every 'dim3' it builds and the configuration of its chevron
// launches (block and grid counts written directly).
class LaunchShapeVisitor : public RecursiveASTVisitor<LaunchShapeVisitor> {
public:
  std::vector<const Expr *> Shapes;

  bool TraverseFunctionDecl(FunctionDecl *FD) {
    return traverseFunction(FD, [&] { return Base::TraverseFunctionDecl(FD); });
  }
  bool TraverseCXXMethodDecl(CXXMethodDecl *MD) {
    return traverseFunction(MD, [&] { return Base::TraverseCXXMethodDecl(MD); });
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *CE) {
    const CXXRecordDecl *RD = CE->getType()->getAsCXXRecordDecl();
    if (InHost && RD && RD->getIdentifier() && RD->getName() == "dim3")
      for (const Expr *Arg : CE->arguments())
        Shapes.push_back(Arg);
    return true;
  }
  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *KE) {
    if (const CallExpr *Config = KE->getConfig(); InHost && Config)
      for (unsigned I = 0; I < Config->getNumArgs() && I < 2; ++I)
        Shapes.push_back(Config->getArg(I));
    return true;
  }

private:
  using Base = RecursiveASTVisitor<LaunchShapeVisitor>;
  template <typename Fn> bool traverseFunction(FunctionDecl *FD, Fn Traverse) {
    bool Saved = InHost;
    InHost = !rocmtidy::isDeviceCode(FD);
    bool R = Traverse();
    InHost = Saved;
    return R;
  }
  bool InHost = false;
};

} // namespace

// The integer literals a launch shape's value comes from: the expression itself, and the
// initialisers of the variables it names (locals, 'static constexpr' members), a few levels deep.
static void collectLiterals(const Expr *E, unsigned Depth, llvm::DenseSet<const VarDecl *> &Seen,
                            std::vector<const IntegerLiteral *> &Out) {
  if (!E || Depth > 4)
    return;
  if (const auto *IL = dyn_cast<IntegerLiteral>(E)) {
    Out.push_back(IL);
    return;
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (VD && !isa<ParmVarDecl>(VD) && Seen.insert(VD).second)
      collectLiterals(VD->getAnyInitializer(), Depth + 1, Seen, Out);
    return;
  }
  for (const Stmt *Child : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(Child))
      collectLiterals(CE, Depth, Seen, Out);
}

void WarpSizeAssumptionCheck::reportHostSplits(ReportState &S) {
  if (S.Ctx.getLangOpts().CUDAIsDevice || Splits.splits().empty())
    return;
  LaunchShapeVisitor V;
  for (Decl *D : S.Ctx.getTranslationUnitDecl()->decls())
    if (!D->isImplicit() && D->getLocation().isValid() &&
        !S.SM.isInSystemHeader(S.SM.getExpansionLoc(D->getLocation())))
      V.TraverseDecl(D);
  for (const Expr *Shape : V.Shapes) {
    llvm::DenseSet<const VarDecl *> Seen;
    std::vector<const IntegerLiteral *> Literals;
    collectLiterals(Shape, 0, Seen, Literals);
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
