// setup.py of PyTorch extensions, read with a small Python tokenizer (strings with their prefixes
// and triple quotes, names, operators, comments, logical lines and indentation). Nothing is
// evaluated: the rules look at the literal lists given to CUDAExtension/CppExtension keyword
// arguments (directly or through simple variables), at the branches that test for ROCm, and at
// CUDA_HOME.
//
// What PyTorch's ROCm build already does, so the rules stay quiet on it: hipify the .cu sources
// and their CUDA headers and API calls, link the HIP runtime and torch's HIP libraries, add
// ROCM_HOME's include and library directories, and add --offload-arch from PYTORCH_ROCM_ARCH when
// the flags name no AMD architecture. What it does not do: rewrite extra_compile_args['nvcc']
// (they reach hipcc as written), drop libraries the script names, or give CUDA_HOME a value.

#include "buildscripts/BuildScripts.h"
#include "buildscripts/ScriptCommon.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <map>
#include <set>

namespace rocmtidy::buildscripts {

namespace {

constexpr std::string_view CudaLibrary = "rocm-pyext-cuda-library";
constexpr std::string_view NvccFlagRule = "rocm-pyext-nvcc-flag";
constexpr std::string_view ToolkitPath = "rocm-pyext-toolkit-path";

struct Token {
  enum KindT { Name, String, Number, Op, Newline } Kind = Op;
  std::string_view Text; // as written
  std::string Value;     // strings: the contents (escapes kept except \\ and quotes)
  size_t Offset = 0;
  unsigned Statement = 0; // index of the logical line
};

struct Statement {
  size_t Begin = 0, End = 0; // token range
  unsigned Indent = 0;
  bool Guarded = false; // inside (or is) a branch of an if-chain that tests for ROCm/HIP
};

bool isIdentStart(char C) { return std::isalpha(static_cast<unsigned char>(C)) || C == '_'; }
bool isIdentChar(char C) { return std::isalnum(static_cast<unsigned char>(C)) || C == '_'; }

/// Whether a name or string speaks of ROCm or HIP (torch.version.hip, IS_HIP_EXTENSION,
/// ROCM_HOME, is_rocm): "hip" as its own word part, "rocm" anywhere.
bool mentionsRocm(std::string_view S) {
  std::string L = asciiLower(S);
  return L.find("rocm") != std::string::npos || containsWord(L, "hip");
}

class Tokenizer {
public:
  Tokenizer(std::string_view S, FindingSink &Sink) : S(S), Sink(Sink) {}

