#include "project/HipBuildFlags.h"

#include "buildscripts/BuildScripts.h"
#include "buildscripts/ScriptCommon.h"
#include "cmake/CMakeLint.h"
#include "cmake/CMakeParser.h"
#include "cmake/CMakeStrings.h"
#include "core/BuildSwitches.h"
#include "core/Hash.h"
#include "core/SegmentGlob.h"
#include "core/SourceKinds.h"
#include "core/StringUtil.h"
#include "core/WarpSyncTable.h"
#include "project/BackendRegistry.h"
#include "project/BuildBranch.h"
#include "project/CMakeEval.h"
#include "project/CompilerFlags.h"
#include "project/MakeSources.h"
#include "project/ProjectModel.h"
#include "project/PythonSource.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <cstddef>
#include <map>
#include <memory>
#include <set>

namespace rocmtidy::project {

namespace {

/// The items of \p Args from \p First, with a generator expression that whitespace split rejoined:
/// CMake splits '$<$<BOOL:${USE_ROCM}>:APP_GPU APP_ROCM>' into two arguments, stores them as one
/// list in the property and evaluates the expression on the joined text
/// ('$<$<BOOL:ON>:APP_GPU;APP_ROCM>'), so 'APP_ROCM>' is never a definition of its own.
std::vector<cmake::Argument> joinedGeneratorExpressions(const std::vector<cmake::Argument> &Args, size_t First) {
  std::vector<cmake::Argument> Out;
  int Open = 0; // generator expressions still open at the end of Out.back()
  for (size_t I = First; I < Args.size(); ++I) {
    if (Open > 0)
      Out.back().Value += ";" + Args[I].Value;
    else
      Out.push_back(Args[I]);
    const std::string &V = Args[I].Value;
    for (size_t J = 0; J < V.size(); ++J) {
      if (V[J] == '$' && J + 1 < V.size() && V[J + 1] == '<') {
        ++Open;
        ++J;
      } else if (V[J] == '>' && Open > 0) {
        --Open;
      }
    }
  }
  return Out;
}

namespace path = llvm::sys::path;

struct Frame : BranchFrame {
  explicit Frame(BranchFrame B) : BranchFrame(std::move(B)) {}
  /// Per arm, the flags this undecided condition kept from the HIP build (flag -> script line),
  /// and the left-out records they made: a flag that every arm of an if/else sets is set either
  /// way (`if(CMAKE_VERSION VERSION_GREATER_EQUAL 3.23)` FILE_SET BASE_DIRS, else
  /// target_include_directories of the same folder).
  std::vector<std::map<std::string, unsigned>> Arms{1};
  std::vector<std::pair<size_t, std::vector<std::string>>> LeftOutAt;
  bool HasElse = false;
  /// In the current arm, while this condition is the innermost: the defines left out (with the
  /// target they were given to, empty for a folder's) and the sources named (target, absolute
  /// path). Those sources are compiled only where the arm is taken, so its defines are theirs
  /// (EKAT: 'if(EKAT_ENABLE_MPI)' adds ekat_comm.cpp and defines EKAT_ENABLE_MPI for its target).
  struct ArmDefine {
    std::string Arg, Target;
    unsigned Line = 0;
  };
  std::vector<ArmDefine> ArmDefines;
  std::vector<std::pair<std::string, std::string>> ArmSources;
};

std::string normalJoin(const std::string &Dir, const std::string &P) {
  llvm::SmallString<256> S;
  if (path::is_absolute(P))
    S = P;
  else {
    S = Dir;
    path::append(S, P);
  }
  path::remove_dots(S, /*remove_dot_dot=*/true);
  return std::string(S.str());
}

std::vector<std::string> segments(const std::string &P) {
  std::vector<std::string> Out;
  llvm::SmallVector<llvm::StringRef, 16> Parts;
  llvm::StringRef(P).split(Parts, '/', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef S : Parts)
    Out.push_back(S.str());
  return Out;
}

bool segmentMatches(const std::string &Pattern, const std::string &Name) {
  if (Pattern.find_first_of("*?[") == std::string::npos)
    return Pattern == Name;
  SegmentGlob G;
  std::string Error;
  return SegmentGlob::compile(Pattern, G, Error) && G.match(Name);
}

bool patternMatches(const HipBuildFlags::Script::Pattern &P, const std::vector<std::string> &File) {
  const auto &S = P.Segments;
  if (S.empty())
    return false;
  if (!P.Recurse) {
    if (S.size() != File.size())
      return false;
    for (size_t I = 0; I < S.size(); ++I)
      if (!segmentMatches(S[I], File[I]))
        return false;
    return true;
  }
  // GLOB_RECURSE dir/*.cu: the folder segments, then the name at any depth below them.
  if (File.size() < S.size())
    return false;
  for (size_t I = 0; I + 1 < S.size(); ++I)
    if (!segmentMatches(S[I], File[I]))
      return false;
  return segmentMatches(S.back(), File.back());
}

/// The cache variables a script tests against a HIP value ('if(TARGET_DEVICE STREQUAL "HIP")'),
/// with that value as written: the user picks the backend with them on the command line, so in
/// the HIP build they hold the HIP value, whatever default 'set(... CACHE ...)' gives (Allen's
/// 'TARGET_DEVICE_${TARGET_DEVICE}' define is TARGET_DEVICE_HIP there, not the CPU default's).
class HipChoices : public cmake::ParseCallbacks {
public:
  std::map<std::string, std::string> Values;
  /// Some if() of the script selects the HIP build (`if(COMB_ENABLE_HIP)`): the HIP build
  /// configures the script, and its unconditional commands are that build's too.
  bool HipBranch = false;
  void command(const cmake::Command &C) override {
    Options.note(C);
    if (C.LowerName != "if" && C.LowerName != "elseif")
      return;
    HipBranch = HipBranch || classifyCondition(Options.words(C)) == Branch::Hip;
    const BuildSwitchTable &T = buildSwitchTable();
    for (size_t I = 1; I + 1 < C.Args.size(); ++I)
      if (asciiLower(C.Args[I].Value) == "strequal" && T.HipValues.count(asciiLower(C.Args[I + 1].Value)))
        Values.emplace(C.Args[I - 1].Value, C.Args[I + 1].Value);
  }

private:
  VendorOptions Options;
};

/// A function or macro a script defines (or a file it include()s): its parameters and body, run
/// where it is called.
struct Definition {
  std::vector<std::string> Params;
  std::vector<cmake::Command> Body;
  bool Included = false; // defined in a file include() read: its lines are not the caller's
};

/// A project file include() was followed into: its text, which its commands point into, and the
/// function() and macro() definitions and include()s at its top level. Each file is read and
/// parsed once per run, whichever scripts include it.
struct IncludedScript : cmake::ParseCallbacks {
  std::string Text;
  std::vector<std::pair<std::string, Definition>> Found; // lower-case name, definition
  std::vector<std::string> Includes;                     // as written, resolved by the includer
  unsigned Depth = 0;
  bool Recording = false; // the definition being read has a name, and is Found.back()
  void command(const cmake::Command &C) override {
    const std::string &N = C.LowerName;
    bool Opens = N == "function" || N == "macro", Closes = N == "endfunction" || N == "endmacro";
    if (Depth == 0 && Opens) {
      Recording = !C.Args.empty();
      if (Recording) {
        Definition D;
        D.Included = true;
        for (size_t I = 1; I < C.Args.size(); ++I)
          D.Params.push_back(C.Args[I].Value);
        Found.emplace_back(asciiLower(C.Args[0].Value), std::move(D));
      }
    } else if (Depth == 0 && N == "include" && !C.Args.empty()) {
      Includes.push_back(C.Args[0].Value);
    } else if (Depth > 0 && Recording && !(Depth == 1 && Closes)) {
      Found.back().second.Body.push_back(C);
    }
    if (Opens)
      ++Depth;
    else if (Closes && Depth > 0)
      --Depth;
  }
};
/// By absolute path; null for a file that could not be read or parsed.
using IncludeCache = std::map<std::string, std::shared_ptr<const IncludedScript>>;

/// \p P read and parsed, once per run (kept in \p Cache); null when it cannot be.
const IncludedScript *parsedOnce(IncludeCache &Cache, const HipBuildFlags::Reader &Read, const std::string &P) {
  auto [It, New] = Cache.try_emplace(P);
  if (!New)
    return It->second.get();
  std::optional<std::string> Text = Read(P);
  if (!Text)
    return nullptr;
  auto Script = std::make_shared<IncludedScript>();
  Script->Text = std::move(*Text);
  cmake::ParseError E;
  if (!cmake::parseCMake(Script->Text, *Script, E))
    return nullptr;
  It->second = std::move(Script);
  return It->second.get();
}

/// The functions and macros the project's .cmake files define, by lower-case name, where exactly
/// one file defines the name. CMake's functions are global: a helper a module defines (found
/// through CMAKE_MODULE_PATH, or loaded by a loop over a folder's modules) is called by scripts
/// that never include() that module themselves (DLA-Future's DLAF_addTest).
using ProjectFunctions = std::map<std::string, const Definition *>;

ProjectFunctions projectFunctions(const std::vector<std::string> &Scripts, IncludeCache &Cache,
                                  const HipBuildFlags::Reader &Read) {
  ProjectFunctions Out;
  std::set<std::string> Twice;
  for (const std::string &P : Scripts) {
    if (path::filename(P) == "CMakeLists.txt" || !cmake::isCMakeFile(P))
      continue;
    const IncludedScript *S = parsedOnce(Cache, Read, P);
    if (!S)
      continue;
    std::set<std::string> Here; // a file that defines a name twice counts once (the first)
    for (const auto &[Name, D] : S->Found)
      if (Here.insert(Name).second && !Twice.count(Name) && !Out.emplace(Name, &D).second) {
        Out.erase(Name);
        Twice.insert(Name);
      }
  }
  return Out;
}

/// The commands this reader interprets itself: a project function of the same name (CMake lets a
/// project override a command) is not run in their place.
bool readerCommand(const std::string &N) {
  static const std::set<std::string, std::less<>> Names = {"add_compile_definitions",
                                                           "add_definitions",
                                                           "add_executable",
                                                           "add_library",
                                                           "add_subdirectory",
                                                           "cmake_parse_arguments",
                                                           "else",
                                                           "elseif",
                                                           "endfunction",
                                                           "endif",
                                                           "endmacro",
                                                           "file",
                                                           "function",
                                                           "if",
                                                           "include",
                                                           "include_directories",
                                                           "list",
                                                           "macro",
                                                           "message",
                                                           "project",
                                                           "set",
                                                           "set_property",
                                                           "set_source_files_properties",
                                                           "set_target_properties",
                                                           "target_compile_definitions",
                                                           "target_compile_features",
                                                           "target_include_directories",
                                                           "target_link_libraries",
                                                           "target_sources"};
  return Names.count(N) != 0;
}

/// Reads one script: what it compiles, and its HIP build's flags.
class ScriptReader : public cmake::ParseCallbacks {
public:
  ScriptReader(HipBuildFlags::Script &S, std::vector<LeftOutFlag> &LeftOut, bool BuildsHip, const std::string &Top,
               const HipBuildFlags::Reader &Read, IncludeCache &Includes,
               std::map<std::string, std::string> HipChoice = {})
      : S(S), LeftOut(LeftOut), BuildsHip(BuildsHip), Top(Top), Read(Read), Includes(Includes),
        HipChoice(std::move(HipChoice)) {
    Vars["CMAKE_CURRENT_SOURCE_DIR"] = S.Dir;
    Vars["CMAKE_CURRENT_LIST_DIR"] = S.Dir;
    Vars["CMAKE_SOURCE_DIR"] = Top;
    Vars["PROJECT_SOURCE_DIR"] = Top;
  }

