#include "core/CheckCatalog.h"
#include "core/EmbeddedData.h"

#include <map>
#include <nlohmann/json.hpp>

namespace rocmtidy {

std::string checkSummary(std::string_view CheckName) {
  static const std::map<std::string, std::string, std::less<>> Summaries = [] {
    std::map<std::string, std::string, std::less<>> M;
    std::string_view Data = embeddedData("checks.json");
    nlohmann::json J = nlohmann::json::parse(Data.begin(), Data.end(), nullptr, /*allow_exceptions=*/false);
    if (J.is_object() && J.contains("checks") && J["checks"].is_array())
      for (const auto &C : J["checks"])
        if (C.is_object() && C.contains("name") && C["name"].is_string() && C.contains("summary") &&
            C["summary"].is_string())
          M[C["name"].get<std::string>()] = C["summary"].get<std::string>();
    return M;
  }();
  auto It = Summaries.find(CheckName);
  return It == Summaries.end() ? std::string() : It->second;
}

} // namespace rocmtidy
