// LaneValueAnalysis (lib/ast/LaneValueAnalysis): what locals and members hold in lane terms, read
// by read, on HIP snippets parsed against the test SDK header (test/Inputs/include).

#include "ast/LaneValueAnalysis.h"
#include "HipSnippet.h"
#include "clang/AST/RecursiveASTVisitor.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

using namespace clang;
using namespace rocmtidy;

namespace {

// The function Name of a snippet, and the reads of one local or member in it, in source order.
struct Snippet {
  std::unique_ptr<ASTUnit> AST;
  const FunctionDecl *Fn = nullptr;

  Snippet(const std::string &Code, StringRef Name) : AST(parseHipSnippet(Code)) {
    if (!AST)
      return;
    struct Finder : RecursiveASTVisitor<Finder> {
      StringRef Name;
      const FunctionDecl *Found = nullptr;
      bool VisitFunctionDecl(FunctionDecl *FD) {
        if (!Found && FD->getIdentifier() && FD->getName() == Name && FD->doesThisDeclarationHaveABody())
          Found = FD;
        return true;
      }
    } F;
    F.Name = Name;
    F.TraverseDecl(AST->getASTContext().getTranslationUnitDecl());
    Fn = F.Found;
  }

  std::unique_ptr<LaneValueAnalysis> analysis() const {
    return std::make_unique<LaneValueAnalysis>(Fn, Fn->getBody(), AST->getASTContext());
  }

