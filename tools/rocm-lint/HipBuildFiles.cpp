// What the run analyses of what the HIP build compiles: the answers come from the project model
// (project/HipMembership.h); skipping or keeping with a note is decided here.
#include "HipBuildFiles.h"
#include "project/CudaOnlySources.h"

#include "ProjectPaths.h"
#include "core/GpuTargets.h"
#include "core/SourceKinds.h"
#include "project/BuildTargets.h"
#include "project/GeneratorTemplates.h"
#include "project/HipBuildFlags.h"
#include "project/HipMembership.h"
#include "project/IncludeScan.h"
#include "project/OrphanHeaders.h"
#include "project/ProjectModel.h"

#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>

namespace fs = std::filesystem;

namespace rocmlint {

namespace {

// Included fragments (.inl) count as headers here: what they include is what their includer does.
bool isHeader(const std::string &Path) {
  rocmtidy::SourceKind K = rocmtidy::sourceKindOf(Path);
  return K == rocmtidy::SourceKind::Header || K == rocmtidy::SourceKind::Fragment;
}

} // namespace

std::vector<std::string> hipBuildFlagNotes(const rocmtidy::project::HipBuildFlags &Flags,
                                           const std::vector<InputFile> &Files, const std::string &Cwd) {
  std::vector<std::string> Lines;
  std::set<std::string> Said;
  auto Say = [&](const std::string &Line) {
    if (Said.insert(Line).second)
      Lines.push_back(Line);
  };
  for (const InputFile &I : Files) {
    if (I.IsCMake)
      continue;
    for (const rocmtidy::project::ScriptFlag &F : Flags.flagsFor(I.Absolute))
      Say("HIP build flag '" + F.Arg + "' from " + relativeToCwd(F.Script, Cwd) + ":" + std::to_string(F.Line) +
          " for inferred commands");
    for (const rocmtidy::project::LeftOutFlag &F : Flags.leftOutFor(I.Absolute))
      Say("HIP build flag '" + F.Text + "' at " + relativeToCwd(F.Script, Cwd) + ":" + std::to_string(F.Line) +
          " left out: " + F.Why);
  }
  return Lines;
}

std::string buildTargetsFor(const rocmtidy::project::BuildTargets &Build, const std::string &Source,
                            const std::string &Cwd, std::string *Note) {
  using rocmtidy::project::TargetMention;
  const TargetMention *D = Build.decisiveFor(Source);
  if (!D)
    return "";
  std::string Where = relativeToCwd(D->Script, Cwd) + ":" + std::to_string(D->Line);
  std::string Default = std::string("; analysed for ") + rocmtidy::DefaultGpuTargets + " (--targets chooses others)";
  if (D->Target.empty()) {
    // Worth a line only when some script names targets that were not taken.
    if (Note && std::any_of(Build.mentions().begin(), Build.mentions().end(),
                            [](const TargetMention &M) { return !M.Target.empty(); }))
      *Note = "the GPU targets the build names were not taken: " + D->How + " (" + Where + ")" + Default;
    return "";
  }
  std::string List, ReadAs;
  std::set<std::string> Taken;
  std::string Named = Build.targetsFor(Source);
  for (llvm::StringRef Name : llvm::split(Named, ';')) {
    const rocmtidy::GpuTarget *T = rocmtidy::sameGenerationGpuTarget(Name);
    if (!T) {
      if (Note) {
        *Note = "the build names GPU target '" + Name.str() + "', which rocm-lint does not know (";
        *Note += Where;
        *Note += ")";
        *Note += Default;
      }
      return "";
    }
    if (T->Name != Name)
      ReadAs += (ReadAs.empty() ? "" : ", ") + Name.str() + " as " + T->Name;
    if (Taken.insert(T->Name).second)
      List += (List.empty() ? "" : ";") + T->Name;
  }
  if (Note && List != rocmtidy::DefaultGpuTargets)
    *Note = "analysed for " + List + ", the GPU targets the build names (" + Where + ", " + D->How + ")" +
            (ReadAs.empty() ? "" : "; read " + ReadAs) + "; --targets chooses others";
  return List;
}

std::vector<std::string> buildTargetNotes(const rocmtidy::project::BuildTargets &Build,
                                          const std::vector<InputFile> &Files, const std::string &Cwd, bool Verbose) {
  std::vector<std::string> Lines;
  if (Verbose)
    for (const rocmtidy::project::TargetMention &M : Build.mentions())
      Lines.push_back("GPU target " + (M.Target.empty() ? std::string("choice") : "'" + M.Target + "'") + " at " +
                      relativeToCwd(M.Script, Cwd) + ":" + std::to_string(M.Line) + " (" + M.How +
                      (M.Conditional ? ", conditional" : "") + ")");
  // One note per distinct decision, with the number of inputs it decided when there are several.
  std::vector<std::pair<std::string, size_t>> Said;
  for (const InputFile &F : Files) {
    if (F.IsCMake)
      continue;
    std::string Note;
    buildTargetsFor(Build, F.Through.empty() ? F.Absolute : F.Through, Cwd, &Note);
    if (Note.empty())
      continue;
    auto It = std::find_if(Said.begin(), Said.end(), [&](const auto &P) { return P.first == Note; });
    if (It == Said.end())
      Said.emplace_back(Note, 1);
    else
      ++It->second;
  }
  for (const auto &[Note, Count] : Said)
    Lines.push_back(
        "note: " + (Said.size() == 1 ? Note : std::to_string(Count) + " file" + (Count == 1 ? "" : "s") + ": " + Note));
  return Lines;
}

void dropFilesOutsideHipBuild(const Options &Opts, const ProjectConfig &Config, std::vector<InputFile> &Files,
                              std::vector<std::string> &Skipped, std::vector<std::string> &Notes,
                              std::set<std::string> *DroppedFolders) {
  const rocmtidy::project::ProjectModel &Model = *Config.Model;
  rocmtidy::project::HipMembership Membership(Model, Opts.BuildDir);
  // A file named on the command line is analysed whatever the build does with it: the porter
  // asked for its hazards. The note says they are hazards of porting, not of the HIP build.
  auto Leave = [&](InputFile &F, std::vector<InputFile> &Kept, const std::string &Why, const char *Verb = "compiled") {
    if (F.Named) {
      Notes.push_back(F.Display + ": not in the HIP build: findings are porting hazards (" + Why + ")");
      Kept.push_back(std::move(F));
      return false;
    }
    if (Opts.IncludeCudaOnly) {
      Kept.push_back(std::move(F));
      return false;
    }
    Skipped.push_back(F.Display + ": not " + Verb + " by the HIP build (" + Why + ")");
    return true;
  };
  using Answer = rocmtidy::project::HipMembership::Answer;
  std::vector<InputFile> Kept;
  std::vector<std::string> DroppedByScript;
  std::set<std::string> UndecidedSaid;
  for (InputFile &F : Files) {
    if (F.IsCMake) {
      // A script of a folder only the CUDA build enters is never configured by the HIP build: its
      // link lines and paths are the CUDA backend's (OpenMM's platforms/cuda finding nvrtc).
      std::string Folder = rocmtidy::project::cudaOnlyFolderOf(Model, F.Absolute);
      if (Folder.empty())
        Kept.push_back(std::move(F));
      else
        Leave(F, Kept, Folder, "configured");
      continue;
    }
    // Another programming model's files (a SYCL port beside the HIP one) and a generator's templates go like CUDA-only
    // sources, and so do the headers that only they include.
    if (std::string Other = rocmtidy::project::otherProgrammingModel(Model, F.Absolute); !Other.empty()) {
      std::string Abs = F.Absolute;
      if (Leave(F, Kept, Other))
        DroppedByScript.push_back(Abs);
      continue;
    }
    if (isHeader(F.Absolute)) {
      Kept.push_back(std::move(F));
      continue;
    }
    Answer A = Membership.of(F.Absolute);
    if (A.Kind == Answer::InBuild && Opts.Verbose && !A.Undecided.empty() && UndecidedSaid.insert(A.Undecided).second)
      Notes.push_back("build folder not decided, its files are analysed: " + A.Undecided);
    if (A.Kind == Answer::InBuild) {
      Kept.push_back(std::move(F));
      continue;
    }
    std::string Abs = F.Absolute;
    if (Leave(F, Kept, A.Why) && A.Kind == Answer::CudaOnlyInScripts)
      DroppedByScript.push_back(Abs);
  }
  Files = std::move(Kept);
  if (DroppedByScript.empty())
    return;
  if (DroppedFolders) {
    for (const std::string &S : DroppedByScript)
      DroppedFolders->insert(fs::path(S).parent_path().string());
    for (const InputFile &F : Files)
      if (!F.IsCMake && !isHeader(F.Absolute))
        DroppedFolders->erase(fs::path(F.Absolute).parent_path().string());
  }
  // Headers that only the dropped sources include go with them.
  std::vector<std::string> Headers;
  for (const InputFile &H : Files)
    if (!H.IsCMake && !H.Named && isHeader(H.Absolute))
      Headers.push_back(H.Absolute);
  std::map<std::string, std::string> Why =
      Membership.headersOnlyIncludedBy(Headers, DroppedByScript, Config.HipBuild.get());
  std::error_code EC;
  std::string Cwd = fs::current_path(EC).string() + "/";
  Kept.clear();
  for (InputFile &H : Files) {
    auto It = Why.find(H.Absolute);
    if (It == Why.end()) {
      Kept.push_back(std::move(H));
      continue;
    }
    std::string By = It->second;
    if (By == H.Absolute && Config.Model) {
      Skipped.push_back(H.Display + ": not compiled by the HIP build (" +
                        rocmtidy::project::cudaOnlyFolderOf(*Config.Model, H.Absolute) + ")");
      continue;
    }
    if (By.rfind(Cwd, 0) == 0)
      By = By.substr(Cwd.size());
    Skipped.push_back(H.Display + ": only included by files the HIP build does not compile (" + By + ")");
  }
  Files = std::move(Kept);
}

/// Whether \p Path ends in the include spelling \p Spelled at a folder boundary
/// ("/p/src/detail/k.inl" and "detail/k.inl").
static bool endsWithSpelling(const std::string &Path, const std::string &Spelled) {
  return !Spelled.empty() && Path.size() > Spelled.size() &&
         Path.compare(Path.size() - Spelled.size(), Spelled.size(), Spelled) == 0 &&
         Path[Path.size() - Spelled.size() - 1] == '/';
}

std::string onlyIncludedOffHip(const InputFile &H, const std::vector<rocmtidy::SkippedInclude> &Sites,
                               const std::set<std::string> &DroppedFolders, bool IncludedSource) {
  if (H.IsCMake || H.Named || (!IncludedSource && !isHeader(H.Absolute)))
    return "";
  std::error_code EC;
  std::string Cwd = fs::current_path(EC).string() + "/";
  std::string Name = fs::path(H.Absolute).filename().string();
  const bool BesideDropped = DroppedFolders.count(fs::path(H.Absolute).parent_path().string()) != 0;
  for (const rocmtidy::SkippedInclude &S : Sites) {
    if (fs::path(S.Spelled).filename().string() != Name)
      continue;
    // A header matches an include whose spelling resolves against the includer's folder, or is a
    // suffix of its path; a bare name ("cuda.h") matches only next to its includer, or it would
    // name every header of that name in the tree, or in a folder of dropped sources (another
    // backend's, which only that backend's build puts on the include path).
    std::string Spelled = fs::path(S.Spelled).lexically_normal().string();
    bool Match = realPathOf(S.Spelled, fs::path(S.Includer).parent_path().string()) == H.Absolute ||
                 (Spelled.find('/') != std::string::npos && endsWithSpelling(H.Absolute, Spelled)) ||
                 (BesideDropped && Spelled == Name);
    if (!Match)
      continue;
    std::string Where = S.Includer;
    if (Where.rfind(Cwd, 0) == 0)
      Where = Where.substr(Cwd.size());
    return "only included from branches the HIP build does not take (" + Where + ":" + std::to_string(S.Line) + ")";
  }
  return "";
}

std::string otherLanguageHeaderName(rocmtidy::project::OtherLanguage Language, size_t Count) {
  const char *Plural = Count == 1 ? "" : "s";
  switch (Language) {
  case rocmtidy::project::OtherLanguage::Fortran:
    return std::string("Fortran include file") + Plural;
  case rocmtidy::project::OtherLanguage::Accelerator:
    return std::string("header") + Plural +
           (Count == 1 ? " of another accelerator's sources" : " of other accelerators' sources");
  case rocmtidy::project::OtherLanguage::Swig:
    return std::string("header") + Plural + " of SWIG interfaces";
  case rocmtidy::project::OtherLanguage::RunTime:
    return std::string("header") + Plural + " compiled at run time (hipRTC, NVRTC)";
  }
  return "";
}

std::map<std::string, OtherLanguageInclude>
otherLanguageIncludeFiles(const std::vector<InputFile> &Files, const std::vector<size_t> &Headers,
                          const std::map<std::string, std::string> &ReachedBy, const ProjectConfig &Config) {
  if (!Config.Model)
    return {};
  std::vector<std::string> Unreached, Fortran, Accelerator, Swig, Hosts;
  for (size_t I : Headers) {
    const InputFile &H = Files[I];
    std::error_code EC;
    if (!H.IsCMake && !H.Named && isHeader(H.Absolute) &&
        !ReachedBy.count(fs::weakly_canonical(H.Absolute, EC).string()))
      Unreached.push_back(H.Absolute);
  }
  if (Unreached.empty())
    return {};
  for (const rocmtidy::project::WalkedFile &W : Config.Model->files()) {
    if (rocmtidy::isFortranSourceName(W.Path))
      Fortran.push_back(W.Path);
    else if (rocmtidy::isOtherAcceleratorSourceName(W.Path))
      Accelerator.push_back(W.Path);
    else if (rocmtidy::isSwigInterfaceName(W.Path))
      Swig.push_back(W.Path);
    else if (rocmtidy::isTranslationUnitName(W.Path))
      Hosts.push_back(W.Path);
  }
  using rocmtidy::project::OtherLanguage;
  auto Read = textReader(Config, 4 << 20);
  std::map<std::string, OtherLanguageInclude> Out;
  for (auto [Language, Sources] :
       {std::pair(OtherLanguage::Fortran, &Fortran), std::pair(OtherLanguage::Accelerator, &Accelerator),
        std::pair(OtherLanguage::Swig, &Swig)})
    for (auto &[Header, Includer] :
         rocmtidy::project::headersIncludedByOtherLanguage(Language, *Sources, Unreached, Read))
      Out.emplace(Header, OtherLanguageInclude{Language, std::move(Includer)});
  // Program text for hipRTC/NVRTC names its headers in string literals of the host code; what those
  // headers include is compiled with them.
  std::map<std::string, std::string> RunTime = rocmtidy::project::headersNamedInStrings(Hosts, Unreached, Read);
  std::vector<std::string> Named;
  Named.reserve(RunTime.size());
  for (const auto &[Header, Host] : RunTime)
    Named.push_back(Header);
  for (auto &[Header, Includer] :
       rocmtidy::project::headersIncludedByOtherLanguage(OtherLanguage::Accelerator, Named, Unreached, Read))
    RunTime.emplace(Header, std::move(Includer));
  for (auto &[Header, Host] : RunTime)
    Out.emplace(Header, OtherLanguageInclude{OtherLanguage::RunTime, std::move(Host)});
  return Out;
}

std::set<std::string> textuallyIncludedSources(const std::vector<InputFile> &Files, const ProjectConfig &Config) {
  std::vector<std::string> Sources;
  for (const InputFile &F : Files)
    if (!F.IsCMake && rocmtidy::isTranslationUnitName(F.Absolute))
      Sources.push_back(F.Absolute);
  return rocmtidy::project::sourcesIncludedBy(Sources, textReader(Config, 4 << 20));
}

void chooseIncluders(std::vector<InputFile> &Files, const std::vector<size_t> &Alone, const ProjectConfig &Config,
                     const std::string &Cwd, std::vector<std::string> &Notes) {
  if (!Config.Model)
    return;
  std::vector<std::string> Project;
  std::vector<size_t> Named;
  for (size_t I : Alone)
    if (Files[I].Named && !Files[I].IsCMake && isHeader(Files[I].Absolute))
      Named.push_back(I);
  if (Named.empty())
    return;
  for (const rocmtidy::project::WalkedFile &W : Config.Model->files())
    if (rocmtidy::sourceKindOf(W.Path) != rocmtidy::SourceKind::None)
      Project.push_back(W.Path);
  std::set<std::string> Inputs;
  for (const InputFile &F : Files)
    Inputs.insert(F.Absolute);
  auto Read = textReader(Config, 1 << 20);
  for (size_t I : Named) {
    // An input that includes it already had its chance: its parse skipped the header.
    for (const std::string &Source : rocmtidy::project::sourcesReaching(Project, Files[I].Absolute, Read)) {
      if (Inputs.count(Source))
        continue;
      Files[I].Through = Source;
      Files[I].ThroughDisplay = relativeToCwd(Source, Cwd);
      Notes.push_back("analysing " + Files[I].Display + " through " + Files[I].ThroughDisplay +
                      ", a project source that includes it");
      break;
    }
  }
}

std::vector<std::pair<size_t, std::string>>
onlyIncludedByOffHipHeaders(const std::vector<InputFile> &Files, std::vector<size_t> &Alone, std::vector<bool> &OffHip,
                            const ProjectConfig &Config, const std::string &Cwd) {
  std::vector<std::pair<size_t, std::string>> Out;
  if (std::find(OffHip.begin(), OffHip.end(), true) == OffHip.end() || Alone.empty())
    return Out;
  std::map<std::string, size_t> ByPath;
  for (size_t I = 0; I < Files.size(); ++I)
    ByPath.emplace(Files[I].Absolute, I);
  // Who includes each input: beside the includer, or by a trailing path with a folder part.
  std::map<size_t, std::set<size_t>> Includers;
  auto Read = textReader(Config, 4 << 20);
  for (size_t I = 0; I < Files.size(); ++I) {
    if (Files[I].IsCMake)
      continue;
    std::optional<std::string> Text = Read(Files[I].Absolute);
    if (!Text)
      continue;
    std::string Dir = fs::path(Files[I].Absolute).parent_path().string();
    for (const rocmtidy::project::IncludeLine &L : rocmtidy::project::scanIncludeLines(*Text)) {
      if (L.Open != '"' || !L.Closed || L.Name.empty())
        continue;
      std::string Spelled(L.Name);
      auto It = ByPath.find((fs::path(Dir) / Spelled).lexically_normal().string());
      if (It != ByPath.end()) {
        Includers[It->second].insert(I);
        continue;
      }
      if (Spelled.find('/') == std::string::npos || Spelled.find("..") != std::string::npos)
        continue;
      for (size_t J : Alone)
        if (endsWithSpelling(Files[J].Absolute, Spelled))
          Includers[J].insert(I);
    }
  }
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (auto It = Alone.begin(); It != Alone.end();) {
      size_t H = *It;
      auto In = Includers.find(H);
      bool Off = !Files[H].Named && isHeader(Files[H].Absolute) && In != Includers.end() && !In->second.empty() &&
                 std::all_of(In->second.begin(), In->second.end(), [&](size_t I) { return OffHip[I]; });
      if (!Off) {
        ++It;
        continue;
      }
      OffHip[H] = true;
      Out.emplace_back(H, relativeToCwd(Files[*In->second.begin()].Absolute, Cwd));
      It = Alone.erase(It);
      Changed = true;
    }
  }
  return Out;
}

