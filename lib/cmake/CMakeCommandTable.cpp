#include "cmake/CMakeCommandTable.h"
#include "core/EmbeddedData.h"
#include "core/JsonTable.h"

namespace rocmtidy::cmake {

std::optional<CMakeCommandTable> parseCMakeCommandJson(std::string_view Json, std::string &Error) {
  nlohmann::json Doc = nlohmann::json::parse(Json.begin(), Json.end(), nullptr, /*allow_exceptions=*/false);
  CMakeCommandTable T;
  std::vector<std::string> Keywords;
  if (Doc.is_discarded() || !Doc.is_object() || !Doc.contains("findcuda_commands") ||
      !Doc["findcuda_commands"].is_object() || !Doc.contains("link_item_keywords") ||
      !readStringArray(Doc["link_item_keywords"], Keywords) || !Doc.contains("path_variable_suffixes") ||
      !readStringArray(Doc["path_variable_suffixes"], T.PathVariableSuffixes)) {
    Error = "CMake command table needs a 'findcuda_commands' object and 'link_item_keywords' and "
            "'path_variable_suffixes' string arrays";
    return std::nullopt;
  }
  T.LinkItemKeywords.insert(Keywords.begin(), Keywords.end());
  for (const auto &[Name, Replacement] : Doc["findcuda_commands"].items()) {
    if (!Replacement.is_string()) {
      Error = "findcuda_commands: '" + Name + "' needs a replacement string (\"\" for none)";
      return std::nullopt;
    }
    T.FindCudaCommands.emplace(Name, Replacement.get<std::string>());
  }
  return T;
}

const CMakeCommandTable &cmakeCommandTable() {
  static const CMakeCommandTable Table = parseBuiltinTable("cmake_commands.json", parseCMakeCommandJson);
  return Table;
}

} // namespace rocmtidy::cmake
