// The lane-value and mask facts of the warp model (lib/ast/WarpModel, lib/ast/warp/), on HIP
// snippets parsed against the test SDK header (test/Inputs/include).

#include "ast/WarpModel.h"
#include "HipSnippet.h"
#include "ast/PlatformGuards.h"
#include "ast/StmtWalk.h"
#include "ast/ThreadIndex.h"
#include "ast/warp/WarpExprs.h"
#include "core/WarpTables.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Tooling/Tooling.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

using namespace clang;
using namespace rocmtidy;

namespace {

// The device functions of a unit, added to a model as the check adds them.
class Collector : public RecursiveASTVisitor<Collector> {
public:
  explicit Collector(WarpModel &M) : M(M) {}
  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (FD->doesThisDeclarationHaveABody() && hasExplicitDeviceAttr(FD) &&
        !FD->getASTContext().getSourceManager().isInSystemHeader(FD->getLocation()))
      M.addFunction(FD, FD->getBody());
    return true;
  }

private:
  WarpModel &M;
};

struct Model {
  std::unique_ptr<ASTUnit> AST;
  llvm::Regex Names{warpTables().WarpSizeNameRegex, llvm::Regex::IgnoreCase};
  PlatformGuards Guards{std::vector<std::string>{}};
  std::unique_ptr<WarpModel> M;

  explicit Model(const std::string &Code) : AST(parseHipSnippet(Code)) {
    M = std::make_unique<WarpModel>(AST->getASTContext(), Names, Guards);
    Collector(*M).TraverseDecl(AST->getASTContext().getTranslationUnitDecl());
    M->finish();
  }
  // The facts of the (first analysed) function named Name.
  const FunctionWarpFacts &of(StringRef Name) const {
    for (const auto &F : M->functions())
      if (const auto *FD = dyn_cast<FunctionDecl>(F->D); FD && FD->getIdentifier() && FD->getName() == Name)
        return *F;
    ADD_FAILURE() << "no function " << Name.str();
    static FunctionWarpFacts None;
    return None;
  }
};

// The first expression of kind T in the body of function Name.
template <class T> const T *firstIn(ASTContext &Ctx, StringRef Name) {
  struct Finder : RecursiveASTVisitor<Finder> {
    StringRef Name;
    const T *Found = nullptr;
    bool InTarget = false;
    bool TraverseFunctionDecl(FunctionDecl *FD) {
      InTarget = FD->getIdentifier() && FD->getName() == Name;
      return RecursiveASTVisitor<Finder>::TraverseFunctionDecl(FD);
    }
    bool VisitStmt(Stmt *S) {
      if (InTarget && !Found)
        Found = dyn_cast<T>(S);
      return true;
    }
  } F;
  F.Name = Name;
  F.TraverseDecl(Ctx.getTranslationUnitDecl());
  return F.Found;
}

TEST(WarpExprsTest, LoopOffsets) {
  auto AST = parseHipSnippet("__device__ float f(float v) { for (int o = 16; o > 0; o >>= 1) v += o; return v; }\n"
                             "__device__ float g(float v) { for (int o = 1; o <= 16; o = o * 2) v += o; return v; }\n");
  ASSERT_TRUE(AST);
  const ForStmt *Halving = firstIn<ForStmt>(AST->getASTContext(), "f");
  const ForStmt *Doubling = firstIn<ForStmt>(AST->getASTContext(), "g");
  ASSERT_TRUE(Halving && Doubling);
  auto [VD, Start] = warp::loopStart(Halving);
  ASSERT_TRUE(VD && Start);
  EXPECT_TRUE(warp::isLit(Start, 16));
  EXPECT_TRUE(warp::steps(Halving->getInc(), VD, /*Halve=*/true));
  EXPECT_FALSE(warp::steps(Halving->getInc(), VD, /*Halve=*/false));
  auto [DV, DStart] = warp::loopStart(Doubling);
  ASSERT_TRUE(DV && DStart);
  EXPECT_TRUE(warp::steps(Doubling->getInc(), DV, /*Halve=*/false));
  bool Inclusive = false;
  const Expr *Bound = warp::loopBound(Doubling, DV, Inclusive);
  ASSERT_TRUE(Bound);
  EXPECT_TRUE(Inclusive);
  EXPECT_TRUE(warp::isLit(Bound, 16));
}

