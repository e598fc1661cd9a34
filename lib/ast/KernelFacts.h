#ifndef ROCM_TIDY_AST_KERNELFACTS_H
#define ROCM_TIDY_AST_KERNELFACTS_H

// What one translation unit's parse tells the project (issue #26 item 5): for every kernel it
// defines that other files can launch, the canonical name, its parameter count, where it is, its
// __launch_bounds__ (or amdgpu_flat_work_group_size) and its static LDS through the device
// functions it calls (ast/StaticLds, the same number rocm-lds-limit reports); and the quoted
// #includes that sit in a conditional branch the parse skipped. The project index is the merge of
// the kernels over the files of a run (ProjectIndex::fromDefinitions): it sees the -D flags and
// the #if branch the build takes.

#include "core/ProjectIndex.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"

#include <memory>
#include <string>
#include <vector>

namespace clang {
class CompilerInstance;
} // namespace clang

namespace rocmtidy {

struct TranslationUnitFacts {
  std::vector<KernelDefinition> Kernels;
  /// The blocks this unit launches other files' kernels with (ast/LaunchTally): kernels with
  /// external linkage only, each once.
  std::vector<KernelLaunches> Launches;
  std::vector<SkippedInclude> SkippedIncludes;
};

/// The kernels \p Ctx defines outside system headers with external linkage; Display is the real
/// path (the merge names them for the reader).
std::vector<KernelDefinition> collectKernelDefinitions(clang::ASTContext &Ctx);

/// The launches of kernels with external linkage in \p Ctx's user code, per kernel: what other
/// files that define them learn from the project index. A kernel also named other than by a
/// recognised launch (a pointer) is marked unknown.
std::vector<KernelLaunches> collectKernelLaunches(clang::ASTContext &Ctx);

/// Records the facts of the translation unit \p CI parses into \p Out: the skipped includes as the
/// preprocessor meets them, the kernels once the AST is complete. The consumer runs beside the
/// checks (clang::MultiplexConsumer); \p Out must outlive the parse.
std::unique_ptr<clang::ASTConsumer> makeFactsCollector(clang::CompilerInstance &CI, TranslationUnitFacts &Out);

} // namespace rocmtidy

#endif
