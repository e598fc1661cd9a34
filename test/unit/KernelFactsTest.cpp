// Kernel facts recorded from a translation unit's own parse (lib/ast/KernelFacts) and their merge
// into the project index (lib/core/ProjectIndex), on HIP snippets parsed against the test SDK
// header (test/Inputs/include).

#include "ast/KernelFacts.h"
#include "core/ProjectIndex.h"

#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/Tooling.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

using namespace clang;
using namespace rocmtidy;

namespace {

std::vector<std::string> hipArgs(std::vector<std::string> Extra = {}) {
  std::vector<std::string> Args = {
      "-x",        "hip",       "--cuda-host-only", "--offload-arch=gfx90a",
      "-nogpulib", "-nogpuinc", "-isystem",         std::string(ROCM_TIDY_SOURCE_DIR) + "/test/Inputs/include"};
  Args.insert(Args.end(), Extra.begin(), Extra.end());
  return Args;
}

// The facts collector as rocm-lint runs it beside the checks: preprocessor callbacks and all.
class FactsAction : public ASTFrontendAction {
public:
  explicit FactsAction(TranslationUnitFacts &Out) : Out(Out) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI, StringRef) override {
    return makeFactsCollector(CI, Out);
  }

private:
  TranslationUnitFacts &Out;
};

TranslationUnitFacts factsOf(const std::string &Body, std::vector<std::string> Extra = {},
                             const std::string &Name = "/p/snippet.hip",
                             const tooling::FileContentMappings &Files = {}) {
  TranslationUnitFacts Out;
  bool Ok = tooling::runToolOnCodeWithArgs(std::make_unique<FactsAction>(Out), "#include <hip/hip_runtime.h>\n" + Body,
                                           hipArgs(std::move(Extra)), Name, "rocm-tidy-unit-tests",
                                           std::make_shared<PCHContainerOperations>(), Files);
  EXPECT_TRUE(Ok) << Body;
  return Out;
}

const KernelDefinition *named(const TranslationUnitFacts &F, const std::string &Name) {
  for (const KernelDefinition &K : F.Kernels)
    if (K.Name == Name)
      return &K;
  return nullptr;
}

} // namespace

TEST(KernelFacts, RecordsBoundsLdsAndLines) {
  TranslationUnitFacts F = factsOf("constexpr int TILE = 32;\n"
                                   "namespace ops {\n"
                                   "__device__ float load(float *p) { __shared__ float s[TILE][TILE + 1]; "
                                   "return s[0][0]; }\n"
                                   "__launch_bounds__(2 * 512, 1) __global__ void big(float *p, int n) {\n"
                                   "  __shared__ int flags[64];\n"
                                   "  p[0] = load(p) + flags[n];\n"
                                   "}\n"
                                   "__global__ void plain(float *p) {}\n"
                                   "__global__ void declared(float *p);\n"
                                   "} // namespace ops\n"
                                   "static __global__ void hidden() {}\n"
                                   "namespace { __global__ void anon() {} }\n"
                                   "__global__ void __attribute__((amdgpu_flat_work_group_size(1, 128))) flat() {}\n");
  ASSERT_EQ(F.Kernels.size(), 3u);
  const KernelDefinition *K = named(F, "ops::big");
  ASSERT_NE(K, nullptr);
  EXPECT_EQ(K->Params, 2u);
  EXPECT_EQ(K->Line, 5u); // the include line comes first
  EXPECT_EQ(K->File, "/p/snippet.hip");
  EXPECT_TRUE(K->HasBounds);
  EXPECT_FALSE(K->FlatWorkGroupSize) << "written as __launch_bounds__, whatever HIP's header expands it to";
  EXPECT_EQ(K->MaxThreads, 1024u);
  // 64 ints in the kernel, 32x33 floats in the device function it calls.
  EXPECT_EQ(K->StaticLdsBytes, 64u * 4 + 32u * 33 * 4);
  const KernelDefinition *P = named(F, "ops::plain");
  ASSERT_NE(P, nullptr);
  EXPECT_FALSE(P->HasBounds);
  EXPECT_EQ(P->StaticLdsBytes, 0u);
  const KernelDefinition *Flat = named(F, "flat");
  ASSERT_NE(Flat, nullptr);
  EXPECT_TRUE(Flat->FlatWorkGroupSize);
  EXPECT_EQ(Flat->MaxThreads, 128u);
  EXPECT_EQ(named(F, "hidden"), nullptr);
  EXPECT_EQ(named(F, "ops::declared"), nullptr);
}

