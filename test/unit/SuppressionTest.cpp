// The one parser behind "rocm-lint: disable=" comments in CMake, Makefiles and setup.py.
#include "core/Suppression.h"

#include <gtest/gtest.h>

using rocmtidy::parseSuppressionComment;

TEST(Suppression, LineAndFileDirectives) {
  auto D = parseSuppressionComment("# rocm-lint: disable=rocm-make-raw-link-flag, rocm-make-nvcc-flag", "# \t");
  ASSERT_TRUE(D);
  EXPECT_FALSE(D->WholeFile);
  EXPECT_EQ(D->Rules, (std::vector<std::string>{"rocm-make-raw-link-flag", "rocm-make-nvcc-flag"}));
  D = parseSuppressionComment("#   rocm-lint:\tdisable-file=rocm-pyext-*", "# \t");
  ASSERT_TRUE(D);
  EXPECT_TRUE(D->WholeFile);
  EXPECT_EQ(D->Rules, (std::vector<std::string>{"rocm-pyext-*"}));
}

TEST(Suppression, OnlyTheCommentsOwnDirectiveCounts) {
  // Quoted further along in a comment: not a directive.
  EXPECT_FALSE(parseSuppressionComment("# see 'rocm-lint: disable=x' in the docs", "# \t"));
  // Bracket-comment markers are allowed only where the caller says so.
  EXPECT_FALSE(parseSuppressionComment("#[=[ rocm-lint: disable=x", "# \t"));
  EXPECT_TRUE(parseSuppressionComment("#[=[ rocm-lint: disable=x", "#[=] \t"));
  // Unknown verbs and missing markers.
  EXPECT_FALSE(parseSuppressionComment("# rocm-lint: enable=x", "# \t"));
  EXPECT_FALSE(parseSuppressionComment("# nothing here", "# \t"));
}

TEST(Suppression, RuleListStopsAtOtherText) {
  auto D = parseSuppressionComment("# rocm-lint: disable=a_b,c-d  because the vendor tree", "# \t");
  ASSERT_TRUE(D);
  EXPECT_EQ(D->Rules, (std::vector<std::string>{"a_b", "c-d"}));
}

TEST(Suppression, RuleListsAreClangTidyGlobs) {
  using V = std::vector<std::string>;
  EXPECT_TRUE(rocmtidy::suppressionNames(V{"rocm-make-raw-link-flag"}, "rocm-make-raw-link-flag"));
  EXPECT_FALSE(rocmtidy::suppressionNames(V{"rocm-make-raw-link-flag"}, "rocm-make-raw-link-flags"));
  EXPECT_TRUE(rocmtidy::suppressionNames(V{"rocm-make-*"}, "rocm-make-nvcc-flag"));
  EXPECT_FALSE(rocmtidy::suppressionNames(V{"rocm-make-*"}, "rocm-pyext-cuda-library"));
  EXPECT_TRUE(rocmtidy::suppressionNames(V{"all"}, "rocm-cmake-raw-link-flag"));
  EXPECT_TRUE(rocmtidy::suppressionNames(V{"*"}, "rocm-cmake-raw-link-flag"));
  // A '*' inside a name matches too (the hand-written matcher knew a trailing '*' only).
  EXPECT_TRUE(rocmtidy::suppressionNames(V{"rocm-*-toolkit-path"}, "rocm-make-hardcoded-toolkit-path"));
  // Later entries win, as in --checks: "rocm-*,-rocm-make-*" leaves the Makefile rules on.
  EXPECT_FALSE(rocmtidy::suppressionNames(V{"rocm-*", "-rocm-make-*"}, "rocm-make-nvcc-flag"));
  EXPECT_FALSE(rocmtidy::suppressionNames(V{}, "rocm-make-nvcc-flag"));
}