  /// The project's function index, consulted for a call of a name no definition of this script
  /// (or of a file it includes) gives.
  void useProjectFunctions(const ProjectFunctions *Index) { Project = Index; }

  void command(const cmake::Command &C) override {
    const std::string &N = C.LowerName;
    if (Definitions) {
      // Bodies of function()/macro() run where they are called: kept until then.
      if (N == "function" || N == "macro")
        ++Definitions;
      else if (N == "endfunction" || N == "endmacro")
        --Definitions;
      if (Definitions && Recording)
        Recording->Body.push_back(C);
      if (!Definitions)
        Recording = nullptr;
      return;
    }
    if (N == "function" || N == "macro") {
      ++Definitions;
      Recording = nullptr;
      if (!C.Args.empty()) {
        Definition &D = Functions[asciiLower(C.Args[0].Value)];
        D = Definition();
        for (size_t I = 1; I < C.Args.size(); ++I)
          D.Params.push_back(C.Args[I].Value);
        Recording = &D;
      }
      return;
    }
    if (auto It = Functions.find(N); It != Functions.end()) {
      call(It->second, C);
      return;
    }
    if (N == "cmake_parse_arguments") {
      parseArguments(C);
      return;
    }
    if (Project && !readerCommand(N))
      if (auto It = Project->find(N); It != Project->end()) {
        call(*It->second, C);
        return;
      }
    if (N == "include" && !C.Args.empty()) {
      includeDefinitions(C);
      return;
    }
    Options.note(C);
    if (!Calls && returnGuard(C))
      return;
    if (N == "if") {
      Stack.emplace_back(BranchFrame::open(classifyCondition(Options.words(C)), conditionText(C), C.Line));
      return;
    }
    if ((N == "elseif" || N == "else") && !Stack.empty()) {
      Frame &F = Stack.back();
      armDefinesForArmSources(F);
      bool IsElse = N == "else";
      F.next(IsElse, IsElse ? Branch::Other : classifyCondition(Options.words(C)), conditionText(C), C.Line, "else()");
      F.Arms.emplace_back();
      F.HasElse |= N == "else";
      return;
    }
    if (N == "endif") {
      if (!Stack.empty()) {
        Frame F = std::move(Stack.back());
        Stack.pop_back();
        armDefinesForArmSources(F);
        settledEitherWay(F);
      }
      return;
    }
    // project(NAME) names its folder for the scripts below it: ${NAME_SOURCE_DIR}/include.
    if (N == "project" && !C.Args.empty()) {
      Vars[C.Args[0].Value + "_SOURCE_DIR"] = S.Dir;
      Vars["PROJECT_SOURCE_DIR"] = S.Dir;
      Vars["PROJECT_NAME"] = C.Args[0].Value;
      return;
    }
    if (N == "set" && !C.Args.empty()) {
      readSet(C);
      return;
    }
    if ((N == "add_library" || N == "add_executable") && C.Args.size() == 3 && C.Args[1].Value == "ALIAS") {
      std::optional<std::string> Name = expand(C.Args[0].Value), Target = expand(C.Args[2].Value);
      if (Name && Target)
        S.Aliases[*Name] = *Target;
      return;
    }
    if (N == "list" && C.Args.size() >= 2 && C.Args[0].Value == "APPEND") {
      appendToList(C);
      return;
    }
    if (N == "file" && C.Args.size() >= 2 && (C.Args[0].Value == "GLOB" || C.Args[0].Value == "GLOB_RECURSE")) {
      bool Recurse = C.Args[0].Value == "GLOB_RECURSE";
      for (size_t I = 2; I < C.Args.size(); ++I) {
        const std::string &V = C.Args[I].Value;
        if (V == "CONFIGURE_DEPENDS" || V == "FOLLOW_SYMLINKS")
          continue;
        if ((V == "LIST_DIRECTORIES" || V == "RELATIVE") && I + 1 < C.Args.size()) {
          ++I;
          continue;
        }
        if (scope() == Scope::Cuda)
          continue;
        if (std::optional<std::string> E = expand(V))
          addSource(*E, Recurse);
      }
      return;
    }
    bool Defines = N == "add_compile_definitions" || N == "target_compile_definitions";
    bool Includes = N == "include_directories" || N == "target_include_directories";
    if (Defines || Includes || N == "add_definitions") {
      size_t First = N.compare(0, 7, "target_") == 0 ? 1 : 0; // the target's name
      DefineTarget = First && Defines ? expand(C.Args[0].Value).value_or(C.Args[0].Value) : std::string();
      bool Interface = false, Public = false;
      const std::vector<cmake::Argument> Items = joinedGeneratorExpressions(C.Args, First);
      for (size_t I = 0; I < Items.size(); ++I) {
        const std::string &V = Items[I].Value;
        if (V == "PUBLIC" || V == "PRIVATE" || V == "INTERFACE") {
          // INTERFACE flags are for the target's users, not its own sources.
          Interface = V == "INTERFACE";
          Public = V == "PUBLIC";
          continue;
        }
        if (V == "SYSTEM" || V == "BEFORE" || V == "AFTER" || V.empty())
          continue;
        if (First && (Interface || Public))
          exportFlag(C.Args[0].Value, Includes ? "-I" : V.compare(0, 2, "-D") == 0 ? "" : "-D", V, Items[I].Line);
        if (Interface)
          continue;
        std::string Flag;
        if (Includes)
          Flag = "-I";
        else if (N == "add_definitions") {
          if (V.compare(0, 2, "-D") != 0)
            continue; // other flags of add_definitions are not the preprocessor's
        } else
          Flag = V.compare(0, 2, "-D") == 0 ? "" : "-D";
        if (Defines && switchedDefinitions(V, Items[I].Line))
          continue;
        note(Flag, V, Items[I].Line, Includes);
      }
      return;
    }
    if (N == "target_link_libraries" && scope() != Scope::Cuda) {
      // What a target links PUBLIC or INTERFACE (or without a keyword) its users link too: their
      // usage requirements reach the users' sources (DLA-Future's dlaf.core links dlaf.prop).
      std::optional<std::string> Target = C.Args.empty() ? std::nullopt : expand(C.Args[0].Value);
      bool Passed = true;
      for (size_t I = 1; I < C.Args.size(); ++I) {
        const std::string &V = C.Args[I].Value;
        if (V == "PUBLIC" || V == "INTERFACE" || V == "PRIVATE" || V == "LINK_PUBLIC" || V == "LINK_PRIVATE" ||
            V == "LINK_INTERFACE_LIBRARIES") {
          Passed = V != "PRIVATE" && V != "LINK_PRIVATE";
          continue;
        }
        if (std::optional<std::string> E = expand(V)) {
          S.Links.push_back(*E);
          if (Target && Passed)
            S.TargetLinks[*Target].push_back(*E);
        }
      }
      return;
    }
    // target_compile_features(t PUBLIC cxx_std_20), and the standard as a target property.
    if (N == "target_compile_features" || N == "set_target_properties" || N == "set_property") {
      bool Property = false;
      for (size_t I = 1; I < C.Args.size(); ++I) {
        const std::string &V = C.Args[I].Value;
        if (N == "target_compile_features")
          noteStandard(V, C.Args[I].Line);
        else if (Property)
          noteStandard(V, C.Args[I].Line);
        Property = V == "CXX_STANDARD" || V == "HIP_STANDARD" || V == "CUDA_STANDARD";
      }
      return;
    }
    // A HEADERS file set's base folders are include folders of the target's own sources.
    if (N == "target_sources") {
      bool Base = false, Interface = false;
      for (size_t I = 1; I < C.Args.size(); ++I) {
        const std::string &V = C.Args[I].Value;
        if (V == "PUBLIC" || V == "PRIVATE" || V == "INTERFACE") {
          Interface = V == "INTERFACE";
          Base = false;
        } else if (V == "FILE_SET" || V == "TYPE" || V == "FILES") {
          Base = false;
        } else if (V == "BASE_DIRS") {
          Base = true;
        } else if (Base && !Interface && !V.empty()) {
          note("-I", V, C.Args[I].Line, true);
        }
      }
    }
    // Any other argument that names a source: what the script compiles.
    if (N == "message" || scope() == Scope::Cuda)
      return;
    if (N == "set_source_files_properties")
      hipLanguageSources(C);
    bool Names = N == "add_library" || N == "add_executable" || N == "target_sources";
    std::string Target = Names && !C.Args.empty() ? expand(C.Args[0].Value).value_or(C.Args[0].Value) : "";
    Frame *Arm = innermostUndecided();
    for (const auto &A : C.Args) {
      llvm::SmallVector<llvm::StringRef, 8> Items;
      llvm::StringRef(A.Value).split(Items, ';', -1, false);
      for (llvm::StringRef Item : Items)
        if (sourceKindOf(Item) != SourceKind::None)
          if (std::optional<std::string> E = expand(Item.str())) {
            addSource(*E, false);
            if (Arm && Names)
              Arm->ArmSources.emplace_back(Target, normalJoin(S.Dir, *E));
          }
    }
  }

private:
  enum class Scope { Hip, Cuda, Other };

