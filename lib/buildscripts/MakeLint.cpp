// A reader for the part of GNU make syntax that decides what a build compiles and links with:
// variable assignments (=, :=, ::=, +=, ?=, !=), rules with recipes, include of other project
// makefiles, conditionals (both branches are kept: a linter cannot know which one runs; only an arm
// for hipcc's NVIDIA platform, `ifeq ($(HIP_PLATFORM),nvidia)`, is left out: it is no AMD build) and
// $(VAR) / ${VAR} expansion with the origin of every word kept, so a flag is reported where it is
// written even when it reaches the compile line through three variables.

#include "buildscripts/BuildScripts.h"
#include "buildscripts/ScriptCommon.h"
#include "cmake/GpuLibraries.h"
#include "core/SafeFix.h"

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <deque>
#include <map>
#include <memory>
#include <set>

namespace rocmtidy::buildscripts {

namespace {

constexpr std::string_view HardcodedPath = "rocm-make-hardcoded-toolkit-path";
constexpr std::string_view NvccFlagRule = "rocm-make-nvcc-flag";
constexpr std::string_view RawLink = "rocm-make-raw-link-flag";

constexpr unsigned MaxIncludeLevel = 8;
constexpr unsigned MaxExpansionDepth = 24;
constexpr size_t MaxWords = 200000;
constexpr size_t MaxFlatBytes = 1 << 16; // one word's text after expansion
// The expansion work of one file, all expansions together: words produced plus bytes flattened.
// A variable that doubles itself 23 times (A1 = $(A0) $(A0), ...) used on 300 recipe lines would
// otherwise produce billions of words; real makefiles stay far below this.
constexpr size_t MaxExpansionWork = size_t(1) << 20;

bool isSpace(char C) { return C == ' ' || C == '\t' || C == '\r' || C == '\n'; }

std::string_view baseName(std::string_view S) {
  size_t Slash = S.find_last_of('/');
  return Slash == std::string_view::npos ? S : S.substr(Slash + 1);
}

/// One file read: its path (as shown) and text with line continuations blanked out, so that
/// offsets into it are offsets into the file.
struct SourceFile {
  std::string Path;
  std::string Original; // as read: lines and columns are counted here
  std::string Text;
  std::unique_ptr<FindingSink> Lines; // line/column lookups (and, for the main file, findings)
};

/// A piece of a variable's value as written: where it is, and whether a user can override it.
struct Segment {
  std::string_view Text;
  size_t Offset = 0;
  const SourceFile *File = nullptr;
  bool Guarded = false; // ?=, or inside ifndef / ifeq ($(X),): a default, not a hard-coded choice
  bool Overridden = false; // set again later in the same file, unconditionally, before any use
};

struct Variable {
  std::vector<Segment> Parts;
};

struct Recipe {
  std::string_view Text;
  size_t Offset = 0;
  const SourceFile *File = nullptr;
  std::string_view Prereqs; // of the rule it belongs to
  size_t PrereqOffset = 0;
};

/// A word after expansion, with the place its first character was written.
struct Word {
  std::string Text;
  size_t Offset = 0;
  const SourceFile *File = nullptr;
  std::string Via; // the variable it came through, if any
};

class MakeLinter {
public:
  MakeLinter(std::string_view Path, std::string_view Content, const std::function<bool(std::string_view)> &IsEnabled,
             const ScriptOptions &Opts)
      : Opts(Opts) {
    Main = addFile(std::string(Path), std::string(Content));
    Main->Lines = std::make_unique<FindingSink>(Path, Main->Original, IsEnabled);
  }

  std::vector<Finding> run() {
    // The file itself counts as included: `include Makefile` in it (or a cycle back to it) is read once.
    Included.insert(canonical(Main->Path));
    read(*Main, 0);
    analyse();
    Cut = WorkCut;
    return Main->Lines->finish();
  }

  std::vector<std::string> SkippedIncludes;
  bool Cut = false;

private:
  const ScriptOptions &Opts;
  std::deque<SourceFile> Files;
  SourceFile *Main = nullptr;
  std::map<std::string, Variable, std::less<>> Vars;
  std::vector<Recipe> Recipes;
  std::vector<Segment> Assignments; // every assignment's value, in order, overwritten ones too
  std::set<std::string> Included;
  mutable size_t Work = 0; // expansion work so far (MaxExpansionWork)
  mutable bool WorkCut = false;

  /// Whether the expansion budget is spent; marks the cut the first time.
  bool spent(size_t More) const {
    Work += More;
    if (Work <= MaxExpansionWork)
      return false;
    WorkCut = true;
    return true;
  }