TEST(WarpExprsTest, NarrowFullMask) {
  auto AST = parseHipSnippet("__device__ void f(unsigned long long *o) { o[0] = 0xffffffff; o[1] = ~0u; o[2] = -1; "
                             "o[3] = ~0ull; o[4] = 0xffff; }\n");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->getASTContext();
  std::vector<bool> Narrow;
  struct V : RecursiveASTVisitor<V> {
    ASTContext &Ctx;
    std::vector<bool> &Out;
    V(ASTContext &Ctx, std::vector<bool> &Out) : Ctx(Ctx), Out(Out) {}
    bool VisitBinaryOperator(BinaryOperator *BO) {
      if (BO->getOpcode() == BO_Assign && !Ctx.getSourceManager().isInSystemHeader(BO->getBeginLoc()))
        Out.push_back(warp::isNarrowFullMask(BO->getRHS(), Ctx));
      return true;
    }
  } Visitor(Ctx, Narrow);
  Visitor.TraverseDecl(Ctx.getTranslationUnitDecl());
  // '-1' widens to all ones; '0xffff' is a partial mask, a choice and no narrowing.
  EXPECT_EQ(Narrow, (std::vector<bool>{true, true, false, false, false}));
}

TEST(WarpExprsTest, WidthNames) {
  auto AST =
      parseHipSnippet("__device__ int physical_warp_size() { return warpSize; }\n"
                      "__device__ int f(int w) { return (w == physical_warp_size()) + (w == 7) + (warpSize - 1); }\n");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->getASTContext();
  const ReturnStmt *R = firstIn<ReturnStmt>(Ctx, "f");
  ASSERT_TRUE(R);
  const auto *Sum = cast<BinaryOperator>(R->getRetValue()->IgnoreParenImpCasts());
  const auto *Left = cast<BinaryOperator>(Sum->getLHS()->IgnoreParenImpCasts());
  EXPECT_TRUE(warp::isWidthTest(Left->getLHS()));
  EXPECT_FALSE(warp::isWidthTest(Left->getRHS()));
  EXPECT_TRUE(warp::isWarpSizeMinusOne(Sum->getRHS()));
  EXPECT_TRUE(warp::mentionsWarpSize(Sum));
}

TEST(WarpModelTest, LaneGroupings) {
  Model M("__device__ int f() { int t = threadIdx.x; int lane = t % 32; int warp = threadIdx.x >> 5;\n"
          "  int hw = threadIdx.x % warpSize; return lane + warp + hw + (blockIdx.x % 32); }\n");
  const FunctionWarpFacts &F = M.of("f");
  ASSERT_EQ(F.Groupings.size(), 2u);
  EXPECT_EQ(F.Groupings[0].K, LaneGrouping32::LaneModulo);
  ASSERT_TRUE(F.Groupings[0].Via);
  EXPECT_EQ(F.Groupings[0].Via->getName(), "t");
  EXPECT_TRUE(F.Groupings[0].Origin.IsLiteral);
  EXPECT_EQ(F.Groupings[1].K, LaneGrouping32::WarpShift);
  // 'blockIdx.x % 32' numbers blocks, not lanes.
  EXPECT_EQ(F.HardwareGroupings.size(), 1u);
}

TEST(WarpModelTest, NamedWidthOrigin) {
  Model M("#define WARP_SIZE 32\nconstexpr int kWarpSize = 32;\n"
          "__device__ int f() { return threadIdx.x / WARP_SIZE + threadIdx.x % kWarpSize; }\n");
  const FunctionWarpFacts &F = M.of("f");
  ASSERT_EQ(F.Groupings.size(), 2u);
  EXPECT_EQ(F.Groupings[0].Origin.Name, "WARP_SIZE");
  EXPECT_EQ(F.Groupings[1].Origin.Name, "kWarpSize");
  EXPECT_EQ(F.Groupings[1].Origin.NameValue, 32u);
  EXPECT_FALSE(F.Groupings[1].Origin.IsLiteral);
}

