// Build style detection: reads build scripts as text, never runs them.
#include "BuildStyle.h"
#include "FileBytes.h"

#include <algorithm>
#include <filesystem>
#include <regex>
#include <set>
#include <sstream>

namespace fs = std::filesystem;

namespace rocmlint {

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

std::string readText(const fs::path &P, size_t Limit = 1 << 20) {
  return readFilePrefix(P.string(), Limit).value_or(std::string());
}

// Comments out of the way: a commented-out "enable_language(HIP)" is no evidence.
std::string withoutComments(const std::string &S, char Hash) {
  std::string Out;
  std::istringstream In(S);
  std::string Line;
  while (std::getline(In, Line)) {
    size_t C = Line.find(Hash);
    Out += (C == std::string::npos ? Line : Line.substr(0, C)) + "\n";
  }
  return Out;
}

bool has(const std::string &Text, const char *Re) { return std::regex_search(Text, std::regex(Re, std::regex::icase)); }

struct Evidence {
  std::string Hipify, Hip, Cuda;
};

void lookAtPython(const fs::path &File, const fs::path &Root, Evidence &E) {
  std::string T = withoutComments(readText(File), '#');
  std::string Name = fs::relative(File, Root).generic_string();
  if (E.Hipify.empty() && has(T, "\\bCUDAExtension\\s*\\("))
    E.Hipify = Name + " builds a torch.utils.cpp_extension CUDAExtension, which PyTorch hipifies for ROCm";
  else if (E.Hipify.empty() && has(T, "cpp_extension") && has(T, "\\bload(_inline)?\\s*\\("))
    E.Hipify = Name + " compiles with torch.utils.cpp_extension.load, which PyTorch hipifies for ROCm";
  else if (E.Hipify.empty() && has(T, "\\bhipify"))
    E.Hipify = Name + " runs hipify";
}

void lookAtCMake(const fs::path &File, const fs::path &Root, Evidence &E, bool MayHipify) {
  std::string T = withoutComments(readText(File), '#');
  std::string Name = fs::relative(File, Root).generic_string();
  if (MayHipify && E.Hipify.empty() && has(T, "hipify"))
    E.Hipify = Name + " runs hipify";
  if (E.Hip.empty() && (has(T, "enable_language\\s*\\(\\s*HIP") || has(T, "LANGUAGE\\s+HIP\\b") ||
                        has(T, "project\\s*\\([^)]*\\bHIP\\b") || has(T, "find_package\\s*\\(\\s*hip\\b") ||
                        has(T, "hip_add_(library|executable)")))
    E.Hip = Name;
  if (E.Cuda.empty() && (has(T, "enable_language\\s*\\(\\s*CUDA") || has(T, "project\\s*\\([^)]*\\bCUDA\\b") ||
                         has(T, "find_package\\s*\\(\\s*CUDAToolkit") || has(T, "LANGUAGE\\s+CUDA\\b")))
    E.Cuda = Name;
}

void lookAtMake(const fs::path &File, const fs::path &Root, Evidence &E, bool MayHipify) {
  std::string T = readText(File);
  if (MayHipify && E.Hipify.empty() && has(T, "hipify-(perl|clang)"))
    E.Hipify = fs::relative(File, Root).generic_string() + " runs hipify";
}

bool isMarker(const fs::path &D) {
  std::error_code EC;
  return fs::exists(D / "setup.py", EC) || fs::exists(D / "pyproject.toml", EC) || fs::exists(D / ".git", EC);
}

bool hasProjectCMake(const fs::path &D) {
  std::error_code EC;
  if (!fs::is_regular_file(D / "CMakeLists.txt", EC))
    return false;
  return has(withoutComments(readText(D / "CMakeLists.txt", 1 << 16), '#'), "(^|\n)\\s*project\\s*\\(");
}

// The project folder: the highest ancestor (a few levels up) with a setup.py, pyproject.toml or a
// CMakeLists.txt that declares project(); a .git or .rocm-lint folder ends the search.
fs::path projectRoot(const fs::path &Start) {
  fs::path Best;
  fs::path D = Start;
  std::error_code EC;
  for (unsigned Up = 0; Up < 6 && !D.empty(); ++Up) {
    if (isMarker(D) || hasProjectCMake(D))
      Best = D;
    if (fs::exists(D / ".git", EC) || fs::exists(D / ".rocm-lint", EC) || D == D.root_path())
      break;
    D = D.parent_path();
  }
  return Best;
}

} // namespace

