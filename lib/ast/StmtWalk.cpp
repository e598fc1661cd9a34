#include "ast/StmtWalk.h"

#include "clang/AST/Decl.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

using namespace clang;

namespace rocmtidy {

bool walkStmts(const Stmt *Root, llvm::function_ref<StmtWalk(const Stmt *)> Visit) {
  llvm::SmallVector<const Stmt *, 32> Stack;
  if (Root)
    Stack.push_back(Root);
  llvm::SmallVector<const Stmt *, 8> Children;
  while (!Stack.empty()) {
    const Stmt *S = Stack.pop_back_val();
    switch (Visit(S)) {
    case StmtWalk::Stop:
      return false;
    case StmtWalk::SkipChildren:
      continue;
    case StmtWalk::Continue:
      break;
    }
    Children.clear();
    for (const Stmt *C : S->children())
      if (C)
        Children.push_back(C);
    Stack.append(Children.rbegin(), Children.rend());
  }
  return true;
}

bool walkWithInitialisers(const Expr *Root, unsigned MaxDepth, llvm::function_ref<StmtWalk(const Stmt *)> Visit) {
  llvm::DenseSet<const VarDecl *> Seen;
  llvm::SmallVector<std::pair<const Expr *, unsigned>, 8> Work;
  if (Root)
    Work.push_back({Root, 0});
  while (!Work.empty()) {
    auto [E, Depth] = Work.pop_back_val();
    bool Done = walkStmts(E, [&, Depth = Depth](const Stmt *S) {
      StmtWalk R = Visit(S);
      if (R != StmtWalk::Continue || Depth >= MaxDepth)
        return R;
      if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
        if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()); VD && !isa<ParmVarDecl>(VD) && Seen.insert(VD).second)
          if (const Expr *Init = VD->getAnyInitializer())
            Work.push_back({Init, Depth + 1});
      return R;
    });
    if (!Done)
      return false;
  }
  return true;
}

bool anyStmtOutsideLambdas(const Stmt *Root, llvm::function_ref<bool(const Stmt *)> Pred) {
  bool Found = false;
  walkStmts(Root, [&](const Stmt *S) {
    if (S != Root && isa<LambdaExpr>(S))
      return StmtWalk::SkipChildren;
    if (Pred(S)) {
      Found = true;
      return StmtWalk::Stop;
    }
    return StmtWalk::Continue;
  });
  return Found;
}

const BinaryOperator *findDivision(const Expr *Size, unsigned MaxDepth) {
  const BinaryOperator *Div = nullptr;
  walkWithInitialisers(Size, MaxDepth, [&](const Stmt *S) {
    const auto *BO = dyn_cast<BinaryOperator>(S);
    if (!BO || BO->getOpcode() != BO_Div)
      return StmtWalk::Continue;
    Div = BO;
    return StmtWalk::Stop;
  });
  return Div;
}

} // namespace rocmtidy