TEST(WarpModelTest, ShuffleOffsets) {
  Model M("__device__ float wide(float v) { for (int o = warpSize / 2; o > 0; o /= 2) v += __shfl_down(v, o);"
          " return v; }\n"
          "__device__ float from16(float v) { for (int o = 16; o > 0; o /= 2) v += __shfl_down(v, o); return v; }\n"
          "__device__ float logical(float v) { for (int o = 16; o > 0; o /= 2) v += __shfl_xor(v, o, 32);"
          " return v; }\n");
  EXPECT_EQ(M.of("wide").FullOps.size(), 1u);
  EXPECT_TRUE(M.of("wide").ShortReductions.empty());
  const FunctionWarpFacts &Short = M.of("from16");
  EXPECT_TRUE(Short.FullOps.empty());
  EXPECT_TRUE(Short.Confined32);
  ASSERT_EQ(Short.ShortReductions.size(), 1u);
  EXPECT_EQ(Short.ShortReductions[0].K, ShortReduction::LoopFrom16);
  EXPECT_TRUE(M.of("logical").HasLogicalWidth);
  EXPECT_EQ(M.of("logical").Width32Reductions.size(), 1u);
}

TEST(WarpModelTest, MaskFacts) {
  Model M("__device__ unsigned long long vote(bool p) { return __ballot(p); }\n"
          "__device__ int f(int x, unsigned mask) {\n"
          "  unsigned m32 = vote(x > 0);\n"
          "  unsigned bit = 1u << __lane_id();\n"
          "  return __shfl_xor_sync(0xffffffff, x, 1) + __shfl_xor_sync(mask, x, 2) + __popc(__ballot(x)) + m32"
          " + bit + (__lane_id() == 31);\n"
          "}\n");
  const FunctionWarpFacts &F = M.of("f");
  EXPECT_EQ(F.NarrowMasks.size(), 1u);
  EXPECT_EQ(F.NarrowMaskTypes.size(), 1u);
  EXPECT_EQ(F.NarrowBitOps.size(), 1u);
  // The wrapper's result is a 64-bit lane mask like the ballot it returns.
  ASSERT_EQ(F.NarrowCasts.size(), 1u);
  EXPECT_EQ(F.NarrowCasts[0].What, "result of 'vote'");
  EXPECT_EQ(F.NarrowLaneBits.size(), 1u);
  EXPECT_EQ(F.LastLane31Tests.size(), 1u);
}

TEST(WarpModelTest, WidthParameterSummaries) {
  Model M("__device__ float sum(float v, int width) { for (int o = width / 2; o > 0; o /= 2)"
          " v += __shfl_xor(v, o, width); return v; }\n"
          "template <int W> __device__ float tsum(float v) { return __shfl_xor(v, 1, W); }\n"
          "__device__ float wide(float v) { return sum(v, warpSize) + tsum<64>(v); }\n"
          "__device__ float narrow(float v) { return sum(v, 32) + tsum<32>(v); }\n");
  EXPECT_EQ(M.of("sum").WidthParams, (llvm::SmallVector<unsigned, 2>{1}));
  EXPECT_EQ(M.of("tsum").WidthTemplateParams, (llvm::SmallVector<unsigned, 2>{0}));
  EXPECT_EQ(M.of("wide").FullOps.size(), 2u);
  EXPECT_TRUE(M.of("narrow").FullOps.empty());
}

// The tile a ballot is read against: its size from the instantiation (16), open in a template no one
// instantiates (0), none where no tile reaches the code; a broadcast helper's source-lane parameter.
TEST(WarpModelTest, TileVotesAndBroadcastSummaries) {
  Model M("#include <hip/hip_cooperative_groups.h>\n"
          "namespace cg = cooperative_groups;\n"
          "template <class G> __device__ int first(const G &g, bool p) { return __ffsll(__ballot(p)) - 1; }\n"
          "template <class G> __device__ int open(const G &g, bool p) { auto m = __ballot(p);"
          " return g.shfl(p, __ffsll(m) - 1); }\n"
          "template <class G> __device__ int kept(const G &g, bool p) { return __popcll(__ballot(p) >> 32); }\n"
          "__device__ int alone(bool p) { return __ffsll(__ballot(p)); }\n"
          "__device__ float bcast(float x, int src) { return __shfl(x, src); }\n"
          "__global__ void k(int *o) { auto t = cg::tiled_partition<16>(cg::this_thread_block());"
          " o[0] = first(t, o[1] > 0) + kept(t, o[2] > 0); }\n");
  ASSERT_EQ(M.of("first").TileVotes.size(), 1u);
  EXPECT_EQ(M.of("first").TileVotes[0].TileLanes, 16u);
  ASSERT_EQ(M.of("open").TileVotes.size(), 1u);
  EXPECT_EQ(M.of("open").TileVotes[0].TileLanes, 0u);
  EXPECT_TRUE(M.of("kept").TileVotes.empty());
  EXPECT_TRUE(M.of("alone").TileVotes.empty());
  EXPECT_EQ(M.of("bcast").SourceLaneParams, (llvm::SmallVector<unsigned, 1>{1}));
}

} // namespace

