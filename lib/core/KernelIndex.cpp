#include "core/KernelIndex.h"
#include "core/BoundedFile.h"
#include "core/DeviceTypes.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <functional>
#include <mutex>
#include <set>

namespace rocmtidy {

namespace {

bool identStart(char C) { return std::isalpha((unsigned char)C) || C == '_'; }
bool identChar(char C) { return std::isalnum((unsigned char)C) || C == '_'; }

// Splits source text into tokens. Comments, string and character literals are dropped (a string
// becomes one "\"\"" token so that extern "C" stays recognisable); preprocessor lines are handed to
// \p Directive and produce no tokens.
std::vector<IndexToken> tokenize(const std::string &S,
                                 const std::function<void(const std::string &, unsigned)> &Directive) {
  std::vector<IndexToken> Out;
  unsigned Line = 1;
  bool LineStart = true;
  size_t I = 0, N = S.size();
  while (I < N) {
    char C = S[I];
    if (C == '\n') {
      ++Line;
      LineStart = true;
      ++I;
      continue;
    }
    if (C == ' ' || C == '\t' || C == '\r' || C == '\f' || C == '\v') {
      ++I;
      continue;
    }
    if (C == '\\' && I + 1 < N && S[I + 1] == '\n') {
      I += 2;
      ++Line;
      continue;
    }
    if (C == '/' && I + 1 < N && S[I + 1] == '/') {
      while (I < N && S[I] != '\n') {
        if (S[I] == '\\' && I + 1 < N && S[I + 1] == '\n') {
          ++Line;
          ++I;
        }
        ++I;
      }
      continue;
    }
    if (C == '/' && I + 1 < N && S[I + 1] == '*') {
      I += 2;
      while (I + 1 < N && !(S[I] == '*' && S[I + 1] == '/')) {
        if (S[I] == '\n')
          ++Line;
        ++I;
      }
      I += 2;
      continue;
    }
    if (C == '#' && LineStart) {
      std::string D;
      const unsigned DirectiveLine = Line;
      ++I;
      while (I < N && S[I] != '\n') {
        if (S[I] == '\\' && I + 1 < N && (S[I + 1] == '\n' || S[I + 1] == '\r')) {
          I += S[I + 1] == '\r' ? 3 : 2;
          ++Line;
          D += ' ';
          continue;
        }
        if (S[I] == '/' && I + 1 < N && S[I + 1] == '/') {
          while (I < N && S[I] != '\n')
            ++I;
          break;
        }
        D += S[I++];
      }
      Directive(D, DirectiveLine);
      continue;
    }
    LineStart = false;
    if (C == 'R' && I + 1 < N && S[I + 1] == '"') {
      size_t Open = S.find('(', I + 2);
      if (Open != std::string::npos) {
        std::string Close = ")" + S.substr(I + 2, Open - I - 2) + "\"";
        size_t End = S.find(Close, Open);
        End = End == std::string::npos ? N : End + Close.size();
        Line += unsigned(std::count(S.begin() + I, S.begin() + End, '\n'));
        Out.push_back({"\"\"", Line});
        I = End;
        continue;
      }
    }
    if (C == '"' || C == '\'') {
      size_t J = I + 1;
      while (J < N && S[J] != C && S[J] != '\n') {
        if (S[J] == '\\')
          ++J;
        ++J;
      }
      Out.push_back({C == '"' ? "\"\"" : "''", Line});
      I = J + 1;
      continue;
    }
    if (identStart(C)) {
      size_t J = I;
      while (J < N && identChar(S[J]))
        ++J;
      Out.push_back({S.substr(I, J - I), Line});
      I = J;
      continue;
    }
    if (std::isdigit((unsigned char)C)) {
      size_t J = I;
      while (J < N && (identChar(S[J]) || S[J] == '.' || S[J] == '\''))
        ++J;
      Out.push_back({S.substr(I, J - I), Line});
      I = J;
      continue;
    }
    static const char *Multi[] = {"::", "<<", ">>", "->", "<=", ">=", "==", "!=", "&&", "||"};
    bool Done = false;
    for (const char *M : Multi)
      if (S.compare(I, 2, M) == 0) {
        Out.push_back({M, Line});
        I += 2;
        Done = true;
        break;
      }
    if (!Done) {
      Out.push_back({std::string(1, C), Line});
      ++I;
    }
  }
  return Out;
}

std::vector<std::string> texts(const std::vector<IndexToken> &T, size_t B, size_t E) {
  std::vector<std::string> Out;
  for (size_t I = B; I < E && I < T.size(); ++I)
    Out.push_back(T[I].Text);
  return Out;
}

std::string join(const std::vector<std::string> &T) {
  std::string S;
  for (const std::string &X : T) {
    bool Sep = !S.empty() && identChar(S.back()) && identChar(X.front());
    if (!S.empty() && X != ")" && X != "," && S.back() != '(' && !Sep)
      S += (X == "(" || S.back() == ':' || X == "::") ? "" : " ";
    else if (Sep)
      S += ' ';
    S += X;
  }
  return S;
}

// Index of the token closing the bracket opened at \p Open, or T.size().
size_t closing(const std::vector<IndexToken> &T, size_t Open, size_t End) {
  const std::string O = T[Open].Text;
  const std::string C = O == "(" ? ")" : O == "[" ? "]" : O == "{" ? "}" : ">";
  int Depth = 0;
  for (size_t I = Open; I < End; ++I) {
    if (T[I].Text == O)
      ++Depth;
    else if (T[I].Text == C && --Depth == 0)
      return I;
    else if (O == "<" && T[I].Text == ">>" && (Depth -= 2) <= 0)
      return I;
  }
  return End;
}

const std::set<std::string> &notCallees() {
  static const std::set<std::string> S = {"if", "for", "while", "switch", "return", "sizeof", "alignof", "decltype",
                                          "static_cast", "reinterpret_cast", "const_cast", "dynamic_cast", "catch",
                                          "__syncthreads", "defined", "template", "typename", "new", "delete"};
  return S;
}

const std::set<std::string> &attributeWords() {
  static const std::set<std::string> S = {"__launch_bounds__", "__attribute__", "__declspec", "alignas", "__align__",
                                          "noexcept", "decltype", "throw", "amdgpu_flat_work_group_size",
                                          "__maxnreg__", "__cluster_dims__", "requires"};
  return S;
}

struct Scope {
  enum Kind { Namespace, Linkage, Function, Other } K;
  std::string Name; // namespace name ("" anonymous)
  int FunctionIndex = -1;
};

class Scanner {
public:
  explicit Scanner(const std::string &Text) {
    T = tokenize(Text, [&](const std::string &D, unsigned L) { directive(D, L); });
  }