  bool run(std::vector<Token> &Toks, std::vector<Statement> &Stmts, std::string &Error) {
    size_t I = 0;
    unsigned Depth = 0; // brackets: newlines inside do not end the logical line
    bool LineStart = true;
    Statement Cur;
    auto EndStatement = [&] {
      Cur.End = Toks.size();
      if (Cur.End > Cur.Begin)
        Stmts.push_back(Cur);
      Cur = Statement();
      Cur.Begin = Toks.size();
      LineStart = true;
    };
    while (I < S.size()) {
      char C = S[I];
      if (LineStart && Depth == 0) {
        // Indentation of a logical line (tabs to the next multiple of 8, as Python does).
        unsigned Col = 0;
        size_t J = I;
        while (J < S.size() && (S[J] == ' ' || S[J] == '\t' || S[J] == '\f'))
          Col = S[J++] == '\t' ? (Col / 8 + 1) * 8 : Col + 1;
        if (J < S.size() && (S[J] == '\n' || S[J] == '\r' || S[J] == '#')) {
          I = J; // blank or comment-only line
          LineStart = false;
          BlankLine = true;
          continue;
        }
        Cur.Indent = Col;
        I = J;
        LineStart = false;
        BlankLine = false;
        continue;
      }
      if (C == '\n') {
        ++I;
        if (Depth == 0 && !BlankLine)
          EndStatement();
        else if (Depth == 0)
          LineStart = true;
        continue;
      }
      if (C == ' ' || C == '\t' || C == '\r' || C == '\f') {
        ++I;
        continue;
      }
      if (C == '\\' && I + 1 < S.size() && (S[I + 1] == '\n' || S[I + 1] == '\r')) {
        I += 2;
        if (I < S.size() && S[I - 1] == '\r' && S[I] == '\n')
          ++I;
        continue;
      }
      if (C == '#') {
        Sink.comment(I);
        while (I < S.size() && S[I] != '\n')
          ++I;
        continue;
      }
      Token T;
      T.Offset = I;
      T.Statement = static_cast<unsigned>(Stmts.size());
      // String prefixes: r, b, u, f and their pairs, either case.
      size_t P = I;
      while (P < S.size() && P - I < 2 && std::strchr("rRbBuUfF", S[P]))
        ++P;
      if (P < S.size() && (S[P] == '\'' || S[P] == '"') && (P == I || isIdentStart(S[I]))) {
        bool Raw = false;
        for (size_t K = I; K < P; ++K)
          Raw = Raw || S[K] == 'r' || S[K] == 'R';
        char Q = S[P];
        bool Triple = P + 2 < S.size() && S[P + 1] == Q && S[P + 2] == Q;
        size_t J = P + (Triple ? 3 : 1);
        std::string V;
        bool Closed = false;
        while (J < S.size()) {
          if (S[J] == '\\' && J + 1 < S.size()) {
            if (!Raw && (S[J + 1] == Q || S[J + 1] == '\\'))
              V += S[J + 1];
            else if (!Raw && S[J + 1] == '\n')
              ;
            else
              V.append(S.substr(J, 2));
            J += 2;
            continue;
          }
          if (S[J] == Q && (!Triple || (J + 2 < S.size() && S[J + 1] == Q && S[J + 2] == Q))) {
            J += Triple ? 3 : 1;
            Closed = true;
            break;
          }
          if (S[J] == '\n' && !Triple)
            break;
          V += S[J++];
        }
        if (!Closed) {
          Error = "unterminated string";
          ErrorOffset = I;
          return false;
        }
        T.Kind = Token::String;
        T.Text = S.substr(I, J - I);
        T.Value = std::move(V);
        Toks.push_back(std::move(T));
        I = J;
        continue;
      }
      if (isIdentStart(C) || static_cast<unsigned char>(C) >= 0x80) {
        size_t J = I;
        while (J < S.size() && (isIdentChar(S[J]) || static_cast<unsigned char>(S[J]) >= 0x80))
          ++J;
        T.Kind = Token::Name;
        T.Text = S.substr(I, J - I);
        Toks.push_back(std::move(T));
        I = J;
        continue;
      }
      if (std::isdigit(static_cast<unsigned char>(C))) {
        size_t J = I;
        while (J < S.size() && (isIdentChar(S[J]) || S[J] == '.'))
          ++J;
        T.Kind = Token::Number;
        T.Text = S.substr(I, J - I);
        Toks.push_back(std::move(T));
        I = J;
        continue;
      }
      // Operators: the two- and three-character ones this reader cares about, else one character.
      static const std::string_view Multi[] = {"**=", "//=", ">>=", "<<=", "...", "==", "!=", "<=", ">=", "+=", "-=",
                                               "*=",  "/=",  "%=",  "&=",  "|=",  "^=", "->", ":=", "**", "//"};
      size_t Len = 1;
      for (std::string_view M : Multi)
        if (S.substr(I, M.size()) == M) {
          Len = M.size();
          break;
        }
      if (C == '(' || C == '[' || C == '{')
        ++Depth;
      else if ((C == ')' || C == ']' || C == '}')) {
        if (Depth == 0) {
          Error = std::string("unmatched '") + C + "'";
          ErrorOffset = I;
          return false;
        }
        --Depth;
      }
      T.Kind = Token::Op;
      T.Text = S.substr(I, Len);
      Toks.push_back(std::move(T));
      I += Len;
    }
    if (Depth != 0) {
      Error = "unclosed bracket at the end of the file";
      ErrorOffset = S.size();
      return false;
    }
    EndStatement();
    return true;
  }

  size_t ErrorOffset = 0;

private:
  std::string_view S;
  FindingSink &Sink;
  bool BlankLine = false;
};

class SetupPyLinter {
public:
  SetupPyLinter(std::string_view Path, std::string_view Content, const std::function<bool(std::string_view)> &IsEnabled)
      : Content(Content), Sink(Path, Content, IsEnabled) {}

