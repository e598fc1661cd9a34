#include "core/LaunchApiTable.h"
#include "core/EmbeddedData.h"
#include "core/JsonTable.h"

namespace rocmtidy {

const LaunchApi *LaunchApiTable::find(std::string_view Name) const {
  for (const LaunchApi &A : Apis)
    if (A.Name == Name)
      return &A;
  return nullptr;
}

std::vector<std::string> LaunchApiTable::names() const {
  std::vector<std::string> Names;
  for (const LaunchApi &A : Apis)
    Names.push_back(A.Name);
  return Names;
}

std::optional<LaunchApiTable> parseLaunchApiJson(std::string_view Json, std::string &Error) {
  nlohmann::json Doc = nlohmann::json::parse(Json.begin(), Json.end(), nullptr, /*allow_exceptions=*/false);
  if (Doc.is_discarded() || !Doc.is_object() || !Doc.contains("launch_apis") || !Doc["launch_apis"].is_array() ||
      !Doc.contains("func_set_attribute") || !Doc["func_set_attribute"].is_array()) {
    Error = "launch API table is not a JSON object with 'launch_apis' and 'func_set_attribute' arrays";
    return std::nullopt;
  }
  LaunchApiTable T;
  for (const auto &E : Doc["launch_apis"]) {
    LaunchApi A;
    auto position = [&](const char *Key, int &Out) {
      if (!E.contains(Key))
        return true;
      if (!E[Key].is_number_integer() || E[Key].get<int>() < 0)
        return false;
      Out = E[Key].get<int>();
      return true;
    };
    if (!E.is_object() || !E.contains("name") || !E["name"].is_string() || !E.contains("min_args") ||
        !E["min_args"].is_number_unsigned() || !position("kernel_arg", A.KernelArg) ||
        !position("block_arg", A.BlockArg) || !position("config_arg", A.ConfigArg) ||
        !position("shared_mem_arg", A.SharedMemArg)) {
      Error = "launch API entry " + std::to_string(T.Apis.size()) +
              " needs a 'name', a 'min_args' count and non-negative integer argument positions";
      return std::nullopt;
    }
    A.Name = E["name"].get<std::string>();
    A.MinArgs = E["min_args"].get<unsigned>();
    A.Macro = E.value("macro", false);
    if (E.contains("block_dim_args")) {
      const auto &D = E["block_dim_args"];
      if (!D.is_array() || D.size() != 3 || !D[0].is_number_unsigned() || !D[1].is_number_unsigned() ||
          !D[2].is_number_unsigned()) {
        Error = "launch API '" + A.Name + "': 'block_dim_args' needs three argument positions";
        return std::nullopt;
      }
      A.BlockDimArgs = D.get<std::vector<int>>();
    }
    if (A.BlockArg < 0 && A.BlockDimArgs.empty() && A.ConfigArg < 0) {
      Error = "launch API '" + A.Name + "' names no block size argument";
      return std::nullopt;
    }
    T.Apis.push_back(std::move(A));
  }
  if (!readStringArray(Doc["func_set_attribute"], T.FuncSetAttribute)) {
    Error = "'func_set_attribute' needs names";
    return std::nullopt;
  }
  return T;
}

const LaunchApiTable &launchApiTable() {
  static const LaunchApiTable Table = parseBuiltinTable("launch_apis.json", parseLaunchApiJson);
  return Table;
}

} // namespace rocmtidy