  FileFacts run() {
    size_t PrefixStart = 0, StmtStart = 0;
    int Paren = 0;
    for (size_t I = 0; I < T.size(); ++I) {
      const std::string &X = T[I].Text;
      if (X == "(" || X == "[")
        ++Paren;
      else if ((X == ")" || X == "]") && Paren > 0)
        --Paren;
      int Fn = currentFunction();
      if (Fn >= 0) {
        if (X == "__shared__")
          sharedDecl(Fn, StmtStart, I);
        else if (identStart(X[0]) && I + 1 < T.size() && (T[I + 1].Text == "(" || T[I + 1].Text == "<") &&
                 !notCallees().count(X))
          Facts.Functions[Fn].Callees.push_back(X);
      }
      if (X == "{") {
        if (Paren == 0 || Fn != -1)
          openScope(PrefixStart, I, Fn != -1);
        else
          Scopes.push_back({Scope::Other, "", -1});
        PrefixStart = StmtStart = I + 1;
        Paren = 0;
      } else if (X == "}") {
        if (!Scopes.empty())
          Scopes.pop_back();
        PrefixStart = StmtStart = I + 1;
        Paren = 0;
      } else if (X == ";" && Paren == 0) {
        if (Fn == -1 && atNamespaceScope())
          constant(PrefixStart, I);
        PrefixStart = StmtStart = I + 1;
      }
    }
    // Deduplicate callee names; their order does not matter.
    for (IndexedFunction &F : Facts.Functions) {
      std::sort(F.Callees.begin(), F.Callees.end());
      F.Callees.erase(std::unique(F.Callees.begin(), F.Callees.end()), F.Callees.end());
    }
    return std::move(Facts);
  }

private:
  std::vector<IndexToken> T;
  std::vector<Scope> Scopes;
  FileFacts Facts;

  // Per #if level: State of the current branch (1 taken by the HIP build, 0 not taken, -1 unknown),
  // whether an earlier branch of the chain is taken, and whether every earlier one is not.
  struct Level {
    int State;
    bool TakenBefore = false;
    bool AllNotTaken = true;
  };
  std::vector<Level> Conditions;

  // A macro only a HIP build defines: "__HIP_PLATFORM_AMD__", "USE_ROCM", "GGML_USE_HIP". Not the
  // device-pass or RTC switches (their other branch is compiled by HIP builds too), nor HIP on NVIDIA.
  static bool hipOnlyMacro(const std::string &M) {
    if (M.find("HIP") == std::string::npos && M.find("ROCM") == std::string::npos)
      return false;
    for (const char *Not : {"NVIDIA", "NVCC", "CUDA", "DEVICE_COMPILE", "RTC", "VERSION", "DISABLE", "NO_"})
      if (M.find(Not) != std::string::npos)
        return false;
    return true;
  }

  // 1: "defined(HIPMACRO) || HIPMACRO"; 0: "!defined(HIPMACRO)" / "!HIPMACRO"; -1 anything else.
  static int classify(const std::string &Cond) {
    std::vector<IndexToken> C = tokenize(Cond, [](const std::string &, unsigned) {});
    if (C.empty())
      return -1;
    bool Negated = C[0].Text == "!";
    size_t From = Negated ? 1 : 0;
    bool Any = false;
    for (size_t I = From; I < C.size(); ++I) {
      const std::string &X = C[I].Text;
      if (X == "defined" || X == "(" || X == ")")
        continue;
      if (X == "||" && !Negated)
        continue;
      if (!identStart(X[0]) || !hipOnlyMacro(X))
        return -1;
      Any = true;
    }
    if (!Any)
      return -1;
    return Negated ? 0 : 1;
  }

