#include "project/MakeSources.h"

#include "buildscripts/ScriptCommon.h"
#include "core/BuildSwitches.h"
#include "core/SegmentGlob.h"
#include "core/StringUtil.h"
#include "project/CompilerFlags.h"
#include "project/ProjectModel.h"
#include "project/ProjectPaths.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <set>
#include <utility>

namespace fs = std::filesystem;

namespace rocmtidy::project {

namespace {

// Past this many entries (all variables together) the reader decides nothing: a Makefile whose
// variables double on every line must not exhaust memory.
constexpr size_t MaxEntries = 200000;
// Past this many nested references and variables (`$(sort $(sort ...`, `A1 = $(A0)`, `A2 =
// $(A1)` ...) the reader decides nothing either: each level copies its text and takes stack.
constexpr unsigned MaxNesting = 64;

std::string trim(const std::string &S) { return std::string(buildscripts::trim(S)); }

MakeBranch combine(MakeBranch A, MakeBranch B) {
  if (A == MakeBranch::Other)
    return B;
  if (B == MakeBranch::Other || A == B)
    return A;
  return MakeBranch::Other; // a HIP conditional inside a CUDA one: either build may take it
}

/// The vendor a variable name stands for, from its words (CUDA_LIB_DIR, HIP_DIR, ROCM_PATH).
MakeBranch vendorOfName(const std::string &Name) {
  bool Cuda = false, Hip = false;
  std::string Word;
  for (size_t I = 0; I <= Name.size(); ++I) {
    char C = I < Name.size() ? static_cast<char>(std::tolower(static_cast<unsigned char>(Name[I]))) : '_';
    if (std::isalnum(static_cast<unsigned char>(C))) {
      Word += C;
      continue;
    }
    Cuda |= Word == "cuda" || Word == "nvcc";
    Hip |= Word == "hip" || Word == "rocm" || Word == "hipcc";
    Word.clear();
  }
  return Cuda == Hip ? MakeBranch::Other : Cuda ? MakeBranch::Cuda : MakeBranch::Hip;
}

/// The names referenced as $(NAME) or ${NAME} in \p S, at any depth.
void referencedNames(const std::string &S, std::vector<std::string> &Out) {
  for (size_t I = 0; I + 1 < S.size(); ++I) {
    if (S[I] != '$' || (S[I + 1] != '(' && S[I + 1] != '{'))
      continue;
    size_t J = I + 2;
    while (J < S.size() &&
           (std::isalnum(static_cast<unsigned char>(S[J])) || S[J] == '_' || S[J] == '-' || S[J] == '.'))
      ++J;
    if (J > I + 2)
      Out.push_back(S.substr(I + 2, J - I - 2));
  }
}

/// The words of \p S split at blanks outside references.
std::vector<std::string> topLevelWords(const std::string &S) {
  std::vector<std::string> Out;
  std::string W;
  unsigned Depth = 0;
  for (char C : S) {
    if (C == '(' || C == '{')
      ++Depth;
    else if ((C == ')' || C == '}') && Depth)
      --Depth;
    if (!Depth && (C == ' ' || C == '\t')) {
      if (!W.empty())
        Out.push_back(W);
      W.clear();
      continue;
    }
    W += C;
  }
  if (!W.empty())
    Out.push_back(W);
  return Out;
}

/// The end of the reference opened at \p Open ('$' of "$(" or "${"), or npos when unclosed.
size_t referenceEnd(const std::string &S, size_t Open) {
  char O = S[Open + 1], C = O == '(' ? ')' : '}';
  unsigned Depth = 0;
  for (size_t I = Open + 1; I < S.size(); ++I) {
    if (S[I] == O)
      ++Depth;
    else if (S[I] == C && --Depth == 0)
      return I;
  }
  return std::string::npos;
}

bool sourceLikeName(const std::string &Word) {
  std::string Name = asciiLower(fs::path(Word).filename().string());
  size_t Dot = Name.rfind('.');
  if (Dot == std::string::npos)
    return false;
  static const std::set<std::string> Exts = {".c",  ".cc",  ".cpp", ".cxx", ".cu",  ".cuh", ".h",
                                             ".hh", ".hpp", ".hxx", ".hip", ".inl", ".ipp"};
  return Exts.count(Name.substr(Dot)) != 0;
}

struct Assignment {
  std::string Value;
  bool Append = false; // `+=`: more words for the same value, not another value
  MakeBranch In = MakeBranch::Other;
  std::string Condition;
  unsigned ConditionLine = 0, Line = 0;
};

struct Frame {
  MakeBranch Current = MakeBranch::Other;
  std::string Condition;
  unsigned Line = 0;
  /// The backend a plain else selects: HIP after an 'ifeq ($(HIPCC),)' or 'ifndef HIPCC' (the
  /// else is where hipcc is there).
  MakeBranch Else = MakeBranch::Other;
};

/// The variables whose -D and -I words reach the compiler: flags, and the include-folder
/// variables recipes pass beside them (INC = -I./).
bool compilerFlagVariable(const std::string &Name) {
  static const std::set<std::string> Names = {"CPPFLAGS",    "CXXFLAGS",  "CFLAGS",      "HIPFLAGS", "HIPCCFLAGS",
                                              "HIPCC_FLAGS", "HIP_FLAGS", "INC",         "INCS",     "INCLUDE",
                                              "INCLUDES",    "INC_DIRS",  "INCLUDE_DIRS"};
  return Names.count(Name) != 0;
}

/// A rule as written: its prerequisites and recipe lines, read once every variable is known.
struct RuleText {
  std::string Prereqs;
  std::vector<std::pair<std::string, unsigned>> Lines;
};

/// The tool a command word runs: nvcc, hipcc (or a hipify tool: its input is the HIP build's
/// source), another compiler or interpreter, or none of them.
MakeBranch toolOfWord(const std::string &Word, bool &IsTool) {
  std::string B = asciiLower(Word.substr(Word.find_last_of('/') == std::string::npos ? 0 : Word.rfind('/') + 1));
  IsTool = true;
  if (B == "nvcc")
    return MakeBranch::Cuda;
  if (B == "hipcc" || B == "hipcc.pl" || B == "amdclang++" || B == "amdclang" || startsWith(B, "hipify"))
    return MakeBranch::Hip;
  static const std::set<std::string> Others = {"cc",      "c++",   "gcc",    "g++",    "icpx",  "icx",   "icc",
                                               "icpc",    "mpicc", "mpicxx", "mpic++", "nvc++", "nvc",   "python",
                                               "python3", "sh",    "bash",   "cmake",  "make",  "ninja", "perl"};
  if (Others.count(B) || startsWith(B, "clang") || startsWith(B, "g++-") || startsWith(B, "gcc-"))
    return MakeBranch::Other;
  IsTool = false;
  return MakeBranch::Other;
}

/// The program a '$(shell which hipcc 2>/dev/null)' or '$(shell command -v nvcc)' value looks up,
/// or "": the variable holds that tool wherever it is installed.
std::string toolFoundByShell(const std::string &Value) {
  for (const char *Lookup : {"$(shell which ", "$(shell command -v "}) {
    if (!startsWith(Value, Lookup))
      continue;
    std::string Rest = trim(Value.substr(std::string(Lookup).size()));
    std::string Word = Rest.substr(0, Rest.find_first_of(" \t)"));
    return Word.find_first_of("$(") == std::string::npos ? Word : "";
  }
  return "";
}

/// Whether a line of a define only sets a variable, tests a condition or calls a make function
/// ('$(eval X := $(shell ...))', 'CFLAGS += $(1)', 'ifeq (...)'): nothing a rule or recipe reads.
bool setsVariablesOnly(const std::string &Line) {
  std::string T = trim(Line);
  if (startsWith(T, "$(eval ") && endsWith(T, ")"))
    T = trim(T.substr(7, T.size() - 8));
  std::string Word = T.substr(0, T.find_first_of(" \t("));
  if (T.empty() || Word == "ifeq" || Word == "ifneq" || Word == "ifdef" || Word == "ifndef" || Word == "else" ||
      Word == "endif")
    return true;
  int Depth = 0;
  for (size_t I = 0; I < T.size(); ++I) {
    char C = T[I];
    if (C == '(' || C == '{')
      ++Depth;
    else if (C == ')' || C == '}')
      --Depth;
    else if (Depth == 0 && C == '=')
      return true;
    else if (Depth == 0 && C == ':')
      return T.compare(I, 2, ":=") == 0 || T.compare(I, 3, "::=") == 0;
  }
  return startsWith(T, "$(") && Depth == 0; // $(info ...), $(warning ...)
}

/// Whether a variable's name says it holds a compiler or make (CC, NVCC, HIP_CXX, MAKE), not its
/// flags (NVCC_FLAGS).
bool namesCompiler(const std::string &Name) {
  return Name == "MAKE" || endsWith(Name, "CC") || endsWith(Name, "CXX") || Name.find("COMPILER") != std::string::npos;
}

/// Whether \p Line reads its rule's prerequisites ($<, $^, $+, $?, also as $(<D) and ${^}).
bool readsPrerequisites(const std::string &Line) {
  for (size_t I = 0; I + 1 < Line.size(); ++I) {
    if (Line[I] != '$')
      continue;
    char C = Line[I + 1];
    if ((C == '(' || C == '{') && I + 2 < Line.size())
      C = Line[I + 2];
    if (C == '<' || C == '^' || C == '+' || C == '?')
      return true;
  }
  return false;
}

/// A target-specific compiler-flags assignment, resolved once every variable is known.
struct TargetFlags {
  std::string Targets;
  std::string Value;
  std::vector<Frame> Stack;
  unsigned Line = 0;
};

/// Where \p Stack's conditionals put a line: "line 12 under 'ifneq ($(HIP_DIR),)' (line 10)".
std::string branchText(unsigned Line, const std::string &Condition, unsigned ConditionLine) {
  return "line " + std::to_string(Line) + " under '" + Condition + "' (line " + std::to_string(ConditionLine) + ")";
}

/// The file names an object target stands for: `dir/%.o` is built from `dir/*.c`, `*.cpp` ...
void objectSources(const std::string &Target, std::vector<std::string> &Out) {
  std::string Stem = Target;
  for (char &C : Stem)
    if (C == '%')
      C = '*';
  if (sourceLikeName(Stem)) {
    Out.push_back(Stem);
    return;
  }
  size_t Dot = Stem.rfind('.');
  if (Dot == std::string::npos || Stem.substr(Dot) != ".o" || Stem.find('/', Dot) != std::string::npos)
    return;
  for (const char *Ext : {".c", ".cc", ".cpp", ".cxx", ".cu", ".hip"})
    Out.push_back(Stem.substr(0, Dot) + Ext);
}

class Reader {
public:
  Reader(std::string Dir, bool &BuildsHip) : Dir(std::move(Dir)), BuildsHip(BuildsHip) {}