  /// Where the current command is: in the HIP build (every enclosing branch selects HIP, or none
  /// encloses it in a script that builds HIP), in a CUDA-only branch, or under another condition.
  Scope scope(const Frame **Why = nullptr) const {
    bool AllHip = true;
    for (const Frame &F : Stack) {
      if (F.Current == Branch::Cuda)
        return Scope::Cuda;
      if (F.Current != Branch::Hip) {
        if (AllHip && Why)
          *Why = &F;
        AllHip = false;
      }
    }
    bool AnyHip = false;
    for (const Frame &F : Stack)
      AnyHip |= F.Current == Branch::Hip;
    if (!AllHip)
      return Scope::Other;
    return AnyHip || BuildsHip ? Scope::Hip : Scope::Other;
  }

  /// \p V with its ${NAME} references replaced; std::nullopt when one is not known (an
  /// environment or cache variable, one set under another condition, a generator expression).
  std::optional<std::string> expand(const std::string &V, std::string *Unknown = nullptr) const {
    return cmake::expandReferences(
        V,
        [this](const std::string &Name) {
          auto It = Vars.find(Name);
          if (It == Vars.end())
            return cmake::VariableValue::unknown();
          return cmake::VariableValue::known(It->second);
        },
        {}, Unknown);
  }

  void forget(const std::string &Name) {
    Vars.erase(Name);
    Forgotten.insert(Name);
  }

  /// list(APPEND): a list never set starts empty. Under a condition other than the HIP build's the
  /// list keeps what it had: its items are there in every configuration, others may be too, and
  /// those are left out like any undecided flag (kineto's KINETO_NAMESPACE=libkineto, appended
  /// to under 'if(KINETO_ENABLE_CUPTI_PM_SAMPLING)' later, is defined either way).
  void appendToList(const cmake::Command &C) {
    const std::string &Name = C.Args[1].Value;
    std::string Add;
    bool Known = true;
    for (size_t I = 2; I < C.Args.size(); ++I) {
      std::optional<std::string> E = expand(C.Args[I].Value);
      Known &= E.has_value();
      Add += (I > 2 ? ";" : "") + E.value_or("");
    }
    auto It = Vars.find(Name);
    if (It == Vars.end() && Forgotten.count(Name))
      return; // unknown already
    // The HIP build never runs a CUDA arm's append (kineto's HAS_CUPTI beside HAS_ROCTRACER).
    if (scope() == Scope::Cuda)
      return;
    std::string Old = It == Vars.end() ? "" : It->second;
    if (scope() == Scope::Other) {
      Vars[Name] = Old;
    } else if (Known) {
      Vars[Name] = Old.empty() ? Add : Add.empty() ? Old : Old + ";" + Add;
    } else {
      forget(Name);
    }
  }

  /// The project files an include() may name (\p Written expanded), in the order CMake tries them:
  /// a module name is looked up in CMAKE_MODULE_PATH as far as that is known.
  std::vector<std::string> includedFiles(const std::string &Written) const {
    std::optional<std::string> E = expand(Written);
    std::vector<std::string> Candidates;
    if (!E || E->empty())
      return Candidates;
    if (llvm::StringRef(*E).ends_with_insensitive(".cmake") || E->find('/') != std::string::npos) {
      Candidates.push_back(normalJoin(S.Dir, *E));
    } else if (std::optional<std::string> Path = expand("${CMAKE_MODULE_PATH}")) {
      llvm::SmallVector<llvm::StringRef, 4> Dirs;
      llvm::StringRef(*Path).split(Dirs, ';', -1, /*KeepEmpty=*/false);
      for (llvm::StringRef D : Dirs)
        Candidates.push_back(normalJoin(S.Dir, D.str() + "/" + *E + ".cmake"));
    }
    Candidates.erase(
        std::remove_if(Candidates.begin(), Candidates.end(), [&](const std::string &P) { return !isWithin(P, Top); }),
        Candidates.end());
    return Candidates;
  }

