#include "project/CudaOnlySources.h"

#include "cmake/CMakeLint.h"
#include "cmake/CMakeParser.h"
#include "cmake/CMakeStrings.h"
#include "core/BuildSwitches.h"
#include "core/SourceKinds.h"
#include "core/StringUtil.h"
#include "project/BackendRegistry.h"
#include "project/BuildBranch.h"
#include "project/CMakeEval.h"
#include "project/MakeSources.h"
#include "project/ProjectModel.h"
#include "project/PythonSource.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fnmatch.h>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <vector>

namespace fs = std::filesystem;

namespace rocmtidy::project {

namespace {

/// One place a build script names a source file.
struct Mention {
  std::string Path;      // absolute, lexically normal; or a bare file name when Computed
  bool Computed = false; // the path goes through a variable or a glob pattern: match by name
  Branch In = Branch::Other;
  unsigned Line = 0;
  std::string Condition; // the CUDA branch's condition, as written
  unsigned ConditionLine = 0;
  std::string List; // the variable a set() or list(APPEND) puts it in ("" for other commands)
  std::string Glob; // a CUDA branch's glob pattern as written (Script::CudaGlobs, WideCudaGlobs)
};

struct Script {
  std::string File; // path of the script, for messages
  std::vector<Mention> Mentions;
  std::vector<std::string> GlobExtensions; // extensions of globs outside CUDA branches ("*" for any)
  /// The file-name patterns of those globs whose extension is itself a pattern ('*.inc*').
  std::vector<std::string> GlobNamePatterns;
  /// Recursive globs outside CUDA branches whose folder part is literal
  /// ('file(GLOB_RECURSE P "contrib/app/*.cu")'): (folder, file-name pattern); they may name only
  /// files below that folder.
  std::vector<std::pair<std::string, std::string>> ScopedGlobs;
  /// Non-recursive globs whose folder part names no variable or wildcard, matched file by file: those
  /// inside CUDA branches (`file(GLOB S "cuda/*.cu")` under `if(USE_CUDA)`) and the others (a HIP
  /// branch's "rocm/*.hip.cu"). Path is the folder, Glob the pattern as written.
  std::vector<Mention> CudaGlobs, OtherGlobs;
  /// A CUDA branch's other globs (`file(GLOB_RECURSE S ${SRC}/*.cu)` under `if(WITH_CUDA)`), by their
  /// file-name pattern: they decide only where the scripts make the CUDA and HIP builds exclusive.
  std::vector<Mention> WideCudaGlobs;
  /// The script stops a configuration that asks for both backends (`if(WITH_ROCM AND WITH_CUDA)`
  /// `message(FATAL_ERROR ...)`): the HIP build never enters a CUDA branch.
  bool ExclusiveBackends = false;
  std::string ExclusiveWhy; // where: "'if(WITH_ROCM AND WITH_CUDA)' (line 39) stops the configuration"
  bool BuildsHip = false; // a HIP branch, LANGUAGE HIP, enable_language(HIP): the project has a HIP build
  /// The project's own .cmake files this script include()s outside CUDA branches (absolute): a
  /// HIP build set up there (Mooncake's common.cmake, included by the top CMakeLists.txt) is the
  /// including script's.
  std::vector<std::string> Included;
  /// The line of a project() or enable_language() outside any branch that enables CUDA (0: none):
  /// with no HIP anywhere in the script, the script is a CUDA build of its own.
  unsigned CudaLanguageLine = 0;
  /// Sources a HIP branch takes out of a list (`list(REMOVE_ITEM CUDA_SOURCES a.cu)` under
  /// `elseif(WITH_HIP)`): Path and List as in Mention; Condition the HIP branch's.
  std::vector<Mention> RemovedForHip;
  /// Where each variable is read ('${cuda_source_files}'), other than by the set() or list(APPEND)
  /// that fills it: Condition and ConditionLine as in Mention, In the branch of the read.
  std::map<std::string, std::vector<Mention>> ListReads;
  /// The folders add_subdirectory() enters: Path the folder (absolute), or Computed when a variable
  /// names it; In, Condition and Line as for a source.
  std::vector<Mention> Subdirectories;
  /// 'if(NOT ENABLE_CUDA) return() endif()' before the script names any source, glob or folder:
  /// everything the script builds is the CUDA build's. The guard as written, and its line.
  std::string CudaGuard;
  unsigned CudaGuardLine = 0;
};

std::string lower(std::string_view S) { return asciiLower(S); }

// Build scripts name sources in any case ('K.CU'); the compiler decides by the lower-case suffix.
bool isSourceName(const std::string &V) { return isTranslationUnitName(lower(V)); }

using Frame = BranchFrame;

/// The branch a mention sits in, from the open chains: CUDA when some enclosing branch builds CUDA
/// and none builds HIP.
void context(const std::vector<Frame> &Stack, Mention &M) {
  bool Cuda = false, Hip = false;
  for (const Frame &F : Stack) {
    if (F.Current == Branch::Cuda && !Cuda) {
      Cuda = true;
      M.Condition = F.Condition;
      M.ConditionLine = F.Line;
    }
    Hip |= F.Current == Branch::Hip;
  }
  M.In = Cuda && !Hip ? Branch::Cuda : Hip && !Cuda ? Branch::Hip : Branch::Other;
}

std::string normal(const fs::path &P) { return P.lexically_normal().string(); }

void addPath(Script &S, const fs::path &Dir, std::string V, unsigned Line, const std::vector<Frame> &Stack) {
  Mention M;
  M.Line = Line;
  context(Stack, M);
  for (const char *Prefix :
       {"${CMAKE_CURRENT_SOURCE_DIR}/", "${CMAKE_CURRENT_LIST_DIR}/", "${PROJECT_SOURCE_DIR}/", "${CMAKE_SOURCE_DIR}/"})
    if (V.rfind(Prefix, 0) == 0)
      V = V.substr(std::string(Prefix).size());
  if (V.find('$') != std::string::npos || V.find('*') != std::string::npos) {
    M.Computed = true;
    M.Path = fs::path(V).filename().string();
  } else {
    M.Path = normal(fs::path(V).is_absolute() ? fs::path(V) : Dir / V);
  }
  S.Mentions.push_back(std::move(M));
}

// ---- CMake ----

/// The project's macros and functions that glob their arguments (Kokkos' `macro(APPEND_GLOB VAR)`
/// with `file(GLOB LOCAL_TMP_VAR ${ARGN})`): lower-case name -> the file() mode. A call of one is
/// read as that file() call, so the branch it sits in lists what it globs.
using GlobWrappers = std::map<std::string, std::string>;

struct GlobWrapperReader : cmake::ParseCallbacks {
  GlobWrappers &Out;
  std::string Current;    // the macro or function being defined
  std::string FirstParam; // its first named parameter
  explicit GlobWrapperReader(GlobWrappers &Out) : Out(Out) {}
  void command(const cmake::Command &C) override {
    const std::string &N = C.LowerName;
    if ((N == "macro" || N == "function") && !C.Args.empty()) {
      Current = lower(C.Args[0].Value);
      FirstParam = C.Args.size() > 1 ? C.Args[1].Value : "";
      return;
    }
    if (N == "endmacro" || N == "endfunction") {
      Current.clear();
      return;
    }
    if (Current.empty() || N != "file" || C.Args.empty())
      return;
    // 'file(${glob} ${variable} ${ARGN})' in 'macro(tvm_file_glob glob variable)': the call's first
    // argument is the mode (an empty mode in the table says so).
    const std::string &Mode = C.Args[0].Value;
    bool ModeFromCall = !FirstParam.empty() && Mode == "${" + FirstParam + "}";
    if (!ModeFromCall && Mode != "GLOB" && Mode != "GLOB_RECURSE")
      return;
    for (const cmake::Argument &A : C.Args)
      if (A.Value.find("${ARGN}") != std::string::npos || A.Value.find("${ARGV") != std::string::npos) {
        Out.emplace(Current, ModeFromCall ? std::string() : Mode);
        return;
      }
  }
};

const GlobWrappers &globWrappersOf(const ProjectModel &Model) {
  static std::mutex Mu;
  static std::map<std::string, GlobWrappers> ByRoot;
  std::lock_guard<std::mutex> Lock(Mu);
  auto It = ByRoot.find(Model.root());
  if (It != ByRoot.end())
    return It->second;
  GlobWrappers Out;
  for (const WalkedFile &W : Model.files()) {
    if (!cmake::isCMakeFile(W.Path))
      continue;
    std::optional<std::string> Text = Model.read(W.Path);
    if (!Text || asciiLower(*Text).find("glob") == std::string::npos)
      continue;
    GlobWrapperReader R(Out);
    cmake::ParseError Error;
    cmake::parseCMake(*Text, R, Error);
  }
  return ByRoot.emplace(Model.root(), std::move(Out)).first->second;
}

struct CMakeReader : cmake::ParseCallbacks {
  Script &S;
  fs::path Dir;
  std::vector<Frame> Stack;
  /// Per open if(): whether its condition requires both a HIP and a CUDA switch.
  std::vector<bool> BothBackendsDepth;
  std::string BothBackendsText;
  /// Folders set once outside any branch ('set(source_path "${CMAKE_CURRENT_SOURCE_DIR}/src")'),
  /// absolute: a source named through one is a path, not only a name.
  std::map<std::string, std::string> Folders;
  const GlobWrappers &Wrappers;
  /// Frames at the bottom of Stack that stay to the end: the rest of the script after a top-level
  /// 'if(NOT ENABLE_CUDA) return() endif()' is built only where the condition is false.
  size_t Kept = 0;
  ReturnGuard Guard;
  /// Globs outside CUDA branches, by the variable they fill: they count as listings (extensions,
  /// name patterns) only once that variable is read for something other than setting source
  /// properties (mars' HIP branch globs every '*.cu' to mark it LANGUAGE HIP, wherever it is
  /// built). A glob whose variable no command of the script reads still counts: another script
  /// may read it.
  std::map<std::string, std::pair<std::vector<std::string>, std::vector<std::string>>> GlobsByVariable;
  std::map<std::string, std::string> LoopOverGlob; // foreach(F ${GLOBBED}): F -> GLOBBED
  std::set<std::string> PropertyOnly, Listed;
  bool InWrapper = false;
  VendorOptions Options;
  CMakeReader(Script &S, fs::path Dir, const GlobWrappers &Wrappers) : S(S), Dir(std::move(Dir)), Wrappers(Wrappers) {}