// The lexical pass took both branches of every #if; the parse takes the one the flags choose.
TEST(KernelFacts, DefineFlagDecidesTheBound) {
  const std::string Code = "#ifdef WIDE\n#define TH 1024\n#else\n#define TH 256\n#endif\n"
                           "__global__ void __launch_bounds__(TH) k(float *p) {}\n";
  TranslationUnitFacts Narrow = factsOf(Code);
  TranslationUnitFacts Wide = factsOf(Code, {"-DWIDE"});
  ASSERT_EQ(Narrow.Kernels.size(), 1u);
  ASSERT_EQ(Wide.Kernels.size(), 1u);
  EXPECT_EQ(Narrow.Kernels[0].MaxThreads, 256u);
  EXPECT_EQ(Wide.Kernels[0].MaxThreads, 1024u);
}

TEST(KernelFacts, TemplateBoundIsEvaluatedWithTheLaunchArguments) {
  TranslationUnitFacts F = factsOf("template <typename T, int B>\n"
                                   "__global__ void __launch_bounds__(B) tk(T *p) { __shared__ T t[B]; }\n"
                                   "template <int N> __global__ void __launch_bounds__(N * 2) twice(float *p) {}\n"
                                   "void use(float *p) { tk<float, 64><<<1, 64>>>(p); }\n");
  const KernelDefinition *K = named(F, "tk");
  ASSERT_NE(K, nullptr);
  EXPECT_EQ(F.Kernels.size(), 2u) << "instantiations are not definitions of their own";
  EXPECT_TRUE(K->HasBounds);
  EXPECT_EQ(K->MaxThreads, std::nullopt);
  EXPECT_EQ(K->BoundParam, "B");
  EXPECT_EQ(K->TemplateParams, (std::vector<std::string>{"T", "B"}));
  EXPECT_EQ(K->maxThreadsFor({std::nullopt, 128}), 128u);
  EXPECT_EQ(K->maxThreadsFor({std::nullopt, std::nullopt}), std::nullopt);
  // Its storage depends on T and B: unknown, not zero.
  EXPECT_EQ(K->StaticLdsBytes, std::nullopt);
  // A bound computed from a parameter is known to exist but not evaluated.
  const KernelDefinition *T = named(F, "twice");
  ASSERT_NE(T, nullptr);
  EXPECT_TRUE(T->HasBounds);
  EXPECT_TRUE(T->BoundParam.empty());
  EXPECT_EQ(T->maxThreadsFor({64}), std::nullopt);
}

TEST(KernelFacts, SkippedBranchesNameTheirQuotedIncludes) {
  tooling::FileContentMappings Files = {{"/p/on.h", "\n"}, {"/p/other.h", "\n"}};
  TranslationUnitFacts F = factsOf("#ifdef USE_CUDA\n"
                                   "#include \"only_cuda.h\"\n"
                                   "#  include \"sub/nested.h\"\n"
                                   "#include <cublas_v2.h>\n"
                                   "// #include \"commented.h\"\n"
                                   "#else\n"
                                   "#include \"on.h\"\n"
                                   "#endif\n"
                                   "#if 0\n#include \"other.h\"\n#endif\n",
                                   {}, "/p/snippet.hip", Files);
  ASSERT_EQ(F.SkippedIncludes.size(), 3u);
  EXPECT_EQ(F.SkippedIncludes[0].Spelled, "only_cuda.h");
  EXPECT_EQ(F.SkippedIncludes[0].Line, 3u);
  EXPECT_EQ(F.SkippedIncludes[0].Includer, "/p/snippet.hip");
  EXPECT_EQ(F.SkippedIncludes[1].Spelled, "sub/nested.h");
  EXPECT_EQ(F.SkippedIncludes[2].Spelled, "other.h");
  // With the flag the other branch is the skipped one.
  TranslationUnitFacts G = factsOf("#ifdef USE_CUDA\n#include \"on.h\"\n#else\n#include \"other.h\"\n#endif\n",
                                   {"-DUSE_CUDA"}, "/p/snippet.hip", Files);
  ASSERT_EQ(G.SkippedIncludes.size(), 1u);
  EXPECT_EQ(G.SkippedIncludes[0].Spelled, "other.h");
}

