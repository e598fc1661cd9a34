#include "ast/TargetOption.h"

#include <algorithm>

namespace rocmtidy {

TargetSelection::TargetSelection(clang::tidy::ClangTidyCheck::OptionsView &Options) {
  // Options.get() records nothing for the global key, so storeOptions writes back only what the
  // user can set per check.
  Spelling = Options.get("Targets", Options.getLocalOrGlobal("RocmTargets", DefaultGpuTargets)).str();
  Targets = parseGpuTargetList(Spelling, Unknown);
}

const GpuTarget *TargetSelection::smallestLds() const {
  const GpuTarget *Best = nullptr;
  for (const GpuTarget *T : Targets)
    if (!Best || T->LdsBytes < Best->LdsBytes)
      Best = T;
  return Best;
}

const GpuTarget *TargetSelection::smallestMaxWorkgroup() const {
  const GpuTarget *Best = nullptr;
  for (const GpuTarget *T : Targets)
    if (!Best || T->MaxWorkgroupSize < Best->MaxWorkgroupSize)
      Best = T;
  return Best;
}

const GpuTarget *TargetSelection::widestDefaultWavefront() const {
  const GpuTarget *Best = nullptr;
  for (const GpuTarget *T : Targets)
    if (!Best || T->defaultWavefront() > Best->defaultWavefront())
      Best = T;
  return Best;
}

void TargetSelection::reportUnknown(const clang::tidy::ClangTidyCheck &Check, llvm::StringRef CheckName) const {
  for (const std::string &Name : Unknown)
    Check.configurationDiag("unknown GPU target '%0' in option 'Targets' of '%1'; known targets are listed by "
                            "'rocm-lint list-targets'")
        << Name << CheckName;
}

void TargetSelection::store(clang::tidy::ClangTidyCheck::OptionsView &Options,
                            clang::tidy::ClangTidyOptions::OptionMap &Opts) const {
  Options.store(Opts, "Targets", Spelling);
}

} // namespace rocmtidy
