#include "project/CMakeEval.h"
#include "project/BuildBranch.h"

#include "cmake/CMakeParser.h"
#include "cmake/CMakeStrings.h"
#include "core/BuildSwitches.h"
#include "core/StringUtil.h"

#include <re2/re2.h>

#include <cctype>
#include <filesystem>
#include <map>
#include <set>
#include <utility>

namespace fs = std::filesystem;

namespace rocmtidy::project {

namespace {

using Reader = std::function<std::optional<std::string>(const std::string &)>;

// The scripts come with the repository rocm-lint is asked to read, so a pattern is untrusted: a
// backtracking engine hangs on nested counted repeats ('((a{0,255}){0,255}){0,255}'). RE2 matches
// in linear time and refuses what it cannot bound. CMake's patterns have no backreferences or
// lookaround, so a pattern RE2 refuses, or one too large, leaves the condition undecided.
std::optional<bool> matchesRegex(const std::string &Value, const std::string &Pattern) {
  constexpr size_t MaxPatternLength = 1000;
  constexpr int MaxProgramSize = 4000;
  if (Pattern.size() > MaxPatternLength)
    return std::nullopt;
  RE2::Options O;
  O.set_log_errors(false);
  O.set_posix_syntax(true);
  O.set_perl_classes(true);
  RE2 Re(Pattern, O);
  if (!Re.ok() || Re.ProgramSize() > MaxProgramSize)
    return std::nullopt;
  return RE2::PartialMatch(Value, Re);
}

struct Arg {
  std::string Value;
  bool Quoted = false;
};

struct Cmd {
  std::string Name; // lower case
  unsigned Line = 0;
  std::vector<Arg> Args;
};

struct Collect : cmake::ParseCallbacks {
  std::vector<Cmd> Out;
  void command(const cmake::Command &C) override {
    Cmd Mine;
    Mine.Name = C.LowerName;
    Mine.Line = C.Line;
    for (const cmake::Argument &A : C.Args)
      Mine.Args.push_back({A.Value, A.Kind == cmake::Argument::Quoted || A.Kind == cmake::Argument::Bracket});
    Out.push_back(std::move(Mine));
  }
};

// Expanding a value more than this many times, or to more than this many bytes, means a hostile
// or runaway script: the value is unknown.
constexpr unsigned MaxExpansionDepth = 16;
constexpr size_t MaxValueBytes = 1 << 16;

enum class Mode { Run, Maybe, Skip };

bool hasWord(const std::string &Value, const char *Word) {
  std::string L = asciiLower(Value), W;
  for (size_t I = 0; I <= L.size(); ++I) {
    char C = I < L.size() ? L[I] : ' ';
    if (std::isalnum(static_cast<unsigned char>(C))) {
      W += C;
      continue;
    }
    if (W == Word)
      return true;
    W.clear();
  }
  return false;
}

class Evaluator {
public:
  std::map<std::string, std::string> Force;
  /// Reads a project file that include() runs (null: include() is not followed); IncludeTop is the
  /// project top, outside which nothing is read.
  std::function<std::optional<std::string>(const std::string &)> IncludeRead;
  std::string IncludeTop;
  /// The script whose commands run now: the chain's, or a .cmake file it include()s.
  std::string CurrentFile;
  /// The project's own HIP switches (option(GINKGO_BUILD_HIP ...)) are on: the build evaluated is
  /// the HIP build.
  bool HipSwitchesOn = false;
  /// The same for the CUDA build, when the CUDA build is the one evaluated.
  bool CudaSwitchesOn = false;
  /// A value the build itself sets before any script runs (CMAKE_HIP_COMPILER_ID).
  void setFact(const std::string &Name, const std::string &Value) { Vars[Name] = Value; }
  /// (cache variable, compared value) from every if()/elseif() seen.
  std::vector<std::pair<std::string, std::string>> Comparisons;
  std::set<std::string> CacheNames;

  std::optional<std::string> expand(const std::string &S) const {
    cmake::ExpandRules Rules;
    Rules.UnsetIsEmpty = true;
    Rules.GeneratorExpressionsAsText = true;
    Rules.MaxDepth = MaxExpansionDepth;
    Rules.MaxBytes = MaxValueBytes;
    return cmake::expandReferences(
        S,
        [this](const std::string &Name) {
          auto It = Vars.find(Name);
          if (It == Vars.end())
            return cmake::VariableValue::unset();
          return It->second ? cmake::VariableValue::known(*It->second) : cmake::VariableValue::unknown();
        },
        Rules);
  }

  /// An if() operand: an unquoted name of a defined variable reads its value.
  std::optional<std::string> operand(const Arg &A) const {
    std::optional<std::string> V = expand(A.Value);
    if (!V || A.Quoted)
      return V;
    auto It = Vars.find(*V);
    if (It != Vars.end())
      return It->second;
    return V;
  }

