#include "project/PythonSource.h"

#include "core/BuildSwitches.h"
#include "project/CompilerFlags.h"

#include "llvm/ADT/STLExtras.h"

#include <cctype>
#include <map>
#include <optional>

namespace rocmtidy::project {

std::vector<PyLine> pythonLines(const std::string &T) {
  std::vector<PyLine> Out;
  PyLine Cur;
  bool AtStart = true;
  unsigned Line = 1, Depth = 0;
  size_t I = 0;
  auto flush = [&] {
    bool Blank = Cur.Code.find_first_not_of(" \t\\") == std::string::npos && Cur.Strings.empty();
    if (!Blank)
      Out.push_back(std::move(Cur));
    Cur = PyLine();
    AtStart = true;
  };
  while (I < T.size()) {
    char C = T[I];
    if (AtStart) {
      size_t Indent = 0;
      while (I < T.size() && (T[I] == ' ' || T[I] == '\t')) {
        Indent += T[I] == '\t' ? 8 : 1;
        ++I;
      }
      Cur.Indent = Indent;
      Cur.Line = Line;
      AtStart = false;
      continue;
    }
    if (C == '#') {
      while (I < T.size() && T[I] != '\n')
        ++I;
      continue;
    }
    if (C == '\n') {
      ++Line;
      ++I;
      if (Depth == 0 && !(!Cur.Code.empty() && Cur.Code.back() == '\\'))
        flush();
      else
        Cur.Code += ' '; // a line break inside brackets separates tokens like a blank
      continue;
    }
    if (C == '"' || C == '\'') {
      bool Triple = T.compare(I, 3, std::string(3, C)) == 0;
      size_t Q = Triple ? 3 : 1;
      unsigned StartLine = Line;
      std::string Value;
      I += Q;
      while (I < T.size()) {
        if (T[I] == '\\' && I + 1 < T.size()) {
          // An escaped line break continues the string on the next line.
          Line += T[I + 1] == '\n';
          Value += T[I + 1];
          I += 2;
          continue;
        }
        if (T.compare(I, Q, std::string(Q, C)) == 0) {
          I += Q;
          break;
        }
        if (T[I] == '\n') {
          // An unterminated one-line string ends here; the line break is counted once, below.
          if (!Triple)
            break;
          ++Line;
        }
        Value += T[I++];
      }
      Cur.Code += "\"\"";
      Cur.Strings.push_back({Value, StartLine});
      continue;
    }
    if (C == '(' || C == '[' || C == '{')
      ++Depth;
    else if ((C == ')' || C == ']' || C == '}') && Depth)
      --Depth;
    Cur.Code += C;
    ++I;
  }
  flush();
  return Out;
}

namespace {

bool identChar(char C) { return std::isalnum(static_cast<unsigned char>(C)) || C == '_'; }

/// The identifiers of \p Code with the offset just past each.
std::vector<std::pair<std::string, size_t>> identifiers(const std::string &Code) {
  std::vector<std::pair<std::string, size_t>> Out;
  for (size_t I = 0; I < Code.size();) {
    if (!identChar(Code[I])) {
      ++I;
      continue;
    }
    size_t Start = I;
    while (I < Code.size() && identChar(Code[I]))
      ++I;
    if (!std::isdigit(static_cast<unsigned char>(Code[Start])))
      Out.emplace_back(Code.substr(Start, I - Start), I);
  }
  return Out;
}

std::string trimmed(const std::string &S) {
  size_t B = S.find_first_not_of(" \t");
  if (B == std::string::npos)
    return "";
  size_t E = S.find_last_not_of(" \t");
  return S.substr(B, E - B + 1);
}

bool isSeed(const std::string &Name) {
  if (Name.size() != 13)
    return false;
  std::string L;
  for (char C : Name)
    L += static_cast<char>(std::tolower(static_cast<unsigned char>(C)));
  return L == "cudaextension";
}

} // namespace

std::optional<TorchExtensionCall> findTorchCudaExtension(const std::vector<PyLine> &Lines) {
  // Names that stand for CUDAExtension, with the line that bound each.
  std::map<std::string, unsigned> Aliases;
  auto names = [&](const std::string &N) { return isSeed(N) || Aliases.count(N) != 0; };
  // Bindings may come in any order (a helper defined above the import): repeat until nothing new,
  // a few rounds at most since each round adds at least one name.
  for (unsigned Round = 0; Round < 8; ++Round) {
    size_t Before = Aliases.size();
    for (const PyLine &L : Lines) {
      std::string Head = trimmed(L.Code);
      // from torch.utils.cpp_extension import (A, CUDAExtension as CE)
      if (Head.compare(0, 5, "from ") == 0 && Head.find("cpp_extension") != std::string::npos) {
        size_t Import = Head.find(" import ");
        if (Import == std::string::npos)
          continue;
        std::vector<std::pair<std::string, size_t>> Ids = identifiers(Head.substr(Import + 8));
        for (size_t I = 0; I + 2 < Ids.size(); ++I)
          if (isSeed(Ids[I].first) && Ids[I + 1].first == "as")
            Aliases.emplace(Ids[I + 2].first, L.Line);
        continue;
      }
      // NAME = <expression naming an alias>; '==' is a comparison, not a binding.
      size_t NameEnd = 0;
      while (NameEnd < Head.size() && identChar(Head[NameEnd]))
        ++NameEnd;
      if (NameEnd == 0 || std::isdigit(static_cast<unsigned char>(Head[0])))
        continue;
      size_t Eq = Head.find_first_not_of(" \t", NameEnd);
      if (Eq == std::string::npos || Head[Eq] != '=' || (Eq + 1 < Head.size() && Head[Eq + 1] == '='))
        continue;
      std::string Name = Head.substr(0, NameEnd);
      if (names(Name))
        continue;
      for (const auto &[Id, End] : identifiers(Head.substr(Eq + 1)))
        if (names(Id)) {
          Aliases.emplace(Name, L.Line);
          break;
        }
    }
    if (Aliases.size() == Before)
      break;
  }
  for (const PyLine &L : Lines) {
    std::vector<std::pair<std::string, size_t>> Ids = identifiers(L.Code);
    for (size_t I = 0; I < Ids.size(); ++I) {
      const auto &[Id, End] = Ids[I];
      if (!names(Id) || (I > 0 && (Ids[I - 1].first == "def" || Ids[I - 1].first == "class")))
        continue;
      size_t Next = L.Code.find_first_not_of(" \t", End);
      if (Next == std::string::npos || L.Code[Next] != '(')
        continue;
      TorchExtensionCall Call;
      Call.Line = L.Line;
      if (!isSeed(Id)) {
        Call.Through = Id;
        Call.BoundAt = Aliases[Id];
      }
      return Call;
    }
  }
  return std::nullopt;
}

namespace {

/// A token of a logical line's code: punctuation, a string literal (its index in the line's
/// Strings) or a word.
struct Tok {
  enum KindT { Punct, Str, Word } Kind = Punct;
  std::string Text;
  size_t StrIndex = 0;
};

std::vector<Tok> tokens(const PyLine &L) {
  std::vector<Tok> Out;
  const std::string &C = L.Code;
  size_t StrAt = 0;
  for (size_t I = 0; I < C.size();) {
    char Ch = C[I];
    if (Ch == ' ' || Ch == '\t' || Ch == '\\') {
      ++I;
      continue;
    }
    if (Ch == '"' && I + 1 < C.size() && C[I + 1] == '"') {
      Out.push_back({Tok::Str, "", StrAt++});
      I += 2;
      continue;
    }
    if (identChar(Ch) || Ch == '.') {
      size_t B = I;
      while (I < C.size() && (identChar(C[I]) || C[I] == '.'))
        ++I;
      Out.push_back({Tok::Word, C.substr(B, I - B), 0});
      continue;
    }
    // Two-character operators the readers look at.
    if ((Ch == '+' || Ch == '=' || Ch == '!') && I + 1 < C.size() && C[I + 1] == '=') {
      Out.push_back({Tok::Punct, C.substr(I, 2), 0});
      I += 2;
      continue;
    }
    Out.push_back({Tok::Punct, std::string(1, Ch), 0});
    ++I;
  }
  return Out;
}

/// Where a flag's value is set: the ROCm build's, the CUDA build's only, or undecided.
enum class PyBranch { Rocm, Cuda, Other };

/// A name that says it is true in a ROCm build: one of the build-switch table's, ROCM_HOME, or
/// a name with a word 'rocm' or 'hip' (is_rocm_pytorch, build_for_hip).
bool namesHip(const std::string &W) {
  if (buildSwitchTable().Hip.count(W) != 0 || W == "rocm_home")
    return true;
  size_t Start = 0;
  for (size_t I = 0; I <= W.size(); ++I) {
    if (I < W.size() && std::isalnum(static_cast<unsigned char>(W[I])) != 0)
      continue;
    std::string_view Part(W.data() + Start, I - Start);
    if (Part == "rocm" || Part == "hip")
      return true;
    Start = I + 1;
  }
  return false;
}

PyBranch classifyCondition(const std::vector<Tok> &T, size_t From, const PyLine &L, bool *NamesHip = nullptr);

/// `A or B or ...`: the ROCm build takes it when one operand is a plain ROCm test (`is_rocm_pytorch
/// or torch.cuda.is_available()`); any other alternative is undecided. Null when \p T has no `or`
/// outside parentheses.
std::optional<PyBranch> classifyAlternatives(const std::vector<Tok> &T, size_t From, const PyLine &L, bool *NamesHip) {
  std::vector<size_t> Ors;
  int Level = 0;
  for (size_t I = From; I < T.size(); ++I) {
    if (T[I].Text == "(" || T[I].Text == "[" || T[I].Text == "{")
      ++Level;
    else if (T[I].Text == ")" || T[I].Text == "]" || T[I].Text == "}")
      --Level;
    else if (Level == 0 && T[I].Kind == Tok::Word && T[I].Text == "or")
      Ors.push_back(I);
  }
  if (Ors.empty())
    return std::nullopt;
  Ors.push_back(T.size());
  size_t Begin = From;
  for (size_t End : Ors) {
    std::vector<Tok> Part(T.begin() + static_cast<std::ptrdiff_t>(Begin), T.begin() + static_cast<std::ptrdiff_t>(End));
    bool Plain = false;
    if (!Part.empty() && classifyCondition(Part, 0, L, &Plain) == PyBranch::Rocm && Plain) {
      if (NamesHip)
        *NamesHip = true;
      return PyBranch::Rocm;
    }
    Begin = End + 1;
  }
  return PyBranch::Other;
}

PyBranch classifyCondition(const std::vector<Tok> &T, size_t From, const PyLine &L, bool *NamesHip) {
  if (std::optional<PyBranch> Either = classifyAlternatives(T, From, L, NamesHip))
    return *Either;
  bool Hip = false, Cuda = false, Negated = false, Gpu = false;
  for (size_t I = From; I < T.size(); ++I) {
    std::string W = T[I].Kind == Tok::Word ? T[I].Text : "";
    for (char &C : W)
      C = static_cast<char>(std::tolower(static_cast<unsigned char>(C)));
    if (W == "or")
      return PyBranch::Other;
    if (W == "not")
      Negated = true;
    if (!W.empty() && namesHip(W))
      Hip = true;
    // Not the table's CUDA names: in a PyTorch extension WITH_CUDA or USE_CUDA is true in the
    // ROCm build too (CUDA_HOME is ROCm's folder there).
    if (W == "torch.version.cuda" || W == "cuda_home")
      Cuda = true;
    // x == 'cuda': PyTorch names every GPU device 'cuda', the ROCm one included.
    if (T[I].Kind == Tok::Punct && T[I].Text == "==" && I + 1 < T.size() && T[I + 1].Kind == Tok::Str &&
        T[I + 1].StrIndex < L.Strings.size() && L.Strings[T[I + 1].StrIndex].first == "cuda")
      Gpu = true;
    if (T[I].Kind == Tok::Punct && T[I].Text == "!=")
      return PyBranch::Other;
  }
  if (Hip && !Cuda) {
    if (NamesHip)
      *NamesHip = !Negated;
    return Negated ? PyBranch::Cuda : PyBranch::Rocm;
  }
  if (Cuda && !Hip)
    return Negated ? PyBranch::Other : PyBranch::Cuda;
  if (Gpu && !Hip && !Cuda && !Negated)
    return PyBranch::Rocm;
  return PyBranch::Other;
}

struct PyFrame {
  size_t Indent = 0;
  PyBranch Current = PyBranch::Rocm; // a def/for/with body is transparent
  PyBranch First = PyBranch::Rocm;
  bool Conditional = false;
  bool HipTest = false; // the current arm tests a ROCm switch (if is_rocm:), not only 'cuda' devices
  unsigned Line = 0;
  std::string Text;
  unsigned Branches = 1;
};

/// For each line, the branch it runs in and the condition that makes it undecided.
struct LineContext {
  PyBranch In = PyBranch::Rocm;
  std::string Condition;
  unsigned ConditionLine = 0;
  std::vector<unsigned> Undecided; // the lines of every undecided condition the line is under
};

/// \p L's code as the user wrote it, for messages: the logical line keeps each string literal as
/// "" and its text apart, in order.
std::string shownCode(const PyLine &L) {
  std::string Out;
  size_t Next = 0;
  for (size_t I = 0; I < L.Code.size(); ++I) {
    if (L.Code.compare(I, 2, "\"\"") == 0 && Next < L.Strings.size()) {
      Out += '"' + L.Strings[Next++].first + '"';
      ++I;
      continue;
    }
    Out += L.Code[I];
  }
  return Out;
}

/// The first word of a logical line ('if', 'else', 'raise', a name).
std::string headWord(const PyLine &L) {
  std::vector<Tok> T = tokens(L);
  return T.empty() || T[0].Kind != Tok::Word ? "" : T[0].Text;
}

/// Whether the arm that starts at Lines[At] ('else:' or 'elif ...:') ends the script with an
/// exception: its last statement is a raise ('else: raise RuntimeError(...)' on one line too).
bool armRaises(const std::vector<PyLine> &Lines, size_t At) {
  const std::string &Code = Lines[At].Code;
  size_t Colon = Code.find_last_of(':');
  if (Colon != std::string::npos && Code.find_first_not_of(" \t", Colon + 1) != std::string::npos)
    return Code.compare(Code.find_first_not_of(" \t", Colon + 1), 5, "raise") == 0;
  // The arm's last statement at its own depth ('else:' then 'if x: raise' does not always raise).
  size_t Last = At;
  for (size_t J = At + 1; J < Lines.size() && Lines[J].Indent > Lines[At].Indent; ++J)
    if (Lines[J].Indent == Lines[At + 1].Indent)
      Last = J;
  return Last != At && headWord(Lines[Last]) == "raise";
}

/// The lines of the 'if' statements whose every other arm raises, with an 'else' among them: a
/// build that goes on past the statement took the 'if' arm ('if torch.cuda.is_available() and
/// CUDA_HOME is not None: ... else: raise NotImplementedError'), so that arm is no choice.
std::vector<unsigned> ifsTakenByEveryBuild(const std::vector<PyLine> &Lines) {
  std::vector<unsigned> Out;
  for (size_t I = 0; I < Lines.size(); ++I) {
    if (headWord(Lines[I]) != "if")
      continue;
    bool Else = false, AllRaise = true;
    for (size_t J = I + 1; J < Lines.size() && Lines[J].Indent >= Lines[I].Indent; ++J) {
      if (Lines[J].Indent > Lines[I].Indent)
        continue;
      std::string Head = headWord(Lines[J]);
      if (Head != "elif" && Head != "else")
        break;
      Else |= Head == "else";
      AllRaise &= armRaises(Lines, J);
    }
    if (Else && AllRaise)
      Out.push_back(Lines[I].Line);
  }
  return Out;
}

std::vector<LineContext> contexts(const std::vector<PyLine> &Lines) {
  std::vector<unsigned> Taken = ifsTakenByEveryBuild(Lines);
  std::vector<LineContext> Out;
  std::vector<PyFrame> Stack;
  for (const PyLine &L : Lines) {
    std::vector<Tok> T = tokens(L);
    std::string Head = T.empty() || T[0].Kind != Tok::Word ? "" : T[0].Text;
    bool Continues = Head == "elif" || Head == "else" || Head == "except" || Head == "finally";
    while (!Stack.empty() && (L.Indent < Stack.back().Indent || (L.Indent == Stack.back().Indent && !Continues)))
      Stack.pop_back();
    LineContext C;
    for (const PyFrame &F : Stack) {
      if (F.Current == PyBranch::Cuda) {
        C.In = PyBranch::Cuda;
        break;
      }
      if (F.Current == PyBranch::Other && C.In == PyBranch::Rocm) {
        C.In = PyBranch::Other;
        C.Condition = F.Text;
        C.ConditionLine = F.Line;
      }
      if (F.Current == PyBranch::Other)
        C.Undecided.push_back(F.Line);
      // Under an explicit ROCm test the line is the ROCm build's whatever undecided condition
      // (a build variant such as EXT_TYPE == 'pytorch') leads there: a ROCm build that takes
      // this path sees it, and leaving it out parses the CUDA side of the project's #ifs.
      if (F.Conditional && F.HipTest && C.In == PyBranch::Other) {
        C.In = PyBranch::Rocm;
        C.Condition.clear();
        C.ConditionLine = 0;
        C.Undecided.clear();
      }
    }
    Out.push_back(C);
    bool Block = !L.Code.empty() && L.Code.find_last_not_of(" \t") != std::string::npos &&
                 L.Code[L.Code.find_last_not_of(" \t")] == ':';
    if (!Block)
      continue;
    std::string Shown = shownCode(L);
    std::string Text = Shown.substr(Shown.find_first_not_of(" \t"));
    if (Head == "if") {
      bool HipTest = false;
      PyBranch B = llvm::is_contained(Taken, L.Line) ? PyBranch::Rocm : classifyCondition(T, 1, L, &HipTest);
      Stack.push_back({L.Indent, B, B, true, HipTest, L.Line, Text});
    } else if ((Head == "elif" || Head == "else") && !Stack.empty() && Stack.back().Indent == L.Indent &&
               Stack.back().Conditional) {
      PyFrame &F = Stack.back();
      // else of a single ROCm test is the CUDA build.
      ++F.Branches;
      // The else of a single ROCm test is the CUDA build.
      F.HipTest = false;
      F.Current = Head == "else" ? (F.Branches == 2 && F.First == PyBranch::Rocm ? PyBranch::Cuda : PyBranch::Other)
                                 : classifyCondition(T, 1, L, &F.HipTest);
      F.Line = L.Line;
      F.Text = Text;
    } else {
      Stack.push_back({L.Indent, PyBranch::Rocm, PyBranch::Rocm, false, false, L.Line, Text});
    }
  }
  return Out;
}

/// Reads the flags that one value gives (a literal list, tuple list or dict, or a name whose
/// assignments are followed once), appending to \p Out.
class FlagReader {
public:
  FlagReader(const std::vector<PyLine> &Lines, std::string Dir) : Lines(Lines), Dir(std::move(Dir)) {
    Ctx = contexts(Lines);
  }

