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
};

/// The built-in table.
const BuildSwitchTable &buildSwitchTable();

/// Parses a document in the build_switches.json format; std::nullopt and \p Error when malformed.
std::optional<BuildSwitchTable> parseBuildSwitchesJson(std::string_view Json, std::string &Error);

} // namespace rocmtidy

#endif