  std::optional<bool> truthy(const Arg &A) const {
    std::optional<std::string> Name = expand(A.Value);
    if (!Name)
      return std::nullopt;
    std::string L = asciiLower(*Name);
    if (L == "1" || L == "on" || L == "yes" || L == "true" || L == "y")
      return true;
    if (L == "0" || L == "off" || L == "no" || L == "false" || L == "n" || L.empty() || L == "ignore" ||
        L == "notfound")
      return false;
    auto It = Vars.find(*Name);
    if (!A.Quoted && It == Vars.end()) {
      // A vendor switch the scripts never set comes from -D: the build evaluated passes its own
      // (QUICK's 'cmake -DHIP=TRUE', tested as if(HIP)) and not the other vendor's.
      Branch Vendor = classifyCondition({L});
      if ((HipSwitchesOn && Vendor == Branch::Hip) || (CudaSwitchesOn && Vendor == Branch::Cuda))
        return true;
      if ((HipSwitchesOn && Vendor == Branch::Cuda) || (CudaSwitchesOn && Vendor == Branch::Hip))
        return false;
    }
    if (A.Quoted || It == Vars.end())
      return std::nullopt; // undefined here: a -D on the command line may define it
    const std::optional<std::string> &Value = It->second;
    if (!Value.has_value())
      return std::nullopt;
    std::string V = asciiLower(*Value);
    if (V.empty() || V == "0" || V == "off" || V == "no" || V == "false" || V == "n" || V == "ignore" ||
        V == "notfound" || (V.size() >= 9 && V.compare(V.size() - 9, 9, "-notfound") == 0))
      return false;
    return true;
  }

  std::optional<bool> condition(const std::vector<Arg> &Args, size_t B, size_t E) const {
    // OR binds loosest, then AND, then NOT; parentheses are not decided.
    for (size_t I = B; I < E; ++I)
      if (!Args[I].Quoted && (Args[I].Value == "(" || Args[I].Value == ")"))
        return std::nullopt;
    for (const char *Op : {"OR", "AND"}) {
      for (size_t I = B; I < E; ++I) {
        if (Args[I].Quoted || Args[I].Value != Op)
          continue;
        std::optional<bool> L = condition(Args, B, I), R = condition(Args, I + 1, E);
        if (std::string(Op) == "OR") {
          if ((L && *L) || (R && *R))
            return true;
          if (L && R)
            return false;
        } else {
          if ((L && !*L) || (R && !*R))
            return false;
          if (L && R)
            return true;
        }
        return std::nullopt;
      }
    }
    if (E > B && !Args[B].Quoted && Args[B].Value == "NOT") {
      std::optional<bool> V = condition(Args, B + 1, E);
      return V ? std::optional<bool>(!*V) : std::nullopt;
    }
    if (E - B == 1)
      return truthy(Args[B]);
    if (E - B == 2 && !Args[B].Quoted && Args[B].Value == "DEFINED") {
      std::optional<std::string> N = expand(Args[B + 1].Value);
      if (!N || !Vars.count(*N))
        return std::nullopt;
      return true;
    }
    if (E - B == 3 && !Args[B + 1].Quoted && (Args[B + 1].Value == "STREQUAL" || Args[B + 1].Value == "IN_LIST")) {
      std::optional<std::string> L = operand(Args[B]);
      std::optional<std::string> R =
          Args[B + 1].Value == "IN_LIST" ? expand("${" + Args[B + 2].Value + "}") : operand(Args[B + 2]);
      if (!L || !R)
        return std::nullopt;
      if (Args[B + 1].Value == "STREQUAL")
        return *L == *R;
      for (size_t P = 0; P <= R->size();) {
        size_t Semi = R->find(';', P);
        if (Semi == std::string::npos)
          Semi = R->size();
        if (R->compare(P, Semi - P, *L) == 0 && Semi - P == L->size())
          return true;
        P = Semi + 1;
      }
      return false;
    }
    if (E - B == 3 && !Args[B + 1].Quoted && Args[B + 1].Value == "MATCHES") {
      // Only a variable this script set, or a quoted value: a name it never set may come from -D.
      std::optional<std::string> Name = expand(Args[B].Value);
      if (!Name || (!Args[B].Quoted && !Vars.count(*Name)))
        return std::nullopt;
      std::optional<std::string> L = operand(Args[B]), R = expand(Args[B + 2].Value);
      if (!L || !R)
        return std::nullopt;
      return matchesRegex(*L, *R);
    }
    return std::nullopt;
  }

  void noteComparisons(const std::vector<Arg> &Args) {
    for (size_t I = 0; I + 2 < Args.size(); ++I) {
      if (Args[I + 1].Quoted || Args[I + 1].Value != "STREQUAL" || Args[I].Quoted)
        continue;
      std::optional<std::string> Name = expand(Args[I].Value), Other = operand(Args[I + 2]);
      if (Name && Other && CacheNames.count(*Name))
        Comparisons.emplace_back(*Name, *Other);
    }
  }

  void assign(const std::string &Name, std::optional<std::string> Value, Mode M) {
    Vars[Name] = M == Mode::Run ? std::move(Value) : std::nullopt;
  }

  std::optional<std::string> joined(const std::vector<Arg> &Args, size_t B, size_t E) const {
    std::string Out;
    for (size_t I = B; I < E; ++I) {
      std::optional<std::string> V = expand(Args[I].Value);
      if (!V)
        return std::nullopt;
      Out += (I > B ? ";" : "") + *V;
    }
    return Out;
  }