  // include(file) runs the file in the includer's scope. Only the functions and macros it defines
  // are taken from it, to run where this script calls them (ERF's Exec/CMakeLists.txt includes
  // CMake/BuildERFExe.cmake and calls build_erf_lib, whose body gives the library its include
  // folders); its other commands are not run here, since the script it is written for already
  // says what it builds. A function body that include()s a file reaches its definitions too.
  void includeDefinitions(const cmake::Command &C) {
    std::vector<std::vector<std::string>> Work{includedFiles(C.Args[0].Value)};
    while (!Work.empty() && Included.size() < 16) {
      std::vector<std::string> Candidates = std::move(Work.back());
      Work.pop_back();
      const IncludedScript *Found = nullptr;
      for (const std::string &Candidate : Candidates) {
        Found = included(Candidate);
        if (Found) {
          if (!Included.insert(Candidate).second)
            Found = nullptr;
          break;
        }
      }
      if (!Found)
        continue;
      for (const auto &[Name, D] : Found->Found)
        Functions.emplace(Name, D); // the script's own definition of a name wins
      for (const std::string &W : Found->Includes)
        Work.push_back(includedFiles(W));
    }
  }

  /// \p P read and parsed, once per run; null when it cannot be.
  const IncludedScript *included(const std::string &P) { return parsedOnce(Includes, Read, P); }

  /// cmake_parse_arguments(PREFIX OPTIONS ONE_VALUE MULTI_VALUE ARGS...), or with PARSE_ARGV N
  /// first: PREFIX_<keyword> for every keyword (TRUE/FALSE for an option, empty for a keyword not
  /// given) and PREFIX_UNPARSED_ARGUMENTS. With a keyword list or an argument not known, every
  /// PREFIX_ variable of the keywords is unknown.
  void parseArguments(const cmake::Command &C) {
    size_t First = 0;
    std::optional<std::string> FromArgv;
    if (C.Args.size() >= 2 && C.Args[0].Value == "PARSE_ARGV") {
      First = 2;
      std::optional<std::string> N = expand(C.Args[1].Value), Argv = expand("${ARGV}");
      // A count is a few digits: a hostile script's long number must not overflow the parse.
      unsigned long long Count = 0;
      if (N && Argv && !llvm::StringRef(*N).getAsInteger(10, Count)) {
        llvm::SmallVector<llvm::StringRef, 8> Items;
        llvm::StringRef(*Argv).split(Items, ';', -1, false);
        size_t Skip = static_cast<size_t>(std::min<unsigned long long>(Count, Items.size()));
        FromArgv = llvm::join(llvm::ArrayRef<llvm::StringRef>(Items).drop_front(Skip), ";");
      }
    }
    if (C.Args.size() < First + 4)
      return;
    const std::string Prefix = expand(C.Args[First].Value).value_or("");
    auto words = [&](size_t I) {
      std::vector<std::string> Out;
      std::optional<std::string> E = expand(C.Args[I].Value);
      const std::string Text = E.value_or("");
      llvm::SmallVector<llvm::StringRef, 8> Items;
      llvm::StringRef(Text).split(Items, ';', -1, false);
      for (llvm::StringRef W : Items)
        Out.push_back(W.str());
      return std::make_pair(E.has_value(), Out);
    };
    auto [OptionsKnown, Options] = words(First + 1);
    auto [OneKnown, One] = words(First + 2);
    auto [MultiKnown, Multi] = words(First + 3);
    std::string Joined;
    bool ArgsKnown = First == 0 || FromArgv.has_value();
    if (First)
      Joined = FromArgv.value_or("");
    for (size_t I = First + 4; First == 0 && I < C.Args.size(); ++I) {
      std::optional<std::string> E = expand(C.Args[I].Value);
      ArgsKnown &= E.has_value();
      if (E && !E->empty())
        Joined += (Joined.empty() ? "" : ";") + *E;
    }
    std::vector<std::string> All;
    All.insert(All.end(), Options.begin(), Options.end());
    All.insert(All.end(), One.begin(), One.end());
    All.insert(All.end(), Multi.begin(), Multi.end());
    if (Prefix.empty() || !OptionsKnown || !OneKnown || !MultiKnown || !ArgsKnown) {
      const std::string Head = Prefix + "_";
      for (const std::string &K : All)
        forget(Head + K);
      forget(Head + "UNPARSED_ARGUMENTS");
      return;
    }
    std::map<std::string, std::string> Values;
    for (const std::string &K : Options)
      Values[K] = "FALSE";
    for (const std::string &K : One)
      Values[K] = "";
    for (const std::string &K : Multi)
      Values[K] = "";
    std::string Unparsed, Current;
    bool CurrentMulti = false;
    llvm::SmallVector<llvm::StringRef, 16> Items;
    llvm::StringRef(Joined).split(Items, ';', -1, false);
    for (llvm::StringRef ItemRef : Items) {
      std::string Item = ItemRef.str();
      auto Is = [&](const std::vector<std::string> &L) { return std::find(L.begin(), L.end(), Item) != L.end(); };
      if (Is(Options)) {
        Values[Item] = "TRUE";
        Current.clear();
      } else if (Is(One) || Is(Multi)) {
        Current = Item;
        CurrentMulti = Is(Multi);
      } else if (!Current.empty()) {
        std::string &V = Values[Current];
        V += (V.empty() ? "" : ";") + Item;
        if (!CurrentMulti)
          Current.clear();
      } else {
        Unparsed += (Unparsed.empty() ? "" : ";") + Item;
      }
    }
    const std::string Head = Prefix + "_";
    for (const auto &[K, V] : Values)
      Vars[Head + K] = V;
    Vars[Head + "UNPARSED_ARGUMENTS"] = Unparsed;
  }

  // A call of the script's own function: its body runs here, in this script's folder (CMake's
  // CMAKE_CURRENT_SOURCE_DIR is the caller's), with the parameters, ARGV, ARGN and ARGC bound to
  // the call's arguments; what the body sets is forgotten after it (a function's own scope).
  // An argument that cannot be resolved leaves its parameter unknown, and flags that name it out.
  void call(const Definition &D, const cmake::Command &Call) {
    if (Calls >= 4)
      return; // a function that calls itself, or a deep chain: no flags from it
    std::map<std::string, std::string> SavedVars = Vars;
    std::set<std::string> SavedForgotten = Forgotten;
    std::vector<std::optional<std::string>> Values;
    Values.reserve(Call.Args.size());
    for (const cmake::Argument &A : Call.Args)
      Values.push_back(expand(A.Value));
    auto Bind = [&](const std::string &Name, size_t From, size_t To) {
      std::string Joined;
      for (size_t I = From; I < To; ++I) {
        if (!Values[I]) {
          forget(Name);
          return;
        }
        Joined += (I > From ? ";" : "") + *Values[I];
      }
      Vars[Name] = Joined;
      Forgotten.erase(Name);
    };
    for (size_t I = 0; I < D.Params.size(); ++I) {
      if (I < Values.size())
        Bind(D.Params[I], I, I + 1);
      else
        Vars[D.Params[I]] = "";
    }
    for (size_t I = 0; I < Values.size(); ++I)
      Bind("ARGV" + std::to_string(I), I, I + 1);
    Bind("ARGV", 0, Values.size());
    Bind("ARGN", std::min(D.Params.size(), Values.size()), Values.size());
    Vars["ARGC"] = std::to_string(Values.size());
    size_t Open = Stack.size();
    ++Calls;
    // A body may define a function of the same name again (CMake then replaces it for later
    // calls): the commands run are this call's own copy.
    const std::vector<cmake::Command> Body = D.Body;
    const bool Included = D.Included;
    for (const cmake::Command &B : Body) {
      if (!Included) {
        command(B);
        continue;
      }
      // Flags are told by script and line: those of an included body are the call's.
      cmake::Command Here = B;
      Here.Line = Call.Line;
      for (cmake::Argument &A : Here.Args)
        A.Line = Call.Line;
      command(Here);
    }
    --Calls;
    if (Stack.size() > Open) // an if() the body left open ends with it
      Stack.erase(Stack.begin() + static_cast<std::ptrdiff_t>(Open), Stack.end());
    Vars = std::move(SavedVars);
    Forgotten = std::move(SavedForgotten);
  }