void excuseMissedFragments(const std::vector<InputFile> &Files, const std::vector<size_t> &Sources,
                           const std::vector<size_t> &Alone, const ProjectConfig &Config,
                           std::vector<FileResult> &Results) {
  // Spelling of a missed include -> the first source that missed it.
  std::map<std::string, size_t> MissedBy;
  for (size_t I : Sources)
    for (const std::string &Spelled : Results[I].Status.MissingHeaders)
      if (!Spelled.empty() && Spelled.front() != '/' && Spelled.find("..") == std::string::npos)
        MissedBy.emplace(Spelled, I);
  if (MissedBy.empty())
    return;
  for (size_t I : Alone) {
    FileResult &R = Results[I];
    if (R.Status.Status != AnalysisStatus::Failed || R.Status.CompilerErrors == 0)
      continue;
    for (const auto &[Spelled, Includer] : MissedBy) {
      if (!endsWithSpelling(Files[I].Absolute, Spelled))
        continue;
      // Another file of that name could be the one the build finds: no guess between two.
      size_t Named = 0;
      if (Config.Model)
        for (const rocmtidy::project::WalkedFile &W : Config.Model->files())
          Named += endsWithSpelling(W.Path, Spelled);
      if (Named > 1)
        continue;
      R.Errors.clear();
      R.Status.Status = AnalysisStatus::Recovered;
      R.Status.Reason.clear();
      R.Status.Skipped.push_back("alone it does not compile; " + Files[Includer].Display +
                                 " (or a header of it) includes it as '" + Spelled +
                                 "' from an include folder this run did not know (the build's own)");
      break;
    }
  }
}

