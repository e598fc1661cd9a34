#include "ast/DeviceSplitMacros.h"

#include "core/WarpTables.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/Preprocessor.h"

#include <map>

using namespace clang;

namespace rocmtidy {

bool DeviceSplitMacros::isDeviceOnlyMacro(llvm::StringRef Name) {
  if (Name == "__AMDGCN__" || Name == "__AMDGPU__" || Name == "__AMDGCN_WAVEFRONT_SIZE" ||
      Name == "__AMDGCN_WAVEFRONT_SIZE__" || Name == "__HIP_DEVICE_COMPILE__")
    return true;
  return llvm::is_contained(perTargetMacros(), Name);
}

const DeviceSplitMacro *DeviceSplitMacros::atHostValue(SourceLocation SpellingLoc) const {
  for (const DeviceSplitMacro &S : Splits)
    if (S.HostValueLoc == SpellingLoc)
      return &S;
  return nullptr;
}

// ---------------------------------------------------------------------------------------------
// Condition evaluation: the subset of '#if' expressions that choose a width (defined, !, &&, ||,
// comparisons, parentheses, integers and object-like integer macros).

namespace {

bool targetDefines(const GpuTarget &T, llvm::StringRef Name) { return llvm::is_contained(macrosOfTarget(T), Name); }

class DeviceEvaluator {
public:
  DeviceEvaluator(const std::vector<CondToken> &Toks, const GpuTarget &T) : Toks(Toks), T(T) {}

  std::optional<int64_t> run() {
    std::optional<int64_t> V = orExpr();
    return Pos == Toks.size() ? V : std::nullopt;
  }

private:
  bool isPunct(llvm::StringRef P) const {
    return Pos < Toks.size() && Toks[Pos].K == CondToken::Punct && Toks[Pos].Text == P;
  }
  bool eat(llvm::StringRef P) {
    if (!isPunct(P))
      return false;
    ++Pos;
    return true;
  }
  // Whether the device pass defines Name, and its value there.
  bool defined(const CondToken &Tok) const {
    // Another target's macro (__gfx1030__ for gfx942) stays undefined.
    return Tok.HostDefined || targetDefines(T, Tok.Text) ||
           (DeviceSplitMacros::isDeviceOnlyMacro(Tok.Text) && !llvm::is_contained(perTargetMacros(), Tok.Text));
  }
  std::optional<int64_t> valueOf(const CondToken &Tok) const {
    if (Tok.Text == "__AMDGCN_WAVEFRONT_SIZE" || Tok.Text == "__AMDGCN_WAVEFRONT_SIZE__")
      return T.defaultWavefront();
    if (!Tok.HostDefined)
      return defined(Tok) ? 1 : 0;
    return Tok.HostValue;
  }

  std::optional<int64_t> orExpr() {
    std::optional<int64_t> L = andExpr();
    while (L && eat("||")) {
      std::optional<int64_t> R = andExpr();
      L = R ? std::optional<int64_t>(*L || *R) : std::nullopt;
    }
    return L;
  }
  std::optional<int64_t> andExpr() {
    std::optional<int64_t> L = compareExpr();
    while (L && eat("&&")) {
      std::optional<int64_t> R = compareExpr();
      L = R ? std::optional<int64_t>(*L && *R) : std::nullopt;
    }
    return L;
  }
  std::optional<int64_t> compareExpr() {
    std::optional<int64_t> L = unary();
    for (const char *Op : {"==", "!=", "<=", ">=", "<", ">"}) {
      if (!L || !eat(Op))
        continue;
      std::optional<int64_t> R = unary();
      if (!R)
        return std::nullopt;
      llvm::StringRef O = Op;
      return O == "=="   ? *L == *R
             : O == "!=" ? *L != *R
             : O == "<=" ? *L <= *R
             : O == ">=" ? *L >= *R
             : O == "<"  ? *L < *R
                         : *L > *R;
    }
    return L;
  }
  std::optional<int64_t> unary() {
    if (eat("!")) {
      std::optional<int64_t> V = unary();
      return V ? std::optional<int64_t>(!*V) : std::nullopt;
    }
    if (eat("(")) {
      std::optional<int64_t> V = orExpr();
      return V && eat(")") ? V : std::nullopt;
    }
    if (Pos >= Toks.size())
      return std::nullopt;
    const CondToken &Tok = Toks[Pos++];
    if (Tok.K == CondToken::Int)
      return Tok.Value;
    if (Tok.K == CondToken::Defined)
      return definedOperand();
    if (Tok.K == CondToken::Ident)
      return valueOf(Tok);
    return std::nullopt;
  }
  std::optional<int64_t> definedOperand() {
    bool Paren = eat("(");
    if (Pos >= Toks.size() || Toks[Pos].K != CondToken::Ident)
      return std::nullopt;
    int64_t V = defined(Toks[Pos++]);
    if (Paren && !eat(")"))
      return std::nullopt;
    return V;
  }

