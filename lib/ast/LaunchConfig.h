#ifndef ROCM_TIDY_AST_LAUNCHCONFIG_H
#define ROCM_TIDY_AST_LAUNCHCONFIG_H

#include "ast/ConstantValue.h"

namespace rocmtidy {

/// The grid, block size and dynamic shared memory a cudaLaunchKernelEx / hipLaunchKernelEx
/// configuration sets.
struct LaunchConfigValue {
  Dim3Value Grid;
  Dim3Value Block;
  std::optional<uint64_t> SharedMemBytes;
};

/// Reads gridDim, blockDim and dynamicSmemBytes of a cudaLaunchConfig_t or hipLaunchConfig_t passed
/// as '&cfg' (\p ConfigArg) to \p Launch. Only a local configuration whose fields are written by
/// plain assignments in the block that declares it, before the launch, and nowhere else, is
/// evaluated; anything else is unknown.
LaunchConfigValue evaluateLaunchConfig(const clang::Expr *ConfigArg, const clang::CallExpr &Launch,
                                       clang::ASTContext &Ctx);

} // namespace rocmtidy

#endif