  void read(const std::string &Text) {
    std::vector<Frame> Stack;
    bool InRule = false, InDefine = false;
    for (MakeLine &ML : makeLines(Text)) {
      std::string &Line = ML.Text;
      unsigned First = IncludedAt ? IncludedAt : ML.Line;
      if (!Line.empty() && Line[0] == '\t' && InRule) {
        // A recipe: what the shell runs. It does not select files, but says which compiler
        // reads the ones it names.
        if (!Rules.empty())
          Rules.back().Lines.push_back({Line, First});
        Unclear |= Line.find("$(eval") != std::string::npos;
        continue;
      }
      std::string T = trim(withoutMakeComment(Line));
      if (T.empty())
        continue;
      std::string Word = T.substr(0, T.find_first_of(" \t("));
      std::string Rest = trim(T.substr(Word.size()));
      if (InDefine) {
        InDefine = Word != "endef";
        if (!InDefine) {
          // A function that only sets variables (llm.c's check_and_add_flag, whose $(shell) runs
          // the compiler on a probe while make reads the file): its calls make no rule.
          if (std::all_of(Body.begin(), Body.end(), setsVariablesOnly))
            AssignOnly.insert(DefineName);
          else
            CannedLines.insert(CannedLines.end(), Body.begin(), Body.end());
          continue;
        }
        Body.push_back(T);
        continue;
      }
      if (Word == "define") {
        InDefine = true;
        DefineName = trim(Rest.substr(0, Rest.find_first_of(" \t=:?+")));
        Body.clear();
        continue;
      }
      // A configuration the Makefile includes by a plain path (NPB's 'include ../config/make.def',
      // which sets CC to nvcc) is read in its place; its lines count as the include's.
      if ((Word == "include" || Word == "-include" || Word == "sinclude") && Stack.empty() &&
          readIncludes(Rest, First)) {
        InRule = false;
        continue;
      }
      // Recipes elsewhere (an included file not read, a $(eval)), or prerequisites found through
      // vpath: what the recipes here compile is not all there is.
      if (Word == "include" || Word == "-include" || Word == "sinclude" || Word == "vpath" || startsWith(T, "VPATH") ||
          (T.find("$(eval") != std::string::npos && !evaluatesAssignOnly(T)))
        Unclear = true;
      if (Word == "ifeq" || Word == "ifneq" || Word == "ifdef" || Word == "ifndef") {
        MakeBranch Else = MakeBranch::Other;
        MakeBranch B = classify(Word, Rest, &Else);
        Stack.push_back({B, T, First, Else});
        continue;
      }
      if (Word == "else") {
        if (Stack.empty())
          continue;
        std::string Kw = Rest.substr(0, Rest.find_first_of(" \t("));
        bool Chained = Kw == "ifeq" || Kw == "ifneq" || Kw == "ifdef" || Kw == "ifndef";
        // A plain else is "not that backend", which is no backend in particular, unless the test
        // was for the toolkit's absence.
        MakeBranch Else = MakeBranch::Other;
        MakeBranch B = Chained ? classify(Kw, trim(Rest.substr(Kw.size())), &Else) : Stack.back().Else;
        Stack.back() = {B, T, First, Chained ? Else : MakeBranch::Other};
        continue;
      }
      if (Word == "endif") {
        if (!Stack.empty())
          Stack.pop_back();
        continue;
      }
      for (const char *Prefix : {"override ", "export ", "private "})
        if (T.compare(0, std::char_traits<char>::length(Prefix), Prefix) == 0)
          T = trim(T.substr(std::char_traits<char>::length(Prefix)));
      assignmentOrRule(T, Stack, First, InRule);
    }
  }

