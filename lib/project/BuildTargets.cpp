#include "project/BuildTargets.h"
#include "buildscripts/BuildScripts.h"
#include "cmake/CMakeLint.h"
#include "cmake/CMakeParser.h"
#include "core/SourceKinds.h"
#include "core/StringUtil.h"
#include "project/BuildBranch.h"
#include "project/MakeSources.h"
#include "project/ProjectModel.h"
#include "project/PythonSource.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

namespace rocmtidy::project {
namespace path = llvm::sys::path;

namespace {

// Build scripts deeper than this below the project folder are nested projects' (samples, tools).
constexpr size_t MaxScriptDepth = 5;
constexpr unsigned MaxScriptsRead = 2000;

// "gfx1100", "gfx90a:xnack+" -> "gfx90a"; anything else -> "".
std::string gfxName(llvm::StringRef Word) {
  Word = Word.trim(" \t\"'[](){}");
  Word = Word.take_until([](char C) { return C == ':'; });
  std::string Lower = asciiLower(Word.str());
  if (Lower.size() < 4 || Lower.compare(0, 3, "gfx") != 0 || !std::isdigit(static_cast<unsigned char>(Lower[3])))
    return "";
  for (char C : Lower)
    if (!std::isalnum(static_cast<unsigned char>(C)))
      return "";
  return Lower;
}

std::vector<std::string> gfxNamesIn(llvm::StringRef Text) {
  llvm::SmallVector<llvm::StringRef, 8> Words;
  std::string Spaced = Text.str();
  // '=' too: a variable may hold the whole flag (HIP_ARCH_FLAGS = --offload-arch=gfx1100).
  std::replace_if(
      Spaced.begin(), Spaced.end(), [](char C) { return C == ';' || C == ',' || C == '\t' || C == '='; }, ' ');
  llvm::StringRef(Spaced).split(Words, ' ', -1, false);
  std::vector<std::string> Out;
  for (llvm::StringRef W : Words)
    if (std::string G = gfxName(W); !G.empty())
      Out.push_back(G);
  return Out;
}

// Words that mean the build asks the machine, or its user, for the targets when it runs.
bool picksAtBuildTime(llvm::StringRef Text) {
  std::string L = asciiLower(Text.str());
  for (const char *W : {"native", "rocm_agent_enumerator", "rocminfo", "amdgpu-arch", "$env{", "$(shell", "getenv"})
    if (L.find(W) != std::string::npos)
      return true;
  return false;
}

// A variable that holds AMD GPU targets: GPU_TARGETS, AMDGPU_TARGETS, CMAKE_HIP_ARCHITECTURES,
// PYTORCH_ROCM_ARCH, OFFLOAD_ARCH ... but not CUDA's or a CPU's.
bool namesTargets(llvm::StringRef Name) {
  std::string U = Name.upper();
  if (U.find("ARCH") == std::string::npos && U.find("TARGETS") == std::string::npos)
    return false;
  llvm::SmallVector<llvm::StringRef, 6> Parts;
  llvm::StringRef(U).split(Parts, '_');
  for (llvm::StringRef P : Parts)
    if (P == "CUDA" || P == "NVCC" || P == "NV" || P == "SM" || P == "PTX" || P == "CPU")
      return false;
  return true;
}

// The targets of every "--offload-arch=X" and "--amdgpu-target=X" in \p Text, and the open ones
// ("native"); values written through variables are the variables' own mentions.
void flagMentions(llvm::StringRef Text, const std::string &Script, unsigned Line, bool Conditional,
                  std::vector<TargetMention> &Out) {
  // RDNA targets run 64-lane wavefronts under this flag: their default of 32 says nothing then.
  if (Text.contains("-mwavefrontsize64"))
    Out.push_back({"", Script, Line, "-mwavefrontsize64 compiles for 64-lane wavefronts", Conditional});
  for (const char *Flag : {"--offload-arch=", "--amdgpu-target="}) {
    size_t At = 0;
    while ((At = Text.find(Flag, At)) != llvm::StringRef::npos) {
      At += std::char_traits<char>::length(Flag);
      llvm::StringRef Value = Text.drop_front(At).take_until(
          [](char C) { return std::isspace(static_cast<unsigned char>(C)) || C == '"' || C == '\'' || C == ')'; });
      llvm::StringRef How = llvm::StringRef(Flag).drop_back();
      std::vector<std::string> Names = gfxNamesIn(Value);
      for (const std::string &G : Names)
        Out.push_back({G, Script, Line, How.str(), Conditional});
      if (Names.empty() && picksAtBuildTime(Value))
        Out.push_back({"", Script, Line, How.str() + "=" + Value.str(), Conditional});
    }
  }
}

void valueMentions(const std::string &Variable, llvm::StringRef Value, const std::string &Script, unsigned Line,
                   bool Conditional, std::vector<TargetMention> &Out) {
  std::vector<std::string> Names = gfxNamesIn(Value);
  for (const std::string &G : Names)
    Out.push_back({G, Script, Line, Variable, Conditional});
  if (Names.empty() && picksAtBuildTime(Value))
    Out.push_back({"", Script, Line, Variable + " chosen when the build runs", Conditional});
}

/// CMake: set()/list(APPEND) of a target variable, HIP_ARCHITECTURES properties, offload flags.
/// A mention is unconditional at the top level, in an arm of the HIP build, or under a test of
/// the variable's own absence (`if(NOT DEFINED GPU_TARGETS)`: the default).
class CMakeTargets : public cmake::ParseCallbacks {
public:
  CMakeTargets(std::string Script, std::vector<TargetMention> &Out) : Script(std::move(Script)), Out(Out) {}