void excuseOrphanHeaders(const std::vector<InputFile> &Files, const std::vector<size_t> &Alone,
                         const ProjectConfig &Config, std::vector<FileResult> &Results) {
  if (!Config.Model)
    return;
  std::map<std::string, size_t> Failed;
  for (size_t I : Alone) {
    const FileStatus &S = Results[I].Status;
    // A header the user named is one they want analysed, whatever includes it.
    if (!Files[I].Named && isHeader(Files[I].Absolute) && S.Status == AnalysisStatus::Failed && S.CompilerErrors)
      Failed.emplace(Files[I].Absolute, I);
  }
  if (Failed.empty())
    return;
  std::vector<std::string> Candidates;
  Candidates.reserve(Failed.size());
  for (const auto &[Path, I] : Failed)
    Candidates.push_back(Path);
  for (const std::string &Orphan :
       rocmtidy::project::orphanHeaders(*Config.Model, Candidates, Config.Model->reader(4 << 20))) {
    FileResult &R = Results[Failed.at(Orphan)];
    R.Errors.clear();
    R.Status.Status = AnalysisStatus::Recovered;
    R.Status.Reason.clear();
    R.Status.Skipped.push_back(
        "alone it does not compile, and no file of the project's builds includes it or names it: "
        "it is part of no build");
  }
}

void excuseGeneratorTemplates(const std::vector<InputFile> &Files, const ProjectConfig &Config,
                              std::vector<FileResult> &Results) {
  if (!Config.Model)
    return;
  for (size_t I = 0; I < Files.size() && I < Results.size(); ++I) {
    FileResult &R = Results[I];
    if (Files[I].Named || R.Status.Status != AnalysisStatus::Failed || !R.Status.CompilerErrors)
      continue;
    if (Config.HipBuild && Config.HipBuild->compiledByHipScript(Files[I].Absolute))
      continue;
    std::string Why =
        rocmtidy::project::pythonGeneratorTemplateWhy(*Config.Model, Files[I].Absolute, Config.Model->reader(4 << 20));
    if (Why.empty())
      continue;
    R.Errors.clear();
    R.Status.Status = AnalysisStatus::Recovered;
    R.Status.Reason.clear();
    R.Status.Skipped.push_back("a template of the project's Python code generator (" + Why +
                               "), not code the build compiles");
  }
}

} // namespace rocmlint