  void conditional(const std::string &Name, const std::string &Rest) {
    auto word = [&]() {
      std::vector<IndexToken> C = tokenize(Rest, [](const std::string &, unsigned) {});
      return C.empty() ? std::string() : C[0].Text;
    };
    if (Name == "if") {
      Conditions.push_back({classify(Rest)});
    } else if (Name == "ifdef") {
      Conditions.push_back({hipOnlyMacro(word()) ? 1 : -1});
    } else if (Name == "ifndef") {
      Conditions.push_back({hipOnlyMacro(word()) ? 0 : -1});
    } else if (Conditions.empty()) {
      return;
    } else if (Name == "elif" || Name == "elifdef" || Name == "elifndef" || Name == "else") {
      Level &L = Conditions.back();
      L.TakenBefore |= L.State == 1;
      L.AllNotTaken &= L.State == 0;
      int Now = Name == "else"       ? (L.AllNotTaken ? 1 : -1)
                : Name == "elif"     ? classify(Rest)
                : Name == "elifdef"  ? (hipOnlyMacro(word()) ? 1 : -1)
                                     : (hipOnlyMacro(word()) ? 0 : -1);
      // After a branch the HIP build takes, the rest of the chain is not taken.
      L.State = L.TakenBefore ? 0 : Now;
    } else if (Name == "endif") {
      Conditions.pop_back();
    }
  }

  void directive(const std::string &D, unsigned Line) {
    size_t I = D.find_first_not_of(" \t");
    if (I == std::string::npos || !identStart(D[I]))
      return;
    size_t NameEnd = I;
    while (NameEnd < D.size() && identChar(D[NameEnd]))
      ++NameEnd;
    const std::string Name = D.substr(I, NameEnd - I);
    if (Name == "include") {
      size_t Q = D.find('"', NameEnd);
      size_t E = Q == std::string::npos ? Q : D.find('"', Q + 1);
      if (E != std::string::npos) {
        bool Off = std::any_of(Conditions.begin(), Conditions.end(), [](const Level &L) { return L.State == 0; });
        Facts.Includes.push_back({D.substr(Q + 1, E - Q - 1), Line, Off});
      }
      return;
    }
    if (Name != "define") {
      conditional(Name, D.substr(NameEnd));
      return;
    }
    I = D.find_first_not_of(" \t", I + 6);
    if (I == std::string::npos || !identStart(D[I]))
      return;
    size_t J = I;
    while (J < D.size() && identChar(D[J]))
      ++J;
    if (J < D.size() && D[J] == '(')
      return; // function-like macros are not constants
    std::vector<IndexToken> Body = tokenize(D.substr(J), [](const std::string &, unsigned) {});
    if (!Body.empty())
      Facts.Constants[D.substr(I, J - I)] = texts(Body, 0, Body.size());
  }

  int currentFunction() const {
    for (auto It = Scopes.rbegin(); It != Scopes.rend(); ++It)
      if (It->K == Scope::Function)
        return It->FunctionIndex;
    return -1;
  }

  bool atNamespaceScope() const {
    for (const Scope &S : Scopes)
      if (S.K != Scope::Namespace && S.K != Scope::Linkage)
        return false;
    return true;
  }

  bool inAnonymousNamespace() const {
    for (const Scope &S : Scopes)
      if (S.K == Scope::Namespace && S.Name.empty())
        return true;
    return false;
  }

  std::string qualifier() const {
    std::string Q;
    for (const Scope &S : Scopes)
      if (S.K == Scope::Namespace && !S.Name.empty())
        Q += S.Name + "::";
    return Q;
  }

  // "const int N = 4;" / "constexpr unsigned N = A * 2;" at namespace scope.
  void constant(size_t B, size_t E) {
    bool Const = false;
    size_t Eq = E;
    for (size_t I = B; I < E; ++I) {
      if (T[I].Text == "const" || T[I].Text == "constexpr")
        Const = true;
      if (T[I].Text == "=" && Eq == E)
        Eq = I;
      if (T[I].Text == "(" || T[I].Text == "{" || T[I].Text == "[")
        if (Eq == E)
          return;
    }
    if (!Const || Eq == E || Eq == B || !identStart(T[Eq - 1].Text[0]))
      return;
    Facts.Constants[T[Eq - 1].Text] = texts(T, Eq + 1, E);
  }

  void openScope(size_t B, size_t E, bool InFunction) {
    if (InFunction) {
      Scopes.push_back({Scope::Other, "", -1});
      return;
    }
    if (B < E && T[B].Text == "namespace") {
      std::string Name;
      for (size_t I = B + 1; I < E; ++I)
        if (identStart(T[I].Text[0]) && T[I].Text != "inline")
          Name += (Name.empty() ? "" : "::") + T[I].Text;
      Scopes.push_back({Scope::Namespace, Name, -1});
      return;
    }
    if (E - B == 2 && T[B].Text == "extern" && T[B + 1].Text == "\"\"") {
      Scopes.push_back({Scope::Linkage, "", -1});
      return;
    }
    int Index = atNamespaceScope() ? functionDefinition(B, E) : -1;
    Scopes.push_back({Index >= 0 ? Scope::Function : (functionLike(B, E) ? Scope::Function : Scope::Other), "",
                      Index});
    // A host function or a member function: a body the pass steps over (Function scope with no
    // record keeps its __shared__ and calls out of other functions' facts).
    if (Scopes.back().K == Scope::Function && Index < 0)
      Scopes.back().FunctionIndex = -2;
  }

  bool functionLike(size_t B, size_t E) const {
    for (size_t I = B; I < E; ++I)
      if (T[I].Text == "=" || T[I].Text == "struct" || T[I].Text == "class" || T[I].Text == "union" ||
          T[I].Text == "enum")
        return false;
    return E > B && (T[E - 1].Text == ")" || T[E - 1].Text == "const" || T[E - 1].Text == "override");
  }