  void command(const cmake::Command &C) override {
    const std::string &N = C.LowerName;
    // option(TRIDIAG_HIP ...) names the HIP build as a switch word would.
    Options.note(C);
    if (N == "if") {
      Frames.push_back({Options.words(C), false, false, newArm()});
    } else if (N == "elseif" && !Frames.empty()) {
      Frames.back().Words = Options.words(C);
      Frames.back().Arm = newArm();
    } else if (N == "else" && !Frames.empty()) {
      Frames.back().Else = true;
      Frames.back().Arm = newArm();
    } else if ((N == "endif" || N == "endfunction" || N == "endmacro") && !Frames.empty()) {
      Frames.pop_back();
    } else if (N == "function" || N == "macro") {
      Frames.push_back({{}, false, true, 0});
    } else if (N != "message" && N != "option") {
      size_t Before = Out.size();
      read(C);
      // A mention belongs to the innermost arm; a source named anywhere inside an arm is its.
      if (!Frames.empty() && !Frames.back().Body)
        for (size_t I = Before; I < Out.size(); ++I)
          MentionArm.emplace_back(I, Frames.back().Arm);
      noteSources(C);
    }
  }

  /// Gives each conditional mention the sources of its arm.
  void finish() {
    for (const auto &[Index, Arm] : MentionArm)
      if (Out[Index].Conditional)
        Out[Index].ArmSources = SourcesOf[Arm];
  }

private:
  struct Frame {
    std::vector<std::string> Words;
    bool Else = false;
    bool Body = false; // a function or macro body, which may never be called
    unsigned Arm = 0;  // the arm being read (if, each elseif and the else are arms of their own)
  };

  unsigned newArm() { return ++Arms; }

  /// The sources \p C names literally ("AMD/GFX1100/latency.hip", relative to the script's folder),
  /// as sources of every arm it is in; none inside function bodies, whose calls decide.
  void noteSources(const cmake::Command &C) {
    if (Frames.empty() || std::any_of(Frames.begin(), Frames.end(), [](const Frame &F) { return F.Body; }))
      return;
    for (const cmake::Argument &A : C.Args) {
      llvm::StringRef V(A.Value);
      if (V.contains("${") || V.contains("$<") || !isTranslationUnitName(V))
        continue;
      llvm::SmallString<256> P;
      if (!path::is_absolute(V)) {
        P = path::parent_path(Script);
        path::append(P, V);
      } else {
        P = V;
      }
      path::remove_dots(P, /*remove_dot_dot=*/true);
      for (const Frame &F : Frames)
        SourcesOf[F.Arm].push_back(std::string(P.str()));
    }
  }

  bool conditional(const std::string &Variable) const {
    std::string V = asciiLower(Variable);
    for (const Frame &F : Frames) {
      if (F.Body || F.Else)
        return true;
      const std::vector<std::string> &W = F.Words;
      bool Default = (W.size() == 3 && W[0] == "not" && W[1] == "defined" && W[2] == V) ||
                     (W.size() == 2 && W[0] == "not" && (W[1] == V || W[1] == "${" + V + "}"));
      if (!Default && (V.empty() || classifyCondition(W) != Branch::Hip))
        return true;
    }
    return false;
  }

