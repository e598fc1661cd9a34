#include "core/DeviceTypes.h"
#include "core/EmbeddedData.h"
#include "core/JsonTable.h"

#include <nlohmann/json.hpp>

namespace rocmtidy {

using SizeTable = std::map<std::string, uint64_t, std::less<>>;

std::optional<SizeTable> parseDeviceTypesJson(std::string_view Json, std::string &Error) {
  std::optional<nlohmann::json> Doc =
      parseTableDocument(Json, "device type table", "sizes", Error, /*KeyIsObject=*/true);
  if (!Doc)
    return std::nullopt;
  SizeTable Sizes;
  for (const auto &[Name, Bytes] : (*Doc)["sizes"].items()) {
    // A size of zero would make every array of the type free.
    if (!Bytes.is_number_unsigned() || Bytes.get<uint64_t>() == 0) {
      Error = "size of '" + Name + "' is not a positive whole number of bytes";
      return std::nullopt;
    }
    Sizes.emplace(Name, Bytes.get<uint64_t>());
  }
  return Sizes;
}

std::optional<uint64_t> deviceTypeSize(std::string_view Type) {
  static const SizeTable Sizes = parseBuiltinTable("device_types.json", parseDeviceTypesJson);
  auto It = Sizes.find(Type);
  if (It == Sizes.end())
    return std::nullopt;
  return It->second;
}

} // namespace rocmtidy
