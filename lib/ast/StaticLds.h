#ifndef ROCM_TIDY_AST_STATICLDS_H
#define ROCM_TIDY_AST_STATICLDS_H

// The static LDS of a kernel: the __shared__ variables of constant size that its body and the
// device functions it calls (a few levels down) declare or use. rocm-lds-limit reports from it, and
// the kernel facts a translation unit records for the project index carry its total, so a launch in
// another file sees the same number.

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

#include <cstdint>
#include <vector>

namespace rocmtidy {

/// How far down the call graph static __shared__ storage is collected (docs/checks/rocm-lds-limit.md).
inline constexpr unsigned StaticLdsCallDepth = 8;

struct StaticSharedVar {
  const clang::VarDecl *Var = nullptr;
  const clang::FunctionDecl *In = nullptr; // the function whose body declares or uses it
  uint64_t Bytes = 0;
};

struct StaticLds {
  uint64_t Bytes = 0;
  std::vector<StaticSharedVar> Vars;
};

/// The static LDS of \p Kernel (a definition with a body; a declaration gives 0 bytes). Dependent
/// and incomplete types (extern __shared__ T buf[], the dynamic allocation) are not counted.
StaticLds computeStaticLds(const clang::FunctionDecl &Kernel, clang::ASTContext &Ctx);

} // namespace rocmtidy

#endif
