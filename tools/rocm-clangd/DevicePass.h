#ifndef ROCM_TIDY_TOOLS_ROCM_CLANGD_DEVICEPASS_H
#define ROCM_TIDY_TOOLS_ROCM_CLANGD_DEVICEPASS_H

// clangd parses a HIP file once, for the host. Code only the device compile sees (under
// __HIP_DEVICE_COMPILE__ or __CUDA_ARCH__) never reaches the rocm-* checks there. rocm-clangd
// keeps the last compile command of each file (CommandFilter.cpp, which sees every one) so that
// DevicePassCheck.cpp can parse the file's device side too and publish what the checks find in
// the regions the host parse skipped.
#include <optional>
#include <string>
#include <vector>

namespace rocmclangd {

void rememberCommand(const std::string &File, const std::vector<std::string> &Argv);
std::optional<std::vector<std::string>> rememberedCommand(const std::string &File);

} // namespace rocmclangd

#endif
