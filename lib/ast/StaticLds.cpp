#include "ast/StaticLds.h"

#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"

using namespace clang;

namespace rocmtidy {

namespace {

// Whether \p S holds a label or a case a jump from outside could reach; clang emits the arm
// of an if whose condition is a constant only then.
bool holdsJumpTarget(const Stmt *S) {
  if (S == nullptr)
    return false;
  if (isa<LabelStmt>(S) || isa<SwitchCase>(S))
    return true;
  for (const Stmt *C : S->children())
    if (holdsJumpTarget(C))
      return true;
  return false;
}

// Collects the __shared__ variables one body declares or refers to, and the functions it calls.
class BodyScanner : public RecursiveASTVisitor<BodyScanner> {
public:
  explicit BodyScanner(const ASTContext &Ctx) : Ctx(Ctx) {}

  llvm::SmallVector<const VarDecl *, 8> Shared;
  llvm::SmallVector<const FunctionDecl *, 8> Callees;

  // clang does not emit the arm of an if whose condition folds to a constant (an instantiation's
  // `if (SharedKB <= 48)` with SharedKB 96), so a __shared__ array declared there is never
  // allocated: a template may size it absurdly to stop a launch if it ever were.
  bool TraverseIfStmt(IfStmt *If) {
    const Expr *Cond = If->getCond();
    bool Value = false;
    if (If->isConsteval() || If->getConditionVariable() != nullptr || Cond == nullptr || Cond->isValueDependent() ||
        !Cond->EvaluateAsBooleanCondition(Value, Ctx) || Cond->HasSideEffects(Ctx))
      return RecursiveASTVisitor::TraverseIfStmt(If);
    Stmt *Dead = Value ? If->getElse() : If->getThen();
    if (holdsJumpTarget(Dead))
      return RecursiveASTVisitor::TraverseIfStmt(If);
    return TraverseStmt(If->getInit()) && TraverseStmt(Value ? If->getThen() : If->getElse());
  }

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

private:
  const ASTContext &Ctx;
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
      BodyScanner Scan(Ctx);
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
