#include "ast/MacroChain.h"

#include "clang/Lex/Lexer.h"

using namespace clang;

namespace rocmtidy {

namespace {
// Real headers nest a handful of macros; a bound keeps a generated chain from costing more.
constexpr unsigned MaxSteps = 32;
} // namespace

bool anyMacroCaller(SourceLocation Loc, const SourceManager &SM, const LangOptions &LO,
                    llvm::function_ref<bool(StringRef Name, SourceLocation Step)> Visit, MacroArguments Arguments) {
  for (unsigned Step = 0; Loc.isMacroID() && Step < MaxSteps; ++Step, Loc = SM.getImmediateMacroCallerLoc(Loc)) {
    if (Arguments == MacroArguments::Skip && SM.isMacroArgExpansion(Loc))
      continue;
    if (Visit(Lexer::getImmediateMacroName(Loc, SM, LO), Loc))
      return true;
  }
  return false;
}

bool writtenThroughMacro(SourceLocation Loc, StringRef Name, const SourceManager &SM, const LangOptions &LO) {
  return anyMacroCaller(
      Loc, SM, LO, [&](StringRef Caller, SourceLocation) { return Caller == Name; }, MacroArguments::Visit);
}

} // namespace rocmtidy
