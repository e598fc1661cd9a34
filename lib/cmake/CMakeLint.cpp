#include "cmake/CMakeLint.h"
#include "cmake/CMakeParser.h"
#include "cmake/GpuLibraries.h"
#include "core/CheckCatalog.h"
#include "buildscripts/ScriptCommon.h"
#include "core/Suppression.h"

#include <algorithm>
#include <deque>
#include <set>
#include <unordered_map>

namespace rocmtidy::cmake {

namespace {

constexpr std::string_view RawLinkFlag = "rocm-cmake-raw-link-flag";
constexpr std::string_view HardcodedPath = "rocm-cmake-hardcoded-toolkit-path";
constexpr std::string_view LegacyCuda = "rocm-cmake-legacy-cuda";

std::string lower(std::string_view S) {
  std::string R(S);
  for (char &C : R)
    if (C >= 'A' && C <= 'Z')
      C = static_cast<char>(C - 'A' + 'a');
  return R;
}

bool startsWith(std::string_view S, std::string_view P) { return S.substr(0, P.size()) == P; }
bool endsWith(std::string_view S, std::string_view P) {
  return S.size() >= P.size() && S.substr(S.size() - P.size()) == P;
}
bool isAlpha(char C) { return (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z'); }
bool isUpperKeyword(std::string_view S) {
  if (S.empty())
    return false;
  for (char C : S)
    if (!((C >= 'A' && C <= 'Z') || C == '_'))
      return false;
  return true;
}


/// A directory that belongs to a GPU toolkit: mentions rocm, cuda or hip as a word.
bool isGpuDir(std::string_view Dir) {
  std::string L = lower(Dir);
  if (L.find("rocm") != std::string::npos || L.find("cuda") != std::string::npos)
    return true;
  for (size_t At = L.find("hip"); At != std::string::npos; At = L.find("hip", At + 1)) {
    bool Before = At == 0 || !isAlpha(L[At - 1]);
    bool After = At + 3 == L.size() || !isAlpha(L[At + 3]);
    if (Before && After)
      return true;
  }
  return false;
}

bool mentionsCuda(std::string_view Dir) { return lower(Dir).find("cuda") != std::string::npos; }

/// One element of an argument's value: a list element or a whitespace-separated flag.
struct Piece {
  std::string_view Text;
  size_t Index; // into the argument's Value
};

/// Splits an argument's value on unescaped semicolons: the commands linted here store their
/// arguments in list-valued properties or variables, where a quoted "a;b" is two elements too.
std::vector<Piece> listElements(const Argument &A) {
  std::vector<Piece> Out;
  std::string_view V = A.Value;
  size_t Start = 0;
  unsigned Angle = 0; // semicolons inside $<...> generator expressions do not split
  for (size_t I = 0; I <= V.size(); ++I) {
    if (I < V.size()) {
      if (V[I] == '\\' && I + 1 < V.size()) {
        ++I;
        continue;
      }
      if (V[I] == '$' && I + 1 < V.size() && V[I + 1] == '<')
        ++Angle;
      else if (V[I] == '>' && Angle)
        --Angle;
      if (V[I] != ';' || Angle)
        continue;
    }
    if (I > Start)
      Out.push_back({V.substr(Start, I - Start), Start});
    Start = I + 1;
  }
  return Out;
}

/// Whitespace- and semicolon-separated tokens of a flags value.
std::vector<Piece> flagTokens(std::string_view V, size_t Base = 0) {
  std::vector<Piece> Out;
  size_t I = 0;
  while (I < V.size()) {
    while (I < V.size() && (V[I] == ' ' || V[I] == '\t' || V[I] == '\n' || V[I] == '\r' || V[I] == ';'))
      ++I;
    size_t Start = I;
    while (I < V.size() && !(V[I] == ' ' || V[I] == '\t' || V[I] == '\n' || V[I] == '\r' || V[I] == ';'))
      ++I;
    if (I > Start)
      Out.push_back({V.substr(Start, I - Start), Base + Start});
  }
  return Out;
}

/// The linker name in "lib<name>.so", "lib<name>.so.6.2", "lib<name>.a", or empty.
std::string_view libraryFileName(std::string_view File) {
  if (!startsWith(File, "lib"))
    return {};
  File.remove_prefix(3);
  if (endsWith(File, ".a"))
    return File.substr(0, File.size() - 2);
  size_t So = File.find(".so");
  if (So == std::string_view::npos || So == 0)
    return {};
  std::string_view Rest = File.substr(So + 3);
  for (char C : Rest)
    if (!(C == '.' || (C >= '0' && C <= '9')))
      return {};
  return File.substr(0, So);
}

bool commandBuildsHip(const Command &C) {
  const std::string &N = C.LowerName;
  if (startsWith(N, "hip_add_"))
    return true;
  if (N == "find_package" && !C.Args.empty() && lower(C.Args[0].Value) == "hip")
    return true;
  bool Lang = N == "enable_language" || N == "project";
  for (size_t I = 0; I < C.Args.size(); ++I) {
    const std::string &V = C.Args[I].Value;
    if (Lang && V == "HIP")
      return true;
    if (V == "HIP" && I > 0 && C.Args[I - 1].Value == "LANGUAGE")
      return true;
    if (startsWith(V, "hip::") || startsWith(V, "CMAKE_HIP_"))
      return true;
  }
  return false;
}

/// The value given to a variable that find_library() fills with a GPU library: a path that names
/// the library and says where it came from.
constexpr std::string_view FoundLibraryPrefix = "<find_library>/";

/// Bounds the memory a hostile file can make the linter spend on findings.
constexpr size_t MaxFindingsPerFile = 100000;

class Linter : public ParseCallbacks {
public:
  Linter(std::string_view Path, std::string_view Content, const std::function<bool(std::string_view)> &IsEnabled,
         const LintOptions &Opts)
      : Path(Path), Content(Content), IsEnabled(IsEnabled), Opts(Opts), Lines(Content) {}

  void command(const Command &C) override {
    Cur = &C;
    const std::string &N = C.LowerName;
    bool Closes = N == "endif" || N == "endforeach" || N == "endwhile" || N == "endfunction" || N == "endmacro" ||
                  N == "endblock";
    if (Closes && Depth)
      --Depth;
    if (C.LowerName == "find_package" && !C.Args.empty())
      FoundPackages.insert(lower(C.Args[0].Value));
    if (!Hip && commandBuildsHip(C))
      Hip = true;
    trackConditions(C);
    size_t Before = Candidates.size();
    dispatch(C);
    trackVariables(C, Candidates.size() > Before);
    if (N == "include" && !Definitions)
      followInclude(C);
    if (N == "function" || N == "macro")
      ++Definitions;
    else if ((N == "endfunction" || N == "endmacro") && Definitions)
      --Definitions;
    if (N == "if" || N == "foreach" || N == "while" || N == "function" || N == "macro" || N == "block")
      ++Depth;
    Cur = nullptr;
  }

  void comment(const Comment &C) override { readSuppression(C); }

  /// The findings that survive suppressions and whole-file conditions, ordered by position.
  std::vector<Finding> finish() {
    std::vector<Finding> Out;
    std::vector<Candidate *> Kept;
    for (Candidate &Cd : Candidates) {
      if (Cd.NeedsHip && !Hip && !Opts.AssumeHip)
        continue;
      if (suppressed(Cd.F.Check, Cd.F.Line, Cd.CommandLine))
        continue;
      Kept.push_back(&Cd);
    }
    addMissingPackages(Kept);
    for (Candidate *Cd : Kept)
      Out.push_back(std::move(Cd->F));
    // Ordered by position, ties in emission order (std::stable_sort trips a libstdc++ deprecation).
    std::vector<size_t> Order(Out.size());
    for (size_t I = 0; I < Order.size(); ++I)
      Order[I] = I;
    std::sort(Order.begin(), Order.end(), [&](size_t A, size_t B) {
      return Out[A].Offset != Out[B].Offset ? Out[A].Offset < Out[B].Offset : A < B;
    });
    std::vector<Finding> Sorted;
    Sorted.reserve(Out.size());
    for (size_t I : Order)
      Sorted.push_back(std::move(Out[I]));
    return Sorted;
  }

private:
  struct Candidate {
    Finding F;
    unsigned CommandLine = 0;
    unsigned CommandOffset = 0;
    bool TopLevel = false;      // the command is outside if/foreach/while/function/macro/block
    bool NeedsHip = false;      // rocm-cmake-legacy-cuda: only in projects that build HIP
    std::string Package, Target; // note when the file never calls find_package(Package)
  };

  std::string_view Path;
  std::string_view Content;
  const std::function<bool(std::string_view)> &IsEnabled;
  const LintOptions &Opts;
  LineCursor Lines;
  std::vector<Candidate> Candidates;
  std::unordered_map<unsigned, std::vector<std::string>> LineRules; // comment line -> rules
  std::vector<std::string> FileRules;
  std::set<std::string> FoundPackages;
  const Command *Cur = nullptr;
  bool Hip = false;
  unsigned Depth = 0; // open if/foreach/while/function/macro/block commands
  unsigned Definitions = 0; // open function/macro definitions: their bodies run later, with arguments

  /// What the file stored in a variable, as far as a reading without running it can tell: the
  /// values of every branch that sets it (an if() with a HIP and a CUDA branch keeps both).
  struct Variable {
    std::string Value;       // a CMake list value
    unsigned Line = 0;       // where it was last set
    std::string File;        // an include()d file that set it; empty for this one
    bool Guarded = false;    // from the environment, a cache entry or a fallback branch: a user can override it
    bool Reported = false;   // the command that set it already produced a finding
  };
  std::unordered_map<std::string, Variable> Vars;
  /// Set while an argument is linted with its variable references replaced by their values.
  struct ViaT {
    bool Active = false;
    unsigned Offset = 0;
    std::vector<std::pair<std::string, const Variable *>> Used;
  } Via;
  static constexpr size_t MaxVariableBytes = 1 << 16;
  std::string_view SkipVar; // a variable expand() leaves as written
  unsigned IncludeLevel = 0;
  std::deque<std::string> IncludedPaths; // keeps the path of each nested linter alive
  // One entry per open if(): whether the chain so far tests the environment or DEFINED, which makes
  // a literal path inside it a fallback rather than a hard-coded choice.
  std::vector<bool> Guards;

  static bool ruleMatches(std::string_view Pattern, std::string_view Rule) {
    if (Pattern == "*" || Pattern == "all")
      return true;
    if (endsWith(Pattern, "*"))
      return startsWith(Rule, Pattern.substr(0, Pattern.size() - 1));
    return Pattern == Rule;
  }

  static bool listed(const std::vector<std::string> &Rules, std::string_view Rule) {
    for (const std::string &R : Rules)
      if (ruleMatches(R, Rule))
        return true;
    return false;
  }

  /// Reads "# rocm-lint: disable=a,b" and "# rocm-lint: disable-file=a" comments.
  void readSuppression(const Comment &C) {
    // Bracket comments open with "#[=[": those characters may stand before the directive too.
    std::optional<SuppressionDirective> D = parseSuppressionComment(C.Text, "#[=] \t");
    if (!D)
      return;
    auto &Dest = D->WholeFile ? FileRules : LineRules[C.Line];
    Dest.insert(Dest.end(), D->Rules.begin(), D->Rules.end());
  }

  bool suppressed(std::string_view Rule, unsigned Line, unsigned CommandLine) const {
    if (listed(FileRules, Rule))
      return true;
    unsigned Lines[] = {Line, Line - 1, CommandLine, CommandLine - 1};
    for (unsigned L : Lines) {
      auto It = LineRules.find(L);
      if (It != LineRules.end() && listed(It->second, Rule))
        return true;
    }
    return false;
  }

  /// Records a finding; the returned pointer is valid until the next emit.
  Finding *emit(std::string_view Rule, unsigned Offset, std::string Message) {
    if (!IsEnabled(Rule) || Candidates.size() >= MaxFindingsPerFile)
      return nullptr;
    if (Via.Active) {
      // Said once, where the variable was set; and a value the user can override is a default.
      for (const auto &U : Via.Used)
        if (U.second->Reported || (Rule == HardcodedPath && U.second->Guarded))
          return nullptr;
      Offset = Via.Offset;
    }
    LineCursor::Position Pos = Lines.locate(Offset);
    Candidate &Cd = Candidates.emplace_back();
    Cd.CommandLine = Cur ? Cur->Line : Pos.Line;
    Cd.CommandOffset = Cur ? Cur->Offset : Offset;
    Cd.TopLevel = Cur && Depth == 0;
    Finding &Fd = Cd.F;
    Fd.Check = std::string(Rule);
    Fd.File = std::string(Path);
    Fd.Line = Pos.Line;
    Fd.Column = Pos.Column;
    Fd.Offset = Offset;
    Fd.Message = std::move(Message);
    if (Via.Active)
      for (const auto &U : Via.Used) {
        Fd.Notes.push_back({U.second->File.empty() ? std::string(Path) : U.second->File, U.second->Line, 1,
                            "through '${" + U.first + "}', set " +
                                (U.second->File.empty()
                                     ? std::string()
                                     : "in '" + U.second->File.substr(U.second->File.find_last_of('/') + 1) + "' ") +
                                "at line " +
                                std::to_string(U.second->Line) +
                                (startsWith(U.second->Value, FoundLibraryPrefix)
                                     ? " by find_library()"
                                     : " to '" + shorten(U.second->Value) + "'")});
      }
    return &Fd;
  }

  static std::string shorten(std::string_view V) {
    if (V.size() <= 80)
      return std::string(V);
    return std::string(V.substr(0, 77)) + "...";
  }

  // ---- variables --------------------------------------------------------------------------------

  /// \p S with every ${NAME} of a tracked variable replaced by its value (references to unknown
  /// variables stay as written). \p Used collects the variables replaced. Returns false when the
  /// result would grow past MaxVariableBytes.
  bool expand(std::string_view S, std::string &Out, std::vector<std::pair<std::string, const Variable *>> &Used,
              unsigned Level = 0) const {
    size_t I = 0;
    while (I < S.size()) {
      if (S[I] == '$' && I + 1 < S.size() && S[I + 1] == '{') {
        // The matching brace, counting nested references.
        size_t J = I + 2;
        unsigned Open = 1;
        while (J < S.size() && Open) {
          if (S[J] == '{')
            ++Open;
          else if (S[J] == '}')
            --Open;
          ++J;
        }
        if (Open) {
          Out.append(S.substr(I));
          break;
        }
        std::string_view Inner = S.substr(I + 2, J - I - 3);
        std::string Name;
        if (Level < 8 && Inner.find("${") != std::string_view::npos) {
          if (!expand(Inner, Name, Used, Level + 1))
            return false;
        } else {
          Name = std::string(Inner);
        }
        auto It = Name == SkipVar ? Vars.end() : Vars.find(Name);
        if (It != Vars.end()) {
          Out += It->second.Value;
          bool Seen = false;
          for (const auto &U : Used)
            Seen = Seen || U.first == Name;
          if (!Seen)
            Used.push_back({Name, &It->second});
        } else {
          Out.append(S.substr(I, J - I));
        }
        I = J;
      } else {
        Out += S[I++];
      }
      if (Out.size() > MaxVariableBytes)
        return false;
    }
    return true;
  }

  /// Runs \p Lint on \p A, or, when \p A refers to tracked variables, on \p A with their values
  /// in place: findings are then reported at the argument, with a note naming the variable, and
  /// carry no fix (the text to edit is elsewhere and may serve other uses).
  template <class Fn> void withValues(const Argument &A, Fn &&Lint) {
    if (A.isParen() || A.Value.find("${") == std::string::npos || Via.Active) {
      Lint(A);
      return;
    }
    std::string Value;
    std::vector<std::pair<std::string, const Variable *>> Used;
    // Variables a user can override (environment, cache, a fallback branch) are linted as
    // written, as a reference is: their literal value is only a default.
    if (!expand(A.Value, Value, Used) || Used.empty() ||
        std::all_of(Used.begin(), Used.end(), [](const auto &U) { return U.second->Guarded; })) {
      Lint(A);
      return;
    }
    Argument S;
    S.Kind = Argument::Unquoted;
    S.Value = std::move(Value);
    S.Offset = A.Offset;
    S.Line = A.Line;
    S.Column = A.Column;
    Via.Active = true;
    Via.Offset = A.Offset;
    Via.Used = std::move(Used);
    size_t Before = Candidates.size();
    Lint(S);
    for (size_t I = Before; I < Candidates.size(); ++I)
      Candidates[I].F.Fixes.clear();
    Via = ViaT();
  }

  /// The arguments from \p First on, as the list CMake would store: references replaced.
  std::string listValue(const Command &C, size_t First, size_t End, bool &Guarded) const {
    std::string V;
    for (size_t I = First; I < End; ++I) {
      const Argument &A = C.Args[I];
      if (A.isParen())
        continue;
      std::string E;
      std::vector<std::pair<std::string, const Variable *>> Used;
      if (!expand(A.Value, E, Used))
        E = A.Value;
      for (const auto &U : Used)
        Guarded = Guarded || U.second->Guarded;
      if (A.Value.find("$ENV{") != std::string::npos)
        Guarded = true;
      if (!V.empty())
        V += ';';
      V += E;
    }
    return V;
  }

  void store(const std::string &Name, std::string Value, bool Append, bool Guarded, bool Reported, bool List) {
    Variable &V = Vars[Name];
    bool Fresh = V.Line == 0;
    // Inside a branch or loop both the old and the new value are possible.
    bool Union = Depth > 0 && !Fresh;
    if (Append || Union) {
      if (!V.Value.empty() && !Value.empty() && (List || Union))
        V.Value += ';';
      V.Value += Value;
    } else {
      V.Value = std::move(Value);
    }
    V.Guarded = (Union || Append ? V.Guarded : false) || Guarded || inFallback();
    V.Reported = (Union || Append ? V.Reported : false) || Reported;
    V.Line = Cur ? Cur->Line : 0;
    V.File = IncludeLevel ? std::string(Path) : std::string();
    if (V.Value.size() > MaxVariableBytes)
      Vars.erase(Name);
  }

  /// include(): the variables the included project file sets become known here. Its findings are
  /// reported when it is linted itself.
  void followInclude(const Command &C) {
    if (!Opts.ReadInclude || C.Args.empty() || IncludeLevel >= 4)
      return;
    std::string Dir(Path.substr(0, Path.find_last_of('/') == std::string_view::npos ? 0 : Path.find_last_of('/')));
    std::string Arg;
    std::vector<std::pair<std::string, const Variable *>> Used;
    // The directory variables name this file's directory (for a file included from elsewhere,
    // CMAKE_CURRENT_SOURCE_DIR is the includer's; this file's own is the usual intent).
    std::string_view Raw = C.Args[0].Value;
    for (std::string_view V : {"${CMAKE_CURRENT_LIST_DIR}", "${CMAKE_CURRENT_SOURCE_DIR}"})
      if (startsWith(Raw, V)) {
        Arg = Dir + std::string(Raw.substr(V.size()));
        break;
      }
    if (Arg.empty() && !expand(Raw, Arg, Used))
      return;
    if (Arg.find("${") != std::string::npos || Arg.empty())
      return;
    std::vector<std::string> Candidates;
    if (Arg[0] == '/')
      Candidates.push_back(Arg);
    else if (endsWith(Arg, ".cmake") || Arg.find('/') != std::string::npos)
      Candidates.push_back(Dir + "/" + Arg);
    else if (auto It = Vars.find("CMAKE_MODULE_PATH"); It != Vars.end()) {
      // include(Module): searched in CMAKE_MODULE_PATH first.
      Argument A;
      A.Value = It->second.Value;
      for (const Piece &E : listElements(A))
        if (!E.Text.empty() && E.Text[0] == '/')
          Candidates.push_back(std::string(E.Text) + "/" + Arg + ".cmake");
    }
    for (const std::string &File : Candidates) {
      std::string Text;
      if (!Opts.ReadInclude(File, Text))
        continue;
      LintOptions Inner = Opts;
      // Its rules run too (their findings are dropped) so that a value reported where it is set
      // there is not reported again through the variable here.
      Linter L(IncludedPaths.emplace_back(File), Text, IsEnabled, Inner);
      L.IncludeLevel = IncludeLevel + 1;
      L.Vars = Vars;
      L.Definitions = 0;
      ParseError E;
      if (parseCMake(Text, L, E)) {
        Vars = std::move(L.Vars);
        FoundPackages.insert(L.FoundPackages.begin(), L.FoundPackages.end());
        Hip = Hip || L.Hip;
      }
      return;
    }
  }

  void trackVariables(const Command &C, bool Reported) {
    if (Definitions || C.Args.empty())
      return;
    const std::string &N = C.LowerName;
    const std::vector<Argument> &Args = C.Args;
    if (N == "set") {
      size_t End = Args.size();
      bool Guarded = false;
      for (size_t I = 1; I < Args.size(); ++I)
        if (Args[I].Kind == Argument::Unquoted && (Args[I].Value == "CACHE" || Args[I].Value == "PARENT_SCOPE")) {
          Guarded = Guarded || Args[I].Value == "CACHE";
          End = I;
          break;
        }
      if (End == 1 && Depth == 0) {
        Vars.erase(Args[0].Value);
        return;
      }
      std::string V = listValue(C, 1, End, Guarded);
      store(Args[0].Value, std::move(V), false, Guarded, Reported, true);
    } else if ((N == "list" || N == "string") && Args.size() >= 2 && Args[0].Value == "APPEND") {
      bool Guarded = false;
      std::string V = listValue(C, 2, Args.size(), Guarded);
      if (N == "string") // string(APPEND) concatenates without a separator
        V.erase(std::remove(V.begin(), V.end(), ';'), V.end());
      store(Args[1].Value, std::move(V), true, Guarded, Reported, N == "list");
    } else if (N == "unset" && Depth == 0) {
      Vars.erase(Args[0].Value);
    } else if (N == "find_library") {
      // find_library(<VAR> name [path...]) or find_library(<VAR> NAMES name... [HINTS ...]).
      std::vector<std::string_view> Names;
      bool InNames = Args.size() > 1 && Args[1].Value == "NAMES";
      if (!InNames && Args.size() > 1)
        Names.push_back(Args[1].Value);
      for (size_t I = 2; I < Args.size() && InNames; ++I) {
        if (Args[I].Kind == Argument::Unquoted && isUpperKeyword(Args[I].Value))
          break;
        Names.push_back(Args[I].Value);
      }
      for (std::string_view Name : Names) {
        if (startsWith(Name, "lib"))
          Name = libraryFileName(Name).empty() ? Name : libraryFileName(Name);
        if (const GpuLibrary *L = gpuLibraryTable().lookup(Name)) {
          store(Args[0].Value, std::string(FoundLibraryPrefix) + "lib" + L->Name + ".so", false, false, Reported, true);
          return;
        }
      }
    }
  }

  Candidate &last() { return Candidates.back(); }

  /// Whether only spaces and tabs precede \p Offset on its line.
  bool startsItsLine(unsigned Offset) const {
    for (unsigned I = Offset; I > 0; --I) {
      char C = Content[I - 1];
      if (C == '\n')
        return true;
      if (C != ' ' && C != '\t')
        return false;
    }
    return true;
  }

  /// An imported target exists only after find_package() made it, and cmake refuses to generate a
  /// target that links an unknown name with '::'. When the file never finds the package, every fix
  /// that writes the target also inserts one 'find_package(<Package> REQUIRED)' before the first
  /// such command at the top level of the file (a directory-scope call that runs on every
  /// configure); with no such place the fix is withdrawn and the finding says why.
  void addMissingPackages(const std::vector<Candidate *> &Kept) {
    std::set<std::string> Missing;
    const Candidate *Anchor = nullptr;
    for (const Candidate *Cd : Kept) {
      if (Cd->Package.empty() || FoundPackages.count(lower(Cd->Package)))
        continue;
      if (!Cd->F.Fixes.empty())
        Missing.insert(Cd->Package);
      if (!Cd->F.Fixes.empty() && Cd->TopLevel && startsItsLine(Cd->CommandOffset) &&
          (!Anchor || Cd->CommandOffset < Anchor->CommandOffset))
        Anchor = Cd;
    }
    std::string Insert;
    if (Anchor) {
      unsigned LineStart = Anchor->CommandOffset;
      while (LineStart > 0 && Content[LineStart - 1] != '\n')
        --LineStart;
      std::string Indent(Content.substr(LineStart, Anchor->CommandOffset - LineStart));
      for (const std::string &P : Missing)
        Insert += "find_package(" + P + " REQUIRED)\n" + Indent;
    }
    for (Candidate *Cd : Kept) {
      if (Cd->Package.empty() || FoundPackages.count(lower(Cd->Package)))
        continue;
      Finding &F = Cd->F;
      std::string Needs = "'" + Cd->Target + "' needs 'find_package(" + Cd->Package + " REQUIRED)' first";
      if (F.Fixes.empty()) {
        F.Notes.insert(F.Notes.begin(), {F.File, F.Line, F.Column, Needs + "; this file does not call it"});
      } else if (Anchor) {
        LineCursor::Position At = LineCursor(Content).locate(Anchor->CommandOffset);
        F.Notes.insert(F.Notes.begin(), {F.File, At.Line, At.Column,
                                         Needs + "; the fix inserts it here, as this file does not call it"});
        F.Fixes.push_back({std::string(Path), Anchor->CommandOffset, 0, Insert});
      } else {
        F.Fixes.clear();
        F.Notes.insert(F.Notes.begin(),
                       {F.File, F.Line, F.Column,
                        Needs + "; this file does not call it and has no top-level command to put it before, "
                                "so no fix is offered"});
      }
    }
  }

  void note(Finding *Fd, unsigned Offset, std::string Message) {
    if (!Fd)
      return;
    LineCursor::Position Pos = Lines.locate(Offset);
    Fd->Notes.push_back({std::string(Path), Pos.Line, Pos.Column, std::move(Message)});
  }

  void trackConditions(const Command &C) {
    const std::string &N = C.LowerName;
    auto Tests = [&] {
      for (const Argument &A : C.Args)
        if (A.Value.find("ENV{") != std::string::npos || A.Value == "DEFINED")
          return true;
      return false;
    };
    if (N == "if")
      Guards.push_back(Tests());
    else if (N == "elseif" && !Guards.empty())
      Guards.back() = Guards.back() || Tests();
    else if (N == "endif" && !Guards.empty())
      Guards.pop_back();
  }

  bool inFallback() const { return std::find(Guards.begin(), Guards.end(), true) != Guards.end(); }

  // ---- rocm-cmake-raw-link-flag -----------------------------------------------------------------

  /// Asks for a note, decided at the end of the file, when the file never finds \p Package.
  void packageNote(Finding *Fd, const std::string &Package, const std::string &Target) {
    if (!Fd)
      return;
    last().Package = Package;
    last().Target = Target;
  }

  void libraryNotes(Finding *Fd, unsigned Offset, const GpuLibrary &L) {
    packageNote(Fd, L.Package, L.Target);
    if (!L.Note.empty())
      note(Fd, Offset, L.Note);
    if (!L.RocmTarget.empty())
      note(Fd, Offset, "a HIP port links '" + L.RocmTarget + "' from find_package(" + L.RocmPackage + ") instead");
  }

  /// A GPU library named by \p Item: -l<name>, -l:lib<name>.so, a bare name or a path to the file.
  const GpuLibrary *libraryOf(std::string_view Item, std::string &How) const {
    const GpuLibraryTable &T = gpuLibraryTable();
    if (startsWith(Item, "-l") && Item.size() > 2) {
      std::string_view Name = Item.substr(2);
      if (Name[0] == ':')
        Name = libraryFileName(Name.substr(1));
      How = "flag";
      return T.lookup(Name);
    }
    size_t Slash = Item.find_last_of('/');
    if (Slash != std::string_view::npos) {
      std::string_view Name = libraryFileName(Item.substr(Slash + 1));
      How = "path";
      return Name.empty() ? nullptr : T.lookup(Name);
    }
    How = "name";
    const GpuLibrary *L = T.lookup(Item);
    // MIOpen and amd_comgr export imported targets named like the library itself.
    return L && L->Target != Item ? L : nullptr;
  }

  void directoryFinding(unsigned Offset, std::string_view Shown, std::string_view Dir, bool IsFlag) {
    bool Cuda = mentionsCuda(Dir);
    std::string Package = Cuda ? "CUDAToolkit" : "hip";
    std::string Target = Cuda ? "CUDA::cudart" : "hip::host";
    std::string What = IsFlag ? "link directory flag '" : "link directory '";
    Finding *Fd = emit(RawLinkFlag, Offset,
                       What + std::string(Shown) + "' hard-wires a GPU toolkit's library location; use find_package(" +
                           Package + ") and link imported targets such as '" + Target + "'");
    note(Fd, Offset, "imported targets carry their own library paths, so the build works wherever the toolkit is installed");
  }

  /// target_link_libraries / link_libraries items.
  void linkItems(const Command &C, size_t First) {
    static const std::set<std::string, std::less<>> Keywords = {
        "PUBLIC", "PRIVATE", "INTERFACE", "LINK_PUBLIC", "LINK_PRIVATE", "LINK_INTERFACE_LIBRARIES",
        "debug", "optimized", "general"};
    for (size_t I = First; I < C.Args.size(); ++I) {
      const Argument &A = C.Args[I];
      if (A.isParen() || Keywords.count(A.Value))
        continue;
      withValues(A, [&](const Argument &V) { linkArgument(V); });
    }
  }

  void linkArgument(const Argument &A) {
    {
      std::vector<Piece> Elems = listElements(A);
      for (const Piece &E : Elems) {
        if (E.Text.find("$<") != std::string_view::npos)
          continue;
        // A whole argument is reported at its start (the quote, if any), an element at itself.
        bool Whole = Elems.size() == 1 && E.Text == A.Value;
        unsigned Offset = Whole ? A.Offset : A.sourceOffsetOfValue(E.Index);
        if (startsWith(E.Text, "-L")) {
          if (E.Text.size() > 2 && isGpuDir(E.Text.substr(2)))
            directoryFinding(Offset, E.Text, E.Text.substr(2), true);
          continue;
        }
        std::string How;
        const GpuLibrary *L = libraryOf(E.Text, How);
        if (!L)
          continue;
        std::string Msg;
        if (How == "path" && startsWith(E.Text, FoundLibraryPrefix) && Via.Active && !Via.Used.empty())
          Msg = "GPU library '" + L->Name + "' found with find_library() and linked through '${" + Via.Used[0].first + "}'";
        else if (How == "flag")
          Msg = "raw link flag '" + std::string(E.Text) + "'";
        else if (How == "path")
          Msg = "GPU library linked by path '" + std::string(E.Text) + "'";
        else
          Msg = "GPU library '" + L->Name + "' linked by name";
        Msg += "; use find_package(" + L->Package + ") and link the imported target '" + L->Target + "'";
        Finding *Fd = emit(RawLinkFlag, Offset, std::move(Msg));
        if (!Fd)
          continue;
        libraryNotes(Fd, Offset, *L);
        // Only a whole argument written plainly is replaced: escapes, list elements and quoting
        // tricks are left to the user.
        bool Plain = Whole && ((A.Kind == Argument::Unquoted && A.Raw == A.Value) ||
                      (A.Kind == Argument::Quoted && A.Raw.size() == A.Value.size() + 2));
        if (L->Fix && Plain)
          Fd->Fixes.push_back({std::string(Path), A.Offset, static_cast<unsigned>(A.Raw.size()), L->Target});
      }
    }
  }

  /// -l<gpu>, -L<gpu dir> and hard-coded toolkit paths among the flags of one argument.
  void flagArgument(const Argument &A, bool LinkFlags, bool PathFlags) {
    withValues(A, [&](const Argument &V) { flagValue(V, LinkFlags, PathFlags); });
  }

  void flagValue(const Argument &A, bool LinkFlags, bool PathFlags) {
    if (A.isParen())
      return;
    std::string_view V = A.Value;
    bool Shell = false;
    if (startsWith(V, "LINKER:"))
      return;
    if (startsWith(V, "SHELL:"))
      Shell = true;
    std::vector<Piece> Toks = flagTokens(Shell ? V.substr(6) : V, Shell ? 6 : 0);
    for (size_t I = 0; I < Toks.size(); ++I) {
      std::string_view T = Toks[I].Text;
      unsigned Offset = A.sourceOffsetOfValue(Toks[I].Index);
      // "-L dir" and "-l name" as two tokens.
      std::string Joined;
      unsigned PathOffset = Offset; // where the value after the flag starts
      if ((T == "-L" || T == "-l" || T == "-I" || T == "-isystem") && I + 1 < Toks.size()) {
        Joined = std::string(T == "-isystem" ? "-I" : T) + std::string(Toks[I + 1].Text);
        T = Joined;
        ++I;
        PathOffset = A.sourceOffsetOfValue(Toks[I].Index) - 2;
      }
      if (LinkFlags && startsWith(T, "-L") && T.size() > 2) {
        if (isGpuDir(T.substr(2)))
          directoryFinding(Offset, T, T.substr(2), true);
        continue;
      }
      if (LinkFlags && startsWith(T, "-l") && T.size() > 2) {
        std::string How;
        if (const GpuLibrary *L = libraryOf(T, How)) {
          Finding *Fd = emit(RawLinkFlag, Offset,
                             "raw link flag '" + std::string(T) + "'; use find_package(" + L->Package +
                                 ") and link the imported target '" + L->Target + "' with target_link_libraries");
          libraryNotes(Fd, Offset, *L);
        }
        continue;
      }
      if (!PathFlags || inFallback())
        continue;
      std::string_view P = T;
      if (startsWith(P, "-I"))
        P.remove_prefix(2);
      else if (size_t Eq = P.find('='); startsWith(P, "-") && Eq != std::string_view::npos)
        P.remove_prefix(Eq + 1);
      if (std::string_view Kind = buildscripts::toolkitRootOf(P); !Kind.empty())
        hardcoded(PathOffset + static_cast<unsigned>(T.size() - P.size()), P, Kind);
    }
  }

  // ---- rocm-cmake-hardcoded-toolkit-path --------------------------------------------------------

  void hardcoded(unsigned Offset, std::string_view Value, std::string_view Kind) {
    size_t End = Value.find_first_of(" ;");
    std::string Shown(Value.substr(0, End));
    std::string Msg = "hard-coded toolkit path '" + Shown + "'; ";
    if (Kind == "rocm")
      Msg += "use $ENV{ROCM_PATH} with '/opt/rocm' only as a fallback, or find_package(hip)";
    else
      Msg += "use $ENV{CUDA_PATH} with the default only as a fallback, or find_package(CUDAToolkit)";
    Finding *Fd = emit(HardcodedPath, Offset, std::move(Msg));
    note(Fd, Offset, std::string("the build breaks on machines where the toolkit is installed elsewhere") +
                         (Kind == "rocm" ? " (ROCM_PATH set, versioned /opt/rocm-X.Y.Z, distribution packages)"
                                         : " (CUDA_PATH set, versioned /usr/local/cuda-X.Y, distribution packages)"));
  }

  void pathArgument(const Argument &A) {
    withValues(A, [&](const Argument &V) { pathValue(V); });
  }

  void pathValue(const Argument &A) {
    if (A.isParen() || inFallback())
      return;
    for (const Piece &E : listElements(A))
      if (std::string_view Kind = buildscripts::toolkitRootOf(E.Text); !Kind.empty())
        hardcoded(A.sourceOffsetOfValue(E.Index), E.Text, Kind);
  }

  /// Toolkit roots anywhere in a command line or a piece of CMake code (add_custom_command,
  /// add_test, install(CODE)): where a path starts, after a separator, quote or '='.
  void embeddedPathValue(const Argument &A) {
    if (A.isParen() || inFallback())
      return;
    std::string_view V = A.Value;
    for (size_t I = 0; I < V.size(); ++I) {
      if (V[I] != '/')
        continue;
      if (I > 0) {
        char P = V[I - 1];
        bool Flag = I >= 2 && V[I - 2] == '-' && (P == 'I' || P == 'L'); // -I/opt/rocm/include
        if (!Flag && !(P == ' ' || P == '\t' || P == '\n' || P == '"' || P == '\'' || P == '=' || P == ';' ||
                       P == '(' || P == ':' || P == ','))
          continue;
      }
      size_t End = V.find_first_of(" \t\n\"';)", I);
      std::string_view Path = V.substr(I, End == std::string_view::npos ? End : End - I);
      std::string_view Kind = buildscripts::toolkitRootOf(Path);
      if (Kind.empty())
        continue;
      hardcoded(A.sourceOffsetOfValue(I), Path, Kind);
      I += Path.size();
    }
  }

  void embeddedPaths(const Command &C, size_t First) {
    for (size_t I = First; I < C.Args.size(); ++I)
      if (!isUpperKeyword(C.Args[I].Value))
        withValues(C.Args[I], [&](const Argument &V) { embeddedPathValue(V); });
  }

  static bool isPathVariable(std::string_view V) {
    return endsWith(V, "_DIR") || endsWith(V, "_ROOT") || endsWith(V, "_PATH") || endsWith(V, "_HOME") ||
           endsWith(V, "_COMPILER") || endsWith(V, "RPATH");
  }

  static bool isFlagsVariable(std::string_view V) { return V.find("FLAGS") != std::string_view::npos; }

  static bool isLinkerFlagsVariable(std::string_view V) {
    return V.find("LINKER_FLAGS") != std::string_view::npos || V.find("LINK_FLAGS") != std::string_view::npos;
  }

  /// set(VAR ...), list(APPEND VAR ...), string(APPEND VAR ...): values from \p First on.
  void variableValues(const Command &C, const Argument &VarArg, size_t First, bool Cache) {
    std::string_view Var = VarArg.Value;
    if (Var == "CUDA_NVCC_FLAGS")
      legacy(VarArg.Offset, "'CUDA_NVCC_FLAGS' is read only by the deprecated FindCUDA module; set CMAKE_HIP_FLAGS or use "
             "target_compile_options for HIP sources");
    bool Flags = isFlagsVariable(Var);
    bool Paths = isPathVariable(Var);
    if (!Flags && !Paths)
      return;
    // set(ROCM_PATH $ENV{ROCM_PATH} /opt/rocm): the literal only follows the environment.
    if (Paths && !Flags)
      for (size_t I = First; I < C.Args.size(); ++I)
        if (C.Args[I].Value.find("$ENV{") != std::string::npos)
          return;
    // set(X "${X} ...") keeps what X had: that was linted where it was set.
    SkipVar = Var;
    for (size_t I = First; I < C.Args.size(); ++I) {
      const Argument &A = C.Args[I];
      if (C.LowerName == "set" && (A.Value == "CACHE" || A.Value == "PARENT_SCOPE") && A.Kind == Argument::Unquoted)
        break;
      if (Flags)
        // Linker flags anywhere: CMAKE_CXX_FLAGS reaches the link line too.
        flagArgument(A, true, !Cache);
      else if (!Cache)
        pathArgument(A);
    }
    SkipVar = {};
  }

  // ---- rocm-cmake-legacy-cuda -------------------------------------------------------------------

  void legacy(unsigned Offset, std::string Message) {
    Finding *Fd = emit(LegacyCuda, Offset, std::move(Message));
    if (Fd)
      last().NeedsHip = true;
    note(Fd, Offset, "FindCUDA is deprecated since CMake 3.10 and removed by policy CMP0146 in CMake 3.27; "
                     "enable_language(HIP) needs CMake 3.21");
  }

  // ---- dispatch ---------------------------------------------------------------------------------

  void dispatch(const Command &C) {
    const std::string &N = C.LowerName;
    const std::vector<Argument> &Args = C.Args;
    if (N == "target_link_libraries") {
      linkItems(C, 1);
    } else if (N == "link_libraries") {
      linkItems(C, 0);
    } else if (N == "target_link_options" || N == "add_link_options") {
      for (size_t I = N == "add_link_options" ? 0 : 1; I < Args.size(); ++I)
        if (!isUpperKeyword(Args[I].Value))
          flagArgument(Args[I], true, true);
    } else if (N == "add_compile_options" || N == "target_compile_options" || N == "add_definitions") {
      for (size_t I = N == "target_compile_options" ? 1 : 0; I < Args.size(); ++I)
        if (!isUpperKeyword(Args[I].Value))
          flagArgument(Args[I], false, true);
    } else if (N == "link_directories" || N == "target_link_directories") {
      for (size_t I = N == "target_link_directories" ? 1 : 0; I < Args.size(); ++I) {
        const Argument &A = Args[I];
        if (A.isParen() || isUpperKeyword(A.Value))
          continue;
        withValues(A, [&](const Argument &V) {
          for (const Piece &E : listElements(V))
            if (isGpuDir(E.Text))
              directoryFinding(V.sourceOffsetOfValue(E.Index), E.Text, E.Text, false);
        });
      }
    } else if (N == "include_directories" || N == "target_include_directories") {
      for (size_t I = N == "target_include_directories" ? 1 : 0; I < Args.size(); ++I)
        if (!isUpperKeyword(Args[I].Value))
          pathArgument(Args[I]);
    } else if (N == "set") {
      if (Args.empty())
        return;
      bool Cache = std::any_of(Args.begin(), Args.end(),
                               [](const Argument &A) { return A.Value == "CACHE" && A.Kind == Argument::Unquoted; });
      variableValues(C, Args[0], 1, Cache);
    } else if (N == "list" || N == "string") {
      if (Args.size() < 2)
        return;
      const std::string &Op = Args[0].Value;
      if (Op == "APPEND" || Op == "PREPEND")
        variableValues(C, Args[1], 2, false);
      else if (N == "list" && Op == "INSERT")
        variableValues(C, Args[1], 3, false);
    } else if (N == "find_package" || N == "find_library" || N == "find_path" || N == "find_file" ||
               N == "find_program") {
      if (N == "find_package" && !Args.empty() && Args[0].Value == "CUDA")
        legacy(C.Offset, "'find_package(CUDA)' loads the deprecated FindCUDA module in a project that builds HIP; "
                         "use enable_language(HIP) and find_package(CUDAToolkit) for the CUDA libraries");
      // Each HINTS or PATHS list is searched in order: a literal after the environment
      // ("HINTS ENV ROCM_PATH /opt/rocm", "PATHS $ENV{ROCM_PATH} /opt/rocm") is the fallback.
      std::vector<const Argument *> List;
      bool InPaths = false, FromEnv = false, EnvName = false;
      auto Flush = [&] {
        if (!FromEnv)
          for (const Argument *A : List)
            pathArgument(*A);
        List.clear();
        FromEnv = false;
      };
      for (const Argument &A : Args) {
        if (EnvName) { // the variable named after ENV
          EnvName = false;
          continue;
        }
        if (A.Kind == Argument::Unquoted && A.Value == "ENV" && InPaths) {
          FromEnv = EnvName = true;
          continue;
        }
        if (A.Kind == Argument::Unquoted && isUpperKeyword(A.Value)) {
          Flush();
          InPaths = A.Value == "HINTS" || A.Value == "PATHS";
          continue;
        }
        if (InPaths) {
          List.push_back(&A);
          FromEnv = FromEnv || A.Value.find("$ENV{") != std::string::npos;
        }
      }
      Flush();
    } else if (N == "add_custom_command" || N == "add_custom_target" || N == "add_test" ||
               N == "execute_process") {
      embeddedPaths(C, N == "add_custom_target" ? 1 : 0);
    } else if (N == "install") {
      // install(CODE "...") and install(SCRIPT file): only the code runs a command.
      for (size_t I = 0; I + 1 < Args.size(); ++I)
        if (Args[I].Kind == Argument::Unquoted && Args[I].Value == "CODE")
          withValues(Args[I + 1], [&](const Argument &V) { embeddedPathValue(V); });
    } else if (N == "include") {
      if (!Args.empty() && Args[0].Value == "FindCUDA")
        legacy(C.Offset, "'include(FindCUDA)' loads the deprecated FindCUDA module in a project that builds HIP; "
                         "use enable_language(HIP) and first-class HIP targets");
    } else if (startsWith(N, "cuda_")) {
      static const std::set<std::string, std::less<>> FindCudaCommands = {
          "cuda_add_executable", "cuda_add_library", "cuda_add_cufft_to_target", "cuda_add_cublas_to_target",
          "cuda_build_clean_target", "cuda_compile", "cuda_compile_ptx", "cuda_compile_fatbin", "cuda_compile_cubin",
          "cuda_compute_separable_compilation_object_file_name", "cuda_include_directories",
          "cuda_link_separable_compilation_objects", "cuda_select_nvcc_arch_flags", "cuda_wrap_srcs"};
      if (!FindCudaCommands.count(N))
        return;
      std::string Replacement = N == "cuda_add_executable" ? "add_executable"
                                : N == "cuda_add_library"  ? "add_library"
                                                           : "";
      std::string Msg = "'" + std::string(C.Name) + "' comes from the deprecated FindCUDA module; ";
      if (!Replacement.empty())
        Msg += "use " + Replacement + " with enable_language(HIP) and HIP sources";
      else
        Msg += "use enable_language(HIP) and first-class HIP targets";
      legacy(C.Offset, std::move(Msg));
    }
  }
};

} // namespace

bool isCMakeFile(std::string_view Path) {
  size_t Slash = Path.find_last_of("/\\");
  std::string_view Base = Slash == std::string_view::npos ? Path : Path.substr(Slash + 1);
  return Base == "CMakeLists.txt" || (Base.size() > 6 && endsWith(Base, ".cmake"));
}

const std::vector<RuleInfo> &cmakeRules() {
  // The summaries live once, in lib/data/checks.json, with those of the clang-tidy checks.
  static const std::vector<RuleInfo> Rules = {
      {std::string(HardcodedPath), checkSummary(HardcodedPath)},
      {std::string(LegacyCuda), checkSummary(LegacyCuda)},
      {std::string(RawLinkFlag), checkSummary(RawLinkFlag)},
  };
  return Rules;
}

LintResult lintCMake(std::string_view Path, std::string_view Content,
                     const std::function<bool(std::string_view RuleId)> &IsEnabled, const LintOptions &Options) {
  LintResult R;
  Linter L(Path, Content, IsEnabled, Options);
  ParseError E;
  // Nothing is reported for a file that does not parse: CMake refuses it too, and a fix must
  // never be applied to a file that was only partly understood.
  if (!parseCMake(Content, L, E)) {
    R.Error = E.str();
    return R;
  }
  R.Findings = L.finish();
  return R;
}

LintResult lintCMake(std::string_view Path, std::string_view Content,
                     const std::function<bool(std::string_view RuleId)> &IsEnabled) {
  return lintCMake(Path, Content, IsEnabled, LintOptions());
}

bool buildsHip(std::string_view Content) {
  struct Scan : ParseCallbacks {
    bool Hip = false;
    void command(const Command &C) override { Hip = Hip || commandBuildsHip(C); }
  } S;
  ParseError E;
  return parseCMake(Content, S, E) && S.Hip;
}

} // namespace rocmtidy::cmake