  void addSource(const std::string &P, bool Recurse) {
    HipBuildFlags::Script::Pattern Pat;
    Pat.Segments = segments(normalJoin(S.Dir, P));
    Pat.Recurse = Recurse;
    S.Sources.push_back(std::move(Pat));
  }

  /// '$<$<BOOL:${APP_USE_ROCM}>:APP_GPU;APP_ROCM>': definitions switched by a vendor option are
  /// the HIP build's when the option is a HIP switch (on in the HIP build, as its if() branches
  /// are) and not when it is a CUDA one. True when \p V is such an expression and was read.
  bool switchedDefinitions(const std::string &V, unsigned Line) {
    llvm::StringRef T(V);
    if (!T.consume_front("$<$<BOOL:${") || !T.consume_back(">"))
      return false;
    size_t Close = T.find("}>:");
    if (Close == llvm::StringRef::npos)
      return false;
    std::string Name = T.substr(0, Close).str();
    llvm::StringRef Body = T.substr(Close + 3);
    if (Name.find_first_of("${}<>") != std::string::npos || Body.contains("$<") || Body.contains('>'))
      return false;
    Branch B = classifyCondition({asciiLower(Name)});
    if (B == Branch::Cuda) {
      LeftOut.push_back({"-D" + V, S.Path, Line, "for the CUDA build ('" + Name + "' selects CUDA)"});
      return true;
    }
    if (B != Branch::Hip)
      return false;
    llvm::SmallVector<llvm::StringRef, 4> Defs;
    Body.split(Defs, ';', -1, false);
    for (llvm::StringRef D : Defs)
      note(D.starts_with("-D") ? "" : "-D", D.str(), Line, false);
    return true;
  }

  void note(const std::string &Prefix, const std::string &Value, unsigned Line, bool IsPath) {
    const Frame *Cond = nullptr;
    Scope Sc = scope(&Cond);
    std::string Text = Prefix + Value;
    if (Sc == Scope::Cuda)
      return; // the CUDA build's own flags: not a question for the HIP build
    if (Sc == Scope::Other) {
      // Outside any condition in a script that does not build HIP: not the HIP build's flag.
      if (Cond) {
        LeftOut.push_back(
            {Text, S.Path, Line, "conditional on '" + Cond->Condition + "' (line " + std::to_string(Cond->Line) + ")"});
        if (Frame *Arm = innermostUndecided(); Arm && !IsPath) {
          std::vector<ScriptFlag> Defs;
          if (resolve(Prefix, Value, Line, IsPath, Defs, /*Quiet=*/true))
            for (const ScriptFlag &F : Defs)
              if (llvm::StringRef(F.Arg).starts_with("-D"))
                Arm->ArmDefines.push_back({F.Arg, DefineTarget, F.Line});
        }
        // Only the innermost condition undecided: its other arms may set the same flag.
        if (Cond == &Stack.back() && !Stack.back().Arms.empty()) {
          std::vector<ScriptFlag> Kept;
          if (resolve(Prefix, Value, Line, IsPath, Kept, /*Quiet=*/true) && !Kept.empty()) {
            std::vector<std::string> Args;
            for (const ScriptFlag &F : Kept) {
              Stack.back().Arms.back().emplace(F.Arg, F.Line);
              Args.push_back(F.Arg);
            }
            Stack.back().LeftOutAt.emplace_back(LeftOut.size() - 1, std::move(Args));
          }
        }
      }
      return;
    }
    std::vector<ScriptFlag> Kept;
    resolve(Prefix, Value, Line, IsPath, Kept, /*Quiet=*/false);
    S.Flags.insert(S.Flags.end(), Kept.begin(), Kept.end());
  }

  /// set(NAME VALUE...): the variable, and the standard when NAME is a language's.
  void readSet(const cmake::Command &C) {
    // 'set(CMAKE_${GPU_RUNTIME}_STANDARD 20)': the name may be written with variables too.
    const std::string Name = expand(C.Args[0].Value).value_or(C.Args[0].Value);
    std::string Value;
    bool Known = true;
    for (size_t I = 1; I < C.Args.size(); ++I) {
      const std::string &V = C.Args[I].Value;
      if (V == "CACHE")
        if (auto It = HipChoice.find(Name); It != HipChoice.end()) {
          Value = It->second;
          break;
        }
      if (V == "CACHE" || V == "PARENT_SCOPE")
        break;
      std::optional<std::string> E = expand(V);
      Known &= E.has_value();
      Value += (I > 1 ? ";" : "") + E.value_or("");
    }
    // The standard a HIP build compiles with, for the sources below this script (C++20 code
    // does not parse as C++17). Each of CMake's language variables is taken: a HIP build
    // compiles .cu files as HIP and .cpp files with hipcc as the C++ compiler.
    if ((Name == "CMAKE_HIP_STANDARD" || Name == "CMAKE_CXX_STANDARD" || Name == "CMAKE_CUDA_STANDARD") && Known)
      noteStandard(Value, C.Args[0].Line);
    // A value set under a condition other than the HIP build's is not known for it; one set
    // under no condition is every build's.
    const Frame *Cond = nullptr;
    Scope Where = scope(&Cond);
    if (Where == Scope::Cuda)
      return; // the HIP build never runs it
    if (Known && (Where != Scope::Other || !Cond))
      Vars[Name] = Value;
    else
      forget(Name);
  }

  /// set_source_files_properties(FILES... PROPERTIES ... LANGUAGE HIP ...): the files are compiled
  /// as HIP, a C file too.
  void hipLanguageSources(const cmake::Command &C) {
    size_t Properties = 0;
    while (Properties < C.Args.size() && C.Args[Properties].Value != "PROPERTIES")
      ++Properties;
    bool Hip = false;
    for (size_t I = Properties + 1; I + 1 < C.Args.size(); I += 2)
      Hip |= C.Args[I].Value == "LANGUAGE" && expand(C.Args[I + 1].Value) == std::optional<std::string>("HIP");
    if (!Hip)
      return;
    for (size_t I = 0; I < Properties; ++I) {
      std::optional<std::string> E = expand(C.Args[I].Value);
      if (!E)
        continue;
      llvm::SmallVector<llvm::StringRef, 8> Items;
      llvm::StringRef(*E).split(Items, ';', -1, false);
      for (llvm::StringRef Item : Items)
        S.HipLanguage.push_back(normalJoin(S.Dir, Item.str()));
    }
  }

  /// An include folder or a definition a target gives its users (INTERFACE, PUBLIC). CMake hands
  /// them to every target that links it, whichever script that is. A folder is no choice between
  /// backends (a header-only library's 'include' serves both), so any script's count, except under
  /// a CUDA-only branch or a condition this reader cannot decide. A definition may be one (a
  /// backend folder's 'MOKERT_PLATFORM_CUDA' beside its HIP twin's), so only those the HIP build
  /// gives, as for the script's own sources; one whose value is not known is not given.
  void exportFlag(const std::string &Target, const std::string &Prefix, const std::string &Value, unsigned Line) {
    const Frame *Cond = nullptr;
    Scope Where = scope(&Cond);
    if (Where == Scope::Cuda || Cond || (Prefix != "-I" && Where != Scope::Hip))
      return;
    std::optional<std::string> Name = expand(Target);
    std::vector<ScriptFlag> Kept;
    if (Name && resolve(Prefix, Value, Line, /*IsPath=*/Prefix == "-I", Kept, /*Quiet=*/true))
      S.Exports[*Name].insert(S.Exports[*Name].end(), Kept.begin(), Kept.end());
  }

  void noteStandard(const std::string &Spelling, unsigned Line) {
    std::string Flag = newerLanguageStandard(Spelling);
    if (Flag.empty())
      return;
    // Unlike a define, the standard is no choice between the backends: one set outside any
    // condition holds for every build below the script, also where the script builds no HIP.
    const Frame *Cond = nullptr;
    if (scope(&Cond) == Scope::Other && !Cond) {
      S.Flags.push_back({Flag, S.Path, Line, {}});
      return;
    }
    note("", Flag, Line, false);
  }

