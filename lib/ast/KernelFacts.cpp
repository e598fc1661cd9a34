#include "ast/KernelFacts.h"

#include "ast/StaticLds.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace rocmtidy {

namespace {

// The bound of a kernel template when it is one of its own non-type parameters
// (__launch_bounds__(B)): other files evaluate it with their launch's template arguments.
const NonTypeTemplateParmDecl *boundParameter(const Expr *E) {
  if (!E)
    return nullptr;
  if (const auto *R = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    return dyn_cast<NonTypeTemplateParmDecl>(R->getDecl());
  return nullptr;
}

class KernelVisitor : public RecursiveASTVisitor<KernelVisitor> {
public:
  KernelVisitor(ASTContext &Ctx, const std::function<std::string(const std::string &)> &DisplayOf,
                std::vector<KernelDefinition> &Out)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), DisplayOf(DisplayOf), Out(Out) {}

  bool shouldVisitTemplateInstantiations() const { return false; }

  bool VisitFunctionDecl(FunctionDecl *F) {
    if (!F->hasAttr<CUDAGlobalAttr>() || !F->doesThisDeclarationHaveABody() || F->isTemplateInstantiation())
      return true;
    // Internal kernels cannot be launched from another file.
    if (F->isInAnonymousNamespace() || F->getStorageClass() == SC_Static)
      return true;
    SourceLocation Loc = SM.getFileLoc(F->getLocation());
    if (Loc.isInvalid() || SM.isInSystemHeader(Loc))
      return true;
    OptionalFileEntryRef File = SM.getFileEntryRefForID(SM.getFileID(Loc));
    if (!File)
      return true;
    KernelDefinition K;
    K.Name = F->getQualifiedNameAsString();
    K.Params = F->getNumParams();
    StringRef Real = File->getFileEntry().tryGetRealPathName();
    K.File = (Real.empty() ? File->getName() : Real).str();
    K.Display = DisplayOf ? DisplayOf(K.File) : K.File;
    K.Line = SM.getSpellingLineNumber(Loc);
    const FunctionTemplateDecl *Template = F->getDescribedFunctionTemplate();
    if (Template)
      for (const NamedDecl *P : *Template->getTemplateParameters())
        K.TemplateParams.push_back(P->getName().str());

    const Expr *Bound = nullptr;
    if (const auto *A = F->getAttr<CUDALaunchBoundsAttr>()) {
      Bound = A->getMaxThreads();
    } else if (const auto *A = F->getAttr<AMDGPUFlatWorkGroupSizeAttr>()) {
      Bound = A->getMax();
      K.FlatWorkGroupSize = true;
    }
    if (Bound) {
      K.HasBounds = true;
      if (!Bound->isValueDependent()) {
        if (std::optional<llvm::APSInt> V = Bound->getIntegerConstantExpr(Ctx); V && V->isStrictlyPositive())
          K.MaxThreads = V->getZExtValue();
      } else if (const NonTypeTemplateParmDecl *P = boundParameter(Bound)) {
        K.BoundsExpr = {P->getName().str()};
      }
    }
    // A template's storage may depend on its arguments; its pattern has no sizes yet.
    if (!F->isDependentContext())
      K.StaticLdsBytes = computeStaticLds(*F, Ctx).Bytes;
    Out.push_back(std::move(K));
    return true;
  }

private:
  ASTContext &Ctx;
  const SourceManager &SM;
  const std::function<std::string(const std::string &)> &DisplayOf;
  std::vector<KernelDefinition> &Out;
};

class KernelFactsConsumer : public ASTConsumer {
public:
  explicit KernelFactsConsumer(std::vector<KernelDefinition> &Out) : Out(Out) {}
  void HandleTranslationUnit(ASTContext &Ctx) override {
    std::vector<KernelDefinition> Found = collectKernelDefinitions(Ctx);
    Out.insert(Out.end(), std::make_move_iterator(Found.begin()), std::make_move_iterator(Found.end()));
  }

private:
  std::vector<KernelDefinition> &Out;
};

} // namespace

std::vector<KernelDefinition>
collectKernelDefinitions(ASTContext &Ctx, const std::function<std::string(const std::string &)> &DisplayOf) {
  std::vector<KernelDefinition> Out;
  KernelVisitor(Ctx, DisplayOf, Out).TraverseDecl(Ctx.getTranslationUnitDecl());
  return Out;
}

std::unique_ptr<ASTConsumer> makeKernelFactsConsumer(std::vector<KernelDefinition> &Out) {
  return std::make_unique<KernelFactsConsumer>(Out);
}

} // namespace rocmtidy