  void stringCommand(const Cmd &C, Mode M) {
    const std::vector<Arg> &A = C.Args;
    if (A.empty())
      return;
    const std::string &Op = A[0].Value;
    if ((Op == "TOLOWER" || Op == "TOUPPER") && A.size() == 3) {
      std::optional<std::string> In = expand(A[1].Value);
      if (In) {
        std::string Out = *In;
        for (char &Ch : Out)
          Ch = static_cast<char>(Op == "TOLOWER" ? std::tolower(static_cast<unsigned char>(Ch))
                                                 : std::toupper(static_cast<unsigned char>(Ch)));
        In = Out;
      }
      assign(A[2].Value, In, M);
    } else if (Op == "REPLACE" && A.size() >= 4) {
      std::optional<std::string> From = expand(A[1].Value), To = expand(A[2].Value), In = joined(A, 4, A.size());
      std::optional<std::string> Out;
      if (From && To && In && !From->empty()) {
        std::string R;
        for (size_t P = 0;;) {
          size_t At = In->find(*From, P);
          R += In->substr(P, At == std::string::npos ? std::string::npos : At - P);
          if (At == std::string::npos)
            break;
          R += *To;
          P = At + From->size();
        }
        Out = R;
      }
      assign(A[3].Value, Out, M);
    } else if (Op == "REGEX" && A.size() >= 5 && A[1].Value == "REPLACE") {
      assign(A[4].Value, literalRegexReplace(A), M);
    } else if (A.size() >= 2) {
      // Other string() forms write their last or second argument: whichever it is becomes unknown.
      for (size_t I = 1; I < A.size(); ++I)
        if (Vars.count(A[I].Value))
          Vars[A[I].Value] = std::nullopt;
    }
  }

  /// string(REGEX REPLACE) for a pattern that is a literal with optional ^ and $ anchors.
  std::optional<std::string> literalRegexReplace(const std::vector<Arg> &A) const {
    std::optional<std::string> Re = expand(A[2].Value), To = expand(A[3].Value), In = joined(A, 5, A.size());
    if (!Re || !To || !In || Re->empty() || To->find('\\') != std::string::npos)
      return std::nullopt;
    bool Begin = Re->front() == '^', End = Re->back() == '$' && Re->size() > 1;
    std::string Lit = Re->substr(Begin, Re->size() - Begin - End);
    if (Lit.empty() || Lit.find_first_of(".[]()*+?|\\{}^$") != std::string::npos)
      return std::nullopt;
    if (Begin || End) {
      bool Hit = Begin ? In->compare(0, Lit.size(), Lit) == 0
                       : In->size() >= Lit.size() && In->compare(In->size() - Lit.size(), Lit.size(), Lit) == 0;
      if (Begin && End)
        Hit = *In == Lit;
      if (!Hit)
        return In;
      return Begin ? *To + In->substr(Lit.size()) : In->substr(0, In->size() - Lit.size()) + *To;
    }
    std::string R;
    for (size_t P = 0;;) {
      size_t At = In->find(Lit, P);
      R += In->substr(P, At == std::string::npos ? std::string::npos : At - P);
      if (At == std::string::npos)
        break;
      R += *To;
      P = At + Lit.size();
    }
    return R;
  }

  /// Where the evaluation pretends the build folder is (configured files are generated below it).
  std::string Top, BinaryTop;

  /// The variables CMake itself sets for the script \p Path.
  void enterScript(const std::string &Path) {
    CurrentFile = Path;
    std::string Dir = fs::path(Path).parent_path().string();
    Vars["CMAKE_CURRENT_SOURCE_DIR"] = Dir;
    Vars["CMAKE_CURRENT_LIST_DIR"] = Dir;
    if (Top.empty())
      Top = Dir;
    Vars["CMAKE_SOURCE_DIR"] = Top;
    if (!Vars.count("PROJECT_SOURCE_DIR"))
      Vars["PROJECT_SOURCE_DIR"] = Top;
    if (!BinaryTop.empty()) {
      std::string Rel = fs::path(Dir).lexically_relative(Top).string();
      Vars["CMAKE_BINARY_DIR"] = BinaryTop;
      Vars["CMAKE_CURRENT_BINARY_DIR"] = (fs::path(BinaryTop) / (Rel == "." ? "" : Rel)).lexically_normal().string();
    }
  }

  void projectCommand(const Cmd &C, Mode M) {
    const std::string &Name = C.Args[0].Value;
    std::string Dir = Vars["CMAKE_CURRENT_SOURCE_DIR"].value_or("");
    assign("PROJECT_NAME", Name, M);
    assign("PROJECT_SOURCE_DIR", Dir, M);
    assign(Name + "_SOURCE_DIR", Dir, M);
    // The build folder of the project, where configure_file() writes ('${Ginkgo_BINARY_DIR}/include').
    if (std::optional<std::string> Bin = Vars["CMAKE_CURRENT_BINARY_DIR"]) {
      assign("PROJECT_BINARY_DIR", Bin, M);
      assign(Name + "_BINARY_DIR", Bin, M);
    }
    for (size_t I = 1; I + 1 < C.Args.size(); ++I) {
      if (C.Args[I].Value != "VERSION")
        continue;
      std::optional<std::string> V = expand(C.Args[I + 1].Value);
      for (const std::string &Prefix : {Name, std::string("PROJECT")}) {
        assign(Prefix + "_VERSION", V, M);
        const char *Parts[] = {"_VERSION_MAJOR", "_VERSION_MINOR", "_VERSION_PATCH", "_VERSION_TWEAK"};
        size_t From = 0;
        for (const char *Part : Parts) {
          if (!V || From > V->size()) {
            assign(Prefix + Part, V ? std::optional<std::string>("") : std::nullopt, M);
            continue;
          }
          size_t Dot = V->find('.', From);
          assign(Prefix + Part, V->substr(From, Dot == std::string::npos ? std::string::npos : Dot - From), M);
          From = Dot == std::string::npos ? V->size() + 1 : Dot + 1;
        }
      }
    }
  }