  bool gaveUp() const { return Work > MaxEntries; }

  std::vector<MakeSources::Entry> entries(bool &GaveUp) {
    std::vector<MakeSources::Entry> Out;
    for (const auto &[Name, As] : Vars) {
      if (Referenced.count(Name))
        continue; // reached through the variables that use it, with their conditionals
      for (const MakeSources::Entry &E : entriesOf(Name))
        Out.push_back(E);
      if (Work > MaxEntries)
        break;
    }
    GaveUp = Work > MaxEntries;
    return Out;
  }

private:
  MakeBranch classify(const std::string &Kw, const std::string &Args, MakeBranch *Else = nullptr) {
    return classifyMakeConditional(Kw, Args, Else, &BuildsHip);
  }

  void assignmentOrRule(const std::string &T, const std::vector<Frame> &Stack, unsigned Line, bool &InRule) {
    unsigned Depth = 0;
    for (size_t I = 0; I < T.size(); ++I) {
      char C = T[I];
      if (C == '(' || C == '{')
        ++Depth;
      else if ((C == ')' || C == '}') && Depth)
        --Depth;
      if (Depth)
        continue;
      size_t NameEnd = I, ValueAt = 0;
      if (C == '=') {
        if (I > 0 && (T[I - 1] == '+' || T[I - 1] == '?' || T[I - 1] == '!'))
          NameEnd = I - 1;
        ValueAt = I + 1;
      } else if (C == ':') {
        size_t Colons = 1;
        while (I + Colons < T.size() && T[I + Colons] == ':')
          ++Colons;
        if (I + Colons < T.size() && T[I + Colons] == '=') {
          ValueAt = I + Colons + 1;
        } else {
          // targets: prerequisites, or a target-specific variable (no recipe follows that)
          InRule = !targetSpecific(T, I, I + Colons, Stack, Line);
          if (InRule)
            rule(T.substr(I + Colons), Line);
          return;
        }
      } else {
        continue;
      }
      std::string Name = trim(T.substr(0, NameEnd));
      if (Name.empty() || Name.find_first_of(" \t$") != std::string::npos)
        return;
      InRule = false;
      Assignment A;
      A.Value = T.substr(ValueAt);
      A.Append = C == '=' && I > 0 && T[I - 1] == '+';
      A.Line = Line;
      for (const Frame &F : Stack) {
        MakeBranch Was = A.In;
        A.In = combine(A.In, F.Current);
        if (Was == MakeBranch::Other && A.In != MakeBranch::Other) {
          A.Condition = F.Condition;
          A.ConditionLine = F.Line;
        }
      }
      if (std::any_of(Stack.begin(), Stack.end(), [](const Frame &F) { return F.Current == MakeBranch::Hip; }) &&
          std::any_of(Stack.begin(), Stack.end(), [](const Frame &F) { return F.Current == MakeBranch::Cuda; }))
        A.In = MakeBranch::Other;
      std::vector<std::string> Refs;
      referencedNames(A.Value, Refs);
      for (const std::string &R : Refs)
        if (R != Name)
          Referenced.insert(R);
      if (compilerFlagVariable(Name) && A.In != MakeBranch::Cuda)
        compilerFlags(A.Value, A.Line, firstNotHip(Stack, 0), {});
      Vars[Name].push_back(std::move(A));
      return;
    }
  }

  /// `targets : [override|export|private] NAME op value` (the ':' at \p Colon, what follows at
  /// \p After): true when it is one; a compiler-flags one is kept for targetFlags().
  bool targetSpecific(const std::string &T, size_t Colon, size_t After, const std::vector<Frame> &Stack,
                      unsigned Line) {
    std::string Rest = trim(T.substr(After));
    for (const char *Prefix : {"override ", "export ", "private "})
      if (Rest.compare(0, std::char_traits<char>::length(Prefix), Prefix) == 0)
        Rest = trim(Rest.substr(std::char_traits<char>::length(Prefix)));
    size_t Eq = Rest.find('=');
    if (Eq == std::string::npos)
      return false;
    size_t NameEnd = Eq;
    while (NameEnd > 0 && std::string("+?:!").find(Rest[NameEnd - 1]) != std::string::npos)
      --NameEnd;
    std::string Name = trim(Rest.substr(0, NameEnd));
    if (Name.empty() || Name.find_first_of(" \t$:%") != std::string::npos)
      return false;
    if (compilerFlagVariable(Name))
      Pending.push_back({trim(T.substr(0, Colon)), Rest.substr(Eq + 1), Stack, Line});
    return true;
  }

public:
  std::vector<MakeSources::Flag> Flags;
  std::vector<MakeSources::Flag> LeftOut;
  std::string HipBranch, CudaBranch;

  /// The target-specific compiler flags, once every variable is known. A HIP conditional's apply
  /// to its targets whatever conditionals enclose it (those decide whether the targets are built,
  /// the HIP conditional decides with which flags); conditionals inside it are said as for any
  /// flag. The CUDA build's are not asked about; targets the reader cannot name leave them out.
  void targetFlags() {
    for (const TargetFlags &P : Pending) {
      if (std::any_of(P.Stack.begin(), P.Stack.end(), [](const Frame &F) { return F.Current == MakeBranch::Cuda; }))
        continue;
      size_t From = 0;
      for (size_t I = 0; I < P.Stack.size(); ++I)
        if (P.Stack[I].Current == MakeBranch::Hip)
          From = I + 1;
      const Frame *Other = firstNotHip(P.Stack, From);
      if (From && !Other)
        noteBranch(HipBranch, HipBranchLine, P.Line, P.Stack[From - 1].Condition, P.Stack[From - 1].Line);
      std::vector<std::string> Targets = targetPatterns(P.Targets);
      if (Targets.empty()) {
        size_t Before = Flags.size();
        compilerFlags(P.Value, P.Line, Other, {});
        // Flags for targets the reader cannot name: no source is known to get them.
        for (size_t I = Before; I < Flags.size(); ++I)
          LeftOut.push_back({Flags[I].Arg, Flags[I].Line, "for targets '" + P.Targets + "' not resolved", {}});
        Flags.resize(Before);
        continue;
      }
      compilerFlags(P.Value, P.Line, Other, Targets);
    }
  }

  /// The first of \p Stack's conditionals from \p From on that does not select HIP, or null.
  static const Frame *firstNotHip(const std::vector<Frame> &Stack, size_t From) {
    for (size_t I = From; I < Stack.size(); ++I)
      if (Stack[I].Current != MakeBranch::Hip)
        return &Stack[I];
    return nullptr;
  }

  /// Records where a toolkit conditional adds sources (the earliest line of each backend).
  void noteBranches(const std::vector<MakeSources::Entry> &Entries) {
    for (const MakeSources::Entry &E : Entries) {
      if (E.In == MakeBranch::Hip)
        noteBranch(HipBranch, HipBranchLine, E.Line, E.Condition, E.ConditionLine);
      else if (E.In == MakeBranch::Cuda)
        noteBranch(CudaBranch, CudaBranchLine, E.Line, E.Condition, E.ConditionLine);
    }
  }

