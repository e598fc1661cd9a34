#ifndef ROCM_TIDY_CORE_LAUNCHLIMITS_H
#define ROCM_TIDY_CORE_LAUNCHLIMITS_H

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace rocmtidy {

/// Grid limits of a kernel launch, read from the "launch_limits" object of
/// lib/data/gpu_targets.json. HIP counts a grid dimension in work-items (blocks x threads), CUDA in
/// blocks, so a launch can be legal on one and rejected by the other.
struct LaunchLimits {
  uint64_t HipMaxWorkItemsPerDimension = 0;
  std::array<uint64_t, 3> HipReportedMaxGridSize{};
  std::array<uint64_t, 3> CudaMaxGridBlocks{};
};

const LaunchLimits &launchLimits();

/// Parses a document in the gpu_targets.json format; std::nullopt with \p Error when the
/// "launch_limits" object is missing or malformed.
std::optional<LaunchLimits> parseLaunchLimitsJson(std::string_view Json, std::string &Error);

} // namespace rocmtidy

#endif
