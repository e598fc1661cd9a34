#include "project/CMakeEval.h"

#include "cmake/CMakeParser.h"
#include "core/StringUtil.h"

#include <cctype>
#include <filesystem>
#include <map>
#include <set>

namespace fs = std::filesystem;

namespace rocmtidy::project {

namespace {

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
  /// (cache variable, compared value) from every if()/elseif() seen.
  std::vector<std::pair<std::string, std::string>> Comparisons;
  std::set<std::string> CacheNames;

  std::optional<std::string> expand(const std::string &S, unsigned Depth = 0) const {
    if (Depth > MaxExpansionDepth || S.size() > MaxValueBytes)
      return std::nullopt;
    std::string Out;
    for (size_t I = 0; I < S.size(); ++I) {
      if (S[I] == '$' && I + 1 < S.size() && S[I + 1] == '{') {
        // The innermost reference first: ${A_${B}} expands ${B}, then ${A_x}.
        unsigned Level = 0;
        size_t End = std::string::npos;
        for (size_t J = I + 1; J < S.size(); ++J) {
          if (S[J] == '{')
            ++Level;
          else if (S[J] == '}' && --Level == 0) {
            End = J;
            break;
          }
        }
        if (End == std::string::npos)
          return std::nullopt;
        std::optional<std::string> Name = expand(S.substr(I + 2, End - I - 2), Depth + 1);
        if (!Name)
          return std::nullopt;
        auto It = Vars.find(*Name);
        if (It != Vars.end()) {
          if (!It->second)
            return std::nullopt;
          Out += *It->second;
        } else if (Name->find_first_of("{}$") != std::string::npos || Name->compare(0, 4, "ENV{") == 0) {
          return std::nullopt;
        }
        // An undefined variable is empty, as in CMake.
        I = End;
        if (Out.size() > MaxValueBytes)
          return std::nullopt;
        continue;
      }
      if (S[I] == '$' && S.compare(I, 5, "$ENV{") == 0)
        return std::nullopt; // the environment of whoever configures is not in the scripts
      Out += S[I];
    }
    return Out;
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
    if (A.Quoted || It == Vars.end() || !It->second)
      return std::nullopt; // undefined here: a -D on the command line may define it
    std::string V = asciiLower(*It->second);
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
      std::optional<std::string> R = Args[B + 1].Value == "IN_LIST" ? expand("${" + Args[B + 2].Value + "}")
                                                                     : operand(Args[B + 2]);
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
        return *In;
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

  /// Runs the commands of one script; \p AtSubdir sees each add_subdirectory and its mode.
  void run(const std::vector<Cmd> &Cmds, const std::function<void(const Cmd &, Mode)> &AtSubdir) {
    struct Frame {
      Mode Parent, Now;
      bool Done = false, AnyMaybe = false;
      bool Block = false; // function/macro/foreach/while: no if chain
    };
    std::vector<Frame> Stack;
    auto mode = [&] { return Stack.empty() ? Mode::Run : Stack.back().Now; };
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
        Stack.push_back({mode(), N == "function" || N == "macro" ? Mode::Skip
                                 : mode() == Mode::Skip             ? Mode::Skip
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
      if (N == "add_subdirectory") {
        AtSubdir(C, M);
        continue;
      }
      if (M == Mode::Skip || C.Args.empty())
        continue;
      const std::string &Name = C.Args[0].Value;
      if (N == "set") {
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
      } else if (N == "option") {
        CacheNames.insert(Name);
        auto F = Force.find(Name);
        if (F != Force.end())
          assign(Name, F->second, M);
        else if (!Vars.count(Name))
          assign(Name, C.Args.size() > 2 ? expand(C.Args[2].Value) : std::optional<std::string>("OFF"), M);
      } else if (N == "list" && C.Args.size() >= 2 && Name == "APPEND") {
        const std::string &L = C.Args[1].Value;
        std::optional<std::string> Add = joined(C.Args, 2, C.Args.size());
        auto It = Vars.find(L);
        std::optional<std::string> Old = It == Vars.end() ? std::optional<std::string>("") : It->second;
        assign(L, Old && Add ? std::optional<std::string>(Old->empty() ? *Add : *Old + ";" + *Add) : std::nullopt, M);
      } else if (N == "list" && C.Args.size() >= 2) {
        Vars[C.Args[1].Value] = std::nullopt; // other list() forms: not modelled
      } else if (N == "string") {
        stringCommand(C, M);
      }
    }
  }

private:
  std::map<std::string, std::optional<std::string>> Vars;
};

std::string shown(const std::string &Path) {
  std::error_code EC;
  std::string Cwd = fs::current_path(EC).string() + "/";
  return Path.rfind(Cwd, 0) == 0 ? Path.substr(Cwd.size()) : Path;
}

} // namespace

SubdirectoryChoice backendSubdirectory(const std::vector<std::string> &Chain, const std::string &ChildDir,
                                       const std::function<std::optional<std::string>(const std::string &)> &Read) {
  SubdirectoryChoice Out;
  if (Chain.empty())
    return Out;
  std::vector<std::vector<Cmd>> Scripts;
  for (const std::string &P : Chain) {
    std::optional<std::string> Text = Read(P);
    Collect C;
    cmake::ParseError Err;
    if (!Text || !cmake::parseCMake(*Text, C, Err)) {
      Out.Kind = SubdirectoryChoice::Undecided;
      Out.Why = shown(P) + ": not read";
      return Out;
    }
    Scripts.push_back(std::move(C.Out));
  }
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

  struct Pick {
    unsigned Line;
    std::string Written;
    std::optional<std::string> Value;
  };
  auto evaluate = [&](const std::map<std::string, std::string> &Force, Evaluator &E) {
    std::vector<Pick> Picks;
    E.Force = Force;
    for (size_t I = 0; I < Scripts.size(); ++I)
      E.run(Scripts[I], [&](const Cmd &C, Mode M) {
        if (I + 1 != Scripts.size() || M == Mode::Skip || C.Args.empty() ||
            C.Args[0].Value.find("${") == std::string::npos)
          return;
        Picks.push_back({C.Line, C.Args[0].Value, E.expand(C.Args[0].Value)});
      });
    return Picks;
  };
  // First as configured by default, to learn which values the backend options are compared with.
  Evaluator Probe;
  evaluate({}, Probe);
  std::map<std::string, std::string> Hip, Cuda;
  for (const auto &[Name, Value] : Probe.Comparisons) {
    bool IsHip = hasWord(Value, "hip") || hasWord(Value, "rocm"), IsCuda = hasWord(Value, "cuda");
    if (IsHip && !IsCuda)
      Hip.emplace(Name, Value);
    else if (IsCuda && !IsHip)
      Cuda.emplace(Name, Value);
  }
  const std::string Where = shown(Chain.back()) + ":";
  if (Hip.empty()) {
    Out.Kind = SubdirectoryChoice::Undecided;
    Out.Why = Where + " the folder is picked through a variable, and no option of the scripts is compared with a "
                      "HIP value";
    return Out;
  }
  Evaluator HipEval;
  std::vector<Pick> HipPicks = evaluate(Hip, HipEval);
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
  Evaluator CudaEval;
  for (const Pick &P : evaluate(Cuda, CudaEval))
    if (P.Value && target(*P.Value) == Child && !HipPicks.empty()) {
      std::string Options;
      for (const auto &[Name, Value] : Hip)
        Options += (Options.empty() ? "" : ", ") + Name + "=" + Value;
      Out.Kind = SubdirectoryChoice::CudaOnly;
      Out.Why = Where + std::to_string(P.Line) + ": add_subdirectory(" + P.Written + ") enters '" +
                fs::path(target(*HipPicks.front().Value)).filename().string() + "' in the HIP build (" + Options +
                "), this folder only in the CUDA build";
      return Out;
    }
  return Out;
}

} // namespace rocmtidy::project