  ScriptResult run() {
    ScriptResult R;
    Tokenizer T(Content, Sink);
    std::string Error;
    if (!T.run(Toks, Stmts, Error)) {
      FindingSink::Position P = Sink.locate(T.ErrorOffset);
      R.Error = std::to_string(P.Line) + ":" + std::to_string(P.Column) + ": " + Error;
      return R;
    }
    collectPlatformNames();
    markGuards();
    collectVariables();
    for (const Statement &St : Stmts) {
      // The walks of all statements together are bounded too: a script of 10,000 statements that
      // each reach a doubled list would otherwise spend 10,000 statement budgets.
      Budget = std::min(StatementBudget, FileBudget);
      size_t Before = Budget;
      statement(St);
      FileBudget -= Before - Budget;
      if (FileBudget == 0) {
        R.ExpansionCut = "name following stopped after " + std::to_string(FileWork) +
                         " steps (names that expand to more than rocm-lint reads); later statements were not "
                         "checked";
        break;
      }
    }
    R.Findings = Sink.finish();
    return R;
  }

private:
  std::string_view Content;
  FindingSink Sink;
  std::vector<Token> Toks;
  std::vector<Statement> Stmts;
  /// Token ranges assigned to each simple name (NAME = expr, NAME += expr, NAME.append(expr), ...).
  std::map<std::string, std::vector<std::pair<size_t, size_t>>, std::less<>> Vars;
  std::vector<bool> TokenGuarded; // per token: sits where the script has already chosen by platform
  bool HomeIsLiteral = false;     // CUDA_HOME = '...': reported there, and not None
  /// Tokens the name-following walks may still visit for one statement: a hostile script that
  /// appends to a list a thousand times at each of six levels must not take forever.
  mutable size_t Budget = 0;
  static constexpr size_t StatementBudget = 200000;
  static constexpr size_t FileWork = size_t(1) << 23;
  size_t FileBudget = FileWork;

  bool isOp(size_t I, std::string_view Op) const {
    return I < Toks.size() && Toks[I].Kind == Token::Op && Toks[I].Text == Op;
  }
  bool isName(size_t I, std::string_view N) const {
    return I < Toks.size() && Toks[I].Kind == Token::Name && Toks[I].Text == N;
  }

  /// The end of the expression that starts at \p I: the next ',' or closing bracket at depth 0.
  size_t exprEnd(size_t I, size_t Limit) const {
    int Depth = 0;
    for (; I < Limit; ++I) {
      if (Toks[I].Kind != Token::Op)
        continue;
      std::string_view T = Toks[I].Text;
      if (T == "(" || T == "[" || T == "{")
        ++Depth;
      else if (T == ")" || T == "]" || T == "}") {
        if (Depth == 0)
          return I;
        --Depth;
      } else if ((T == "," || T == ":") && Depth == 0)
        return I;
    }
    return Limit;
  }

  /// Names whose value tells the platform: assigned from torch.version.cuda/hip or something
  /// that speaks of ROCm (CUDA_VERSION = os.getenv(...) or torch.version.cuda).
  std::set<std::string, std::less<>> PlatformNames = {"CUDA_HOME", "ROCM_HOME", "IS_HIP_EXTENSION"};

  bool versionAttribute(size_t I) const {
    return I >= 2 && Toks[I].Kind == Token::Name && (Toks[I].Text == "cuda" || Toks[I].Text == "hip") &&
           isOp(I - 1, ".") && isName(I - 2, "version");
  }

  /// Whether the tokens [B, E) test which platform builds: ROCm/HIP, torch.version.cuda, a name
  /// derived from them, or Windows (PyTorch has no ROCm build there).
  bool platformTest(size_t B, size_t E) const {
    for (size_t I = B; I < E; ++I) {
      const Token &T = Toks[I];
      if (T.Kind == Token::String) {
        if (mentionsRocm(T.Value) || T.Value == "nt" || T.Value == "win32")
          return true;
      } else if (T.Kind == Token::Name) {
        std::string L = asciiLower(T.Text);
        if (mentionsRocm(T.Text) || versionAttribute(I) || PlatformNames.count(T.Text) ||
            L.find("windows") != std::string::npos)
          return true;
      }
    }
    return false;
  }

