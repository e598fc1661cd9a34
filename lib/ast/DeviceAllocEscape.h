#ifndef ROCM_TIDY_AST_DEVICEALLOCESCAPE_H
#define ROCM_TIDY_AST_DEVICEALLOCESCAPE_H

// What a statement does with the pointers it is handed, for rocm-unmatched-device-alloc: one set of
// rules, used both by the dataflow pass over a function and by its look into the helpers that
// function calls.

#include "core/DeviceAllocTable.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace rocmtidy {

/// How a statement uses one pointer-valued operand.
struct PointerUse {
  enum KindType {
    /// Handed to a deallocator (or delete): \c Deallocator names it.
    Frees,
    /// Handed to someone who may keep or free it: a constructor, an initializer list, a
    /// reference parameter, reset(), a call not resolved yet, a return, a throw, a store into
    /// anything but a local variable.
    Escapes,
    /// Copied into a local variable (an assignment or a declaration's initializer).
    Copied,
    /// Passed by value as parameter \c Param of \c Callee, which may do any of the above with it.
    Passed,
  } Kind;
  /// The operand as written (casts and parentheses included).
  const clang::Expr *Ptr = nullptr;
  llvm::StringRef Deallocator;                  // Frees
  const clang::FunctionDecl *Callee = nullptr; // Passed
  unsigned Param = 0;                           // Passed
};

/// Calls \p Visit for each operand that \p S itself frees, hands on, copies or passes (not those of
/// its sub-statements).
void classifyPointerUses(const clang::Stmt *S, const DeviceAllocTable &Table,
                         llvm::function_ref<void(const PointerUse &)> Visit);

/// The name of the free function \p Call calls ("hipMalloc"), also where the call is not resolved
/// yet (in a template, with dependent arguments); empty for methods and calls through pointers.
llvm::StringRef freeFunctionName(const clang::CallExpr *Call);

/// Whether \p Call asks the runtime for the error of its last call (hipGetLastError,
/// hipPeekAtLastError and their CUDA spellings).
bool isLastErrorQuery(const clang::CallExpr *Call);

/// \p E without parentheses, casts, cleanups and temporaries.
const clang::Expr *stripPointerExpr(const clang::Expr *E);
/// The variable \p E names, after stripPointerExpr; null otherwise.
const clang::VarDecl *referencedVar(const clang::Expr *E);
/// The name of \p D when it is a plain identifier; empty otherwise.
llvm::StringRef plainName(const clang::NamedDecl *D);

} // namespace rocmtidy

#endif
