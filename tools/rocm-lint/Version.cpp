#include "Version.h"

#include "core/EmbeddedData.h"

#include "llvm/Config/llvm-config.h"

namespace rocmlint {

const char *toolVersion() { return ROCM_TIDY_VERSION; }

// The version of the headers this file is compiled against; CMake links the libraries of the same
// LLVM package, and the plugin must be loaded by a clang-tidy of the same major version.
const char *llvmVersion() { return LLVM_VERSION_STRING; }

std::string versionText() {
  std::string Out = std::string("rocm-lint ") + toolVersion() + "\n";
  Out += std::string("built with LLVM ") + llvmVersion() + " (the plugin loads into clang-tidy " +
         std::to_string(LLVM_VERSION_MAJOR) + ")\n";
  Out += "data tables (SHA-256 prefix):\n";
  for (const auto &[Name, Digest] : rocmtidy::embeddedDataDigests())
    Out += "  " + std::string(Name) + " " + std::string(Digest) + "\n";
  return Out;
}

nlohmann::json buildInfoJson() {
  nlohmann::json Data = nlohmann::json::object();
  for (const auto &[Name, Digest] : rocmtidy::embeddedDataDigests())
    Data[std::string(Name)] = std::string(Digest);
  return {{"llvm", llvmVersion()}, {"data", Data}};
}

} // namespace rocmlint