  enum class Kw { Macros, Includes, Args };

  /// The context of the extension call itself: its sources are compiled only where it runs, so a
  /// flag under no condition the call is not under ('if WITH_CUDA:' around both) is theirs.
  void setCallContext(const LineContext &C) { Call = C; }

  void value(Kw K, const PyLine &L, const std::vector<Tok> &T, size_t &I, size_t End, const LineContext &C,
             std::vector<PyFlag> &Out, unsigned Depth) {
    if (I >= End)
      return;
    if (T[I].Kind == Tok::Word && Depth < 2 && (I + 1 >= End || T[I + 1].Text == "," || T[I + 1].Text == ")")) {
      named(K, T[I].Text, Out, Depth + 1);
      ++I;
      return;
    }
    if (T[I].Text == "[" || T[I].Text == "(" || T[I].Text == "{") {
      size_t Start = ++I;
      int Level = 0;
      size_t Stop = Start;
      for (; Stop < End; ++Stop) {
        if (T[Stop].Text == "[" || T[Stop].Text == "(" || T[Stop].Text == "{")
          ++Level;
        else if (T[Stop].Text == "]" || T[Stop].Text == ")" || T[Stop].Text == "}") {
          if (Level == 0)
            break;
          --Level;
        }
      }
      items(K, L, T, Start, Stop, C, Out, Depth);
      I = Stop + 1;
      return;
    }
    Out.push_back({T[I].Text, L.Line, "not a literal list"});
    ++I;
  }

private:
  void items(Kw K, const PyLine &L, const std::vector<Tok> &T, size_t B, size_t E, const LineContext &C,
             std::vector<PyFlag> &Out, unsigned Depth) {
    for (size_t I = B; I < E;) {
      if (T[I].Text == ",") {
        ++I;
        continue;
      }
      // define_macros: ('NAME', None) or ('NAME', 'VALUE')
      if (K == Kw::Macros && T[I].Text == "(" && I + 4 < E + 1 && T[I + 1].Kind == Tok::Str && T[I + 2].Text == ",") {
        std::string Name = str(L, T[I + 1]);
        std::string Arg = "-D" + Name;
        if (T[I + 3].Kind == Tok::Str)
          Arg += "=" + str(L, T[I + 3]);
        else if (!(T[I + 3].Kind == Tok::Word && T[I + 3].Text == "None"))
          Arg.clear();
        add(Arg, strLine(L, T[I + 1]), C, Out, Arg.empty() ? "a value that is not a literal" : "");
        while (I < E && T[I].Text != ")")
          ++I;
        ++I;
        continue;
      }
      // extra_compile_args: {'nvcc': [...], 'cxx': [...]}
      if (K == Kw::Args && T[I].Kind == Tok::Str && I + 1 < E && T[I + 1].Text == ":") {
        I += 2;
        value(Kw::Args, L, T, I, E, C, Out, Depth);
        continue;
      }
      bool Formatted = I + 1 < E && T[I + 1].Text == ".format";
      if (T[I].Kind == Tok::Str && !Formatted) {
        std::string V = str(L, T[I]);
        if (K == Kw::Includes)
          add("-I" + (V.size() && V[0] == '/' ? V : Dir + "/" + V), strLine(L, T[I]), C, Out, "");
        else if (K == Kw::Args && V.find("std=") != std::string::npos && !newerLanguageStandard(V).empty())
          add(newerLanguageStandard(V), strLine(L, T[I]), C, Out, "");
        else if (K == Kw::Args && (V.compare(0, 2, "-D") == 0 || V.compare(0, 2, "-I") == 0) && V.size() > 2)
          add(V.compare(0, 2, "-I") == 0 && V[2] != '/' ? "-I" + Dir + "/" + V.substr(2) : V, strLine(L, T[I]), C, Out,
              "");
        ++I;
        continue;
      }
      if (K == Kw::Includes && (T[I].Kind == Tok::Word || Formatted)) {
        size_t J = I;
        std::string P;
        if (literalPath(L, T, J, E, P)) {
          add("-I" + (!P.empty() && P[0] == '/' ? P : Dir + "/" + P), L.Line, C, Out, "");
          I = J;
          continue;
        }
      }
      if (T[I].Kind == Tok::Word && K != Kw::Args) {
        Out.push_back({T[I].Text, L.Line, "not a literal"});
      }
      // Skip whatever else this item is, up to the next comma at this level.
      int Level = 0;
      for (; I < E; ++I) {
        if (T[I].Text == "[" || T[I].Text == "(" || T[I].Text == "{")
          ++Level;
        else if (T[I].Text == "]" || T[I].Text == ")" || T[I].Text == "}")
          --Level;
        else if (T[I].Text == "," && Level == 0)
          break;
      }
    }
  }

