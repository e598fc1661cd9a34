#include "core/KernelIndex.h"

#include <gtest/gtest.h>

using namespace rocmtidy;

namespace {

ProjectIndex indexOf(const std::vector<std::pair<std::string, std::string>> &Files, std::vector<FileFacts> &Keep) {
  Keep.clear();
  Keep.reserve(Files.size());
  std::vector<std::tuple<std::string, std::string, const FileFacts *>> In;
  for (const auto &[Name, Text] : Files) {
    Keep.push_back(scanFileFacts(Text));
    In.emplace_back("/p/" + Name, Name, &Keep.back());
  }
  return ProjectIndex::build(In);
}

} // namespace

TEST(KernelIndex, EvaluatesIntegerExpressions) {
  std::map<std::string, int64_t> Names = {{"TH", 1024}, {"N", 4}};
  EXPECT_EQ(evaluateIndexExpr({"TH", "/", "N"}, Names), 256);
  EXPECT_EQ(evaluateIndexExpr({"(", "2", "+", "2", ")", "*", "0x10u"}, Names), 64);
  EXPECT_EQ(evaluateIndexExpr({"1", "<<", "10"}, Names), 1024);
  EXPECT_EQ(evaluateIndexExpr({"TH", "/", "0"}, Names), std::nullopt);
  EXPECT_EQ(evaluateIndexExpr({"UNKNOWN", "*", "2"}, Names), std::nullopt);
  EXPECT_EQ(evaluateIndexExpr({"1.5"}, Names), std::nullopt);
  EXPECT_EQ(evaluateIndexExpr({"2", "+"}, Names), std::nullopt);
}

TEST(KernelIndex, RecordsBoundsLdsAndLines) {
  std::vector<FileFacts> Keep;
  ProjectIndex I =
      indexOf({{"k.cu", "#include <hip/hip_runtime.h>\n"
                        "#define TH 1024\n"
                        "constexpr int TILE = 32;\n"
                        "namespace ops {\n"
                        "__device__ float load(float *p) { __shared__ float s[TILE][TILE + 1]; return s[0][0]; }\n"
                        "__launch_bounds__(TH, 1) __global__ void big(float *p, int n) {\n"
                        "  __shared__ int flags[64];\n"
                        "  p[0] = load(p);\n"
                        "}\n"
                        "} // namespace ops\n"
                        "static __global__ void hidden() {}\n"
                        "namespace { __global__ void anon() {} }\n"
                        "// __global__ void commented(int) {}\n"}},
              Keep);
  ASSERT_EQ(I.kernels().size(), 1u);
  const KernelDefinition *K = I.find("ops::big", 2);
  ASSERT_NE(K, nullptr);
  EXPECT_EQ(K->Line, 6u);
  EXPECT_EQ(K->MaxThreads, 1024u);
  // 64 ints in the kernel, 32x33 floats in the device function it calls.
  EXPECT_EQ(K->StaticLdsBytes, 64u * 4 + 32u * 33 * 4);
  EXPECT_EQ(I.find("ops::big", 3), nullptr);
  EXPECT_EQ(I.find("big", 2), nullptr);
}

TEST(KernelIndex, TemplateBoundsUseTheLaunchArguments) {
  std::vector<FileFacts> Keep;
  ProjectIndex I = indexOf({{"t.cu", "template <typename T, int BLOCK, int VALS = 4>\n"
                                     "__launch_bounds__(BLOCK / VALS) __global__ void k(T *p) {\n"
                                     "  __shared__ T buf[BLOCK];\n"
                                     "}\n"}},
                           Keep);
  const KernelDefinition *K = I.find("k", 1);
  ASSERT_NE(K, nullptr);
  EXPECT_EQ(K->MaxThreads, std::nullopt);
  EXPECT_EQ(K->maxThreadsFor({std::nullopt, 4096, 8}), 512u);
  EXPECT_EQ(K->maxThreadsFor({std::nullopt}), std::nullopt);
  // A __shared__ array of a template type has no size the lexical pass can know.
  EXPECT_EQ(K->StaticLdsBytes, std::nullopt);
}

