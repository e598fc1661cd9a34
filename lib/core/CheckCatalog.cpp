#include "core/CheckCatalog.h"
#include "core/EmbeddedData.h"

#include <map>
#include <nlohmann/json.hpp>

namespace rocmtidy {

static const nlohmann::json &catalog() {
  static const nlohmann::json J = [] {
    std::string_view Data = embeddedData("checks.json");
    return nlohmann::json::parse(Data.begin(), Data.end(), nullptr, /*allow_exceptions=*/false);
  }();
  return J;
}

std::string checkSummary(std::string_view CheckName) {
  static const std::map<std::string, std::string, std::less<>> Summaries = [] {
    std::map<std::string, std::string, std::less<>> M;
    const nlohmann::json &J = catalog();
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

CheckPasses checkPasses(std::string_view CheckName) {
  static const std::map<std::string, CheckPasses, std::less<>> Table = [] {
    std::map<std::string, CheckPasses, std::less<>> M;
    const nlohmann::json &J = catalog();
    if (!J.is_object() || !J.contains("checks") || !J["checks"].is_array())
      return M;
    for (const auto &C : J["checks"]) {
      if (!C.is_object() || !C.contains("name") || !C["name"].is_string() || !C.contains("passes") ||
          !C["passes"].is_array())
        continue;
      CheckPasses P{false, false};
      for (const auto &Pass : C["passes"]) {
        P.Host |= Pass == "host";
        P.Device |= Pass == "device";
      }
      M[C["name"].get<std::string>()] = P;
    }
    return M;
  }();
  auto It = Table.find(CheckName);
  return It == Table.end() ? CheckPasses() : It->second;
}

} // namespace rocmtidy
