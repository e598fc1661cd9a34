#ifndef ROCM_TIDY_AST_STMTWALK_H
#define ROCM_TIDY_AST_STMTWALK_H

// One walk over a statement tree for the checks and analyses that look below a node (masks written
// to a variable, the returns of a wrapper, the calls of a body). Iterative, so deep expression
// trees (long '+' chains in generated kernels) cannot exhaust the stack.

#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace rocmtidy {

/// What the visitor wants after seeing a statement.
enum class StmtWalk {
  Continue,     ///< go on below it
  SkipChildren, ///< leave its subtree out (a lambda's body, a subtree already handled)
  Stop,         ///< end the walk
};

/// Visits \p Root and every statement below it: a parent before its children, children in source
/// order; null children are skipped. Returns false when the visitor stopped the walk.
bool walkStmts(const clang::Stmt *Root, llvm::function_ref<StmtWalk(const clang::Stmt *)> Visit);

/// Visits \p Root as walkStmts does, and then the initialisers of the variables it names (locals and
/// constants, not parameters), theirs in turn, down to \p MaxDepth levels, each variable once: what
/// straight-line host code computed a value from ('grid' from 'warps_per_block' from 'BLOCK / 32').
/// Later assignments are not followed. Returns false when the visitor stopped the walk.
bool walkWithInitialisers(const clang::Expr *Root, unsigned MaxDepth,
                          llvm::function_ref<StmtWalk(const clang::Stmt *)> Visit);

/// The first division in \p Size or in the initialisers of the constants it names (as
/// walkWithInitialisers follows them, \p MaxDepth levels): where an array's element count divides
/// a block by a width ('part[kSlots]', 'kSlots = Block / WAVE'). Null when there is none.
const clang::BinaryOperator *findDivision(const clang::Expr *Size, unsigned MaxDepth);

/// Whether \p Root, or a statement below it that is not inside a lambda's body, satisfies \p Pred.
bool anyStmtOutsideLambdas(const clang::Stmt *Root, llvm::function_ref<bool(const clang::Stmt *)> Pred);

} // namespace rocmtidy

#endif