  static void noteBranch(std::string &Text, unsigned &At, unsigned Line, const std::string &Condition,
                         unsigned ConditionLine) {
    if (!Text.empty() && At <= Line)
      return;
    Text = branchText(Line, Condition, ConditionLine);
    At = Line;
  }

private:
  /// The sources \p Targets' objects are built from: variables as far as they expand (a
  /// substitution reference names its variable's files), `%` patterns and object names.
  std::vector<std::string> targetPatterns(const std::string &Targets) {
    std::vector<std::string> Out;
    std::vector<MakeSources::Entry> Named;
    for (const std::string &Word : topLevelWords(Targets)) {
      if (Word.find('$') != std::string::npos) {
        scan(Word, Named);
        continue;
      }
      std::vector<std::string> Files;
      objectSources(Word, Files);
      for (const std::string &F : Files)
        Out.push_back((fs::path(F).is_absolute() ? fs::path(F) : fs::path(Dir) / F).lexically_normal().string());
    }
    for (const MakeSources::Entry &E : Named)
      if (std::find(Out.begin(), Out.end(), E.Pattern) == Out.end())
        Out.push_back(E.Pattern);
    return Out;
  }

  /// The -D and -I words of a compiler-flags value: the HIP build's when \p Other (the enclosing
  /// conditional that is not the HIP build's) is null; a word under another conditional, or that
  /// goes through a variable, is left out and said.
  void compilerFlags(const std::string &Value, unsigned Line, const Frame *Other,
                     const std::vector<std::string> &Targets) {
    std::vector<std::string> Words;
    std::string W;
    for (size_t I = 0; I <= Value.size(); ++I) {
      char C = I < Value.size() ? Value[I] : ' ';
      if (C == ' ' || C == '\t') {
        if (!W.empty())
          Words.push_back(W);
        W.clear();
      } else {
        W += C;
      }
    }
    for (size_t I = 0; I < Words.size(); ++I) {
      std::string Word = Words[I];
      bool Define = Word.compare(0, 2, "-D") == 0, Include = Word.compare(0, 2, "-I") == 0;
      std::string Standard = Word.find("std=") != std::string::npos ? newerLanguageStandard(Word) : "";
      if (!Standard.empty()) {
        MakeSources::Flag F{Standard, Line, "", Targets};
        if (Other)
          F.Why = "conditional on '" + Other->Condition + "' (line " + std::to_string(Other->Line) + ")";
        (F.Why.empty() ? Flags : LeftOut).push_back(std::move(F));
        continue;
      }
      if (!Define && !Include)
        continue;
      if (Word.size() == 2 && I + 1 < Words.size())
        Word += Words[++I]; // -D NAME, -I dir
      MakeSources::Flag F{Word, Line, "", Targets};
      if (Other) {
        F.Why = "conditional on '" + Other->Condition + "' (line " + std::to_string(Other->Line) + ")";
      } else if (Word.find('$') != std::string::npos) {
        F.Why = "unresolved variable in '" + Word + "'";
      } else if (Include) {
        fs::path P(Word.substr(2));
        F.Arg = "-I" + (P.is_absolute() ? P : fs::path(Dir) / P).lexically_normal().string();
      }
      (F.Why.empty() ? Flags : LeftOut).push_back(std::move(F));
    }
  }

  /// The paths and patterns that \p Value names, directly or through variables and functions.
  void scan(const std::string &Value, std::vector<MakeSources::Entry> &Out) {
    Nested Guard(*this);
    if (!Guard.Fits)
      return;
    std::string Word;
    bool Tainted = false;
    auto endWord = [&] {
      if (!Word.empty() && !Tainted && Word.find('%') == std::string::npos && sourceLikeName(Word)) {
        MakeSources::Entry E;
        E.Pattern = (fs::path(Word).is_absolute() ? fs::path(Word) : fs::path(Dir) / Word).lexically_normal().string();
        Out.push_back(std::move(E));
        ++Work;
      }
      Word.clear();
      Tainted = false;
    };
    for (size_t I = 0; I < Value.size() && Work <= MaxEntries; ++I) {
      char C = Value[I];
      if (C == '$' && I + 1 < Value.size() && (Value[I + 1] == '(' || Value[I + 1] == '{')) {
        size_t End = referenceEnd(Value, I);
        if (End == std::string::npos)
          return;
        std::string Inner = Value.substr(I + 2, End - I - 2);
        size_t Space = Inner.find_first_of(" \t");
        size_t Colon = Inner.find(':');
        if (Space != std::string::npos && (Colon == std::string::npos || Space < Colon)) {
          std::string Fn = Inner.substr(0, Space), Args = Inner.substr(Space + 1);
          size_t Comma = buildscripts::topLevelComma(Args);
          if (Fn == "filter-out" && Comma != std::string::npos) {
            // $(filter-out A,B): B's paths, each except what A names.
            std::vector<MakeSources::Entry> Removed, Kept;
            scan(Args.substr(0, Comma), Removed);
            scan(Args.substr(Comma + 1), Kept);
            for (MakeSources::Entry &E : Kept) {
              for (const MakeSources::Entry &R : Removed)
                E.Except.push_back(R.Pattern);
              Out.push_back(std::move(E));
            }
          } else {
            // Another function ($(wildcard ...), $(sort ...), $(if ...)): every path its arguments
            // name may be selected, so all of them count (more mentions only keep files in scope).
            scan(Args, Out);
          }
        } else {
          const std::vector<MakeSources::Entry> &Named = entriesOf(Inner.substr(0, Colon));
          Work += Named.size(); // copies count: variables that double each other stay bounded
          if (Work > MaxEntries)
            return;
          Out.insert(Out.end(), Named.begin(), Named.end());
        }
        Tainted = true; // a word glued to a reference ($(OBJDIR)/x.o) is no path of its own
        I = End;
        continue;
      }
      if (C == ' ' || C == '\t' || C == ',') {
        endWord();
        continue;
      }
      Word += C;
    }
    endWord();
  }

  const std::vector<MakeSources::Entry> &entriesOf(const std::string &Name) {
    auto Done = Memo.find(Name);
    if (Done != Memo.end())
      return Done->second;
    Nested Guard(*this);
    if (!Guard.Fits)
      return Memo[Name];
    std::vector<MakeSources::Entry> &Out = Memo[Name]; // empty while in progress: a cycle adds nothing
    auto It = Vars.find(Name);
    if (It == Vars.end())
      return Out;
    std::vector<MakeSources::Entry> All;
    for (const Assignment &A : It->second) {
      std::vector<MakeSources::Entry> Items;
      scan(A.Value, Items);
      for (MakeSources::Entry &E : Items) {
        if (A.In != MakeBranch::Other && E.In == MakeBranch::Other) {
          E.Line = A.Line;
          E.Condition = A.Condition;
          E.ConditionLine = A.ConditionLine;
        }
        if (!E.Line)
          E.Line = A.Line; // the innermost assignment that names it
        E.In = combine(A.In, E.In);
        All.push_back(std::move(E));
      }
      if (Work > MaxEntries)
        break;
    }
    std::vector<MakeSources::Entry> &Slot = Memo[Name];
    Slot = std::move(All);
    return Slot;
  }