// A kernel in a header is recorded by every translation unit that includes it, once in the index.
TEST(KernelFacts, HeaderKernelIncludedTwiceIsOneDefinition) {
  tooling::FileContentMappings Files = {
      {"/p/common.h", "__global__ void __launch_bounds__(128) shared_k(float *p) { __shared__ float s[32]; }\n"}};
  TranslationUnitFacts A = factsOf("#include \"common.h\"\n__global__ void a(float *p) {}\n", {}, "/p/a.hip", Files);
  TranslationUnitFacts B = factsOf("#include \"common.h\"\n", {}, "/p/b.hip", Files);
  std::vector<KernelDefinition> All = A.Kernels;
  All.insert(All.end(), B.Kernels.begin(), B.Kernels.end());
  ASSERT_EQ(All.size(), 3u);
  ProjectIndex I = ProjectIndex::fromDefinitions(All);
  EXPECT_EQ(I.kernels().size(), 2u);
  const KernelDefinition *K = I.find("shared_k", 1);
  ASSERT_NE(K, nullptr);
  EXPECT_EQ(K->File, "/p/common.h");
  EXPECT_EQ(K->MaxThreads, 128u);
  EXPECT_EQ(K->StaticLdsBytes, 128u);
}

TEST(ProjectIndexMerge, DisagreementsAreUnknown) {
  KernelDefinition K;
  K.Name = "k";
  K.Params = 1;
  K.File = "/p/k.h";
  K.Line = 3;
  K.HasBounds = true;
  K.MaxThreads = 256;
  K.StaticLdsBytes = 64;
  // The same definition parsed with two sets of flags: the bound they disagree on is unknown, the
  // LDS they agree on stays.
  KernelDefinition Other = K;
  Other.MaxThreads = 1024;
  ProjectIndex Same = ProjectIndex::fromDefinitions({K, Other});
  ASSERT_EQ(Same.kernels().size(), 1u);
  EXPECT_TRUE(Same.kernels()[0].HasBounds);
  EXPECT_EQ(Same.kernels()[0].MaxThreads, std::nullopt);
  EXPECT_EQ(Same.kernels()[0].StaticLdsBytes, 64u);
  // Two definitions of one name in different places: nothing when they disagree, one when they
  // agree; another parameter count is another kernel.
  KernelDefinition Elsewhere = K;
  Elsewhere.File = "/p/other.hip";
  EXPECT_NE(ProjectIndex::fromDefinitions({K, Elsewhere}).find("k", 1), nullptr);
  Elsewhere.MaxThreads = 512;
  ProjectIndex Two = ProjectIndex::fromDefinitions({K, Elsewhere});
  EXPECT_EQ(Two.find("k", 1), nullptr);
  EXPECT_EQ(Two.answer("k", 1), "none");
  EXPECT_EQ(Two.find("k", 2), nullptr);
}

TEST(ProjectIndexMerge, LookupsAreRecordedThroughTheLog) {
  KernelDefinition K;
  K.Name = "ns::k";
  K.Params = 2;
  K.File = "/p/k.hip";
  ProjectIndex I = ProjectIndex::fromDefinitions({K});
  IndexLookupLog Log;
  EXPECT_NE(I.find("ns::k", 2, &Log), nullptr);
  EXPECT_EQ(I.find("absent", 0, &Log), nullptr);
  EXPECT_NE(I.find("ns::k", 2, &Log), nullptr);
  EXPECT_EQ(I.find("unlogged", 1), nullptr);
  using L = std::vector<std::pair<std::string, unsigned>>;
  EXPECT_EQ(Log.lookups(), (L{{"ns::k", 2}, {"absent", 0}}));
  EXPECT_NE(I.answer("ns::k", 2), "none");
}

