#ifndef ROCM_TIDY_AST_CONSTANTVALUE_H
#define ROCM_TIDY_AST_CONSTANTVALUE_H

// Evaluates integers and dim3 values to constants where the source makes them constant. A value
// that depends on anything known only at run time is "unknown": these helpers never guess.

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

#include <cstdint>
#include <optional>

namespace rocmtidy {

/// A dim3 value with each component known or not.
struct Dim3Value {
  std::optional<uint64_t> X, Y, Z;
  /// x*y*z when all three are known.
  std::optional<uint64_t> total() const;
};

/// Whether \p E depends on a template parameter or contains errors: its value is not known yet.
bool isDependentExpr(const clang::Expr &E);

/// The integer value of \p E when the source makes it constant: integer constant expressions
/// (literals, constexpr and const variables, enumerators, macros, sizeof), and local variables
/// initialised with such a value and never modified afterwards; + - * / % << >> of those.
/// \p Depth counts the variables already looked through (a caller that followed one passes 1).
std::optional<uint64_t> evaluateConstantInteger(const clang::Expr *E, clang::ASTContext &Ctx, unsigned Depth = 0);

/// The value of a dim3 (or integer-converted-to-dim3) expression: dim3(...) temporaries, local
/// dim3 variables initialised with constants and never modified, constexpr dim3 variables.
Dim3Value evaluateDim3(const clang::Expr *E, clang::ASTContext &Ctx, unsigned Depth = 0);

} // namespace rocmtidy

#endif
