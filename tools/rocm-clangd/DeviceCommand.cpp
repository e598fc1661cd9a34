// The compile commands of the device parse (DevicePass.h).
#include "DevicePass.h"

#include "clang-tidy/ClangTidyOptions.h"

#include <algorithm>
#include <map>
#include <mutex>

namespace rocmclangd {

namespace {
std::mutex CommandsLock;
std::map<std::string, std::vector<std::string>> &commands() {
  static std::map<std::string, std::vector<std::string>> Commands;
  return Commands;
}
} // namespace

void rememberCommand(const std::string &File, const std::vector<std::string> &Argv) {
  std::lock_guard<std::mutex> Guard(CommandsLock);
  commands()[File] = Argv;
}

std::optional<std::vector<std::string>> rememberedCommand(const std::string &File) {
  std::lock_guard<std::mutex> Guard(CommandsLock);
  auto It = commands().find(File);
  if (It == commands().end())
    return std::nullopt;
  return It->second;
}

std::vector<std::string> deviceCommand(const std::vector<std::string> &Argv) {
  std::vector<std::string> DeviceArgv;
  for (const std::string &A : Argv)
    if (A != "--cuda-host-only" && A != "--offload-host-only")
      DeviceArgv.push_back(A);
  DeviceArgv.insert(DeviceArgv.begin() + 1, "--cuda-device-only");
  return DeviceArgv;
}

std::string runKey(const std::vector<std::string> &DeviceArgv, const clang::tidy::ClangTidyOptions &Opts) {
  std::string Key;
  for (const std::string &A : DeviceArgv)
    Key += A + '\0';
  Key += '\1' + Opts.Checks.value_or("") + '\1';
  std::vector<std::string> CheckOptions;
  for (const auto &O : Opts.CheckOptions)
    CheckOptions.push_back(O.getKey().str() + '=' + O.getValue().Value);
  std::sort(CheckOptions.begin(), CheckOptions.end());
  for (const std::string &O : CheckOptions)
    Key += O + '\0';
  return Key;
}

} // namespace rocmclangd