  // The rvalue reads of the variable or member Var in the body.
  std::vector<const Expr *> reads(StringRef Var) const {
    struct Reads : RecursiveASTVisitor<Reads> {
      StringRef Var;
      std::vector<const Expr *> Out;
      bool VisitImplicitCastExpr(ImplicitCastExpr *ICE) {
        if (ICE->getCastKind() != CK_LValueToRValue)
          return true;
        const Expr *Sub = ICE->getSubExpr()->IgnoreParens();
        const NamedDecl *D = nullptr;
        if (const auto *DRE = dyn_cast<DeclRefExpr>(Sub))
          D = DRE->getDecl();
        else if (const auto *ME = dyn_cast<MemberExpr>(Sub))
          D = ME->getMemberDecl();
        if (D && D->getIdentifier() && D->getName() == Var)
          Out.push_back(Sub);
        return true;
      }
    } R;
    R.Var = Var;
    R.TraverseStmt(Fn->getBody());
    return R.Out;
  }
};

TEST(LaneValueAnalysisTest, ReassignedLocalIsAnotherValue) {
  Snippet S("__global__ void k(int *out) {\n"
            "  int lane = threadIdx.x % 32;\n"
            "  out[lane] = 1;\n"
            "  lane = 0;\n"
            "  out[lane] = 2;\n"
            "}\n",
            "k");
  ASSERT_TRUE(S.Fn);
  auto A = S.analysis();
  auto Reads = S.reads("lane");
  ASSERT_EQ(Reads.size(), 2u);
  EXPECT_EQ(A->classify(Reads[0]), ThreadValue::LaneId);
  EXPECT_EQ(A->classify(Reads[1]), ThreadValue::None);
  LaneValue After = A->value(Reads[1]);
  EXPECT_EQ(After.K, LaneValue::Constant);
  EXPECT_EQ(After.Value, 0);
  ASSERT_TRUE(After.Def);
  EXPECT_TRUE(isa<IntegerLiteral>(After.Def->IgnoreParenImpCasts()));
  EXPECT_EQ(A->value(Reads[0]).K, LaneValue::Lane);
}

TEST(LaneValueAnalysisTest, JoinsAtMerges) {
  Snippet S("__global__ void k(int *out) {\n"
            "  int v = threadIdx.x;\n"
            "  if (out[0]) v = threadIdx.x + 1;\n"
            "  out[v] = 0;\n"
            "  int w = threadIdx.x;\n"
            "  if (out[1]) w = 5;\n"
            "  out[w] = 0;\n"
            "  int c = 4;\n"
            "  if (out[2]) c = 4;\n"
            "  out[c] = 0;\n"
            "}\n",
            "k");
  ASSERT_TRUE(S.Fn);
  auto A = S.analysis();
  auto V = S.reads("v"), W = S.reads("w"), C = S.reads("c");
  ASSERT_EQ(V.size(), 1u);
  ASSERT_EQ(W.size(), 1u);
  ASSERT_EQ(C.size(), 1u);
  // Both paths hold a thread index.
  EXPECT_EQ(A->classify(V[0]), ThreadValue::ThreadIndex);
  // value_or: a missing answer reads as no definitions and fails too.
  EXPECT_EQ(A->reaching(V[0]).value_or(llvm::ArrayRef<const Expr *>()).size(), 2u);
  // A thread index on one path and a constant on the other: nothing known.
  EXPECT_EQ(A->classify(W[0]), ThreadValue::None);
  EXPECT_EQ(A->value(W[0]).K, LaneValue::Unknown);
  // Two definitions of the same constant agree; no single one is the origin.
  LaneValue CV = A->value(C[0]);
  EXPECT_EQ(CV.K, LaneValue::Constant);
  EXPECT_EQ(CV.Value, 4);
  EXPECT_EQ(CV.Def, nullptr);
}

TEST(LaneValueAnalysisTest, LoopCountersAndEscapes) {
  Snippet S("__global__ void k(int *out) {\n"
            "  for (int o = 16; o > 0; o /= 2)\n"
            "    out[o] = 0;\n"
            "  int t = threadIdx.x;\n"
            "  int *p = &t;\n"
            "  out[t] = *p;\n"
            "  int u = threadIdx.x;\n"
            "  out[u] = 0;\n"
            "  u += 1;\n"
            "  out[u] = 0;\n"
            "}\n",
            "k");
  ASSERT_TRUE(S.Fn);
  auto A = S.analysis();
  auto O = S.reads("o"), T = S.reads("t"), U = S.reads("u");
  ASSERT_FALSE(O.empty());
  // The counter is 16 on entry and halved around the loop: no single value.
  EXPECT_EQ(A->value(O.front()).K, LaneValue::Unknown);
  EXPECT_EQ(A->reaching(O.front()).value_or(llvm::ArrayRef<const Expr *>()).size(), 2u);
  // The address escapes: nothing is followed.
  ASSERT_EQ(T.size(), 1u);
  EXPECT_FALSE(A->reaching(T[0]));
  EXPECT_EQ(A->classify(T[0]), ThreadValue::None);
  // Before '+=' the initialiser reaches; after it a value the analysis does not follow.
  ASSERT_EQ(U.size(), 2u);
  EXPECT_EQ(A->classify(U[0]), ThreadValue::ThreadIndex);
  EXPECT_EQ(A->classify(U[1]), ThreadValue::None);
}

// The flow-insensitive answer stands in for the CFG only where it is the same at every read: a
// local defined once by its initialiser, a 'for' counter stepped only by the loop's increment.
// A counter also changed in the body, or a local declared without a value, still gets the flow.
TEST(LaneValueAnalysisTest, ShortcutsAgreeWithTheFlow) {
  Snippet S("__global__ void k(int *out, int n) {\n"
            "  const int lane = threadIdx.x % 32;\n"
            "  for (int j = lane; j < n; j = j + 32)\n"
            "    out[j] = lane;\n"
            "  for (int m = lane; m < n; m = m + 32) {\n"
            "    out[m] = 0;\n"
            "    m = m + 1;\n"
            "    out[m] = 1;\n"
            "  }\n"
            "  int w;\n"
            "  for (int i = 0; i < 2; ++i) {\n"
            "    if (i) out[w] = 2;\n"
            "    w = threadIdx.x / 32;\n"
            "  }\n"
            "}\n",
            "k");
  ASSERT_TRUE(S.Fn);
  auto A = S.analysis();
  auto Lane = S.reads("lane"), J = S.reads("j"), M = S.reads("m"), W = S.reads("w");
  ASSERT_EQ(Lane.size(), 3u);
  EXPECT_EQ(A->classify(Lane[1]), ThreadValue::LaneId);
  // Condition, body and increment each follow the initialiser and the step.
  ASSERT_EQ(J.size(), 3u);
  for (const Expr *R : J)
    EXPECT_EQ(A->reaching(R).value_or(llvm::ArrayRef<const Expr *>()).size(), 2u);
  // 'm' (reads: condition, increment, body): the read after the body's own step sees that step alone.
  ASSERT_EQ(M.size(), 5u);
  ASSERT_TRUE(A->reaching(M[4]));
  EXPECT_EQ(A->reaching(M[4]).value_or(llvm::ArrayRef<const Expr *>()).size(), 1u);
  EXPECT_EQ(A->reaching(M[2]).value_or(llvm::ArrayRef<const Expr *>()).size(), 2u);
  // 'w' is read in the second iteration, after the first one's assignment: the warp number.
  ASSERT_EQ(W.size(), 1u);
  EXPECT_EQ(A->classify(W[0]), ThreadValue::WarpId);
}

// 'c ? lane : first' of two lvalues is converted to a value as a whole: both locals are read
// there, not escaped, so their other reads keep their definitions.
TEST(LaneValueAnalysisTest, ConditionalLvaluesAreReads) {
  Snippet S("__global__ void k(int *out) {\n"
            "  const unsigned lane = threadIdx.x % warpSize;\n"
            "  const unsigned first = 3;\n"
            "  out[0] = out[1] ? lane : first;\n"
            "  out[lane] = first;\n"
            "}\n",
            "k");
  ASSERT_TRUE(S.Fn);
  auto A = S.analysis();
  auto L = S.reads("lane"), F = S.reads("first");
  ASSERT_EQ(L.size(), 1u);
  ASSERT_EQ(F.size(), 1u);
  EXPECT_EQ(A->reaching(L[0]).value_or(llvm::ArrayRef<const Expr *>()).size(), 1u);
  EXPECT_EQ(A->classify(L[0]), ThreadValue::LaneId);
  EXPECT_EQ(A->value(F[0]).K, LaneValue::Constant);
}

TEST(LaneValueAnalysisTest, WidthAndNamedConstants) {
  Snippet S("constexpr int kWarp = 32;\n"
            "__global__ void k(int *out) {\n"
            "  int w = warpSize;\n"
            "  int g = kWarp;\n"
            "  int warp = threadIdx.x / g;\n"
            "  out[w + g] = warp;\n"
            "}\n",
            "k");
  ASSERT_TRUE(S.Fn);
  auto A = S.analysis();
  auto W = S.reads("w"), G = S.reads("g"), Warp = S.reads("warp");
  ASSERT_EQ(W.size(), 1u);
  EXPECT_EQ(A->value(W[0]).K, LaneValue::Width);
  ASSERT_EQ(G.size(), 2u);
  LaneValue GV = A->value(G[1]);
  EXPECT_EQ(GV.K, LaneValue::Constant);
  EXPECT_EQ(GV.Value, 32);
  // The origin is the initialiser naming the constant.
  ASSERT_TRUE(GV.Def);
  const auto *Named = dyn_cast<DeclRefExpr>(GV.Def->IgnoreParenImpCasts());
  ASSERT_TRUE(Named);
  EXPECT_EQ(Named->getDecl()->getName(), "kWarp");
  // 'g' is a constant, not a literal 32: the division does not make a warp number here.
  ASSERT_EQ(Warp.size(), 1u);
  EXPECT_EQ(A->classify(Warp[0]), ThreadValue::None);
}

// A project's warp-width function picks 32 or 64 per target: its result, and one less as a mask,
// make lane and warp numbers; another function returning 32 does not.
TEST(LaneValueAnalysisTest, WarpWidthFunctions) {
  Snippet S("constexpr int getWarpSize() { return 32; }\n"
            "constexpr int tileRows() { return 32; }\n"
            "__global__ void k(int *out) {\n"
            "  int lane = threadIdx.x & (getWarpSize() - 1);\n"
            "  int warp = threadIdx.x / getWarpSize();\n"
            "  int row = threadIdx.x & (tileRows() - 1);\n"
            "  out[lane + warp + row] = 0;\n"
            "}\n",
            "k");
  ASSERT_TRUE(S.Fn);
  auto A = S.analysis();
  auto Lane = S.reads("lane"), Warp = S.reads("warp"), Row = S.reads("row");
  ASSERT_EQ(Lane.size(), 1u);
  ASSERT_EQ(Warp.size(), 1u);
  ASSERT_EQ(Row.size(), 1u);
  EXPECT_EQ(A->classify(Lane[0]), ThreadValue::LaneId);
  EXPECT_EQ(A->classify(Warp[0]), ThreadValue::WarpId);
  EXPECT_EQ(A->classify(Row[0]), ThreadValue::None);
}

TEST(LaneValueAnalysisTest, MembersSetByConstructors) {
  const char *Code = "struct Warp {\n"
                     "  int lane;\n"
                     "  int warp = threadIdx.x / 32;\n"
                     "  int moved;\n"
                     "  int partial;\n"
                     "  __device__ Warp() : lane(threadIdx.x % 32), moved(threadIdx.x), partial(threadIdx.x) {}\n"
                     "  __device__ Warp(int) : lane(threadIdx.x & 31), moved(threadIdx.x) {}\n"
                     "  __device__ int get(int *out) { moved = 0; return out[lane] + out[warp] + moved + partial; }\n"
                     "};\n";
  Snippet S(Code, "get");
  ASSERT_TRUE(S.Fn);
  auto A = S.analysis();
  auto Lane = S.reads("lane"), Warp = S.reads("warp"), Moved = S.reads("moved"), Partial = S.reads("partial");
  ASSERT_EQ(Lane.size(), 1u);
  ASSERT_EQ(Warp.size(), 1u);
  ASSERT_EQ(Moved.size(), 1u);
  ASSERT_EQ(Partial.size(), 1u);
  const ValueDecl *Via = nullptr;
  EXPECT_EQ(A->classify(Lane[0], &Via), ThreadValue::LaneId);
  ASSERT_TRUE(Via);
  EXPECT_EQ(Via->getName(), "lane");
  EXPECT_EQ(A->classify(Warp[0]), ThreadValue::WarpId);
  // Changed in the body: not the constructors' value.
  EXPECT_EQ(A->classify(Moved[0]), ThreadValue::None);
  // One constructor leaves it unset.
  EXPECT_EQ(A->classify(Partial[0]), ThreadValue::None);
}

TEST(LaneValueAnalysisTest, ParametersOnlyWhenAssumed) {
  Snippet S("__device__ int f(int *out, int t) { int l = t % 32; return out[l]; }\n", "f");
  ASSERT_TRUE(S.Fn);
  auto A = S.analysis();
  auto L = S.reads("l");
  ASSERT_EQ(L.size(), 1u);
  EXPECT_EQ(A->classify(L[0]), ThreadValue::None);
  auto B = S.analysis();
  B->assumeParameter(S.Fn->getParamDecl(1), ThreadValue::ThreadIndex);
  EXPECT_EQ(B->classify(L[0]), ThreadValue::LaneId);
}

} // namespace

