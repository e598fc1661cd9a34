#ifndef ROCM_TIDY_AST_DEVICEALLOCFLOW_H
#define ROCM_TIDY_AST_DEVICEALLOCFLOW_H

// Intraprocedural tracking of device/host allocations over clang's CFG, for
// rocm-unmatched-device-alloc. One forward dataflow pass per function; the state of each local
// pointer that an allocator writes is a set of possibilities (unallocated, allocated, freed,
// escaped, allocation failed), joined by union where paths meet.

#include "ast/DeviceAllocEscape.h"
#include "core/DeviceAllocTable.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

#include <string>
#include <vector>

namespace rocmtidy {

struct DeviceAllocFinding {
  enum KindType { Leak, WrongFree, DoubleFree } Kind;
  /// For leaks: how the path leaves the function, or (Overwrite) the assignment of null that
  /// drops the only pointer to the memory while the function still owns it.
  enum ExitType { Return, Throw, EndOfFunction, Overwrite } Exit = Return;
  /// The exit statement (leak) or the deallocating expression (wrong or double free).
  clang::SourceLocation Loc;
  /// The variable that holds the pointer, or the object whose field holds it.
  const clang::VarDecl *Var = nullptr;
  /// How the code names the pointer: "d", "layer.w", "s->buf".
  std::string Name;
  /// The allocation that reaches \c Loc.
  const clang::CallExpr *Alloc = nullptr;
  const DeviceAllocator *Allocator = nullptr;
  /// The deallocator used at \c Loc ("free", "delete" for delete expressions).
  std::string FreeName;
  /// For double frees: the first free on the path.
  clang::SourceLocation PrevFree;
};

struct DeviceAllocFlowOptions {
  /// Functions that take ownership of a pointer passed to them (plain or qualified names).
  std::vector<std::string> OwnershipFunctions;
};

/// Findings for one function definition, in no particular order, each reported once.
std::vector<DeviceAllocFinding> analyzeDeviceAllocations(const clang::FunctionDecl &FD, clang::ASTContext &Ctx,
                                                         const DeviceAllocTable &Table,
                                                         const DeviceAllocFlowOptions &Opts);

} // namespace rocmtidy

#endif