  /// Records a rule; \p Rest follows its colon(s): prerequisites, or a static pattern rule's
  /// target pattern and prerequisite patterns, and maybe `; recipe`.
  void rule(const std::string &Rest, unsigned Line) {
    RuleText R;
    std::string Prereqs = Rest;
    size_t Semi = Prereqs.find(';');
    if (Semi != std::string::npos) {
      R.Lines.push_back({Prereqs.substr(Semi + 1), Line});
      Prereqs.resize(Semi);
    }
    size_t Colon = Prereqs.find(':');
    if (Colon != std::string::npos)
      Prereqs = Prereqs.substr(Colon + 1); // targets: target-pattern: prerequisite-patterns
    size_t Bar = Prereqs.find('|');
    if (Bar != std::string::npos)
      Prereqs.resize(Bar); // order-only prerequisites are not $^
    R.Prereqs = trim(Prereqs);
    Rules.push_back(std::move(R));
  }

  /// The tool \p Name's value runs: Cuda only when every value it is given is nvcc's.
  MakeBranch toolOfVariable(const std::string &Name, bool &IsTool, unsigned Level = 0) {
    auto Known = ToolMemo.find(Name);
    if (Known != ToolMemo.end()) {
      IsTool = Known->second.second;
      return Known->second.first;
    }
    ToolMemo[Name] = {MakeBranch::Other, false}; // a cycle adds nothing
    MakeBranch Tool = toolOfAssignments(Name, IsTool, Level);
    ToolMemo[Name] = {Tool, IsTool};
    return Tool;
  }

  MakeBranch toolOfAssignments(const std::string &Name, bool &IsTool, unsigned Level) {
    IsTool = false;
    auto It = Vars.find(Name);
    if (It == Vars.end() || Level > 8) {
      // Unset, or set where this reader cannot see (the environment, the command line): a name
      // that says compiler is one, of no known vendor.
      IsTool = namesCompiler(Name);
      return MakeBranch::Other;
    }
    bool AnyCuda = false, AnyOther = false, AnyNone = false;
    for (const Assignment &A : It->second) {
      if (A.Append)
        continue;
      std::string V = trim(A.Value);
      std::string First = V.substr(0, V.find_first_of(" \t"));
      bool WordIsTool = false;
      MakeBranch T = MakeBranch::Other;
      std::string Base =
          First.substr(First.find_last_of("/)}") == std::string::npos ? 0 : First.find_last_of("/)}") + 1);
      if (!Base.empty() && Base.find('$') == std::string::npos) {
        T = toolOfWord(Base, WordIsTool); // $(CUDA_HOME)/bin/nvcc
      } else if (std::string Found = toolFoundByShell(V); !Found.empty()) {
        T = toolOfWord(Found, WordIsTool); // $(shell which hipcc 2>/dev/null)
      } else if (startsWith(First, "$(") || startsWith(First, "${")) {
        std::string Inner = First.substr(2, First.size() > 3 ? First.size() - 3 : 0);
        if (Inner.find_first_of(" \t:$") == std::string::npos && (First.back() == ')' || First.back() == '}'))
          T = toolOfVariable(Inner, WordIsTool, Level + 1);
        else // $(shell which nvcc), $(if ...): a compiler of no known vendor, if the name says so
          WordIsTool = namesCompiler(Name);
      } else {
        T = toolOfWord(First, WordIsTool);
      }
      if (T == MakeBranch::Hip && WordIsTool) {
        IsTool = true;
        return MakeBranch::Hip; // set to hipcc somewhere: the HIP build may run it
      }
      AnyCuda |= WordIsTool && T == MakeBranch::Cuda;
      AnyOther |= WordIsTool && T == MakeBranch::Other;
      AnyNone |= !WordIsTool;
    }
    IsTool = AnyCuda || AnyOther;
    return AnyCuda && !AnyOther && !AnyNone ? MakeBranch::Cuda : MakeBranch::Other;
  }

  /// The tool a recipe line runs (see MakeSources::Recipe), and whether it runs one at all.
  MakeBranch toolOfLine(const std::string &Line, bool &IsTool) {
    bool Cuda = false, Hip = false, Other = false;
    IsTool = false;
    auto note = [&](MakeBranch B, bool T) {
      IsTool |= T;
      Cuda |= T && B == MakeBranch::Cuda;
      Hip |= T && B == MakeBranch::Hip;
      Other |= T && B == MakeBranch::Other;
    };
    std::string Word;
    // nvcc's host compiler (`-ccbin mpicxx`) is nvcc's option, not another compile.
    bool HostCompiler = false;
    auto endWord = [&] {
      if (Word.empty())
        return;
      if (Word == "-ccbin" || Word == "--compiler-bindir") {
        HostCompiler = true;
        Word.clear();
        return;
      }
      if (std::exchange(HostCompiler, false)) {
        Word.clear();
        return;
      }
      size_t From = Word.find_first_not_of("@-+");
      bool T = false;
      MakeBranch B = From == std::string::npos ? MakeBranch::Other : toolOfWord(Word.substr(From), T);
      Word.clear();
      note(B, T);
    };
    for (size_t I = 0; I < Line.size(); ++I) {
      char C = Line[I];
      if (C == '$' && I + 1 < Line.size() && (Line[I + 1] == '(' || Line[I + 1] == '{')) {
        size_t End = referenceEnd(Line, I);
        if (End == std::string::npos)
          break;
        std::string Inner = Line.substr(I + 2, End - I - 2);
        if (Word.empty() && std::exchange(HostCompiler, false)) {
          I = End; // -ccbin $(MPICXX)
          continue;
        }
        if (Inner.find_first_of(" \t:") == std::string::npos) {
          bool T = false;
          MakeBranch B = toolOfVariable(Inner, T);
          note(B, T);
        }
        I = End;
        continue;
      }
      if (std::string(" \t;&|()'\"`").find(C) != std::string::npos) {
        endWord();
        continue;
      }
      Word += C;
    }
    endWord();
    return Hip ? MakeBranch::Hip : Other || !Cuda ? MakeBranch::Other : MakeBranch::Cuda;
  }

  /// \p Text with each reference to a variable set once, to one word without references
  /// (EXAMPLES_DIR = .), replaced by that word: `$(EXAMPLES_DIR)/%_hip.cpp` is a pattern then.
  std::string withFixedFolders(const std::string &Text) {
    std::string Out;
    for (size_t I = 0; I < Text.size(); ++I) {
      if (Text[I] == '$' && I + 1 < Text.size() && (Text[I + 1] == '(' || Text[I + 1] == '{')) {
        size_t End = referenceEnd(Text, I);
        if (End != std::string::npos) {
          auto It = Vars.find(Text.substr(I + 2, End - I - 2));
          if (It != Vars.end() && It->second.size() == 1) {
            std::string V = trim(It->second.front().Value);
            if (!V.empty() && V.find_first_of(" \t$%") == std::string::npos) {
              Out += V;
              I = End;
              continue;
            }
          }
        }
      }
      Out += Text[I];
    }
    return Out;
  }