  /// Every assignment to \p Name in the file: N = v, N += v, N.append(x), N.extend(v), N['k'] (+)= v.
  void named(Kw K, const std::string &Name, std::vector<PyFlag> &Out, unsigned Depth) {
    for (size_t Li = 0; Li < Lines.size(); ++Li) {
      const PyLine &L = Lines[Li];
      std::vector<Tok> T = tokens(L);
      if (T.size() < 3 || T[0].Kind != Tok::Word)
        continue;
      size_t I = 1;
      bool Append = false;
      if (T[0].Text == Name + ".append" || T[0].Text == Name + ".extend") {
        Append = T[0].Text == Name + ".append";
      } else if (T[0].Text == Name) {
        if (T[1].Text == "[") { // N['nvcc'] = ...
          while (I < T.size() && T[I].Text != "]")
            ++I;
          ++I;
        }
        if (I >= T.size() || (T[I].Text != "=" && T[I].Text != "+="))
          continue;
      } else {
        continue;
      }
      ++I;
      if (Append) {
        // N.append(x): one item, read as a one-item list.
        size_t Close = T.size();
        while (Close > I && T[Close - 1].Text != ")")
          --Close;
        items(K, L, T, I, Close - 1, Ctx[Li], Out, Depth);
      } else {
        value(K, L, T, I, T.size(), Ctx[Li], Out, Depth);
      }
    }
  }

