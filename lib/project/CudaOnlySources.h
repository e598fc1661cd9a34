#ifndef ROCM_TIDY_PROJECT_CUDAONLYSOURCES_H
#define ROCM_TIDY_PROJECT_CUDAONLYSOURCES_H

#include <string>
#include <vector>

namespace rocmtidy::project {

class ProjectModel;

/// Whether the project's build scripts (the CMakeLists.txt and setup.py files in the folders from
/// \p Absolute's folder up to the project root) list the source \p Absolute only in branches that
/// build the CUDA backend (if(BUILD_CUDA), if(COMPUTE_BACKEND STREQUAL "cuda"), if(NOT USE_ROCM);
/// "if CUDA_VERSION:", "if not torch.version.hip:"), never elsewhere, never with LANGUAGE HIP, and
/// no computed list (a glob or a variable path outside such a branch) may name it. On true,
/// \p Why says where ("CMakeLists.txt:244: listed only under if(BUILD_CUDA) at line 118"). When
/// unsure, false: skipping a file the HIP build compiles would hide its hazards.
/// A source that a backend scheme picked by a variable attaches only to other backends' values
/// (`register_model(std STDStream.cpp)` where the HIP build picks `hip`, BackendRegistry.h) is
/// not the HIP build's either, and answers true the same way.
/// A backend folder that the HIP build does not enter (`add_subdirectory(${BACKEND_DIR})` evaluated
/// for the HIP build, see project/CMakeEval.h) is CUDA-only too. When that evaluation cannot be
/// done, \p Undecided (optional) says why and the other rules decide.
bool cudaOnlyInBuildScripts(const ProjectModel &Model, const std::string &Absolute, std::string &Why,
                            std::string *Undecided = nullptr);

/// Why the folders of \p Absolute are entered only by the CUDA build, or "": the nearest folder with
/// a CMakeLists.txt that the scripts above it add with add_subdirectory() only in CUDA branches, and
/// whose files no other script names by path (an include folder aside). A folder a variable may
/// name decides nothing. Answers are kept per folder.
std::string cudaOnlyFolderOf(const ProjectModel &Model, const std::string &Absolute);

/// Lines of a CMake script that only a build without HIP configures: one arm of an if() chain.
struct CudaArm {
  unsigned First = 0, Last = 0; // the arm's lines, between its if/elseif/else and the next
  std::string Condition;        // as written ("if(WITH_CUDA STREQUAL "yes")")
  unsigned ConditionLine = 0;
  /// Even a ROCm build that hipifies its CUDA sources never configures this arm: its condition tests
  /// that the CUDA toolkit was found (`if(CUDAToolkit_FOUND)`), or another arm of the same if()
  /// builds HIP (its condition is the HIP build's, or it finds the hip package, enables the HIP
  /// language or links hip::), so the script itself chooses between the two backends, or the arm
  /// itself cannot be configured without the CUDA toolkit (find_package(CUDAToolkit REQUIRED),
  /// enable_language(CUDA)), or another if() of the script selects the HIP build by a switch of its
  /// own (`if(APP_USE_ROCM)`: the script chooses its backend itself, whatever another build of the
  /// project hipifies).
  bool NeverTakenByRocm = false;
};

/// The arms of the CMake script \p Text that build the CUDA backend (BuildBranch's reading, with the
/// vendor options the script declares; an arm whose condition names no vendor when it cannot
/// configure without the CUDA toolkit, and every arm with that same condition), and the rest of a script after a
/// top-level guard that returns unless CUDA is configured (`if(NOT CUDAToolkit_FOUND) return()`): an arm inside one is
/// covered by it. None when the script does not parse.
std::vector<CudaArm> cudaOnlyArms(const std::string &Text);

} // namespace rocmtidy::project

#endif