  /// Whether \p Text, or a variable it reads (at any depth), holds what this reader cannot list:
  /// $(shell), $(call), $(foreach), a variable set nowhere here.
  bool opaque(const std::string &Text, unsigned Level = 0) {
    if (Level > 16)
      return true;
    for (const std::string &W : topLevelWords(Text)) {
      // A flag (-I$(ROCM_PATH)/include), an environment assignment (HIP_PATH=$(ROCM_PATH)) or the
      // compiler itself names no source, whatever its value holds.
      size_t Eq = W.find('=');
      if (W[0] == '-' || (Eq != std::string::npos && Eq > 0 && W.find_first_of("$(){}") > Eq))
        continue;
      bool IsTool = false;
      if (W.size() > 3 && W[0] == '$' && (W[1] == '(' || W[1] == '{') && referenceEnd(W, 0) == W.size() - 1 &&
          W.find_first_of(" \t:$", 1) == std::string::npos)
        toolOfVariable(W.substr(2, W.size() - 3), IsTool);
      if (IsTool)
        continue;
      for (const char *Fn : {"$(shell", "$(call", "$(foreach", "$(value", "$(file", "${shell", "$(origin"})
        if (W.find(Fn) != std::string::npos)
          return true;
      std::vector<std::string> Names;
      referencedNames(W, Names);
      for (const std::string &N : Names) {
        // $(patsubst ...), $(wildcard ...): a function, whose arguments are names of their own.
        size_t At = W.find("(" + N);
        if (At != std::string::npos && At + 1 + N.size() < W.size() &&
            (W[At + 1 + N.size()] == ' ' || W[At + 1 + N.size()] == '\t'))
          continue;
        auto It = Vars.find(N);
        if (It == Vars.end()) {
          static const char *Harmless[] = {"FLAGS", "DIR", "PATH", "HOME", "ROOT", "ARCH", "LIB", "INC", "OPT", "ENV"};
          if (std::none_of(std::begin(Harmless), std::end(Harmless),
                           [&](const char *H) { return N.find(H) != std::string::npos; }))
            return true;
          continue;
        }
        auto Known = OpaqueMemo.find(N);
        if (Known == OpaqueMemo.end()) {
          OpaqueMemo[N] = false; // a cycle adds nothing
          bool Any = std::any_of(It->second.begin(), It->second.end(),
                                 [&](const Assignment &A) { return opaque(A.Value, Level + 1); });
          Known = OpaqueMemo.insert_or_assign(N, Any).first;
        }
        if (Known->second)
          return true;
      }
    }
    return false;
  }

  /// Adds the sources the words of \p Text name to \p R: literal paths, '%' patterns (any
  /// depth, except for nvcc's), variables as far as they expand, and for any tool but nvcc's,
  /// a name glued to a reference ($(SRC)/k.cu) as that name in any folder.
  void reachOf(const std::string &Written, MakeSources::Recipe &R) {
    bool Cuda = R.Tool == MakeBranch::Cuda;
    std::string Text = withFixedFolders(Written);
    if (!Cuda && opaque(Text))
      R.All = true;
    std::vector<MakeSources::Entry> Named;
    scan(Text, Named);
    for (MakeSources::Entry &E : Named)
      R.Paths.push_back(std::move(E.Pattern));
    std::string Word;
    auto endWord = [&] {
      std::string W = Word;
      Word.clear();
      size_t Pct = W.find('%');
      bool Ref = W.find_first_of("$\x01") != std::string::npos;
      if (Pct != std::string::npos && !Ref) {
        std::string Abs = (fs::path(W).is_absolute() ? fs::path(W) : fs::path(Dir) / W).lexically_normal().string();
        size_t P = Abs.find('%');
        if (Cuda) {
          if (Abs.find('/', P) == std::string::npos)
            R.Paths.push_back(Abs.substr(0, P) + "*" + Abs.substr(P + 1));
        } else {
          R.Stems.push_back({Abs.substr(0, P), Abs.substr(P + 1)});
        }
        return;
      }
      if (Cuda || !Ref)
        return;
      std::string Name = W.substr(W.find_last_of("/)}") + 1);
      std::string Tail = Pct == std::string::npos ? "" : W.substr(Pct + 1);
      if (Pct != std::string::npos && !Tail.empty() && Tail.find_first_of("$\x01/%") == std::string::npos)
        R.Stems.push_back({"", Tail}); // $(SRC_DIR)/%_hip.cpp: any file whose name ends so
      else if (Pct != std::string::npos || Name.find_first_of("$\x01") != std::string::npos)
        R.All |= sourceLikeName(W) || Pct != std::string::npos;
      else if (sourceLikeName(Name))
        R.Stems.push_back({"", "/" + Name});
    };
    for (char C : Text) {
      if (C == ' ' || C == '\t' || C == ';') {
        endWord();
        continue;
      }
      Word += C;
    }
    endWord();
  }

public:
  /// Every recipe line, with its tool and reach.
  std::vector<MakeSources::Recipe> recipes(bool &RecipesUnclear) {
    std::vector<MakeSources::Recipe> Out;
    RecipesUnclear = Unclear;
    for (const std::string &Line : CannedLines) {
      bool IsTool = false;
      toolOfLine(Line, IsTool);
      RecipesUnclear |= IsTool; // a canned recipe that compiles: run where this reader cannot see
    }
    if (RecipesUnclear)
      return Out;
    for (const RuleText &Rule : Rules)
      for (const auto &[Text, At] : Rule.Lines) {
        // `$$` is the shell's `$`: a shell variable or command substitution, no make reference.
        std::string Line = trim(Text);
        while (!Line.empty() && (Line[0] == '@' || Line[0] == '-' || Line[0] == '+'))
          Line = trim(Line.substr(1)); // echo off, ignore errors, always run
        for (size_t D = Line.find("$$"); D != std::string::npos; D = Line.find("$$", D))
          Line.replace(D, 2, "\x01");
        MakeSources::Recipe R;
        bool IsTool = false;
        R.Tool = toolOfLine(Line, IsTool);
        R.Line = At;
        // A line that runs no compiler, interpreter or script (echo, a loop running the built
        // programs) reads no source for a build.
        if (!IsTool)
          continue;
        reachOf(Line, R);
        if (readsPrerequisites(Line)) {
          if (Rule.Prereqs.empty() && R.Tool != MakeBranch::Cuda)
            R.All = true; // a suffix rule (.cu.o:) reads whatever matches
          reachOf(Rule.Prereqs, R);
        }
        bool Stem = Line.find("$*") != std::string::npos || Line.find("$(*") != std::string::npos;
        R.All |= Stem && R.Tool != MakeBranch::Cuda;
        Out.push_back(std::move(R));
        if (Work > MaxEntries)
          break;
      }
    return Out;
  }

private:
  /// Reads the files of an include directive (\p Names, paths relative to the Makefile's folder)
  /// in its place, at \p Line. False, with nothing read, when a name is not a plain path to a
  /// regular file of the Makefile's repository, or includes nest too deep or in a cycle.
  bool readIncludes(const std::string &Names, unsigned Line) {
    if (Names.empty() || Names.find_first_of("$*?[%") != std::string::npos || Included.size() >= MaxIncludeDepth)
      return false;
    std::vector<std::pair<std::string, std::string>> Texts;
    std::string Root = realPathOf(repositoryRoot(Dir));
    for (const std::string &Name : topLevelWords(Names)) {
      std::string P = fs::path(Name).is_absolute() ? Name : (fs::path(Dir) / Name).lexically_normal().string();
      std::string Real = realPathOf(P);
      // A file outside the repository is not read (it may be anything on the machine).
      if (!isRegularFile(Real) || !isWithin(Real, Root) || std::count(Included.begin(), Included.end(), Real))
        return false;
      std::optional<std::string> Text = readRegularFile(Real, 1 << 20);
      if (!Text)
        return false;
      Texts.emplace_back(Real, std::move(*Text));
    }
    unsigned Outer = IncludedAt;
    IncludedAt = Outer ? Outer : Line;
    for (const auto &[Real, Text] : Texts) {
      Included.push_back(Real);
      read(Text);
      Included.pop_back();
    }
    IncludedAt = Outer;
    return true;
  }

