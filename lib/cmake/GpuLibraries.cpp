#include "cmake/GpuLibraries.h"
#include "core/EmbeddedData.h"
#include "core/JsonTable.h"

#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>

namespace rocmtidy::cmake {

const GpuLibrary *GpuLibraryTable::lookup(std::string_view Name) const {
  for (const GpuLibrary &L : Libraries)
    if (L.Name == Name)
      return &L;
  return nullptr;
}

std::optional<GpuLibraryTable> parseGpuLibraryJson(std::string_view Json, std::string &Error) {
  std::optional<nlohmann::json> Doc = parseTableDocument(Json, "GPU library table", "libraries", Error);
  if (!Doc)
    return std::nullopt;
  GpuLibraryTable T;
  for (const auto &E : (*Doc)["libraries"]) {
    auto Str = [&](const char *Key) { return E.contains(Key) && E[Key].is_string(); };
    if (!E.is_object() || !Str("name") || !Str("package") || !Str("target")) {
      Error = "GPU library entry " + std::to_string(T.Libraries.size()) +
              " needs 'name', 'package' and 'target' (strings)";
      return std::nullopt;
    }
    GpuLibrary L;
    L.Name = E["name"].get<std::string>();
    L.Package = E["package"].get<std::string>();
    L.Target = E["target"].get<std::string>();
    if (L.Name.empty() || L.Package.empty() || L.Target.empty()) {
      Error = "GPU library entry '" + L.Name + "' has an empty field";
      return std::nullopt;
    }
    L.Fix = E.contains("fix") && E["fix"].is_boolean() && E["fix"].get<bool>();
    if (Str("note"))
      L.Note = E["note"].get<std::string>();
    if (E.contains("rocm") && E["rocm"].is_object()) {
      const auto &R = E["rocm"];
      if (!R.contains("package") || !R["package"].is_string() || !R.contains("target") || !R["target"].is_string()) {
        Error = "GPU library entry '" + L.Name + "': 'rocm' needs 'package' and 'target'";
        return std::nullopt;
      }
      L.RocmPackage = R["package"].get<std::string>();
      L.RocmTarget = R["target"].get<std::string>();
    }
    if (T.lookup(L.Name)) {
      Error = "GPU library '" + L.Name + "' is listed twice";
      return std::nullopt;
    }
    T.Libraries.push_back(std::move(L));
  }
  return T;
}

const GpuLibraryTable &gpuLibraryTable() {
  static const GpuLibraryTable Table = parseBuiltinTable("gpu_libraries.json", parseGpuLibraryJson);
  return Table;
}

} // namespace rocmtidy::cmake
