#include "RemovedPlatformMacroCheck.h"

#include "core/WarpTables.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/StringSet.h"

#include <vector>

namespace clang::tidy::rocm {

namespace {

// One test of a removed macro, reported when the whole #if chain is known. Renaming is safe where the macro is
// only tested for being defined: both macros are defined empty, so '#if __HIP_PLATFORM_AMD__' would not parse.
struct StaleTest {
  SourceLocation Loc;
  const rocmtidy::RemovedPlatformMacro *Macro;
  bool DefinedTest;
};

// An #if/#elif chain (or a macro body): its tests of removed macros and every identifier its conditions name. A
// chain that also tests the replacement (`defined(__HIP_PLATFORM_HCC__) || defined(__HIP_PLATFORM_AMD__)`, or an
// #elif of it) already selects the AMD branch on current ROCm.
struct Chain {
  SourceLocation IfLoc;
  std::vector<StaleTest> Tests;
  llvm::StringSet<> Named;
};

class Callbacks : public PPCallbacks {
public:
  Callbacks(RemovedPlatformMacroCheck &Check, const SourceManager &SM, const Preprocessor &PP)
      : Check(Check), SM(SM), PP(PP) {}

  void If(SourceLocation Loc, SourceRange Cond, ConditionValueKind) override {
    Open.push_back({Loc, {}, {}});
    condition(Open.back(), Cond);
  }
  void Elif(SourceLocation, SourceRange Cond, ConditionValueKind, SourceLocation IfLoc) override {
    if (Chain *C = chainOf(IfLoc))
      condition(*C, Cond);
  }
  void Ifdef(SourceLocation Loc, const Token &Name, const MacroDefinition &) override {
    Open.push_back({Loc, {}, {}});
    named(Open.back(), Name);
  }
  void Ifndef(SourceLocation Loc, const Token &Name, const MacroDefinition &) override {
    Open.push_back({Loc, {}, {}});
    named(Open.back(), Name);
  }
  // #elifdef names no #if location: it belongs to the innermost chain still open.
  void Elifdef(SourceLocation, const Token &Name, const MacroDefinition &) override {
    if (!Open.empty())
      named(Open.back(), Name);
  }
  void Elifndef(SourceLocation, const Token &Name, const MacroDefinition &) override {
    if (!Open.empty())
      named(Open.back(), Name);
  }
  void Endif(SourceLocation, SourceLocation IfLoc) override {
    for (size_t I = Open.size(); I-- > 0;)
      if (Open[I].IfLoc == IfLoc) {
        close(Open[I]);
        Open.erase(Open.begin() + I);
        return;
      }
  }

  void MacroDefined(const Token &Name, const MacroDirective *MD) override {
    const IdentifierInfo *II = Name.getIdentifierInfo();
    if (!II)
      return;
    SourceLocation Loc = MD->getLocation();
    // A definition outside the HIP installation (the project's own header, or -D on the build's command line)
    // keeps the macro defined on every ROCm release, so its tests still select what the project means.
    if (rocmtidy::warpTables().removedPlatformMacro(II->getName().str())) {
      bool Installed = Loc.isValid() && SM.isInSystemHeader(Loc);
      bool Builtin = Loc.isValid() && SM.isWrittenInBuiltinFile(Loc) && !SM.isWrittenInCommandLineFile(Loc);
      if (!Installed && !Builtin)
        DefinedByProject.insert(II->getName());
      return;
    }
    // A condition kept in a macro ('#define ON_AMD defined(__HIP_PLATFORM_HCC__)') is a test where it is written.
    const MacroInfo *MI = MD->getMacroInfo();
    if (!MI || !userCode(Loc))
      return;
    Chain Body{Loc, {}, {}};
    bool AfterDefined = false;
    for (const Token &T : MI->tokens()) {
      if (const IdentifierInfo *TI = T.getIdentifierInfo()) {
        if (TI->getName() == "defined") {
          AfterDefined = true;
          continue;
        }
        if (AfterDefined)
          note(Body, TI->getName(), T.getLocation(), /*DefinedTest=*/true);
        else
          Body.Named.insert(TI->getName());
      }
      if (!T.is(tok::l_paren))
        AfterDefined = false;
    }
    close(Body);
  }