  void read(const cmake::Command &C) {
    const std::string &N = C.LowerName;
    size_t First = 0;
    std::string Variable;
    if (N == "set" && !C.Args.empty())
      First = 1, Variable = C.Args[0].Value;
    else if (N == "list" && C.Args.size() > 1 && asciiLower(C.Args[0].Value) == "append")
      First = 2, Variable = C.Args[1].Value;
    if (!Variable.empty() && namesTargets(Variable)) {
      bool Cond = conditional(Variable);
      for (size_t I = First; I < C.Args.size() && C.Args[I].Value != "CACHE" && C.Args[I].Value != "PARENT_SCOPE"; ++I)
        valueMentions(Variable, C.Args[I].Value, Script, C.Args[I].Line, Cond, Out);
      return;
    }
    bool Cond = conditional("");
    for (size_t I = 0; I < C.Args.size(); ++I) {
      const cmake::Argument &A = C.Args[I];
      if (A.Value == "HIP_ARCHITECTURES" && I + 1 < C.Args.size()) {
        // set_target_properties names one value per property; set_property all that follow.
        size_t Last = N == "set_property" ? C.Args.size() : I + 2;
        for (size_t J = I + 1; J < Last; ++J)
          valueMentions("HIP_ARCHITECTURES", C.Args[J].Value, Script, C.Args[J].Line, Cond, Out);
        return;
      }
      flagMentions(A.Value, Script, A.Line, Cond, Out);
    }
  }

  std::string Script;
  std::vector<TargetMention> &Out;
  std::vector<Frame> Frames;
  VendorOptions Options;
  unsigned Arms = 0;
  std::vector<std::pair<size_t, unsigned>> MentionArm; // index in Out -> its arm
  std::map<unsigned, std::vector<std::string>> SourcesOf;
};

void readCMake(const std::string &Script, const std::string &Text, std::vector<TargetMention> &Out) {
  std::vector<TargetMention> Found;
  CMakeTargets R(Script, Found);
  cmake::ParseError E;
  // A script that does not parse names nothing reliably.
  if (cmake::parseCMake(Text, R, E)) {
    R.finish();
    Out.insert(Out.end(), Found.begin(), Found.end());
  }
}

/// Makefiles (and their included .mk files): assignments to target variables, offload flags in
/// variables and recipes. A mention is unconditional at the top level, in an arm of the HIP build
/// (`ifneq ($(HIP_PATH),)`), or where the variable's own absence is tested (`ifndef OFFLOAD_ARCH`:
/// the default); inside a define, whose calls may never come, it is conditional.
class MakeTargets {
public:
  MakeTargets(std::string Script, std::vector<TargetMention> &Out) : Script(std::move(Script)), Out(Out) {}

  void read(const std::string &Text) {
    for (const MakeLine &ML : makeLines(Text)) {
      std::string Code = withoutMakeComment(ML.Text);
      llvm::StringRef L(Code);
      llvm::StringRef Trimmed = L.trim();
      llvm::StringRef Word =
          Trimmed.take_until([](char C) { return C == '(' || std::isspace(static_cast<unsigned char>(C)); });
      llvm::StringRef Rest = Trimmed.drop_front(Word.size()).trim();
      if (conditional(Word, Rest))
        continue;
      if (Word == "define") {
        ++Defines;
        continue;
      }
      if (Word == "endef" && Defines) {
        --Defines;
        continue;
      }
      // NAME [?:+!]= VALUE, possibly after 'export' or 'override'; not a recipe (a tab-led line).
      if (!L.starts_with("\t") && assignment(Trimmed, ML.Line))
        continue;
      flagMentions(L, Script, ML.Line, isConditional(""), Out);
    }
  }

private:
  struct Arm {
    MakeBranch Builds = MakeBranch::Other;
    MakeBranch Else = MakeBranch::Other; // what a plain else after it builds
    std::string Absent;                  // the variable whose absence the arm tests
  };

