// Path handling shared by the input walk, the configuration and the analysis.
#include "ProjectPaths.h"

#include <filesystem>
#include <mutex>
#include <unordered_map>

namespace fs = std::filesystem;

namespace rocmlint {

namespace {

// Options whose value is a path, spelled "-Ivalue", "-I value" or (long forms) "--opt=value".
struct PathOption {
  const char *Name;
  bool Joined;   // "-Ifoo"
  bool Separate; // "-I" "foo"
};

constexpr PathOption PathOptions[] = {
    {"-I", true, true},          {"-isystem", true, true},  {"-iquote", true, true},
    {"-idirafter", true, true},  {"-include", true, true},  {"-imacros", true, true},
    {"-F", true, true},          {"-iwithprefix", true, true},
    {"--include-directory=", true, false}, {"--include-directory", false, true},
    {"--sysroot=", true, false}, {"--sysroot", false, true}, {"-isysroot", true, true},
    {"--cuda-path=", true, false}, {"--rocm-path=", true, false},
    {"--hip-path=", true, false},
};

std::string absolute(const std::string &Value, const std::string &BaseDir) {
  // "=dir" is relative to the sysroot, not to a directory of ours.
  if (Value.empty() || Value[0] == '=' || fs::path(Value).is_absolute())
    return Value;
  return (fs::path(BaseDir) / Value).lexically_normal().string();
}

} // namespace

void absolutizePathArguments(std::vector<std::string> &Args, const std::string &BaseDir) {
  for (size_t I = 0; I < Args.size(); ++I) {
    std::string &A = Args[I];
    for (const PathOption &O : PathOptions) {
      const std::string Name = O.Name;
      if (A == Name && O.Separate) {
        if (I + 1 < Args.size()) {
          Args[I + 1] = absolute(Args[I + 1], BaseDir);
          ++I;
        }
        break;
      }
      if (O.Joined && A.size() > Name.size() && A.compare(0, Name.size(), Name) == 0) {
        // "-include" must not be read as "-I" + "nclude".
        bool Longer = false;
        for (const PathOption &Other : PathOptions)
          if (std::string(Other.Name).size() > Name.size() && A.rfind(Other.Name, 0) == 0)
            Longer = true;
        if (Longer)
          continue;
        A = Name + absolute(A.substr(Name.size()), BaseDir);
        break;
      }
    }
  }
}

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

} // namespace rocmlint