  void noteGlobReads(const cmake::Command &C, llvm::StringRef N) {
    if (GlobsByVariable.empty())
      return;
    cmake::ExpandRules Rules;
    Rules.KeepUnresolved = true;
    Rules.GeneratorExpressionsAsText = true;
    auto Note = [&](const std::string &Name) {
      auto Loop = LoopOverGlob.find(Name);
      std::string Globbed = GlobsByVariable.count(Name) ? Name : Loop != LoopOverGlob.end() ? Loop->second : "";
      if (Globbed.empty())
        return cmake::VariableValue::unknown();
      if (N == "foreach" && Globbed == Name && !C.Args.empty())
        LoopOverGlob[C.Args[0].Value] = Name;
      else if (N == "set_source_files_properties")
        PropertyOnly.insert(Globbed);
      else
        Listed.insert(Globbed);
      return cmake::VariableValue::unknown();
    };
    for (const auto &A : C.Args)
      cmake::expandReferences(A.Value, Note, Rules);
  }

  void glob(const std::string &Variable, std::string Extension, std::string NamePattern) {
    if (Variable.empty()) {
      (Extension.empty() ? S.GlobNamePatterns : S.GlobExtensions)
          .push_back(Extension.empty() ? std::move(NamePattern) : std::move(Extension));
      return;
    }
    auto &[Extensions, Patterns] = GlobsByVariable[Variable];
    (Extension.empty() ? Patterns : Extensions)
        .push_back(Extension.empty() ? std::move(NamePattern) : std::move(Extension));
  }

  /// At the end of the script: the globs whose variable was read only to set source properties
  /// list nothing.
  void finish() {
    for (auto &[Variable, Found] : GlobsByVariable) {
      if (PropertyOnly.count(Variable) && !Listed.count(Variable))
        continue;
      S.GlobExtensions.insert(S.GlobExtensions.end(), Found.first.begin(), Found.first.end());
      S.GlobNamePatterns.insert(S.GlobNamePatterns.end(), Found.second.begin(), Found.second.end());
    }
  }

  bool namesAnything() const {
    return !S.Mentions.empty() || !S.GlobExtensions.empty() || !S.GlobNamePatterns.empty() || !S.CudaGlobs.empty() ||
           !S.OtherGlobs.empty() || !S.WideCudaGlobs.empty() || !S.Subdirectories.empty() || !S.ScopedGlobs.empty();
  }

  /// Follows 'if(COND) return() endif()' at the script's top level: true when C was part of it.
  bool returnGuard(const cmake::Command &C) {
    ReturnGuard::Step Step = Guard.feed(C, Options, Stack.size() - Kept);
    if (Step == ReturnGuard::Step::Other)
      return false;
    if (Step == ReturnGuard::Step::Return)
      return true;
    const ReturnGuard::Rest &Rest = Guard.rest();
    if (!BothBackendsDepth.empty())
      BothBackendsDepth.pop_back();
    Stack.pop_back();
    if (Rest.Builds == Branch::Cuda && !namesAnything()) {
      S.CudaGuard = Rest.Condition;
      S.CudaGuardLine = Rest.Line;
    }
    if (Rest.Builds != Branch::Other) {
      Stack.push_back(BranchFrame::open(Rest.Builds, Rest.Condition, Rest.Line));
      ++Kept;
    }
    return true;
  }

  std::string withFolders(const std::string &V) const {
    cmake::ExpandRules Rules;
    Rules.KeepUnresolved = true;
    Rules.GeneratorExpressionsAsText = true;
    std::optional<std::string> E = cmake::expandReferences(V, cmake::lookupIn(Folders), Rules);
    return E.value_or(V);
  }

  void noteFolder(const cmake::Command &C) {
    if (C.Args.empty())
      return;
    const std::string &Name = C.Args[0].Value;
    Folders.erase(Name);
    if (C.Args.size() != 2 || !Stack.empty())
      return;
    std::string V = withFolders(C.Args[1].Value);
    for (const char *Prefix : {"${CMAKE_CURRENT_SOURCE_DIR}", "${CMAKE_CURRENT_LIST_DIR}"})
      if (V.rfind(Prefix, 0) == 0)
        V = Dir.string() + V.substr(std::string(Prefix).size());
    if (!V.empty() && V.find_first_of("$*;?[") == std::string::npos && !isSourceName(V))
      Folders[Name] = normal(fs::path(V).is_absolute() ? fs::path(V) : Dir / V);
  }

  /// The variables C reads: '${NAME}' in any argument ('list(APPEND SRC ${SRC} x.cu)' reads SRC
  /// too, which keeps it where it was).
  void noteListReads(const cmake::Command &C, const std::string &Filled, Mention Where) {
    Where.Line = C.Line;
    cmake::ExpandRules Rules;
    Rules.KeepUnresolved = true;
    Rules.GeneratorExpressionsAsText = true;
    auto Note = [&](const std::string &Name) {
      if (Name != Filled)
        S.ListReads[Name].push_back(Where);
      return cmake::VariableValue::unknown();
    };
    for (const auto &A : C.Args)
      cmake::expandReferences(A.Value, Note, Rules);
  }

  std::string hipCondition() const {
    for (const Frame &F : Stack)
      if (F.Current == Branch::Hip)
        return F.Condition + " (line " + std::to_string(F.Line) + ")";
    return "";
  }

  /// A non-recursive glob whose folder part is literal names the files it matches; false for others.
  bool addLiteralGlob(const std::string &Item, unsigned Line, bool InCuda) {
    Script Into;
    addPath(Into, Dir, Item, Line, Stack);
    Mention M = std::move(Into.Mentions.back());
    // The script's own folder spelled out is still a literal folder (Kokkos' Cuda/*.cpp).
    std::string Local = Item;
    for (std::string_view Own : {"${CMAKE_CURRENT_SOURCE_DIR}/", "${CMAKE_CURRENT_LIST_DIR}/"})
      if (Local.compare(0, Own.size(), Own) == 0)
        Local.erase(0, Own.size());
    fs::path Pattern(Local);
    std::string Folder = Pattern.parent_path().string();
    if (Folder.find_first_of("$*?[") != std::string::npos)
      return false;
    M.Computed = false;
    M.Path = normal(Dir / Pattern.parent_path());
    if (!M.Path.empty() && M.Path.back() == '/')
      M.Path.pop_back();
    M.Glob = Item;
    (InCuda ? S.CudaGlobs : S.OtherGlobs).push_back(std::move(M));
    return true;
  }

  /// A CUDA branch's recursive glob, or one whose folder goes through a variable, by its file-name
  /// pattern when that has a literal extension ('*.cu'; not '*' or '*.c*').
  void addWideCudaGlob(const std::string &Item, unsigned Line) {
    std::string Ext = fs::path(Item).extension().string();
    if (Ext.size() < 2 || Ext.find_first_of("*?[") != std::string::npos)
      return;
    Script Into;
    addPath(Into, Dir, Item, Line, Stack);
    Mention M = std::move(Into.Mentions.back());
    M.Glob = Item;
    S.WideCudaGlobs.push_back(std::move(M));
  }

  /// 'if(WITH_ROCM AND WITH_CUDA)': one HIP and one CUDA switch, both required.
  static bool bothBackends(const std::vector<std::string> &W) {
    if (W.size() != 3 || W[1] != "and")
      return false;
    Branch A = classifyCondition({W[0]}), B = classifyCondition({W[2]});
    return (A == Branch::Hip && B == Branch::Cuda) || (A == Branch::Cuda && B == Branch::Hip);
  }

  void noteSubdirectory(const cmake::Command &C, const Mention &Probe) {
    if (C.Args.empty())
      return;
    Mention M = Probe;
    M.Line = C.Line;
    M.Computed = C.Args[0].Value.find('$') != std::string::npos;
    fs::path Sub(C.Args[0].Value);
    M.Path = M.Computed ? C.Args[0].Value : normal(Sub.is_absolute() ? Sub : Dir / Sub);
    S.Subdirectories.push_back(std::move(M));
  }

  /// ExternalProject_Add(NAME ... SOURCE_DIR dir ...) configures a folder of the project as a build
  /// of its own (OpenImageDenoise's devices/cuda, to build it with another compiler): the folder is
  /// entered as add_subdirectory() enters one. A path under the project's top variable is looked
  /// for from the script's folder up.
  void noteExternalProject(const cmake::Command &C, const Mention &Probe) {
    for (size_t I = 1; I + 1 < C.Args.size(); ++I) {
      if (C.Args[I].Value != "SOURCE_DIR")
        continue;
      llvm::StringRef V(C.Args[I + 1].Value);
      Mention M = Probe;
      M.Line = C.Args[I + 1].Line;
      if (V.consume_front("${CMAKE_CURRENT_SOURCE_DIR}/") || V.consume_front("${CMAKE_CURRENT_LIST_DIR}/")) {
        M.Path = normal(Dir / V.str());
      } else if (V.consume_front("${PROJECT_SOURCE_DIR}/") || V.consume_front("${CMAKE_SOURCE_DIR}/")) {
        for (fs::path Up = Dir; !Up.empty() && M.Path.empty(); Up = Up.parent_path()) {
          std::error_code EC;
          if (fs::is_directory(Up / V.str(), EC))
            M.Path = normal(Up / V.str());
          if (Up == Up.parent_path())
            break;
        }
      } else if (!V.contains('$') && !V.empty()) {
        M.Path = normal(fs::path(V.str()).is_absolute() ? fs::path(V.str()) : Dir / V.str());
      }
      if (!M.Path.empty() && M.Path.find('$') == std::string::npos)
        S.Subdirectories.push_back(std::move(M));
      return;
    }
  }

