#ifndef ROCM_TIDY_CORE_DEVICETYPES_H
#define ROCM_TIDY_CORE_DEVICETYPES_H

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace rocmtidy {

/// Bytes of a scalar or vector type as spelled in device code ("float4", "unsigned int");
/// std::nullopt for a type lib/data/device_types.json does not list.
std::optional<uint64_t> deviceTypeSize(std::string_view Type);

/// Parses a document in the device_types.json format; std::nullopt and \p Error when malformed.
std::optional<std::map<std::string, uint64_t, std::less<>>> parseDeviceTypesJson(std::string_view Json,
                                                                                 std::string &Error);

} // namespace rocmtidy

#endif
