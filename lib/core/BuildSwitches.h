#ifndef ROCM_TIDY_CORE_BUILDSWITCHES_H
#define ROCM_TIDY_CORE_BUILDSWITCHES_H

// The names build scripts test to choose a GPU vendor (lib/data/build_switches.json).

#include <optional>
#include <set>
#include <string>
#include <string_view>

namespace rocmtidy {

struct BuildSwitchTable {
  std::set<std::string, std::less<>> Cuda, Hip; ///< lower case
  /// The backend values a selection variable takes ("cuda"; "hip", "rocm"), lower case; optional.
  std::set<std::string, std::less<>> CudaValues, HipValues;
  /// The parts between underscores that make a project's own name a vendor switch: a switch word
  /// (enable, use) and a vendor word (cuda, nvidia; hip, rocm, amd), lower case; optional. A part of
  /// OtherWords (opencl, sycl) makes the name another programming model's switch.
  std::set<std::string, std::less<>> SwitchWords, CudaWords, HipWords, OtherWords;
  /// Other GPU makers' toolkits that compile CUDA code (musa, corex, maca), lower case; optional.
  /// Their switches (USE_MUSA) are CUDA switches for the HIP build's purpose: an arm of theirs is
  /// never a ROCm build, hipify or not.
  std::set<std::string, std::less<>> CudaCompatibleWords;
  /// What a script tests to learn that the CUDA toolkit is on the machine (cudatoolkit_found), lower
  /// case; optional.
  std::set<std::string, std::less<>> ToolkitFound;
  /// The variables hipcc reads to choose its platform (hip_platform) and the values naming each
  /// vendor's platform (nvidia; amd), lower case; optional.
  std::set<std::string, std::less<>> PlatformNames, CudaPlatformValues, HipPlatformValues;

  enum class Vendor { None, Cuda, Hip };
  /// The vendor a name (lower case) switches on by its parts: TPL_ENABLE_CUDALIB, Kokkos_ENABLE_HIP;
  /// None for a name with no switch word, no vendor word, words of both vendors, or another
  /// programming model's word.
  Vendor vendorByParts(std::string_view Name) const;
  /// The vendor a CMake target name (lower case) speaks of, by its parts split at any character but
  /// a letter or digit: an imported toolkit target (cuda::cudart, hip::device) or a backend's library
  /// (${APP_CUDA_BACKEND_LIBRARY}) exists only in that vendor's build. None for a project's other
  /// targets (torch_cuda may be built by the HIP build too) and as for vendorByParts.
  Vendor vendorOfTargetName(std::string_view Name) const;
  /// Whether a part of \p Name between characters other than letters and digits, in any case, names
  /// another programming model (OtherWords: OPENCL_INCLUDE_DIR, ${ROCM_PATH}/opencl/lib).
  bool namesOtherModel(std::string_view Name) const;
  /// Whether \p Name (lower case) is a switch of a CUDA-compatible toolkit of another GPU maker by its
  /// parts between underscores (USE_MUSA, WITH_COREX): a switch word and a CudaCompatibleWords word.
  bool switchesCudaCompatible(std::string_view Name) const;
  /// The platform hipcc builds for where the variable \p Name holds \p Value (HIP_PLATFORM and
  /// nvidia: NVIDIA, through nvcc), in any case; None for another variable or value.
  Vendor platformOf(std::string_view Name, std::string_view Value) const;
};

/// The built-in table.
const BuildSwitchTable &buildSwitchTable();

/// Parses a document in the build_switches.json format; std::nullopt and \p Error when malformed.
std::optional<BuildSwitchTable> parseBuildSwitchesJson(std::string_view Json, std::string &Error);

} // namespace rocmtidy

#endif