  void command(const cmake::Command &C) override {
    const std::string &N = C.LowerName;
    if (auto W = Wrappers.find(N); W != Wrappers.end() && !C.Args.empty()) {
      cmake::Command Glob = C;
      Glob.LowerName = "file";
      if (!W->second.empty()) {
        cmake::Argument Mode;
        Mode.Value = W->second;
        Mode.Line = C.Line;
        Glob.Args.insert(Glob.Args.begin(), Mode);
      } else if (C.Args[0].Value != "GLOB" && C.Args[0].Value != "GLOB_RECURSE") {
        return;
      }
      InWrapper = true;
      command(Glob);
      InWrapper = false;
      return;
    }
    Options.note(C);
    if (returnGuard(C))
      return;
    bool Glob = N == "file" && !C.Args.empty() && (C.Args[0].Value == "GLOB" || C.Args[0].Value == "GLOB_RECURSE");
    if (!Glob)
      noteGlobReads(C, N);
    if (N == "if") {
      std::vector<std::string> Words = Options.words(C);
      BothBackendsDepth.push_back(bothBackends(Words));
      if (BothBackendsDepth.back())
        BothBackendsText = "'" + conditionText(C) + "' (line " + std::to_string(C.Line) + ")";
      Stack.push_back(BranchFrame::open(classifyCondition(Words, &S.BuildsHip), conditionText(C), C.Line));
      return;
    }
    if (N == "message" && !C.Args.empty() && C.Args[0].Value == "FATAL_ERROR" && !BothBackendsDepth.empty() &&
        BothBackendsDepth.back()) {
      S.ExclusiveBackends = true;
      S.ExclusiveWhy = BothBackendsText + " stops a configuration with both backends";
      return;
    }
    if ((N == "elseif" || N == "else") && !Stack.empty()) {
      if (!BothBackendsDepth.empty())
        BothBackendsDepth.back() = false; // only the arm that requires both stops the configuration
      bool IsElse = N == "else";
      Stack.back().next(IsElse, IsElse ? Branch::Other : classifyCondition(Options.words(C), &S.BuildsHip),
                        conditionText(C), C.Line, "else()");
      return;
    }
    if (N == "endif") {
      if (!Stack.empty())
        Stack.pop_back();
      if (!BothBackendsDepth.empty())
        BothBackendsDepth.pop_back();
      return;
    }
    if (N == "message")
      return;
    bool LanguageHip = false;
    for (size_t I = 0; I + 1 < C.Args.size(); ++I)
      LanguageHip |= C.Args[I].Value == "LANGUAGE" && C.Args[I + 1].Value == "HIP";
    S.BuildsHip |= LanguageHip || cmake::definesHipPlatform(C);
    if (N == "enable_language" || N == "project")
      for (const auto &A : C.Args) {
        S.BuildsHip |= A.Value == "HIP";
        if (A.Value == "CUDA" && Stack.empty() && !S.CudaLanguageLine)
          S.CudaLanguageLine = C.Line;
      }
    Mention Probe;
    context(Stack, Probe);
    if (N == "include" && !C.Args.empty() && Probe.In != Branch::Cuda) {
      llvm::StringRef V(C.Args[0].Value);
      // A module of CMake's (include(CTest)) or a path through another variable says nothing here.
      if (!V.consume_front("${CMAKE_CURRENT_SOURCE_DIR}/"))
        V.consume_front("${CMAKE_CURRENT_LIST_DIR}/");
      if (V.ends_with(".cmake") && !V.contains("${"))
        S.Included.push_back((Dir / V.str()).lexically_normal().string());
      return;
    }
    if (N == "list" && C.Args.size() >= 3 && C.Args[0].Value == "REMOVE_ITEM") {
      // Taken out, not listed: under a HIP branch, out of the HIP build's list.
      for (size_t I = 2; I < C.Args.size() && Probe.In == Branch::Hip; ++I)
        if (isSourceName(C.Args[I].Value)) {
          Script Into;
          addPath(Into, Dir, C.Args[I].Value, C.Args[I].Line, {});
          Into.Mentions.back().List = C.Args[1].Value;
          Into.Mentions.back().Condition = hipCondition();
          S.RemovedForHip.push_back(std::move(Into.Mentions.back()));
        }
      return;
    }
    std::string List = N == "set" && !C.Args.empty()                                      ? C.Args[0].Value
                       : N == "list" && C.Args.size() >= 2 && C.Args[0].Value == "APPEND" ? C.Args[1].Value
                                                                                          : "";
    noteListReads(C, List, Probe);
    if (N == "set")
      noteFolder(C);
    if (N == "add_subdirectory") {
      noteSubdirectory(C, Probe);
      return;
    }
    if (N == "externalproject_add") {
      noteExternalProject(C, Probe);
      return;
    }
    for (const auto &A : C.Args) {
      for (const cmake::Piece &P : cmake::listElements(A)) {
        std::string Item(P.Text);
        if (Glob && Item.find('*') != std::string::npos) {
          bool Literal = C.Args[0].Value == "GLOB" && addLiteralGlob(Item, A.Line, Probe.In == Branch::Cuda);
          std::string Folder = fs::path(Item).parent_path().string();
          if (!Literal && Probe.In != Branch::Cuda && C.Args[0].Value == "GLOB_RECURSE" && !Folder.empty() &&
              Folder.find_first_of("*?[$") == std::string::npos) {
            fs::path Base = fs::path(Folder).is_absolute() ? fs::path(Folder) : Dir / Folder;
            S.ScopedGlobs.emplace_back(Base.lexically_normal().string(), fs::path(Item).filename().string());
          } else if (!Literal && Probe.In != Branch::Cuda) {
            std::string Ext = lower(fs::path(Item).extension().string());
            std::string NamePattern = fs::path(Item).filename().string();
            std::string Variable = InWrapper || C.Args.size() < 2 ? "" : C.Args[1].Value;
            if (!Ext.empty() && Ext.find('*') == std::string::npos)
              glob(Variable, Ext, "");
            else if (NamePattern.find('$') == std::string::npos && NamePattern.find('.') != std::string::npos)
              glob(Variable, "", NamePattern); // Kokkos' desul/include/*/*/*.inc*
            else
              glob(Variable, "*", "");
          } else if (!Literal) {
            addWideCudaGlob(Item, A.Line);
          }
          continue;
        }
        if (!isSourceName(Item))
          continue;
        addPath(S, Dir, withFolders(Item), A.Line, Stack);
        S.Mentions.back().List = List;
        if (LanguageHip)
          S.Mentions.back().In = Branch::Hip; // compiled as HIP, wherever it is listed
      }
    }
  }
};

void readCMake(const ProjectModel &Model, const fs::path &P, Script &S, const GlobWrappers &Wrappers) {
  std::string Content = Model.read(P.string()).value_or(std::string());
  CMakeReader R(S, P.parent_path(), Wrappers);
  cmake::ParseError Error;
  if (!cmake::parseCMake(Content, R, Error))
    S.GlobExtensions.push_back("*"); // a partial read could miss a listing: decide nothing from it
  R.finish();
}

// ---- setup.py ----

std::vector<std::string> pyWords(const std::string &Cond, const std::vector<std::pair<std::string, unsigned>> &Strs) {
  std::vector<std::string> W;
  std::string Cur;
  size_t S = 0;
  for (size_t I = 0; I <= Cond.size(); ++I) {
    char C = I < Cond.size() ? Cond[I] : ' ';
    if (std::isalnum(static_cast<unsigned char>(C)) || C == '_' || C == '.') {
      Cur += static_cast<char>(std::tolower(static_cast<unsigned char>(C)));
      continue;
    }
    if (!Cur.empty())
      W.push_back(Cur);
    Cur.clear();
    if (C == '"' && I + 1 < Cond.size() && Cond[I + 1] == '"') {
      W.push_back(S < Strs.size() ? lower(Strs[S].first) : "");
      ++S;
      ++I;
    } else if (C == '=' && I + 1 < Cond.size() && Cond[I + 1] == '=') {
      W.push_back("==");
      ++I;
    } else if (C == '!' || C == '(' || C == ')') {
      W.push_back(C == '!' ? "or" : std::string(1, C)); // != : unknown
    }
  }
  return W;
}

/// Reads a setup.py. PyTorch extensions name their GPU build after CUDA whatever the vendor
/// (`CUDAExtension` is hipified in a ROCm build), so a switch such as `BUILD_CUDA_EXT` is no CUDA
/// branch when the script tests ROCm inside it (`if not ROCM_VERSION:` under `if BUILD_CUDA_EXT:`):
/// the HIP build passes there. Such conditions, as written, are \p Entered (found by a first pass
/// into \p EnteredOut); a ROCm test whose arm only raises is a guard, not a HIP path.
void readSetupPyPass(const std::vector<PyLine> &Lines, const fs::path &P, Script &S,
                     const std::set<std::string> &Entered, std::set<std::string> *EnteredOut) {
  std::vector<Frame> Stack;
  fs::path Dir = P.parent_path();
  std::vector<std::string> Pending; // conditions a ROCm test just opened inside, kept unless it only raises
  size_t PendingIndent = 0;
  // \p Elif: the condition is the next arm of Stack.back()'s chain, not inside its current arm (an
  // 'elif _is_hip():' after 'if _is_cuda():' tests ROCm beside the CUDA arm, not inside it).
  auto Classify = [&](const std::string &Cond, const std::string &Head, const PyLine &L, bool Elif) {
    bool NamesHip = false;
    Branch B = classifyCondition(pyWords(Cond, L.Strings), &NamesHip);
    S.BuildsHip |= NamesHip;
    if (NamesHip && EnteredOut) {
      Pending.clear();
      for (size_t I = 0; I + (Elif ? 1 : 0) < Stack.size(); ++I)
        if (Stack[I].Current == Branch::Cuda)
          Pending.push_back(Stack[I].Condition);
      PendingIndent = L.Indent;
    }
    return B == Branch::Cuda && Entered.count(Head) ? Branch::Other : B;
  };
  for (const PyLine &L : Lines) {
    std::string Code = L.Code;
    size_t Start = Code.find_first_not_of(" \t");
    std::string Head = Start == std::string::npos ? "" : Code.substr(Start);
    auto keyword = [&](const char *K) {
      size_t N = std::char_traits<char>::length(K);
      return Head.compare(0, N, K) == 0 &&
             (Head.size() == N || !(std::isalnum(static_cast<unsigned char>(Head[N])) || Head[N] == '_'));
    };
    if (!Pending.empty()) {
      if (!(L.Indent > PendingIndent && (keyword("raise") || Head.rfind("sys.exit", 0) == 0)))
        EnteredOut->insert(Pending.begin(), Pending.end());
      Pending.clear();
    }
    bool IsElse = keyword("else") || keyword("elif");
    while (!Stack.empty() && (L.Indent < Stack.back().Indent || (L.Indent == Stack.back().Indent && !IsElse)))
      Stack.pop_back();
    if (Code.find("glob") != std::string::npos || Code.find("listdir") != std::string::npos ||
        Code.find("os.walk") != std::string::npos || Code.find("rglob") != std::string::npos) {
      Mention Probe;
      context(Stack, Probe);
      if (Probe.In != Branch::Cuda)
        S.GlobExtensions.push_back("*"); // a computed source list: any file could be in it
    }
    if (keyword("if") || keyword("elif") || keyword("else")) {
      size_t Colon = Head.rfind(':');
      std::string Cond = Head.substr(Head.find(' ') == std::string::npos ? Head.size() : Head.find(' '));
      if (Colon != std::string::npos && Colon + 1 < Head.size() &&
          Head.find_first_not_of(" \t", Colon + 1) != std::string::npos) {
        // 'if x: body' on one line: the body's strings are read in the outer branch (kept).
      } else if (keyword("if")) {
        Stack.push_back(BranchFrame::open(Classify(Cond, Head, L, false), Head, L.Line, L.Indent));
        continue;
      } else if (!Stack.empty() && Stack.back().Indent == L.Indent) {
        bool IsElse = keyword("else");
        Stack.back().next(IsElse, IsElse ? Branch::Other : Classify(Cond, Head, L, true), Head, L.Line, "else:");
        if (Stack.back().Current == Branch::Cuda && Entered.count(Stack.back().Condition))
          Stack.back().Current = Branch::Other;
        continue;
      }
    }
    for (const auto &[Str, Line] : L.Strings)
      if (isSourceName(Str))
        addPath(S, Dir, Str, Line, Stack);
  }
}

void readSetupPy(const ProjectModel &Model, const fs::path &P, Script &S) {
  std::vector<PyLine> Lines = pythonLines(Model.read(P.string()).value_or(std::string()));
  std::set<std::string> Entered;
  Script First;
  readSetupPyPass(Lines, P, First, Entered, &Entered);
  readSetupPyPass(Lines, P, S, Entered, nullptr);
}

std::mutex CacheMu;
std::map<std::string, std::shared_ptr<Script>> Cache;

std::shared_ptr<Script> scriptAt(const ProjectModel &Model, const fs::path &P, bool CMake) {
  std::lock_guard<std::mutex> Lock(CacheMu);
  auto It = Cache.find(P.string());
  if (It != Cache.end())
    return It->second;
  auto S = std::make_shared<Script>();
  S->File = P.string();
  if (CMake)
    readCMake(Model, P, *S, globWrappersOf(Model));
  else
    readSetupPy(Model, P, *S);
  Cache.emplace(P.string(), S);
  return S;
}

std::map<std::string, std::shared_ptr<MakeSources>> MakeCache;

/// The Makefile of \p Dir as read, or null when it has none.
std::shared_ptr<MakeSources> makefileIn(const ProjectModel &Model, const std::string &Dir) {
  std::lock_guard<std::mutex> Lock(CacheMu);
  auto It = MakeCache.find(Dir);
  if (It != MakeCache.end())
    return It->second;
  std::shared_ptr<MakeSources> M;
  for (const char *Name : {"GNUmakefile", "makefile", "Makefile"}) {
    std::string P = (fs::path(Dir) / Name).string();
    if (!isRegularFile(P))
      continue;
    std::optional<std::string> Text = Model.read(P);
    if (Text)
      M = std::make_shared<MakeSources>(MakeSources::read(P, *Text));
    break; // make reads the first of these names it finds
  }
  MakeCache.emplace(Dir, M);
  return M;
}

/// The Makefile of \p Dir named for the HIP build (`make -f makefile.hip`), or with \p Cuda for the
/// CUDA build (`Makefile.cuda`), as read, or null.
std::shared_ptr<MakeSources> vendorMakefileIn(const ProjectModel &Model, const std::string &Dir, bool Cuda = false) {
  std::lock_guard<std::mutex> Lock(CacheMu);
  std::string Key = Dir + (Cuda ? "\n<cuda>" : "\n<hip>");
  auto It = MakeCache.find(Key);
  if (It != MakeCache.end())
    return It->second;
  std::shared_ptr<MakeSources> M;
  for (const std::string &P : backendMakefilesIn(Dir, Cuda))
    if (std::optional<std::string> Text = Model.read(P)) {
      M = std::make_shared<MakeSources>(MakeSources::read(P, *Text));
      break;
    }
  MakeCache.emplace(Key, M);
  return M;
}

/// \p Text with a leading path below the working directory shown relative to it.
std::string shownFromCwd(const std::string &Text) {
  std::error_code EC;
  std::string Cwd = fs::current_path(EC).string() + "/";
  return Text.rfind(Cwd, 0) == 0 ? Text.substr(Cwd.size()) : Text;
}

std::map<std::string, SubdirectoryChoice> FolderCache;

/// Whether the HIP build enters \p Dir, decided at the first folder between the root and it that
/// its parent's CMakeLists.txt picks through a variable.
SubdirectoryChoice backendFolderOf(const ProjectModel &Model, const std::string &Dir) {
  std::vector<std::string> Folders = Model.foldersUpToRoot(Dir);
  std::reverse(Folders.begin(), Folders.end());
  std::vector<std::string> Chain;
  auto read = Model.reader(1 << 20);
  for (size_t I = 0; I < Folders.size(); ++I) {
    std::string Script = (fs::path(Folders[I]) / "CMakeLists.txt").string();
    // Above the CMake project's top (the repository holds more than it), or a folder between two
    // scripts: add_subdirectory(gpu/${TARGET}) enters a folder two levels down (QUICK).
    if (!isRegularFile(Script))
      continue;
    if (!Chain.empty()) {
      SubdirectoryChoice C;
      {
        std::lock_guard<std::mutex> Lock(CacheMu);
        auto It = FolderCache.find(Folders[I]);
        if (It != FolderCache.end())
          C = It->second;
        else
          C = FolderCache[Folders[I]] = backendSubdirectory(Chain, Folders[I], read);
      }
      if (C.Kind == SubdirectoryChoice::CudaOnly || C.Kind == SubdirectoryChoice::Undecided)
        return C;
    }
    Chain.push_back(Script);
  }
  return {};
}

bool globMatches(const Mention &G, const fs::path &File) {
  return G.Path == File.parent_path().string() &&
         fnmatch(fs::path(G.Glob).filename().c_str(), File.filename().c_str(), FNM_PERIOD) == 0;
}

/// Whether a glob of \p S outside CUDA branches whose folder is not known may pick up a file named
/// \p Name (extension \p Ext, lower case).
bool globMayName(const Script &S, const fs::path &File, const std::string &Name, const std::string &Ext) {
  for (const std::string &G : S.GlobExtensions)
    if (G == "*" || G == Ext)
      return true;
  std::string Path = File.lexically_normal().string();
  for (const auto &[Base, Pattern] : S.ScopedGlobs)
    if (Path.compare(0, Base.size() + 1, Base + "/") == 0 && fnmatch(Pattern.c_str(), Name.c_str(), FNM_PERIOD) == 0)
      return true;
  for (const std::string &P : S.GlobNamePatterns)
    if (fnmatch(P.c_str(), Name.c_str(), FNM_PERIOD) == 0)
      return true;
  return false;
}

/// The first CUDA-branch glob of \p Scripts that matches \p File, and its script in \p Where.
const Mention *matchedByCudaGlob(const std::vector<std::shared_ptr<Script>> &Scripts, const fs::path &File,
                                 const Script *&Where) {
  for (const auto &S : Scripts)
    for (const Mention &G : S->CudaGlobs)
      if (globMatches(G, File)) {
        Where = S.get();
        return &G;
      }
  return nullptr;
}

/// The first wide CUDA-branch glob (Script::WideCudaGlobs) whose file-name pattern matches \p File.
const Mention *matchedByWideCudaGlob(const std::vector<std::shared_ptr<Script>> &Scripts, const fs::path &File,
                                     const Script *&Where) {
  for (const auto &S : Scripts)
    for (const Mention &G : S->WideCudaGlobs)
      if (fnmatch(fs::path(G.Glob).filename().c_str(), File.filename().c_str(), FNM_PERIOD) == 0) {
        Where = S.get();
        return &G;
      }
  return nullptr;
}

bool matchedByOtherGlob(const std::vector<std::shared_ptr<Script>> &Scripts, const fs::path &File) {
  for (const auto &S : Scripts)
    for (const Mention &G : S->OtherGlobs)
      if (globMatches(G, File))
        return true;
  return false;
}

/// Whether a script of \p Scripts compiles \p File outside a CUDA-only branch: by its path, by a
/// computed path that may spell its name, or by a glob that may match it.
bool listedForAnotherBuild(const std::vector<std::shared_ptr<Script>> &Scripts, const fs::path &File,
                           const std::string &Name, const std::string &Ext) {
  if (matchedByOtherGlob(Scripts, File))
    return true;
  for (const auto &S : Scripts) {
    if (globMayName(*S, File, Name, Ext))
      return true;
    for (const Mention &M : S->Mentions)
      if ((M.Computed ? M.Path == Name : M.Path == File.string()) && M.In != Branch::Cuda)
        return true;
  }
  return false;
}

/// Why the Makefiles of \p File's folders leave it out of the HIP build, or "" when they do not.
bool twinFolderNames(const std::string &Cuda, const std::string &Hip);

/// A CUDA build of its own beside its HIP twin, both Makefiles (DeepBench's code/nvidia compiles
/// its .cu files with nvcc, code/amd its ports with hipcc): the nearest Makefile above \p File
/// compiles it only with nvcc and runs no hipcc, and the folder beside it named for HIP
/// (twinFolderNames) has a Makefile with a hipcc recipe.
std::string makeTwinWhy(const ProjectModel &Model, const fs::path &File) {
  for (const std::string &Dir : Model.foldersUpToRoot(File.parent_path().string())) {
    std::shared_ptr<MakeSources> Make = makefileIn(Model, Dir);
    if (!Make)
      continue;
    unsigned Line = Make->nvccOnlyRecipeLine(File.string());
    if (!Line)
      return "";
    for (const WalkedFile &W : Model.files()) {
      std::string Name = fs::path(W.Path).filename().string();
      if (Name != "Makefile" && Name != "makefile" && Name != "GNUmakefile")
        continue;
      if (!twinFolderNames(Make->path(), W.Path))
        continue;
      std::shared_ptr<MakeSources> Twin = makefileIn(Model, fs::path(W.Path).parent_path().string());
      if (Twin && Twin->path() == W.Path && Twin->hipRecipeLine())
        return Make->path() + ":" + std::to_string(Line) +
               ": compiled only by nvcc in a CUDA build of its own; its HIP twin " + shownFromCwd(W.Path) +
               " compiles with hipcc (line " + std::to_string(Twin->hipRecipeLine()) + ")";
    }
    // A CUDA build of its own below the project's HIP build: a Makefile above compiles with hipcc
    // and does not list the file (llm.c's dev/cuda/Makefile, which stops without nvcc, below the
    // top Makefile that hipifies and builds train_gpt2.cu).
    std::vector<std::string> Above = Model.foldersUpToRoot(Dir);
    for (size_t I = 1; I < Above.size(); ++I) {
      std::shared_ptr<MakeSources> Hip = makefileIn(Model, Above[I]);
      if (!Hip)
        continue;
      if (!Hip->hipRecipeLine() || Hip->listing(File.string(), /*SkipCuda=*/true) || Hip->hipRecipeNames(File.string()))
        return "";
      return Make->path() + ":" + std::to_string(Line) + ": compiled only by nvcc in a CUDA build of its own; the " +
             "project's HIP build " + shownFromCwd(Hip->path()) + " compiles with hipcc (line " +
             std::to_string(Hip->hipRecipeLine()) + ") and does not list it";
    }
    return ""; // the nearest Makefile decides
  }
  return "";
}

std::string makefileWhy(const ProjectModel &Model, const fs::path &File) {
  // A Makefile that adds the file only under a CUDA toolkit conditional, and has a HIP one too.
  std::string MakeWhy;
  for (const std::string &Dir : Model.foldersUpToRoot(File.parent_path().string())) {
    std::shared_ptr<MakeSources> Make = makefileIn(Model, Dir);
    if (Make && Make->cudaOnly(File.string(), MakeWhy))
      break;
    MakeWhy.clear();
  }
  // A folder whose HIP build is a Makefile named for it: a source its default Makefile builds and
  // the HIP one does not is another build's.
  for (const std::string &Dir : Model.foldersUpToRoot(File.parent_path().string())) {
    std::shared_ptr<MakeSources> Hip = vendorMakefileIn(Model, Dir), Default = makefileIn(Model, Dir);
    // Beside one named for the CUDA build (easyWave's Makefile.cuda and Makefile.hip, the default
    // Makefile another port's): that one is the Makefile whose sources the HIP one may not build.
    std::shared_ptr<MakeSources> Cuda = vendorMakefileIn(Model, Dir, /*Cuda=*/true);
    if (Cuda && Hip)
      Default = Cuda;
    if (!Hip || !Default || Hip->gaveUp() || !MakeWhy.empty())
      continue;
    // A list the reader could not follow to the end (a $(shell ...)) may hold anything.
    if (std::any_of(Hip->entries().begin(), Hip->entries().end(),
                    [](const MakeSources::Entry &E) { return E.Pattern.find('$') != std::string::npos; }))
      break;
    const MakeSources::Entry *Listed = Default->listing(File.string(), /*SkipCuda=*/false);
    if (Listed && !Hip->listing(File.string(), /*SkipCuda=*/true) && Hip->entries().size() > 0) {
      std::string HipName = Dir + "/" + fs::path(Hip->path()).filename().string();
      MakeWhy = Default->path() + ":" + std::to_string(Listed->Line) + ": built by this Makefile, not by " +
                shownFromCwd(HipName);
    }
    // Twins that name their sources only in rules (the Parallel Research Kernels' Makefile.cuda
    // and Makefile.hip): nvcc compiles it in the CUDA one, no recipe of the HIP one reads it.
    if (Cuda && MakeWhy.empty() && Hip->hipRecipeLine())
      if (unsigned Line = Cuda->nvccOnlyRecipeLine(File.string()); Line && !Hip->recipesMayRead(File.string()))
        MakeWhy = Cuda->path() + ":" + std::to_string(Line) + ": compiled by nvcc; no recipe of " +
                  shownFromCwd(Hip->path()) + " reads it";
    break; // the nearest folder with both Makefiles decides
  }
  if (MakeWhy.empty())
    MakeWhy = makeTwinWhy(Model, File);
  return MakeWhy.empty() ? MakeWhy : shownFromCwd(MakeWhy);
}

/// Whether a HIP branch takes \p File out of the only list that names it outside CUDA branches
/// (`set(GPU_SOURCES a.cu)`, then `list(REMOVE_ITEM GPU_SOURCES a.cu)` under `if(WITH_HIP)`).
bool removedForHip(const std::vector<std::shared_ptr<Script>> &Scripts, const fs::path &File, const std::string &Ext,
                   std::string &Why) {
  const Mention *Removal = nullptr;
  const Script *Where = nullptr;
  for (const auto &S : Scripts)
    for (const Mention &R : S->RemovedForHip)
      if (!R.Computed && R.Path == File.string() && !Removal) {
        Removal = &R;
        Where = S.get();
      }
  if (!Removal)
    return false;
  std::string Name = File.filename().string();
  for (const auto &S : Scripts) {
    if (globMayName(*S, File, Name, Ext))
      return false;
    for (const Mention &M : S->Mentions) {
      if (!(M.Computed ? M.Path == Name : M.Path == File.string()) || M.In == Branch::Cuda)
        continue;
      if (M.In == Branch::Hip || M.Computed || M.List != Removal->List)
        return false; // listed some other way too
    }
  }
  Why = shownFromCwd(Where->File) + ":" + std::to_string(Removal->Line) + ": removed from '" + Removal->List +
        "' under '" + Removal->Condition + "'";
  return true;
}

/// The first read of the variable \p List when every read of it in \p Scripts is in a CUDA
/// branch; null when one is not, when nothing reads it, or for no variable.
const Mention *onlyCudaReads(const std::vector<std::shared_ptr<Script>> &Scripts, const std::string &List) {
  if (List.empty())
    return nullptr;
  const Mention *First = nullptr;
  for (const auto &S : Scripts)
    if (auto It = S->ListReads.find(List); It != S->ListReads.end())
      for (const Mention &R : It->second) {
        if (R.In != Branch::Cuda)
          return nullptr;
        if (!First)
          First = &R;
      }
  return First;
}

/// Whether \p S names \p File in any way: by its path, by a computed path that may spell its name,
/// or by a glob that may match it.
bool namesFile(const Script &S, const fs::path &File, const std::string &Ext) {
  std::string Name = File.filename().string();
  if (globMayName(S, File, Name, Ext))
    return true;
  for (const auto *Globs : {&S.CudaGlobs, &S.OtherGlobs})
    for (const Mention &G : *Globs)
      if (globMatches(G, File))
        return true;
  return std::any_of(S.Mentions.begin(), S.Mentions.end(),
                     [&](const Mention &M) { return M.Computed ? M.Path == Name : M.Path == File.string(); });
}

/// Whether \p A and \p B both list some source by its path: two builds of the same code.
bool shareASource(const Script &A, const Script &B) {
  std::set<std::string> Paths;
  for (const Mention &M : A.Mentions)
    if (!M.Computed)
      Paths.insert(M.Path);
  return std::any_of(B.Mentions.begin(), B.Mentions.end(),
                     [&](const Mention &M) { return !M.Computed && Paths.count(M.Path); });
}

/// Whether \p Hip's folder is \p Cuda's twin by name: siblings whose names differ only by the
/// vendor word (mixbench-cuda and mixbench-hip, cuda and hip, foo_cuda and foo_rocm), or the same
/// folder of two such trees (CUDA/BT and HIP/BT).
bool twinFolderNames(const std::string &Cuda, const std::string &Hip) {
  fs::path C = fs::path(Cuda).parent_path(), H = fs::path(Hip).parent_path();
  while (C != H && C.filename() == H.filename() && C.has_parent_path() && C.parent_path() != C)
    C = C.parent_path(), H = H.parent_path();
  if (C == H || C.parent_path() != H.parent_path())
    return false;
  std::string CName = asciiLower(C.filename().string()), HName = asciiLower(H.filename().string());
  auto isSep = [](char Ch) { return Ch == '-' || Ch == '_' || Ch == '.'; };
  // The vendor word as a whole word of the name: 'x-cuda' and 'x-hip', 'nvidia' and 'amd'.
  for (std::string CWord : {"cuda", "nvidia"})
    for (size_t At = CName.find(CWord); At != std::string::npos; At = CName.find(CWord, At + 1)) {
      size_t End = At + CWord.size();
      bool Whole = (At == 0 || isSep(CName[At - 1])) && (End == CName.size() || isSep(CName[End]));
      if (!Whole)
        continue;
      for (const char *Word : {"hip", "rocm", "amd"})
        if (CName.substr(0, At) + Word + CName.substr(End) == HName)
          return true;
    }
  return false;
}

/// Why \p File belongs to a CUDA build that has a HIP twin beside it rather than a HIP branch
/// (`cuda/CMakeLists.txt` and `hip/CMakeLists.txt`, each a project() of its own, both listing
/// `../src/common.c`, one `../src/k.cu` and the other `../src/k.hip`), or "" when it does not.
/// Every script of \p Scripts (the file's folders) and of the walk that names the file must be a
/// CUDA project with no HIP in it, naming it by its path; some other script must build HIP, list a
/// source the CUDA one lists too (or sit in the sibling folder named for HIP), and not name the
/// file. A CUDA project beside an unrelated HIP example shares no source with it and stays in
/// scope: a project without a HIP build is ported whole.
std::string siblingCudaProjectWhy(const ProjectModel &Model, const fs::path &File, const std::string &Ext,
                                  const std::vector<std::shared_ptr<Script>> &Scripts) {
  std::set<std::string> Paths(Model.cmakeScripts().begin(), Model.cmakeScripts().end());
  for (const auto &S : Scripts)
    if (fs::path(S->File).filename() == "CMakeLists.txt")
      Paths.insert(S->File);
  std::vector<std::shared_ptr<Script>> Listers, Others;
  for (const auto &P : Paths) {
    std::shared_ptr<Script> S = scriptAt(Model, P, true);
    (namesFile(*S, File, Ext) ? Listers : Others).push_back(S);
  }
  for (const auto &S : Scripts)
    if (fs::path(S->File).filename() != "CMakeLists.txt" && namesFile(*S, File, Ext))
      return ""; // a setup.py: its branches decide
  if (Listers.empty())
    return "";
  auto Literal = [&](const Script &S) {
    auto It = std::find_if(S.Mentions.begin(), S.Mentions.end(),
                           [&](const Mention &M) { return !M.Computed && M.Path == File.string(); });
    return It == S.Mentions.end() ? nullptr : &*It;
  };
  for (const auto &S : Listers)
    if (S->BuildsHip || !S->CudaLanguageLine || !Literal(*S))
      return ""; // named by a HIP build, by a script that is not a CUDA build of its own, or by a pattern
  const Script &Lister = *Listers.front();
  auto Twin = std::find_if(Others.begin(), Others.end(), [&](const auto &S) {
    return S->BuildsHip && (shareASource(Lister, *S) || twinFolderNames(Lister.File, S->File));
  });
  if (Twin == Others.end())
    return "";
  const Mention &Listing = *Literal(Lister);
  return shownFromCwd(Lister.File) + ":" + std::to_string(Listing.Line) +
         ": listed only by a CUDA project (CUDA enabled at line " + std::to_string(Lister.CudaLanguageLine) +
         "); its HIP twin " + shownFromCwd((*Twin)->File) +
         (shareASource(Lister, **Twin) ? " builds the same sources without it" : " builds the same program for HIP");
}

/// What a backend scheme driven by a variable (see BackendRegistry.h) says of \p File, read from
/// the project's top CMakeLists.txt on the way from the root down to it.
BackendRegistry::Verdict registeredBackendOf(const ProjectModel &Model, const fs::path &File) {
  std::vector<std::string> Folders = Model.foldersUpToRoot(File.parent_path().string());
  std::string Top;
  for (auto It = Folders.rbegin(); It != Folders.rend() && Top.empty(); ++It)
    if (isRegularFile((fs::path(*It) / "CMakeLists.txt").string()))
      Top = (fs::path(*It) / "CMakeLists.txt").string();
  if (Top.empty())
    return {};
  return Model.backendRegistry(Top).of(File.string());
}

} // namespace

/// Whether \p Line runs a CMake file of \p Folder that compiles nothing: `include(cuda/get_info.cmake)`
/// (Ginkgo's build summary) where that file names no source and adds or extends no target. A
/// relative path is CMake's, from the folder being configured: the root's or the includer's.
bool includesOnlySettings(const ProjectModel &Model, llvm::StringRef Line, const std::string &Folder,
                          const fs::path &ScriptDir, const fs::path &Root) {
  llvm::StringRef T = Line.trim();
  if (!T.consume_front_insensitive("include(") || !T.contains(')'))
    return false;
  std::string Arg = T.split(')').first.trim().trim('"').str();
  if (Arg.empty() || Arg.find_first_of("$ ;") != std::string::npos || !llvm::StringRef(Arg).ends_with(".cmake"))
    return false;
  for (const fs::path &Base : {Root, ScriptDir}) {
    std::string Path = normal(Base / Arg);
    if (Path.rfind(Folder + "/", 0) != 0)
      continue;
    std::optional<std::string> Text = Model.read(Path, 1 << 20);
    if (!Text)
      continue;
    llvm::StringRef Body(*Text);
    for (const char *Builds : {"add_library", "add_executable", "target_sources", "glob", "include(",
                               "add_subdirectory", "set_source_files_properties"})
      if (Body.contains_insensitive(Builds))
        return false;
    std::string Word;
    for (char C : *Text + " ") {
      if (std::isalnum(static_cast<unsigned char>(C)) || C == '_' || C == '.' || C == '/' || C == '-') {
        Word += C;
        continue;
      }
      if (isSourceName(Word))
        return false;
      Word.clear();
    }
    return true;
  }
  return false;
}

/// Whether \p Line names the path \p Prefix ("cuda/", "../cuda/") as a path of its own: at the start
/// of an argument or after a variable ('${PROJECT_SOURCE_DIR}/cuda/'), never inside another word
/// ('clang-cuda/g++') or folder ('thrust/system/cuda/'); comments are not read. Its include folder
/// ('${CMAKE_CURRENT_SOURCE_DIR}/cuda/include', a documentation tool's header path) holds headers,
/// which no build compiles on their own: a path into it names nothing the build compiles.
bool namesPath(llvm::StringRef Line, llvm::StringRef Prefix) {
  Line = Line.split('#').first;
  for (size_t At = Line.find(Prefix); At != llvm::StringRef::npos; At = Line.find(Prefix, At + 1)) {
    char Before = At ? Line[At - 1] : ' ';
    if (!std::isspace(static_cast<unsigned char>(Before)) && Before != '"' && Before != '(' && Before != '\'' &&
        !(Before == '/' && At >= 2 && Line[At - 2] == '}'))
      continue;
    // A path in the build folder ('${CMAKE_CURRENT_BINARY_DIR}/cuda/preinstall', ExternalProject's
    // 'BINARY_DIR cuda/build') only shares the name.
    llvm::StringRef Head = Line.take_front(At);
    if (Before == '/' && Head.drop_back().rsplit("${").second.contains("BINARY_DIR"))
      continue;
    llvm::StringRef Word = Head.rtrim(" \t\"(");
    Word = Word.drop_front(std::min(Word.size(), Word.find_last_of(" \t(") + 1));
    if (Word == "BINARY_DIR" || Word == "STAMP_DIR" || Word == "PREFIX" || Word == "TMP_DIR" || Word == "INSTALL_DIR" ||
        Word == "DOWNLOAD_DIR" || Word == "LOG_DIR")
      continue;
    llvm::StringRef After = Line.substr(At + Prefix.size());
    if (After.consume_front("include") && (After.empty() || llvm::StringRef("/\" )\t").contains(After.front())))
      continue;
    return true;
  }
  return false;
}

std::string cudaOnlyFolderWhy(const ProjectModel &Model, const fs::path &File);

/// Whether a CMake script outside \p Folder names a path inside it, relative to its own folder or to
/// the project's root ('../ggml-cuda/', '${PROJECT_SOURCE_DIR}/platforms/cuda/src'), other than as an
/// include folder. A script in a folder only the CUDA build enters does not count (the CUDA tests
/// compiling the CUDA library's sources again).
bool namedByAnotherScriptUncached(const ProjectModel &Model, const std::string &Folder) {
  std::string Inside = Folder + "/";
  std::string FromRoot = fs::path(Folder).lexically_relative(Model.root()).generic_string() + "/";
  for (const WalkedFile &W : Model.files()) {
    if (W.Path.rfind(Inside, 0) == 0 || !cmake::isCMakeFile(W.Path))
      continue;
    std::optional<std::string> Text = Model.read(W.Path, 1 << 20);
    if (!Text)
      continue;
    std::string FromScript = fs::path(Folder).lexically_relative(fs::path(W.Path).parent_path()).generic_string() + "/";
    for (llvm::StringRef Rest(*Text); !Rest.empty();) {
      auto [Line, Tail] = Rest.split('\n');
      Rest = Tail;
      // An include folder inside it (a CUDA plugin reading the CUDA platform's headers) compiles
      // nothing of it.
      if (!(namesPath(Line, FromScript) || namesPath(Line, FromRoot)) ||
          Line.contains_insensitive("include_directories") ||
          includesOnlySettings(Model, Line, Folder, fs::path(W.Path).parent_path(), Model.root()))
        continue;
      // Asked only of a script that names the folder: deciding its own folder walks the scripts
      // above it.
      if (!cudaOnlyFolderWhy(Model, W.Path).empty())
        break;
      return true;
    }
  }
  return false;
}

std::mutex NamedMu;
std::map<std::string, bool> NamedCache;

bool namedByAnotherScript(const ProjectModel &Model, const std::string &Folder) {
  {
    std::lock_guard<std::mutex> Lock(NamedMu);
    auto It = NamedCache.find(Folder);
    if (It != NamedCache.end())
      return It->second;
  }
  // Two CUDA folders whose scripts name each other: the question comes back to a folder being
  // decided, and the answer that keeps its files is the safe one.
  thread_local std::set<std::string> Deciding;
  if (!Deciding.insert(Folder).second)
    return true;
  bool Named = namedByAnotherScriptUncached(Model, Folder);
  Deciding.erase(Folder);
  std::lock_guard<std::mutex> Lock(NamedMu);
  NamedCache[Folder] = Named;
  return Named;
}

/// Why the folders of \p File are entered only by the CUDA build, or "": the nearest folder that
/// the scripts above it add with add_subdirectory() only in CUDA branches ('if(CUDAToolkit_FOUND)'
/// 'add_subdirectory(platforms/cuda)'). A folder a variable may name, or that no script adds,
/// decides nothing.
std::string cudaOnlyFolderWhy(const ProjectModel &Model, const fs::path &File) {
  std::vector<std::string> Folders = Model.foldersUpToRoot(File.parent_path().string());
  // Without a HIP build above it, a CUDA folder is code to port, not another build's.
  if (std::none_of(Folders.begin(), Folders.end(), [&Model](const std::string &D) {
        fs::path Script = fs::path(D) / "CMakeLists.txt";
        return isRegularFile(Script.string()) && scriptAt(Model, Script, true)->BuildsHip;
      }))
    return "";
  for (size_t I = 0; I + 1 < Folders.size(); ++I) {
    const std::string &Folder = Folders[I];
    if (!isRegularFile(Folder + "/CMakeLists.txt"))
      continue;
    // The folder's own script stops unless the CUDA backend is configured (mars' examples:
    // 'if(NOT MARS_ENABLE_UNSTRUCTURED OR NOT MARS_ENABLE_CUDA) return()').
    if (std::shared_ptr<Script> Own = scriptAt(Model, fs::path(Folder) / "CMakeLists.txt", true);
        !Own->CudaGuard.empty() && !namedByAnotherScript(Model, Folder))
      return shownFromCwd(Own->File) + ":" + std::to_string(Own->CudaGuardLine) +
             ": the folder's script builds only for CUDA ('" + Own->CudaGuard + "')";
    const Mention *Cuda = nullptr;
    bool EnteredWithParent = false;
    for (size_t J = I + 1; J < Folders.size() && !EnteredWithParent; ++J) {
      fs::path Parent(Folders[J]);
      if (!isRegularFile((Parent / "CMakeLists.txt").string()))
        continue;
      std::shared_ptr<Script> S = scriptAt(Model, Parent / "CMakeLists.txt", true);
      for (const Mention &M : S->Subdirectories) {
        if (M.Computed) {
          // add_subdirectory(gpu/${TARGET}): the folder is the CUDA build's when evaluating the
          // scripts for each build says so.
          SubdirectoryChoice C = backendFolderOf(Model, File.parent_path().string());
          return C.Kind == SubdirectoryChoice::CudaOnly ? C.Why : "";
        }
        if (M.Path != Folder)
          continue;
        // Added outside a CUDA branch: entered whenever its parent is, so the folders above decide
        // (Ginkgo's cuda/test, added under if(GINKGO_BUILD_TESTS) by the CUDA-only cuda/).
        if (M.In != Branch::Cuda) {
          EnteredWithParent = true;
          Cuda = nullptr;
          break;
        }
        if (!Cuda)
          Cuda = &M;
      }
      if (Cuda && namedByAnotherScript(Model, Folder))
        return ""; // a HIP folder's script may compile its files ('file(GLOB ../ggml-cuda/*.cu)')
      if (Cuda) {
        std::string Shown = shownFromCwd((Parent / "CMakeLists.txt").string());
        return Shown + ":" + std::to_string(Cuda->Line) + ": the folder is added only under '" + Cuda->Condition +
               "' (line " + std::to_string(Cuda->ConditionLine) + ")";
      }
    }
  }
  return "";
}

bool cudaOnlyInBuildScripts(const ProjectModel &Model, const std::string &Absolute, std::string &Why,
                            std::string *Undecided) {
  fs::path File = fs::path(Absolute).lexically_normal();
  // A backend folder the HIP build does not enter (add_subdirectory(${BACKEND_DIR})).
  SubdirectoryChoice Folder = backendFolderOf(Model, File.parent_path().string());
  if (Folder.Kind == SubdirectoryChoice::CudaOnly) {
    Why = Folder.Why;
    return true;
  }
  if (Folder.Kind == SubdirectoryChoice::Undecided && Undecided)
    *Undecided = Folder.Why;
  std::string Name = File.filename().string();
  std::string Ext = lower(File.extension().string());
  std::vector<std::shared_ptr<Script>> Scripts;
  std::error_code EC;
  // The scripts of the folders up to the repository root: a setup.py above it is another project's.
  for (const std::string &Dir : Model.foldersUpToRoot(File.parent_path().string())) {
    fs::path D(Dir);
    if (isRegularFile((D / "CMakeLists.txt").string()))
      Scripts.push_back(scriptAt(Model, D / "CMakeLists.txt", true));
    if (isRegularFile((D / "setup.py").string()))
      Scripts.push_back(scriptAt(Model, D / "setup.py", false));
  }
  std::string MakeWhy = makefileWhy(Model, File);
  // A backend picked by a variable and attached to its value through a user function
  // (register_backend(cuda a.cu) ... load_backend(${BACKEND})): the HIP build is the one with the
  // variable at a HIP value, so a source attached only to CUDA's or other backends' values (std,
  // omp) is not its, unless a script of the file's folders also lists it for another build.
  BackendRegistry::Verdict Registered = registeredBackendOf(Model, File);
  if (Registered.Kind == BackendRegistry::Verdict::Undecided && Undecided && Undecided->empty())
    *Undecided = Registered.Why;
  bool OffHip =
      Registered.Kind == BackendRegistry::Verdict::CudaOnly || Registered.Kind == BackendRegistry::Verdict::OtherOnly;
  if (OffHip && !listedForAnotherBuild(Scripts, File, Name, Ext)) {
    Why = Registered.Why;
    return true;
  }
  if (removedForHip(Scripts, File, Ext, Why))
    return true;
  // A project without a HIP build (no HIP branch anywhere) is being ported whole: CUDA-only
  // branches there are the code to port. Unless it is the CUDA half of a pair of builds.
  auto BuildsHip = [&Model](const std::shared_ptr<Script> &S) {
    return S->BuildsHip || std::any_of(S->Included.begin(), S->Included.end(), [&](const std::string &P) {
             return Model.contains(P) && isRegularFile(P) && scriptAt(Model, P, true)->BuildsHip;
           });
  };
  if (std::none_of(Scripts.begin(), Scripts.end(), BuildsHip)) {
    std::string Sibling = siblingCudaProjectWhy(Model, File, Ext, Scripts);
    Why = Sibling.empty() ? MakeWhy : Sibling;
    return !Why.empty();
  }
  // A folder only the CUDA build enters ('if(CUDAToolkit_FOUND)' 'add_subdirectory(platforms/cuda)')
  // is the CUDA backend's, with whatever its scripts list or glob, and the kernel files NVRTC
  // compiles at run time that they do not.
  Why = cudaOnlyFolderOf(Model, File.string());
  if (!Why.empty())
    return true;
  const Mention *CudaOnly = nullptr;
  const Script *Where = nullptr;
  if (matchedByOtherGlob(Scripts, File))
    return false;
  for (const auto &S : Scripts) {
    if (globMayName(*S, File, Name, Ext))
      return false;
    for (const Mention &M : S->Mentions) {
      bool Match = M.Computed ? M.Path == Name : M.Path == File.string();
      if (!Match)
        continue;
      // Listed outside a CUDA branch into a variable that only CUDA branches read
      // ('list(APPEND cuda_sources a.cu)', then 'if(ENABLE_CUDA) list(APPEND srcs ${cuda_sources})').
      const Mention *Read = M.In == Branch::Cuda ? &M : onlyCudaReads(Scripts, M.List);
      if (!Read)
        return false; // listed for another build (or a name a computed path may spell)
      if (M.Computed)
        continue;
      if (!CudaOnly) {
        CudaOnly = Read;
        Where = S.get();
      }
    }
  }
  if (!CudaOnly)
    CudaOnly = matchedByCudaGlob(Scripts, File, Where);
  std::string Exclusive;
  for (const auto &S : Scripts)
    if (S->ExclusiveBackends && Exclusive.empty())
      Exclusive = S->ExclusiveWhy;
  if (!CudaOnly && !Exclusive.empty())
    CudaOnly = matchedByWideCudaGlob(Scripts, File, Where);
  else
    Exclusive.clear();
  if (!CudaOnly) {
    Why = MakeWhy;
    return !MakeWhy.empty();
  }
  std::string ScriptPath = Where->File;
  std::string Cwd = fs::current_path(EC).string() + "/";
  if (ScriptPath.rfind(Cwd, 0) == 0)
    ScriptPath = ScriptPath.substr(Cwd.size());
  std::string How = CudaOnly->Glob.empty() ? "listed only" : "matched only by the glob '" + CudaOnly->Glob + "'";
  Why = ScriptPath + ":" + std::to_string(CudaOnly->Line) + ": " + How + " under '" + CudaOnly->Condition + "' (line " +
        std::to_string(CudaOnly->ConditionLine) + ")" + (Exclusive.empty() ? "" : ", and " + Exclusive);
  return true;
}

std::string cudaOnlyFolderOf(const ProjectModel &Model, const std::string &Absolute) {
  static std::mutex Mu;
  static std::map<std::string, std::string> ByFolder;
  std::string Dir = fs::path(Absolute).lexically_normal().parent_path().string();
  {
    std::lock_guard<std::mutex> Lock(Mu);
    auto It = ByFolder.find(Dir);
    if (It != ByFolder.end())
      return It->second;
  }
  std::string Why = cudaOnlyFolderWhy(Model, fs::path(Absolute).lexically_normal());
  std::lock_guard<std::mutex> Lock(Mu);
  return ByFolder.emplace(Dir, Why).first->second;
}

namespace {
/// Collects the CUDA arms of one script (cudaOnlyArms).
class CudaArmReader : public cmake::ParseCallbacks {
public:
  std::vector<CudaArm> Arms;
  /// Conditions of arms that cannot configure without the CUDA toolkit although their words name
  /// no vendor (`if(${BACKEND} EQUAL 1)` with `find_package(CUDA REQUIRED)`): the same test
  /// elsewhere in the script selects the same build. Read by a first pass, used by the second.
  std::set<std::string> ToolkitConditions;
  /// Some if() of the script selects the HIP build by a switch of its own (`if(APP_USE_ROCM)`):
  /// the ROCm build configures the script with that switch, so the arms of the CUDA switch are
  /// the CUDA build's even in a project that also hipifies sources elsewhere.
  bool HipSwitch = false;

