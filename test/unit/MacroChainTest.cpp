// The chain of macro callers (lib/ast/MacroChain) as the warp model, the launch recognizer and the
// launch-bounds checks walk it, on HIP snippets parsed against the test SDK header.

#include "ast/MacroChain.h"
#include "HipSnippet.h"
#include "clang/AST/RecursiveASTVisitor.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace clang;
using namespace rocmtidy;

namespace {

// The location of the first integer literal in function Fn of the snippet.
struct FirstLiteral {
  std::unique_ptr<ASTUnit> AST;
  SourceLocation Loc;

  explicit FirstLiteral(const std::string &Code) : AST(parseHipSnippet(Code)) {
    if (!AST)
      return;
    struct Finder : RecursiveASTVisitor<Finder> {
      SourceLocation Found;
      bool VisitIntegerLiteral(IntegerLiteral *L) {
        if (Found.isInvalid())
          Found = L->getBeginLoc();
        return true;
      }
    } F;
    for (Decl *D : AST->getASTContext().getTranslationUnitDecl()->decls())
      if (auto *FD = dyn_cast<FunctionDecl>(D); FD && FD->getName() == "f" && FD->hasBody())
        F.TraverseDecl(FD);
    Loc = F.Found;
  }

  std::vector<std::string> chain(MacroArguments Arguments) const {
    std::vector<std::string> Names;
    anyMacroCaller(
        Loc, AST->getSourceManager(), AST->getLangOpts(),
        [&](StringRef Name, SourceLocation) {
          Names.push_back(Name.str());
          return false;
        },
        Arguments);
    return Names;
  }
};

TEST(MacroChain, InnermostFirstThroughNestedBodies) {
  FirstLiteral S("#define LANES 32\n#define HALF (LANES / 2)\nint f() { return HALF; }\n");
  ASSERT_TRUE(S.Loc.isValid());
  EXPECT_EQ(S.chain(MacroArguments::Skip), (std::vector<std::string>{"LANES", "HALF"}));
  EXPECT_TRUE(writtenThroughMacro(S.Loc, "HALF", S.AST->getSourceManager(), S.AST->getLangOpts()));
  EXPECT_FALSE(writtenThroughMacro(S.Loc, "WARP", S.AST->getSourceManager(), S.AST->getLangOpts()));
}

TEST(MacroChain, ArgumentStepsAreSkippedOnRequest) {
  // 32 is written by the caller, passed as an argument: no macro body wrote it.
  FirstLiteral S("#define ID(x) (x)\nint f() { return ID(32); }\n");
  ASSERT_TRUE(S.Loc.isValid());
  EXPECT_TRUE(S.chain(MacroArguments::Skip).empty());
  EXPECT_EQ(S.chain(MacroArguments::Visit), (std::vector<std::string>{"ID"}));
}

TEST(MacroChain, OutsideMacrosNothingIsVisited) {
  FirstLiteral S("int f() { return 64; }\n");
  ASSERT_TRUE(S.Loc.isValid());
  EXPECT_TRUE(S.chain(MacroArguments::Visit).empty());
}

TEST(MacroChain, DeepChainsAreBounded) {
  std::string Code = "#define M0 7\n";
  for (int I = 1; I < 100; ++I)
    Code += "#define M" + std::to_string(I) + " M" + std::to_string(I - 1) + "\n";
  FirstLiteral S(Code + "int f() { return M99; }\n");
  ASSERT_TRUE(S.Loc.isValid());
  EXPECT_EQ(S.chain(MacroArguments::Skip).size(), 32u);
}

} // namespace