  int functionDefinition(size_t B, size_t E) {
    IndexedFunction F;
    bool Global = false, Device = false;
    size_t I = B;
    // template <...> heads, perhaps several.
    while (I < E && T[I].Text == "template") {
      if (I + 1 < E && T[I + 1].Text == "<") {
        size_t C = closing(T, I + 1, E);
        collectTemplateParams(I + 2, C, F.TemplateParams);
        I = C + 1;
      } else {
        ++I;
      }
      F.TemplateParams.push_back("\x01"); // marks a template head; removed below
    }
    F.TemplateParams.erase(std::remove(F.TemplateParams.begin(), F.TemplateParams.end(), "\x01"),
                           F.TemplateParams.end());
    bool IsTemplate = I > B;
    size_t Start = I;
    size_t ParamOpen = E, ParamClose = E;
    for (; I < E; ++I) {
      const std::string &X = T[I].Text;
      if (X == "__global__")
        Global = true;
      else if (X == "__device__")
        Device = true;
      else if (X == "static")
        F.Internal = true;
      if (X == "global" && I > Start && T[I - 1].Text == "(")
        Global = true;
      if (X == "__launch_bounds__" && I + 1 < E && T[I + 1].Text == "(") {
        size_t C = closing(T, I + 1, E);
        F.HasBounds = true;
        F.BoundsExpr = firstArgument(I + 2, C);
        F.BoundsSpelling = "__launch_bounds__(" + join(texts(T, I + 2, C)) + ")";
        I = C;
        continue;
      }
      if (X == "amdgpu_flat_work_group_size" && I + 1 < E && T[I + 1].Text == "(") {
        size_t C = closing(T, I + 1, E);
        std::vector<std::string> Args = texts(T, I + 2, C);
        auto Comma = std::find(Args.begin(), Args.end(), ",");
        if (Comma != Args.end()) {
          F.HasBounds = true;
          F.FlatWorkGroupSize = true;
          F.BoundsExpr.assign(Comma + 1, Args.end());
          F.BoundsSpelling = "amdgpu_flat_work_group_size(" + join(Args) + ")";
        }
        I = C;
        continue;
      }
      if (X == "(") {
        size_t C = closing(T, I, E);
        bool Attribute = I > Start && attributeWords().count(T[I - 1].Text);
        if (!Attribute) {
          ParamOpen = I;
          ParamClose = C;
        }
        I = C;
      }
    }
    if (!(Global || Device) || ParamOpen >= E || ParamOpen == Start)
      return -1;
    // The name: the identifier before the parameter list, with "A::" qualifiers and explicit
    // template arguments ("k<float>") stepped over.
    size_t N = ParamOpen - 1;
    if (T[N].Text == ">" || T[N].Text == ">>") {
      int Depth = 0;
      for (; N > Start; --N) {
        if (T[N].Text == ">")
          ++Depth;
        else if (T[N].Text == ">>")
          Depth += 2;
        else if (T[N].Text == "<" && --Depth <= 0)
          break;
      }
      if (N == Start)
        return -1;
      --N;
      IsTemplate = true;
    }
    if (!identStart(T[N].Text[0]) || attributeWords().count(T[N].Text))
      return -1;
    std::string Name = T[N].Text;
    while (N >= Start + 2 && T[N - 1].Text == "::" && identStart(T[N - 2].Text[0])) {
      Name = T[N - 2].Text + "::" + Name;
      N -= 2;
    }
    F.Name = qualifier() + Name;
    F.Line = T[N].Line;
    F.Kernel = Global;
    F.Internal = F.Internal || inAnonymousNamespace();
    std::vector<std::string> Params = texts(T, ParamOpen + 1, ParamClose);
    if (Params.empty() || (Params.size() == 1 && Params[0] == "void")) {
      F.Params = 0;
    } else {
      F.Params = 1;
      int Depth = 0;
      for (const std::string &P : Params) {
        if (P == "(" || P == "<" || P == "[" || P == "{")
          ++Depth;
        else if (P == ")" || P == ">" || P == "]" || P == "}")
          --Depth;
        else if (P == ">>")
          Depth -= 2;
        else if (P == "," && Depth == 0)
          ++F.Params;
      }
    }
    if (!IsTemplate)
      F.TemplateParams.clear();
    Facts.Functions.push_back(std::move(F));
    return int(Facts.Functions.size() - 1);
  }

  void collectTemplateParams(size_t B, size_t E, std::vector<std::string> &Out) {
    // Each parameter's name is its last identifier before ',' / '=' at depth 0.
    int Depth = 0;
    std::string Last;
    bool Defaulted = false;
    for (size_t I = B; I <= E && I < T.size(); ++I) {
      const std::string &X = I == E ? std::string(",") : T[I].Text;
      if (X == "(" || X == "<" || X == "[")
        ++Depth;
      else if (X == ")" || X == ">" || X == "]")
        --Depth;
      if (Depth > 0 && X != "<" && X != "(" && X != "[")
        continue;
      if (X == "," && Depth == 0) {
        Out.push_back(Last);
        Last.clear();
        Defaulted = false;
      } else if (X == "=") {
        Defaulted = true;
      } else if (!Defaulted && identStart(X[0]) && X != "typename" && X != "class" && X != "int" &&
                 X != "unsigned" && X != "bool" && X != "size_t" && X != "long" && X != "short" && X != "char") {
        Last = X;
      }
    }
  }

  std::vector<std::string> firstArgument(size_t B, size_t E) const {
    std::vector<std::string> Out;
    int Depth = 0;
    for (size_t I = B; I < E; ++I) {
      const std::string &X = T[I].Text;
      if (X == "(")
        ++Depth;
      else if (X == ")")
        --Depth;
      else if (X == "," && Depth == 0)
        break;
      Out.push_back(X);
    }
    return Out;
  }