  const std::vector<CondToken> &Toks;
  const GpuTarget &T;
  size_t Pos = 0;
};

} // namespace

std::optional<int64_t> evaluateForDevice(const std::vector<CondToken> &Cond, const GpuTarget &Target) {
  return DeviceEvaluator(Cond, Target).run();
}

// ---------------------------------------------------------------------------------------------
// Recording the chains.

namespace {

// An integer literal's value, or std::nullopt (suffixes u/l allowed).
std::optional<int64_t> integerOf(llvm::StringRef Spelling) {
  Spelling = Spelling.rtrim("uUlL");
  uint64_t V = 0;
  if (Spelling.getAsInteger(0, V) || V > uint64_t(INT64_MAX))
    return std::nullopt;
  return int64_t(V);
}

struct ArmDefine {
  int64_t Value;
  SourceLocation NameLoc, ValueLoc;
};

struct Arm {
  SourceLocation Loc; ///< the directive's name token ('if', 'elif', 'else')
  std::vector<CondToken> Cond;
  bool Known = true; ///< the condition was read
  bool IsElse = false;
  bool Taken = false;
  std::map<std::string, ArmDefine> Defines;
};

struct Chain {
  std::vector<Arm> Arms;
  std::string DeviceMacro; ///< a device-only macro some condition names ("" if none)
  bool System = false;     ///< in a system header: kept for the nesting, never read
};

} // namespace

class DeviceSplitCallbacks : public PPCallbacks {
public:
  DeviceSplitCallbacks(DeviceSplitMacros &Out, const SourceManager &SM, Preprocessor &PP) : Out(Out), SM(SM), PP(PP) {
    Out.Splits.clear();
  }