  /// One spelling per file, so that a file included as ./a.mk and a.mk, or the linted file
  /// including itself, is read once.
  static std::string canonical(const std::string &Path) {
    char Real[PATH_MAX];
    return realpath(Path.c_str(), Real) ? std::string(Real) : Path;
  }

  SourceFile *addFile(std::string Path, std::string Text) {
    SourceFile &F = Files.emplace_back();
    F.Path = std::move(Path);
    F.Original = std::move(Text);
    F.Text = F.Original;
    // A backslash-newline joins lines; make reads it as one space. Blanking it keeps offsets.
    for (size_t I = 0; I + 1 < F.Text.size(); ++I) {
      if (F.Text[I] != '\\')
        continue;
      size_t J = I + 1;
      if (F.Text[J] == '\r' && J + 1 < F.Text.size())
        ++J;
      if (F.Text[J] != '\n')
        continue;
      // An even run of backslashes is escaped backslashes, not a continuation.
      size_t Run = 0;
      for (size_t K = I + 1; K-- > 0 && F.Text[K] == '\\';)
        ++Run;
      if (Run % 2 == 0)
        continue;
      for (size_t K = I; K <= J; ++K)
        F.Text[K] = ' ';
      I = J;
    }
    if (!F.Lines)
      F.Lines = std::make_unique<FindingSink>(F.Path, F.Original, [](std::string_view) { return false; });
    return &F;
  }

  // ---- reading ---------------------------------------------------------------------------------

  /// The offset of a '#' that starts a comment in \p Line (outside recipes), or npos.
  static size_t commentStart(std::string_view Line) {
    for (size_t I = 0; I < Line.size(); ++I)
      if (Line[I] == '#' && (I == 0 || Line[I - 1] != '\\'))
        return I;
    return std::string_view::npos;
  }

  void store(std::string_view Name, std::string_view Op, std::string_view Value, size_t ValueOffset,
             const SourceFile &F, bool InConditional, bool GuardedBlock) {
    Name = trim(Name);
    if (Name.empty() || Name.find_first_of(" \t$") != std::string_view::npos)
      return;
    Segment S{Value, ValueOffset, &F, Op == "?=" || GuardedBlock};
    auto It = Vars.find(Name);
    // `FC := /opt/rocm/llvm/bin/flang` followed by `FC := /home/me/flang`: the first value is never
    // used when nothing between the two reads the variable.
    if ((Op == "=" || Op == ":=" || Op == "::=") && !InConditional && It != Vars.end())
      for (const Segment &Old : It->second.Parts)
        if (Old.File == &F && Old.Offset < ValueOffset &&
            !readsVariable(std::string_view(F.Text).substr(Old.Offset, ValueOffset - Old.Offset), Name))
          for (Segment &A : Assignments)
            if (A.File == Old.File && A.Offset == Old.Offset)
              A.Overridden = true;
    Assignments.push_back(S);
    if (Op == "?=" && It != Vars.end() && !It->second.Parts.empty())
      return; // already set: ?= does nothing
    if (It == Vars.end())
      It = Vars.emplace(std::string(Name), Variable()).first;
    Variable &V = It->second;
    // In a conditional both the old and the new value are possible; += adds to it.
    if (Op != "+=" && !InConditional)
      V.Parts.clear();
    if (Op == "!=") // the output of a shell command: unknown
      S.Text = {};
    V.Parts.push_back(S);
  }

  /// Whether \p Text references the variable \p Name: $(NAME), ${NAME}, $(NAME:a=b).
  static bool readsVariable(std::string_view Text, std::string_view Name) {
    for (size_t At = Text.find(Name); At != std::string_view::npos; At = Text.find(Name, At + 1)) {
      bool Opened = At >= 2 && Text[At - 2] == '$' && (Text[At - 1] == '(' || Text[At - 1] == '{');
      size_t End = At + Name.size();
      if (Opened && End < Text.size() && (Text[End] == ')' || Text[End] == '}' || Text[End] == ':'))
        return true;
    }
    return false;
  }