  /// A path spelled with literals only: 'dir', os.path.abspath('dir'), os.path.join('a', 'b'), and
  /// these nested. A relative result is below the setup.py's folder, where pip runs it. The script's
  /// own folder (os.path.dirname(os.path.abspath(__file__))) is '.', and a name assigned once in the
  /// file such a path ('this_dir = ...', then 'os.path.join(this_dir, "csrc")') stands for it.
  bool literalPath(const PyLine &L, const std::vector<Tok> &T, size_t &I, size_t E, std::string &Path,
                   unsigned Depth = 0) const {
    if (I >= E || Depth > 6)
      return false;
    if (T[I].Kind == Tok::Str) {
      Path = str(L, T[I++]);
      if (I + 1 < E && T[I].Text == ".format" && T[I + 1].Text == "(")
        return formattedPath(L, T, I, E, Path, Depth);
      return true;
    }
    if (T[I].Kind != Tok::Word)
      return false;
    if (I + 1 >= E || T[I + 1].Text != "(") {
      if (T[I].Text == "__file__")
        Path = "setup.py";
      else if (!assignedPath(T[I].Text, Path, Depth + 1))
        return false;
      ++I;
      return true;
    }
    const std::string &Fn = T[I].Text;
    bool Join = Fn == "os.path.join", Parent = Fn == "os.path.dirname";
    if (!Join && !Parent && Fn != "os.path.abspath" && Fn != "os.path.realpath" && Fn != "os.path.normpath")
      return false;
    size_t J = I + 2;
    std::string Joined;
    for (bool First = true;; First = false) {
      std::string Part;
      if (!literalPath(L, T, J, E, Part, Depth + 1))
        return false;
      if (First || Joined == "." || (!Part.empty() && Part[0] == '/')) {
        Joined = Part; // os.path.join restarts at an absolute part; the script's folder is ''
      } else {
        Joined += '/';
        Joined += Part;
      }
      if (!Join || J >= E || T[J].Text != ",")
        break;
      ++J;
    }
    if (J >= E || T[J].Text != ")")
      return false;
    if (Parent) {
      // The folder above: '.' and '..' have one too ('..', '../..').
      size_t Slash = Joined.find_last_of('/');
      std::string Last = Slash == std::string::npos ? Joined : Joined.substr(Slash + 1);
      if (Joined == ".")
        Joined = "..";
      else if (Last == "..")
        Joined += "/..";
      else
        Joined = Slash == std::string::npos ? "." : Slash == 0 ? "/" : Joined.substr(0, Slash);
    }
    I = J + 1;
    Path = Joined;
    return true;
  }