  // Keeps the stack of conditional arms; true when \p Word opened, switched or closed one.
  bool conditional(llvm::StringRef Word, llvm::StringRef Rest) {
    auto Open = [](llvm::StringRef Kw, llvm::StringRef Args) {
      Arm A;
      A.Builds = classifyMakeConditional(Kw.str(), Args.str(), &A.Else);
      A.Absent = absenceTested(Kw, Args);
      return A;
    };
    if (Word == "ifeq" || Word == "ifneq" || Word == "ifdef" || Word == "ifndef") {
      Arms.push_back(Open(Word, Rest));
      return true;
    }
    if (Word == "else" && !Arms.empty()) {
      llvm::StringRef Kw = Rest.take_until([](char C) { return C == ' ' || C == '\t' || C == '('; });
      if (Kw == "ifeq" || Kw == "ifneq" || Kw == "ifdef" || Kw == "ifndef")
        Arms.back() = Open(Kw, Rest.drop_front(Kw.size()).trim());
      else
        Arms.back() = {Arms.back().Else, MakeBranch::Other, ""};
      return true;
    }
    if (Word == "endif" && !Arms.empty()) {
      Arms.pop_back();
      return true;
    }
    return false;
  }

  // `ifndef X`, `ifeq ($(X),)`, `ifeq (,$(X))`: X.
  static std::string absenceTested(llvm::StringRef Kw, llvm::StringRef Args) {
    if (Kw == "ifndef")
      return Args.str();
    if (Kw != "ifeq" || !Args.consume_front("(") || !Args.consume_back(")"))
      return "";
    auto [A, B] = Args.split(',');
    A = A.trim();
    B = B.trim();
    llvm::StringRef Ref = A.empty() ? B : B.empty() ? A : llvm::StringRef();
    if ((Ref.consume_front("$(") && Ref.consume_back(")")) || (Ref.consume_front("${") && Ref.consume_back("}")))
      return Ref.str();
    return "";
  }

  bool isConditional(const std::string &Variable) const {
    if (Defines)
      return true;
    for (const Arm &A : Arms)
      if (A.Builds != MakeBranch::Hip && (Variable.empty() || A.Absent != Variable))
        return true;
    return false;
  }

  bool assignment(llvm::StringRef Assign, unsigned Line) {
    for (llvm::StringRef Prefix : {"export ", "override "})
      if (Assign.starts_with(Prefix))
        Assign = Assign.drop_front(Prefix.size()).ltrim();
    size_t Eq = Assign.find('=');
    if (Eq == llvm::StringRef::npos)
      return false;
    llvm::StringRef Name = Assign.take_front(Eq);
    bool Shell = Name.ends_with("!");
    Name = Name.rtrim("?:+!").rtrim();
    if (Name.empty() || Name.find_first_of(" \t$()") != llvm::StringRef::npos || !namesTargets(Name))
      return false;
    bool Cond = isConditional(Name.str());
    if (Shell)
      Out.push_back({"", Script, Line, Name.str() + " chosen when the build runs", Cond});
    else
      valueMentions(Name.str(), Assign.drop_front(Eq + 1), Script, Line, Cond, Out);
    return true;
  }