  void include(std::string_view Directive, std::string_view Args, size_t Offset, const SourceFile &F, unsigned Level) {
    if (!Opts.ReadInclude || Level >= MaxIncludeLevel)
      return;
    std::string Dir = F.Path.substr(0, F.Path.find_last_of('/') == std::string::npos ? 0 : F.Path.find_last_of('/'));
    for (const Word &W : expand(Args, Offset, &F, "")) {
      if (W.Text.empty() || W.Text.find('$') != std::string::npos || W.Text.find('*') != std::string::npos)
        continue;
      std::string P = W.Text[0] == '/' ? W.Text : (Dir.empty() ? W.Text : Dir + "/" + W.Text);
      if (!Opts.Root.empty() && !rocmtidy::pathUnderRoot(P, Opts.Root)) {
        // Named by the directive only: nothing of the file (it may hold credentials) is read.
        std::string Where = &F == Main ? "line " : F.Path + " line ";
        SkippedIncludes.push_back("'" + std::string(Directive) + " " + W.Text + "' (" + Where +
                                  std::to_string(F.Lines->locate(Offset).Line) +
                                  ") names a file outside the project root; it was not read");
        continue;
      }
      if (!Included.insert(canonical(P)).second)
        continue;
      std::string Text;
      if (!Opts.ReadInclude(P, Text))
        continue;
      SourceFile *Inc = addFile(P, std::move(Text));
      read(*Inc, Level + 1);
    }
  }

  /// An ifeq/ifneq that compares hipcc's platform with NVIDIA's: (first arm NVIDIA, else NVIDIA).
  static std::pair<bool, bool> nvidiaPlatformTest(std::string_view Kw, std::string_view Args) {
    if ((Kw != "ifeq" && Kw != "ifneq") || makePlatformCompared(Args) != BuildSwitchTable::Vendor::Cuda)
      return {false, false};
    return {Kw == "ifeq", Kw == "ifneq"};
  }