  void collectPlatformNames() {
    // A helper that answers the question (`def _is_cuda(): return torch.version.cuda is not None`)
    // is a platform name too: `if _is_cuda():` tests the platform.
    std::string_view Def;
    unsigned DefIndent = 0;
    for (const Statement &St : Stmts) {
      size_t B = St.Begin;
      if (isName(B, "def") && B + 1 < St.End && Toks[B + 1].Kind == Token::Name) {
        Def = Toks[B + 1].Text;
        DefIndent = St.Indent;
        continue;
      }
      if (!Def.empty() && St.Indent <= DefIndent)
        Def = {};
      if (!Def.empty() && isName(B, "return"))
        for (size_t I = B + 1; I < St.End; ++I)
          if (versionAttribute(I)) {
            PlatformNames.insert(std::string(Def));
            break;
          }
    }
    for (const Statement &St : Stmts) {
      size_t B = St.Begin;
      if (Toks[B].Kind != Token::Name || !isOp(B + 1, "="))
        continue;
      for (size_t I = B + 2; I < St.End; ++I)
        if (versionAttribute(I) || (Toks[I].Kind == Token::Name && mentionsRocm(Toks[I].Text))) {
          PlatformNames.insert(std::string(Toks[B].Text));
          break;
        }
    }
  }

  /// Marks statements in (or heading) a branch of an if-chain that tests the platform, and
  /// statements with a conditional expression that does.
  void markGuards() {
    struct Block {
      unsigned ParentIndent;
      bool Guard;
    };
    std::vector<Block> Open;
    std::map<unsigned, bool> ChainGuard; // indent -> the current if-chain at that indent tests ROCm
    for (Statement &St : Stmts) {
      while (!Open.empty() && St.Indent <= Open.back().ParentIndent)
        Open.pop_back();
      bool Inherited = std::any_of(Open.begin(), Open.end(), [](const Block &B) { return B.Guard; });
      const Token &First = Toks[St.Begin];
      bool Mentions = platformTest(St.Begin, St.End);
      bool Compound = First.Kind == Token::Name && (First.Text == "if" || First.Text == "elif" || First.Text == "else");
      bool Guard = Inherited;
      if (Compound) {
        bool G = First.Text == "if" ? Mentions : (ChainGuard[St.Indent] || Mentions);
        ChainGuard[St.Indent] = G;
        Guard = Guard || G;
        Open.push_back({St.Indent, G});
      } else {
        ChainGuard.erase(St.Indent);
        // x = [...] if IS_HIP_EXTENSION else [...]
        bool CondExpr = false;
        for (size_t I = St.Begin + 1; I < St.End; ++I)
          CondExpr = CondExpr || isName(I, "if");
        Guard = Guard || (CondExpr && Mentions);
        if (First.Kind == Token::Name &&
            (First.Text == "def" || First.Text == "for" || First.Text == "while" || First.Text == "with" ||
             First.Text == "try" || First.Text == "except" || First.Text == "finally" || First.Text == "class"))
          Open.push_back({St.Indent, false});
      }
      St.Guarded = Guard;
    }
    TokenGuarded.assign(Toks.size(), false);
    for (const Statement &St : Stmts)
      for (size_t I = St.Begin; I < St.End; ++I)
        TokenGuarded[I] = St.Guarded;
  }

  void collectVariables() {
    for (const Statement &St : Stmts) {
      size_t B = St.Begin;
      // NAME = expr / NAME += expr
      if (isName(B, "CUDA_HOME") && isOp(B + 1, "=") && B + 3 == St.End && Toks[B + 2].Kind == Token::String)
        HomeIsLiteral = true;
      if (Toks[B].Kind == Token::Name && B + 2 <= St.End && (isOp(B + 1, "=") || isOp(B + 1, "+="))) {
        Vars[std::string(Toks[B].Text)].push_back({B + 2, St.End});
        continue;
      }
      // NAME.append(expr) / NAME.extend(expr) / NAME += ... inside a subscript is handled by nvccSubscript.
      if (Toks[B].Kind == Token::Name && isOp(B + 1, ".") && B + 3 < St.End &&
          (isName(B + 2, "append") || isName(B + 2, "extend") || isName(B + 2, "insert")) && isOp(B + 3, "("))
        Vars[std::string(Toks[B].Text)].push_back({B + 4, St.End - 1});
    }
  }