  /// After a top-level 'if(NOT CUDAToolkit_FOUND) return() endif()': the rest of the script, from
  /// this line, is a CUDA arm too.
  unsigned RestFrom = 0;
  CudaArm Rest;

  void command(const cmake::Command &C) override {
    Options.note(C);
    const std::string &N = C.LowerName;
    std::vector<std::string> Words;
    if (N == "if" || N == "elseif")
      Words = Options.words(C);
    ReturnGuard::Step Step = RestFrom ? ReturnGuard::Step::Other : Guard.feed(C, Words, Frames.size());
    if (Step == ReturnGuard::Step::Return)
      return;
    if (Step == ReturnGuard::Step::Closed && !Frames.empty()) {
      Frames.pop_back(); // the guard's own arm returns: nothing of it is built
      if (Guard.rest().Builds == Branch::Cuda) {
        RestFrom = C.EndLine + 1;
        Rest = {RestFrom, 0, Guard.rest().Condition, Guard.rest().Line, testsToolkitFound(Guard.rest().Words)};
      }
      return;
    }
    if (N == "if") {
      bool SameAsToolkitArm = ToolkitConditions.count(conditionKey(C)) != 0;
      Branch B = classifyCondition(Words);
      Frames.push_back(
          {BranchFrame::open(SameAsToolkitArm && B == Branch::Other ? Branch::Cuda : B, conditionText(C), C.Line),
           C.EndLine});
      Frames.back().HipArm = Frames.back().Frame.Current == Branch::Hip;
      HipSwitch |= B == Branch::Hip;
      Frames.back().ToolkitFound = testsToolkitFound(Words) || switchesCudaCompatible(Words) || SameAsToolkitArm;
      Frames.back().Key = conditionKey(C);
    } else if ((N == "elseif" || N == "else") && !Frames.empty()) {
      close(C.Line);
      bool IsElse = N == "else";
      bool SameAsToolkitArm = !IsElse && ToolkitConditions.count(conditionKey(C)) != 0;
      Branch B = IsElse ? Branch::Other : classifyCondition(Words);
      Frames.back().Frame.next(IsElse, SameAsToolkitArm && B == Branch::Other ? Branch::Cuda : B, conditionText(C),
                               C.Line, "else()");
      Frames.back().Start = C.EndLine;
      Frames.back().HipArm |= Frames.back().Frame.Current == Branch::Hip;
      HipSwitch |= B == Branch::Hip;
      Frames.back().ToolkitFound = testsToolkitFound(Words) || switchesCudaCompatible(Words) || SameAsToolkitArm;
      Frames.back().RequiresToolkit = false;
      Frames.back().ArmBuildsHip = false;
      Frames.back().Key = IsElse ? std::string() : conditionKey(C);
    } else if (N == "endif" && !Frames.empty()) {
      close(C.Line);
      if (Frames.back().HipArm)
        for (size_t I : Frames.back().CudaArms)
          Arms[I].NeverTakenByRocm = true;
      Frames.pop_back();
    } else if (cmake::commandBuildsHip(C)) {
      // The HIP build's own commands mark the chains whose current arm is not CUDA's.
      for (Open &O : Frames)
        if (O.Frame.Current != Branch::Cuda) {
          O.HipArm = true;
          O.ArmBuildsHip = true;
        }
    } else if (!Frames.empty() && requiresCudaToolkit(C)) {
      Frames.back().RequiresToolkit = true;
    }
  }

private:
  struct Open {
    BranchFrame Frame;
    unsigned Start = 0;           // the line the arm's condition ends on
    bool HipArm = false;          // an arm of this if() builds HIP
    bool ToolkitFound = false;    // the current arm's condition tests that CUDA was found
    bool RequiresToolkit = false; // the current arm itself stops without the CUDA toolkit
    bool ArmBuildsHip = false;    // the current arm holds a command of the HIP build
    std::vector<size_t> CudaArms; // its CUDA arms, in Arms
    std::string Key;              // the current arm's condition (conditionKey)
  };

