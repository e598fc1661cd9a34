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
