#ifndef ROCM_TIDY_AST_KERNELFACTS_H
#define ROCM_TIDY_AST_KERNELFACTS_H

// Kernel facts from the translation unit's own parse (issue #26 item 5): for every kernel it
// defines that other files can launch, the canonical name, its parameter count, where it is, its
// __launch_bounds__ (or amdgpu_flat_work_group_size) and its static LDS through the device
// functions it calls (ast/StaticLds, the same number rocm-lds-limit reports). The project index is
// the merge of these facts over the files of a run (ProjectIndex::fromDefinitions); unlike the
// lexical pass it replaces, it sees the -D flags and the #if branch the build takes.

#include "core/KernelIndex.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace rocmtidy {

/// The kernels \p Ctx defines outside system headers with external linkage. \p DisplayOf names a
/// real path for notes ("src/kernels.hip"); by default the real path itself.
std::vector<KernelDefinition>
collectKernelDefinitions(clang::ASTContext &Ctx,
                         const std::function<std::string(const std::string &)> &DisplayOf = nullptr);

/// An AST consumer that appends the facts of the translation unit to \p Out once it is parsed; to
/// run beside the checks (clang::MultiplexConsumer). \p Out must outlive the parse.
std::unique_ptr<clang::ASTConsumer> makeKernelFactsConsumer(std::vector<KernelDefinition> &Out);

} // namespace rocmtidy

#endif