  void If(SourceLocation Loc, SourceRange Cond, ConditionValueKind V) override {
    open(Loc);
    addArm(Loc, Cond, V == CVK_True);
  }
  void Elif(SourceLocation Loc, SourceRange Cond, ConditionValueKind V, SourceLocation) override {
    if (!Open.empty())
      addArm(Loc, Cond, V == CVK_True);
  }
  void Ifdef(SourceLocation Loc, const Token &Name, const MacroDefinition &MD) override {
    open(Loc);
    addDefinedArm(Loc, Name, bool(MD), false);
  }
  void Ifndef(SourceLocation Loc, const Token &Name, const MacroDefinition &MD) override {
    open(Loc);
    addDefinedArm(Loc, Name, !MD, true);
  }
  // '#elifdef' and '#elifndef' (C23): the chain is not read.
  void Elifdef(SourceLocation Loc, const Token &, const MacroDefinition &) override { unknownArm(Loc); }
  void Elifdef(SourceLocation Loc, SourceRange, SourceLocation) override { unknownArm(Loc); }
  void Elifndef(SourceLocation Loc, const Token &, const MacroDefinition &) override { unknownArm(Loc); }
  void Elifndef(SourceLocation Loc, SourceRange, SourceLocation) override { unknownArm(Loc); }
  void Else(SourceLocation Loc, SourceLocation) override {
    if (Open.empty())
      return;
    bool AnyTaken = llvm::any_of(Open.back().Arms, [](const Arm &A) { return A.Taken; });
    Arm A;
    A.Loc = Loc;
    A.IsElse = true;
    A.Taken = !AnyTaken;
    Open.back().Arms.push_back(std::move(A));
  }
  void Endif(SourceLocation Loc, SourceLocation) override {
    if (Open.empty())
      return;
    Chain C = std::move(Open.back());
    Open.pop_back();
    if (!C.DeviceMacro.empty() && Loc.isFileID() && !SM.isInSystemHeader(Loc))
      analyse(C, Loc);
  }

private:
  void open(SourceLocation Loc) {
    Open.emplace_back();
    Open.back().System = SM.isInSystemHeader(Loc);
  }
  void unknownArm(SourceLocation Loc) {
    if (Open.empty())
      return;
    Arm A;
    A.Loc = Loc;
    A.Known = false;
    Open.back().Arms.push_back(std::move(A));
  }
  CondToken identToken(llvm::StringRef Name) {
    CondToken T;
    T.K = CondToken::Ident;
    T.Text = Name.str();
    if (const IdentifierInfo *II = PP.getIdentifierInfo(Name); II && PP.isMacroDefined(II)) {
      T.HostDefined = true;
      const MacroInfo *MI = PP.getMacroInfo(II);
      if (MI && !MI->isFunctionLike() && MI->getNumTokens() == 1 && MI->getReplacementToken(0).isLiteral())
        T.HostValue = integerOf(PP.getSpelling(MI->getReplacementToken(0)));
    }
    // Clang defines the wavefront macros and __AMDGCN__ in the host pass of a HIP compile too.
    if (!T.HostDefined && DeviceSplitMacros::isDeviceOnlyMacro(Name) && Open.back().DeviceMacro.empty())
      Open.back().DeviceMacro = Name.str();
    return T;
  }
  void addDefinedArm(SourceLocation Loc, const Token &Name, bool Taken, bool Negated) {
    Arm A;
    A.Loc = Loc;
    A.Taken = Taken;
    const IdentifierInfo *II = Name.getIdentifierInfo();
    A.Known = II != nullptr;
    if (II && !Open.back().System) {
      if (Negated)
        A.Cond.push_back({CondToken::Punct, "!"});
      A.Cond.push_back({CondToken::Defined, "defined"});
      A.Cond.push_back(identToken(II->getName()));
    }
    Open.back().Arms.push_back(std::move(A));
  }
  void addArm(SourceLocation Loc, SourceRange Cond, bool Taken) {
    Arm A;
    A.Loc = Loc;
    A.Taken = Taken;
    A.Known = !Open.back().System && readCondition(Cond, A.Cond);
    Open.back().Arms.push_back(std::move(A));
  }
  std::vector<std::vector<Token>> rawLines(SourceLocation Begin, SourceLocation End) const;
  bool readCondition(SourceRange R, std::vector<CondToken> &Out);
  void readDefines(Arm &A, SourceLocation End);
  void analyse(Chain &C, SourceLocation EndifLoc);