  void read(const SourceFile &F, unsigned Level) {
    std::string_view T = F.Text;
    bool InRule = false;
    std::string_view Prereqs;
    size_t PrereqOffset = 0;
    // One entry per open conditional: whether it makes its body a fallback (ifndef X,
    // ifeq ($(X),)), so literal paths in it are defaults.
    std::vector<bool> Conditions;
    // Per open conditional: whether its current arm is hipcc's NVIDIA platform (`ifeq
    // ($(HIP_PLATFORM),nvidia)`), and whether its else is. hipcc passes nvcc's flags through there,
    // and what that arm sets or runs is not the AMD build's.
    std::vector<std::pair<bool, bool>> Nvidia;
    auto InNvidiaArm = [&] { return std::any_of(Nvidia.begin(), Nvidia.end(), [](const auto &A) { return A.first; }); };
    bool InDefine = false;
    size_t Pos = 0;
    while (Pos < T.size()) {
      size_t End = T.find('\n', Pos);
      if (End == std::string_view::npos)
        End = T.size();
      std::string_view Line = T.substr(Pos, End - Pos);
      size_t LineOffset = Pos;
      Pos = End + 1;
      if (InDefine) {
        if (trim(Line).substr(0, 5) == "endef")
          InDefine = false;
        continue;
      }
      if (!Line.empty() && Line[0] == '\t' && InRule) {
        // A recipe line: the shell's comments are its own, but a suppression in one still counts.
        if (size_t H = Line.find("# rocm-lint:"); H != std::string_view::npos && &F == Main)
          Main->Lines->comment(LineOffset + H);
        Recipes.push_back({Line.substr(1), LineOffset + 1, &F, Prereqs, PrereqOffset});
        continue;
      }
      size_t Hash = commentStart(Line);
      if (Hash != std::string_view::npos) {
        if (&F == Main)
          Main->Lines->comment(LineOffset + Hash);
        Line = Line.substr(0, Hash);
      }
      size_t Lead = 0;
      while (Lead < Line.size() && isSpace(Line[Lead]))
        ++Lead;
      std::string_view Body = Line.substr(Lead);
      size_t BodyOffset = LineOffset + Lead;
      while (!Body.empty() && isSpace(Body.back()))
        Body.remove_suffix(1);
      if (Body.empty())
        continue;
      std::string_view Word1 = Body.substr(0, Body.find_first_of(" \t("));
      std::string_view Rest = Word1.size() < Body.size() ? Body.substr(Word1.size()) : std::string_view();
      size_t RestOffset = BodyOffset + Word1.size();
      if (Word1 == "ifdef" || Word1 == "ifndef" || Word1 == "ifeq" || Word1 == "ifneq") {
        bool Guard = Word1 == "ifndef";
        std::string_view R = trim(Rest);
        // ifeq ($(X),) / ifeq ("$(X)","") / ifeq ($(origin X),undefined): X was not given.
        if (Word1 == "ifeq" && (R.find(",)") != std::string_view::npos || R.find("\"\"") != std::string_view::npos ||
                                R.find("undefined") != std::string_view::npos))
          Guard = true;
        Conditions.push_back(Guard);
        Nvidia.push_back(nvidiaPlatformTest(Word1, R));
        InRule = false;
        continue;
      }
      if (Word1 == "else") {
        // "else ifeq (...)": a new test of the same chain.
        if (!Conditions.empty())
          Conditions.back() = false;
        if (!Nvidia.empty()) {
          std::string_view R = trim(Rest);
          std::string_view Kw = R.substr(0, R.find_first_of(" \t("));
          Nvidia.back() = (Kw == "ifeq" || Kw == "ifneq") ? nvidiaPlatformTest(Kw, trim(R.substr(Kw.size())))
                                                          : std::make_pair(Nvidia.back().second, false);
        }
        continue;
      }
      if (Word1 == "endif") {
        if (!Conditions.empty())
          Conditions.pop_back();
        if (!Nvidia.empty())
          Nvidia.pop_back();
        continue;
      }
      if (InNvidiaArm()) {
        InRule = false;
        continue;
      }
      if (Word1 == "define") {
        InDefine = true;
        continue;
      }
      if (Word1 == "include" || Word1 == "-include" || Word1 == "sinclude") {
        include(Word1, Rest, RestOffset, F, Level);
        InRule = false;
        continue;
      }
      if (Word1 == "export" || Word1 == "override" || Word1 == "private" || Word1 == "unexport") {
        size_t Skip = Word1.size();
        while (Skip < Body.size() && isSpace(Body[Skip]))
          ++Skip;
        Body = Body.substr(Skip);
        BodyOffset += Skip;
        if (Body.empty())
          continue;
      }
      if (Word1 == "vpath" || Word1 == "undefine")
        continue;
      // An assignment, or a rule: whichever of '=' and ':' comes first outside $(...).
      size_t Colon = std::string_view::npos, Eq = std::string_view::npos;
      unsigned Paren = 0;
      for (size_t I = 0; I < Body.size(); ++I) {
        char C = Body[I];
        if (C == '(' || C == '{')
          ++Paren;
        else if ((C == ')' || C == '}') && Paren)
          --Paren;
        else if (!Paren && C == '=') {
          Eq = I;
          break;
        } else if (!Paren && C == ':' && Colon == std::string_view::npos) {
          // :=, ::=, :::= are assignments.
          size_t J = I;
          while (J < Body.size() && Body[J] == ':')
            ++J;
          if (J < Body.size() && Body[J] == '=') {
            Eq = J;
            break;
          }
          Colon = I;
          break;
        }
      }
      bool InConditional = !Conditions.empty();
      bool Guarded = std::find(Conditions.begin(), Conditions.end(), true) != Conditions.end();
      if (Eq != std::string_view::npos && (Colon == std::string_view::npos || Colon > Eq)) {
        size_t NameEnd = Eq;
        while (NameEnd > 0 && (Body[NameEnd - 1] == ':' || Body[NameEnd - 1] == '+' || Body[NameEnd - 1] == '?' ||
                               Body[NameEnd - 1] == '!'))
          --NameEnd;
        std::string_view Op = Body.substr(NameEnd, Eq + 1 - NameEnd);
        if (Op.size() > 1 && Op[0] == ':')
          Op = ":=";
        size_t V = Eq + 1;
        while (V < Body.size() && isSpace(Body[V]))
          ++V;
        store(Body.substr(0, NameEnd), Op, Body.substr(V), BodyOffset + V, F, InConditional, Guarded);
        InRule = false; // a variable line ends the rule's recipe context only at top level; close enough
        continue;
      }
      if (Colon != std::string_view::npos) {
        InRule = true;
        size_t P = Colon + 1;
        while (P < Body.size() && Body[P] == ':')
          ++P;
        std::string_view After = Body.substr(P);
        // target: VAR = value (target-specific variable)
        size_t TEq = After.find('=');
        size_t NameEnd = TEq;
        while (NameEnd != std::string_view::npos && NameEnd > 0 &&
               (After[NameEnd - 1] == ':' || After[NameEnd - 1] == '+' || After[NameEnd - 1] == '?'))
          --NameEnd;
        if (TEq != std::string_view::npos && After.substr(0, TEq).find_first_of("$;") == std::string_view::npos &&
            !trim(After.substr(0, NameEnd)).empty() &&
            trim(After.substr(0, NameEnd)).find_first_of(" \t") == std::string_view::npos) {
          std::string_view Op = After.substr(NameEnd, TEq + 1 - NameEnd);
          size_t V = TEq + 1;
          while (V < After.size() && isSpace(After[V]))
            ++V;
          store(After.substr(0, NameEnd), Op == "+=" ? "+=" : "=", After.substr(V), BodyOffset + P + V, F, true,
                Guarded);
          continue;
        }
        size_t Semi = After.find(';');
        Prereqs = After.substr(0, Semi);
        PrereqOffset = BodyOffset + P;
        if (Semi != std::string_view::npos)
          Recipes.push_back({After.substr(Semi + 1), BodyOffset + P + Semi + 1, &F, Prereqs, PrereqOffset});
        continue;
      }
      // Anything else (a function call on its own line, $(eval ...)) is not read.
      InRule = false;
    }
  }

