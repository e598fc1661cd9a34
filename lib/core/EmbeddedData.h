#ifndef ROCM_TIDY_CORE_EMBEDDEDDATA_H
#define ROCM_TIDY_CORE_EMBEDDEDDATA_H

#include <string_view>

namespace rocmtidy {

/// Contents of lib/data/<Name> as compiled into the binary; empty if there is no such file.
std::string_view embeddedData(std::string_view Name);

} // namespace rocmtidy

#endif