  std::optional<std::string> valueOf(const std::string &Name, bool &Defined) const {
    auto It = Vars.find(Name);
    Defined = It != Vars.end();
    return Defined ? It->second : std::optional<std::string>("");
  }

  /// Runs the commands of one script; \p AtSubdir sees each add_subdirectory and configure_file,
  /// with its mode.
  void run(const std::vector<Cmd> &Cmds, const std::function<void(const Cmd &, Mode)> &AtSubdir,
           Mode Base = Mode::Run) {
    struct Frame {
      Mode Parent, Now;
      bool Done = false, AnyMaybe = false;
      bool Block = false; // function/macro/foreach/while: no if chain
    };
    std::vector<Frame> Stack;
    auto mode = [&] { return Stack.empty() ? Base : Stack.back().Now; };
    auto branch = [&](Frame &F, std::optional<bool> C) {
      if (F.Parent == Mode::Skip || F.Done) {
        F.Now = Mode::Skip;
        return;
      }
      if (C && !*C) {
        F.Now = Mode::Skip;
        return;
      }
      bool Sure = C.has_value() && !F.AnyMaybe && F.Parent == Mode::Run;
      F.Now = Sure ? Mode::Run : Mode::Maybe;
      F.Done = Sure;
      F.AnyMaybe |= !C.has_value();
    };
    for (const Cmd &C : Cmds) {
      const std::string &N = C.Name;
      if (N == "if" || N == "elseif")
        noteComparisons(C.Args);
      if (N == "if") {
        Frame F{mode(), Mode::Skip};
        branch(F, condition(C.Args, 0, C.Args.size()));
        Stack.push_back(F);
        continue;
      }
      if (N == "elseif" || N == "else") {
        if (Stack.empty() || Stack.back().Block)
          continue;
        Frame &F = Stack.back();
        branch(F, N == "else" ? std::optional<bool>(true) : condition(C.Args, 0, C.Args.size()));
        continue;
      }
      if (N == "function" || N == "macro" || N == "foreach" || N == "while") {
        // A function body runs when called, and a loop's count is not read: neither is decided.
        Stack.push_back({mode(),
                         N == "function" || N == "macro" ? Mode::Skip
                         : mode() == Mode::Skip          ? Mode::Skip
                                                         : Mode::Maybe,
                         false, false, true});
        continue;
      }
      if (N == "endif" || N == "endfunction" || N == "endmacro" || N == "endforeach" || N == "endwhile") {
        if (!Stack.empty())
          Stack.pop_back();
        continue;
      }
      Mode M = mode();
      if (N == "add_subdirectory" || N == "configure_file") {
        AtSubdir(C, M);
        continue;
      }
      if (M == Mode::Skip || C.Args.empty())
        continue;
      if (N == "include") {
        include(C, M, AtSubdir);
        continue;
      }
      const std::string &Name = C.Args[0].Value;
      if (N == "set") {
        if (Name == "CMAKE_MODULE_PATH")
          noteModuleDirs(joined(C.Args, 1, C.Args.size()));
        size_t End = C.Args.size();
        bool Cache = false;
        for (size_t I = 1; I < C.Args.size(); ++I)
          if (!C.Args[I].Quoted && (C.Args[I].Value == "CACHE" || C.Args[I].Value == "PARENT_SCOPE")) {
            Cache = C.Args[I].Value == "CACHE";
            End = I;
            break;
          }
        if (Cache) {
          CacheNames.insert(Name);
          auto F = Force.find(Name);
          if (F != Force.end())
            assign(Name, F->second, M);
          else if (!Vars.count(Name))
            assign(Name, joined(C.Args, 1, End), M);
        } else if (End == 1) {
          if (M == Mode::Run)
            Vars.erase(Name);
          else
            Vars[Name] = std::nullopt;
        } else {
          assign(Name, joined(C.Args, 1, End), M);
        }
      } else if (N == "option" || N == "cmake_dependent_option") {
        CacheNames.insert(Name);
        auto F = Force.find(Name);
        if (F != Force.end())
          assign(Name, F->second, M);
        else if ((HipSwitchesOn && classifyCondition({asciiLower(Name)}) == Branch::Hip) ||
                 (CudaSwitchesOn && classifyCondition({asciiLower(Name)}) == Branch::Cuda))
          assign(Name, std::string("ON"), M); // each build is configured with its own switch on
        else if (!Vars.count(Name) && N == "option")
          assign(Name, C.Args.size() > 2 ? expand(C.Args[2].Value) : std::optional<std::string>("OFF"), M);
        else if (!Vars.count(Name))
          Vars[Name] = std::nullopt; // a dependent option's value hangs on other options' conditions
      } else if (N == "list" && C.Args.size() >= 2 && Name == "APPEND") {
        const std::string &L = C.Args[1].Value;
        std::optional<std::string> Add = joined(C.Args, 2, C.Args.size());
        if (L == "CMAKE_MODULE_PATH")
          noteModuleDirs(Add);
        auto It = Vars.find(L);
        std::optional<std::string> Old = It == Vars.end() ? std::optional<std::string>("") : It->second;
        assign(L, Old && Add ? std::optional<std::string>(Old->empty() ? *Add : *Old + ";" + *Add) : std::nullopt, M);
      } else if (N == "list" && C.Args.size() >= 2) {
        if (C.Args[1].Value == "CMAKE_MODULE_PATH" && (Name == "PREPEND" || Name == "INSERT"))
          noteModuleDirs(joined(C.Args, Name == "INSERT" ? 3 : 2, C.Args.size()));
        Vars[C.Args[1].Value] = std::nullopt; // other list() forms: not modelled
      } else if (N == "string") {
        stringCommand(C, M);
      } else if (N == "project") {
        projectCommand(C, M);
      }
    }
  }

private:
  /// include(file.cmake) of a project file runs its commands in the includer's scope (Ginkgo's
  /// include(cmake/hip.cmake) sets what its config.hpp.in reads); a module name is CMake's own.
  void include(const Cmd &C, Mode M, const std::function<void(const Cmd &, Mode)> &AtSubdir) {
    if (!IncludeRead || IncludeDepth >= 8)
      return;
    std::optional<std::string> P = expand(C.Args[0].Value);
    if (!P || P->empty())
      return;
    auto inProject = [&](const std::string &Norm) {
      return Norm.size() > IncludeTop.size() + 1 && Norm.compare(0, IncludeTop.size(), IncludeTop) == 0 &&
             Norm[IncludeTop.size()] == '/';
    };
    std::string Norm;
    std::optional<std::string> Text;
    if (P->size() > 6 && P->compare(P->size() - 6, 6, ".cmake") == 0) {
      std::string Dir = Vars["CMAKE_CURRENT_SOURCE_DIR"].value_or("");
      Norm = (fs::path(*P).is_absolute() ? fs::path(*P) : fs::path(Dir) / *P).lexically_normal().string();
      if (inProject(Norm))
        Text = IncludeRead(Norm);
    } else if (P->find('/') == std::string::npos) {
      // include(QUICKCudaConfig): a module name is looked up in CMAKE_MODULE_PATH first, then
      // among CMake's own modules. The path may be unknown here (appended under an undecided
      // if()), so every project folder ever added to it is a candidate, and the module is read
      // only when exactly one of them has it.
      unsigned Found = 0;
      for (const std::string &Dir : ModuleDirs) {
        std::string Candidate = (fs::path(Dir) / (*P + ".cmake")).lexically_normal().string();
        std::optional<std::string> T = inProject(Candidate) ? IncludeRead(Candidate) : std::nullopt;
        if (T && Candidate != Norm && ++Found == 1) {
          Norm = Candidate;
          Text = std::move(T);
        }
      }
      if (Found != 1)
        Text.reset();
    }
    if (!Text)
      return;
    Collect Included;
    cmake::ParseError Err;
    if (!Text || !cmake::parseCMake(*Text, Included, Err))
      return;
    std::optional<std::string> ListDir = Vars["CMAKE_CURRENT_LIST_DIR"];
    Vars["CMAKE_CURRENT_LIST_DIR"] = fs::path(Norm).parent_path().string();
    std::string Includer = std::exchange(CurrentFile, Norm);
    ++IncludeDepth;
    run(Included.Out, AtSubdir, M);
    --IncludeDepth;
    CurrentFile = Includer;
    Vars["CMAKE_CURRENT_LIST_DIR"] = ListDir;
  }

