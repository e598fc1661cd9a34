#include "ast/UserCode.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace rocmtidy {

bool isUserCode(const SourceManager &SM, SourceLocation Loc) {
  // getFileLoc follows a macro argument to where it is spelled: a kernel named in a user macro's
  // argument belongs to the user even when the macro itself comes from a system header.
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

} // namespace rocmtidy