  /// A condition's arguments as written, without the command's name: `if(X EQUAL 1)` and
  /// `elseif(X EQUAL 1)` test the same.
  static std::string conditionKey(const cmake::Command &C) {
    std::string Key;
    for (const cmake::Argument &A : C.Args) {
      Key += A.Value;
      Key += '\x1f';
    }
    return Key;
  }

  // `if(CUDAToolkit_FOUND)`, `if(CMAKE_CUDA_COMPILER)`: what find_package() or enable_language()
  // found on the machine, false where ROCm builds without a CUDA toolkit.
  // 'find_package(CUDAToolkit REQUIRED)', 'find_package(CUDA ... REQUIRED)', 'enable_language(CUDA)':
  // configuring the arm fails on a machine without nvcc and the CUDA toolkit, as a ROCm build is.
  static bool requiresCudaToolkit(const cmake::Command &C) {
    if (C.LowerName == "enable_language")
      return std::any_of(C.Args.begin(), C.Args.end(), [](const cmake::Argument &A) { return A.Value == "CUDA"; });
    if (C.LowerName != "find_package" || C.Args.empty() ||
        (C.Args[0].Value != "CUDAToolkit" && C.Args[0].Value != "CUDA"))
      return false;
    return std::any_of(C.Args.begin() + 1, C.Args.end(),
                       [](const cmake::Argument &A) { return A.Value == "REQUIRED"; });
  }