  void EndOfMainFile() override {
    for (Chain &C : Open)
      close(C);
    Open.clear();
    for (const StaleTest &T : Pending) {
      if (DefinedByProject.contains(T.Macro->Name))
        continue;
      auto D = Check.diag(T.Loc, "'%0' is not defined since %1, so current AMD builds take the branch meant for "
                                 "other platforms; test '%2' instead")
               << T.Macro->Name << T.Macro->RemovedIn << T.Macro->Replacement;
      if (T.DefinedTest)
        D << FixItHint::CreateReplacement(CharSourceRange::getTokenRange(T.Loc, T.Loc), T.Macro->Replacement);
    }
    Pending.clear();
  }

private:
  bool userCode(SourceLocation Loc) const { return Loc.isValid() && Loc.isFileID() && !SM.isInSystemHeader(Loc); }

  Chain *chainOf(SourceLocation IfLoc) {
    for (size_t I = Open.size(); I-- > 0;)
      if (Open[I].IfLoc == IfLoc)
        return &Open[I];
    return nullptr;
  }

  void note(Chain &C, StringRef Name, SourceLocation Loc, bool DefinedTest) {
    C.Named.insert(Name);
    if (const rocmtidy::RemovedPlatformMacro *M = rocmtidy::warpTables().removedPlatformMacro(Name.str()))
      if (userCode(Loc))
        C.Tests.push_back({Loc, M, DefinedTest});
  }

  void named(Chain &C, const Token &Name) {
    if (const IdentifierInfo *II = Name.getIdentifierInfo())
      note(C, II->getName(), Name.getLocation(), /*DefinedTest=*/true);
  }

  // The identifiers of an #if or #elif condition, read from the source as written: a removed macro that is not
  // defined is no macro expansion the preprocessor would report.
  void condition(Chain &C, SourceRange Cond) {
    if (Cond.isInvalid() || !userCode(Cond.getBegin()))
      return;
    auto [File, Begin] = SM.getDecomposedLoc(Cond.getBegin());
    auto [EndFile, End] = SM.getDecomposedLoc(Cond.getEnd());
    if (File != EndFile)
      return;
    bool Invalid = false;
    StringRef Buffer = SM.getBufferData(File, &Invalid);
    if (Invalid || End > Buffer.size())
      return;
    Lexer Raw(SM.getLocForStartOfFile(File), PP.getLangOpts(), Buffer.begin(), Buffer.begin() + Begin, Buffer.end());
    Token Tok;
    bool AfterDefined = false;
    while (!Raw.LexFromRawLexer(Tok) && SM.getFileOffset(Tok.getLocation()) <= End) {
      if (Tok.is(tok::raw_identifier)) {
        StringRef Name = Tok.getRawIdentifier();
        if (Name == "defined") {
          AfterDefined = true;
          continue;
        }
        note(C, Name, Tok.getLocation(), AfterDefined);
      }
      if (!Tok.is(tok::l_paren))
        AfterDefined = false;
    }
  }

  void close(Chain &C) {
    for (const StaleTest &T : C.Tests)
      if (!C.Named.contains(T.Macro->Replacement))
        Pending.push_back(T);
  }

  RemovedPlatformMacroCheck &Check;
  const SourceManager &SM;
  const Preprocessor &PP;
  // The #if chains open at this point of the file, innermost last (a skipped block reports no nested #if).
  std::vector<Chain> Open;
  std::vector<StaleTest> Pending;
  llvm::StringSet<> DefinedByProject;
};

} // namespace

void RemovedPlatformMacroCheck::registerPPCallbacks(const SourceManager &SM, Preprocessor *PP, Preprocessor *) {
  PP->addPPCallbacks(std::make_unique<Callbacks>(*this, SM, *PP));
}

} // namespace clang::tidy::rocm