// A local handed to a call a template leaves unresolved (PyTorch's WARP_SHFL with its header
// missing) is read there, not escaping: later reads still see its definition. Passed to a
// resolved non-const reference parameter, it escapes.
TEST(LaneValueAnalysisTest, UnresolvedCallsReadTheirArguments) {
  Snippet S("__device__ void sink(int &r);\n"
            "template <typename T> __device__ void k(T v, T *out, int *idx) {\n"
            "  int src = threadIdx.x & 31;\n"
            "  out[0] = WARP_SHFL(v, src);\n"
            "  idx[src] = 1;\n"
            "  int other = threadIdx.x & 31;\n"
            "  sink(other);\n"
            "  idx[other] = 2;\n"
            "}\n",
            "k");
  ASSERT_TRUE(S.Fn);
  auto A = S.analysis();
  auto Src = S.reads("src"), Other = S.reads("other");
  ASSERT_EQ(Src.size(), 1u);
  ASSERT_EQ(Other.size(), 1u);
  EXPECT_EQ(A->classify(Src[0]), ThreadValue::LaneId);
  EXPECT_EQ(A->classify(Other[0]), ThreadValue::None);
}

// A template's dependent subscripts and operators have no conversions yet: 'tid' under them is read,
// not escaped ('__shared__ T s[B]' makes every 's[tid]' dependent). Binding it to a reference still
// escapes it.
TEST(LaneValueAnalysisTest, DependentOperandsAreReads) {
  Snippet S("__device__ void sink(int &r);\n"
            "template <int B, typename T> __global__ void k(T *out) {\n"
            "  __shared__ T s[B];\n"
            "  int tid = threadIdx.x;\n"
            "  s[tid] += s[tid + 16];\n"
            "  out[tid] = s[0] * tid;\n"
            "  int other = threadIdx.x;\n"
            "  s[other] = 0;\n"
            "  sink(other);\n"
            "}\n",
            "k");
  ASSERT_TRUE(S.Fn);
  auto A = S.analysis();
  struct Refs : RecursiveASTVisitor<Refs> {
    StringRef Var;
    std::vector<const Expr *> Out;
    bool VisitDeclRefExpr(DeclRefExpr *DRE) {
      if (DRE->getDecl()->getIdentifier() && DRE->getDecl()->getName() == Var)
        Out.push_back(DRE);
      return true;
    }
  } Tid, Other;
  Tid.Var = "tid";
  Tid.TraverseStmt(S.Fn->getBody());
  Other.Var = "other";
  Other.TraverseStmt(S.Fn->getBody());
  ASSERT_EQ(Tid.Out.size(), 4u);
  for (const Expr *E : Tid.Out)
    EXPECT_EQ(A->classify(E), ThreadValue::ThreadIndex);
  ASSERT_EQ(Other.Out.size(), 2u);
  EXPECT_EQ(A->classify(Other.Out[0]), ThreadValue::None);
}

