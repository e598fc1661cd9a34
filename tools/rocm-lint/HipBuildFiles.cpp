#include "HipBuildFiles.h"
#include "FileBytes.h"

#include "CudaOnlySources.h"
#include "ProjectPaths.h"
#include "core/SourceKinds.h"
#include "project/CompileDatabase.h"
#include "project/ProjectModel.h"

#include "llvm/ADT/StringRef.h"

#include <filesystem>
#include <map>
#include <set>
#include <tuple>

namespace fs = std::filesystem;

namespace rocmlint {

namespace {

struct Database {
  bool Hip = false;            // some entry compiles as HIP
  std::set<std::string> Files; // real paths of the entries
};

Database readDatabase(const fs::path &File) {
  Database Db;
  // Argument vectors, not command text: the analysis reports a broken database itself.
  for (const rocmtidy::project::DatabaseEntry &E : rocmtidy::project::readCompileDatabase(File.string())
                                                       .value_or(std::vector<rocmtidy::project::DatabaseEntry>{})) {
    Db.Hip |= rocmtidy::project::compilesAsHip(E.Arguments, E.File);
    Db.Files.insert(realPathOf(E.File));
  }
  return Db;
}

// Included fragments (.inl) count as headers here: what they include is what their includer does.
bool isHeader(const std::string &Path) {
  rocmtidy::SourceKind K = rocmtidy::sourceKindOf(Path);
  return K == rocmtidy::SourceKind::Header || K == rocmtidy::SourceKind::Fragment;
}

bool isCFamily(const std::string &Path) { return rocmtidy::sourceKindOf(Path) != rocmtidy::SourceKind::None; }

/// The #include spellings of a file (quoted and angled), by a scan of each line: optional blanks,
/// '#', optional blanks, "include", optional blanks, then a delimited name.
std::vector<std::string> includesOf(const std::string &Path) {
  std::vector<std::string> Out;
  std::string Text = rocmtidy::project::readRegularFile(Path).value_or(std::string());
  for (llvm::StringRef Rest = Text; !Rest.empty();) {
    llvm::StringRef Line;
    std::tie(Line, Rest) = Rest.split('\n');
    Line = Line.ltrim(" \t");
    if (!Line.consume_front("#"))
      continue;
    Line = Line.ltrim(" \t");
    if (!Line.consume_front("include"))
      continue;
    Line = Line.ltrim(" \t");
    if (Line.empty() || (Line.front() != '"' && Line.front() != '<'))
      continue;
    char Close = Line.front() == '"' ? '"' : '>';
    Line = Line.drop_front();
    size_t End = Line.find_first_of("\">");
    if (End == llvm::StringRef::npos || End == 0 || Line[End] != Close)
      continue;
    Out.push_back(Line.take_front(End).str());
  }
  return Out;
}

/// Removes the headers of \p Files that sources the build scripts left out (\p Dropped) include,
/// and that no other file of the project includes (by file name, whatever folder it resolves in:
/// an include path could reach it). Repeats for headers only those headers include.
void dropHeadersOnlyIncludedByDropped(const rocmtidy::project::ProjectModel &Model, std::vector<InputFile> &Files,
                                      const std::vector<std::string> &DroppedSources,
                                      std::vector<std::string> &Skipped) {
  // The project: the highest folder above the dropped sources with a build script, up to the root.
  std::set<std::string> Roots;
  for (const std::string &S : DroppedSources) {
    std::string Root;
    for (const std::string &D : Model.foldersUpToRoot(fs::path(S).parent_path().string()))
      if (rocmtidy::project::isRegularFile(D + "/CMakeLists.txt") || rocmtidy::project::isRegularFile(D + "/setup.py"))
        Root = D;
    if (Root.empty())
      return;
    Roots.insert(Root);
  }
  std::map<std::string, std::vector<std::string>> Includes; // every C-family file of the projects
  for (const std::string &Root : Roots) {
    // The model's walk may not reach every file of the project: then nothing can be sure.
    if (Model.truncated())
      return;
    for (const rocmtidy::project::WalkedFile *W : Model.filesUnder(Root))
      if (isCFamily(W->Path))
        Includes.emplace(W->Path, includesOf(W->Path));
  }
  std::set<std::string> Dropped(DroppedSources.begin(), DroppedSources.end());
  std::map<std::string, std::string> Why; // header -> the dropped file that includes it
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const InputFile &H : Files) {
      if (H.IsCMake || H.Named || !isHeader(H.Absolute) || Dropped.count(H.Absolute))
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
  std::error_code EC;
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

void dropFilesOutsideHipBuild(const Options &Opts, const ProjectConfig &Config, std::vector<InputFile> &Files,
                              std::vector<std::string> &Skipped, std::vector<std::string> &Notes) {
  const rocmtidy::project::ProjectModel &Model = *Config.Model;
  std::map<std::string, std::shared_ptr<Database>> ByPath;
  auto load = [&](const std::string &P) {
    auto It = ByPath.find(P);
    if (It == ByPath.end())
      It = ByPath.emplace(P, std::make_shared<Database>(readDatabase(P))).first;
    return It->second;
  };
  std::map<std::string, std::pair<std::shared_ptr<Database>, std::string>> ByDir;
  auto databaseFor = [&](const InputFile &F) -> const std::pair<std::shared_ptr<Database>, std::string> & {
    std::string Dir = fs::path(F.Absolute).parent_path().string();
    auto Found = ByDir.find(Dir);
    if (Found == ByDir.end()) {
      std::pair<std::shared_ptr<Database>, std::string> Db;
      if (!Opts.BuildDir.empty()) {
        std::string P = (fs::path(Opts.BuildDir) / "compile_commands.json").string();
        if (rocmtidy::project::isRegularFile(P))
          Db = {load(P), P};
      } else {
        // The nearest database up to the repository root, as the analysis finds it.
        std::string P = Model.findUpward(Dir, {"compile_commands.json", "compile_flags.txt"});
        if (!P.empty() && fs::path(P).filename() == "compile_commands.json")
          Db = {load(P), P};
      }
      Found = ByDir.emplace(Dir, Db).first;
    }
    return Found->second;
  };
  // A file named on the command line is analysed whatever the build does with it: the porter
  // asked for its hazards. The note says they are hazards of porting, not of the HIP build.
  auto Leave = [&](InputFile &F, std::vector<InputFile> &Kept, const std::string &Why) {
    if (F.Named) {
      Notes.push_back(F.Display + ": not in the HIP build: findings are porting hazards (" + Why + ")");
      Kept.push_back(std::move(F));
      return false;
    }
    if (Opts.IncludeCudaOnly) {
      Kept.push_back(std::move(F));
      return false;
    }
    Skipped.push_back(F.Display + ": not compiled by the HIP build (" + Why + ")");
    return true;
  };
  std::vector<InputFile> Kept;
  std::vector<std::string> DroppedByScript;
  std::set<std::string> UndecidedSaid;
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
        Leave(F, Kept, "absent from " + relativeToCwd(Where, Model.cwd()));
        continue;
      }
      Kept.push_back(std::move(F));
      continue;
    }
    // No HIP database: the build scripts decide (a source they list only for the CUDA backend).
    std::string Why, Undecided;
    bool CudaOnly = cudaOnlyInBuildScripts(Model, F.Absolute, Why, &Undecided);
    if (!CudaOnly && Opts.Verbose && !Undecided.empty() && UndecidedSaid.insert(Undecided).second)
      Notes.push_back("build folder not decided, its files are analysed: " + Undecided);
    if (CudaOnly) {
      std::string Abs = F.Absolute;
      if (Leave(F, Kept, Why))
        DroppedByScript.push_back(Abs);
      continue;
    }
    Kept.push_back(std::move(F));
  }
  Files = std::move(Kept);
  if (!DroppedByScript.empty())
    dropHeadersOnlyIncludedByDropped(Model, Files, DroppedByScript, Skipped);
}

