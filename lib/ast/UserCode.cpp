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

} // namespace rocmtidy
