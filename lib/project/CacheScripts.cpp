#include "project/CacheScripts.h"

#include "cmake/CMakeParser.h"
#include "core/StringUtil.h"
#include "project/ProjectModel.h"

#include <filesystem>

namespace fs = std::filesystem;

namespace rocmtidy::project {

namespace {

bool isCMakeName(const std::string &Name) { return Name == "CMakeLists.txt" || fs::path(Name).extension() == ".cmake"; }

/// Commands an initial-cache file is written with; anything else (project(), targets, searches,
/// loops, functions) belongs to a script that configures the project.
bool cacheCommand(const std::string &Lower) {
  static const std::set<std::string> Allowed = {"set",       "unset", "if",      "elseif",
                                                "else",      "endif", "message", "include",
                                                "string",    "list",  "option",  "get_filename_component",
                                                "cmake_path"};
  return Allowed.count(Lower) != 0;
}

std::optional<cmake::ParsedFile> parsed(const std::string &Text) {
  cmake::ParsedFile F;
  cmake::ParseError E;
  if (!cmake::parseCMake(Text, F, E))
    return std::nullopt;
  return F;
}

} // namespace

unsigned cacheShapedLine(const std::string &Text) {
  if (Text.find("CACHE") == std::string::npos)
    return 0;
  std::optional<cmake::ParsedFile> F = parsed(Text);
  if (!F)
    return 0;
  unsigned First = 0;
  for (const cmake::Command &C : F->Commands) {
    if (!cacheCommand(C.LowerName))
      return 0;
    if (C.LowerName != "set" || First)
      continue;
    for (size_t I = 1; I < C.Args.size(); ++I)
      if (C.Args[I].Kind == cmake::Argument::Unquoted && C.Args[I].Value == "CACHE")
        First = C.Line;
  }
  return First;
}

std::set<std::string> loadedFileNames(const std::string &Text) {
  std::set<std::string> Out;
  if (Text.find("include") == std::string::npos && Text.find("find_package") == std::string::npos &&
      Text.find("INCLUDE") == std::string::npos && Text.find("FIND_PACKAGE") == std::string::npos)
    return Out;
  std::optional<cmake::ParsedFile> F = parsed(Text);
  if (!F)
    return Out;
  for (const cmake::Command &C : F->Commands) {
    if (C.Args.empty())
      continue;
    const std::string &First = C.Args[0].Value;
    if (C.LowerName == "include") {
      std::string Name = First.substr(First.find_last_of('/') == std::string::npos ? 0 : First.find_last_of('/') + 1);
      if (Name.empty() || Name.find('$') != std::string::npos)
        continue;
      Out.insert(First.find('/') == std::string::npos && fs::path(Name).extension() != ".cmake" ? Name + ".cmake"
                                                                                                : Name);
    } else if (C.LowerName == "find_package" && First.find('$') == std::string::npos) {
      Out.insert("Find" + First + ".cmake");
      Out.insert(First + "Config.cmake");
      Out.insert(asciiLower(First) + "-config.cmake");
    }
  }
  return Out;
}

CacheScripts CacheScripts::of(const ProjectModel &Model,
                              const std::function<std::optional<std::string>(const std::string &)> &Read) {
  CacheScripts Out;
  std::set<std::string> Loaded;
  for (const WalkedFile &W : Model.files()) {
    std::string Name = fs::path(W.Path).filename().string();
    if (!isCMakeName(Name))
      continue;
    std::optional<std::string> Text = Read(W.Path);
    if (!Text)
      continue;
    unsigned Line = Name == "CMakeLists.txt" ? 0 : cacheShapedLine(*Text);
    if (Line) {
      Out.Files[W.Path] = Line;
      continue;
    }
    // Only a script that configures the project makes a file it loads part of the build: host
    // configs that include a shared base file are still one machine's settings.
    for (std::string N : loadedFileNames(*Text))
      Loaded.insert(std::move(N));
  }
  for (auto It = Out.Files.begin(); It != Out.Files.end();)
    It = Loaded.count(fs::path(It->first).filename().string()) ? Out.Files.erase(It) : std::next(It);
  return Out;
}

std::string CacheScripts::why(const std::string &Absolute) const {
  auto It = Files.find(fs::path(Absolute).lexically_normal().string());
  if (It == Files.end())
    return "";
  return "a host's initial cache for 'cmake -C' (set(... CACHE) at line " + std::to_string(It->second) +
         ", only cache commands, loaded by no project script): machine paths belong there";
}

} // namespace rocmtidy::project