  std::string Script;
  std::vector<TargetMention> &Out;
  std::vector<Arm> Arms;
  unsigned Defines = 0;
};

void readMake(const std::string &Script, const std::string &Text, std::vector<TargetMention> &Out) {
  MakeTargets(Script, Out).read(Text);
}

/// Python: os.environ["PYTORCH_ROCM_ARCH"] = "gfx1100" (or setdefault) and offload flags in
/// string literals. Only module-level lines are unconditional.
void readPython(const std::string &Script, const std::string &Text, std::vector<TargetMention> &Out) {
  for (const PyLine &L : pythonLines(Text)) {
    bool Cond = L.Indent != 0;
    std::string Code;
    for (char C : L.Code)
      if (!std::isspace(static_cast<unsigned char>(C)))
        Code += C;
    bool Assign = llvm::StringRef(Code).starts_with("os.environ[\"\"]=");
    bool Default = Code == "os.environ.setdefault(\"\",\"\")";
    if ((Assign || Default) && !L.Strings.empty() && namesTargets(L.Strings[0].first)) {
      const std::string &Variable = L.Strings[0].first;
      if (L.Strings.size() == 2 && (Default || Code == "os.environ[\"\"]=\"\""))
        valueMentions(Variable, L.Strings[1].first, Script, L.Strings[1].second, Cond, Out);
      else
        Out.push_back({"", Script, L.Line, Variable + " computed when the script runs", Cond});
      continue;
    }
    for (const auto &[S, Line] : L.Strings)
      flagMentions(S, Script, Line, Cond, Out);
  }
}

bool mayNameTargets(const std::string &Text) {
  std::string L = asciiLower(Text);
  return L.find("arch") != std::string::npos || L.find("targets") != std::string::npos ||
         L.find("amdgpu-target") != std::string::npos || L.find("wavefrontsize64") != std::string::npos;
}

} // namespace

BuildTargets BuildTargets::read(const std::vector<std::string> &Scripts, const Reader &Read) {
  BuildTargets B;
  for (const std::string &P : Scripts) {
    bool CMake = cmake::isCMakeFile(P);
    bool Make = buildscripts::scriptKind(P) == buildscripts::ScriptKind::Make;
    bool Python = path::extension(P) == ".py";
    if (!CMake && !Make && !Python)
      continue;
    std::optional<std::string> Text = Read(P);
    if (!Text || !mayNameTargets(*Text))
      continue;
    size_t From = B.Mentions.size();
    if (CMake)
      readCMake(P, *Text, B.Mentions);
    else if (Make)
      readMake(P, *Text, B.Mentions);
    else
      readPython(P, *Text, B.Mentions);
    std::string Folder(path::parent_path(P));
    for (size_t I = From; I < B.Mentions.size(); ++I)
      B.Mentions[I].Governs = Folder;
  }
  return B;
}

BuildTargets BuildTargets::fromModel(const ProjectModel &Model) {
  std::vector<std::string> Scripts;
  std::vector<std::string> Tops = Model.projectDirs();
  if (Tops.empty())
    Tops.push_back(Model.root());
  std::set<std::string> Seen;
  for (const std::string &Top : Tops)
    for (const WalkedFile *W : Model.filesUnder(Top)) {
      if (Scripts.size() >= MaxScriptsRead)
        break;
      llvm::StringRef Rel = llvm::StringRef(W->Path).drop_front(std::min(W->Path.size(), Top.size() + 1));
      llvm::SmallVector<llvm::StringRef, 8> Parts;
      Rel.split(Parts, '/');
      if (Parts.size() > MaxScriptDepth ||
          std::any_of(Parts.begin(), Parts.end() - 1, [](llvm::StringRef F) { return outsideOwnBuild(F.str()); }))
        continue;
      if (Seen.insert(W->Path).second)
        Scripts.push_back(W->Path);
    }
  BuildTargets B = read(Scripts, Model.reader(4 << 20));
  std::set<std::string> Listed;
  for (const std::string &P : Model.cmakeScripts())
    Listed.insert(std::string(path::parent_path(P)));
  for (TargetMention &M : B.Mentions) {
    if (path::filename(M.Script) == "CMakeLists.txt" || path::extension(M.Script) != ".cmake")
      continue;
    for (const std::string &Dir : Model.foldersUpToRoot(M.Governs))
      if (Listed.count(Dir)) {
        M.Governs = Dir;
        break;
      }
  }
  return B;
}

namespace {
bool governs(const TargetMention &M, const std::string &Source) { return isWithin(Source, M.Governs); }
bool inArm(const TargetMention &M, const std::string &Source) {
  return std::find(M.ArmSources.begin(), M.ArmSources.end(), Source) != M.ArmSources.end();
}
} // namespace

const TargetMention *BuildTargets::decisiveFor(const std::string &Source) const {
  for (const TargetMention &M : Mentions)
    if (M.Target.empty() && governs(M, Source))
      return &M;
  for (const TargetMention &M : Mentions)
    if (M.Conditional && inArm(M, Source))
      return &M;
  for (const TargetMention &M : Mentions)
    if (!M.Conditional && governs(M, Source))
      return &M;
  return nullptr;
}

std::string BuildTargets::targetsFor(const std::string &Source) const {
  const TargetMention *D = decisiveFor(Source);
  if (!D || D->Target.empty())
    return "";
  // An arm's targets are its sources' alone: the other arms' are another configure's.
  bool ByArm = D->Conditional;
  std::string Out;
  std::set<std::string> Named;
  for (const TargetMention &M : Mentions)
    if ((ByArm ? M.Conditional && inArm(M, Source) : governs(M, Source)) && Named.insert(M.Target).second)
      Out += (Out.empty() ? "" : ";") + M.Target;
  return Out;
}

} // namespace rocmtidy::project