  // ---- expansion -------------------------------------------------------------------------------

  /// The end of the reference that starts at \p I ("$(" or "${"), one past its closing bracket.
  static size_t referenceEnd(std::string_view S, size_t I) {
    char Open = S[I + 1], Close = Open == '(' ? ')' : '}';
    unsigned Depth = 0;
    for (size_t J = I + 1; J < S.size(); ++J) {
      if (S[J] == Open)
        ++Depth;
      else if (S[J] == Close && --Depth == 0)
        return J + 1;
    }
    return S.size();
  }

  /// Words of \p S at paren depth 0.
  static std::vector<std::pair<std::string_view, size_t>> splitWords(std::string_view S) {
    std::vector<std::pair<std::string_view, size_t>> Out;
    size_t I = 0;
    while (I < S.size()) {
      while (I < S.size() && isSpace(S[I]))
        ++I;
      size_t Start = I;
      while (I < S.size() && !isSpace(S[I])) {
        if (S[I] == '$' && I + 1 < S.size() && (S[I + 1] == '(' || S[I + 1] == '{'))
          I = referenceEnd(S, I);
        else
          ++I;
      }
      if (I > Start)
        Out.push_back({S.substr(Start, I - Start), Start});
    }
    return Out;
  }

  /// The variable named by a reference's inside: "CFLAGS" for $(CFLAGS) and $(CFLAGS:.c=.o).
  static std::string_view referenceName(std::string_view Inner) {
    size_t Colon = Inner.find(':');
    if (Colon != std::string_view::npos && Inner.find_first_of(" \t,") == std::string_view::npos)
      return Inner.substr(0, Colon);
    return Inner;
  }

  /// \p S with every reference to a known variable replaced by its text (flattened).
  std::string flatten(std::string_view S, unsigned Depth, std::string &Via) const {
    std::string Out;
    for (size_t I = 0; I < S.size();) {
      if (S[I] == '$' && I + 1 < S.size() && (S[I + 1] == '(' || S[I + 1] == '{')) {
        size_t E = referenceEnd(S, I);
        std::string_view Inner = S.substr(I + 2, E > I + 3 ? E - I - 3 : 0);
        std::string_view Name = referenceName(Inner);
        auto It = Vars.find(Name);
        if (Depth < MaxExpansionDepth && It != Vars.end()) {
          if (Via.empty())
            Via = std::string(Name);
          bool First = true;
          for (const Segment &P : It->second.Parts) {
            if (Out.size() > MaxFlatBytes)
              break;
            if (!First)
              Out += ' ';
            First = false;
            Out += flatten(P.Text, Depth + 1, Via);
          }
        } else if (Depth < MaxExpansionDepth && Inner.find(' ') != std::string_view::npos &&
                   Inner.substr(0, 6) != "shell ") {
          // A function call: its arguments' references are expanded (flags in $(addprefix ...)).
          Out += "$(";
          Out += flatten(Inner, Depth + 1, Via);
          Out += ')';
        } else {
          Out.append(S.substr(I, E - I));
        }
        I = E;
      } else {
        Out += S[I++];
      }
      if (Out.size() > MaxFlatBytes || spent(1))
        break;
    }
    return Out;
  }

  /// The words of \p S (written at \p Offset in \p F) with variables expanded; a word that is a
  /// whole reference to a variable becomes that variable's words, with their own origins.
  std::vector<Word> expand(std::string_view S, size_t Offset, const SourceFile *F, const std::string &Via,
                           unsigned Depth = 0) const {
    std::vector<Word> Out;
    expandInto(S, Offset, F, Via, Depth, Out);
    return Out;
  }

  void expandInto(std::string_view S, size_t Offset, const SourceFile *F, const std::string &Via, unsigned Depth,
                  std::vector<Word> &Out) const {
    for (auto [W, At] : splitWords(S)) {
      if (Out.size() >= MaxWords || spent(1))
        return;
      bool WholeRef = W.size() > 3 && W[0] == '$' && (W[1] == '(' || W[1] == '{') && referenceEnd(W, 0) == W.size();
      if (WholeRef) {
        std::string_view Name = referenceName(W.substr(2, W.size() - 3));
        auto It = Vars.find(Name);
        if (It != Vars.end() && Depth < MaxExpansionDepth) {
          for (const Segment &P : It->second.Parts)
            expandInto(P.Text, P.Offset, P.File, Via.empty() ? std::string(Name) : Via, Depth + 1, Out);
          continue;
        }
      }
      if (W.find('$') == std::string_view::npos) {
        Out.push_back({std::string(W), Offset + At, F, Via});
        continue;
      }
      std::string V = Via;
      std::string Flat = flatten(W, Depth, V);
      for (auto [Piece, _] : splitWords(Flat))
        Out.push_back({std::string(Piece), Offset + At, F, V});
    }
  }