std::string onlyIncludedOffHip(const InputFile &H, const std::vector<rocmtidy::SkippedInclude> &Sites) {
  if (H.IsCMake || H.Named || !isHeader(H.Absolute))
    return "";
  std::error_code EC;
  std::string Cwd = fs::current_path(EC).string() + "/";
  std::string Name = fs::path(H.Absolute).filename().string();
  for (const rocmtidy::SkippedInclude &S : Sites) {
    if (fs::path(S.Spelled).filename().string() != Name)
      continue;
    // A header matches an include whose spelling resolves against the includer's folder, or is a
    // suffix of its path; a bare name ("cuda.h") matches only next to its includer, or it would
    // name every header of that name in the tree.
    std::string Spelled = fs::path(S.Spelled).lexically_normal().string();
    bool Match = realPathOf(S.Spelled, fs::path(S.Includer).parent_path().string()) == H.Absolute ||
                 (Spelled.find('/') != std::string::npos && H.Absolute.size() > Spelled.size() &&
                  H.Absolute.compare(H.Absolute.size() - Spelled.size(), Spelled.size(), Spelled) == 0 &&
                  H.Absolute[H.Absolute.size() - Spelled.size() - 1] == '/');
    if (!Match)
      continue;
    std::string Where = S.Includer;
    if (Where.rfind(Cwd, 0) == 0)
      Where = Where.substr(Cwd.size());
    return "only included from branches the HIP build does not take (" + Where + ":" + std::to_string(S.Line) + ")";
  }
  return "";
}

} // namespace rocmlint
