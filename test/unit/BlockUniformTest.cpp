// BlockUniformity (lib/ast/BlockUniform): which values are the same in every thread of a block,
// and which statements every thread reaches, on HIP snippets parsed against the test SDK header.

#include "ast/BlockUniform.h"
#include "HipSnippet.h"
#include "clang/AST/RecursiveASTVisitor.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

using namespace clang;
using namespace rocmtidy;

namespace {

// The kernel 'k' of a snippet, its block barriers and its 'if' conditions, in source order.
struct Kernel {
  std::unique_ptr<ASTUnit> AST;
  const FunctionDecl *Fn = nullptr;
  std::vector<const CallExpr *> Barriers;
  std::vector<const Expr *> Tests;

  explicit Kernel(const std::string &Code) : AST(parseHipSnippet(Code)) {
    if (!AST)
      return;
    struct Finder : RecursiveASTVisitor<Finder> {
      Kernel &K;
      explicit Finder(Kernel &K) : K(K) {}
      bool VisitFunctionDecl(FunctionDecl *FD) {
        if (!K.Fn && FD->getIdentifier() && FD->getName() == "k" && FD->doesThisDeclarationHaveABody())
          K.Fn = FD;
        return true;
      }
      bool VisitCallExpr(CallExpr *CE) {
        if (const FunctionDecl *Callee = CE->getDirectCallee();
            Callee && Callee->getIdentifier() && Callee->getName() == "__syncthreads")
          K.Barriers.push_back(CE);
        return true;
      }
      bool VisitIfStmt(IfStmt *If) {
        K.Tests.push_back(If->getCond());
        return true;
      }
    } F(*this);
    F.TraverseDecl(AST->getASTContext().getTranslationUnitDecl());
  }
  BlockUniformity uniformity() const { return BlockUniformity(Fn, AST->getASTContext()); }
};

TEST(BlockUniformTest, ValuesOfTheLaunchAndTheKernelAreUniform) {
  Kernel K(R"(
struct P { int n; };
template <int N> __global__ void k(P p, int n, const int *flags) {
  const int base = blockIdx.x * blockDim.x;
  int step = gridDim.x;
  step *= 2;
  if (base + N < n) {}
  if (p.n > step && flags[blockIdx.x]) {}
  if (warpSize == 64) {}
}
template __global__ void k<4>(P, int, const int *);
)");
  ASSERT_TRUE(K.Fn);
  BlockUniformity U = K.uniformity();
  ASSERT_EQ(K.Tests.size(), 3u);
  for (const Expr *T : K.Tests)
    EXPECT_TRUE(U.isUniform(T));
}

TEST(BlockUniformTest, ThreadValuesSharedMemoryAndEscapesVary) {
  Kernel K(R"(
__device__ void set(int &x);
__global__ void k(const int *in, int n) {
  __shared__ int s;
  const int lane = threadIdx.x % warpSize;
  int v = n;
  set(v);
  int w = in[threadIdx.x];
  if (lane == 0) {}
  if (s > 0) {}
  if (v > 0) {}
  if (w > 0) {}
}
)");
  ASSERT_TRUE(K.Fn);
  BlockUniformity U = K.uniformity();
  ASSERT_EQ(K.Tests.size(), 4u);
  for (const Expr *T : K.Tests)
    EXPECT_FALSE(U.isUniform(T));
}

TEST(BlockUniformTest, ALocalLoopVariableFollowsItsSteps) {
  Kernel K(R"(
__global__ void k(float *out, int n) {
  for (int i = blockIdx.x; i < n; i += gridDim.x) {
    out[i] = 0.0f;
    __syncthreads();
  }
  for (int j = threadIdx.x; j < n; j += blockDim.x) {
    out[j] = 1.0f;
    __syncthreads();
  }
}
)");
  ASSERT_TRUE(K.Fn);
  BlockUniformity U = K.uniformity();
  ASSERT_EQ(K.Barriers.size(), 2u);
  EXPECT_TRUE(U.reachedByWholeBlock(K.Barriers[0]));
  EXPECT_FALSE(U.reachedByWholeBlock(K.Barriers[1]));
}

TEST(BlockUniformTest, AnExitUnderAThreadTestSkipsWhatFollows) {
  Kernel K(R"(
__global__ void k(float *out, int n) {
  __syncthreads();
  if (threadIdx.x >= n)
    return;
  __syncthreads();
}
)");
  ASSERT_TRUE(K.Fn);
  BlockUniformity U = K.uniformity();
  ASSERT_EQ(K.Barriers.size(), 2u);
  EXPECT_TRUE(U.reachedByWholeBlock(K.Barriers[0]));
  EXPECT_FALSE(U.reachedByWholeBlock(K.Barriers[1]));
}

TEST(BlockUniformTest, ADeviceFunctionsParametersAreNotKnown) {
  Kernel K(R"(
__device__ void k(float *out, int n) {
  if (n > 0)
    __syncthreads();
}
)");
  ASSERT_TRUE(K.Fn);
  BlockUniformity U = K.uniformity();
  ASSERT_EQ(K.Barriers.size(), 1u);
  EXPECT_FALSE(U.reachedByWholeBlock(K.Barriers[0]));
  ASSERT_EQ(BlockUniformity::enclosingFunctions(K.Barriers[0], K.AST->getASTContext()).size(), 1u);
}

} // namespace
