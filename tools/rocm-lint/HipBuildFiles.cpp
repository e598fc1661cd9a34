#include "HipBuildFiles.h"
#include "FileBytes.h"

#include "CudaOnlySources.h"
#include "ProjectPaths.h"
#include "core/SourceKinds.h"

#include "llvm/ADT/StringRef.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <map>
#include <regex>
#include <set>
#include <tuple>

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

// Included fragments (.inl) count as headers here: what they include is what their includer does.
bool isHeader(const std::string &Path) {
  rocmtidy::SourceKind K = rocmtidy::sourceKindOf(Path);
  return K == rocmtidy::SourceKind::Header || K == rocmtidy::SourceKind::Fragment;
}

bool isCFamily(const std::string &Path) { return rocmtidy::sourceKindOf(Path) != rocmtidy::SourceKind::None; }

/// The #include spellings of a file (quoted and angled).
std::vector<std::string> includesOf(const std::string &Path) {
  static const std::regex Re("^[ \\t]*#[ \\t]*include[ \\t]*[\"<]([^\">]+)[\">]");
  std::vector<std::string> Out;
  std::string Text = readFileBytes(Path).value_or(std::string());
  std::cmatch M;
  for (llvm::StringRef Rest = Text; !Rest.empty();) {
    llvm::StringRef Line;
    std::tie(Line, Rest) = Rest.split('\n');
    if (Line.contains("include") && std::regex_search(Line.begin(), Line.end(), M, Re))
      Out.push_back(M[1].str());
  }
  return Out;
}

/// Removes the headers of \p Files that sources the build scripts left out (\p Dropped) include,
/// and that no other file of the project includes (by file name, whatever folder it resolves in:
/// an include path could reach it). Repeats for headers only those headers include.
void dropHeadersOnlyIncludedByDropped(std::vector<InputFile> &Files, const std::vector<std::string> &DroppedSources,
                                      std::vector<std::string> &Skipped) {
  // The project: the highest folder above the dropped sources with a build script, below any .git.
  std::error_code EC;
  std::set<std::string> Roots;
  for (const std::string &S : DroppedSources) {
    fs::path Root;
    for (fs::path D = fs::path(S).parent_path(); !D.empty(); D = D.parent_path()) {
      if (fs::exists(D / "CMakeLists.txt", EC) || fs::exists(D / "setup.py", EC))
        Root = D;
      if (fs::exists(D / ".git", EC) || D == D.root_path())
        break;
    }
    if (Root.empty())
      return;
    Roots.insert(Root.string());
  }
  std::map<std::string, std::vector<std::string>> Includes; // every C-family file of the projects
  for (const std::string &Root : Roots) {
    size_t Count = 0;
    for (fs::recursive_directory_iterator It(Root, fs::directory_options::skip_permission_denied, EC), End;
         It != End; It.increment(EC)) {
      if (EC || ++Count > 50000)
        return; // too big or unreadable to be sure: keep every header
      if (It->is_regular_file(EC) && isCFamily(It->path().string()))
        Includes.emplace(It->path().lexically_normal().string(), includesOf(It->path().string()));
    }
  }
  std::set<std::string> Dropped(DroppedSources.begin(), DroppedSources.end());
  std::map<std::string, std::string> Why; // header -> the dropped file that includes it
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const InputFile &H : Files) {
      if (H.IsCMake || !isHeader(H.Absolute) || Dropped.count(H.Absolute))
        continue;
      std::string Name = fs::path(H.Absolute).filename().string();
      std::string By;
      bool Other = false;
      for (const auto &[Path, Incs] : Includes) {
        for (const std::string &Inc : Incs) {
          if (fs::path(Inc).filename().string() != Name)
            continue;
          bool FromDropped = Dropped.count(Path);
          if (FromDropped && (fs::path(Path).parent_path() / Inc).lexically_normal().string() == H.Absolute)
            By = Path;
          else if (!FromDropped)
            Other = true;
        }
        if (Other)
          break;
      }
      if (!By.empty() && !Other) {
        Dropped.insert(H.Absolute);
        Why[H.Absolute] = By;
        Changed = true;
      }
    }
  }
  std::string Cwd = fs::current_path(EC).string() + "/";
  std::vector<InputFile> Kept;
  for (InputFile &H : Files) {
    auto It = Why.find(H.Absolute);
    if (It == Why.end()) {
      Kept.push_back(std::move(H));
      continue;
    }
    std::string By = It->second;
    if (By.rfind(Cwd, 0) == 0)
      By = By.substr(Cwd.size());
    Skipped.push_back(H.Display + ": only included by files the HIP build does not compile (" + By + ")");
  }
  Files = std::move(Kept);
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
  auto databaseFor = [&](const InputFile &F) -> const std::pair<std::shared_ptr<Database>, std::string> & {
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
    return Found->second;
  };
  std::vector<InputFile> Kept;
  std::vector<std::string> DroppedByScript;
  for (InputFile &F : Files) {
    if (F.IsCMake || isHeader(F.Absolute)) {
      Kept.push_back(std::move(F));
      continue;
    }
    const auto &[Db, Where] = databaseFor(F);
    if (Db && Db->Hip) {
      // Only CUDA-spelled sources can be CUDA-only: a .hip or .cpp file missing from the database is
      // more likely new than excluded, and is linted with an inferred command.
      if (fs::path(F.Absolute).extension() == ".cu" && !Db->Files.count(F.Absolute)) {
        Skipped.push_back(F.Display + ": not compiled by the HIP build (absent from " + Where + ")");
        continue;
      }
      Kept.push_back(std::move(F));
      continue;
    }
    // No HIP database: the build scripts decide (a source they list only for the CUDA backend).
    std::string Why;
    if (cudaOnlyInBuildScripts(F.Absolute, Why)) {
      Skipped.push_back(F.Display + ": not compiled by the HIP build (" + Why + ")");
      DroppedByScript.push_back(F.Absolute);
      continue;
    }
    Kept.push_back(std::move(F));
  }
  Files = std::move(Kept);
  if (!DroppedByScript.empty())
    dropHeadersOnlyIncludedByDropped(Files, DroppedByScript, Skipped);
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
