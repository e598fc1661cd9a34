#include "core/TextEdits.h"

#include <cstdio>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

using namespace rocmtidy;

TEST(TextEdits, AppliesNonOverlappingEditsInOffsetOrder) {
  unsigned Applied = 0, Skipped = 0;
  std::string In = "#include <cuda_runtime.h>\n#include <cublas_v2.h>\n";
  std::vector<TextEdit> E = {{"f", 35, 13, "<hipblas/hipblas.h>"}, {"f", 9, 16, "<hip/hip_runtime.h>"}};
  EXPECT_EQ(applyEdits(In, E, Applied, Skipped), "#include <hip/hip_runtime.h>\n#include <hipblas/hipblas.h>\n");
  EXPECT_EQ(Applied, 2u);
  EXPECT_EQ(Skipped, 0u);
}

TEST(TextEdits, DuplicatesFromTwoPassesApplyOnce) {
  unsigned Applied = 0, Skipped = 0;
  std::vector<TextEdit> E = {{"f", 2, 2, "XY"}, {"f", 2, 2, "XY"}};
  EXPECT_EQ(applyEdits("abcdef", E, Applied, Skipped), "abXYef");
  EXPECT_EQ(Applied, 1u);
  EXPECT_EQ(Skipped, 0u);
}

TEST(TextEdits, OverlapsAndOutOfRangeAreSkipped) {
  unsigned Applied = 0, Skipped = 0;
  std::vector<TextEdit> E = {{"f", 1, 3, "Q"}, {"f", 2, 2, "R"}, {"f", 4, 10, "S"}};
  EXPECT_EQ(applyEdits("abcdef", E, Applied, Skipped), "aQef");
  EXPECT_EQ(Applied, 1u);
  EXPECT_EQ(Skipped, 2u);
}

// Replacements merges two identical insertions into one doubled insertion; an #include added by
// both passes must still appear once.
TEST(TextEdits, DuplicateInsertionsApplyOnce) {
  unsigned Applied = 0, Skipped = 0;
  std::vector<TextEdit> E = {{"f", 0, 0, "#include <hip/hip_runtime.h>\n"},
                             {"f", 0, 0, "#include <hip/hip_runtime.h>\n"}};
  EXPECT_EQ(applyEdits("int x;\n", E, Applied, Skipped), "#include <hip/hip_runtime.h>\nint x;\n");
  EXPECT_EQ(Applied, 1u);
  EXPECT_EQ(Skipped, 0u);
}

// Two different insertions at one offset depend on their order: the second is left out.
TEST(TextEdits, ConflictingInsertionsAtOneOffsetKeepTheFirst) {
  unsigned Applied = 0, Skipped = 0;
  std::vector<TextEdit> E = {{"f", 3, 0, "X"}, {"f", 3, 0, "Y"}};
  EXPECT_EQ(applyEdits("abcdef", E, Applied, Skipped), "abcXdef");
  EXPECT_EQ(Applied, 1u);
  EXPECT_EQ(Skipped, 1u);
}

// Which of two conflicting edits is kept does not depend on the order they were found in: the one
// that starts first, then the shorter one.
TEST(TextEdits, TheWinnerOfAConflictDoesNotDependOnInputOrder) {
  for (bool Reversed : {false, true}) {
    unsigned Applied = 0, Skipped = 0;
    std::vector<TextEdit> E = {{"f", 1, 3, "Q"}, {"f", 2, 3, "R"}};
    if (Reversed)
      std::swap(E[0], E[1]);
    EXPECT_EQ(applyEdits("abcdef", E, Applied, Skipped), "aQef") << Reversed;
    EXPECT_EQ(Applied, 1u);
    EXPECT_EQ(Skipped, 1u);
  }
  unsigned Applied = 0, Skipped = 0;
  std::vector<TextEdit> E = {{"f", 1, 3, "Q"}, {"f", 1, 1, "R"}};
  EXPECT_EQ(applyEdits("abcdef", E, Applied, Skipped), "aRcdef");
  EXPECT_EQ(Skipped, 1u);
}

// Touching edits do not conflict: an insertion right before or right after a replacement, and two
// replacements that meet.
TEST(TextEdits, AdjacentEditsAllApply) {
  unsigned Applied = 0, Skipped = 0;
  std::vector<TextEdit> E = {{"f", 2, 2, "XY"}, {"f", 2, 0, "<"}, {"f", 4, 0, ">"}, {"f", 4, 1, "Z"}};
  EXPECT_EQ(applyEdits("abcdef", E, Applied, Skipped), "ab<XY>Zf");
  EXPECT_EQ(Applied, 4u);
  EXPECT_EQ(Skipped, 0u);
}

// Overlapping edits that give the same text in either order are not a conflict for
// tooling::Replacements: both apply (the hand-written applier used to skip the second).
TEST(TextEdits, OrderIndependentOverlapsMerge) {
  unsigned Applied = 0, Skipped = 0;
  std::vector<TextEdit> E = {{"f", 0, 3, "123"}, {"f", 2, 3, "321"}};
  EXPECT_EQ(applyEdits("abcdef", E, Applied, Skipped), "12321f");
  EXPECT_EQ(Applied, 2u);
  EXPECT_EQ(Skipped, 0u);
}

// Edits reach one file through several spellings (SafeFix groups them by inode); the path in each
// edit does not split them.
TEST(TextEdits, EditsOfOneFileUnderTwoSpellingsApplyTogether) {
  unsigned Applied = 0, Skipped = 0;
  std::vector<TextEdit> E = {{"inc/c.h", 0, 1, "A"}, {"src/../inc/c.h", 5, 1, "F"}};
  EXPECT_EQ(applyEdits("abcdef", E, Applied, Skipped), "AbcdeF");
  EXPECT_EQ(Applied, 2u);
  EXPECT_EQ(Skipped, 0u);
}

TEST(TextEdits, KeepsBytesThatAreNotText) {
  unsigned Applied = 0, Skipped = 0;
  std::string In("a\0b\r\n\xff", 6);
  std::vector<TextEdit> E = {{"f", 2, 1, "B"}};
  EXPECT_EQ(applyEdits(In, E, Applied, Skipped), std::string("a\0B\r\n\xff", 6));
  EXPECT_EQ(Applied, 1u);
}

TEST(TextEdits, AtomicWriteReplacesContentAndKeepsMode) {
  char Dir[] = "/tmp/rocm-tidy-unit-XXXXXX";
  ASSERT_NE(mkdtemp(Dir), nullptr);
  std::string Path = std::string(Dir) + "/f.hip";
  {
    std::ofstream(Path) << "old";
  }
  chmod(Path.c_str(), 0640);
  EXPECT_EQ(writeFileAtomically(Path, "new content"), "");
  std::ifstream In(Path);
  std::stringstream S;
  S << In.rdbuf();
  EXPECT_EQ(S.str(), "new content");
  struct stat St;
  ASSERT_EQ(stat(Path.c_str(), &St), 0);
  EXPECT_EQ(St.st_mode & 0777, 0640u);
  EXPECT_NE(writeFileAtomically(std::string(Dir) + "/missing/dir/f", "x"), "");
  unlink(Path.c_str());
  rmdir(Dir);
}
