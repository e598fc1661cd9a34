#include "ast/UserCode.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace rocmtidy {

bool isUserCode(const SourceManager &SM, SourceLocation Loc) {
  // The file position: where a macro argument is spelled, else where the macro was expanded. It
  // is the position the kernel facts record for a kernel, so the walks and the record agree.
  return !SM.isInSystemHeader(SM.getFileLoc(Loc));
}

std::vector<Decl *> userTopLevelDecls(ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<Decl *> Out;
  for (Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (isUserCode(SM, D->getLocation()))
      Out.push_back(D);
  return Out;
}

// rocm-unmatched-device-alloc follows a device pointer that host code passes by value into the
// callee's body (DeviceAllocFlow: a callee that frees, stores or returns it), wherever the callee
// is defined. A host-callable function with a by-value parameter that can receive a pointer (a
// pointer, a bool, or a type a template decides) is such a callee; device-only functions are not.
static bool mayReceiveHostPointer(const FunctionDecl &FD) {
  if (FD.hasAttr<CUDADeviceAttr>() && !FD.hasAttr<CUDAHostAttr>())
    return false;
  for (const ParmVarDecl *P : FD.parameters()) {
    QualType T = P->getType();
    if (!T->isReferenceType() && (T->isPointerType() || T->isBooleanType() || T->isDependentType()))
      return true;
  }
  return false;
}

bool maySkipFunctionBody(const Decl *D) {
  const FunctionDecl *FD = D ? D->getAsFunction() : nullptr;
  if (!FD || FD->isConstexpr() || FD->getReturnType()->getContainedDeducedType())
    return false;
  // A kernel's body is its definition for the project index and the launch checks.
  if (FD->hasAttr<CUDAGlobalAttr>() || mayReceiveHostPointer(*FD))
    return false;
  return !isUserCode(D->getASTContext().getSourceManager(), D->getLocation());
}

} // namespace rocmtidy