TEST(ProjectIndexMerge, RoundTripsThroughJson) {
  KernelDefinition K;
  K.Name = "tk";
  K.Params = 1;
  K.File = "/p/k.hip";
  K.Display = "src/k.hip";
  K.Line = 7;
  K.HasBounds = true;
  K.BoundParam = "B";
  K.TemplateParams = {"B"};
  ProjectIndex I = ProjectIndex::fromDefinitions({K});
  std::string Error;
  auto Back = ProjectIndex::fromJson(I.toJson(), Error);
  if (!Back) {
    ADD_FAILURE() << Error;
    return;
  }
  ASSERT_EQ(Back->kernels().size(), 1u);
  EXPECT_EQ(Back->kernels()[0], K);
  auto Defs = definitionsFromJson(definitionsToJson({K}), Error);
  if (!Defs) {
    ADD_FAILURE() << Error;
    return;
  }
  EXPECT_EQ(*Defs, std::vector<KernelDefinition>{K});
  EXPECT_FALSE(ProjectIndex::fromJson("{\"version\": 1, \"kernels\": []}", Error));
  EXPECT_EQ(Error, "not a project index of this version");
  EXPECT_FALSE(ProjectIndex::fromJson(std::string(1000, '['), Error));
  EXPECT_FALSE(definitionsFromJson("[{\"name\": 3}]", Error));
}

TEST(ProjectIndexMerge, RegistrationLivesAsLongAsItsHandle) {
  auto Log = std::make_shared<IndexLookupLog>();
  std::string Value;
  {
    IndexRegistration R({std::make_shared<const ProjectIndex>(), Log});
    Value = R.value();
    EXPECT_TRUE(IndexRegistration::isRegistrationValue(Value));
    auto H = IndexRegistration::resolve(Value);
    if (!H) {
      ADD_FAILURE() << "the handle does not resolve while its registration lives";
      return;
    }
    EXPECT_EQ(H->Log, Log);
  }
  EXPECT_FALSE(IndexRegistration::resolve(Value));
  EXPECT_FALSE(IndexRegistration::isRegistrationValue("/p/index.json"));
}

// The launches a unit shows of kernels other files define: the blocks each runs with, per kernel;
// a launch with a block computed at run time, or a mention that is no launch, makes it unknown;
// internal kernels are left out.
TEST(KernelFacts, RecordsTheBlocksOfLaunches) {
  TranslationUnitFacts F = factsOf(R"(
__global__ void narrow(float *);
__global__ void rows(float *);
__global__ void wide(float *);
__global__ void computed(float *);
__global__ void pointed(float *);
__global__ void oneWarp(float *);
__global__ void namedWarp(float *);
static __global__ void internal(float *) {}
#define WARP_SIZE 32
#define ONE_WARP WARP_SIZE
void run(float *p, int n) {
  const dim3 warpBlock{ONE_WARP};
  oneWarp<<<4, warpBlock>>>(p);
  const int kWarpSize = 32;
  namedWarp<<<4, kWarpSize>>>(p);
  narrow<<<4, 32>>>(p);
  narrow<<<8, dim3(16, 2)>>>(p);
  rows<<<1, dim3(32, 4)>>>(p);
  wide<<<1, 256>>>(p);
  computed<<<1, n>>>(p);
  pointed<<<1, 32>>>(p);
  void (*f)(float *) = pointed;
  (void)f;
  internal<<<1, 32>>>(p);
}
)");
  auto Find = [&](const std::string &Name) -> const KernelLaunches * {
    for (const KernelLaunches &L : F.Launches)
      if (L.Name == Name)
        return &L;
    return nullptr;
  };
  ASSERT_NE(Find("narrow"), nullptr);
  EXPECT_EQ(Find("narrow")->Launches, 2u);
  EXPECT_TRUE(Find("narrow")->AllNarrow);
  EXPECT_FALSE(Find("narrow")->WarpNamedNarrow);
  EXPECT_FALSE(Find("narrow")->Unknown);
  // A block written as one warp of 32 is narrow, and says so: on AMD one warp was meant to be 64.
  ASSERT_NE(Find("oneWarp"), nullptr);
  EXPECT_TRUE(Find("oneWarp")->AllNarrow);
  EXPECT_TRUE(Find("oneWarp")->WarpNamedNarrow);
  ASSERT_NE(Find("namedWarp"), nullptr);
  EXPECT_TRUE(Find("namedWarp")->WarpNamedNarrow);
  ASSERT_NE(Find("rows"), nullptr);
  EXPECT_TRUE(Find("rows")->AllRows32);
  EXPECT_FALSE(Find("rows")->AllNarrow);
  ASSERT_NE(Find("wide"), nullptr);
  EXPECT_FALSE(Find("wide")->AllRows32);
  ASSERT_NE(Find("computed"), nullptr);
  EXPECT_TRUE(Find("computed")->Unknown);
  ASSERT_NE(Find("pointed"), nullptr);
  EXPECT_TRUE(Find("pointed")->Unknown);
  EXPECT_EQ(Find("internal"), nullptr);
}