  static bool testsToolkitFound(const std::vector<std::string> &Words) {
    const BuildSwitchTable &T = buildSwitchTable();
    return std::any_of(Words.begin(), Words.end(), [&](const std::string &W) { return T.ToolkitFound.count(W) != 0; });
  }
  // 'if(USE_COREX)': another GPU maker's CUDA-compatible toolkit, never a ROCm build.
  static bool switchesCudaCompatible(const std::vector<std::string> &Words) {
    const BuildSwitchTable &T = buildSwitchTable();
    return std::any_of(Words.begin(), Words.end(), [&](const std::string &W) {
      llvm::StringRef N(W);
      if (N.starts_with("${") && N.ends_with("}"))
        N = N.drop_front(2).drop_back();
      return T.switchesCudaCompatible(N);
    });
  }

  // Ends the innermost frame's current arm before \p Line; an arm inside a CUDA one is covered.
  void close(unsigned Line) {
    Open &O = Frames.back();
    bool Outer =
        std::any_of(Frames.begin(), Frames.end() - 1, [](const Open &F) { return F.Frame.Current == Branch::Cuda; });
    // An arm whose words name no vendor but which cannot configure without the CUDA toolkit, and
    // holds nothing of the HIP build, is the CUDA build's all the same.
    bool NeedsToolkit = O.Frame.Current == Branch::Other && O.RequiresToolkit && !O.ArmBuildsHip && !O.Key.empty();
    if (NeedsToolkit)
      ToolkitConditions.insert(O.Key);
    if ((O.Frame.Current == Branch::Cuda || NeedsToolkit) && !Outer && !RestFrom && Line > O.Start + 1) {
      Frames.back().CudaArms.push_back(Arms.size());
      Arms.push_back({O.Start + 1, Line - 1, O.Frame.Condition, O.Frame.Line, O.ToolkitFound || O.RequiresToolkit});
    }
  }

