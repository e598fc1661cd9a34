#ifndef ROCM_TIDY_CORE_JSONTABLE_H
#define ROCM_TIDY_CORE_JSONTABLE_H

// What the readers of the lib/data tables share.

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace rocmtidy {

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