  // "__shared__ float tile[32][33];" (qualifiers in any order); "extern __shared__" is dynamic.
  void sharedDecl(int Fn, size_t StmtStart, size_t At) {
    if (Fn < 0)
      return;
    size_t End = At;
    while (End < T.size() && T[End].Text != ";" && T[End].Text != "{" && T[End].Text != "}")
      ++End;
    std::vector<std::string> Words;
    for (size_t I = StmtStart; I < End; ++I) {
      const std::string &X = T[I].Text;
      if (X == "extern")
        return;
      if (X == "__shared__" || X == "static" || X == "volatile" || X == "const" || X == "constexpr" ||
          X == "__restrict__")
        continue;
      if ((X == "__align__" || X == "alignas" || X == "__attribute__") && I + 1 < End && T[I + 1].Text == "(") {
        I = closing(T, I + 1, End);
        continue;
      }
      Words.push_back(X);
    }
    IndexedSharedVar V;
    size_t NameAt = Words.size();
    for (size_t I = 0; I < Words.size(); ++I)
      if (Words[I] == "[" || Words[I] == "=" || Words[I] == "," || Words[I] == "{" || Words[I] == "(") {
        NameAt = I;
        break;
      }
    if (NameAt == 0 || NameAt > Words.size()) {
      V.Known = false;
    } else {
      if (NameAt == Words.size() && !Words.empty())
        NameAt = Words.size();
      std::vector<std::string> Type(Words.begin(), Words.begin() + (NameAt - 1));
      if (Type.size() >= 2 && Type[0] == "std" && Type[1] == "::")
        Type.erase(Type.begin(), Type.begin() + 2);
      for (const std::string &W : Type)
        V.Type += (V.Type.empty() ? "" : " ") + W;
      for (size_t I = NameAt; I < Words.size() && Words[I] == "[";) {
        size_t J = I + 1;
        int Depth = 1;
        std::vector<std::string> Ext;
        for (; J < Words.size(); ++J) {
          if (Words[J] == "[")
            ++Depth;
          else if (Words[J] == "]" && --Depth == 0)
            break;
          Ext.push_back(Words[J]);
        }
        V.Extents.push_back(Ext);
        I = J + 1;
      }
      for (const std::string &W : Words)
        if (W == "," || W == "<" || W == "*")
          V.Known = false; // several declarators, template types, pointers: not read
    }
    Facts.Functions[Fn].Shared.push_back(std::move(V));
  }
};

// Recursive descent over token texts.
class Evaluator {
public:
  Evaluator(const std::vector<std::string> &T, const std::map<std::string, int64_t> &Names) : T(T), Names(Names) {}
  std::optional<int64_t> run() {
    auto V = binary(0);
    if (!V || Pos != T.size())
      return std::nullopt;
    return V;
  }

private:
  const std::vector<std::string> &T;
  const std::map<std::string, int64_t> &Names;
  size_t Pos = 0;

  static int precedence(const std::string &Op) {
    if (Op == "|")
      return 1;
    if (Op == "^")
      return 2;
    if (Op == "&")
      return 3;
    if (Op == "<<" || Op == ">>")
      return 4;
    if (Op == "+" || Op == "-")
      return 5;
    if (Op == "*" || Op == "/" || Op == "%")
      return 6;
    return -1;
  }

  std::optional<int64_t> binary(int MinPrec) {
    auto L = unary();
    while (L && Pos < T.size()) {
      int P = precedence(T[Pos]);
      if (P < 0 || P < MinPrec)
        break;
      std::string Op = T[Pos++];
      auto R = binary(P + 1);
      if (!R)
        return std::nullopt;
      int64_t A = *L, B = *R;
      if (Op == "+") L = A + B;
      else if (Op == "-") L = A - B;
      else if (Op == "*") L = A * B;
      else if (Op == "/") { if (!B) return std::nullopt; L = A / B; }
      else if (Op == "%") { if (!B) return std::nullopt; L = A % B; }
      else if (Op == "<<") { if (B < 0 || B > 62) return std::nullopt; L = A << B; }
      else if (Op == ">>") { if (B < 0 || B > 62) return std::nullopt; L = A >> B; }
      else if (Op == "&") L = A & B;
      else if (Op == "|") L = A | B;
      else if (Op == "^") L = A ^ B;
    }
    return L;
  }