TEST(WarpExprsTest, ValueAt64Lanes) {
  auto AST =
      parseHipSnippet("constexpr int kThreads = 1024;\n"
                      "__device__ int f() { return (kThreads / warpSize) + (warpSize >> 1) + (2 * 16) + warpSize; }\n");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->getASTContext();
  const ReturnStmt *R = firstIn<ReturnStmt>(Ctx, "f");
  ASSERT_TRUE(R);
  // ((a + b) + c) + d
  const auto *Outer = cast<BinaryOperator>(R->getRetValue()->IgnoreParenImpCasts());
  const auto *Mid = cast<BinaryOperator>(Outer->getLHS()->IgnoreParenImpCasts());
  const auto *Inner = cast<BinaryOperator>(Mid->getLHS()->IgnoreParenImpCasts());
  EXPECT_EQ(warp::valueAt64Lanes(Inner->getLHS(), Ctx), std::optional<int64_t>(16));
  EXPECT_EQ(warp::valueAt64Lanes(Inner->getRHS(), Ctx), std::optional<int64_t>(32));
  EXPECT_EQ(warp::valueAt64Lanes(Mid->getRHS(), Ctx), std::optional<int64_t>(32));
  EXPECT_EQ(warp::valueAt64Lanes(Outer->getRHS(), Ctx), std::optional<int64_t>(64));
  EXPECT_EQ(warp::valueAt64Lanes(Outer, Ctx), std::optional<int64_t>(144));
}

TEST(WarpModelTest, ShortLaneArrays) {
  Model M("__device__ float f(float *o) {\n"
          "  __shared__ float part[32]; __shared__ float all[64];\n"
          "  int lane = threadIdx.x % warpSize; int lane32 = threadIdx.x % 32;\n"
          "  float a = part[lane] + all[lane] + part[lane32];\n"
          "  a += lane < 16 ? part[lane] : 0.0f;\n"
          "  if (lane < 8) a += part[lane];\n"
          "  if (warpSize == 32) a += part[lane];\n"
          "  return a; }\n");
  const FunctionWarpFacts &F = M.of("f");
  // Only the unguarded read of the 32-element array by a hardware lane.
  ASSERT_EQ(F.ShortArrays.size(), 1u);
  EXPECT_EQ(F.ShortArrays[0].Array->getName(), "part");
  EXPECT_EQ(F.ShortArrays[0].Extent, 32u);
}

TEST(WarpModelTest, Width32BranchesAreQuiet) {
  Model M("__device__ unsigned long long f(int x, unsigned *o) {\n"
          "  unsigned long long b = __ballot(x);\n"
          "  if (warpSize == 32 && x) o[0] = static_cast<unsigned>(b);\n"
          "  o[1] = warpSize == 64 ? 0u : static_cast<unsigned>(b);\n"
          "  o[2] = static_cast<unsigned>(b);\n"
          "  if (warpSize != 32) return 0;\n"
          "  return b; }\n");
  const FunctionWarpFacts &F = M.of("f");
  // The narrowing outside the 32-lane branches, and the test whose branch leaves the function.
  EXPECT_EQ(F.NarrowCasts.size(), 1u);
  EXPECT_EQ(F.WarpSizeTests.size(), 1u);
}

