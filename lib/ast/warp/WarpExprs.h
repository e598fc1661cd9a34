#ifndef ROCM_TIDY_AST_WARP_WARPEXPRS_H
#define ROCM_TIDY_AST_WARP_WARPEXPRS_H

// Syntactic facts about single expressions of device code that the warp model builds on: how a
// loop moves its lane offset, which operands name the wavefront width, what a lane mask argument
// holds. Each looks at the expression alone (no dataflow), so each can be tested on a snippet.

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace rocmtidy::warp {

/// Argument I of CE as written: null when it is absent or a default argument.
const clang::Expr *explicitArg(const clang::CallExpr *CE, unsigned I);

/// True if S refers to the device variable 'warpSize' anywhere inside.
bool mentionsWarpSize(const clang::Stmt *S);

/// True if E (parentheses and implicit casts looked through) names VD.
bool refersTo(const clang::Expr *E, const clang::VarDecl *VD);

/// True if E is the integer literal V.
bool isLit(const clang::Expr *E, uint64_t V);

/// 'o /= 2', 'o >>= 1', 'o = o / 2', 'o = o >> 1' (Halve), or the doubling forms of VD.
bool steps(const clang::Expr *Inc, const clang::VarDecl *VD, bool Halve);

/// What 'i += S' or 'i = i + S' adds to VD: S; null for any other expression.
const clang::Expr *addedStep(const clang::Expr *Inc, const clang::VarDecl *VD);

/// '++i', 'i++', 'i += 1', 'i = i + 1' of VD.
bool stepsByOne(const clang::Expr *Inc, const clang::VarDecl *VD);

/// The counter of a for-loop and its start: 'int o = 16' or 'o = 16'.
std::pair<const clang::VarDecl *, const clang::Expr *> loopStart(const clang::ForStmt *FS);

/// The bound of 'o < B' / 'o <= B' (Inclusive for '<=').
const clang::Expr *loopBound(const clang::ForStmt *FS, const clang::VarDecl *VD, bool &Inclusive);

/// L Op R for the integer arithmetic operators; std::nullopt for a division by zero, a shift out
/// of range, or another operator.
std::optional<int64_t> foldBinary(clang::BinaryOperatorKind Op, int64_t L, int64_t R);

/// 'warpSize - 1'.
bool isWarpSizeMinusOne(const clang::Expr *E);

/// Mentions the wavefront width: warpSize, or a name such as 'physical_warp_size()'.
bool mentionsWidthName(const clang::Stmt *S);

/// An '==' / '!=' test of a width name: one arm of a dispatch on the wavefront width.
bool isWidthTest(const clang::Expr *Cond);

/// The template parameter an instantiated operand stands for: 'WS' or 'WS - 1'.
const clang::SubstNonTypeTemplateParmExpr *templateArgument(const clang::Expr *E);

/// blockDim.x in any of its spellings (a field, a property, hipBlockDim_x).
bool isBlockDimX(const clang::Expr *E);

/// A constant mask that, widened as a *_sync call widens it, is 0xffffffff: lanes 0-31 only.
bool isNarrowFullMask(const clang::Expr *Arg, const clang::ASTContext &Ctx);

/// The width in bits of an integer type, 0 for other types.
unsigned intBits(clang::QualType Ty, const clang::ASTContext &Ctx);

/// Evaluates E as an integer constant (not through locals).
std::optional<int64_t> constantValue(const clang::Expr *E, const clang::ASTContext &Ctx);

/// A call that gives the lane's number in the hardware wavefront, 0-63 on 64 lanes: '__lane_id()'
/// or the mbcnt pair's upper half.
bool isHardwareLaneCall(const clang::CallExpr *CE);

/// A call of a builtin that returns the wavefront's 64-bit lane mask ('__ballot', '__activemask'),
/// by name, unless the name resolves to a project's own function that returns fewer than 64 bits
/// (a port's shim 'uint32_t __ballot_sync(uint32_t, bool)' giving the 32-lane half of the caller):
/// its value is what the shim says, and a narrowing inside the shim is the shim's own finding.
bool isLaneMaskBuiltinCall(const clang::CallExpr *CE, const clang::ASTContext &Ctx);

/// The values \p Body returns, outside lambdas' bodies (null for a bare 'return').
std::vector<const clang::Expr *> returnedValues(const clang::Stmt *Body);

/// Whether \p FD has a definition outside system headers that \p Fits accepts, which returns at
/// least once and every value of which satisfies \p Each. Kept in \p Memo by canonical declaration
/// (false while the question recurses through the same function).
bool everyReturn(const clang::FunctionDecl *FD, const clang::ASTContext &Ctx,
                 llvm::DenseMap<const clang::FunctionDecl *, bool> &Memo,
                 llvm::function_ref<bool(const clang::FunctionDecl &Def)> Fits,
                 llvm::function_ref<bool(const clang::FunctionDecl &Def, const clang::Expr *Returned)> Each);

/// The value of E on a 64-lane wavefront: 'warpSize' counts as 64 ('1024 / warpSize': 16);
/// literals, constant variables and + - * / % << >> of those.
std::optional<int64_t> valueAt64Lanes(const clang::Expr *E, const clang::ASTContext &Ctx, unsigned Depth = 0);

} // namespace rocmtidy::warp

#endif
