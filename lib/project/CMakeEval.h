//===- CMakeEval.h - Variables of the HIP build, read from CMake scripts ---*- C++ -*-===//
//
// Some projects pick a backend folder through a variable (`add_subdirectory(${BACKEND_DIR})`, the
// variable derived from a cache option whose values name cuda, hip or openmp). Which folder the
// HIP build enters is then decided by evaluating the scripts for that build: the backend option
// set to the value its own `if(OPTION STREQUAL ...)` tests compare with a HIP value, then set(),
// option(), list(APPEND) and the string() forms that compute names (TOLOWER, TOUPPER, REPLACE, a
// literal REGEX REPLACE) run in order, and if() blocks whose condition is decidable take their
// branch. Anything else leaves the variables it could change unknown: nothing is guessed.
//
//===----------------------------------------------------------------------===//

#ifndef ROCM_TIDY_PROJECT_CMAKEEVAL_H
#define ROCM_TIDY_PROJECT_CMAKEEVAL_H

#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace rocmtidy::project {

/// Which folder the build enters at an `add_subdirectory(${VAR})`.
struct SubdirectoryChoice {
  enum KindT {
    NoVariablePick, // the parent names the folder literally, or picks no folder through a variable
    Entered,        // the HIP build enters the folder
    CudaOnly,       // the CUDA build enters it and the HIP build enters another one
    Undecided,      // the variable's value in the HIP build cannot be read from the scripts
  } Kind = NoVariablePick;
  std::string Why; // "src/CMakeLists.txt:161: add_subdirectory(${BACKEND_DIR}) is 'hip' in the HIP build"
};

/// Evaluates \p Chain (CMakeLists.txt paths from the project top down to the one in the parent of
/// \p ChildDir, each read with \p Read) and says whether the HIP build enters \p ChildDir.
SubdirectoryChoice backendSubdirectory(const std::vector<std::string> &Chain, const std::string &ChildDir,
                                       const std::function<std::optional<std::string>(const std::string &)> &Read);

/// A header that configure_file() generates, as the HIP build would generate it.
struct ConfiguredFile {
  std::string Output;   // absolute, below the BinaryTop given
  std::string Template; // the .in file, absolute
  std::string Text;
  std::string Script; // the script and line of the configure_file() call
  unsigned Line = 0;
  /// Template lines left out, each with why (a variable not decided for the HIP build).
  std::vector<std::pair<unsigned, std::string>> Dropped;
};

/// Evaluates \p Chain (CMakeLists.txt paths from the project top down to the script whose
/// configure_file() calls are wanted, the last) for the HIP build, with CMAKE_BINARY_DIR at
/// \p BinaryTop, and generates each file that script configures from a template inside the
/// project into the build folder. #cmakedefine, #cmakedefine01, @VAR@ and ${VAR} (unless @ONLY)
/// are applied; a line whose variable is not decided is left out. A configure_file() of a project
/// .cmake file that script include()s counts as its own (RAJA's cmake/SetupRajaConfig.cmake).
std::vector<ConfiguredFile> configureForHip(const std::vector<std::string> &Chain, const std::string &BinaryTop,
                                            const std::function<std::optional<std::string>(const std::string &)> &Read);

} // namespace rocmtidy::project

#endif
