#include "ast/StmtWalk.h"

#include "clang/AST/ExprCXX.h"
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

} // namespace rocmtidy