  DeviceSplitMacros &Out;
  const SourceManager &SM;
  Preprocessor &PP;
  std::vector<Chain> Open;
};

// The raw tokens of [Begin, End) in one file, split into lines.
std::vector<std::vector<Token>> DeviceSplitCallbacks::rawLines(SourceLocation Begin, SourceLocation End) const {
  std::vector<std::vector<Token>> Lines;
  if (!Begin.isFileID() || !End.isFileID() || SM.getFileID(Begin) != SM.getFileID(End))
    return Lines;
  FileID F = SM.getFileID(Begin);
  bool Invalid = false;
  llvm::StringRef Buffer = SM.getBufferData(F, &Invalid);
  if (Invalid)
    return Lines;
  unsigned Stop = SM.getFileOffset(End);
  Lexer L(SM.getLocForStartOfFile(F), PP.getLangOpts(), Buffer.begin(), Buffer.begin() + SM.getFileOffset(Begin),
          Buffer.end());
  Token Tok;
  for (;;) {
    L.LexFromRawLexer(Tok);
    if (Tok.is(tok::eof) || SM.getFileOffset(Tok.getLocation()) >= Stop)
      break;
    if (Lines.empty() || Tok.isAtStartOfLine())
      Lines.emplace_back();
    Lines.back().push_back(Tok);
  }
  return Lines;
}

bool DeviceSplitCallbacks::readCondition(SourceRange R, std::vector<CondToken> &Out) {
  if (R.isInvalid() || !R.getEnd().isFileID())
    return false;
  SourceLocation End = Lexer::getLocForEndOfToken(R.getEnd(), 0, SM, PP.getLangOpts());
  for (const std::vector<Token> &Line : rawLines(R.getBegin(), End))
    for (const Token &Tok : Line) {
      if (Tok.is(tok::raw_identifier)) {
        llvm::StringRef Name = Tok.getRawIdentifier();
        if (Name == "defined")
          Out.push_back({CondToken::Defined, "defined"});
        else
          Out.push_back(identToken(Name));
      } else if (Tok.is(tok::numeric_constant)) {
        std::optional<int64_t> V = integerOf(llvm::StringRef(Tok.getLiteralData(), Tok.getLength()));
        if (!V)
          return false;
        Out.push_back({CondToken::Int, "", *V});
      } else if (const char *P = tok::getPunctuatorSpelling(Tok.getKind())) {
        Out.push_back({CondToken::Punct, P});
      } else {
        return false;
      }
    }
  return !Out.empty();
}

// The arm's own '#define NAME <integer>' lines, from its raw text (the arms the host skips too):
// nested chains are skipped, since their arms are not this arm's choice.
void DeviceSplitCallbacks::readDefines(Arm &A, SourceLocation End) {
  int Depth = 0;
  for (const std::vector<Token> &Line : rawLines(A.Loc, End)) {
    if (Line.size() < 2 || Line[0].isNot(tok::hash) || Line[1].isNot(tok::raw_identifier))
      continue;
    llvm::StringRef D = Line[1].getRawIdentifier();
    if (D.starts_with("if"))
      ++Depth;
    else if (D == "endif")
      --Depth;
    // An object-like macro whose whole body is one integer.
    if (D != "define" || Depth != 0 || Line.size() != 4 || Line[2].isNot(tok::raw_identifier) ||
        Line[3].isNot(tok::numeric_constant))
      continue;
    if (std::optional<int64_t> V = integerOf(llvm::StringRef(Line[3].getLiteralData(), Line[3].getLength())))
      A.Defines[Line[2].getRawIdentifier().str()] = {*V, Line[2].getLocation(), Line[3].getLocation()};
  }
}

void DeviceSplitCallbacks::analyse(Chain &C, SourceLocation EndifLoc) {
  const Arm *Host = nullptr;
  for (size_t I = 0; I < C.Arms.size(); ++I) {
    readDefines(C.Arms[I], I + 1 < C.Arms.size() ? C.Arms[I + 1].Loc : EndifLoc);
    if (C.Arms[I].Taken && !Host)
      Host = &C.Arms[I];
  }
  if (!Host || Host->Defines.empty())
    return;
  for (const GpuTarget *T : Out.Targets) {
    const Arm *Device = nullptr;
    for (const Arm &A : C.Arms) {
      if (!A.Known)
        break;
      std::optional<int64_t> V = A.IsElse ? std::optional<int64_t>(1) : evaluateForDevice(A.Cond, *T);
      if (!V)
        break;
      if (*V) {
        Device = &A;
        break;
      }
    }
    if (!Device || Device == Host)
      continue;
    for (const auto &[Name, HostDef] : Host->Defines) {
      auto It = Device->Defines.find(Name);
      if (It == Device->Defines.end() || It->second.Value == HostDef.Value || Out.atHostValue(HostDef.ValueLoc))
        continue;
      Out.Splits.push_back(
          {Name, HostDef.Value, It->second.Value, HostDef.ValueLoc, It->second.NameLoc, T, C.DeviceMacro});
    }
  }
}

std::unique_ptr<PPCallbacks> DeviceSplitMacros::callbacks(const SourceManager &SM, Preprocessor &PP) {
  return std::make_unique<DeviceSplitCallbacks>(*this, SM, PP);
}

} // namespace rocmtidy