  std::optional<int64_t> unary() {
    if (Pos >= T.size())
      return std::nullopt;
    const std::string X = T[Pos];
    if (X == "-" || X == "+" || X == "~") {
      ++Pos;
      auto V = unary();
      if (!V)
        return std::nullopt;
      return X == "-" ? -*V : X == "~" ? ~*V : *V;
    }
    if (X == "(") {
      ++Pos;
      auto V = binary(0);
      if (!V || Pos >= T.size() || T[Pos] != ")")
        return std::nullopt;
      ++Pos;
      return V;
    }
    ++Pos;
    if (std::isdigit((unsigned char)X[0])) {
      std::string D = X;
      D.erase(std::remove(D.begin(), D.end(), '\''), D.end());
      while (!D.empty() && (D.back() == 'u' || D.back() == 'U' || D.back() == 'l' || D.back() == 'L'))
        D.pop_back();
      if (D.find('.') != std::string::npos || D.empty())
        return std::nullopt;
      try {
        size_t Used = 0;
        long long V = std::stoll(D, &Used, 0);
        if (Used != D.size())
          return std::nullopt;
        return V;
      } catch (...) {
        return std::nullopt;
      }
    }
    auto It = Names.find(X);
    if (It == Names.end())
      return std::nullopt;
    return It->second;
  }
};

std::mutex ProcessIndexMu;
std::shared_ptr<const ProjectIndex> ProcessIndex;

} // namespace

FileFacts scanFileFacts(const std::string &Text) { return Scanner(Text).run(); }

std::optional<int64_t> evaluateIndexExpr(const std::vector<std::string> &Tokens,
                                         const std::map<std::string, int64_t> &Names) {
  if (Tokens.empty())
    return std::nullopt;
  return Evaluator(Tokens, Names).run();
}

std::optional<uint64_t>
KernelDefinition::maxThreadsFor(const std::vector<std::optional<int64_t>> &TemplateArgs) const {
  if (MaxThreads || !HasBounds)
    return MaxThreads;
  std::map<std::string, int64_t> Names(Bindings.begin(), Bindings.end());
  for (size_t I = 0; I < TemplateParams.size() && I < TemplateArgs.size(); ++I)
    if (TemplateArgs[I] && !TemplateParams[I].empty())
      Names[TemplateParams[I]] = *TemplateArgs[I];
  auto V = evaluateIndexExpr(BoundsExpr, Names);
  if (!V || *V <= 0)
    return std::nullopt;
  return uint64_t(*V);
}

ProjectIndex ProjectIndex::build(const std::vector<std::tuple<std::string, std::string, const FileFacts *>> &Files) {
  // Project-wide constants: a name defined with different values in different places is unknown.
  std::map<std::string, std::set<std::vector<std::string>>> Defs;
  for (const auto &[Path, Display, Facts] : Files)
    for (const auto &[Name, Tokens] : Facts->Constants)
      Defs[Name].insert(Tokens);
  std::map<std::string, int64_t> Values;
  std::function<std::optional<int64_t>(const std::string &, unsigned)> Resolve;
  std::map<std::string, std::optional<int64_t>> Memo;
  Resolve = [&](const std::string &Name, unsigned Depth) -> std::optional<int64_t> {
    auto M = Memo.find(Name);
    if (M != Memo.end())
      return M->second;
    auto D = Defs.find(Name);
    if (D == Defs.end() || D->second.size() != 1 || Depth > 16)
      return std::nullopt;
    const std::vector<std::string> &Tokens = *D->second.begin();
    std::map<std::string, int64_t> Names;
    for (const std::string &X : Tokens)
      if (identStart(X[0]) && X != Name)
        if (auto V = Resolve(X, Depth + 1))
          Names[X] = *V;
    auto V = evaluateIndexExpr(Tokens, Names);
    Memo[Name] = V;
    return V;
  };
  auto namesOf = [&](const std::vector<std::string> &Tokens, const std::vector<std::string> &Skip) {
    std::map<std::string, int64_t> Names;
    for (const std::string &X : Tokens)
      if (identStart(X[0]) && std::find(Skip.begin(), Skip.end(), X) == Skip.end())
        if (auto V = Resolve(X, 0))
          Names[X] = *V;
    return Names;
  };

  // Device functions by unqualified name, for the static LDS of a call tree.
  std::multimap<std::string, const IndexedFunction *> ByShortName;
  for (const auto &[Path, Display, Facts] : Files)
    for (const IndexedFunction &F : Facts->Functions) {
      size_t Colon = F.Name.rfind("::");
      ByShortName.emplace(Colon == std::string::npos ? F.Name : F.Name.substr(Colon + 2), &F);
    }
  auto ownLds = [&](const IndexedFunction &F) -> std::optional<uint64_t> {
    uint64_t Sum = 0;
    for (const IndexedSharedVar &V : F.Shared) {
      if (!V.Known)
        return std::nullopt;
      auto Size = deviceTypeSize(V.Type);
      if (!Size)
        return std::nullopt;
      uint64_t Bytes = *Size;
      for (const auto &E : V.Extents) {
        auto N = evaluateIndexExpr(E, namesOf(E, F.TemplateParams));
        if (!N || *N <= 0)
          return std::nullopt;
        Bytes *= uint64_t(*N);
      }
      Sum += Bytes;
    }
    return Sum;
  };
  auto treeLds = [&](const IndexedFunction &K) -> std::optional<uint64_t> {
    std::set<const IndexedFunction *> Seen{&K};
    std::vector<const IndexedFunction *> Level{&K};
    uint64_t Sum = 0;
    for (unsigned Depth = 0; Depth <= 8 && !Level.empty(); ++Depth) {
      std::vector<const IndexedFunction *> Next;
      for (const IndexedFunction *F : Level) {
        auto Own = ownLds(*F);
        if (!Own)
          return std::nullopt;
        Sum += *Own;
        for (const std::string &C : F->Callees) {
          auto [B, E] = ByShortName.equal_range(C);
          std::vector<const IndexedFunction *> Candidates;
          for (auto It = B; It != E; ++It)
            if (!It->second->Kernel)
              Candidates.push_back(It->second);
          if (Candidates.size() > 1) {
            // Overloads or same-named functions in several files: unknown if any keeps LDS.
            for (const IndexedFunction *X : Candidates)
              if (!X->Shared.empty())
                return std::nullopt;
            continue;
          }
          if (Candidates.size() == 1 && Seen.insert(Candidates[0]).second)
            Next.push_back(Candidates[0]);
        }
      }
      Level = std::move(Next);
    }
    return Sum;
  };

  ProjectIndex Index;
  for (const auto &[Path, Display, Facts] : Files)
    for (const IndexedFunction &F : Facts->Functions) {
      if (!F.Kernel || F.Internal)
        continue;
      KernelDefinition K;
      K.Name = F.Name;
      K.Params = F.Params;
      K.File = Path;
      K.Display = Display;
      K.Line = F.Line;
      K.HasBounds = F.HasBounds;
      K.FlatWorkGroupSize = F.FlatWorkGroupSize;
      K.TemplateParams = F.TemplateParams;
      if (F.HasBounds) {
        K.BoundsExpr = F.BoundsExpr;
        std::map<std::string, int64_t> Names = namesOf(F.BoundsExpr, F.TemplateParams);
        K.Bindings.insert(Names.begin(), Names.end());
        if (auto V = evaluateIndexExpr(F.BoundsExpr, Names); V && *V > 0)
          K.MaxThreads = uint64_t(*V);
      }
      K.StaticLdsBytes = treeLds(F);
      Index.Kernels.push_back(std::move(K));
    }
  std::sort(Index.Kernels.begin(), Index.Kernels.end(), [](const KernelDefinition &A, const KernelDefinition &B) {
    return std::tie(A.Name, A.File, A.Line) < std::tie(B.Name, B.File, B.Line);
  });
  Index.rebuildLookup();
  return Index;
}

ProjectIndex ProjectIndex::fromDefinitions(std::vector<KernelDefinition> Definitions) {
  ProjectIndex Index;
  auto Key = [](const KernelDefinition &K) { return std::tie(K.Name, K.Params, K.File, K.Line); };
  std::sort(Definitions.begin(), Definitions.end(),
            [&](const KernelDefinition &A, const KernelDefinition &B) { return Key(A) < Key(B); });
  for (KernelDefinition &K : Definitions) {
    // The same definition parsed by two translation units with different flags can disagree
    // (a bound under #ifdef): then it is unknown, as two definitions that disagree are.
    if (!Index.Kernels.empty() && Key(Index.Kernels.back()) == Key(K)) {
      KernelDefinition &Prev = Index.Kernels.back();
      if (Prev.MaxThreads != K.MaxThreads || Prev.BoundsExpr != K.BoundsExpr || Prev.HasBounds != K.HasBounds)
        Prev.MaxThreads.reset(), Prev.BoundsExpr.clear();
      if (Prev.StaticLdsBytes != K.StaticLdsBytes)
        Prev.StaticLdsBytes.reset();
      continue;
    }
    Index.Kernels.push_back(std::move(K));
  }
  std::sort(Index.Kernels.begin(), Index.Kernels.end(), [](const KernelDefinition &A, const KernelDefinition &B) {
    return std::tie(A.Name, A.File, A.Line) < std::tie(B.Name, B.File, B.Line);
  });
  Index.rebuildLookup();
  return Index;
}

void ProjectIndex::rebuildLookup() {
  ByName.clear();
  for (size_t I = 0; I < Kernels.size(); ++I)
    ByName.emplace(Kernels[I].Name, I);
}

static thread_local IndexLookupRecorder *CurrentRecorder = nullptr;

IndexLookupRecorder::IndexLookupRecorder() : Outer(CurrentRecorder) { CurrentRecorder = this; }
IndexLookupRecorder::~IndexLookupRecorder() { CurrentRecorder = Outer; }

const KernelDefinition *ProjectIndex::find(const std::string &QualifiedName, unsigned Params) const {
  if (IndexLookupRecorder *R = CurrentRecorder) {
    std::pair<std::string, unsigned> Key(QualifiedName, Params);
    if (std::find(R->Lookups.begin(), R->Lookups.end(), Key) == R->Lookups.end())
      R->Lookups.push_back(std::move(Key));
  }
  const KernelDefinition *Found = nullptr;
  auto [B, E] = ByName.equal_range(QualifiedName);
  for (auto It = B; It != E; ++It) {
    const KernelDefinition &K = Kernels[It->second];
    if (K.Params != Params)
      continue;
    // The same definition seen twice (a header indexed through two inputs) is one; two that
    // disagree (a kernel per #if branch, per build variant) say nothing.
    if (Found && (Found->File != K.File || Found->Line != K.Line) &&
        (Found->BoundsExpr != K.BoundsExpr || Found->StaticLdsBytes != K.StaticLdsBytes ||
         Found->HasBounds != K.HasBounds))
      return nullptr;
    if (!Found)
      Found = &K;
  }
  return Found;
}

static constexpr int IndexFormatVersion = 1;

std::string ProjectIndex::toJson() const {
  nlohmann::json J;
  J["version"] = IndexFormatVersion;
  J["kernels"] = nlohmann::json::array();
  for (const KernelDefinition &K : Kernels) {
    nlohmann::json E;
    E["name"] = K.Name;
    E["params"] = K.Params;
    E["file"] = K.File;
    E["display"] = K.Display;
    E["line"] = K.Line;
    E["hasBounds"] = K.HasBounds;
    E["flatWorkGroupSize"] = K.FlatWorkGroupSize;
    if (K.MaxThreads)
      E["maxThreads"] = *K.MaxThreads;
    E["boundsExpr"] = K.BoundsExpr;
    E["bindings"] = K.Bindings;
    E["templateParams"] = K.TemplateParams;
    if (K.StaticLdsBytes)
      E["staticLdsBytes"] = *K.StaticLdsBytes;
    J["kernels"].push_back(std::move(E));
  }
  return J.dump(1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

std::optional<ProjectIndex> ProjectIndex::fromJson(const std::string &Text, std::string &Error) {
  // nlohmann's parser recurses once per level: a file of '[' must fail here, quickly.
  if (!jsonDepthWithin(Text, 16)) {
    Error = "nested deeper than a project index is";
    return std::nullopt;
  }
  nlohmann::json J = nlohmann::json::parse(Text, nullptr, /*allow_exceptions=*/false);
  if (J.is_discarded() || !J.is_object()) {
    Error = "not JSON";
    return std::nullopt;
  }
  if (!J.contains("version") || J["version"] != IndexFormatVersion || !J.contains("kernels") ||
      !J["kernels"].is_array()) {
    Error = "not a project index of this version";
    return std::nullopt;
  }
  ProjectIndex Index;
  try {
    for (const auto &E : J["kernels"]) {
      KernelDefinition K;
      K.Name = E.at("name").get<std::string>();
      K.Params = E.at("params").get<unsigned>();
      K.File = E.at("file").get<std::string>();
      K.Display = E.value("display", K.File);
      K.Line = E.at("line").get<unsigned>();
      K.HasBounds = E.value("hasBounds", false);
      K.FlatWorkGroupSize = E.value("flatWorkGroupSize", false);
      if (E.contains("maxThreads"))
        K.MaxThreads = E["maxThreads"].get<uint64_t>();
      K.BoundsExpr = E.value("boundsExpr", std::vector<std::string>{});
      K.Bindings = E.value("bindings", std::map<std::string, uint64_t>{});
      K.TemplateParams = E.value("templateParams", std::vector<std::string>{});
      if (E.contains("staticLdsBytes"))
        K.StaticLdsBytes = E["staticLdsBytes"].get<uint64_t>();
      Index.Kernels.push_back(std::move(K));
    }
  } catch (const nlohmann::json::exception &X) {
    Error = std::string("malformed entry: ") + X.what();
    return std::nullopt;
  }
  Index.rebuildLookup();
  return Index;
}

std::string fileFactsToJson(const FileFacts &F) {
  nlohmann::json J;
  J["constants"] = F.Constants;
  J["includes"] = nlohmann::json::array();
  for (const IndexedInclude &Inc : F.Includes)
    J["includes"].push_back({{"spelled", Inc.Spelled}, {"line", Inc.Line}, {"offHip", Inc.OffHip}});
  J["functions"] = nlohmann::json::array();
  for (const IndexedFunction &Fn : F.Functions) {
    nlohmann::json E;
    E["name"] = Fn.Name;
    E["params"] = Fn.Params;
    E["line"] = Fn.Line;
    E["kernel"] = Fn.Kernel;
    E["internal"] = Fn.Internal;
    E["templateParams"] = Fn.TemplateParams;
    E["hasBounds"] = Fn.HasBounds;
    E["flat"] = Fn.FlatWorkGroupSize;
    E["boundsExpr"] = Fn.BoundsExpr;
    E["boundsSpelling"] = Fn.BoundsSpelling;
    E["callees"] = Fn.Callees;
    E["shared"] = nlohmann::json::array();
    for (const IndexedSharedVar &V : Fn.Shared)
      E["shared"].push_back({{"type", V.Type}, {"extents", V.Extents}, {"known", V.Known}});
    J["functions"].push_back(std::move(E));
  }
  return J.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::optional<FileFacts> fileFactsFromJson(const std::string &Text) {
  if (!jsonDepthWithin(Text, 16))
    return std::nullopt;
  nlohmann::json J = nlohmann::json::parse(Text, nullptr, /*allow_exceptions=*/false);
  if (J.is_discarded() || !J.is_object())
    return std::nullopt;
  FileFacts F;
  try {
    F.Constants = J.at("constants").get<std::map<std::string, std::vector<std::string>>>();
    for (const auto &Inc : J.at("includes"))
      F.Includes.push_back({Inc.at("spelled"), Inc.at("line"), Inc.at("offHip")});
    for (const auto &E : J.at("functions")) {
      IndexedFunction Fn;
      Fn.Name = E.at("name");
      Fn.Params = E.at("params");
      Fn.Line = E.at("line");
      Fn.Kernel = E.at("kernel");
      Fn.Internal = E.at("internal");
      Fn.TemplateParams = E.at("templateParams").get<std::vector<std::string>>();
      Fn.HasBounds = E.at("hasBounds");
      Fn.FlatWorkGroupSize = E.at("flat");
      Fn.BoundsExpr = E.at("boundsExpr").get<std::vector<std::string>>();
      Fn.BoundsSpelling = E.at("boundsSpelling");
      Fn.Callees = E.at("callees").get<std::vector<std::string>>();
      for (const auto &V : E.at("shared"))
        Fn.Shared.push_back({V.at("type"), V.at("extents").get<std::vector<std::vector<std::string>>>(),
                             V.at("known")});
      F.Functions.push_back(std::move(Fn));
    }
  } catch (const nlohmann::json::exception &) {
    return std::nullopt;
  }
  return F;
}

void setProcessProjectIndex(std::shared_ptr<const ProjectIndex> Index) {
  std::lock_guard<std::mutex> L(ProcessIndexMu);
  ProcessIndex = std::move(Index);
}

std::shared_ptr<const ProjectIndex> processProjectIndex() {
  std::lock_guard<std::mutex> L(ProcessIndexMu);
  return ProcessIndex;
}

} // namespace rocmtidy
