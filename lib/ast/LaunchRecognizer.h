#ifndef ROCM_TIDY_AST_LAUNCHRECOGNIZER_H
#define ROCM_TIDY_AST_LAUNCHRECOGNIZER_H

// Recognises GPU kernel launches in every spelling the launch checks cover, with their block
// size and dynamic shared memory evaluated where the source makes them constant.

#include "ast/ConstantValue.h"
#include "core/LaunchApiTable.h"

#include "clang/AST/Attr.h"
#include "clang/ASTMatchers/ASTMatchers.h"

namespace rocmtidy {

/// One recognised launch.
struct KernelLaunch {
  /// The launch API called, or the launch macro (hipLaunchKernelGGL) that expands to a chevron;
  /// null for a chevron written as such.
  const LaunchApi *Api = nullptr;
  /// The spelling users write, e.g. "hipLaunchKernelGGL" or "<<<>>>".
  llvm::StringRef spelling() const;
  /// The CUDAKernelCallExpr or the launch API CallExpr.
  const clang::CallExpr *Call = nullptr;
  /// Where a diagnostic about the launch goes: in the user's file, at the launch as the user
  /// spelled it (the 'hipLaunchKernelGGL' token for the macro, even when it sits in a macro of
  /// the user's own).
  clang::SourceLocation Loc;
  /// The launched kernel (a template specialisation for template kernels); null when the
  /// launch goes through a pointer or a module handle.
  const clang::FunctionDecl *Kernel = nullptr;
  /// The block argument as written (null for hipModuleLaunchKernel and the configuration
  /// launches cudaLaunchKernelEx and hipLaunchKernelEx).
  const clang::Expr *BlockArg = nullptr;
  Dim3Value Block;
  /// The grid in blocks: the chevron's first configuration value, the argument before the block
  /// argument, hipModuleLaunchKernel's three counts, or a configuration struct's gridDim.
  Dim3Value Grid;
  /// The dynamic shared memory argument as written (null when omitted or inside a config struct).
  const clang::Expr *SharedMemArg = nullptr;
  /// Bytes of dynamic shared memory; 0 when the argument is omitted.
  std::optional<uint64_t> SharedMemBytes;
};

/// A narrow matcher for launch candidates: chevron launches and calls to the launch APIs by
/// name. Feed what it binds under \p Id to recogniseLaunch().
clang::ast_matchers::StatementMatcher launchCandidateMatcher(llvm::StringRef Id);

/// Recognises \p E as a launch. Returns std::nullopt for other calls, for launches inside
/// uninstantiated templates (their values are not known yet), and for the chevron launch the
/// HIP runtime header's own code performs.
std::optional<KernelLaunch> recogniseLaunch(const clang::CallExpr &E, clang::ASTContext &Ctx);

/// The grid and block arguments of a launch candidate as written: a chevron's first two
/// configuration values, or a launch API's grid and block arguments (its three block dimensions
/// and the three grid counts before them). Empty for launches configured by a struct and for other
/// calls. Unlike recogniseLaunch it reads template patterns: nothing is evaluated.
std::vector<const clang::Expr *> launchShapeArgs(const clang::CallExpr &E);

/// hipFuncSetAttribute / cudaFuncSetAttribute(kernel, MaxDynamicSharedMemorySize, bytes).
struct DynamicSharedMemoryAttribute {
  const clang::CallExpr *Call = nullptr;
  clang::SourceLocation Loc;
  const clang::FunctionDecl *Kernel = nullptr;
  std::optional<uint64_t> Bytes;
};

clang::ast_matchers::StatementMatcher funcSetAttributeMatcher(llvm::StringRef Id);
/// Recognises a call that sets the kernel's maximum dynamic shared memory; std::nullopt for
/// other attributes or when the attribute is not a constant.
std::optional<DynamicSharedMemoryAttribute> recogniseDynamicSharedMemoryAttribute(const clang::CallExpr &E,
                                                                                  clang::ASTContext &Ctx);

/// The kernel a function-pointer expression names: k, &k, (const void*)k,
/// reinterpret_cast<const void*>(&k<T>), ...; null otherwise.
const clang::FunctionDecl *kernelFromExpr(const clang::Expr *E);

/// The maximum threads per block a kernel declares with __launch_bounds__ or
/// amdgpu_flat_work_group_size; \p AttrOut receives the attribute.
std::optional<uint64_t> declaredMaxThreads(const clang::FunctionDecl &Kernel, clang::ASTContext &Ctx,
                                           const clang::Attr **AttrOut = nullptr);

} // namespace rocmtidy

#endif