TEST(WarpModelTest, MaskParametersThroughWrappers) {
  Model M("__device__ float inner(unsigned long long m, float v, int d) { return __shfl_down_sync(m, v, d); }\n"
          "__device__ float middle(float v, unsigned long long mask) { return inner(mask, v, 1); }\n"
          "__device__ float outer(unsigned long long k, float v) {\n"
          "  return middle(v, k) + inner(~0ull, v, (int)k); }\n"
          "__device__ float other(unsigned long long m) { return (float)m; }\n"
          "__global__ void g(float *o) { o[0] = outer(0xffffffffu, o[1]) + other(0xffffffffu); }\n");
  auto Decl = [&](StringRef Name) -> const FunctionDecl * {
    const FunctionWarpFacts &F = M.of(Name);
    return dyn_cast_or_null<FunctionDecl>(F.D);
  };
  EXPECT_EQ(M.M->maskParameterTarget(Decl("inner"), 0), "__shfl_down_sync");
  EXPECT_EQ(M.M->maskParameterTarget(Decl("inner"), 2), "");
  EXPECT_EQ(M.M->maskParameterTarget(Decl("middle"), 1), "__shfl_down_sync");
  EXPECT_EQ(M.M->maskParameterTarget(Decl("middle"), 0), "");
  // Three levels deep; 'k' is also an offset, but one mask use is enough.
  EXPECT_EQ(M.M->maskParameterTarget(Decl("outer"), 0), "__shfl_down_sync");
  EXPECT_EQ(M.M->maskParameterTarget(Decl("other"), 0), "");
  const FunctionWarpFacts &G = M.of("g");
  ASSERT_EQ(G.WrapperMasks.size(), 1u);
  EXPECT_TRUE(G.WrapperMasks[0].FullConstant);
  EXPECT_EQ(G.WrapperMasks[0].Builtin, "__shfl_down_sync");
}

// A width named like a warp width and worth 64 groups lanes by the wavefront, as 'warpSize' does;
// one worth 32 stays a 32-lane grouping, and a 64 not named like a width is no grouping.
TEST(WarpModelTest, NamedWavefrontGroupings) {
  Model M("#define WARP_SIZE 64\nconstexpr int kWaveSize = 64;\n#define TILE 64\n"
          "__device__ int f() { int lane = threadIdx.x % WARP_SIZE; int w = threadIdx.x / kWaveSize;\n"
          "  int l2 = threadIdx.x & (WARP_SIZE - 1); int t = threadIdx.x % TILE; return lane + w + l2 + t; }\n"
          "__device__ float g(float v) { return v; }\n");
  const FunctionWarpFacts &F = M.of("f");
  EXPECT_EQ(F.HardwareGroupings.size(), 3u);
  EXPECT_TRUE(F.Groupings.empty());
  // The analysed body of a definition, by its declaration.
  const auto *G = dyn_cast_or_null<FunctionDecl>(M.of("g").D);
  ASSERT_TRUE(G);
  EXPECT_EQ(M.M->definition(G), &M.of("g"));
}

// A halving loop that starts at a template parameter: its instantiations (or the default argument)
// give the offsets. Every instantiation at 32 keeps the shuffles inside 32 lanes; one at 64 does not.
TEST(WarpModelTest, TemplateLoopStarts) {
  Model M("template <unsigned W = 32> __device__ float narrow(float v) {\n"
          "  for (unsigned i = W / 2; i > 0; i /= 2) v += __shfl_down(v, i); return v; }\n"
          "template <unsigned W> __device__ float wide(float v) {\n"
          "  for (unsigned i = W >> 1; i > 0; i >>= 1) v += __shfl_xor(v, i); return v; }\n"
          "__global__ void k(float *o) { o[0] = narrow(o[1]) + wide<64>(o[2]); }\n");
  const FunctionWarpFacts &Narrow = M.of("narrow");
  EXPECT_TRUE(Narrow.FullOps.empty());
  EXPECT_TRUE(Narrow.Confined32);
  // A template serves every width its callers pick: no reduction that stops at 16 of its own.
  EXPECT_TRUE(Narrow.ShortReductions.empty());
  EXPECT_EQ(M.of("wide").FullOps.size(), 1u);
}

