#ifndef ROCM_TIDY_CORE_CHECKCATALOG_H
#define ROCM_TIDY_CORE_CHECKCATALOG_H

#include <string>
#include <string_view>

namespace rocmtidy {

/// The one-sentence summary of a check from lib/data/checks.json ("" if it has none). The same
/// sentence is the check's header comment, the first line of its doc page and its README row.
std::string checkSummary(std::string_view CheckName);

} // namespace rocmtidy

#endif
