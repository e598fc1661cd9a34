#include "project/ProjectPaths.h"

#include <filesystem>
#include <mutex>
#include <unordered_map>

namespace fs = std::filesystem;

namespace rocmtidy::project {

std::string realPathOf(const std::string &Path, const std::string &WorkDir) {
  if (Path.empty())
    return Path;
  fs::path P(Path);
  if (P.is_relative() && !WorkDir.empty())
    P = fs::path(WorkDir) / P;
  std::string Key = P.string();
  static std::mutex Mu;
  static std::unordered_map<std::string, std::string> Memo;
  {
    std::lock_guard<std::mutex> L(Mu);
    auto It = Memo.find(Key);
    if (It != Memo.end())
      return It->second;
  }
  std::error_code EC;
  fs::path R = fs::weakly_canonical(P, EC);
  std::string Out = EC ? P.lexically_normal().string() : R.string();
  std::lock_guard<std::mutex> L(Mu);
  Memo.emplace(Key, Out);
  return Out;
}

std::string relativeToCwd(const std::string &Path, const std::string &Cwd) {
  if (Path.size() > Cwd.size() && Path.compare(0, Cwd.size(), Cwd) == 0 && Path[Cwd.size()] == '/')
    return Path.substr(Cwd.size() + 1);
  return Path;
}

} // namespace rocmtidy::project