  // ---- rules -----------------------------------------------------------------------------------

  enum class Compiler { None, Nvcc, Hip };

  /// What compiles in a recipe: the first word that names a compiler.
  static Compiler compilerOf(const std::vector<Word> &Ws, size_t &At) {
    for (size_t I = 0; I < Ws.size(); ++I) {
      std::string_view W = Ws[I].Text;
      while (!W.empty() && (W[0] == '@' || W[0] == '-' || W[0] == '+') && I == 0)
        W.remove_prefix(1);
      std::string_view B = baseName(W);
      At = I;
      if (B == "nvcc" || W == "$(NVCC)" || W == "${NVCC}")
        return Compiler::Nvcc;
      if (B == "hipcc" || B == "hipcc.pl" || B == "hipcc.bin" || B == "amdclang++" || B == "amdclang" ||
          W == "$(HIPCC)" || W == "${HIPCC}")
        return Compiler::Hip;
      if (startsWith(B, "clang++") || startsWith(B, "clang")) {
        for (size_t J = I + 1; J < Ws.size(); ++J)
          if ((Ws[J].Text == "hip" && Ws[J - 1].Text == "-x") || Ws[J].Text == "-xhip" ||
              startsWith(Ws[J].Text, "--offload-arch=gfx") || endsWith(Ws[J].Text, ".hip"))
            return Compiler::Hip;
        return Compiler::None;
      }
    }
    return Compiler::None;
  }

  /// Whether the file sets hipcc's platform variable to NVIDIA's (HIP_PLATFORM=nvidia).
  bool platformIsNvidia() const {
    const BuildSwitchTable &T = buildSwitchTable();
    for (const auto &[Name, Var] : Vars)
      for (const Segment &S : Var.Parts)
        for (std::string_view Word : splitNonEmpty(S.Text, " \t"))
          if (T.platformOf(Name, Word) == BuildSwitchTable::Vendor::Cuda)
            return true;
    return false;
  }

  /// Where a finding about word \p W goes: where it is written when that is in the linted file,
  /// else at \p Fallback (the recipe in this file) with a note naming the other file.
  Finding *emitAt(std::string_view Rule, const Word &W, size_t Fallback, std::string Message) {
    bool Here = W.File == Main;
    Finding *F = Main->Lines->emit(Rule, Here ? W.Offset : Fallback, std::move(Message));
    if (F && !Here && W.File)
      Main->Lines->noteIn(F, W.File->Path, W.File->Lines->locate(W.Offset).Line,
                          "'" + W.Text + "' is written here, in a makefile this one includes");
    return F;
  }

  void viaNote(Finding *F, const Word &W, size_t RecipeOffset) {
    if (!F || W.Via.empty())
      return;
    Main->Lines->note(F, RecipeOffset, "it reaches this compile line through '$(" + W.Via + ")'");
  }

  void nvccFlags(const std::vector<Word> &Ws, size_t RecipeOffset, const char *What) {
    const NvccFlagTable &T = nvccFlagTable();
    for (size_t I = 0; I < Ws.size(); ++I) {
      bool TakesNext = false;
      std::string_view Next = I + 1 < Ws.size() ? std::string_view(Ws[I + 1].Text) : std::string_view();
      const NvccFlag *Fl = T.match(Ws[I].Text, Next, TakesNext);
      if (!Fl)
        continue;
      std::string Shown = Ws[I].Text + (TakesNext ? " " + Ws[I + 1].Text : "");
      std::string Msg = "nvcc-only flag '" + Shown + "' in " + What + "; ";
      Msg += Fl->Hip.empty() ? "remove it" : "use '" + Fl->Hip + "'";
      if (Fl->Hip.rfind("--offload-arch", 0) == 0)
        Msg += " with your AMD GPU's architecture";
      Finding *F = emitAt(NvccFlagRule, Ws[I], RecipeOffset, std::move(Msg));
      Main->Lines->note(F, F ? F->Offset : 0, Fl->Why);
      viaNote(F, Ws[I], RecipeOffset);
      if (TakesNext)
        ++I;
    }
  }