// A doubling loop whose bound is arithmetic on the template's parameters: the instantiations'
// largest bound decides; a template no code instantiates keeps the whole wavefront.
TEST(WarpModelTest, TemplateLoopBounds) {
  Model M("template <int R> __device__ float small(float v) {\n"
          "  for (int o = 1; o < R * R; o <<= 1) v += __shfl_xor(v, o); return v; }\n"
          "template <int R> __device__ float big(float v) {\n"
          "  for (int o = R; o <= (R << 2) - 1; o *= 2) v += __shfl_xor(v, o); return v; }\n"
          "template <int R> __device__ float unused(float v) {\n"
          "  for (int o = 1; o < R * R; o <<= 1) v += __shfl_xor(v, o); return v; }\n"
          "__global__ void k(float *o) { o[0] = small<4>(o[1]) + small<2>(o[1]) + big<4>(o[2]) + big<16>(o[2]); }\n");
  EXPECT_TRUE(M.of("small").FullOps.empty());
  EXPECT_TRUE(M.of("small").Confined32);
  // 16 << 2 is 64: offsets up to 32 cross the groups.
  EXPECT_EQ(M.of("big").FullOps.size(), 1u);
  EXPECT_EQ(M.of("unused").FullOps.size(), 1u);
}

// A width handed on through a helper's own parameter: the middle helper has a width parameter
// too, and only the caller that gives it the wavefront width gets a full-wavefront operation.
TEST(WarpModelTest, WidthParametersHandedOn) {
  Model M("__device__ float shflFrom(float v, int src, int width) { return __shfl(v, src, width); }\n"
          "__device__ float rowSum(float v, int w) { return v + shflFrom(v, threadIdx.x & 31, w); }\n"
          "__global__ void wide(float *o) { o[0] = rowSum(o[1], warpSize); }\n"
          "__global__ void narrow(float *o) { o[0] = rowSum(o[1], 32); }\n");
  EXPECT_EQ(M.of("shflFrom").WidthParams.size(), 1u);
  ASSERT_EQ(M.of("rowSum").WidthParams.size(), 1u);
  EXPECT_EQ(M.of("rowSum").WidthParams.front(), 1u);
  EXPECT_EQ(M.of("wide").FullOps.size(), 1u);
  EXPECT_TRUE(M.of("narrow").FullOps.empty());
}

// '(n + warpSize - 1) >> 5' and '(n + 31) / warpSize' are counts rounded by one width and divided
// by the other; one width throughout is not.
TEST(WarpModelTest, MixedRoundings) {
  Model M("__global__ void k(int *o, int n) {\n"
          "  o[0] = (n + warpSize - 1) >> 5; o[1] = (n + 31) / warpSize;\n"
          "  o[2] = (n + warpSize - 1) / warpSize; o[3] = (n + 31) / 32; o[4] = (n - warpSize) / 32; }\n");
  const FunctionWarpFacts &K = M.of("k");
  ASSERT_EQ(K.MixedRoundings.size(), 2u);
  EXPECT_FALSE(K.MixedRoundings[0].second);
  EXPECT_TRUE(K.MixedRoundings[1].second);
}

TEST(WarpExprsTest, FoldBinary) {
  EXPECT_EQ(warp::foldBinary(BO_Div, 32, 2), 16);
  EXPECT_EQ(warp::foldBinary(BO_Shr, 64, 1), 32);
  EXPECT_EQ(warp::foldBinary(BO_Div, 1, 0), std::nullopt);
  EXPECT_EQ(warp::foldBinary(BO_Shl, 1, 40), std::nullopt);
  EXPECT_EQ(warp::foldBinary(BO_LT, 1, 2), std::nullopt);
}

// A shuffle kept within 32 lanes whose source lane is computed from warpSize: through hipCUB's
// template width or the intrinsic's width argument; a lane of the group itself (31) is not one, nor
// is a template width of 64, which makes the shuffle wavefront-wide.
TEST(WarpModelTest, Width32WavefrontLanes) {
  Model M("namespace hipcub { template <int W, class T> __device__ T ShuffleIndex(T v, int src, unsigned long long m)"
          " { return v; } }\n"
          "__device__ int lib(int v) { return hipcub::ShuffleIndex<32>(v, warpSize - 1, ~0ull); }\n"
          "__device__ float intr(float v) { return __shfl(v, warpSize - 1, 32); }\n"
          "__device__ int own(int v) { return hipcub::ShuffleIndex<32>(v, 31, ~0ull); }\n"
          "__device__ int wide(int v) { return hipcub::ShuffleIndex<64>(v, warpSize - 1, ~0ull); }\n");
  EXPECT_EQ(M.of("lib").Width32WavefrontLanes.size(), 1u);
  EXPECT_TRUE(M.of("lib").HasLogicalWidth);
  EXPECT_EQ(M.of("intr").Width32WavefrontLanes.size(), 1u);
  EXPECT_TRUE(M.of("own").Width32WavefrontLanes.empty());
  EXPECT_TRUE(M.of("wide").Width32WavefrontLanes.empty());
  EXPECT_EQ(M.of("wide").FullOps.size(), 1u);
}

