#ifndef ROCM_TIDY_CORE_CHECKCATALOG_H
#define ROCM_TIDY_CORE_CHECKCATALOG_H

#include <string>
#include <string_view>

namespace rocmtidy {

/// The one-sentence summary of a check from lib/data/checks.json ("" if it has none). The same
/// sentence is the check's header comment, the first line of its doc page and its README row.
std::string checkSummary(std::string_view CheckName);

/// Which parses of a HIP file a check reads (lib/data/checks.json, 'passes'): the host pass, the
/// device pass, both, or neither (a build-script rule). A check the table does not name reads both.
struct CheckPasses {
  bool Host = true;
  bool Device = true;
};
CheckPasses checkPasses(std::string_view CheckName);

} // namespace rocmtidy

#endif
