// The one definition of user code (lib/ast/UserCode) that the checks' matcher scope and the
// kernel-facts walk share: declarations in a system header are left out, declarations in the
// user's files and headers are kept, wherever the macro that wrote them was defined.

#include "ast/UserCode.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

using namespace clang;
using namespace rocmtidy;

namespace {

// A system header (found through -isystem) with declarations and macros that declare, and a
// user header (found next to the main file).
const char *SystemHeader = "int sysVar;\n"
                           "#define SYS_DECLARE(N) int N;\n"
                           "#define SYS_FIXED int sysFixed;\n"
                           "SYS_DECLARE(sysThroughOwnMacro)\n"
                           "namespace sysns { int inner; }\n";
const char *UserHeader = "int userHeaderVar;\n";

std::unique_ptr<ASTUnit> parse(const std::string &Main) {
  tooling::FileContentMappings Files = {{"/sys/include/sys.h", SystemHeader}, {"/proj/user.h", UserHeader}};
  return tooling::buildASTFromCodeWithArgs(Main, {"-isystem", "/sys/include"}, "/proj/main.cpp", "user-code-test",
                                           std::make_shared<PCHContainerOperations>(),
                                           tooling::getClangStripDependencyFileAdjuster(), Files);
}

// The names of the named user-code top-level declarations, in the order the helper gives them.
std::vector<std::string> userNames(ASTUnit &AST) {
  std::vector<std::string> Names;
  for (Decl *D : userTopLevelDecls(AST.getASTContext()))
    if (const auto *N = dyn_cast<NamedDecl>(D); N && N->getLocation().isValid())
      Names.push_back(N->getNameAsString());
  return Names;
}

TEST(UserCode, SystemHeaderDeclarationsAreLeftOut) {
  std::unique_ptr<ASTUnit> AST = parse("#include <sys.h>\n#include \"user.h\"\nint userVar;\n");
  ASSERT_TRUE(AST);
  EXPECT_EQ(userNames(*AST), (std::vector<std::string>{"userHeaderVar", "userVar"}));
}

TEST(UserCode, MacrosFromASystemHeaderDeclareUserCodeWhereTheyAreExpanded) {
  // SYS_FIXED's name is spelled in the system header but written into the user's file: the user
  // owns it. SYS_DECLARE's argument is spelled by the user. Both stay in the walk.
  std::unique_ptr<ASTUnit> AST = parse("#include <sys.h>\n"
                                       "SYS_FIXED\n"
                                       "SYS_DECLARE(userThroughSysMacro)\n"
                                       "#define USER_DECLARE(N) int N;\n"
                                       "USER_DECLARE(userThroughOwnMacro)\n");
  ASSERT_TRUE(AST);
  EXPECT_EQ(userNames(*AST), (std::vector<std::string>{"sysFixed", "userThroughSysMacro", "userThroughOwnMacro"}));
}

TEST(UserCode, LocationsWithoutAFileCountAsUserCode) {
  // Implicit declarations (the builtin typedefs) have no location: a walk keeps them rather than
  // guess, and they are among the top-level declarations the helper returns.
  std::unique_ptr<ASTUnit> AST = parse("#include <sys.h>\n");
  ASSERT_TRUE(AST);
  const SourceManager &SM = AST->getSourceManager();
  EXPECT_TRUE(isUserCode(SM, SourceLocation()));
  bool SawImplicit = false;
  for (Decl *D : userTopLevelDecls(AST->getASTContext()))
    SawImplicit |= D->getLocation().isInvalid();
  EXPECT_TRUE(SawImplicit);
  EXPECT_TRUE(userNames(*AST).empty());
}

TEST(UserCode, PositionsInsideTheSystemHeaderAreNotUserCode) {
  std::unique_ptr<ASTUnit> AST = parse("#include <sys.h>\nint userVar;\n");
  ASSERT_TRUE(AST);
  const SourceManager &SM = AST->getSourceManager();
  for (Decl *D : AST->getASTContext().getTranslationUnitDecl()->decls()) {
    const auto *N = dyn_cast<NamedDecl>(D);
    if (!N || N->getLocation().isInvalid())
      continue;
    bool ExpectUser = N->getNameAsString() == "userVar";
    EXPECT_EQ(isUserCode(SM, N->getLocation()), ExpectUser) << N->getNameAsString();
  }
}

} // namespace