  /// Calls \p F on every string of the expression [I, E), following names to what they were
  /// assigned (a few levels deep); \p Dict: for dictionaries, only the value under key 'nvcc'.
  template <class Fn> void strings(size_t I, size_t E, Fn &&F, unsigned Level = 0) const {
    for (size_t K = I; K < E; ++K) {
      if (Budget == 0)
        return;
      --Budget;
      const Token &T = Toks[K];
      if (T.Kind == Token::String) {
        // A dictionary key is not a value.
        if (isOp(K + 1, ":") && K > I && (isOp(K - 1, "{") || isOp(K - 1, ",")))
          continue;
        F(K);
      } else if (T.Kind == Token::Name && Level < 6 && !isOp(K + 1, "(") && !(K > I && isOp(K - 1, "."))) {
        auto It = Vars.find(T.Text);
        if (It != Vars.end())
          for (auto [VB, VE] : It->second)
            strings(VB, VE, F, Level + 1);
      }
    }
  }

  /// The value under key 'nvcc' of the dictionary expression [I, E) (a literal, or a name
  /// assigned one); calls \p F on its strings.
  template <class Fn> void nvccValue(size_t I, size_t E, Fn &&F, unsigned Level = 0) const {
    for (size_t K = I; K < E; ++K) {
      if (Budget == 0)
        return;
      --Budget;
      if (Toks[K].Kind == Token::String && Toks[K].Value == "nvcc" && isOp(K + 1, ":")) {
        size_t VE = exprEnd(K + 2, E);
        strings(K + 2, VE, F);
      } else if (Toks[K].Kind == Token::Name && Level < 6 && !isOp(K + 1, "(") && !(K > I && isOp(K - 1, "."))) {
        // dict(cxx=[...], nvcc=[...])
        if (Toks[K].Text == "nvcc" && isOp(K + 1, "=")) {
          strings(K + 2, exprEnd(K + 2, E), F);
          continue;
        }
        auto It = Vars.find(Toks[K].Text);
        if (It != Vars.end())
          for (auto [VB, VE] : It->second)
            nvccValue(VB, VE, F, Level + 1);
      }
    }
  }

  // ---- rules -----------------------------------------------------------------------------------

  void pathString(size_t K, const char *Where) {
    if (TokenGuarded[K])
      return;
    const Token &T = Toks[K];
    for (auto [At, Len] : toolkitPathsIn(T.Value)) {
      std::string P = T.Value.substr(At, Len);
      bool Rocm = toolkitRootOf(P) == "rocm";
      Finding *F = Sink.emit(ToolkitPath, T.Offset,
                             "hard-coded toolkit path '" + P + "' in " + Where + "; " +
                                 (Rocm ? "CUDAExtension adds ROCM_HOME's include and lib directories itself, "
                                         "remove it (or build it from torch.utils.cpp_extension.ROCM_HOME)"
                                       : "a ROCm build has no CUDA toolkit there; CUDAExtension adds the include and "
                                         "lib directories of the toolkit at hand, remove it"));
      bool Headers = std::string_view(Where) == "include_dirs";
      Sink.note(F, T.Offset,
                Rocm      ? "ROCm lives elsewhere on many machines (versioned /opt/rocm-X.Y.Z, ROCM_PATH)"
                : Headers ? "with both toolkits installed, CUDA's headers then shadow the hipified ones"
                          : "on a machine with both toolkits the ROCm build then links or loads CUDA's libraries");
      return;
    }
  }

  void cudaHomeUse(size_t K, const char *Where) {
    if (TokenGuarded[K] || HomeIsLiteral)
      return;
    Finding *F = Sink.emit(ToolkitPath, Toks[K].Offset,
                           std::string("'CUDA_HOME' in ") + Where +
                               " is None in a ROCm build of PyTorch; CUDAExtension adds the toolkit's directories "
                               "itself, or use ROCM_HOME when torch.version.hip is set");
    Sink.note(F, Toks[K].Offset, "os.path.join(CUDA_HOME, ...) then fails with 'TypeError: expected str, bytes or "
                                 "os.PathLike object, not NoneType' before anything compiles");
  }