  void cudaLibraries(const std::vector<Word> &Ws, size_t RecipeOffset) {
    for (const Word &W : Ws) {
      std::string_view T = W.Text;
      if (!startsWith(T, "-l") || T.size() < 3)
        continue;
      std::string_view Name = T.substr(2);
      if (startsWith(Name, ":lib")) { // -l:libcudart.so
        Name.remove_prefix(4);
        Name = Name.substr(0, Name.find('.'));
      }
      if (!isCudaLibrary(Name))
        continue;
      std::string Rocm = rocmLibraryFor(Name);
      std::string Msg = "CUDA library '" + std::string(T) + "' linked in a HIP build; ";
      Msg += Rocm.empty() ? "it has no ROCm library of the same role, remove it or guard it for CUDA builds"
                          : "link '-l" + Rocm + "' instead";
      Finding *F = emitAt(RawLink, W, RecipeOffset, std::move(Msg));
      if (F) {
        if (Rocm == "amdhip64")
          Main->Lines->note(F, F->Offset, "hipcc adds the HIP runtime itself when it links; with another linker, "
                                          "'-L$(ROCM_PATH)/lib -lamdhip64' and 'ROCM_PATH ?= /opt/rocm'");
        Main->Lines->note(F, F->Offset, "the link fails with 'cannot find -l" + std::string(Name) +
                                            "' on a machine with ROCm and no CUDA toolkit");
      }
      viaNote(F, W, RecipeOffset);
    }
  }

  void hardcodedPaths(const SourceFile &F, std::string_view Text, size_t Offset, bool Guarded, bool BuildsHip) {
    for (auto [At, Len] : toolkitPathsIn(Text)) {
      std::string_view P = Text.substr(At, Len);
      std::string_view Kind = toolkitRootOf(P);
      if (Kind == "cuda" && !BuildsHip)
        continue;
      // $(or $(ROCM_PATH),/opt/rocm), $(if ...), $(wildcard /opt/rocm): a default or a probe.
      bool Default = false;
      for (size_t Call = Text.find("$("); Call < At && !Default; Call = Text.find("$(", Call + 2)) {
        if (referenceEnd(Text, Call) <= At)
          continue;
        std::string_view Fn = Text.substr(Call + 2, 10);
        Default = startsWith(Fn, "or ") || startsWith(Fn, "if ") || startsWith(Fn, "firstword ") ||
                  startsWith(Fn, "wildcard ");
      }
      if (Default)
        continue;
      if (Guarded || &F != Main)
        continue;
      // The part after the root and its version suffix: /opt/rocm-6.2.0/lib -> /lib.
      size_t Root = Kind == "rocm" ? 9 : startsWith(P, "/opt/cuda") ? 9 : 15;
      std::string Suffix(P.substr(std::min(P.size(), P.find('/', Root))));
      std::string Msg = "hard-coded toolkit path '" + std::string(P) + "'; ";
      if (Kind == "rocm")
        Msg += "set 'ROCM_PATH ?= /opt/rocm' once and write '$(ROCM_PATH)" + Suffix + "'";
      else
        Msg += "set 'CUDA_PATH ?= /usr/local/cuda' once and write '$(CUDA_PATH)" + Suffix + "'";
      Finding *Fd = Main->Lines->emit(HardcodedPath, Offset + At, std::move(Msg));
      // -L/opt/rocm/lib -lamdhip64: the libraries on the same line are found only there.
      if (Fd && At >= 2 && Text.substr(At - 2, 2) == "-L") {
        std::string Libs;
        unsigned Count = 0;
        for (size_t L = Text.find("-l"); L != std::string_view::npos; L = Text.find("-l", L + 2)) {
          if (L > 0 && !isSpace(Text[L - 1]))
            continue;
          size_t E = L + 2;
          while (E < Text.size() && !isSpace(Text[E]))
            ++E;
          std::string_view Name = Text.substr(L + 2, E - L - 2);
          if (const cmake::GpuLibrary *G = cmake::gpuLibraryTable().lookup(Name); G && !isCudaLibrary(Name))
            Libs += (Libs.empty() ? "'-l" : ", '-l") + std::string(Name) + "'", ++Count;
        }
        if (!Libs.empty())
          Main->Lines->note(Fd, Offset + At,
                            Libs + (Count > 1 ? " are" : " is") +
                                " found only through this hand-written directory; hipcc links the HIP runtime "
                                "itself, and '-L$(ROCM_PATH)/lib' finds the ROCm libraries wherever ROCm is");
      }
      Main->Lines->note(Fd, Offset + At,
                        Kind == "rocm"
                            ? "ROCm lives elsewhere on many machines (versioned /opt/rocm-X.Y.Z, distribution "
                              "packages under /usr, ROCM_PATH set by modules); 'hipconfig --path' prints it"
                            : "the CUDA toolkit lives elsewhere on many machines (/usr/local/cuda-X.Y, "
                              "distribution packages, CUDA_PATH set by modules)");
    }
  }