  /// Follows 'if(COND) return() endif()' at the script's top level: the rest of the script is the
  /// HIP (CUDA) build's when COND is false only outside it. True when C was part of the guard.
  bool returnGuard(const cmake::Command &C) {
    ReturnGuard::Step Step = Guard.feed(C, Options, Stack.size() - Kept);
    if (Step == ReturnGuard::Step::Other)
      return false;
    if (Step == ReturnGuard::Step::Closed) {
      Stack.pop_back(); // what the guard's arm set before returning is no build's
      const ReturnGuard::Rest &Rest = Guard.rest();
      if (Rest.Builds != Branch::Other) {
        Stack.emplace_back(BranchFrame::open(Rest.Builds, Rest.Condition, Rest.Line));
        ++Kept;
      }
    }
    return true;
  }

  /// The innermost condition, when it is undecided (neither the HIP nor the CUDA build's) and the
  /// command is in no CUDA-only branch; null otherwise.
  Frame *innermostUndecided() {
    if (Stack.empty() || Stack.back().Current == Branch::Hip || Stack.back().Current == Branch::Cuda ||
        scope() == Scope::Cuda)
      return nullptr;
    return &Stack.back();
  }

  /// At the end of an arm of an undecided condition: each define it left out applies to the
  /// sources the same arm gave to the define's target (any target for a folder's define).
  void armDefinesForArmSources(Frame &F) {
    for (const Frame::ArmDefine &D : F.ArmDefines) {
      std::vector<std::string> Only;
      for (const auto &[Target, Path] : F.ArmSources)
        if ((D.Target.empty() || D.Target == Target) && !llvm::is_contained(Only, Path))
          Only.push_back(Path);
      if (!Only.empty())
        S.Flags.push_back({D.Arg, S.Path, D.Line, std::move(Only)});
    }
    F.ArmDefines.clear();
    F.ArmSources.clear();
  }

  /// A flag set by every arm of an if/else whose condition is undecided is the HIP build's too.
  void settledEitherWay(const Frame &F) {
    if (!F.HasElse || F.Arms.size() < 2 || scope() != Scope::Hip)
      return;
    std::vector<ScriptFlag> Settled;
    for (const auto &Flag : F.Arms.front()) {
      const std::string &Arg = Flag.first;
      bool Everywhere = std::all_of(F.Arms.begin() + 1, F.Arms.end(), [&](const auto &A) { return A.count(Arg); });
      if (Everywhere)
        Settled.push_back({Arg, S.Path, Flag.second});
    }
    if (Settled.empty())
      return;
    S.Flags.insert(S.Flags.end(), Settled.begin(), Settled.end());
    // Their "left out" records no longer hold.
    std::set<std::string> Args;
    for (const ScriptFlag &Flag : Settled)
      Args.insert(Flag.Arg);
    std::set<size_t> Drop;
    for (const auto &[At, Made] : F.LeftOutAt)
      if (At < LeftOut.size() &&
          std::all_of(Made.begin(), Made.end(), [&](const std::string &A) { return Args.count(A) != 0; }))
        Drop.insert(At);
    for (auto It = Drop.rbegin(); It != Drop.rend(); ++It)
      LeftOut.erase(LeftOut.begin() + static_cast<std::ptrdiff_t>(*It));
  }

  /// Expands \p Value into flags; false when it cannot be resolved (said unless \p Quiet).
  bool resolve(const std::string &Prefix, const std::string &Value, unsigned Line, bool IsPath,
               std::vector<ScriptFlag> &Kept, bool Quiet) {
    std::string Text = Prefix + Value;
    std::string Unknown;
    std::optional<std::string> E = expand(Value, &Unknown);
    if (!E) {
      if (!Quiet)
        LeftOut.push_back({Text, S.Path, Line, "unresolved '" + Unknown + "'"});
      return false;
    }
    llvm::SmallVector<llvm::StringRef, 4> Items;
    llvm::StringRef(*E).split(Items, ';', -1, false);
    for (llvm::StringRef Item : Items) {
      std::string I = Item.str();
      if (IsPath) {
        I = normalJoin(S.Dir, I);
        // rocm-lint picks the HIP headers itself (--hip-headers), and a CUDA toolkit's headers
        // are what the port replaces; a folder outside the project is not the project's to read.
        if (!buildscripts::toolkitRootOf(I).empty()) {
          if (!Quiet)
            LeftOut.push_back({Prefix + I, S.Path, Line, "a toolkit folder: rocm-lint chooses the HIP headers itself"});
          continue;
        }
        if (!isWithin(I, Top)) {
          if (!Quiet)
            LeftOut.push_back({Prefix + I, S.Path, Line, "outside the project folder"});
          continue;
        }
      }
      Kept.push_back({Prefix + I, S.Path, Line});
    }
    return true;
  }