  void libraryString(size_t K, const char *Where = "libraries") {
    if (TokenGuarded[K])
      return;
    std::string Name = Toks[K].Value;
    if (startsWith(Name, "-l"))
      Name = Name.substr(2);
    if (!isCudaLibrary(Name))
      return;
    std::string Rocm = rocmLibraryFor(Name);
    std::string Msg = "CUDA library '" + Name + "' in " + Where + " cannot be linked in a ROCm build; ";
    if (Rocm == "amdhip64")
      Msg += "CUDAExtension links the HIP runtime itself, remove it";
    else if (!Rocm.empty())
      Msg += "link '" + Rocm + "' when torch.version.hip is set";
    else
      Msg += "link it only when torch.version.cuda is set";
    Finding *F = Sink.emit(CudaLibrary, Toks[K].Offset, std::move(Msg));
    Sink.note(F, Toks[K].Offset, "the link fails with 'cannot find -l" + Name + "'; PyTorch hipifies sources, not "
                                 "the libraries a script names");
  }

  void nvccString(size_t K, const char *Where) {
    if (TokenGuarded[K])
      return;
    const NvccFlagTable &Table = nvccFlagTable();
    // One list element may hold several flags ('-gencode arch=compute_80,code=sm_80').
    std::string_view V = Toks[K].Value;
    std::vector<std::string_view> Words;
    for (size_t I = 0; I < V.size();) {
      while (I < V.size() && V[I] == ' ')
        ++I;
      size_t S = I;
      while (I < V.size() && V[I] != ' ')
        ++I;
      if (I > S)
        Words.push_back(V.substr(S, I - S));
    }
    for (size_t W = 0; W < Words.size(); ++W) {
      bool TakesNext = false;
      std::string_view Next = W + 1 < Words.size() ? Words[W + 1] : std::string_view();
      // A separate value may be the next list element: '-gencode', 'arch=compute_80,code=sm_80'.
      if (Next.empty() && K + 2 < Toks.size() && isOp(K + 1, ",") && Toks[K + 2].Kind == Token::String)
        Next = Toks[K + 2].Value;
      const NvccFlag *Fl = Table.match(Words[W], Next, TakesNext);
      if (!Fl)
        continue;
      bool Arch = startsWith(Fl->Hip, "--offload-arch");
      std::string Msg = "nvcc-only flag '" + std::string(Words[W]) + "' in " + Where +
                        " reaches hipcc unchanged in a ROCm build; ";
      if (Arch)
        Msg += "give it only when torch.version.cuda is set (PyTorch adds --offload-arch from PYTORCH_ROCM_ARCH)";
      else if (Fl->Hip.empty())
        Msg += "give it only when torch.version.cuda is set";
      else
        Msg += "use '" + Fl->Hip + "' when torch.version.hip is set";
      Finding *F = Sink.emit(NvccFlagRule, Toks[K].Offset, std::move(Msg));
      Sink.note(F, Toks[K].Offset, Fl->Why);
      return; // one finding per list element
    }
  }