  void analyse() {
    bool Nvidia = platformIsNvidia();
    struct Compile {
      const Recipe *R;
      std::vector<Word> Words;
      Compiler C;
      size_t CompilerAt;
    };
    std::vector<Compile> Compiles;
    bool BuildsHip = false;
    for (const Recipe &R : Recipes) {
      Compile C{&R, expand(R.Text, R.Offset, R.File, ""), Compiler::None, 0};
      C.C = compilerOf(C.Words, C.CompilerAt);
      BuildsHip = BuildsHip || (C.C == Compiler::Hip && !Nvidia);
      Compiles.push_back(std::move(C));
    }
    // Built-in rules: CXX = hipcc compiles with $(CXXFLAGS) $(CPPFLAGS) and links with $(LDFLAGS) $(LDLIBS).
    bool ImplicitHip = false;
    for (const char *Cc : {"CXX", "CC"}) {
      std::vector<Word> Ws = expand(std::string("$(") + Cc + ")", 0, Main, "");
      size_t At;
      if (!Ws.empty() && compilerOf(Ws, At) == Compiler::Hip && !Nvidia)
        ImplicitHip = true;
    }
    BuildsHip = BuildsHip || ImplicitHip;
    for (const Segment &S : Assignments)
      if (S.File == Main && !S.Overridden)
        hardcodedPaths(*Main, S.Text, S.Offset, S.Guarded, BuildsHip);
    for (const Compile &C : Compiles) {
      if (C.R->File == Main)
        hardcodedPaths(*Main, C.R->Text, C.R->Offset, false, BuildsHip);
      if (C.C == Compiler::Nvcc && !Nvidia) {
        // nvcc given a HIP source: by name on the line, or the rule's prerequisites ($<, $^).
        std::string HipSource;
        for (const Word &W : C.Words)
          if (endsWith(W.Text, ".hip"))
            HipSource = W.Text;
        if (HipSource.empty())
          for (const Word &W : expand(C.R->Prereqs, C.R->PrereqOffset, C.R->File, ""))
            if (endsWith(W.Text, ".hip"))
              HipSource = W.Text;
        if (!HipSource.empty()) {
          const Word &Cc = C.Words[C.CompilerAt];
          Finding *F = emitAt(NvccFlagRule, Cc, C.R->Offset,
                              "'nvcc' compiles the HIP source '" + HipSource +
                                  "'; use hipcc (or amdclang++ -x hip --offload-arch=gfxXXX)");
          Main->Lines->note(F, F ? F->Offset : 0,
                            "nvcc builds HIP code only through hipcc on the NVIDIA platform (HIP_PLATFORM=nvidia); "
                            "for AMD GPUs the HIP compiler is clang");
          viaNote(F, Cc, C.R->Offset);
        }
        continue;
      }
      if (C.C == Compiler::Hip && !Nvidia) {
        nvccFlags(C.Words, C.R->Offset, "a HIP compile");
        cudaLibraries(C.Words, C.R->Offset);
      } else if (C.C == Compiler::None && BuildsHip) {
        // A link with the C++ compiler in a HIP build: CUDA libraries have no place there either.
        bool Links = false;
        for (const Word &W : C.Words)
          Links = Links || startsWith(W.Text, "-l");
        if (Links && ImplicitHip)
          cudaLibraries(C.Words, C.R->Offset);
      }
    }
    if (ImplicitHip) {
      for (const char *Flags : {"CXXFLAGS", "CPPFLAGS", "CFLAGS", "LDFLAGS", "LDLIBS"}) {
        auto It = Vars.find(Flags);
        if (It == Vars.end())
          continue;
        std::vector<Word> Ws = expand(std::string("$(") + Flags + ")", 0, Main, "");
        nvccFlags(Ws, 0, "flags that hipcc compiles with (CXX is hipcc)");
        cudaLibraries(Ws, 0);
      }
    }
  }
};

} // namespace

ScriptResult lintMakefile(std::string_view Path, std::string_view Content,
                          const std::function<bool(std::string_view)> &IsEnabled, const ScriptOptions &Opts) {
  ScriptResult R;
  MakeLinter L(Path, Content, IsEnabled, Opts);
  R.Findings = L.run();
  R.SkippedIncludes = std::move(L.SkippedIncludes);
  if (L.Cut)
    R.ExpansionCut = "variable expansion stopped after " + std::to_string(MaxExpansionWork) +
                     " steps (variables that expand to more than rocm-lint reads); later compile lines "
                     "were not checked";
  return R;
}

} // namespace rocmtidy::buildscripts
