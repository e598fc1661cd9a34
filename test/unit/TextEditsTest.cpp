#include "core/TextEdits.h"

#include <cstdio>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>
#include <sys/stat.h>
#include <tuple>
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

namespace {

struct EditCase {
  const char *Why;
  std::string In;
  std::vector<TextEdit> Edits;
  std::string Out;
  unsigned Applied, Skipped;
};

} // namespace

TEST(TextEdits, ConflictsDuplicatesAndNeighbours) {
  const std::string Include = "#include <hip/hip_runtime.h>\n";
  const EditCase Cases[] = {
      // Replacements alone would merge two identical insertions into a doubled one.
      {"an #include added by both passes appears once",
       "int x;\n",
       {{"f", 0, 0, Include}, {"f", 0, 0, Include}},
       Include + "int x;\n",
       1,
       0},
      {"two different insertions at one offset depend on their order: the second is left out",
       "abcdef",
       {{"f", 3, 0, "X"}, {"f", 3, 0, "Y"}},
       "abcXdef",
       1,
       1},
      {"touching edits do not conflict: insertions right before and after a replacement, replacements that meet",
       "abcdef",
       {{"f", 2, 2, "XY"}, {"f", 2, 0, "<"}, {"f", 4, 0, ">"}, {"f", 4, 1, "Z"}},
       "ab<XY>Zf",
       4,
       0},
      // The hand-written applier skipped the second of these; Replacements applies both.
      {"overlapping edits that give the same text in either order merge",
       "abcdef",
       {{"f", 0, 3, "123"}, {"f", 2, 3, "321"}},
       "12321f",
       2,
       0},
      {"edits of one file under two spellings (SafeFix groups them by inode) apply together",
       "abcdef",
       {{"inc/c.h", 0, 1, "A"}, {"src/../inc/c.h", 5, 1, "F"}},
       "AbcdeF",
       2,
       0},
      {"bytes that are not text stay as they are",
       std::string("a\0b\r\n\xff", 6),
       {{"f", 2, 1, "B"}},
       std::string("a\0B\r\n\xff", 6),
       1,
       0},
  };
  for (const EditCase &C : Cases) {
    unsigned Applied = 0, Skipped = 0;
    EXPECT_EQ(applyEdits(C.In, C.Edits, Applied, Skipped), C.Out) << C.Why;
    EXPECT_EQ(Applied, C.Applied) << C.Why;
    EXPECT_EQ(Skipped, C.Skipped) << C.Why;
  }
}

// Which of two conflicting edits is kept does not depend on the order they were found in: the one
// that starts first, then the shorter one.
TEST(TextEdits, TheWinnerOfAConflictDoesNotDependOnInputOrder) {
  for (bool Reversed : {false, true})
    for (const auto &[First, Second, Out] :
         {std::tuple<TextEdit, TextEdit, std::string>{{"f", 1, 3, "Q"}, {"f", 2, 3, "R"}, "aQef"},
          {{"f", 1, 3, "Q"}, {"f", 1, 1, "R"}, "aRcdef"}}) {
      unsigned Applied = 0, Skipped = 0;
      std::vector<TextEdit> E = {First, Second};
      if (Reversed)
        std::swap(E[0], E[1]);
      EXPECT_EQ(applyEdits("abcdef", E, Applied, Skipped), Out) << Reversed;
      EXPECT_EQ(Applied, 1u);
      EXPECT_EQ(Skipped, 1u);
    }
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
