#include "core/SourceKinds.h"

#include "gtest/gtest.h"

using namespace rocmtidy;

TEST(SourceKinds, KindsByExtension) {
  EXPECT_EQ(sourceKindOf("a/k.cuh"), SourceKind::Header);
  EXPECT_EQ(sourceKindOf("a/k.hxx"), SourceKind::Header);
  EXPECT_EQ(sourceKindOf("a/k.inl"), SourceKind::Fragment);
  EXPECT_EQ(sourceKindOf("a/k.hip"), SourceKind::Source);
  EXPECT_EQ(sourceKindOf("a/k.cu"), SourceKind::Source);
  EXPECT_EQ(sourceKindOf("a/k.c"), SourceKind::CSource);
  EXPECT_EQ(sourceKindOf("a/CMakeLists.txt"), SourceKind::None);
  EXPECT_EQ(sourceKindOf("a/k.cu.bak"), SourceKind::None);
  // A directory whose name looks like a source does not make its files sources.
  EXPECT_EQ(sourceKindOf("a.cu/README"), SourceKind::None);
}

TEST(SourceKinds, CaseIsKeptAsWritten) {
  // Callers that read build scripts lower-case first; the directory walk does not.
  EXPECT_EQ(sourceKindOf("K.CU"), SourceKind::None);
  EXPECT_TRUE(isTranslationUnitName("k.cu"));
  // The upper-case C++ spellings GCC, clang and CMake know (AMReX's '.H' headers); a '.C' is C++,
  // not C.
  EXPECT_EQ(sourceKindOf("Src/AMReX_Reduce.H"), SourceKind::Header);
  EXPECT_EQ(sourceKindOf("k.HPP"), SourceKind::Header);
  EXPECT_EQ(sourceKindOf("k.h++"), SourceKind::Header);
  EXPECT_EQ(sourceKindOf("Main.C"), SourceKind::Source);
  EXPECT_EQ(sourceKindOf("k.CPP"), SourceKind::Source);
  EXPECT_EQ(sourceKindOf("K.HIP"), SourceKind::None);
}

TEST(SourceKinds, WalkSkipsFragmentsOnly) {
  EXPECT_TRUE(isWalkedSourceName("k.h"));
  EXPECT_TRUE(isWalkedSourceName("k.c"));
  EXPECT_TRUE(isWalkedSourceName("k.cxx"));
  EXPECT_FALSE(isWalkedSourceName("k.inl"));
  EXPECT_FALSE(isWalkedSourceName("k.py"));
  EXPECT_TRUE(isHeaderName("k.hpp"));
  EXPECT_FALSE(isHeaderName("k.inl"));
  EXPECT_FALSE(isTranslationUnitName("k.cuh"));
}

TEST(SourceKinds, OtherAcceleratorsSourcesAreNotWalked) {
  for (const char *Name : {"roi.mlu", "nms.mu", "scan.cl", "blit.metal"}) {
    EXPECT_TRUE(isOtherAcceleratorSourceName(Name)) << Name;
    EXPECT_FALSE(isWalkedSourceName(Name)) << Name;
  }
  // HIP and CUDA sources, and a MUSA header ('.muh', never an input), are not.
  EXPECT_FALSE(isOtherAcceleratorSourceName("k.cu"));
  EXPECT_FALSE(isOtherAcceleratorSourceName("k.hip"));
  EXPECT_FALSE(isOtherAcceleratorSourceName("k.muh"));
}

TEST(SourceKinds, SwigInterfaces) {
  EXPECT_TRUE(isSwigInterfaceName("swig/lightgbmlib.i"));
  EXPECT_TRUE(isSwigInterfaceName("python/swigfaiss.swig"));
  EXPECT_FALSE(isSwigInterfaceName("k.ii"));
  EXPECT_FALSE(isWalkedSourceName("p.i"));
}
