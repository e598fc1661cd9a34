#include "core/GpuTargets.h"

#include <gtest/gtest.h>

using namespace rocmtidy;

TEST(GpuTargets, TableHasTheTargetsChecksNeed) {
  for (const char *Name : {"gfx906", "gfx908", "gfx90a", "gfx940", "gfx941", "gfx942", "gfx950", "gfx1030",
                           "gfx1100", "gfx1101", "gfx1200", "gfx1201"})
    EXPECT_NE(findGpuTarget(Name), nullptr) << Name;
  EXPECT_EQ(findGpuTarget("gfx9000"), nullptr);
  EXPECT_EQ(findGpuTarget(""), nullptr);
}

TEST(GpuTargets, FactsMatchTheVendorSpecs) {
  const GpuTarget *MI250 = findGpuTarget("gfx90a");
  ASSERT_NE(MI250, nullptr);
  EXPECT_EQ(MI250->LdsBytes, 65536u);
  EXPECT_EQ(MI250->defaultWavefront(), 64u);
  EXPECT_EQ(MI250->MaxWorkgroupSize, 1024u);
  EXPECT_EQ(MI250->displayName(), "gfx90a (MI210/MI250/MI250X)");

  const GpuTarget *MI355 = findGpuTarget("gfx950");
  ASSERT_NE(MI355, nullptr);
  EXPECT_EQ(MI355->LdsBytes, 163840u);

  // clang 19 has no gfx950; rocm-lint's device pass compiles for its nearest relative.
  EXPECT_EQ(MI355->offloadArch(), "gfx942");
  EXPECT_EQ(MI250->offloadArch(), "gfx90a");

  const GpuTarget *RDNA2 = findGpuTarget("gfx1030");
  ASSERT_NE(RDNA2, nullptr);
  EXPECT_EQ(RDNA2->defaultWavefront(), 32u);
  EXPECT_EQ(RDNA2->largestWavefront(), 64u);
}

TEST(GpuTargets, EveryEntryIsComplete) {
  for (const GpuTarget &T : allGpuTargets()) {
    EXPECT_FALSE(T.Products.empty()) << T.Name;
    EXPECT_FALSE(T.Family.empty()) << T.Name;
    EXPECT_GE(T.LdsBytes, 32768u) << T.Name;
    EXPECT_EQ(T.MaxWorkgroupSize, 1024u) << T.Name;
  }
}

TEST(GpuTargets, ParseTargetLists) {
  std::vector<std::string> Unknown;
  auto L = parseGpuTargetList("gfx90a;gfx942", Unknown);
  ASSERT_EQ(L.size(), 2u);
  EXPECT_EQ(L[0]->Name, "gfx90a");
  EXPECT_EQ(L[1]->Name, "gfx942");
  EXPECT_TRUE(Unknown.empty());

  L = parseGpuTargetList(" gfx1030 , gfx90a:xnack+ ,gfx90a,, gfx12345", Unknown);
  ASSERT_EQ(L.size(), 2u);
  EXPECT_EQ(L[0]->Name, "gfx1030");
  EXPECT_EQ(L[1]->Name, "gfx90a");
  ASSERT_EQ(Unknown.size(), 1u);
  EXPECT_EQ(Unknown[0], "gfx12345");

  Unknown.clear();
  EXPECT_TRUE(parseGpuTargetList("", Unknown).empty());
  EXPECT_TRUE(Unknown.empty());
}

TEST(GpuTargets, DeviceParseTargetIsTheNewest64LaneOne) {
  std::vector<std::string> Unknown;
  auto Pick = [&](const char *List) {
    const GpuTarget *T = deviceParseTarget(parseGpuTargetList(List, Unknown));
    return T ? T->Name : std::string("none");
  };
  // Order on the command line does not matter; the table's does.
  EXPECT_EQ(Pick("gfx90a;gfx942"), "gfx942");
  EXPECT_EQ(Pick("gfx942,gfx90a"), "gfx942");
  EXPECT_EQ(Pick("gfx1100;gfx90a"), "gfx90a");
  EXPECT_EQ(Pick("gfx908"), "gfx908");
  // Only wave32-by-default targets: the first one named.
  EXPECT_EQ(Pick("gfx1100;gfx1030"), "gfx1100");
  EXPECT_EQ(Pick(""), "none");
}

TEST(GpuTargets, MalformedJsonIsAnErrorNotACrash) {
  std::string Error;
  EXPECT_FALSE(parseGpuTargetsJson("{", Error));
  EXPECT_FALSE(Error.empty());
  EXPECT_FALSE(parseGpuTargetsJson(R"({"targets": [{"name": "gfx1"}]})", Error));
  EXPECT_NE(Error.find("lds_bytes"), std::string::npos);
  EXPECT_FALSE(parseGpuTargetsJson(
      R"({"targets": [{"name": "x", "wavefront_sizes": [48], "lds_bytes": 1, "max_workgroup_size": 1}]})", Error));
  EXPECT_NE(Error.find("32 or 64"), std::string::npos);
  auto Ok = parseGpuTargetsJson(
      R"({"targets": [{"name": "x", "wavefront_sizes": [32, 64], "lds_bytes": 1, "max_workgroup_size": 2}]})", Error);
  ASSERT_TRUE(Ok);
  EXPECT_EQ(Ok->front().defaultWavefront(), 32u);
}

TEST(GpuTargets, ATargetTheTableLacksIsReadAsItsGeneration) {
  ASSERT_NE(sameGenerationGpuTarget("gfx942"), nullptr);
  EXPECT_EQ(sameGenerationGpuTarget("gfx942")->Name, "gfx942");
  // RDNA 3.5 and a smaller RDNA 3 die share gfx1100's 32-lane default; gfx900 is GCN like gfx906.
  ASSERT_NE(sameGenerationGpuTarget("gfx1151"), nullptr);
  EXPECT_EQ(sameGenerationGpuTarget("gfx1151")->Name, "gfx1100");
  EXPECT_EQ(sameGenerationGpuTarget("gfx1102")->Name, "gfx1100");
  EXPECT_EQ(sameGenerationGpuTarget("gfx900")->Name, "gfx906");
  EXPECT_EQ(sameGenerationGpuTarget("gfx1010")->Name, "gfx1030");
  // Older generations have no stand-in, and neither has what is not a processor name.
  EXPECT_EQ(sameGenerationGpuTarget("gfx803"), nullptr);
  EXPECT_EQ(sameGenerationGpuTarget("sm_80"), nullptr);
  EXPECT_EQ(sameGenerationGpuTarget("gfx"), nullptr);
}