  static constexpr size_t MaxIncludeDepth = 4;
  std::vector<std::string> Included; // the files being read in place, outermost first
  unsigned IncludedAt = 0;           // the outermost include's line while one is read
  std::string Dir;
  bool &BuildsHip;
  std::vector<RuleText> Rules;
  std::vector<std::string> CannedLines;
  /// The define being read, its lines, and the defines that only set variables.
  std::string DefineName;
  std::vector<std::string> Body;
  std::set<std::string> AssignOnly;

  /// Whether every $(eval) of \p T evaluates '$(call NAME,...)' of a define that only sets variables.
  bool evaluatesAssignOnly(const std::string &T) const {
    for (size_t At = T.find("$(eval"); At != std::string::npos; At = T.find("$(eval", At + 1)) {
      std::string After = trim(T.substr(At + 6));
      if (!startsWith(After, "$(call "))
        return false;
      std::string Name = trim(After.substr(7, After.find_first_of(",)") - 7));
      if (!AssignOnly.count(Name))
        return false;
    }
    return true;
  }
  bool Unclear = false;
  std::map<std::string, std::pair<MakeBranch, bool>> ToolMemo;
  std::map<std::string, bool> OpaqueMemo;
  std::map<std::string, std::vector<Assignment>> Vars;
  std::set<std::string> Referenced;
  std::map<std::string, std::vector<MakeSources::Entry>> Memo;
  std::vector<TargetFlags> Pending;
  unsigned HipBranchLine = 0, CudaBranchLine = 0;
  size_t Work = 0;
  unsigned Depth = 0;

  /// One level of nesting; past MaxNesting the reader gives up (as past MaxEntries).
  struct Nested {
    Reader &R;
    bool Fits;
    explicit Nested(Reader &R) : R(R), Fits(++R.Depth <= MaxNesting) {
      if (!Fits)
        R.Work = MaxEntries + 1;
    }
    ~Nested() { --R.Depth; }
    Nested(const Nested &) = delete;
    Nested &operator=(const Nested &) = delete;
  };
};

std::vector<std::string> segments(const std::string &P) {
  std::vector<std::string> Out;
  size_t Pos = 0;
  while (Pos <= P.size()) {
    size_t End = P.find('/', Pos);
    if (End == std::string::npos)
      End = P.size();
    Out.push_back(P.substr(Pos, End - Pos));
    Pos = End + 1;
  }
  return Out;
}

bool matches(const std::string &Pattern, const std::vector<std::string> &File) {
  std::vector<std::string> Pat = segments(Pattern);
  if (Pat.size() != File.size())
    return false;
  for (size_t I = 0; I < Pat.size(); ++I) {
    if (Pat[I].find_first_of("*?[") == std::string::npos) {
      if (Pat[I] != File[I])
        return false;
      continue;
    }
    SegmentGlob G;
    std::string Error;
    if (!SegmentGlob::compile(Pat[I], G, Error) || !G.match(File[I]))
      return false;
  }
  return true;
}

} // namespace

MakeSources MakeSources::read(const std::string &Path, const std::string &Text) {
  MakeSources M;
  M.Path = Path;
  Reader R(fs::path(Path).parent_path().string(), M.BuildsHip);
  R.read(Text);
  M.Entries = R.entries(M.GaveUp);
  if (!M.GaveUp)
    M.Recipes = R.recipes(M.RecipesUnclear);
  M.GaveUp |= R.gaveUp();
  if (!M.GaveUp) {
    R.targetFlags();
    R.noteBranches(M.Entries);
    M.HipBranch = std::move(R.HipBranch);
    M.CudaBranch = std::move(R.CudaBranch);
  }
  M.Flags = std::move(R.Flags);
  M.LeftOutFlags = std::move(R.LeftOut);
  return M;
}

bool MakeSources::matchesPattern(const std::string &Pattern, const std::string &Absolute) {
  return matches(Pattern, segments(fs::path(Absolute).lexically_normal().string()));
}

const MakeSources::Entry *MakeSources::listing(const std::string &Absolute, bool SkipCuda) const {
  if (GaveUp)
    return nullptr;
  std::vector<std::string> File = segments(fs::path(Absolute).lexically_normal().string());
  for (const Entry &E : Entries)
    if ((!SkipCuda || E.In != MakeBranch::Cuda) && matches(E.Pattern, File) &&
        std::none_of(E.Except.begin(), E.Except.end(), [&](const std::string &X) { return matches(X, File); }))
      return &E;
  return nullptr;
}

bool MakeSources::cudaOnly(const std::string &Absolute, std::string &Why) const {
  if (GaveUp)
    return false;
  if (!BuildsHip)
    return compiledOnlyByNvcc(Absolute, Why);
  std::vector<std::string> File = segments(fs::path(Absolute).lexically_normal().string());
  const Entry *Cuda = nullptr;
  for (const Entry &E : Entries) {
    if (!matches(E.Pattern, File) ||
        std::any_of(E.Except.begin(), E.Except.end(), [&](const std::string &X) { return matches(X, File); }))
      continue;
    if (E.In != MakeBranch::Cuda)
      return compiledOnlyByNvcc(Absolute, Why);
    if (!Cuda)
      Cuda = &E;
  }
  if (!Cuda)
    return compiledOnlyByNvcc(Absolute, Why);
  Why = Path + ":" + std::to_string(Cuda->Line) + ": added only under '" + Cuda->Condition + "' (line " +
        std::to_string(Cuda->ConditionLine) + ")";
  return true;
}

} // namespace rocmtidy::project

