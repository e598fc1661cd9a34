#ifndef ROCM_TIDY_TOOLS_ROCM_LINT_VERSION_H
#define ROCM_TIDY_TOOLS_ROCM_LINT_VERSION_H

#include <nlohmann/json.hpp>
#include <string>

namespace rocmlint {

/// rocm-lint's own version (the CMake project version).
const char *toolVersion();

/// The full version of the LLVM whose libraries rocm-lint was built with, such as "19.1.7".
const char *llvmVersion();

/// The `--version` text: tool, LLVM and one line per built-in data table with its digest.
std::string versionText();

/// {"llvm": "...", "data": {"<table>": "<digest>", ...}}: what the JSON and SARIF reports carry
/// next to the tool version, so a report says which build and tables produced it.
nlohmann::json buildInfoJson();

} // namespace rocmlint

#endif
