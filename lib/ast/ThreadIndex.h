#ifndef ROCM_TIDY_AST_THREADINDEX_H
#define ROCM_TIDY_AST_THREADINDEX_H

// Recognition of thread indices and of values computed from them, for checks that reason about
// lanes, warps and tiles. Two layers:
//  - matchThreadIndex(): is this expression itself a thread coordinate (threadIdx.x as a field or
//    a __declspec(property), HIP 5's coordinate objects, hipThreadIdx_x, __ockl_get_local_id,
//    __builtin_amdgcn_workitem_id_*, __lane_id())?
//  - LocalDefinitions / ThreadIndexAnalysis: follow the local variables of one function body
//    (initialisations and plain assignments only) to say what a variable holds.
// Both are syntactic and cheap; a check builds the analysis only for a function that contains a
// candidate expression.

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace rocmtidy {

/// Where a thread coordinate comes from.
struct ThreadIndexRef {
  enum class Source {
    ThreadIdx,     ///< threadIdx.x/y/z, hipThreadIdx_x/y/z, __ockl_get_local_id, workitem_id builtins
    LaneId,        ///< __lane_id(): the lane within the wavefront
  };
  Source From;
  /// 0, 1, 2 for x, y, z (0 for a lane id).
  unsigned Axis;
};

/// Recognises an expression that reads a thread coordinate directly (parentheses, implicit casts
/// and the user-defined conversions of HIP's coordinate objects are looked through).
std::optional<ThreadIndexRef> matchThreadIndex(const clang::Expr *E);

/// The name a call names: its direct callee, or in a template the overload set it looks up.
/// Empty for calls through pointers and for operators.
llvm::StringRef calleeName(const clang::CallExpr *CE);

/// True for a reference to the device variable 'warpSize' (not a struct member of that name).
bool isWarpSizeRef(const clang::Expr *E);

/// True if FD is device code written as such: a function with an explicit __global__ or
/// __device__ attribute, or a lambda without explicit attributes inside such a function. Clang
/// marks every lambda and constexpr function implicitly __host__ __device__, so implicit
/// attributes do not count.
bool isDeviceCode(const clang::FunctionDecl *FD);
/// True if FD (a function or a lambda's call operator) has an explicit __global__ or __device__.
bool hasExplicitDeviceAttr(const clang::FunctionDecl *FD);

/// What the local variables of one function body are assigned. A variable is tracked if it is a
/// local of integer type; its definitions are its initialiser and the right-hand sides of plain
/// '=' assignments. A variable that is used in any other way as an lvalue (compound assignment,
/// ++/--, address taken, bound to a reference, unevaluated operand) is opaque: its value is not
/// followed. Lambdas inside the body are part of it.
class LocalDefinitions {
public:
  explicit LocalDefinitions(const clang::Stmt *Body);

  /// The definitions of VD, or std::nullopt if VD is not tracked or is opaque.
  std::optional<llvm::ArrayRef<const clang::Expr *>> definitions(const clang::VarDecl *VD) const;

private:
  friend class LocalDefinitionsBuilder;
  struct Info {
    llvm::SmallVector<const clang::Expr *, 2> Defs;
    unsigned Refs = 0;      ///< DeclRefExprs naming the variable
    unsigned Accounted = 0; ///< of those, reads and '=' targets
  };
  llvm::DenseMap<const clang::VarDecl *, Info> Vars;
};

/// What a value is, as far as lanes and warps go.
enum class ThreadValue {
  None,        ///< not known to depend on the thread's position in its warp
  ThreadIndex, ///< a thread index along x, possibly flattened or offset by block-uniform terms
  LaneId,      ///< a lane number: __lane_id(), or a thread index modulo a warp width
  WarpId,      ///< a warp number: a thread index divided by a warp width
};

/// Classifies expressions of one function body. Thread indices along y and z are not lane-varying
/// on their own (they are tile rows in 2-D blocks); they count only when flattened with x.
class ThreadIndexAnalysis {
public:
  explicit ThreadIndexAnalysis(const clang::Stmt *Body) : Defs(Body) {}

  /// Classifies E. If the answer comes through a local variable, *Via is set to the first such
  /// variable (for a note pointing at its definition).
  ThreadValue classify(const clang::Expr *E, const clang::VarDecl **Via = nullptr);

  const LocalDefinitions &definitions() const { return Defs; }

  /// Takes parameter P to hold V: what every caller in the unit passes for it (a helper called
  /// with 'threadIdx.x'). Parameters are otherwise not followed.
  void assumeParameter(const clang::ParmVarDecl *P, ThreadValue V) { Params[P] = V; }

private:
  ThreadValue classifyVar(const clang::VarDecl *VD);
  LocalDefinitions Defs;
  llvm::DenseMap<const clang::ParmVarDecl *, ThreadValue> Params;
  /// Memo; InProgress breaks cycles (a = b; b = a) conservatively.
  enum class State { InProgress, Done };
  llvm::DenseMap<const clang::VarDecl *, std::pair<State, ThreadValue>> Memo;
};

/// The integer value of a warp-width literal test: E (parentheses and implicit casts looked
/// through) is an integer literal; returns its value.
std::optional<uint64_t> integerLiteralValue(const clang::Expr *E);

} // namespace rocmtidy

#endif