namespace rocmtidy::project {

namespace {

bool reaches(const MakeSources::Recipe &R, const std::string &Absolute) {
  if (R.All)
    return true;
  for (const auto &[Prefix, Suffix] : R.Stems)
    if (Absolute.size() > Prefix.size() + Suffix.size() && startsWith(Absolute, Prefix) && endsWith(Absolute, Suffix))
      return true;
  return std::any_of(R.Paths.begin(), R.Paths.end(),
                     [&](const std::string &P) { return MakeSources::matchesPattern(P, Absolute); });
}

} // namespace

static unsigned firstRecipeOf(const std::vector<MakeSources::Recipe> &Recipes, MakeBranch Tool) {
  for (const MakeSources::Recipe &R : Recipes)
    if (R.Tool == Tool && (R.All || !R.Paths.empty() || !R.Stems.empty()))
      return R.Line;
  return 0;
}

unsigned MakeSources::hipRecipeLine() const { return GaveUp ? 0 : firstRecipeOf(Recipes, MakeBranch::Hip); }

bool MakeSources::hipRecipeNames(const std::string &Absolute) const {
  std::string File = fs::path(Absolute).lexically_normal().string();
  return std::any_of(Recipes.begin(), Recipes.end(), [&](const Recipe &R) {
    return R.Tool == MakeBranch::Hip &&
           std::any_of(R.Paths.begin(), R.Paths.end(), [&](const std::string &P) { return matchesPattern(P, File); });
  });
}

unsigned MakeSources::nvccRecipeLine() const { return GaveUp ? 0 : firstRecipeOf(Recipes, MakeBranch::Cuda); }

unsigned MakeSources::onlyNvccReads(const std::string &Absolute) const {
  if (GaveUp || RecipesUnclear)
    return 0;
  // Only .cu files: make's built-in rules compile a .c or .cpp file whose object any list names
  // with $(CC) or $(CXX), a recipe this reader does not see.
  std::string File = fs::path(Absolute).lexically_normal().string();
  if (asciiLower(fs::path(File).extension().string()) != ".cu")
    return 0;
  unsigned Line = 0;
  for (const Recipe &R : Recipes) {
    if (!reaches(R, File))
      continue;
    if (R.Tool != MakeBranch::Cuda)
      return 0;
    if (!Line)
      Line = R.Line;
  }
  return Line;
}

bool MakeSources::recipesMayRead(const std::string &Absolute) const {
  if (GaveUp || RecipesUnclear)
    return true;
  std::string File = fs::path(Absolute).lexically_normal().string();
  return std::any_of(Recipes.begin(), Recipes.end(), [&](const Recipe &R) { return reaches(R, File); });
}

unsigned MakeSources::nvccOnlyRecipeLine(const std::string &Absolute) const {
  return hipRecipeLine() ? 0 : onlyNvccReads(Absolute);
}

bool MakeSources::compiledOnlyByNvcc(const std::string &Absolute, std::string &Why) const {
  // The Makefile is a HIP build too: some hipcc recipe reads sources.
  unsigned Hip = hipRecipeLine();
  unsigned Nvcc = Hip ? onlyNvccReads(Absolute) : 0;
  if (!Nvcc)
    return false;
  Why = Path + ":" + std::to_string(Nvcc) + ": compiled only by nvcc; the HIP build's recipes (line " +
        std::to_string(Hip) + ") do not read it";
  return true;
}

std::vector<MakeLine> makeLines(const std::string &Text) {
  std::vector<MakeLine> Out;
  unsigned LineNo = 0;
  size_t Pos = 0;
  while (Pos < Text.size()) {
    MakeLine L;
    L.Line = ++LineNo;
    while (Pos < Text.size()) {
      size_t End = Text.find('\n', Pos);
      if (End == std::string::npos)
        End = Text.size();
      std::string Part = Text.substr(Pos, End - Pos);
      Pos = End + 1;
      if (!Part.empty() && Part.back() == '\r')
        Part.pop_back();
      if (!Part.empty() && Part.back() == '\\') {
        L.Text += Part.substr(0, Part.size() - 1) + " ";
        ++LineNo;
        continue;
      }
      L.Text += Part;
      break;
    }
    Out.push_back(std::move(L));
  }
  return Out;
}

std::string withoutMakeComment(std::string Line) {
  size_t Hash = Line.find('#');
  while (Hash != std::string::npos && Hash > 0 && Line[Hash - 1] == '\\')
    Hash = Line.find('#', Hash + 1);
  if (Hash != std::string::npos)
    Line.resize(Hash);
  return Line;
}

std::vector<std::string> backendMakefilesIn(const std::string &Dir, bool Cuda) {
  std::vector<std::string> Out;
  const BuildSwitchTable &T = buildSwitchTable();
  for (const char *Stem : {"GNUmakefile.", "makefile.", "Makefile."})
    for (const std::string &V : Cuda ? T.CudaValues : T.HipValues) {
      std::string P = (fs::path(Dir) / (Stem + V)).string();
      if (isRegularFile(P))
        Out.push_back(std::move(P));
    }
  return Out;
}

MakeBranch classifyMakeConditional(const std::string &Kw, const std::string &Args, MakeBranch *Else, bool *NamesHip) {
  std::vector<std::string> Names;
  bool Positive = false, Presence = Kw == "ifdef" || Kw == "ifndef";
  MakeBranch Literal = MakeBranch::Other;
  if (Kw == "ifdef" || Kw == "ifndef") {
    Names.push_back(trim(Args));
    Positive = Kw == "ifdef";
  } else {
    // (A,B) or "A" "B": a side left empty tests whether the other is set.
    std::string A, B;
    if (!Args.empty() && Args[0] == '(' && Args.back() == ')') {
      std::string In = Args.substr(1, Args.size() - 2);
      size_t Comma = buildscripts::topLevelComma(In);
      if (Comma == std::string::npos)
        return MakeBranch::Other;
      A = trim(In.substr(0, Comma));
      B = trim(In.substr(Comma + 1));
    } else {
      return MakeBranch::Other;
    }
    Presence = A.empty() || B.empty();
    // ifeq ($(HIP_PLATFORM),nvidia): hipcc compiling for NVIDIA through nvcc, the CUDA build; its
    // else, and the arm of ifneq, is hipcc's other platform.
    MakeBranch Platform = MakeBranch::Other;
    switch (Presence ? BuildSwitchTable::Vendor::None : buildscripts::makePlatformCompared(Args)) {
    case BuildSwitchTable::Vendor::Cuda:
      Platform = MakeBranch::Cuda;
      break;
    case BuildSwitchTable::Vendor::Hip:
      Platform = MakeBranch::Hip;
      break;
    case BuildSwitchTable::Vendor::None:
      break;
    }
    if (Platform != MakeBranch::Other) {
      MakeBranch Other = Platform == MakeBranch::Cuda ? MakeBranch::Hip : MakeBranch::Cuda;
      if (NamesHip)
        *NamesHip = true;
      if (Else)
        *Else = Kw == "ifeq" ? Other : Platform;
      return Kw == "ifeq" ? Platform : Other;
    }
    if (Presence)
      Positive = Kw == "ifneq";
    else if (Kw == "ifeq") {
      Positive = true;
      // ifeq ($(BACKEND),cuda): the literal names the backend.
      for (const std::string &Side : {A, B})
        if (Side.find('$') == std::string::npos)
          Literal = vendorOfName(Side);
    }
    referencedNames(A + " " + B, Names);
  }
  MakeBranch Vendor = Literal;
  bool Mixed = false;
  for (const std::string &N : Names) {
    MakeBranch V = vendorOfName(N);
    if ((V == MakeBranch::Hip || Literal == MakeBranch::Hip) && NamesHip)
      *NamesHip = true;
    if (Literal != MakeBranch::Other || V == MakeBranch::Other)
      continue;
    Mixed |= Vendor != MakeBranch::Other && Vendor != V;
    Vendor = V;
  }
  // Only "this toolkit is present" selects a backend; "absent" may mean a CPU build. The else of
  // "hipcc is absent" is where the HIP build runs (llm.c's 'ifeq ($(HIPCC),)' ... 'else'
  // 'HIPCC_FLAGS += -DBUILD_AMD'); the else of "CUDA is absent" stays no backend in particular: a
  // machine with both toolkits takes it for either build, and sources are skipped only on sure ground.
  if (Else && Presence && !Positive && !Mixed && Vendor == MakeBranch::Hip)
    *Else = Vendor;
  return Positive && !Mixed ? Vendor : MakeBranch::Other;
}

} // namespace rocmtidy::project
