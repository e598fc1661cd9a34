#include "core/LaunchLimits.h"
#include "core/EmbeddedData.h"

#include <nlohmann/json.hpp>

namespace rocmtidy {

std::optional<LaunchLimits> parseLaunchLimitsJson(std::string_view Json, std::string &Error) {
  nlohmann::json Doc = nlohmann::json::parse(Json.begin(), Json.end(), nullptr, /*allow_exceptions=*/false);
  if (!Doc.is_object() || !Doc.contains("launch_limits") || !Doc["launch_limits"].is_object()) {
    Error = "missing object 'launch_limits'";
    return std::nullopt;
  }
  const nlohmann::json &L = Doc["launch_limits"];
  LaunchLimits Out;
  auto positive = [&](const nlohmann::json &V) { return V.is_number_unsigned() && V.get<uint64_t>() > 0; };
  auto triple = [&](const char *Key, std::array<uint64_t, 3> &Into) {
    auto It = L.find(Key);
    if (It == L.end() || !It->is_array() || It->size() != 3) {
      Error = std::string("launch_limits: '") + Key + "' must be an array of three positive integers";
      return false;
    }
    for (unsigned I = 0; I < 3; ++I) {
      if (!positive((*It)[I])) {
        Error = std::string("launch_limits: '") + Key + "' must be an array of three positive integers";
        return false;
      }
      Into[I] = (*It)[I].get<uint64_t>();
    }
    return true;
  };
  auto It = L.find("hip_max_work_items_per_dimension");
  if (It == L.end() || !positive(*It)) {
    Error = "launch_limits: 'hip_max_work_items_per_dimension' must be a positive integer";
    return std::nullopt;
  }
  Out.HipMaxWorkItemsPerDimension = It->get<uint64_t>();
  if (!triple("hip_reported_max_grid_size", Out.HipReportedMaxGridSize) ||
      !triple("cuda_max_grid_blocks", Out.CudaMaxGridBlocks))
    return std::nullopt;
  return Out;
}

const LaunchLimits &launchLimits() {
  static const LaunchLimits Table = parseBuiltinTable("gpu_targets.json", parseLaunchLimitsJson);
  return Table;
}

} // namespace rocmtidy
