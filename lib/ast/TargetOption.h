#ifndef ROCM_TIDY_AST_TARGETOPTION_H
#define ROCM_TIDY_AST_TARGETOPTION_H

#include "clang-tidy/ClangTidyCheck.h"
#include "core/GpuTargets.h"

#include <string>
#include <vector>

namespace rocmtidy {

/// The GPU targets a check reasons about: option 'Targets' of the check, else the global
/// 'RocmTargets', else "gfx90a;gfx942".
class TargetSelection {
public:
  TargetSelection() = default;
  explicit TargetSelection(clang::tidy::ClangTidyCheck::OptionsView &Options);

  const std::string &spelling() const { return Spelling; }
  const std::vector<const GpuTarget *> &targets() const { return Targets; }
  const std::vector<std::string> &unknown() const { return Unknown; }

  /// The target with the least LDS (the first such in the list); null if none selected.
  const GpuTarget *smallestLds() const;
  /// The target with the smallest workgroup limit (the first such); null if none selected.
  const GpuTarget *smallestMaxWorkgroup() const;
  /// The target whose default wavefront is widest (the first such): what a full wavefront is for
  /// every selected target; null if none selected.
  const GpuTarget *widestDefaultWavefront() const;

  /// Emits one configuration diagnostic per unknown target name. Call from registerMatchers
  /// or registerPPCallbacks so it is said once per run.
  void reportUnknown(const clang::tidy::ClangTidyCheck &Check, llvm::StringRef CheckName) const;

  void store(clang::tidy::ClangTidyCheck::OptionsView &Options, clang::tidy::ClangTidyOptions::OptionMap &Opts) const;

private:
  std::string Spelling;
  std::vector<const GpuTarget *> Targets;
  std::vector<std::string> Unknown;
};

} // namespace rocmtidy

#endif