  VendorOptions Options;
  std::vector<Open> Frames;
  ReturnGuard Guard;
};
} // namespace

std::vector<CudaArm> cudaOnlyArms(const std::string &Text) {
  CudaArmReader R;
  cmake::ParseError E;
  if (!cmake::parseCMake(Text, R, E))
    return {};
  if (!R.ToolkitConditions.empty()) {
    // Again, now knowing which vendor-less conditions select the CUDA build.
    CudaArmReader Again;
    Again.ToolkitConditions = std::move(R.ToolkitConditions);
    if (!cmake::parseCMake(Text, Again, E))
      return {};
    R = std::move(Again);
  }
  if (R.HipSwitch)
    for (CudaArm &A : R.Arms)
      A.NeverTakenByRocm = true;
  if (R.RestFrom) {
    R.Rest.Last = static_cast<unsigned>(std::count(Text.begin(), Text.end(), '\n')) +
                  (Text.empty() || Text.back() == '\n' ? 0 : 1);
    if (R.Rest.Last >= R.Rest.First)
      R.Arms.push_back(R.Rest);
  }
  std::sort(R.Arms.begin(), R.Arms.end(), [](const CudaArm &A, const CudaArm &B) { return A.First < B.First; });
  return R.Arms;
}

} // namespace rocmtidy::project