  /// '{}/include'.format(root): each '{}' of the template in \p Path (read up to the '.format')
  /// replaced, in order, by a literal path; \p I is at '.format'. Other fields ('{0}', '{name:>4}')
  /// or a count that differs leave the path unread.
  bool formattedPath(const PyLine &L, const std::vector<Tok> &T, size_t &I, size_t E, std::string &Path,
                     unsigned Depth) const {
    size_t J = I + 2;
    std::string Out;
    size_t From = 0;
    for (bool First = true; J < E && T[J].Text != ")"; First = false) {
      if (!First && T[J++].Text != ",")
        return false;
      std::string Part;
      size_t Field = Path.find('{', From);
      if (Field == std::string::npos || Path.compare(Field, 2, "{}") != 0 || !literalPath(L, T, J, E, Part, Depth + 1))
        return false;
      Out += Path.substr(From, Field - From) + Part;
      From = Field + 2;
    }
    if (J >= E || Path.find_first_of("{}", From) != std::string::npos)
      return false;
    Path = Out + Path.substr(From);
    I = J + 1;
    return true;
  }

  /// The path \p Name holds when the file assigns it exactly once, from a literal path.
  bool assignedPath(const std::string &Name, std::string &Path, unsigned Depth) const {
    const PyLine *Line = nullptr;
    for (const PyLine &L : Lines) {
      std::vector<Tok> T = tokens(L);
      if (T.size() < 2 || T[0].Kind != Tok::Word || T[0].Text != Name)
        continue;
      if (T[1].Text != "=" || Line)
        return false; // changed in place (+=, .append) or assigned twice: not one path
      Line = &L;
    }
    if (!Line)
      return false;
    std::vector<Tok> T = tokens(*Line);
    size_t I = 2;
    return literalPath(*Line, T, I, T.size(), Path, Depth) && I == T.size();
  }

