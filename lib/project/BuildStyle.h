#ifndef ROCM_TIDY_PROJECT_BUILDSTYLE_H
#define ROCM_TIDY_PROJECT_BUILDSTYLE_H

#include <string>
#include <vector>

namespace rocmtidy::project {

class ProjectModel;

/// How a project reaches ROCm. It decides what a finding is: under hipify at build time the CUDA
/// spelling is the source of truth (a CUDA header is not a porting hazard, the build rewrites it),
/// while wavefront, launch, LDS and leak hazards are the same in every style.
enum class BuildStyle {
  SingleSource, // sources compiled as HIP directly, with platform #ifdefs (CMake HIP language, hipcc)
  Hipify,       // CUDA sources rewritten at build time (PyTorch cpp_extension, hipify-perl/-clang steps)
  HipOnly,      // HIP sources, no CUDA build
};

struct BuildStyleDecision {
  BuildStyle Style = BuildStyle::SingleSource;
  std::string Reason; // "setup.py builds a torch.utils.cpp_extension CUDAExtension"
  std::string Root;   // the project folder the evidence came from ("" if none was found)
};

/// The spelling used in .rocm-lint ("single-source", "hipify", "hip-only").
const char *buildStyleName(BuildStyle S);
/// Parses a .rocm-lint 'build-style' value; false for an unknown one.
bool parseBuildStyle(const std::string &Value, BuildStyle &Out);

/// What the build-style probe is told about the run.
struct BuildStyleQuery {
  std::vector<std::string> Paths;  // the inputs as given (none: the working directory)
  std::string BuildDir;            // -p ("" = none)
  std::string ConfiguredStyle;     // .rocm-lint's 'build-style' ("" = detect)
  std::string ConfigDir;           // the folder of that .rocm-lint
  std::vector<std::string> Inputs; // absolute paths of the input files
};

/// Looks at the project around the inputs, through \p Model's one walk: setup.py/pyproject.toml,
/// CMake files, the compile database (-p), the kinds of sources. .rocm-lint's 'build-style' wins.
BuildStyleDecision detectBuildStyle(const ProjectModel &Model, const BuildStyleQuery &Query);

/// Whether any of the CMake scripts among \p Paths (absolute; other build scripts are ignored)
/// enables or uses HIP: rocm-cmake-legacy-cuda only fires in such projects.
bool anyCMakeScriptBuildsHip(const ProjectModel &Model, const std::vector<std::string> &Paths);

/// Whether the style makes \p Check's findings noise: rocm-cuda-header under hipify.
bool quietUnderBuildStyle(BuildStyle S, const std::string &Check);

} // namespace rocmtidy::project

#endif
