#ifndef ROCM_TIDY_AST_BLOCKUNIFORM_H
#define ROCM_TIDY_AST_BLOCKUNIFORM_H

// Whether every thread of a block sees the same value, or reaches the same statement: what a
// block-wide barrier asks of the code around it. The answer is yes only where the code shows it;
// what the analysis cannot follow (calls, shared memory, a local whose address is taken) varies.

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

#include <vector>

namespace rocmtidy {

class BlockUniformity {
public:
  /// FD is the function whose body is read. A kernel's parameters are the same in every thread; a
  /// device function's are not known to be (its callers are not read).
  BlockUniformity(const clang::FunctionDecl *FD, clang::ASTContext &Ctx);

  /// E has one value in all threads of a block: constants, template and kernel parameters, block
  /// coordinates and launch sizes, 'warpSize', loads through such addresses, and locals whose every
  /// assignment is such a value.
  bool isUniform(const clang::Expr *E) const;

  /// Every thread of a block that enters the function reaches S: no branch or loop around S tests a
  /// value that varies, and no return, break, continue or goto under such a test can skip it.
  bool reachedByWholeBlock(const clang::Stmt *S) const;

  /// The functions whose bodies hold S (none inside a lambda, or outside any body).
  static llvm::SmallVector<const clang::FunctionDecl *, 2> enclosingFunctions(const clang::Stmt *S,
                                                                              clang::ASTContext &Ctx);

private:
  struct Local {
    std::vector<const clang::Expr *> Values;
    bool Varies = false; ///< its address escapes, or it starts from a value the analysis cannot see
  };
  void index(const clang::Stmt *Body);
  void linkParents(const clang::Stmt *S);
  void settle();
  /// The first test around S (below the body) whose outcome varies between threads, or null.
  const clang::Stmt *varyingTestAround(const clang::Stmt *S, bool *InLoop = nullptr) const;

  const clang::FunctionDecl *FD;
  clang::ASTContext &Ctx;
  llvm::DenseMap<const clang::ValueDecl *, Local> Locals;
  llvm::DenseSet<const clang::ValueDecl *> Uniform;
  std::vector<const clang::Stmt *> Exits;
  llvm::DenseMap<const clang::Stmt *, const clang::Stmt *> Parents;
};

} // namespace rocmtidy

#endif
