#include "ast/PlatformGuard.h"

#include "clang/Basic/CharInfo.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"

namespace rocmtidy {

using namespace clang;

namespace {
struct OpenConditional {
  SourceLocation IfLoc;
  bool Platform;
};
} // namespace

class PlatformGuardRegionCallbacks : public PPCallbacks {
public:
  PlatformGuardRegionCallbacks(PlatformGuardRegions &Out, const SourceManager &SM, const Preprocessor &PP)
      : Out(Out), SM(SM), PP(PP) {}

  void If(SourceLocation Loc, SourceRange Cond, ConditionValueKind) override {
    Open.push_back({Loc, mentionsPlatformMacro(Cond)});
  }
  void Ifdef(SourceLocation Loc, const Token &Name, const MacroDefinition &) override {
    Open.push_back({Loc, isPlatformToken(Name)});
  }
  void Ifndef(SourceLocation Loc, const Token &Name, const MacroDefinition &) override {
    Open.push_back({Loc, isPlatformToken(Name)});
  }
  // "#if USE_CUDA_X ... #elif defined(__HIP__)" dispatches on the platform as a whole.
  void Elif(SourceLocation, SourceRange Cond, ConditionValueKind, SourceLocation) override {
    if (!Open.empty() && mentionsPlatformMacro(Cond))
      Open.back().Platform = true;
  }
  void Elifdef(SourceLocation, const Token &Name, const MacroDefinition &) override {
    if (!Open.empty() && isPlatformToken(Name))
      Open.back().Platform = true;
  }
  void Elifndef(SourceLocation, const Token &Name, const MacroDefinition &) override {
    if (!Open.empty() && isPlatformToken(Name))
      Open.back().Platform = true;
  }
  void Endif(SourceLocation Loc, SourceLocation) override {
    if (Open.empty())
      return;
    OpenConditional C = Open.back();
    Open.pop_back();
    if (!C.Platform)
      return;
    FileIDAndOffset B = SM.getDecomposedLoc(SM.getFileLoc(C.IfLoc));
    FileIDAndOffset E = SM.getDecomposedLoc(SM.getFileLoc(Loc));
    if (B.first == E.first && B.first.isValid())
      Out.Regions.push_back({B.first, B.second, E.second});
  }

private:
  using FileIDAndOffset = std::pair<FileID, unsigned>;

  bool isPlatformToken(const Token &Tok) const {
    const IdentifierInfo *II = Tok.getIdentifierInfo();
    return II && Out.isPlatformMacro(II->getName());
  }
  bool mentionsPlatformMacro(SourceRange Range) const {
    if (Range.isInvalid())
      return false;
    StringRef Text = Lexer::getSourceText(CharSourceRange::getTokenRange(Range), SM, PP.getLangOpts());
    // Identifiers only: a macro name inside a longer identifier does not count.
    size_t I = 0;
    while (I < Text.size()) {
      if (!isAsciiIdentifierStart(Text[I])) {
        ++I;
        continue;
      }
      size_t J = I;
      while (J < Text.size() && isAsciiIdentifierContinue(Text[J]))
        ++J;
      if (Out.isPlatformMacro(Text.slice(I, J)))
        return true;
      I = J;
    }
    return false;
  }

  PlatformGuardRegions &Out;
  const SourceManager &SM;
  const Preprocessor &PP;
  std::vector<OpenConditional> Open;
};

std::unique_ptr<PPCallbacks> PlatformGuardRegions::makeCallbacks(const SourceManager &SM, const Preprocessor &PP) {
  return std::make_unique<PlatformGuardRegionCallbacks>(*this, SM, PP);
}

bool PlatformGuardRegions::isPlatformMacro(llvm::StringRef Name) const {
  for (const std::string &M : Macros)
    if (Name == M)
      return true;
  return false;
}

bool PlatformGuardRegions::contains(const SourceManager &SM, SourceLocation Loc) const {
  if (Loc.isInvalid())
    return false;
  std::pair<FileID, unsigned> D = SM.getDecomposedLoc(SM.getFileLoc(Loc));
  for (const Region &R : Regions)
    if (R.File == D.first && R.Begin <= D.second && D.second <= R.End)
      return true;
  return false;
}

} // namespace rocmtidy
