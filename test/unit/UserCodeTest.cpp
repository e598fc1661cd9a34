// The one definition of user code (lib/ast/UserCode) that the checks' matcher scope and the
// kernel-facts walk share: declarations in a system header are left out, declarations in the
// user's files and headers are kept, wherever the macro that wrote them was defined.

#include "ast/UserCode.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/Tooling.h"

#include <gtest/gtest.h>

#include <map>
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

// The skip decision (maySkipFunctionBody) applied by a parse that skips function bodies, as
// rocm-lint's passes do: which functions end with a body, and which with a skipped one.
const char *SystemBodies = "inline int sysPlain() { return 1; }\n"
                           "constexpr int sysConstexpr() { return 2; }\n"
                           "inline auto sysDeduced() { return 3; }\n"
                           "template <class T> T sysTemplate(T V) { return V; }\n"
                           "template <class T> int sysTemplateRef(const T &) { return 0; }\n"
                           "inline void sysTakesPointer(float *P) { *P = 0; }\n"
                           "inline void sysTakesBool(bool B) { (void)B; }\n"
                           "inline int sysTakesInt(int I) { return I; }\n"
                           "struct SysClass { int method() { return 4; } };\n"
                           "#define SYS_DEFINE(N) inline int N() { return 5; }\n";
const char *UserBodies = "inline int userHeaderFn() { return 6; }\n";

// For each named function definition, after the parse: 'B' it has a body, 'S' its body was
// skipped. Template instantiations are named with a suffix '<>'.
using BodyStates = std::map<std::string, char>;

class RecordBodies : public ASTConsumer {
public:
  explicit RecordBodies(BodyStates &Out) : Out(Out) {}
  bool shouldSkipFunctionBody(Decl *D) override { return maySkipFunctionBody(D); }
  void HandleTranslationUnit(ASTContext &Ctx) override {
    struct Visitor : RecursiveASTVisitor<Visitor> {
      BodyStates &Out;
      explicit Visitor(BodyStates &Out) : Out(Out) {}
      bool shouldVisitTemplateInstantiations() const { return true; }
      bool VisitFunctionDecl(FunctionDecl *FD) {
        if (!FD->getIdentifier() || !FD->isThisDeclarationADefinition())
          return true;
        std::string Name = FD->getName().str() + (FD->isTemplateInstantiation() ? "<>" : "");
        Out[Name] = FD->hasSkippedBody() ? 'S' : FD->getBody() ? 'B' : '?';
        return true;
      }
    } V(Out);
    V.TraverseAST(Ctx);
  }

private:
  BodyStates &Out;
};

class SkippingAction : public ASTFrontendAction {
public:
  explicit SkippingAction(BodyStates &Out) : Out(Out) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI, StringRef) override {
    CI.getFrontendOpts().SkipFunctionBodies = true;
    return std::make_unique<RecordBodies>(Out);
  }

private:
  BodyStates &Out;
};

BodyStates parseSkipping(const std::string &Main) {
  BodyStates Out;
  tooling::FileContentMappings Files = {{"/sys/include/bodies.h", SystemBodies}, {"/proj/bodies.h", UserBodies}};
  EXPECT_TRUE(tooling::runToolOnCodeWithArgs(std::make_unique<SkippingAction>(Out), Main,
                                             {"-std=c++17", "-isystem", "/sys/include"}, "/proj/main.cpp",
                                             "user-code-test", std::make_shared<PCHContainerOperations>(), Files));
  return Out;
}

TEST(UserCode, BodiesInSystemHeadersAreSkippedAndUserBodiesKept) {
  BodyStates S = parseSkipping("#include <bodies.h>\n"
                               "#include \"bodies.h\"\n"
                               "SYS_DEFINE(userThroughSysMacro)\n"
                               "int mainFn() { return sysPlain() + sysTemplate(1) + sysTemplateRef(1) + "
                               "SysClass().method(); }\n"
                               "template <class T> T userTemplate(T V) { return V; }\n"
                               "int useIt = userTemplate(1) + sysConstexpr() + sysDeduced();\n");
  EXPECT_EQ(S["sysPlain"], 'S');
  EXPECT_EQ(S["method"], 'S'); // an inline method, parsed after its class
  EXPECT_EQ(S["sysTakesInt"], 'S');
  EXPECT_EQ(S["sysTemplateRef"], 'S');
  EXPECT_EQ(S["sysTemplateRef<>"], 'S'); // an instantiation of a skipped pattern has no body either
  // rocm-unmatched-device-alloc reads a callee that may take a pointer by value: kept.
  EXPECT_EQ(S["sysTakesPointer"], 'B');
  EXPECT_EQ(S["sysTakesBool"], 'B');
  EXPECT_EQ(S["sysTemplate"], 'B');
  EXPECT_EQ(S["sysTemplate<>"], 'B');
  // The unit may evaluate a constexpr function or need a deduced return type: kept.
  EXPECT_EQ(S["sysConstexpr"], 'B');
  EXPECT_EQ(S["sysDeduced"], 'B');
  // The user's header, the main file, and a body a system macro writes into the user's file.
  EXPECT_EQ(S["userHeaderFn"], 'B');
  EXPECT_EQ(S["mainFn"], 'B');
  EXPECT_EQ(S["userTemplate<>"], 'B');
  EXPECT_EQ(S["userThroughSysMacro"], 'B');
}

TEST(UserCode, OnlyFunctionsAreSkipped) {
  EXPECT_FALSE(maySkipFunctionBody(nullptr));
  std::unique_ptr<ASTUnit> AST = parse("#include <sys.h>\n");
  ASSERT_TRUE(AST);
  for (Decl *D : AST->getASTContext().getTranslationUnitDecl()->decls())
    EXPECT_FALSE(maySkipFunctionBody(D)); // variables and namespaces of the system header
}

} // namespace