  HipBuildFlags::Script &S;
  std::vector<LeftOutFlag> &LeftOut;
  bool BuildsHip;
  std::string Top;
  const HipBuildFlags::Reader &Read;
  IncludeCache &Includes;         // shared by the run's readers
  std::set<std::string> Included; // files include() was followed into
  std::vector<Frame> Stack;
  ReturnGuard Guard;
  size_t Kept = 0; // frames at the bottom of Stack for the rest of the script after a return guard
  VendorOptions Options;
  std::map<std::string, std::string> Vars;
  std::map<std::string, std::string> HipChoice;
  std::set<std::string> Forgotten;
  std::string DefineTarget; // the target of the definitions command being read (empty: a folder's)
  unsigned Definitions = 0;
  std::map<std::string, Definition> Functions; // by lower-case name
  Definition *Recording = nullptr;             // the definition whose body is being read
  unsigned Calls = 0;                          // calls of the script's functions being run
  const ProjectFunctions *Project = nullptr;   // functions of the project's .cmake files
};

} // namespace

namespace {

/// The headers \p S generates with configure_file(), as the HIP build would: served from a
/// folder that exists only inside rocm-lint, searched last (-idirafter) by the sources the script
/// reaches. The folder's name carries a digest of the contents, so that a cached result made
/// with other contents is not reused.
void configureHeaders(HipBuildFlags::Script &S, std::vector<LeftOutFlag> &Left, const std::string &Text,
                      const std::string &Top, const HipBuildFlags::Reader &Read,
                      std::vector<std::pair<std::string, std::string>> &Configured) {
  // An include()d .cmake file of the project may be the one that configures.
  std::string Lower = asciiLower(Text);
  if ((Lower.find("configure_file") == std::string::npos && Lower.find("include") == std::string::npos) ||
      !isWithin(S.Dir, Top))
    return;
  std::vector<std::string> Chain;
  std::string Rel = S.Dir.size() > Top.size() ? S.Dir.substr(Top.size() + 1) : "";
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  llvm::StringRef(Rel).split(Parts, '/', -1, /*KeepEmpty=*/false);
  std::string Dir = Top;
  for (size_t I = 0; I <= Parts.size(); ++I) {
    if (I > 0)
      Dir += "/" + Parts[I - 1].str();
    std::string Lists = Dir + "/CMakeLists.txt";
    if (Lists != S.Path && isRegularFile(Lists))
      Chain.push_back(Lists);
  }
  Chain.push_back(S.Path);
  const std::string Staging = "/rocm-lint-configured";
  for (ConfiguredFile &F : configureForHip(Chain, Staging, Read)) {
    // Only headers: a configured .cmake or .pc file is no input of a compile.
    std::string Ext = asciiLower(std::string(path::extension(F.Output)));
    if (Ext != ".h" && Ext != ".hh" && Ext != ".hpp" && Ext != ".hxx" && Ext != ".cuh" && Ext != ".inc" &&
        Ext != ".inl" && Ext != ".ipp")
      continue;
    std::string Keyed = F.Output;
    Keyed += '\0';
    Keyed += F.Text;
    std::string Digest = llvm::utohexstr(fnv1a64(Keyed), /*LowerCase=*/true);
    std::string Output = Staging;
    Output += "/";
    Output += Digest;
    Output += F.Output.substr(Staging.size());
    Configured.emplace_back(Output, F.Text);
    // Every folder between the build folder and the header: the include spelling is not known
    // ("config.h", "proj/config.h"), and a last-resort folder only serves what is missing.
    for (std::string D = std::string(path::parent_path(Output)); D.size() > Staging.size() + 1 + Digest.size();
         D = std::string(path::parent_path(D)))
      S.Flags.push_back({"-idirafter" + D, F.Script.empty() ? S.Path : F.Script, F.Line});
    for (const auto &[Line, Why] : F.Dropped)
      Left.push_back({std::string(path::filename(F.Template)) + ":" + std::to_string(Line), F.Template, Line,
                      "configured header line left out: " + Why});
  }
}

} // namespace

namespace {

/// The build a Makefile variant is named for ("makefile.hip": Hip, "Makefile.cuda": Cuda), by the
/// backend values of lib/data/build_switches.json; Other for any other name.
Branch makefileVariant(const std::string &P) {
  if (!isMakefileVariantName(P))
    return Branch::Other;
  std::string Name = std::string(path::filename(P));
  std::string Suffix = asciiLower(Name.substr(Name.find('.') + 1));
  const BuildSwitchTable &T = buildSwitchTable();
  return T.HipValues.count(Suffix) ? Branch::Hip : T.CudaValues.count(Suffix) ? Branch::Cuda : Branch::Other;
}

/// Keeps the include folders and the language standard among \p Flags and \p Left (the defines
/// are dropped).
void keepIncludeFolders(std::vector<ScriptFlag> &Flags, std::vector<LeftOutFlag> &Left) {
  // The language standard is no choice between backends either.
  auto Define = [](const std::string &A) {
    return A.compare(0, 2, "-I") != 0 && A.compare(0, 10, "-idirafter") != 0 && A.compare(0, 5, "-std=") != 0;
  };
  Flags.erase(std::remove_if(Flags.begin(), Flags.end(), [&](const ScriptFlag &F) { return Define(F.Arg); }),
              Flags.end());
  Left.erase(std::remove_if(Left.begin(), Left.end(), [&](const LeftOutFlag &F) { return Define(F.Text); }),
             Left.end());
}

// A script that does not build HIP still runs in the HIP build (a folder only the CUDA build
// enters has no source left to reach; a project with no HIP build is ported whole): the include
// folders and language standard it gives its targets are no choice between backends, so they are
// the HIP build's too (LvArray's unit tests, target_include_directories(${test_name} PUBLIC
// ${CMAKE_CURRENT_LIST_DIR}/../src)). Read again as if it built HIP, its folders join \p S's flags;
// its defines may choose the CUDA paths and are not taken.
void addIncludeFolders(HipBuildFlags::Script &S, const std::string &Text, const std::string &Top,
                       const HipBuildFlags::Reader &Read, IncludeCache &Includes,
                       std::map<std::string, std::string> Values) {
  HipBuildFlags::Script Whole;
  Whole.Path = S.Path;
  Whole.Dir = S.Dir;
  std::vector<LeftOutFlag> Left; // the first reading said what it left out
  ScriptReader R(Whole, Left, /*BuildsHip=*/true, Top, Read, Includes, std::move(Values));
  cmake::ParseError E;
  if (!cmake::parseCMake(Text, R, E))
    return;
  keepIncludeFolders(Whole.Flags, Left);
  for (ScriptFlag &F : Whole.Flags)
    if (std::none_of(S.Flags.begin(), S.Flags.end(), [&](const ScriptFlag &O) { return O.Arg == F.Arg; }))
      S.Flags.push_back(std::move(F));
}

// HIP's headers declare some functions only when the build opts in with a macro (the warp sync
// builtins before ROCm 7.0). A project that defines one in any of its build scripts has made that
// choice for its HIP code, whichever target the script names: a build of it that reached the
// headers without the macro would not compile. So the define applies to every inferred command,
// also to headers no script of that target reaches (a header-only library's users set it). A line
// that only mentions the macro in a comment or undefines it (-U) does not opt in (HIP's headers
// test whether it is defined, so any value opts in).
std::optional<ScriptFlag> optInDefine(const std::string &Path, const std::string &Text, const std::string &Macro) {
  unsigned LineNo = 0;
  for (llvm::StringRef Rest(Text); !Rest.empty();) {
    auto [Line, Next] = Rest.split('\n');
    Rest = Next;
    ++LineNo;
    Line = Line.split('#').first;
    for (size_t At = Line.find(Macro); At != llvm::StringRef::npos; At = Line.find(Macro, At + 1)) {
      size_t End = At + Macro.size();
      auto Word = [](char C) { return llvm::isAlnum(C) || C == '_'; };
      llvm::StringRef Before = Line.substr(0, At);
      if (Before.ends_with("-U"))
        continue;
      bool Flag = Before.ends_with("-D");
      if ((!Flag && !Before.empty() && Word(Before.back())) || (End < Line.size() && Word(Line[End])))
        continue;
      return ScriptFlag{"-D" + Macro, Path, LineNo, {}};
    }
  }
  return std::nullopt;
}

} // namespace

/// The include folders and definitions of the targets each script links (`target_link_libraries(app
/// PRIVATE Reduction)` with `target_include_directories(Reduction INTERFACE include)` or
/// `target_compile_definitions(Reduction INTERFACE USE_X)` in another script), and those of the
/// targets these link in turn. A script read only for its links joins \p Scripts when they give it
/// a flag.
static void linkExports(std::vector<HipBuildFlags::Script> &Scripts, std::vector<HipBuildFlags::Script> &LinkOnly,
                        const std::map<std::string, std::vector<ScriptFlag>> &Exports,
                        const std::map<std::string, std::string> &Aliases) {
  std::map<std::string, std::vector<std::string>> LinksOf;
  for (const auto *List : {&Scripts, &LinkOnly})
    for (const HipBuildFlags::Script &S : *List) {
      for (const auto &Export : S.Exports)
        LinksOf[Export.first].insert(LinksOf[Export.first].end(), S.Links.begin(), S.Links.end());
      for (const auto &[Target, Links] : S.TargetLinks)
        LinksOf[Target].insert(LinksOf[Target].end(), Links.begin(), Links.end());
    }
  auto Give = [&](HipBuildFlags::Script &S) {
    std::set<std::string> Seen;
    std::vector<std::string> Work = S.Links;
    while (!Work.empty() && Seen.size() < 64) {
      std::string Name = std::move(Work.back());
      Work.pop_back();
      if (!Seen.insert(Name).second)
        continue;
      if (auto It = Aliases.find(Name); It != Aliases.end())
        Work.push_back(It->second);
      if (auto It = Exports.find(Name); It != Exports.end())
        for (const ScriptFlag &F : It->second)
          if (std::none_of(S.Flags.begin(), S.Flags.end(), [&](const ScriptFlag &O) { return O.Arg == F.Arg; }))
            S.Flags.push_back(F);
      if (auto It = LinksOf.find(Name); It != LinksOf.end())
        Work.insert(Work.end(), It->second.begin(), It->second.end());
    }
  };
  for (HipBuildFlags::Script &S : Scripts)
    Give(S);
  for (HipBuildFlags::Script &S : LinkOnly) {
    Give(S);
    if (S.Flags.empty() && S.Exports.empty())
      continue;
    // Not a script of the HIP build: it names no source the HIP build compiles.
    S.Sources.clear();
    Scripts.push_back(std::move(S));
  }
}

HipBuildFlags HipBuildFlags::fromModel(const ProjectModel &Model) {
  std::vector<std::string> Scripts;
  for (const WalkedFile &W : Model.files()) {
    llvm::StringRef Name = path::filename(W.Path);
    if (cmake::isCMakeFile(W.Path) || Name == "setup.py" ||
        buildscripts::scriptKind(W.Path) == buildscripts::ScriptKind::Make)
      Scripts.push_back(W.Path);
  }
  std::string Top = Model.projectDirs().empty() ? Model.root() : Model.projectDirs().front();
  auto Read = Model.reader(4 << 20);
  return read(Scripts, Top, Read, Model.backendRegistry(Top + "/CMakeLists.txt"));
}

HipBuildFlags HipBuildFlags::read(const std::vector<std::string> &Scripts, const std::string &ProjectTop,
                                  const Reader &Read, const BackendRegistry &TopRegistry) {
  HipBuildFlags Out;
  std::map<std::string, std::vector<ScriptFlag>> Exports;
  std::map<std::string, std::string> Aliases; // add_library(A ALIAS B) of every script
  std::vector<Script> LinkOnly;
  IncludeCache Includes; // project files include() was followed into, for every script
  const ProjectFunctions Functions = projectFunctions(Scripts, Includes, Read);
  const std::string &OptInMacro = rocmtidy::warpSyncTable().OptInMacro;
  for (const std::string &P : Scripts)
    if (Out.OptIns.empty())
      if (std::optional<std::string> Text = Read(P))
        if (std::optional<ScriptFlag> F = optInDefine(P, *Text, OptInMacro))
          Out.OptIns.push_back(std::move(*F));
  // Folders whose HIP build is a Makefile named for it (`make -f makefile.hip`): their other
  // Makefiles are other builds', and so are their flags.
  std::set<std::string> HipMakeDirs;
  for (const std::string &P : Scripts)
    if (makefileVariant(P) == Branch::Hip)
      HipMakeDirs.insert(std::string(path::parent_path(P)));
  for (const std::string &P : Scripts) {
    std::string Name = std::string(path::filename(P));
    bool SetupPy = Name == "setup.py";
    bool Make = buildscripts::scriptKind(P) == buildscripts::ScriptKind::Make;
    if (Make && makefileVariant(P) != Branch::Hip &&
        (isMakefileVariantName(P) || HipMakeDirs.count(std::string(path::parent_path(P)))))
      continue;
    if (SetupPy || Make) {
      std::optional<std::string> Text = Read(P);
      if (!Text)
        continue;
      Script S;
      S.Path = P;
      S.Dir = std::string(path::parent_path(P));
      auto keep = [&](const std::string &Arg, unsigned Line, const std::string &Why,
                      const std::vector<std::string> &Only = {}) {
        if (Why.empty() && Arg.compare(0, 2, "-I") == 0 && !isWithin(Arg.substr(2), ProjectTop))
          S.LeftOut.push_back({Arg, P, Line, "outside the project folder", Only});
        else if (Why.empty())
          S.Flags.push_back({Arg, P, Line, Only});
        else
          S.LeftOut.push_back({Arg, P, Line, Why, Only});
      };
      if (SetupPy)
        for (const PyFlag &F : torchExtensionFlags(pythonLines(*Text), S.Dir))
          keep(F.Arg.compare(0, 2, "-I") == 0 ? "-I" + normalJoin(S.Dir, F.Arg.substr(2)) : F.Arg, F.Line, F.Why);
      else {
        MakeSources M = MakeSources::read(P, *Text);
        for (const MakeSources::Flag &F : M.flags())
          keep(F.Arg, F.Line, F.Why, F.Targets);
        for (const MakeSources::Flag &F : M.leftOutFlags())
          keep(F.Arg, F.Line, F.Why, F.Targets);
      }
      if (S.Flags.empty() && S.LeftOut.empty())
        continue;
      Out.LeftOut.insert(Out.LeftOut.end(), S.LeftOut.begin(), S.LeftOut.end());
      Out.Scripts.push_back(std::move(S));
      continue;
    }
    if (!cmake::isCMakeFile(P))
      continue;
    std::optional<std::string> Text = Read(P);
    if (!Text)
      continue;
    bool Builds = cmake::buildsHip(*Text);
    // A top script that picks one backend by a variable, with a HIP value registered, is the HIP
    // build's script when the variable is at that value (project/BackendRegistry.h).
    const BackendRegistry *Registry = P == ProjectTop + "/CMakeLists.txt" ? &TopRegistry : nullptr;
    if (Registry)
      Builds |= Registry->hasHipBackend();
    Script S;
    S.Path = P;
    S.Dir = std::string(path::parent_path(P));
    std::vector<LeftOutFlag> Left;
    HipChoices Choices;
    cmake::ParseError E;
    // A script that does not parse tells nothing reliable.
    if (!cmake::parseCMake(*Text, Choices, E))
      continue;
    Builds = Builds || Choices.HipBranch;
    std::map<std::string, std::string> Values = Choices.Values;
    ScriptReader R(S, Left, Builds, ProjectTop, Read, Includes, std::move(Choices.Values));
    R.useProjectFunctions(&Functions);
    if (!cmake::parseCMake(*Text, R, E))
      continue;
    if (!Builds)
      addIncludeFolders(S, *Text, ProjectTop, Read, Includes, std::move(Values));
    if (Registry)
      for (const BackendRegistry::HipFlag &F : Registry->hipFlags())
        S.Flags.push_back({F.Arg, F.Script, F.Line});
    configureHeaders(S, Left, *Text, ProjectTop, Read, Out.Configured);
    for (auto &[Name, Flags] : S.Exports)
      Exports[Name].insert(Exports[Name].end(), Flags.begin(), Flags.end());
    Aliases.insert(S.Aliases.begin(), S.Aliases.end());
    // Only scripts of the HIP build (or with a HIP branch) carry its flags; one that only links
    // a target with include folders gets those, once every script is read.
    if (!Builds && S.Flags.empty()) {
      if (!S.Links.empty() || !S.Exports.empty())
        LinkOnly.push_back(std::move(S));
      continue;
    }
    Out.LeftOut.insert(Out.LeftOut.end(), Left.begin(), Left.end());
    S.LeftOut = std::move(Left);
    Out.Scripts.push_back(std::move(S));
  }
  linkExports(Out.Scripts, LinkOnly, Exports, Aliases);
  return Out;
}

bool HipBuildFlags::reaches(const Script &S, const std::string &Source, const std::vector<std::string> &Segs) const {
  if (isWithin(Source, S.Dir))
    return true;
  for (const Script::Pattern &P : S.Sources)
    if (patternMatches(P, Segs))
      return true;
  return false;
}

namespace {

/// Whether a flag given only to some targets' sources (\p Only; empty: to all) reaches \p Source.
bool forSource(const std::vector<std::string> &Only, const std::string &Source) {
  return Only.empty() || std::any_of(Only.begin(), Only.end(),
                                     [&](const std::string &P) { return MakeSources::matchesPattern(P, Source); });
}

} // namespace

std::vector<LeftOutFlag> HipBuildFlags::leftOutFor(const std::string &Source) const {
  std::vector<LeftOutFlag> Out;
  std::vector<std::string> Segs = segments(Source);
  for (const Script &S : Scripts)
    if (reaches(S, Source, Segs))
      for (const LeftOutFlag &F : S.LeftOut)
        if (forSource(F.Only, Source))
          Out.push_back(F);
  return Out;
}

std::vector<ScriptFlag> HipBuildFlags::flagsFor(const std::string &Source) const {
  std::vector<ScriptFlag> Out;
  std::vector<std::string> Segs = segments(Source);
  for (const Script &S : Scripts) {
    if (!reaches(S, Source, Segs))
      continue;
    for (const ScriptFlag &F : S.Flags) {
      if (!forSource(F.Only, Source))
        continue;
      bool Dup = false;
      for (const ScriptFlag &O : Out)
        Dup |= O.Arg == F.Arg;
      if (!Dup)
        Out.push_back(F);
    }
    // A header of a library is compiled by the library's users, with the folders it gives them.
    if (isTranslationUnitName(Source))
      continue;
    for (const auto &Export : S.Exports)
      for (const ScriptFlag &F : Export.second)
        if (std::none_of(Out.begin(), Out.end(), [&](const ScriptFlag &O) { return O.Arg == F.Arg; }))
          Out.push_back(F);
  }
  for (const ScriptFlag &F : OptIns)
    if (std::none_of(Out.begin(), Out.end(), [&](const ScriptFlag &O) { return O.Arg == F.Arg; }))
      Out.push_back(F);
  return Out;
}

bool HipBuildFlags::compiledByHipScript(const std::string &Source) const {
  std::vector<std::string> Segs = segments(Source);
  for (const Script &S : Scripts)
    for (const Script::Pattern &P : S.Sources)
      if (patternMatches(P, Segs))
        return true;
  return false;
}

bool HipBuildFlags::compiledAsHip(const std::string &Source) const {
  std::string Normal = normalJoin("", Source);
  return std::any_of(Scripts.begin(), Scripts.end(), [&](const Script &S) {
    return std::find(S.HipLanguage.begin(), S.HipLanguage.end(), Normal) != S.HipLanguage.end();
  });
}

std::vector<ScriptFlag> HipBuildFlags::allFlags() const {
  std::vector<ScriptFlag> Out;
  for (const Script &S : Scripts)
    Out.insert(Out.end(), S.Flags.begin(), S.Flags.end());
  Out.insert(Out.end(), OptIns.begin(), OptIns.end());
  return Out;
}

} // namespace rocmtidy::project
