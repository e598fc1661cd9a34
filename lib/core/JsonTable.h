#ifndef ROCM_TIDY_CORE_JSONTABLE_H
#define ROCM_TIDY_CORE_JSONTABLE_H

// What the readers of the lib/data tables share.

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rocmtidy {

/// \p Json as a table document: a JSON object whose member \p Key is an array (or, with
/// \p KeyIsObject, an object). Otherwise std::nullopt and \p Error, which names the table (\p What).
inline std::optional<nlohmann::json> parseTableDocument(std::string_view Json, std::string_view What, const char *Key,
                                                        std::string &Error, bool KeyIsObject = false) {
  nlohmann::json Doc = nlohmann::json::parse(Json.begin(), Json.end(), nullptr, /*allow_exceptions=*/false);
  if (Doc.is_discarded() || !Doc.is_object() || !Doc.contains(Key) ||
      (KeyIsObject ? !Doc[Key].is_object() : !Doc[Key].is_array())) {
    Error = std::string(What) + " is not a JSON object with a '" + Key + "' " + (KeyIsObject ? "object" : "array");
    return std::nullopt;
  }
  return Doc;
}

/// \p J as a list of strings; false (and \p Out untouched) when it is not an array of strings.
inline bool readStringArray(const nlohmann::json &J, std::vector<std::string> &Out) {
  if (!J.is_array())
    return false;
  for (const auto &E : J)
    if (!E.is_string())
      return false;
  Out = J.get<std::vector<std::string>>();
  return true;
}

} // namespace rocmtidy

#endif
