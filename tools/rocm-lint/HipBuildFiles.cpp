#include "HipBuildFiles.h"
#include "FileBytes.h"

#include "ProjectPaths.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

namespace fs = std::filesystem;

namespace rocmlint {

namespace {

struct Database {
  bool Hip = false;            // some entry compiles as HIP
  std::set<std::string> Files; // real paths of the entries
};

bool compilesAsHip(const std::string &Command) {
  static const std::regex Re("hipcc|(^|\\s)-x\\s*hip(\\s|$)|--offload-arch=|-xhip|(^|\\s)--amdgpu-target=");
  return std::regex_search(Command, Re);
}

Database readDatabase(const fs::path &File) {
  Database Db;
  nlohmann::json J =
      nlohmann::json::parse(readFileBytes(File.string()).value_or(std::string()), nullptr, /*allow_exceptions=*/false);
  if (!J.is_array())
    return Db; // the analysis reports a broken database itself
  for (const auto &E : J) {
    if (!E.is_object() || !E.contains("file") || !E["file"].is_string())
      continue;
    std::string Dir = E.value("directory", File.parent_path().string());
    std::string Cmd;
    if (E.contains("command") && E["command"].is_string())
      Cmd = E["command"].get<std::string>();
    else if (E.contains("arguments") && E["arguments"].is_array())
      for (const auto &A : E["arguments"])
        if (A.is_string())
          Cmd += A.get<std::string>() + " ";
    std::string F = E["file"].get<std::string>();
    Db.Hip |= compilesAsHip(Cmd) || fs::path(F).extension() == ".hip";
    Db.Files.insert(realPathOf(F, Dir));
  }
  return Db;
}

bool isHeader(const std::string &Path) {
  std::string Ext = fs::path(Path).extension().string();
  return Ext == ".h" || Ext == ".hpp" || Ext == ".hh" || Ext == ".hxx" || Ext == ".cuh" || Ext == ".inl";
}

} // namespace

void dropFilesOutsideHipBuild(const Options &Opts, std::vector<InputFile> &Files, std::vector<std::string> &Skipped) {
  std::map<std::string, std::shared_ptr<Database>> ByPath;
  auto load = [&](const fs::path &P) {
    auto It = ByPath.find(P.string());
    if (It == ByPath.end())
      It = ByPath.emplace(P.string(), std::make_shared<Database>(readDatabase(P))).first;
    return It->second;
  };
  std::map<std::string, std::pair<std::shared_ptr<Database>, std::string>> ByDir;
  std::vector<InputFile> Kept;
  for (InputFile &F : Files) {
    // Only CUDA-spelled sources can be CUDA-only: a .hip or .cpp file missing from the database is
    // more likely new than excluded, and is linted with an inferred command.
    if (F.IsCMake || isHeader(F.Absolute) || fs::path(F.Absolute).extension() != ".cu") {
      Kept.push_back(std::move(F));
      continue;
    }
    std::string Dir = fs::path(F.Absolute).parent_path().string();
    auto Found = ByDir.find(Dir);
    if (Found == ByDir.end()) {
      std::pair<std::shared_ptr<Database>, std::string> Db;
      std::error_code EC;
      if (!Opts.BuildDir.empty()) {
        fs::path P = fs::path(Opts.BuildDir) / "compile_commands.json";
        if (fs::exists(P, EC))
          Db = {load(P), P.string()};
      } else {
        for (fs::path D = Dir; !D.empty(); D = D.parent_path()) {
          if (fs::exists(D / "compile_commands.json", EC)) {
            Db = {load(D / "compile_commands.json"), (D / "compile_commands.json").string()};
            break;
          }
          if (fs::exists(D / "compile_flags.txt", EC) || D == D.root_path())
            break;
        }
      }
      Found = ByDir.emplace(Dir, Db).first;
    }
    const auto &[Db, Where] = Found->second;
    if (Db && Db->Hip && !Db->Files.count(F.Absolute)) {
      Skipped.push_back(F.Display + ": not compiled by the HIP build (absent from " + Where + ")");
      continue;
    }
    Kept.push_back(std::move(F));
  }
  Files = std::move(Kept);
}

void dropHeadersOnlyIncludedOffHip(std::vector<InputFile> &Files,
                                   const std::map<std::string, rocmtidy::FileFacts> &Facts,
                                   std::vector<std::string> &Skipped) {
  // Quoted includes by the last component of their spelling; a header matches an include whose
  // spelling is a suffix of its path, or resolves against the includer's folder.
  struct Site {
    const std::string *Includer;
    const rocmtidy::IndexedInclude *Inc;
  };
  std::map<std::string, std::vector<Site>> ByName;
  for (const auto &[Path, F] : Facts)
    for (const rocmtidy::IndexedInclude &Inc : F.Includes)
      ByName[fs::path(Inc.Spelled).filename().string()].push_back({&Path, &Inc});
  std::error_code EC;
  std::string Cwd = fs::current_path(EC).string() + "/";
  std::vector<InputFile> Kept;
  for (InputFile &H : Files) {
    if (H.IsCMake || !isHeader(H.Absolute)) {
      Kept.push_back(std::move(H));
      continue;
    }
    auto It = ByName.find(fs::path(H.Absolute).filename().string());
    unsigned On = 0, Off = 0;
    std::string FirstOff;
    if (It != ByName.end())
      for (const Site &S : It->second) {
        std::string Spelled = fs::path(S.Inc->Spelled).lexically_normal().string();
        // A bare name ("cuda.h") matches only next to its includer: by suffix it would name every
        // header of that name in the tree.
        bool Match = realPathOf(S.Inc->Spelled, fs::path(*S.Includer).parent_path().string()) == H.Absolute ||
                     (Spelled.find('/') != std::string::npos && H.Absolute.size() > Spelled.size() &&
                      H.Absolute.compare(H.Absolute.size() - Spelled.size(), Spelled.size(), Spelled) == 0 &&
                      H.Absolute[H.Absolute.size() - Spelled.size() - 1] == '/');
        if (!Match)
          continue;
        if (S.Inc->OffHip) {
          if (!Off++) {
            FirstOff = *S.Includer;
            if (FirstOff.rfind(Cwd, 0) == 0)
              FirstOff = FirstOff.substr(Cwd.size());
            FirstOff += ":" + std::to_string(S.Inc->Line);
          }
        } else {
          ++On;
        }
      }
    if (Off && !On) {
      Skipped.push_back(H.Display + ": only included from branches the HIP build does not take (" + FirstOff + ")");
      continue;
    }
    Kept.push_back(std::move(H));
  }
  Files = std::move(Kept);
}

} // namespace rocmlint
