#include "ast/PlatformGuards.h"

#include "core/WarpTables.h"
#include "clang/Basic/CharInfo.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"

#include <algorithm>

using namespace clang;

namespace rocmtidy {

PlatformGuards::PlatformGuards(std::vector<std::string> ProjectMacros, std::vector<std::string> TestedMacros)
    : ProjectMacros(std::move(ProjectMacros)), TestedMacros(std::move(TestedMacros)) {}

bool PlatformGuards::isTestedMacro(llvm::StringRef Name) const { return llvm::is_contained(TestedMacros, Name); }
// The vendors' own macros come from the compiler or the HIP headers: whether this parse defines
// them is what the build does. A project macro is one the project's build defines.
// A project's own switch is also recognised by its name: a word HIP or ROCM in it (CUPY_USE_HIP,
// HYPRE_USING_HIP, MYLIB_WITH_ROCM), outside the compiler's reserved names and HIP's own HIP_*.
bool PlatformGuards::isProjectMacro(llvm::StringRef Name) const {
  const WarpTables &T = warpTables();
  if (T.isAmdPlatformMacro(Name) || T.isCudaPlatformMacro(Name))
    return false;
  if (llvm::is_contained(ProjectMacros, Name))
    return true;
  if (Name.starts_with("_") || Name.starts_with("HIP_"))
    return false;
  llvm::SmallVector<llvm::StringRef, 4> Words;
  Name.split(Words, '_', -1, false);
  return llvm::any_of(Words, [](llvm::StringRef W) { return W == "HIP" || W == "ROCM"; });
}

PlatformGuards::Implication PlatformGuards::classifyMacro(llvm::StringRef Name, bool Negated) const {
  const WarpTables &T = warpTables();
  Implication I;
  auto Has = [&](const std::vector<std::string> &L) { return std::find(L.begin(), L.end(), Name) != L.end(); };
  // NVIDIA's macros first: a check's own list of platform macros may name them too.
  if (T.isCudaPlatformMacro(Name)) {
    I = {Platform::CudaOnly, Platform::Any};
  } else if (T.isAmdPlatformMacro(Name) || Has(ProjectMacros) || Has(BuildMacros)) {
    I = {Platform::AmdOnly, Platform::CudaOnly};
  } else if (Has(perTargetMacros()) ||
             ((Name.starts_with("__gfx") || Name.starts_with("__GFX")) && Name.ends_with("__"))) {
    // The table's targets, and the same spellings of older or newer ones (__GFX8__).
    // Not gfx90a may still be another AMD target.
    I = {Platform::AmdOnly, Platform::Any};
  }
  I.Mentions = I.IfTrue != Platform::Any || I.IfFalse != Platform::Any;
  I.Tests = isTestedMacro(Name);
  if (Negated)
    std::swap(I.IfTrue, I.IfFalse);
  return I;
}

namespace {

// What both of two facts say, when they hold together.
Platform both(Platform A, Platform B) {
  if (A == Platform::Any)
    return B;
  if (B == Platform::Any || A == B)
    return A;
  return Platform::Any; // contradictory: say nothing
}
// What one of two facts says, when either may hold.
Platform either(Platform A, Platform B) { return A == B ? A : Platform::Any; }

// A small parser for '#if' conditions: identifiers, 'defined', '!', '&&', '||', parentheses;
// comparisons and arithmetic attach to the identifier before them ('__AMDGCN_WAVEFRONT_SIZE == 64'
// still needs an AMD compiler).
class ConditionParser {
public:
  ConditionParser(llvm::StringRef Text, const PlatformGuards &G, llvm::function_ref<bool(llvm::StringRef)> IsDefined)
      : G(G), IsDefined(IsDefined) {
    for (size_t I = 0; I < Text.size();) {
      char C = Text[I];
      if (isAsciiIdentifierStart(C)) {
        size_t J = I;
        while (J < Text.size() && isAsciiIdentifierContinue(Text[J]))
          ++J;
        Tokens.push_back(Text.slice(I, J));
        I = J;
      } else if ((C == '&' || C == '|') && I + 1 < Text.size() && Text[I + 1] == C) {
        Tokens.push_back(Text.substr(I, 2));
        I += 2;
      } else if (C == '!' && !(I + 1 < Text.size() && Text[I + 1] == '=')) {
        Tokens.push_back(Text.substr(I, 1));
        ++I;
      } else if (C == '(' || C == ')') {
        Tokens.push_back(Text.substr(I, 1));
        ++I;
      } else if (isWhitespace(C)) {
        ++I;
      } else {
        // Numbers and other operators: one opaque token each run.
        size_t J = I + 1;
        while (J < Text.size() && !isWhitespace(Text[J]) && !isAsciiIdentifierStart(Text[J]) && Text[J] != '(' &&
               Text[J] != ')' && Text[J] != '&' && Text[J] != '|' && Text[J] != '!')
          ++J;
        Tokens.push_back("#");
        I = J;
      }
    }
  }
  PlatformGuards::Implication parse() {
    PlatformGuards::Implication I = orExpr();
    // Not understood: it selects nothing, but a vendor or target macro in it still makes the
    // chain a platform switch.
    const bool Understood = Pos == Tokens.size();
    if (!Understood)
      I = {};
    // A tested macro counts wherever it stands, also as an operand the parser skips
    // ('HIP_VERSION_MAJOR * 100 + HIP_VERSION_MINOR >= 602').
    for (llvm::StringRef T : Tokens) {
      if (!isAsciiIdentifierStart(T[0]))
        continue;
      PlatformGuards::Implication M = G.classifyMacro(T, false);
      I.Mentions = I.Mentions || (!Understood && M.Mentions);
      I.Tests = I.Tests || M.Tests;
      I.Unresolved = I.Unresolved || (IsDefined && G.isProjectMacro(T) && !IsDefined(T));
    }
    return I;
  }

private:
  llvm::StringRef peek() const { return Pos < Tokens.size() ? Tokens[Pos] : llvm::StringRef(); }
  PlatformGuards::Implication orExpr() {
    auto L = andExpr();
    while (peek() == "||") {
      ++Pos;
      auto R = andExpr();
      L = {either(L.IfTrue, R.IfTrue), both(L.IfFalse, R.IfFalse), L.Mentions || R.Mentions};
    }
    return L;
  }
  PlatformGuards::Implication andExpr() {
    auto L = unary();
    while (peek() == "&&") {
      ++Pos;
      auto R = unary();
      L = {both(L.IfTrue, R.IfTrue), either(L.IfFalse, R.IfFalse), L.Mentions || R.Mentions};
    }
    return L;
  }
  PlatformGuards::Implication unary() {
    if (peek() == "!") {
      ++Pos;
      auto I = unary();
      return {I.IfFalse, I.IfTrue, I.Mentions};
    }
    PlatformGuards::Implication I = primary();
    // A comparison or arithmetic after an operand: keep the operand's meaning only for a macro
    // that exists only on one platform (its value is then a detail).
    while (!peek().empty() && peek() != "&&" && peek() != "||" && peek() != ")") {
      if (peek() == "(") { // skip a parenthesised operand of the comparison
        int Depth = 0;
        do {
          if (peek() == "(")
            ++Depth;
          else if (peek() == ")")
            --Depth;
          ++Pos;
        } while (Depth > 0 && Pos < Tokens.size());
        continue;
      }
      ++Pos;
      I.IfFalse = Platform::Any;
    }
    return I;
  }
  PlatformGuards::Implication primary() {
    llvm::StringRef T = peek();
    if (T.empty())
      return {};
    ++Pos;
    if (T == "(") {
      auto I = orExpr();
      if (peek() == ")")
        ++Pos;
      return I;
    }
    if (T == "defined") {
      bool Paren = peek() == "(";
      if (Paren)
        ++Pos;
      llvm::StringRef Name = peek();
      ++Pos;
      if (Paren && peek() == ")")
        ++Pos;
      return G.classifyMacro(Name, false);
    }
    if (!T.empty() && isAsciiIdentifierStart(T[0]))
      return G.classifyMacro(T, false);
    return {};
  }