  static unsigned strLine(const PyLine &L, const Tok &T) {
    return T.StrIndex < L.Strings.size() ? L.Strings[T.StrIndex].second : L.Line;
  }
  static std::string str(const PyLine &L, const Tok &T) {
    return T.StrIndex < L.Strings.size() ? L.Strings[T.StrIndex].first : "";
  }

  void add(const std::string &Arg, unsigned Line, const LineContext &C, std::vector<PyFlag> &Out,
           std::string Why) const {
    if (C.In == PyBranch::Cuda)
      return; // the CUDA build's own: not a question for the ROCm build
    bool AsCall = Call.In == PyBranch::Other &&
                  llvm::all_of(C.Undecided, [&](unsigned Cond) { return llvm::is_contained(Call.Undecided, Cond); });
    if (Why.empty() && C.In == PyBranch::Other && !AsCall)
      Why = "conditional on '" + C.Condition + "' (line " + std::to_string(C.ConditionLine) + ")";
    Out.push_back({Arg, Line, std::move(Why)});
  }

  const std::vector<PyLine> &Lines;
  std::string Dir;
  std::vector<LineContext> Ctx;
  LineContext Call;
};

} // namespace

std::vector<PyFlag> torchExtensionFlags(const std::vector<PyLine> &Lines, const std::string &Dir) {
  std::vector<PyFlag> Out;
  std::optional<TorchExtensionCall> Call = findTorchCudaExtension(Lines);
  if (!Call)
    return Out;
  // PyTorch's BuildExtension gives every source of an extension these defines when torch is a
  // ROCm build (its COMMON_HIP_FLAGS): '#ifdef USE_ROCM' arms are the HIP build's code.
  for (const char *Define : {"-DUSE_ROCM=1", "-DHIPBLAS_V2"})
    Out.push_back({Define, Call->Line, ""});
  FlagReader R(Lines, Dir);
  std::vector<LineContext> Ctx = contexts(Lines);
  std::string Callee = Call->Through.empty() ? "" : Call->Through;
  for (size_t Li = 0; Li < Lines.size(); ++Li) {
    const PyLine &L = Lines[Li];
    if (L.Line != Call->Line)
      continue;
    std::vector<Tok> T = tokens(L);
    // The call's parentheses: after the callee's name.
    size_t Open = 0;
    for (size_t I = 0; I + 1 < T.size(); ++I) {
      std::string W = T[I].Text;
      size_t Dot = W.rfind('.');
      std::string Last = Dot == std::string::npos ? W : W.substr(Dot + 1);
      bool Names = Callee.empty() ? Last.size() == 13 && isSeed(Last) : Last == Callee;
      if (T[I].Kind == Tok::Word && Names && T[I + 1].Text == "(") {
        Open = I + 1;
        break;
      }
    }
    if (!Open)
      break;
    R.setCallContext(Ctx[Li]);
    int Level = 0;
    for (size_t I = Open + 1; I < T.size(); ++I) {
      if (T[I].Text == "(" || T[I].Text == "[" || T[I].Text == "{") {
        ++Level;
        continue;
      }
      if (T[I].Text == ")" || T[I].Text == "]" || T[I].Text == "}") {
        if (Level-- == 0)
          break;
        continue;
      }
      if (Level != 0 || T[I].Kind != Tok::Word || I + 1 >= T.size() || T[I + 1].Text != "=")
        continue;
      FlagReader::Kw K;
      if (T[I].Text == "define_macros")
        K = FlagReader::Kw::Macros;
      else if (T[I].Text == "include_dirs")
        K = FlagReader::Kw::Includes;
      else if (T[I].Text == "extra_compile_args")
        K = FlagReader::Kw::Args;
      else
        continue;
      size_t At = I + 2;
      R.value(K, L, T, At, T.size(), Ctx[Li], Out, 0);
      I = At - 1;
    }
    break;
  }
  return Out;
}

} // namespace rocmtidy::project