  /// Every absolute folder added to CMAKE_MODULE_PATH by a command that may have run.
  void noteModuleDirs(const std::optional<std::string> &List) {
    for (size_t At = 0; List && At <= List->size();) {
      size_t Semi = std::min(List->find(';', At), List->size());
      std::string Dir = fs::path(List->substr(At, Semi - At)).lexically_normal().string();
      At = Semi + 1;
      if (fs::path(Dir).is_absolute() && std::find(ModuleDirs.begin(), ModuleDirs.end(), Dir) == ModuleDirs.end())
        ModuleDirs.push_back(Dir);
    }
  }

  std::map<std::string, std::optional<std::string>> Vars;
  std::vector<std::string> ModuleDirs;
  unsigned IncludeDepth = 0;
};

std::string shown(const std::string &Path) {
  std::error_code EC;
  std::string Cwd = fs::current_path(EC).string() + "/";
  return Path.rfind(Cwd, 0) == 0 ? Path.substr(Cwd.size()) : Path;
}

std::optional<std::vector<std::vector<Cmd>>> parseChain(const std::vector<std::string> &Chain, const Reader &Read,
                                                        std::string &Failed) {
  std::vector<std::vector<Cmd>> Scripts;
  for (const std::string &P : Chain) {
    std::optional<std::string> Text = Read(P);
    Collect C;
    cmake::ParseError Err;
    if (!Text || !cmake::parseCMake(*Text, C, Err)) {
      Failed = P;
      return std::nullopt;
    }
    Scripts.push_back(std::move(C.Out));
  }
  return Scripts;
}

/// A cache variable (the user's choice, set(PLATFORM cuda CACHE STRING ...)) whose value names a
/// backend's folder or file (add_subdirectory(native/${PLATFORM}), include(cmake/${PLATFORM}.cmake))
/// where the project has exactly one such folder or file named for each vendor (native/hip and
/// native/cuda): the HIP build gives it the HIP one's name. Only a path with one reference, the
/// rest of it known. A variable the scripts compute (from the vendor switches) is evaluated, not
/// chosen.
void vendorPathValues(const std::vector<std::vector<Cmd>> &Scripts, const std::vector<std::string> &Chain,
                      const Reader &Read, std::map<std::string, std::string> &Hip,
                      std::map<std::string, std::string> &Cuda) {
  const BuildSwitchTable &T = buildSwitchTable();
  const std::string Top = fs::path(Chain.front()).parent_path().lexically_normal().string();
  Evaluator Probe;
  for (size_t I = 0; I < Scripts.size(); ++I) {
    Probe.enterScript(Chain[I]);
    Probe.run(Scripts[I], [](const Cmd &, Mode) {});
  }
  for (size_t I = 0; I < Scripts.size(); ++I) {
    Probe.enterScript(Chain[I]);
    for (const Cmd &C : Scripts[I]) {
      bool Subdir = C.Name == "add_subdirectory";
      if ((!Subdir && C.Name != "include") || C.Args.empty())
        continue;
      const std::string &Written = C.Args[0].Value;
      size_t Open = Written.find("${");
      size_t Close = Open == std::string::npos ? Open : Written.find('}', Open);
      if (Close == std::string::npos || Written.find("${", Close) != std::string::npos)
        continue;
      std::string Name = Written.substr(Open + 2, Close - Open - 2);
      if (Name.empty() || Name.find_first_of("${}") != std::string::npos || Hip.count(Name) || Cuda.count(Name) ||
          !Probe.CacheNames.count(Name))
        continue;
      auto exists = [&](const std::string &Value) {
        std::optional<std::string> Path = Probe.expand(Written.substr(0, Open) + Value + Written.substr(Close + 1));
        if (!Path || Path->empty() || Path->find(';') != std::string::npos)
          return false;
        fs::path P(*Path);
        if (P.is_relative())
          P = fs::path(Chain[I]).parent_path() / P;
        if (Subdir)
          P /= "CMakeLists.txt";
        // Only the project's own folders: a value cannot make the reader look elsewhere.
        std::string Normal = P.lexically_normal().string();
        if (Normal.compare(0, Top.size() + 1, Top + "/") != 0)
          return false;
        return Read(Normal).has_value();
      };
      auto only = [&](const std::set<std::string, std::less<>> &Values) -> std::optional<std::string> {
        std::optional<std::string> Found;
        for (const std::string &V : Values)
          if (exists(V)) {
            if (Found)
              return std::nullopt;
            Found = V;
          }
        return Found;
      };
      std::optional<std::string> H = only(T.HipValues), K = only(T.CudaValues);
      if (H && K) {
        Hip.emplace(Name, *H);
        Cuda.emplace(Name, *K);
      }
    }
  }
}

/// The values that the backend options take in the HIP and in the CUDA build: those their own
/// if(OPTION STREQUAL VALUE) tests compare with a value naming hip/rocm or cuda, and those that
/// name a vendor's folder or file (vendorPathValues).
void backendValues(const std::vector<std::vector<Cmd>> &Scripts, const std::vector<std::string> &Chain,
                   const Reader &Read, std::map<std::string, std::string> &Hip,
                   std::map<std::string, std::string> &Cuda) {
  Evaluator Probe;
  for (size_t I = 0; I < Scripts.size(); ++I) {
    Probe.enterScript(Chain[I]);
    Probe.run(Scripts[I], [](const Cmd &, Mode) {});
  }
  for (const auto &[Name, Value] : Probe.Comparisons) {
    bool IsHip = hasWord(Value, "hip") || hasWord(Value, "rocm"), IsCuda = hasWord(Value, "cuda");
    if (IsHip && !IsCuda)
      Hip.emplace(Name, Value);
    else if (IsCuda && !IsHip)
      Cuda.emplace(Name, Value);
  }
  vendorPathValues(Scripts, Chain, Read, Hip, Cuda);
}

bool falseConstant(const std::string &V) {
  std::string L = asciiLower(V);
  return L.empty() || L == "0" || L == "off" || L == "no" || L == "false" || L == "n" || L == "ignore" ||
         L == "notfound" || (L.size() >= 9 && L.compare(L.size() - 9, 9, "-notfound") == 0);
}

bool nameChar(char C) {
  return std::isalnum(static_cast<unsigned char>(C)) || C == '_' || C == '.' || C == '-' || C == '+';
}

/// One template line as configure_file writes it, or std::nullopt (with \p Why) when a variable
/// it needs is not decided.
std::optional<std::string> configureLine(const std::string &Line, const Evaluator &E, bool AtOnly, std::string &Why) {
  auto value = [&](const std::string &Name) -> std::optional<std::string> {
    bool Defined = false;
    std::optional<std::string> V = E.valueOf(Name, Defined);
    if (!V)
      Why = "'" + Name + "' is not decided for the HIP build";
    return V;
  };
  auto substitute = [&](const std::string &Text) -> std::optional<std::string> {
    std::string Out;
    for (size_t I = 0; I < Text.size(); ++I) {
      char C = Text[I];
      size_t End = std::string::npos, NameAt = 0;
      if (C == '@') {
        End = I + 1;
        while (End < Text.size() && nameChar(Text[End]) && Text[End] != '@')
          ++End;
        if (End >= Text.size() || Text[End] != '@' || End == I + 1)
          End = std::string::npos;
        NameAt = I + 1;
      } else if (C == '$' && !AtOnly && Text.compare(I, 2, "${") == 0) {
        End = Text.find('}', I);
        NameAt = I + 2;
      }
      if (End == std::string::npos) {
        Out += C;
        continue;
      }
      std::optional<std::string> V = value(Text.substr(NameAt, End - NameAt));
      if (!V)
        return std::nullopt;
      Out += *V;
      I = End;
    }
    return Out;
  };
  size_t Hash = Line.find_first_not_of(" \t");
  if (Hash != std::string::npos && Line[Hash] == '#') {
    size_t Kw = Line.find_first_not_of(" \t", Hash + 1);
    bool Zero1 = Kw != std::string::npos && Line.compare(Kw, 13, "cmakedefine01") == 0;
    if (Kw != std::string::npos && Line.compare(Kw, 11, "cmakedefine") == 0) {
      size_t NameAt = Line.find_first_not_of(" \t", Kw + (Zero1 ? 13 : 11));
      if (NameAt == std::string::npos)
        return Line;
      size_t NameEnd = NameAt;
      while (NameEnd < Line.size() && (std::isalnum(static_cast<unsigned char>(Line[NameEnd])) || Line[NameEnd] == '_'))
        ++NameEnd;
      std::string Name = Line.substr(NameAt, NameEnd - NameAt);
      std::optional<std::string> V = value(Name);
      if (!V)
        return std::nullopt;
      bool On = !falseConstant(*V);
      if (Zero1)
        return "#define " + Name + (On ? " 1" : " 0");
      if (!On)
        return "/* #undef " + Name + " */";
      std::optional<std::string> Rest = substitute(Line.substr(NameEnd));
      if (!Rest)
        return std::nullopt;
      return "#define " + Name + *Rest;
    }
  }
  return substitute(Line);
}

/// One add_subdirectory(${...}) of the last script of a chain, as one build evaluates it.
struct Pick {
  unsigned Line;
  std::string Written;
  std::optional<std::string> Value;
};

/// The computed add_subdirectory() commands of \p Chain's last script for one build: its backend
/// options forced to \p Force, or (\p HipOn, \p CudaOn) its vendor's switches on. Project .cmake
/// files that include() runs are followed.
std::vector<Pick> picksFor(const std::vector<std::vector<Cmd>> &Scripts, const std::vector<std::string> &Chain,
                           const Reader &Read, const std::map<std::string, std::string> &Force, bool HipOn,
                           bool CudaOn) {
  Evaluator E;
  E.Force = Force;
  E.HipSwitchesOn = HipOn;
  E.CudaSwitchesOn = CudaOn;
  E.IncludeRead = Read;
  E.IncludeTop = fs::path(Chain.front()).parent_path().string();
  std::vector<Pick> Picks;
  for (size_t I = 0; I < Scripts.size(); ++I) {
    E.enterScript(Chain[I]);
    E.run(Scripts[I], [&](const Cmd &C, Mode M) {
      if (C.Name != "add_subdirectory" || I + 1 != Scripts.size() || M == Mode::Skip || C.Args.empty() ||
          C.Args[0].Value.find("${") == std::string::npos)
        return;
      Picks.push_back({C.Line, C.Args[0].Value, E.expand(C.Args[0].Value)});
    });
  }
  return Picks;
}

bool samePicks(const std::vector<Pick> &A, const std::vector<Pick> &B) {
  return A.size() == B.size() && std::equal(A.begin(), A.end(), B.begin(), [](const Pick &X, const Pick &Y) {
           return X.Line == Y.Line && X.Value == Y.Value;
         });
}

} // namespace

std::vector<ConfiguredFile> configureForHip(const std::vector<std::string> &Chain, const std::string &BinaryTop,
                                            const Reader &Read) {
  std::vector<ConfiguredFile> Out;
  std::string Failed;
  std::optional<std::vector<std::vector<Cmd>>> Scripts = parseChain(Chain, Read, Failed);
  if (!Scripts || Scripts->empty())
    return Out;
  std::map<std::string, std::string> Hip, Cuda;
  backendValues(*Scripts, Chain, Read, Hip, Cuda);
  Evaluator E;
  E.Force = Hip;
  E.BinaryTop = BinaryTop;
  const std::string Top = fs::path(Chain.front()).parent_path().string();
  E.IncludeRead = Read;
  E.IncludeTop = Top;
  // The HIP language of CMake on AMD: what a script that tells the platforms apart compares.
  E.setFact("CMAKE_HIP_COMPILER_ID", "Clang");
  E.setFact("CMAKE_HIP_PLATFORM", "amd");
  E.HipSwitchesOn = true;
  for (size_t I = 0; I < Scripts->size(); ++I) {
    E.enterScript(Chain[I]);
    E.run((*Scripts)[I], [&](const Cmd &C, Mode M) {
      if (C.Name != "configure_file" || I + 1 != Scripts->size() || M == Mode::Skip || C.Args.size() < 2)
        return;
      std::optional<std::string> In = E.expand(C.Args[0].Value), Output = E.expand(C.Args[1].Value);
      if (!In || !Output)
        return;
      bool Defined = false;
      std::string SrcDir = E.valueOf("CMAKE_CURRENT_SOURCE_DIR", Defined).value_or(Top);
      std::string BinDir = E.valueOf("CMAKE_CURRENT_BINARY_DIR", Defined).value_or(BinaryTop);
      fs::path InPath = fs::path(*In).is_absolute() ? fs::path(*In) : fs::path(SrcDir) / *In;
      fs::path OutPath = fs::path(*Output).is_absolute() ? fs::path(*Output) : fs::path(BinDir) / *Output;
      std::string InNorm = InPath.lexically_normal().string(), OutNorm = OutPath.lexically_normal().string();
      // Templates from the project only; outputs into the build folder only (a template outside
      // the repository is never read, an output into the sources never shadows a real file).
      auto within = [](const std::string &P, const std::string &Dir) {
        return P.size() > Dir.size() && P.compare(0, Dir.size(), Dir) == 0 && P[Dir.size()] == '/';
      };
      if (!within(InNorm, Top) || !within(OutNorm, BinaryTop))
        return;
      std::optional<std::string> Template = Read(InNorm);
      if (!Template)
        return;
      bool AtOnly = false;
      for (const Arg &A : C.Args)
        AtOnly |= !A.Quoted && A.Value == "@ONLY";
      ConfiguredFile F;
      F.Output = OutNorm;
      F.Template = InNorm;
      F.Script = E.CurrentFile; // an included .cmake file's own line
      F.Line = C.Line;
      unsigned LineNo = 0;
      for (size_t Pos = 0; Pos < Template->size();) {
        size_t End = Template->find('\n', Pos);
        if (End == std::string::npos)
          End = Template->size();
        std::string Line = Template->substr(Pos, End - Pos);
        Pos = End + 1;
        ++LineNo;
        std::string Why;
        std::optional<std::string> Done = configureLine(Line, E, AtOnly, Why);
        if (!Done) {
          // Left out, as if the generated header did not define it: the parse sees what it saw
          // without the header, and the reason is said.
          F.Text += "/* rocm-lint: line " + std::to_string(LineNo) + " left out */\n";
          F.Dropped.emplace_back(LineNo, Why);
          continue;
        }
        F.Text += *Done + "\n";
      }
      Out.push_back(std::move(F));
    });
  }
  return Out;
}

SubdirectoryChoice backendSubdirectory(const std::vector<std::string> &Chain, const std::string &ChildDir,
                                       const Reader &Read) {
  SubdirectoryChoice Out;
  if (Chain.empty())
    return Out;
  std::string Failed;
  std::optional<std::vector<std::vector<Cmd>>> Parsed = parseChain(Chain, Read, Failed);
  if (!Parsed) {
    Out.Kind = SubdirectoryChoice::Undecided;
    Out.Why = shown(Failed) + ": not read";
    return Out;
  }
  const std::vector<std::vector<Cmd>> &Scripts = *Parsed;
  const std::string ParentDir = fs::path(Chain.back()).parent_path().string();
  const std::string Child = fs::path(ChildDir).lexically_normal().string();
  auto target = [&](const std::string &Value) {
    std::string First = Value.substr(0, Value.find(';'));
    fs::path P(First);
    return (P.is_absolute() ? P : fs::path(ParentDir) / P).lexically_normal().string();
  };
  // The parent's own add_subdirectory commands: a literal naming the child settles nothing here.
  bool Literal = false, Computed = false;
  for (const Cmd &C : Scripts.back())
    if (C.Name == "add_subdirectory" && !C.Args.empty()) {
      if (C.Args[0].Value.find("${") == std::string::npos)
        Literal |= target(C.Args[0].Value) == Child;
      else
        Computed = true;
    }
  if (Literal || !Computed)
    return Out;

  std::map<std::string, std::string> Hip, Cuda;
  backendValues(Scripts, Chain, Read, Hip, Cuda);
  const std::string Where = shown(Chain.back()) + ":";
  // Without a backend option compared with a HIP value, each build is the one with its own vendor
  // switches on (if(HIP) ... set(TARGET_NAME "hip")). The switches must then change the pick, or
  // it does not depend on the vendor at all (an unset variable, a value from the environment).
  std::vector<Pick> HipPicks = picksFor(Scripts, Chain, Read, Hip, Hip.empty(), false);
  // The CUDA build's picks, evaluated once and only when needed.
  std::optional<std::vector<Pick>> CudaPicks;
  auto cudaPicks = [&]() -> const std::vector<Pick> & {
    if (!CudaPicks)
      CudaPicks = picksFor(Scripts, Chain, Read, Cuda, false, Hip.empty());
    return *CudaPicks;
  };
  if (Hip.empty() &&
      (samePicks(HipPicks, cudaPicks()) || samePicks(HipPicks, picksFor(Scripts, Chain, Read, Cuda, false, false)))) {
    Out.Kind = SubdirectoryChoice::Undecided;
    Out.Why = Where + " the folder is picked through a variable, and no option of the scripts is compared with a "
                      "HIP value";
    return Out;
  }
  for (const Pick &P : HipPicks) {
    if (!P.Value) {
      Out.Kind = SubdirectoryChoice::Undecided;
      Out.Why = Where + std::to_string(P.Line) + ": add_subdirectory(" + P.Written +
                ") cannot be evaluated for the HIP build";
      return Out;
    }
    if (target(*P.Value) == Child) {
      Out.Kind = SubdirectoryChoice::Entered;
      return Out;
    }
  }
  for (const Pick &P : cudaPicks()) {
    const std::optional<std::string> &HipValue = HipPicks.empty() ? P.Value : HipPicks.front().Value;
    if (P.Value.has_value() && target(*P.Value) == Child && !HipPicks.empty() && HipValue.has_value()) {
      std::string Options = Hip.empty() ? "its HIP switches on" : "";
      for (const auto &[Name, Value] : Hip) {
        Options += Options.empty() ? "" : ", ";
        Options += Name;
        Options += '=';
        Options += Value;
      }
      Out.Kind = SubdirectoryChoice::CudaOnly;
      Out.Why = Where;
      Out.Why += std::to_string(P.Line) + ": add_subdirectory(" + P.Written + ") enters '";
      Out.Why += fs::path(target(*HipValue)).filename().string();
      Out.Why += "' in the HIP build (" + Options + "), this folder only in the CUDA build";
      return Out;
    }
  }
  return Out;
}

} // namespace rocmtidy::project