// The merge of several files' launches of one kernel: every launch must agree; the lookup's answer
// changes with them (a cached result that depended on it is analysed again); the JSON keeps them.
TEST(ProjectIndexMerge, LaunchesOfOneKernelAreMerged) {
  KernelLaunches A;
  A.Name = "k";
  A.Params = 1;
  A.add(32, 32);
  KernelLaunches B = A;
  B.add(256, 256);
  B.add(32, 32, /*WarpNamed=*/true);
  ProjectIndex Narrow = ProjectIndex::fromDefinitions({}, {A});
  ASSERT_NE(Narrow.launches("k", 1), nullptr);
  EXPECT_TRUE(Narrow.launches("k", 1)->AllNarrow);
  EXPECT_EQ(Narrow.launches("k", 2), nullptr);
  ProjectIndex Both = ProjectIndex::fromDefinitions({}, {A, B});
  ASSERT_NE(Both.launches("k", 1), nullptr);
  EXPECT_FALSE(Both.launches("k", 1)->AllNarrow);
  EXPECT_EQ(Both.launches("k", 1)->Launches, 4u);
  EXPECT_TRUE(Both.launches("k", 1)->WarpNamedNarrow);
  EXPECT_FALSE(Narrow.launches("k", 1)->WarpNamedNarrow);
  // A launch question is answered from the launches alone; a definition question is not.
  EXPECT_NE(Narrow.answer(ProjectIndex::launchQuestion("k"), 1), Both.answer(ProjectIndex::launchQuestion("k"), 1));
  EXPECT_EQ(Narrow.answer("k", 1), Both.answer("k", 1));
  EXPECT_EQ(ProjectIndex::fromDefinitions({}).answer(ProjectIndex::launchQuestion("k"), 1), "none");
  IndexLookupLog Log;
  Narrow.launches("k", 1, &Log);
  ASSERT_EQ(Log.lookups().size(), 1u);
  std::string Name;
  EXPECT_TRUE(ProjectIndex::isLaunchQuestion(Log.lookups()[0].first, Name));
  EXPECT_EQ(Name, "k");
  EXPECT_FALSE(ProjectIndex::isLaunchQuestion("k", Name));
  std::string Error;
  auto Back = ProjectIndex::fromJson(Both.toJson(), Error);
  if (!Back) {
    ADD_FAILURE() << Error;
    return;
  }
  ASSERT_NE(Back->launches("k", 1), nullptr);
  EXPECT_EQ(Back->launches("k", 1)->fingerprint(), Both.launches("k", 1)->fingerprint());
  EXPECT_TRUE(Back->launches("k", 1)->WarpNamedNarrow);
  auto List = launchesFromJson(launchesToJson({A}), Error);
  if (!List) {
    ADD_FAILURE() << Error;
    return;
  }
  ASSERT_EQ(List->size(), 1u);
  EXPECT_EQ((*List)[0].fingerprint(), A.fingerprint());
  EXPECT_FALSE(launchesFromJson("[{\"name\": \"k\"}]", Error));
}
