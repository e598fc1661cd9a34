#include "ast/StaticLds.h"

#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"

using namespace clang;

namespace rocmtidy {

namespace {

// Collects the __shared__ variables one body declares or refers to, and the functions it calls.
class BodyScanner : public RecursiveASTVisitor<BodyScanner> {
public:
  llvm::SmallVector<const VarDecl *, 8> Shared;
  llvm::SmallVector<const FunctionDecl *, 8> Callees;

  bool VisitVarDecl(VarDecl *VD) {
    if (VD->hasAttr<CUDASharedAttr>())
      Shared.push_back(VD);
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *VD = dyn_cast<VarDecl>(E->getDecl()); VD && VD->hasAttr<CUDASharedAttr>())
      Shared.push_back(VD);
    return true;
  }
  bool VisitCallExpr(CallExpr *E) {
    if (const FunctionDecl *F = E->getDirectCallee())
      Callees.push_back(F);
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *E) {
    Callees.push_back(E->getConstructor());
    return true;
  }
};

} // namespace

StaticLds computeStaticLds(const FunctionDecl &Kernel, ASTContext &Ctx) {
  StaticLds Out;
  const SourceManager &SM = Ctx.getSourceManager();
  llvm::SmallPtrSet<const FunctionDecl *, 16> Seen;
  llvm::SmallPtrSet<const VarDecl *, 16> Counted;
  std::vector<const FunctionDecl *> Level{&Kernel};
  Seen.insert(&Kernel);
  for (unsigned Depth = 0; Depth <= StaticLdsCallDepth && !Level.empty(); ++Depth) {
    std::vector<const FunctionDecl *> Next;
    for (const FunctionDecl *F : Level) {
      const FunctionDecl *Def = nullptr;
      if (!F->hasBody(Def) || !Def->getBody())
        continue;
      BodyScanner Scan;
      Scan.TraverseStmt(const_cast<Stmt *>(Def->getBody()));
      for (const VarDecl *V : Scan.Shared) {
        QualType T = V->getType();
        // extern __shared__ T buf[] is the dynamic allocation: it is sized at the launch.
        if (T->isDependentType() || T->isIncompleteType() || !T->isConstantSizeType())
          continue;
        if (!Counted.insert(V->getCanonicalDecl()).second)
          continue;
        uint64_t Bytes = Ctx.getTypeSizeInChars(T).getQuantity();
        Out.Bytes += Bytes;
        Out.Vars.push_back({V, Def, Bytes});
      }
      for (const FunctionDecl *C : Scan.Callees) {
        // The runtime headers' device functions keep no __shared__ state of the user's.
        if (C->getBuiltinID() || SM.isInSystemHeader(C->getLocation()))
          continue;
        if (Seen.insert(C).second)
          Next.push_back(C);
      }
    }
    Level = std::move(Next);
  }
  return Out;
}

} // namespace rocmtidy
