// The value of a launch configuration expression through local variables (lib/ast/ConstantValue):
// a local counts only while nothing writes it. Certain writes are recognised by a walk of the
// function; only unsure uses reach ExprMutationAnalyzer (whose parent map costs a third of a parse).

#include "ast/ConstantValue.h"
#include "HipSnippet.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Tooling/Tooling.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

using namespace clang;
using namespace rocmtidy;

namespace {

// The argument of the call to 'use' in the snippet: the expression under test.
class FindUse : public RecursiveASTVisitor<FindUse> {
public:
  bool VisitCallExpr(CallExpr *C) {
    if (const FunctionDecl *F = C->getDirectCallee();
        F && F->getIdentifier() && F->getName() == "use" && C->getNumArgs() == 1)
      Arg = C->getArg(0);
    return true;
  }
  const Expr *Arg = nullptr;
};

std::optional<uint64_t> valueOfUse(const std::string &Code) {
  auto AST = parseHipSnippet("void use(int);\n" + Code);
  if (!AST)
    return std::nullopt;
  FindUse F;
  F.TraverseDecl(AST->getASTContext().getTranslationUnitDecl());
  EXPECT_NE(F.Arg, nullptr) << Code;
  if (!F.Arg)
    return std::nullopt;
  return evaluateConstantInteger(F.Arg, AST->getASTContext());
}

TEST(ConstantValueTest, UnwrittenLocalIsItsInitializer) {
  EXPECT_EQ(valueOfUse("void f() { int n = 256; use(n); }"), std::optional<uint64_t>(256));
  EXPECT_EQ(valueOfUse("void f() { const int n = 4 * 64; int m = n; use(m); }"), std::optional<uint64_t>(256));
}

TEST(ConstantValueTest, AssignedLocalHasNoValue) {
  EXPECT_EQ(valueOfUse("void f(int k) { int n = 256; n = k; use(n); }"), std::nullopt);
  EXPECT_EQ(valueOfUse("void f(int k) { int n = 256; n += k; use(n); }"), std::nullopt);
  EXPECT_EQ(valueOfUse("void f() { int n = 256; ++n; use(n); }"), std::nullopt);
  EXPECT_EQ(valueOfUse("void f() { int n = 256; use(n); n--; }"), std::nullopt);
}

TEST(ConstantValueTest, WrittenFieldMakesTheRecordUnknown) {
  EXPECT_EQ(valueOfUse("void f(int k) { dim3 b(256); b.x = k; use(b.x); }"), std::nullopt);
  EXPECT_EQ(valueOfUse("void f(int k) { dim3 b(256); b = dim3(k); use(b.x); }"), std::nullopt);
}

TEST(ConstantValueTest, UnsureUsesGoToTheMutationAnalyzer) {
  // Passed by non-const reference: written for all we know.
  EXPECT_EQ(valueOfUse("void set(int &); void f() { int n = 256; set(n); use(n); }"), std::nullopt);
  // Passed by const reference: only read.
  EXPECT_EQ(valueOfUse("void look(const int &); void f() { int n = 256; look(n); use(n); }"),
            std::optional<uint64_t>(256));
  // Its address escapes.
  EXPECT_EQ(valueOfUse("void put(int *); void f() { int n = 256; put(&n); use(n); }"), std::nullopt);
}

TEST(ConstantValueTest, ParenthesisedUsesAreSeenThroughParentheses) {
  // A macro parameter in parentheses ("CEIL(x, y)") only reads the variable.
  EXPECT_EQ(valueOfUse("void f() { int n = 256; use(((n) + (64) - 1) / (64)); }"), std::optional<uint64_t>(4));
  EXPECT_EQ(valueOfUse("void f(int k) { int n = 256; (n) = k; use(n); }"), std::nullopt);
  EXPECT_EQ(valueOfUse("void f(int k) { int n = 256; ((n)) += k; use(n); }"), std::nullopt);
}

TEST(ConstantValueTest, ConstReferenceArgumentsOnlyRead) {
  EXPECT_EQ(valueOfUse("template <class T> const T &least(const T &a, const T &b) { return b < a ? b : a; }\n"
                       "void f(int k) { int n = 64; int m = least(n, k); use(n); }"),
            std::optional<uint64_t>(64));
  EXPECT_EQ(valueOfUse("void bump(int &); void f() { int n = 64; bump((n)); use(n); }"), std::nullopt);
}

TEST(ConstantValueTest, LambdaCapturesAreJudgedByTheLambdaBody) {
  // A dispatch macro's lambda that only reads what it captures by reference.
  EXPECT_EQ(valueOfUse("void f() { int n = 256; auto g = [&] { use(n); }; g(); }"), std::optional<uint64_t>(256));
  EXPECT_EQ(valueOfUse("void f() { int n = 256; auto g = [&n] { use(n); }; g(); }"), std::optional<uint64_t>(256));
  // The body writes it: from the lambda, or after the call, the variable has no fixed value.
  EXPECT_EQ(valueOfUse("void f(int k) { int n = 256; auto g = [&] { n = k; }; g(); use(n); }"), std::nullopt);
  // A reference init-capture writes through another name.
  EXPECT_EQ(valueOfUse("void f(int k) { int n = 256; auto g = [&r = n, k] { r = k; }; g(); use(n); }"), std::nullopt);
}

TEST(ConstantValueTest, VariablesNamedTwiceInAChainAreEvaluated) {
  // Each initializer names the previous variable twice; the answers are kept for the evaluation.
  EXPECT_EQ(valueOfUse("void f() { int a = 1; int b = a + a; int c = b + b; int d = c + c;"
                       " use(d + d); }"),
            std::optional<uint64_t>(16));
}

} // namespace