  const PlatformGuards &G;
  llvm::function_ref<bool(llvm::StringRef)> IsDefined;
  llvm::SmallVector<llvm::StringRef, 16> Tokens;
  size_t Pos = 0;
};

} // namespace

PlatformGuards::Implication
PlatformGuards::classifyCondition(llvm::StringRef Text, llvm::function_ref<bool(llvm::StringRef)> IsDefined) const {
  return ConditionParser(Text, *this, IsDefined).parse();
}

class PlatformGuardCallbacks : public PPCallbacks {
public:
  PlatformGuardCallbacks(PlatformGuards &G, const SourceManager &SM, const Preprocessor &PP)
      : G(G), SM(SM), PP(PP) {}

  // System headers (HIP's and the C++ library's hundreds of conditionals) are not the project's
  // choices: their chains are kept for balance but not read.
  void If(SourceLocation Loc, SourceRange Cond, ConditionValueKind) override {
    open(Loc, system(Loc) ? PlatformGuards::Implication{} : text(Cond));
  }
  void Ifdef(SourceLocation Loc, const Token &Name, const MacroDefinition &MD) override {
    open(Loc, system(Loc) ? PlatformGuards::Implication{} : macro(Name, MD, false));
  }
  void Ifndef(SourceLocation Loc, const Token &Name, const MacroDefinition &MD) override {
    open(Loc, system(Loc) ? PlatformGuards::Implication{} : macro(Name, MD, true));
  }
  void Elif(SourceLocation Loc, SourceRange Cond, ConditionValueKind, SourceLocation) override {
    next(Loc, system(Loc) ? PlatformGuards::Implication{} : text(Cond));
  }
  void Elifdef(SourceLocation Loc, const Token &Name, const MacroDefinition &MD) override {
    next(Loc, system(Loc) ? PlatformGuards::Implication{} : macro(Name, MD, false));
  }
  void Elifndef(SourceLocation Loc, const Token &Name, const MacroDefinition &MD) override {
    next(Loc, system(Loc) ? PlatformGuards::Implication{} : macro(Name, MD, true));
  }
  void Else(SourceLocation Loc, SourceLocation) override { next(Loc, {}); }
  void MacroDefined(const Token &Name, const MacroDirective *) override {
    const RemovedPlatformMacro *R = warpTables().removedPlatformMacro(name(Name));
    SourceLocation Loc = Name.getLocation();
    if (R && warpTables().isAmdPlatformMacro(R->Replacement) &&
        (SM.isWrittenInCommandLineFile(Loc) || SM.isWrittenInBuiltinFile(Loc)))
      G.BuildMacros.push_back(R->Name);
  }
  void Endif(SourceLocation Loc, SourceLocation) override {
    if (G.Open.empty())
      return;
    close(Loc);
    const Chain &C = G.Open.back();
    if (C.Switch)
      G.Switches.push_back({C.ChainBegin, Loc, Platform::Any});
    if (C.Tests)
      G.TestedChains.push_back({C.ChainBegin, Loc, Platform::Any});
    G.Open.pop_back();
  }

private:
  using Chain = PlatformGuards::OpenChain;
  bool system(SourceLocation Loc) const { return Loc.isValid() && SM.isInSystemHeader(Loc); }
  static llvm::StringRef name(const Token &T) {
    const IdentifierInfo *II = T.getIdentifierInfo();
    return II ? II->getName() : llvm::StringRef();
  }
  PlatformGuards::Implication macro(const Token &Name, const MacroDefinition &MD, bool Negated) const {
    PlatformGuards::Implication I = G.classifyMacro(name(Name), Negated);
    I.Unresolved = G.isProjectMacro(name(Name)) && !MD;
    return I;
  }
  // Whether a macro is defined now, at the directive being read.
  bool definedNow(llvm::StringRef Name) const {
    auto It = PP.getIdentifierTable().find(Name);
    return It != PP.getIdentifierTable().end() && It->getValue()->hasMacroDefinition();
  }
  PlatformGuards::Implication text(SourceRange R) const {
    if (R.isInvalid())
      return {};
    return G.classifyCondition(Lexer::getSourceText(CharSourceRange::getTokenRange(R), SM, PP.getLangOpts()),
                               [this](llvm::StringRef Name) { return definedNow(Name); });
  }
  void open(SourceLocation Loc, PlatformGuards::Implication I) {
    G.Open.push_back({Loc, I.IfTrue, I.IfFalse, Loc, I.Mentions, I.Tests, I.Unresolved});
  }
  // A branch after '#elif'/'#else': its own condition holds and every earlier one failed.
  void next(SourceLocation Loc, PlatformGuards::Implication I) {
    if (G.Open.empty())
      return;
    close(Loc);
    Chain &C = G.Open.back();
    Platform Branch = both(I.IfTrue, C.PriorFalse);
    C.BranchBegin = Loc;
    C.Branch = Branch;
    C.PriorFalse = both(C.PriorFalse, I.IfFalse);
    C.Switch = C.Switch || I.Mentions;
    C.Tests = C.Tests || I.Tests;
    C.Unresolved = C.Unresolved || I.Unresolved;
  }
  void close(SourceLocation Loc) {
    const Chain &C = G.Open.back();
    if (C.Branch != Platform::Any)
      G.Regions.push_back({C.BranchBegin, Loc, C.Branch});
  }

