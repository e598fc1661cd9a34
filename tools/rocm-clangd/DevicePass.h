#ifndef ROCM_TIDY_TOOLS_ROCM_CLANGD_DEVICEPASS_H
#define ROCM_TIDY_TOOLS_ROCM_CLANGD_DEVICEPASS_H

// clangd parses a HIP file once, for the host. Code only the device compile sees (under
// __HIP_DEVICE_COMPILE__ or __CUDA_ARCH__) never reaches the rocm-* checks there. rocm-clangd
// keeps the last compile command of each file (CommandFilter.cpp, which sees every one) so that
// DevicePassCheck.cpp can parse the file's device side too and publish what the checks find in
// the regions the host parse skipped. DeviceCommand.cpp holds these commands.
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace clang::tidy {
struct ClangTidyOptions;
} // namespace clang::tidy

namespace rocmclangd {

constexpr llvm::StringLiteral DevicePassName = "rocm-clangd-device-pass";

void rememberCommand(const std::string &File, const std::vector<std::string> &Argv);
std::optional<std::vector<std::string>> rememberedCommand(const std::string &File);

// The device compile of a host command: --cuda-device-only in place of any host-only switch.
std::vector<std::string> deviceCommand(const std::vector<std::string> &Argv);

// What a device parse's findings depend on besides the text and the files it read: its command,
// the checks and their options.
std::string runKey(const std::vector<std::string> &DeviceArgv, const clang::tidy::ClangTidyOptions &Opts);

} // namespace rocmclangd

#endif
