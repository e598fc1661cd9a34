// Build style detection: reads build scripts as text, never runs them.
#include "project/BuildStyle.h"
#include "project/BackendRegistry.h"
#include "project/BuildTargets.h"

#include "buildscripts/BuildScripts.h"
#include "cmake/CMakeLint.h"
#include "cmake/CMakeParser.h"
#include "core/BuildSwitches.h"
#include "core/SourceKinds.h"
#include "core/StringUtil.h"
#include "project/CompileDatabase.h"
#include "project/MakeSources.h"
#include "project/ProjectModel.h"
#include "project/PythonSource.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Path.h"

#include <cctype>

#include <algorithm>
#include <filesystem>
#include <optional>
#include <set>

namespace fs = std::filesystem;

namespace rocmtidy::project {

const char *buildStyleName(BuildStyle S) {
  switch (S) {
  case BuildStyle::SingleSource:
    return "single-source";
  case BuildStyle::Hipify:
    return "hipify";
  case BuildStyle::HipOnly:
    return "hip-only";
  }
  return "single-source";
}

bool parseBuildStyle(const std::string &V, BuildStyle &Out) {
  if (V == "single-source" || V == "single-source-hip")
    Out = BuildStyle::SingleSource;
  else if (V == "hipify" || V == "hipify-at-build-time")
    Out = BuildStyle::Hipify;
  else if (V == "hip-only")
    Out = BuildStyle::HipOnly;
  else
    return false;
  return true;
}

bool quietUnderBuildStyle(BuildStyle S, const std::string &Check) {
  return S == BuildStyle::Hipify && Check == "rocm-cuda-header";
}

namespace {

std::string readText(const ProjectModel &Model, const std::string &P) {
  // Regular files only (a FIFO named x.cmake would block the run), of a size real scripts have.
  return Model.read(P, 1 << 20).value_or(std::string());
}

bool isWordChar(char C) { return std::isalnum(static_cast<unsigned char>(C)) || C == '_'; }

/// Whether lower-case \p Text holds the word \p Word (no word character before it; with \p Call,
/// followed by optional blanks and '('). A plain scan: build scripts come from the repository,
/// and no pattern engine may backtrack over them.
bool hasWord(const std::string &Text, const std::string &Word, bool Call = false, bool Prefix = false) {
  for (size_t At = Text.find(Word); At != std::string::npos; At = Text.find(Word, At + 1)) {
    if (At > 0 && isWordChar(Text[At - 1]))
      continue;
    size_t After = At + Word.size();
    if (!Prefix && !Call && After < Text.size() && isWordChar(Text[After]))
      continue;
    if (Call) {
      while (After < Text.size() && (Text[After] == ' ' || Text[After] == '\t'))
        ++After;
      if (After >= Text.size() || Text[After] != '(')
        continue;
    }
    return true;
  }
  return false;
}

// Python without its comments, lower case: a commented-out CUDAExtension is no evidence.
std::string pythonCode(const std::string &S) {
  std::string Out;
  bool Comment = false;
  for (char C : S) {
    if (C == '\n')
      Comment = false;
    else if (C == '#')
      Comment = true;
    if (!Comment)
      Out += static_cast<char>(std::tolower(static_cast<unsigned char>(C)));
  }
  return Out;
}

struct Evidence {
  std::string Hipify, Hip, Cuda;
};

void lookAtPython(const ProjectModel &Model, const std::string &File, const std::string &Name, Evidence &E) {
  std::string Raw = readText(Model, File);
  std::string T = pythonCode(Raw);
  std::optional<TorchExtensionCall> Ext;
  if (E.Hipify.empty())
    Ext = findTorchCudaExtension(pythonLines(Raw));
  if (Ext)
    E.Hipify = Name + " builds a torch.utils.cpp_extension CUDAExtension" +
               (Ext->Through.empty() ? std::string()
                                     : " through '" + Ext->Through + "' (line " + std::to_string(Ext->Line) +
                                           ", bound at line " + std::to_string(Ext->BoundAt) + ")") +
               ", which PyTorch hipifies for ROCm";
  else if (E.Hipify.empty() && T.find("cpp_extension") != std::string::npos &&
           (hasWord(T, "load", true) || hasWord(T, "load_inline", true)))
    E.Hipify = Name + " compiles with torch.utils.cpp_extension.load, which PyTorch hipifies for ROCm";
  else if (E.Hipify.empty() && hasWord(T, "hipify", false, /*Prefix=*/true))
    E.Hipify = Name + " runs hipify";
}

/// What one CMake script says, from lib/cmake's parse (comments are not commands).
struct CMakeEvidence : cmake::ParseCallbacks {
  bool Hipify = false, Cuda = false;
  void command(const cmake::Command &C) override {
    const std::string &N = C.LowerName;
    Hipify |= N.find("hipify") != std::string::npos;
    for (size_t I = 0; I < C.Args.size(); ++I) {
      const std::string &V = C.Args[I].Value;
      Hipify |= asciiLower(V).find("hipify") != std::string::npos;
      if ((N == "enable_language" || N == "project") && V == "CUDA")
        Cuda = true;
      if (N == "find_package" && I == 0 && V == "CUDAToolkit")
        Cuda = true;
      if (V == "CUDA" && I > 0 && C.Args[I - 1].Value == "LANGUAGE")
        Cuda = true;
    }
  }
};

void lookAtCMake(const ProjectModel &Model, const std::string &File, const std::string &Name, Evidence &E,
                 bool MayHipify) {
  std::string T = readText(Model, File);
  CMakeEvidence Ev;
  cmake::ParseError Err;
  if (!cmake::parseCMake(T, Ev, Err))
    return; // a script that does not parse is no evidence either way
  if (MayHipify && E.Hipify.empty() && Ev.Hipify)
    E.Hipify = Name + " runs hipify";
  if (E.Hip.empty() && cmake::buildsHip(T))
    E.Hip = Name;
  if (E.Cuda.empty() && Ev.Cuda)
    E.Cuda = Name;
}

void lookAtMake(const ProjectModel &Model, const std::string &File, const std::string &Name, Evidence &E,
                bool MayHipify) {
  // `make -f makefile.hip`: a Makefile named for a HIP value (lib/data/build_switches.json).
  llvm::StringRef Base = llvm::sys::path::filename(File);
  if (E.Hip.empty() && isMakefileVariantName(Base) &&
      buildSwitchTable().HipValues.count(asciiLower(Base.substr(Base.find('.') + 1).str())))
    E.Hip = Name;
  std::string Raw = readText(Model, File);
  // A conditional on the HIP toolkit that adds sources or gives its targets flags is a HIP build
  // (libCEED: `ifneq ($(HIP_LIB_DIR),)` adds backends/hip-*); one on the CUDA toolkit a CUDA build.
  // So is a recipe that compiles sources with hipcc (nvcc).
  if (E.Hip.empty() || E.Cuda.empty()) {
    MakeSources M = MakeSources::read(File, Raw);
    if (E.Hip.empty() && !M.branch(MakeBranch::Hip).empty())
      E.Hip = Name + " (" + M.branch(MakeBranch::Hip) + ")";
    else if (E.Hip.empty() && M.hipRecipeLine())
      E.Hip = Name + " (hipcc at line " + std::to_string(M.hipRecipeLine()) + ")";
    if (E.Cuda.empty() && (!M.branch(MakeBranch::Cuda).empty() || M.nvccRecipeLine()))
      E.Cuda = Name;
  }
  std::string T = asciiLower(Raw);
  if (MayHipify && E.Hipify.empty() &&
      (T.find("hipify-perl") != std::string::npos || T.find("hipify-clang") != std::string::npos))
    E.Hipify = Name + " runs hipify";
}

} // namespace

bool anyCMakeScriptBuildsHip(const ProjectModel &Model, const std::vector<std::string> &Paths) {
  for (const std::string &P : Paths)
    if (buildscripts::scriptKind(P) == buildscripts::ScriptKind::CMake)
      if (std::optional<std::string> Content = Model.read(P); Content && cmake::buildsHip(*Content))
        return true;
  return false;
}

BuildStyleDecision detectBuildStyle(const ProjectModel &Model, const BuildStyleQuery &Query) {
  BuildStyleDecision D;
  if (!Query.ConfiguredStyle.empty()) {
    parseBuildStyle(Query.ConfiguredStyle, D.Style);
    D.Reason = "set in " + Query.ConfigDir + "/.rocm-lint";
    D.Root = Query.ConfigDir;
    return D;
  }
  std::error_code EC;
  const std::vector<std::string> &Roots = Model.projectDirs();
  std::vector<std::string> Starts = Query.Paths;
  if (Starts.empty())
    Starts.push_back(".");
  // The folders above each input, up to its project folder: the named paths, and the files a
  // directory walk found (rocm-lint . at the top: src/Makefile runs hipify-perl on src/*.cu).
  std::set<std::string> InputAncestors;
  auto AddAncestors = [&](const fs::path &P) {
    std::string R;
    for (const std::string &Root : Roots)
      if (isWithin(P.string(), Root))
        R = Root;
    for (fs::path D = P; !D.empty(); D = D.parent_path()) {
      InputAncestors.insert(D.string());
      if (D.string() == R || D == D.root_path())
        break;
    }
  };
  for (const std::string &S : Starts) {
    fs::path P = fs::weakly_canonical(fs::absolute(S, EC), EC);
    AddAncestors(fs::is_directory(P, EC) ? P : P.parent_path());
  }
  for (const std::string &Input : Query.Inputs)
    AddAncestors(fs::path(Input).parent_path());

  Evidence E;
  bool AnyCu = false, AnyHip = false;
  // Build scripts read, whatever they build: "none found" and "none builds GPU code" are different advice.
  unsigned ScriptsRead = 0;
  for (const std::string &Input : Query.Inputs) {
    std::string Ext = fs::path(Input).extension().string();
    AnyCu |= Ext == ".cu" || Ext == ".cuh";
    AnyHip |= Ext == ".hip";
  }
  for (const std::string &R : Roots) {
    // Build scripts near the top of the project (at most four folders down); vendored trees and
    // build outputs stay out. The files come from the project model's one walk.
    unsigned Seen = 0;
    for (const WalkedFile *W : Model.filesUnder(R)) {
      if (++Seen > 2000)
        break;
      llvm::StringRef Rel = llvm::StringRef(W->Path).drop_front(R.size() + 1);
      llvm::SmallVector<llvm::StringRef, 8> Parts;
      Rel.split(Parts, '/');
      std::string Name = Parts.back().str();
      fs::path P(W->Path);
      // A package's own setup.py sits in the folder its sources are under, however deep in a
      // monorepo (a benchmark suite's backends/ROCM/kernels/setup.py).
      const bool Above = InputAncestors.count(P.parent_path().string()) != 0;
      const bool PackageScript = Name == "setup.py" && Above;
      if ((Parts.size() > 5 && !PackageScript) ||
          std::any_of(Parts.begin(), Parts.end() - 1, [](llvm::StringRef P) { return outsideOwnBuild(P.str()); }))
        continue;
      std::string Shown = Rel.str();
      // Which languages the project builds may be said anywhere in it (ggml builds src/ggml-cuda
      // from src/ggml-hip/CMakeLists.txt); a hipify step changes the style only where it builds
      // the inputs: the project's own setup.py, or a build script in a folder above an input.
      // Nested sample projects (a tool's own test data) say nothing about the tree.
      if ((Parts.size() == 1 && (Name == "setup.py" || Name == "pyproject.toml" || P.extension() == ".py")) ||
          PackageScript) {
        lookAtPython(Model, W->Path, Shown, E);
        ++ScriptsRead;
      } else if (Name == "CMakeLists.txt" || P.extension() == ".cmake") {
        lookAtCMake(Model, W->Path, Shown, E, Above);
        ++ScriptsRead;
      } else if (buildscripts::scriptKind(W->Path) == buildscripts::ScriptKind::Make || P.extension() == ".sh") {
        lookAtMake(Model, W->Path, Shown, E, Above);
        ++ScriptsRead;
      }
    }
  }
  // One backend per configuration, picked by a variable, with a HIP value registered.
  for (const std::string &R : Roots) {
    std::string Top = R + "/CMakeLists.txt";
    if (E.Hip.empty() && isRegularFile(Top) && Model.backendRegistry(Top).hasHipBackend())
      E.Hip = llvm::StringRef(Top).drop_front(R.size() + 1).str() + " (its HIP backend value)";
  }
  // A compile database that compiles some entry as HIP is a HIP build (read as argument vectors).
  if (E.Hip.empty() && !Query.BuildDir.empty() &&
      databaseCompilesHip((fs::path(Query.BuildDir) / "compile_commands.json").string()))
    E.Hip = "the compile database";

  D.Root = Roots.empty() ? "" : *Roots.begin();
  if (!E.Hipify.empty()) {
    D.Style = BuildStyle::Hipify;
    D.Reason = E.Hipify;
  } else if (!E.Hip.empty() && (!E.Cuda.empty() || AnyCu)) {
    D.Style = BuildStyle::SingleSource;
    D.Reason =
        E.Hip + " builds sources as HIP" + (E.Cuda.empty() ? " from CUDA (.cu) files" : " and " + E.Cuda + " as CUDA");
  } else if (!E.Hip.empty() || (AnyHip && !AnyCu)) {
    D.Style = BuildStyle::HipOnly;
    D.Reason = E.Hip.empty() ? "the sources are HIP (.hip) and no CUDA build was found"
                             : E.Hip + " builds sources as HIP and no CUDA build was found";
  } else {
    D.Style = BuildStyle::SingleSource;
    D.Reason = AnyCu              ? "no HIP build found: CUDA sources are analysed as the HIP they are to become"
               : ScriptsRead == 0 ? "no build scripts found"
                                  : "no HIP or CUDA build found in the build scripts";
  }
  return D;
}

} // namespace rocmtidy::project
