#ifndef ROCM_TIDY_AST_PROJECTINDEXOPTION_H
#define ROCM_TIDY_AST_PROJECTINDEXOPTION_H

#include "clang-tidy/ClangTidyCheck.h"
#include "core/ProjectIndex.h"
#include "clang/AST/Decl.h"

#include <memory>
#include <optional>
#include <string>

namespace rocmtidy {

/// What the project index says about a kernel this translation unit only declares.
struct DefinitionElsewhere {
  const KernelDefinition *Def = nullptr;
  /// Its maximum threads per block for this specialisation, when its bound is known.
  std::optional<uint64_t> MaxThreads;
  /// "defined in ops.cu:42 with __launch_bounds__(1024)" (without the bound when it has none).
  std::string describe() const;
};

/// The project index a check consults: option 'ProjectIndex' of the check, else the global
/// 'RocmProjectIndex'. Its value is a file written by 'rocm-lint index' (read by stock clang-tidy
/// and rocm-clangd) or the handle rocm-lint registered for the pass it runs in its own process
/// (core/ProjectIndex.h, IndexRegistration), through which the lookups are recorded. Without one a
/// check behaves as if every kernel it cannot see were unknown.
class ProjectIndexOption {
public:
  ProjectIndexOption() = default;
  explicit ProjectIndexOption(clang::tidy::ClangTidyCheck::OptionsView &Options);

  /// Emits a configuration diagnostic when the named index file cannot be read. Call from
  /// registerMatchers so it is said once per run.
  void reportProblems(const clang::tidy::ClangTidyCheck &Check, llvm::StringRef CheckName) const;
  void store(clang::tidy::ClangTidyCheck::OptionsView &Options, clang::tidy::ClangTidyOptions::OptionMap &Opts) const;

  /// The definition of \p Kernel in another file, when this translation unit has no body for it
  /// and the index knows exactly one definition that other files can see.
  std::optional<DefinitionElsewhere> lookup(const clang::FunctionDecl &Kernel) const;

  /// What the project's launches of \p Kernel say about its blocks (merged over the files that
  /// launch it), for a kernel with external linkage; std::nullopt without an index or a launch.
  std::optional<KernelLaunches> lookupLaunches(const clang::FunctionDecl &Kernel) const;

private:
  std::string Path;
  std::string Problem;
  std::shared_ptr<const ProjectIndex> Index;
  std::shared_ptr<IndexLookupLog> Log;
};

} // namespace rocmtidy

#endif
