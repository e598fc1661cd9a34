#include "ast/UserCode.h"

#include "clang/AST/ASTContext.h"
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

bool maySkipFunctionBody(const Decl *D) {
  const FunctionDecl *FD = D ? D->getAsFunction() : nullptr;
  if (!FD || FD->isConstexpr() || FD->getReturnType()->getContainedDeducedType())
    return false;
  return !isUserCode(D->getASTContext().getSourceManager(), D->getLocation());
}

} // namespace rocmtidy