// A global thread number read through the locals it is computed from ('gid' from 'base' from
// 'blockIdx.x'), and a thread's place in its block, which reads no block coordinate.
TEST(WarpExprsTest, BlockIndexThroughInitialisers) {
  auto AST = parseHipSnippet("__global__ void g(int *o) { unsigned base = blockIdx.x * blockDim.x;\n"
                             "  unsigned gid = base + threadIdx.x; o[0] = gid / warpSize; }\n"
                             "__global__ void l(int *o) { unsigned t = threadIdx.x; o[0] = t / warpSize; }\n");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->getASTContext();
  auto Reads = [](const Expr *E, unsigned Depth) {
    return !walkWithInitialisers(E, Depth, [](const Stmt *S) {
      const auto *X = dyn_cast<Expr>(S);
      return X && isBlockIndex(X) ? StmtWalk::Stop : StmtWalk::Continue;
    });
  };
  auto DivOf = [&](StringRef Fn) -> const Expr * {
    struct Finder : RecursiveASTVisitor<Finder> {
      StringRef Name;
      const BinaryOperator *Found = nullptr;
      bool InTarget = false;
      bool TraverseFunctionDecl(FunctionDecl *FD) {
        InTarget = FD->getIdentifier() && FD->getName() == Name;
        return RecursiveASTVisitor<Finder>::TraverseFunctionDecl(FD);
      }
      bool VisitBinaryOperator(BinaryOperator *BO) {
        if (InTarget && !Found && BO->getOpcode() == BO_Div)
          Found = BO;
        return true;
      }
    } F;
    F.Name = Fn;
    F.TraverseDecl(Ctx.getTranslationUnitDecl());
    return F.Found ? F.Found->getLHS() : nullptr;
  };
  const Expr *Global = DivOf("g"), *Local = DivOf("l");
  ASSERT_TRUE(Global && Local);
  EXPECT_TRUE(Reads(Global, 2));
  EXPECT_FALSE(Reads(Global, 1)); // 'blockIdx' is two initialisers away
  EXPECT_FALSE(Reads(Local, 3));
}

// A wavefront-wide index shuffle whose source lane is the counter of a loop from 0 to 32 reads
// lanes 0-31 only; a width of 32, a walk to 'warpSize', a loop from 1, or a loop only threads
// 0-31 take are no such gather.
TEST(WarpModelTest, LaneGathersOf32Lanes) {
  Model M("#define WS 32\n"
          "__device__ float lit(float v) { float s = 0; for (int i = 0; i < 32; ++i) s += __shfl(v, i); return s; }\n"
          "__device__ float mac(float v) { float s = 0; for (int i = 0; i <= WS - 1; i++) s += __shfl(v, i); "
          "return s; }\n"
          "__device__ float w32(float v) { float s = 0; for (int i = 0; i < 32; ++i) s += __shfl(v, i, 32); "
          "return s; }\n"
          "__device__ float wave(float v) { float s = 0; for (int i = 0; i < warpSize; ++i) s += __shfl(v, i); "
          "return s; }\n"
          "__device__ float from1(float v) { float s = 0; for (int i = 1; i < 32; ++i) s += __shfl(v, i); "
          "return s; }\n"
          "__device__ float first(float v) { float s = 0; if (threadIdx.x < 32) for (int i = 0; i < 32; ++i) "
          "s += __shfl(v, i); return s; }\n");
  ASSERT_EQ(M.of("lit").LaneGathers32.size(), 1u);
  EXPECT_EQ(M.of("lit").LaneGathers32[0].Bound->EvaluateKnownConstInt(M.AST->getASTContext()), 32);
  EXPECT_EQ(M.of("mac").LaneGathers32.size(), 1u);
  EXPECT_TRUE(M.of("w32").LaneGathers32.empty());
  EXPECT_TRUE(M.of("wave").LaneGathers32.empty());
  EXPECT_TRUE(M.of("from1").LaneGathers32.empty());
  EXPECT_TRUE(M.of("first").LaneGathers32.empty());
}