BuildStyleDecision detectBuildStyle(const Options &Opts, const ProjectConfig &Config,
                                    const std::vector<InputFile> &Files) {
  BuildStyleDecision D;
  if (!Config.BuildStyle.empty()) {
    parseBuildStyle(Config.BuildStyle, D.Style);
    D.Reason = "set in " + Config.Dir + "/.rocm-lint";
    D.Root = Config.Dir;
    return D;
  }
  std::error_code EC;
  std::set<std::string> Roots;
  std::vector<std::string> Starts = Opts.Paths;
  if (Starts.empty())
    Starts.push_back(".");
  std::set<std::string> InputAncestors;
  for (const std::string &S : Starts) {
    fs::path P = fs::weakly_canonical(fs::absolute(S, EC), EC);
    if (!fs::is_directory(P, EC))
      P = P.parent_path();
    fs::path R = projectRoot(P);
    if (!R.empty())
      Roots.insert(R.string());
    for (fs::path D = P; !D.empty(); D = D.parent_path()) {
      InputAncestors.insert(D.string());
      if (D == R || D == D.root_path())
        break;
    }
  }

  Evidence E;
  bool AnyCu = false, AnyHip = false;
  for (const InputFile &F : Files) {
    std::string Ext = fs::path(F.Absolute).extension().string();
    AnyCu |= Ext == ".cu" || Ext == ".cuh";
    AnyHip |= Ext == ".hip";
  }
  for (const std::string &R : Roots) {
    // Build scripts near the top of the project; vendored trees and build outputs stay out.
    fs::recursive_directory_iterator It(R, fs::directory_options::skip_permission_denied, EC), End;
    unsigned Seen = 0;
    for (; It != End && Seen < 2000; It.increment(EC)) {
      if (EC)
        break;
      ++Seen;
      const fs::path &P = It->path();
      std::string Name = P.filename().string();
      if (It->is_directory(EC)) {
        if (It.depth() >= 4 || Name.empty() || Name[0] == '.' || Name == "build" || Name == "CMakeFiles" ||
            Name == "third_party" || Name == "3rdparty" || Name == "external" || Name == "vendor" ||
            Name == "node_modules" || Name == "tests" || Name == "test" || Name == "docs")
          It.disable_recursion_pending();
        continue;
      }
      // Which languages the project builds may be said anywhere in it (ggml builds src/ggml-cuda
      // from src/ggml-hip/CMakeLists.txt); a hipify step changes the style only where it builds
      // the inputs: the project's own setup.py, or a build script in a folder above an input.
      // Nested sample projects (a tool's own test data) say nothing about the tree.
      const bool Above = InputAncestors.count(P.parent_path().string()) != 0;
      if (It.depth() == 0 && (Name == "setup.py" || Name == "pyproject.toml" || P.extension() == ".py"))
        lookAtPython(P, R, E);
      else if (Name == "CMakeLists.txt" || P.extension() == ".cmake")
        lookAtCMake(P, R, E, Above);
      else if (Name == "Makefile" || Name == "GNUmakefile" || P.extension() == ".mk" || P.extension() == ".sh")
        lookAtMake(P, R, E, Above);
    }
  }
  // A compile database that runs hipcc or compiles as HIP is a HIP build.
  if (E.Hip.empty() && !Opts.BuildDir.empty()) {
    std::string Db = readText(fs::path(Opts.BuildDir) / "compile_commands.json", 4 << 20);
    if (has(Db, "hipcc|-x hip|\"hip\"|--offload-arch"))
      E.Hip = "the compile database";
  }

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
    D.Reason = AnyCu ? "no HIP build found: CUDA sources are analysed as the HIP they are to become"
                     : "no build scripts found";
  }
  return D;
}

} // namespace rocmlint