TEST(KernelIndex, DisagreeingDefinitionsAreUnknown) {
  std::vector<FileFacts> Keep;
  ProjectIndex I = indexOf({{"a.cu", "__global__ void __launch_bounds__(256) k(float *p) {}\n"},
                            {"b.cu", "__global__ void __launch_bounds__(512) k(float *p) {}\n"},
                            {"c.cu", "__global__ void __launch_bounds__(128) same(float *p) {}\n"},
                            {"d.cu", "__global__ void __launch_bounds__(128) same(float *p) {}\n"}},
                           Keep);
  EXPECT_EQ(I.find("k", 1), nullptr);
  const KernelDefinition *S = I.find("same", 1);
  ASSERT_NE(S, nullptr);
  EXPECT_EQ(S->MaxThreads, 128u);
}

TEST(KernelIndex, RoundTripsThroughJson) {
  std::vector<FileFacts> Keep;
  ProjectIndex I = indexOf({{"a.cu", "#define B 128\n__global__ void __launch_bounds__(B) k(float *p) {}\n"}}, Keep);
  std::string Error;
  auto Back = ProjectIndex::fromJson(I.toJson(), Error);
  ASSERT_TRUE(Back) << Error;
  const KernelDefinition *K = Back->find("k", 1);
  ASSERT_NE(K, nullptr);
  EXPECT_EQ(K->MaxThreads, 128u);
  EXPECT_EQ(K->Display, "a.cu");
  EXPECT_FALSE(ProjectIndex::fromJson("{\"version\": 99}", Error));
  EXPECT_FALSE(ProjectIndex::fromJson("not json", Error));

  auto Facts = fileFactsFromJson(fileFactsToJson(Keep[0]));
  ASSERT_TRUE(Facts);
  ASSERT_EQ(Facts->Functions.size(), 1u);
  EXPECT_EQ(Facts->Functions[0].BoundsSpelling, "__launch_bounds__(B)");
}

TEST(KernelIndex, IncludesKnowTheirPlatformBranch) {
  FileFacts F = scanFileFacts("#include \"always.h\"\n"
                              "#if defined(GGML_USE_HIP)\n"
                              "#include \"hip.h\"\n"
                              "#elif defined(GGML_USE_MUSA)\n"
                              "#include \"musa.h\"\n"
                              "#else\n"
                              "#include \"cuda.h\"\n"
                              "#endif\n"
                              "#ifndef USE_ROCM\n"
                              "#include \"cuda_only.h\"\n"
                              "#else\n"
                              "#include \"rocm_only.h\"\n"
                              "#endif\n"
                              "#ifdef __HIP_DEVICE_COMPILE__\n"
                              "#else\n"
                              "#include \"host.h\"\n"
                              "#endif\n"
                              "#if defined(SOMETHING)\n"
                              "#elif !defined(__HIP_PLATFORM_AMD__)\n"
                              "#else\n"
                              "#include \"unknown.h\"\n"
                              "#endif\n");
  std::map<std::string, bool> Off;
  for (const IndexedInclude &I : F.Includes)
    Off[I.Spelled] = I.OffHip;
  EXPECT_FALSE(Off.at("always.h"));
  EXPECT_FALSE(Off.at("hip.h"));
  EXPECT_TRUE(Off.at("musa.h"));
  EXPECT_TRUE(Off.at("cuda.h"));
  EXPECT_TRUE(Off.at("cuda_only.h"));
  EXPECT_FALSE(Off.at("rocm_only.h"));
  // The host pass of a HIP build compiles the other branch of a device-pass test.
  EXPECT_FALSE(Off.at("host.h"));
  // Whether SOMETHING is defined is not known, so neither is the #else.
  EXPECT_FALSE(Off.at("unknown.h"));
}
