// Constant uses of 'warpSize' in code the compiler dropped: with a header missing (a third-party
// SDK, a project header the command does not reach), declarations that name its types are
// discarded during error recovery, and the 'warpSize' written in them never reaches the AST
// ('hipcub::WarpReduce<float, warpSize>', 'Sequence<0, warpSize * N>{}', 'constexpr auto n =
// warpSize * Unknown;'). Only then, and only in the main file, the tokens the compiler lexed
// decide: a template argument list, a constexpr initialiser, a static_assert, the return of a
// constexpr function.

#include "WarpSizeConstexprCheck.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/STLExtras.h"

#include <optional>

namespace clang::tidy::rocm {

namespace {

struct Tok {
  tok::TokenKind Kind;
  StringRef Text; // identifiers and keywords (raw identifiers)
  SourceLocation Loc;
};

bool isIdent(const Tok &T) { return T.Kind == tok::raw_identifier; }
bool isStatementEdge(const Tok &T) { return T.Kind == tok::semi || T.Kind == tok::l_brace || T.Kind == tok::r_brace; }

// Tokens[I] stands inside 'Name< ... >': an unmatched '<' after an identifier, closed by a '>'
// before the statement ends, with no '&&', '||' or unbalanced bracket in between (which would
// make it a comparison).
bool inTemplateArguments(const std::vector<Tok> &Tokens, size_t I) {
  int Depth = 0;
  size_t Open = 0;
  bool Found = false;
  for (size_t J = I; J-- > 0 && !Found;) {
    const Tok &T = Tokens[J];
    if (isStatementEdge(T))
      return false;
    if (T.Kind == tok::r_paren || T.Kind == tok::r_square || T.Kind == tok::greater)
      ++Depth;
    else if (T.Kind == tok::l_paren || T.Kind == tok::l_square)
      Depth = Depth ? Depth - 1 : -1;
    else if (T.Kind == tok::less && Depth == 0 && J > 0 && isIdent(Tokens[J - 1]))
      Open = J, Found = true;
    else if (T.Kind == tok::less && Depth > 0)
      --Depth;
    if (Depth < 0 || T.Kind == tok::ampamp || T.Kind == tok::pipepipe)
      return false;
  }
  if (!Found)
    return false;
  Depth = 0;
  for (size_t J = I + 1; J < Tokens.size(); ++J) {
    const Tok &T = Tokens[J];
    if (isStatementEdge(T) || T.Kind == tok::ampamp || T.Kind == tok::pipepipe)
      return false;
    if (T.Kind == tok::l_paren || T.Kind == tok::l_square || T.Kind == tok::less)
      ++Depth;
    else if (T.Kind == tok::r_paren || T.Kind == tok::r_square)
      if (--Depth < 0)
        return false;
    if (T.Kind == tok::greater && Depth-- == 0)
      return Open > 0;
  }
  return false;
}

// The statement holding Tokens[I] starts with 'constexpr' / 'static constexpr' / 'static_assert'
// and Tokens[I] follows its '=' (or is inside the assertion).
const char *statementContext(const std::vector<Tok> &Tokens, size_t I) {
  size_t Start = I;
  bool SawAssign = false;
  while (Start > 0 && !isStatementEdge(Tokens[Start - 1])) {
    --Start;
    SawAssign = SawAssign || Tokens[Start].Kind == tok::equal;
  }
  for (size_t J = Start; J < I && J < Start + 3; ++J) {
    if (!isIdent(Tokens[J]))
      break;
    if (Tokens[J].Text == "static_assert")
      return "a static_assert condition";
    if (Tokens[J].Text == "constexpr" || Tokens[J].Text == "constinit")
      return SawAssign ? "a constexpr initializer" : nullptr;
    if (Tokens[J].Text != "static" && Tokens[J].Text != "inline")
      break;
  }
  return nullptr;
}

// 'int warpSize', 'typename T, int warpSize', 'auto warpSize': a word before the name that is a
// type or a declarator keyword, not one that starts an expression ('return warpSize').
bool declaresName(const Tok &Before) {
  if (!isIdent(Before))
    return false;
  static const llvm::StringRef ExpressionStarts[] = {"return", "case", "sizeof",    "alignof",  "throw",
                                                     "else",   "do",   "co_return", "co_yield", "not"};
  return !llvm::is_contained(ExpressionStarts, Before.Text);
}

// The index of the unmatched Open token before Tokens[End] (Close tokens between them nest).
std::optional<size_t> openerBefore(const std::vector<Tok> &Tokens, size_t End, tok::TokenKind Open,
                                   tok::TokenKind Close) {
  int Depth = 0;
  for (size_t J = End; J > 0; --J) {
    tok::TokenKind K = Tokens[J - 1].Kind;
    if (K == Close)
      ++Depth;
    else if (K == Open && Depth == 0)
      return J - 1;
    else if (K == Open)
      --Depth;
  }
  return std::nullopt;
}

// 'return warpSize;' directly in the body of a function whose head says 'constexpr' or
// 'consteval': the function's name, else "".
StringRef constexprFunctionReturning(const std::vector<Tok> &Tokens, size_t I) {
  if (I < 2 || I + 1 >= Tokens.size() || Tokens[I - 1].Text != "return" || Tokens[I + 1].Kind != tok::semi)
    return "";
  std::optional<size_t> Body = openerBefore(Tokens, I - 1, tok::l_brace, tok::r_brace);
  if (!Body)
    return "";
  // The body's '{' follows the parameter list's ')' (after 'const' or 'noexcept').
  size_t J = *Body;
  while (J > 0 && isIdent(Tokens[J - 1]) && (Tokens[J - 1].Text == "const" || Tokens[J - 1].Text == "noexcept"))
    --J;
  if (J == 0 || Tokens[J - 1].Kind != tok::r_paren)
    return "";
  std::optional<size_t> Params = openerBefore(Tokens, J - 1, tok::l_paren, tok::r_paren);
  if (!Params || *Params == 0 || !isIdent(Tokens[*Params - 1]))
    return "";
  StringRef Name = Tokens[*Params - 1].Text;
  static const llvm::StringRef Statements[] = {"if", "for", "while", "switch", "catch"};
  if (llvm::is_contained(Statements, Name))
    return "";
  for (size_t K = *Params - 1; K > 0 && !isStatementEdge(Tokens[K - 1]); --K)
    if (Tokens[K - 1].Text == "constexpr" || Tokens[K - 1].Text == "consteval")
      return Name;
  return "";
}

// Tokens[I] is inside a launch's '<<< ... >>>', which the host evaluates.
bool inLaunchConfig(const std::vector<Tok> &Tokens, size_t I) {
  for (size_t J = I; J > 0;) {
    --J;
    if (isStatementEdge(Tokens[J]))
      break;
    if (Tokens[J].Kind == tok::greatergreatergreater)
      return false;
    if (Tokens[J].Kind == tok::lesslessless)
      return true;
  }
  return false;
}

// The function whose body holds a token, read from its head (the words from the previous
// statement up to its name).
struct FunctionText {
  size_t Name = 0;
  bool Device = false; // a word names device code: '__device__', '__global__', 'HOST_DEVICE', 'KERNEL'
  bool Host = false;   // a word names host code: '__host__', 'HOST_DEVICE'
};

std::optional<FunctionText> enclosingFunction(const std::vector<Tok> &Tokens, size_t I) {
  static const llvm::StringRef Statements[] = {"if", "for", "while", "switch", "catch"};
  static const llvm::StringRef Trailing[] = {"const", "noexcept", "override", "final"};
  for (size_t End = I; std::optional<size_t> Open = openerBefore(Tokens, End, tok::l_brace, tok::r_brace);
       End = *Open) {
    size_t J = *Open;
    while (J > 0 && isIdent(Tokens[J - 1]) && llvm::is_contained(Trailing, Tokens[J - 1].Text))
      --J;
    if (J == 0 || Tokens[J - 1].Kind == tok::r_square)
      return std::nullopt; // a lambda runs where it is called from
    if (Tokens[J - 1].Kind != tok::r_paren)
      continue;
    std::optional<size_t> Params = openerBefore(Tokens, J - 1, tok::l_paren, tok::r_paren);
    if (!Params || *Params == 0 || Tokens[*Params - 1].Kind == tok::r_square)
      return std::nullopt;
    if (!isIdent(Tokens[*Params - 1]) || llvm::is_contained(Statements, Tokens[*Params - 1].Text))
      continue;
    FunctionText F;
    F.Name = *Params - 1;
    for (size_t K = *Params; K > 0 && !isStatementEdge(Tokens[K - 1]); --K) {
      std::string Word = Tokens[K - 1].Text.lower();
      F.Device |= Word.find("device") != std::string::npos || Word.find("global") != std::string::npos ||
                  Word.find("kernel") != std::string::npos;
      F.Host |= Word.find("host") != std::string::npos;
    }
    return F;
  }
  return std::nullopt;
}

bool inHostFunctionText(const std::vector<Tok> &Tokens, size_t I) {
  std::optional<FunctionText> F = enclosingFunction(Tokens, I);
  return F && !F->Device;
}

// The main file's tokens outside directives and skipped conditional blocks.
std::vector<Tok> lexMainFile(const SourceManager &SM, const LangOptions &LO, llvm::ArrayRef<SourceRange> Skipped) {
  FileID Main = SM.getMainFileID();
  llvm::StringRef Buffer = SM.getBufferData(Main);
  Lexer Raw(SM.getLocForStartOfFile(Main), LO, Buffer.begin(), Buffer.begin(), Buffer.end());
  std::vector<Tok> Tokens;
  Token T;
  bool InDirective = false; // macro bodies are judged where the macro is used
  while (!Raw.LexFromRawLexer(T)) {
    if (T.isAtStartOfLine())
      InDirective = T.is(tok::hash);
    if (InDirective)
      continue;
    if (llvm::any_of(Skipped, [&](SourceRange R) {
          return !SM.isBeforeInTranslationUnit(T.getLocation(), R.getBegin()) &&
                 SM.isBeforeInTranslationUnit(T.getLocation(), R.getEnd());
        }))
      continue;
    StringRef Text = T.is(tok::raw_identifier) ? T.getRawIdentifier() : StringRef();
    Tokens.push_back({T.getKind(), Text, T.getLocation()});
  }
  return Tokens;
}

// Calls in dropped host code of a __host__ __device__ function the AST shows reading 'warpSize'
// (Names: the function's name and the read; Named: where the AST itself names such a function).
std::vector<std::pair<size_t, SourceLocation>> droppedHostCalls(const std::vector<Tok> &Tokens,
                                                                const llvm::StringMap<SourceLocation> &Names,
                                                                const llvm::DenseSet<SourceLocation> &Named) {
  std::vector<std::pair<size_t, SourceLocation>> Calls;
  for (size_t I = 0; I + 1 < Tokens.size(); ++I) {
    auto It = Tokens[I].Text.empty() ? Names.end() : Names.find(Tokens[I].Text);
    if (It == Names.end() || Tokens[I + 1].Kind != tok::l_paren || Named.contains(Tokens[I].Loc))
      continue;
    if (I > 0 && (Tokens[I - 1].Kind == tok::period || Tokens[I - 1].Kind == tok::arrow))
      continue;
    if (inHostFunctionText(Tokens, I))
      Calls.emplace_back(I, It->second);
  }
  return Calls;
}

} // namespace

void WarpSizeConstexprCheck::noteDropped(SourceLocation Loc) {
  diag(Loc, "read from the source text: the compiler dropped this code after an earlier error (a missing header)",
       DiagnosticIDs::Note);
}

void WarpSizeConstexprCheck::reportDroppedUses() {
  if (!PP || !PP->getDiagnostics().hasErrorOccurred())
    return;
  const SourceManager &SM = PP->getSourceManager();
  if (SM.isInSystemHeader(SM.getLocForStartOfFile(SM.getMainFileID())))
    return;
  std::vector<Tok> Tokens = lexMainFile(SM, PP->getLangOpts(), SkippedRanges);
  // A project entity of that name (a template parameter, a member, a local) makes every dropped
  // token ambiguous: the text cannot say which one it names, so none is reported.
  bool Ambiguous = UserNamesWarpSize;
  for (size_t I = 0; I + 1 < Tokens.size() && !Ambiguous; ++I)
    Ambiguous = Tokens[I + 1].Text == "warpSize" && declaresName(Tokens[I]);
  // 'warpSize' itself, or a project macro for it ('WARP_SIZE'), the AST has no reference from;
  // not a member ('Cfg::warpSize', 'p.warpSize', 'p->warpSize'), nor where the project defines
  // 'warpSize' as a macro of its own ('#define warpSize 64'): the text names that constant.
  IdentifierInfo *WarpSizeName = PP->getIdentifierInfo("warpSize");
  auto IsDropped = [&](size_t I) {
    const Tok &T = Tokens[I];
    bool Unseen = T.Text == "warpSize"
                      ? !SeenRefs.contains(T.Loc) && !PP->getMacroDefinitionAtLoc(WarpSizeName, T.Loc)
                      : !T.Text.empty() && WarpSizeMacros.contains(T.Text) && !SeenExpansions.contains(T.Loc);
    return !Ambiguous && Unseen &&
           !(I > 0 && (Tokens[I - 1].Kind == tok::coloncolon || Tokens[I - 1].Kind == tok::period ||
                       Tokens[I - 1].Kind == tok::arrow));
  };
  // The host pass alone: the device pass may see a helper's read that the host pass does not.
  if (HostReads && !PP->getLangOpts().CUDAIsDevice) {
    // Helpers whose head says both host and device, dropped with their read.
    for (size_t I = 0; I < Tokens.size(); ++I)
      if (IsDropped(I))
        if (std::optional<FunctionText> F = enclosingFunction(Tokens, I); F && F->Host && F->Device)
          HostDeviceReadNames.try_emplace(Tokens[F->Name].Text, Tokens[I].Loc);
    for (auto [I, Read] : droppedHostCalls(Tokens, HostDeviceReadNames, NamedHostDevice))
      reportHostCall(Tokens[I].Loc, Tokens[I].Text, Read, /*Dropped=*/true);
  }
  for (size_t I = 0; I < Tokens.size(); ++I) {
    if (!IsDropped(I))
      continue;
    if (StringRef Function = constexprFunctionReturning(Tokens, I); !Function.empty()) {
      if (Reported.insert(Tokens[I].Loc).second)
        reportDroppedConstexprReturn(Function, Tokens[I].Loc);
      continue;
    }
    const char *What = inTemplateArguments(Tokens, I) ? "a template argument" : statementContext(Tokens, I);
    if (!What && HostReads && inLaunchConfig(Tokens, I) && Reported.insert(Tokens[I].Loc).second) {
      diag(Tokens[I].Loc, "'warpSize' read in host code; ROCm 7 makes it a device-only value and this stops "
                          "compiling: query the device's warp size at run time (hipDeviceProp_t::warpSize or "
                          "hipDeviceGetAttribute with hipDeviceAttributeWarpSize)");
      noteDropped(Tokens[I].Loc);
      continue;
    }
    if (!What || !Reported.insert(Tokens[I].Loc).second)
      continue;
    diag(Tokens[I].Loc, "'warpSize' used as %0, which needs a compile-time constant; ROCm 7 makes 'warpSize' a "
                        "run-time value and this stops compiling: make the width a template parameter chosen at "
                        "launch from the device's warp size (hipDeviceAttributeWarpSize)")
        << What;
    noteDropped(Tokens[I].Loc);
  }
}

} // namespace clang::tidy::rocm