namespace {
// Callers skip building the analysis for reads it does not follow (evaluate(), the scaled-warp-id
// rule): locals are followed, parameters and globals are not, and a parameter has no definition.
TEST(LaneValueAnalysisTest, FollowsLocalsNotParameters) {
  Snippet S("__device__ int g;\n"
            "__global__ void k(int *out, int n) {\n"
            "  int lane = threadIdx.x % 32;\n"
            "  out[lane] = n + g;\n"
            "}\n",
            "k");
  ASSERT_TRUE(S.Fn);
  auto Decl = [&](StringRef Name) -> const VarDecl * {
    auto Reads = S.reads(Name);
    return Reads.empty() ? nullptr : dyn_cast<VarDecl>(cast<DeclRefExpr>(Reads.front())->getDecl());
  };
  ASSERT_TRUE(Decl("lane") && Decl("n") && Decl("g"));
  EXPECT_TRUE(LaneValueAnalysis::follows(Decl("lane")));
  EXPECT_FALSE(LaneValueAnalysis::follows(Decl("n")));
  EXPECT_FALSE(LaneValueAnalysis::follows(Decl("g")));
  auto A = S.analysis();
  EXPECT_EQ(A->singleDefinition(S.reads("n").front()), nullptr);
  EXPECT_NE(A->singleDefinition(S.reads("lane").front()), nullptr);
}
} // namespace
