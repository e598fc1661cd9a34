//===- BuildTargets.h - The GPU targets a project's build names -----------*- C++ -*-===//
//
// Without --targets or a .rocm-lint 'targets', rocm-lint analyses for gfx90a and gfx942. A project
// built only for RDNA cards (PYTORCH_ROCM_ARCH=gfx1100 in the script that loads its extension,
// set(GPU_TARGETS gfx1100) in its CMake) runs 32-lane wavefronts by default, and wave64 findings
// about it are about a build it never makes. This reads the targets the project's own build
// scripts name (CMake, Makefiles, Python) as text, without running anything, and says where each
// was named. A build that picks its targets itself (native, rocm_agent_enumerator, an environment
// variable) names none that can be trusted; nor does one that names targets only under a
// condition the HIP build may not take, or one that compiles anything with -mwavefrontsize64
// (RDNA cards then run 64-lane wavefronts, which their names do not say).
//
//===----------------------------------------------------------------------===//

#ifndef ROCM_TIDY_PROJECT_BUILDTARGETS_H
#define ROCM_TIDY_PROJECT_BUILDTARGETS_H

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace rocmtidy::project {

class ProjectModel;

/// One place a build script names a GPU target, or leaves the choice to the build.
struct TargetMention {
  std::string Target; // "gfx1100" (a feature suffix such as ":xnack+" removed); "" for an open choice
  std::string Script; // absolute path
  unsigned Line = 0;
  std::string How;          // "PYTORCH_ROCM_ARCH", "GPU_TARGETS", "--offload-arch", why it is open ...
  bool Conditional = false; // under a condition other than the HIP build's (or its default)
  std::string Governs;      // the folder whose sources it speaks for (the script's, or an includer's)
  /// A conditional mention's own sources: those the commands of the same CMake arm name literally
  /// (absolute). One configure takes one arm, so each arm's targets are its sources' targets
  /// (`elseif(BUILD_FOR_GFX1100)` setting --offload-arch=gfx1100 and adding that card's programs).
  std::vector<std::string> ArmSources;
};

class BuildTargets {
public:
  using Reader = std::function<std::optional<std::string>(const std::string &Path)>;
  /// Reads \p Scripts (absolute paths: CMake files, Makefiles, Python files; others are ignored).
  static BuildTargets read(const std::vector<std::string> &Scripts, const Reader &Read);
  /// Reads the build scripts of \p Model's walk, leaving out folders of other builds (third_party,
  /// build, tests, docs ...). A .cmake module speaks for the nearest folder at or above its own with
  /// a CMakeLists.txt (the one that includes it, as a rule).
  static BuildTargets fromModel(const ProjectModel &Model);

  /// Every target named, and every open choice, in script order.
  const std::vector<TargetMention> &mentions() const { return Mentions; }
  /// The targets to analyse \p Source (absolute) for, from the scripts that govern a folder holding it
  /// ("gfx1100;gfx1030", each once, in the order first named), or "" when those scripts name none
  /// unconditionally, or leave the choice open anywhere. A sample project's targets are not
  /// another's. Targets named in a CMake arm that also names \p Source are its own, conditional or
  /// not.
  std::string targetsFor(const std::string &Source) const;
  /// The mention that decided targetsFor(\p Source) (the first unconditional one), or the open
  /// choice that kept it empty; null when there is neither.
  const TargetMention *decisiveFor(const std::string &Source) const;

private:
  std::vector<TargetMention> Mentions;
};

} // namespace rocmtidy::project

#endif