  /// Keyword arguments and subscript updates in one statement.
  void statement(const Statement &St) {
    for (size_t K = St.Begin; K + 1 < St.End; ++K) {
      // NAME=expr inside a call: a keyword argument.
      if (Toks[K].Kind == Token::Name && isOp(K + 1, "=") && K > St.Begin && (isOp(K - 1, "(") || isOp(K - 1, ","))) {
        std::string_view Kw = Toks[K].Text;
        size_t B = K + 2, E = exprEnd(K + 2, St.End);
        if (Kw == "include_dirs" || Kw == "library_dirs" || Kw == "runtime_library_dirs") {
          const char *Where = Kw == "include_dirs" ? "include_dirs" : Kw == "library_dirs" ? "library_dirs"
                                                                                             : "runtime_library_dirs";
          strings(B, E, [&](size_t S) { pathString(S, Where); });
          names(B, E, "CUDA_HOME", [&](size_t S) { cudaHomeUse(S, Where); });
        } else if (Kw == "libraries") {
          strings(B, E, [&](size_t S) { libraryString(S); });
        } else if (Kw == "extra_link_args") {
          strings(B, E, [&](size_t S) {
            pathString(S, "extra_link_args");
            if (startsWith(Toks[S].Value, "-l"))
              libraryString(S, "extra_link_args");
          });
        } else if (Kw == "extra_compile_args") {
          nvccValue(B, E, [&](size_t S) { nvccString(S, "extra_compile_args['nvcc']"); });
          strings(B, E, [&](size_t S) { pathString(S, "extra_compile_args"); });
        } else if (Kw == "extra_cuda_cflags") {
          strings(B, E, [&](size_t S) { nvccString(S, "extra_cuda_cflags"); });
        }
      }
    }
    size_t B = St.Begin;
    // X['nvcc'] += [...], X['nvcc'].append('...'), X['nvcc'].extend([...])
    if (Toks[B].Kind == Token::Name && isOp(B + 1, "[") && B + 4 < St.End && Toks[B + 2].Kind == Token::String &&
        Toks[B + 2].Value == "nvcc" && isOp(B + 3, "]"))
      strings(B + 4, St.End, [&](size_t S) { nvccString(S, "extra_compile_args['nvcc']"); });
    // CUDA_HOME = '/usr/local/cuda', os.environ['CUDA_HOME'] = '/usr/local/cuda'
    size_t Eq = St.End;
    for (size_t K = B; K < St.End; ++K)
      if (isOp(K, "=")) {
        Eq = K;
        break;
      }
    if (Eq < St.End && Eq + 1 < St.End && Toks[Eq + 1].Kind == Token::String && Eq + 2 == St.End) {
      bool Home = false;
      for (size_t K = B; K < Eq; ++K) {
        std::string_view N = Toks[K].Kind == Token::String ? std::string_view(Toks[K].Value) : Toks[K].Text;
        Home = Home || N == "CUDA_HOME" || N == "CUDA_PATH" || N == "ROCM_HOME" || N == "ROCM_PATH" ||
               N == "CUDA_ROOT" || N == "ROCM_ROOT";
      }
      if (Home)
        pathString(Eq + 1, "a toolkit home");
    }
  }

  template <class Fn> void names(size_t I, size_t E, std::string_view Name, Fn &&F, unsigned Level = 0) const {
    for (size_t K = I; K < E; ++K) {
      if (Budget == 0)
        return;
      --Budget;
      if (Toks[K].Kind != Token::Name || (K > I && isOp(K - 1, ".")))
        continue;
      if (Toks[K].Text == Name) {
        F(K);
        continue;
      }
      auto It = Vars.find(Toks[K].Text);
      if (It != Vars.end() && Level < 6 && !isOp(K + 1, "("))
        for (auto [VB, VE] : It->second)
          names(VB, VE, Name, F, Level + 1);
    }
  }
};

/// pyproject.toml: only the toolkit paths in its strings (a [tool.*] table that configures the
/// extension build), with '#' comments for suppressions.
ScriptResult lintPyproject(std::string_view Path, std::string_view Content,
                           const std::function<bool(std::string_view)> &IsEnabled) {
  ScriptResult R;
  FindingSink Sink(Path, Content, IsEnabled);
  for (size_t I = 0; I < Content.size(); ++I) {
    char C = Content[I];
    if (C == '#') {
      Sink.comment(I);
      while (I < Content.size() && Content[I] != '\n')
        ++I;
    } else if (C == '"' || C == '\'') {
      bool Triple = Content.substr(I, 3) == std::string(3, C);
      size_t J = I + (Triple ? 3 : 1);
      size_t End = Triple ? Content.find(std::string(3, C), J) : Content.find(C, J);
      if (End == std::string_view::npos)
        break;
      std::string_view V = Content.substr(J, End - J);
      for (auto [At, Len] : toolkitPathsIn(V)) {
        std::string P(V.substr(At, Len));
        Sink.emit(ToolkitPath, J + At,
                  "hard-coded toolkit path '" + P + "' in pyproject.toml; CUDAExtension adds the directories of the "
                  "toolkit at hand, remove it");
      }
      I = End + (Triple ? 2 : 0);
    }
  }
  R.Findings = Sink.finish();
  return R;
}

} // namespace

ScriptResult lintSetupPy(std::string_view Path, std::string_view Content,
                         const std::function<bool(std::string_view)> &IsEnabled) {
  if (endsWith(Path, ".toml"))
    return lintPyproject(Path, Content, IsEnabled);
  SetupPyLinter L(Path, Content, IsEnabled);
  return L.run();
}

} // namespace rocmtidy::buildscripts
