#ifndef ROCM_TIDY_CORE_LAUNCHAPITABLE_H
#define ROCM_TIDY_CORE_LAUNCHAPITABLE_H

// The kernel launch APIs the launch checks recognise, read once from lib/data/launch_apis.json.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rocmtidy {

/// One launch API and where its arguments stand (-1: not an argument of the call).
struct LaunchApi {
  std::string Name;
  int KernelArg = -1;
  int BlockArg = -1;
  std::vector<int> BlockDimArgs; // x, y, z as three integer arguments (hipModuleLaunchKernel)
  int ConfigArg = -1;            // a launch configuration passed by address (cudaLaunchKernelEx)
  int SharedMemArg = -1;
  unsigned MinArgs = 0;
  bool Macro = false; // also a macro that expands to a <<<>>> launch
};

struct LaunchApiTable {
  std::vector<LaunchApi> Apis;
  /// hipFuncSetAttribute and its CUDA spelling.
  std::vector<std::string> FuncSetAttribute;

  const LaunchApi *find(std::string_view Name) const;
  std::vector<std::string> names() const;
};

std::optional<LaunchApiTable> parseLaunchApiJson(std::string_view Json, std::string &Error);
/// The built-in table.
const LaunchApiTable &launchApiTable();

} // namespace rocmtidy

#endif
