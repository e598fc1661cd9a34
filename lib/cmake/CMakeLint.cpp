#include "cmake/CMakeLint.h"
#include "cmake/CMakeParser.h"
#include "cmake/CMakeRule.h"
#include "cmake/CMakeStrings.h"
#include "cmake/GpuLibraries.h"
#include "core/CheckCatalog.h"
#include "core/SafeFix.h"
#include "core/Suppression.h"

#include <algorithm>
#include <deque>
#include <set>
#include <unordered_map>

namespace rocmtidy::cmake {

bool commandBuildsHip(const Command &C) {
  const std::string &N = C.LowerName;
  if (startsWith(N, "hip_add_") || definesHipPlatform(C))
    return true;
  if (N == "find_package" && !C.Args.empty() && asciiLower(C.Args[0].Value) == "hip")
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

namespace {

/// The value given to a variable that find_library() fills with a GPU library: a path that names
/// the library and says where it came from.
constexpr std::string_view FoundLibraryPrefix = "<find_library>/";

/// Bounds the memory a hostile file can make the linter spend on findings.
constexpr size_t MaxFindingsPerFile = 100000;

class Linter : public ParseCallbacks, public RuleContext {
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
      FoundPackages.insert(asciiLower(C.Args[0].Value));
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
    sortByOffset(Out);
    return Out;
  }

  // ---- RuleContext ------------------------------------------------------------------------------

  std::string_view path() const override { return Path; }

  void needsPackage(Finding *Fd, const std::string &Package, const std::string &Target) override {
    if (!Fd)
      return;
    last().Package = Package;
    last().Target = Target;
  }

  void needsHip(Finding *Fd) override {
    if (Fd)
      last().NeedsHip = true;
  }

  std::string_view viaVariable() const override {
    return Via.Active && !Via.Used.empty() ? std::string_view(Via.Used[0].first) : std::string_view();
  }

  bool viaOverridable() const override {
    return Via.Active &&
           std::any_of(Via.Used.begin(), Via.Used.end(), [](const auto &U) { return U.second->Guarded; });
  }

  void forEachValue(const Command &C, const VariableWrite &W,
                    const std::function<void(const Argument &)> &Lint) override {
    SkipVar = W.Var->Value;
    for (size_t I = W.First; I < C.Args.size(); ++I) {
      const Argument &A = C.Args[I];
      if (C.LowerName == "set" && (A.Value == "CACHE" || A.Value == "PARENT_SCOPE") && A.Kind == Argument::Unquoted)
        break;
      Lint(A);
    }
    SkipVar = {};
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

public:
  // The bytes all expansions of one file (its include()d files too) may produce together: each
  // set(A "${B}${B}") stays under MaxVariableBytes, but thousands of them would not.
  static constexpr size_t MaxExpansionBytes = size_t(1) << 25;
  struct Budget {
    size_t Used = 0;
    bool Cut = false;
  };
  Budget OwnBudget;
  Budget *Work = &OwnBudget; // shared with the linters of include()d files

private:
  std::string_view SkipVar; // a variable expand() leaves as written
  unsigned IncludeLevel = 0;
  std::deque<std::string> IncludedPaths; // keeps the path of each nested linter alive
public:
  std::vector<std::string> SkippedIncludes; // include()s outside LintOptions::Root, as written
private:
  // One entry per open if(): whether the chain so far tests the environment or DEFINED, which makes
  // a literal path inside it a fallback rather than a hard-coded choice; and the variable its
  // current arm requires to be unset or false (`if(NOT HIP_ROOT_DIR)`), which a find_*() of that
  // variable in the arm searches for as the last step of a search.
  struct Guard {
    bool Tests = false;
    std::string Unset;
  };
  std::vector<Guard> Guards;

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
    if (suppressionNames(FileRules, Rule))
      return true;
    unsigned Lines[] = {Line, Line - 1, CommandLine, CommandLine - 1};
    for (unsigned L : Lines) {
      auto It = LineRules.find(L);
      if (It != LineRules.end() && suppressionNames(It->second, Rule))
        return true;
    }
    return false;
  }

  /// Records a finding; the returned pointer is valid until the next emit.
  Finding *emit(std::string_view Rule, unsigned Offset, std::string Message) override {
    if (!IsEnabled(Rule) || Candidates.size() >= MaxFindingsPerFile)
      return nullptr;
    if (Via.Active) {
      // Said once, where the variable was set.
      for (const auto &U : Via.Used)
        if (U.second->Reported)
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
  bool expand(std::string_view S, std::string &Out, std::vector<std::pair<std::string, const Variable *>> &Used) const {
    ExpandRules Rules;
    Rules.KeepUnresolved = true;
    Rules.GeneratorExpressionsAsText = true;
    Rules.MaxDepth = 8;
    Rules.MaxBytes = MaxVariableBytes;
    std::optional<std::string> E = expandReferences(
        S,
        [&](const std::string &Name) {
          auto It = Name == SkipVar ? Vars.end() : Vars.find(Name);
          if (It == Vars.end())
            return VariableValue::unknown();
          if (std::none_of(Used.begin(), Used.end(), [&](const auto &U) { return U.first == Name; }))
            Used.push_back({Name, &It->second});
          return VariableValue::known(It->second.Value);
        },
        Rules);
    if (!E)
      return false;
    Out = std::move(*E);
    Work->Used += Out.size();
    if (Work->Used > MaxExpansionBytes) {
      Work->Cut = true;
      return false;
    }
    return true;
  }

  void withValues(const Argument &A, const std::function<void(const Argument &)> &Lint) override {
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
      if (!Opts.Root.empty() && !pathUnderRoot(File, Opts.Root)) {
        // Named by the command only: nothing of the file (its set() values) is read.
        SkippedIncludes.push_back("'include(" + std::string(Raw) + ")' (" +
                                  (IncludeLevel ? std::string(Path) + " line " : std::string("line ")) +
                                  std::to_string(C.Line) + ") names a file outside the project root; it was not read");
        return;
      }
      std::string Text;
      if (!Opts.ReadInclude(File, Text))
        continue;
      LintOptions Inner = Opts;
      // Its rules run too (their findings are dropped) so that a value reported where it is set
      // there is not reported again through the variable here.
      Linter L(IncludedPaths.emplace_back(File), Text, IsEnabled, Inner);
      L.IncludeLevel = IncludeLevel + 1;
      L.Work = Work;
      L.Vars = Vars;
      L.Definitions = 0;
      ParseError E;
      bool Parsed = parseCMake(Text, L, E);
      SkippedIncludes.insert(SkippedIncludes.end(), L.SkippedIncludes.begin(), L.SkippedIncludes.end());
      if (Parsed) {
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
      if (Cd->Package.empty() || FoundPackages.count(asciiLower(Cd->Package)))
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
      if (Cd->Package.empty() || FoundPackages.count(asciiLower(Cd->Package)))
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


  void note(Finding *Fd, unsigned Offset, std::string Message) override {
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
    auto Unset = [&] {
      bool Plain = C.Args.size() == 2 && C.Args[0].Kind == Argument::Unquoted && C.Args[0].Value == "NOT" &&
                   C.Args[1].Kind == Argument::Unquoted && C.Args[1].Value.find_first_of("${}") == std::string::npos;
      return Plain ? C.Args[1].Value : std::string();
    };
    if (N == "if") {
      Guards.push_back({Tests(), Unset()});
    } else if ((N == "elseif" || N == "else") && !Guards.empty()) {
      Guards.back().Tests = Guards.back().Tests || (N == "elseif" && Tests());
      Guards.back().Unset.clear();
    } else if (N == "endif" && !Guards.empty()) {
      Guards.pop_back();
    }
  }

  bool inFallback() const override {
    // find_path(X ...) searches only while X is unset and writes its first argument: under if(NOT X)
    // it is the last step of a search. A set(X /opt/rocm-6.1.0) there is still a hard-coded default.
    static const std::set<std::string, std::less<>> Writers = {"find_path", "find_library", "find_file",
                                                               "find_program"};
    const std::string *Written =
        Cur && !Cur->Args.empty() && Writers.count(Cur->LowerName) ? &Cur->Args[0].Value : nullptr;
    return std::any_of(Guards.begin(), Guards.end(),
                       [&](const Guard &G) { return G.Tests || (Written && !G.Unset.empty() && G.Unset == *Written); });
  }

  /// Hands \p C to the rules that read its command.
  void dispatch(const Command &C) {
    static const std::unordered_map<std::string_view, std::vector<const CMakeRule *>> ByCommand = [] {
      std::unordered_map<std::string_view, std::vector<const CMakeRule *>> Table;
      for (const CMakeRule *R : allCMakeRules())
        for (std::string_view Name : R->commands())
          Table[Name].push_back(R);
      return Table;
    }();
    auto It = ByCommand.find(C.LowerName);
    if (It == ByCommand.end())
      return;
    for (const CMakeRule *R : It->second)
      R->check(C, *this);
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
  static const std::vector<RuleInfo> Rules = [] {
    std::vector<RuleInfo> R;
    for (const CMakeRule *Rule : allCMakeRules())
      R.push_back({std::string(Rule->id()), checkSummary(Rule->id())});
    std::sort(R.begin(), R.end(), [](const RuleInfo &A, const RuleInfo &B) { return A.Id < B.Id; });
    return R;
  }();
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
    R.Template = E.AtPlaceholder;
    R.TemplateTag = E.TemplateTag;
    return R;
  }
  R.Findings = L.finish();
  R.SkippedIncludes = std::move(L.SkippedIncludes);
  if (L.Work->Cut)
    R.ExpansionCut = "variable expansion stopped after " + std::to_string(Linter::MaxExpansionBytes) +
                     " bytes (variables that expand to more than rocm-lint reads); later uses were linted as "
                     "written";
  return R;
}

LintResult lintCMake(std::string_view Path, std::string_view Content,
                     const std::function<bool(std::string_view RuleId)> &IsEnabled) {
  return lintCMake(Path, Content, IsEnabled, LintOptions());
}

bool definesHipPlatform(const Command &C) {
  const std::string &N = C.LowerName;
  if (N != "add_definitions" && N != "add_compile_definitions" && N != "target_compile_definitions" &&
      N != "add_compile_options" && N != "target_compile_options")
    return false;
  return std::any_of(C.Args.begin(), C.Args.end(), [](const Argument &A) {
    for (std::string_view Macro : {"__HIP_PLATFORM_AMD__", "__HIP_PLATFORM_HCC__"}) {
      size_t At = A.Value.find(Macro);
      // The macro as a whole word: '-D__HIP_PLATFORM_AMD__=1', '__HIP_PLATFORM_HCC__'.
      if (At != std::string::npos && (At == 0 || A.Value[At - 1] == 'D' || A.Value[At - 1] == ';') &&
          (At + Macro.size() == A.Value.size() || A.Value[At + Macro.size()] == '=' ||
           A.Value[At + Macro.size()] == ';'))
        return true;
    }
    return false;
  });
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