  PlatformGuards &G;
  const SourceManager &SM;
  const Preprocessor &PP;
};

std::unique_ptr<PPCallbacks> PlatformGuards::callbacks(const SourceManager &SM, const Preprocessor &PP) {
  Regions.clear();
  BuildMacros.clear();
  Switches.clear();
  TestedChains.clear();
  Open.clear();
  return std::make_unique<PlatformGuardCallbacks>(*this, SM, PP);
}

bool PlatformGuards::insideBranchHipMaySkip() const {
  return llvm::any_of(Open, [](const OpenChain &C) { return C.Branch == Platform::CudaOnly || C.Unresolved; });
}

Platform PlatformGuards::at(SourceLocation Loc, const SourceManager &SM) const {
  if (Loc.isInvalid() || Regions.empty())
    return Platform::Any;
  Loc = SM.getExpansionLoc(Loc);
  Platform Result = Platform::Any;
  for (const Region &R : Regions) {
    if (SM.getFileID(R.Begin) != SM.getFileID(Loc))
      continue;
    if (!SM.isBeforeInTranslationUnit(Loc, R.Begin) && SM.isBeforeInTranslationUnit(Loc, R.End)) {
      // CUDA-only anywhere around wins: that code never runs on AMD.
      if (R.P == Platform::CudaOnly)
        return Platform::CudaOnly;
      Result = Platform::AmdOnly;
    }
  }
  return Result;
}

// Whether Loc (its expansion location) lies in one of the chains, from its '#if' to its '#endif'.
bool PlatformGuards::inAnyChain(const std::vector<Region> &Chains, SourceLocation Loc, const SourceManager &SM) {
  if (Loc.isInvalid())
    return false;
  Loc = SM.getExpansionLoc(Loc);
  return llvm::any_of(Chains, [&](const Region &R) {
    return SM.getFileID(R.Begin) == SM.getFileID(Loc) && !SM.isBeforeInTranslationUnit(Loc, R.Begin) &&
           SM.isBeforeInTranslationUnit(Loc, R.End);
  });
}

bool PlatformGuards::inPlatformSwitch(SourceLocation Loc, const SourceManager &SM) const {
  return inAnyChain(Switches, Loc, SM);
}

bool PlatformGuards::hasCudaOnlyBranch() const {
  return llvm::any_of(Regions, [](const Region &R) { return R.P == Platform::CudaOnly; });
}

bool PlatformGuards::inTestedChain(SourceLocation Loc, const SourceManager &SM) const {
  return inAnyChain(TestedChains, Loc, SM);
}

} // namespace rocmtidy
