#include "core/SegmentGlob.h"

#include "gtest/gtest.h"

#include <chrono>
#include <string>

using rocmtidy::SegmentGlob;

namespace {

bool matches(const char *Pattern, const char *Text) {
  SegmentGlob G;
  std::string Error;
  EXPECT_TRUE(SegmentGlob::compile(Pattern, G, Error)) << Error;
  return G.match(Text);
}

TEST(SegmentGlob, StarsQuestionMarksAndSets) {
  EXPECT_TRUE(matches("*.cu", "gemm.cu"));
  EXPECT_FALSE(matches("*.cu", "gemm.cuh"));
  EXPECT_TRUE(matches("k?.hip", "k1.hip"));
  EXPECT_FALSE(matches("k?.hip", "k12.hip"));
  EXPECT_TRUE(matches("gemm_[0-9]*", "gemm_4bit"));
  EXPECT_FALSE(matches("gemm_[!0-9]*", "gemm_4bit"));
  EXPECT_TRUE(matches("gemm_[^0-9]*", "gemm_x"));
  EXPECT_TRUE(matches("[]]x", "]x"));
  EXPECT_TRUE(matches("a\\*b", "a*b"));
  EXPECT_FALSE(matches("a\\*b", "axb"));
  EXPECT_TRUE(matches("*", ""));
  EXPECT_FALSE(matches("?", ""));
  EXPECT_TRUE(matches("*a*b*c", "xxaxxbxxc"));
  EXPECT_FALSE(matches("*a*b*c", "xxaxxbxxcx"));
}

TEST(SegmentGlob, MalformedPatternsAreErrors) {
  SegmentGlob G;
  std::string Error;
  EXPECT_FALSE(SegmentGlob::compile("[z", G, Error));
  EXPECT_EQ(Error, "unmatched '['");
  EXPECT_FALSE(SegmentGlob::compile("ab\\", G, Error));
  EXPECT_FALSE(SegmentGlob::compile("[z-a]", G, Error));
}

// The pattern that backtracks exponentially in a naive matcher: counted, not timed, by checking
// that a long non-matching text is rejected (a backtracking matcher would not finish).
TEST(SegmentGlob, ManyStarsOnALongTextStayLinear) {
  std::string Pattern;
  for (int I = 0; I < 40; ++I)
    Pattern += "*d";
  Pattern += "*x";
  EXPECT_FALSE(matches(Pattern.c_str(), std::string(4000, 'd').c_str()));
  EXPECT_TRUE(matches(Pattern.c_str(), (std::string(4000, 'd') + "x").c_str()));
}

} // namespace
