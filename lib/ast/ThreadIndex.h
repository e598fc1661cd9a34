#ifndef ROCM_TIDY_AST_THREADINDEX_H
#define ROCM_TIDY_AST_THREADINDEX_H

// Recognition of thread indices and of values computed from them, for checks that reason about
// lanes, warps and tiles: is this expression itself a thread coordinate (threadIdx.x as a field
// or a __declspec(property), HIP 5's coordinate objects, hipThreadIdx_x, __ockl_get_local_id,
// __builtin_amdgcn_workitem_id_*, __lane_id())? What locals hold is LaneValueAnalysis's question.

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/StringRef.h"

#include <optional>

namespace rocmtidy {

/// Where a thread coordinate comes from.
struct ThreadIndexRef {
  enum class Source {
    ThreadIdx, ///< threadIdx.x/y/z, hipThreadIdx_x/y/z, __ockl_get_local_id, workitem_id builtins
    LaneId,    ///< __lane_id(): the lane within the wavefront
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

/// True for a read of the block's coordinate ('blockIdx.x' as a field or a property,
/// '__ockl_get_group_id(0)', '__builtin_amdgcn_workgroup_id_x()'): what a global thread number is
/// built from.
bool isBlockIndex(const clang::Expr *E);

/// True for a read of the launch's shape ('blockDim.x', 'gridDim.y' as fields or properties,
/// '__ockl_get_local_size(0)', '__ockl_get_num_groups(0)'): the same in every thread of a launch.
bool isLaunchShape(const clang::Expr *E);

/// True for a reference to the device variable 'warpSize' (not a struct member of that name).
bool isWarpSizeRef(const clang::Expr *E);

/// True for a call of a project's warp-width function: no arguments, an integer result, and a name
/// that says so ('getWarpSize()', 'warp_size()', 'wavefront_size()'). Such functions pick 32 or 64
/// per target, so what they return is the width of the warps the code runs in.
bool isWarpSizeCall(const clang::Expr *E);

/// True if FD is device code written as such: a function with an explicit __global__ or
/// __device__ attribute, or a lambda without explicit attributes inside such a function. Clang
/// marks every lambda and constexpr function implicitly __host__ __device__, so implicit
/// attributes do not count.
bool isDeviceCode(const clang::FunctionDecl *FD);
/// True if FD (a function or a lambda's call operator) has an explicit __global__ or __device__.
bool hasExplicitDeviceAttr(const clang::FunctionDecl *FD);
/// True if FD's body reads a thread coordinate or calls a device-only function, which only
/// device code can: such a function is device code even when its attributes were lost (a macro
/// from a header that was not found). A __shared__ variable is no such sign: clang drops the
/// attribute in a host function.
bool bodyActsAsDeviceCode(const clang::FunctionDecl *FD);

/// The integer value of a warp-width literal test: E (parentheses and implicit casts looked
/// through) is an integer literal; returns its value.
std::optional<uint64_t> integerLiteralValue(const clang::Expr *E);

} // namespace rocmtidy

#endif
