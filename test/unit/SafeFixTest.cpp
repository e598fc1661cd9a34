#include "core/SafeFix.h"

#include <climits>
#include <cstdlib>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

using namespace rocmtidy;

namespace {

struct TempDir {
  std::string Path;
  TempDir() {
    char Tmpl[] = "/tmp/rocm-safefix-XXXXXX";
    char Real[PATH_MAX];
    Path = realpath(mkdtemp(Tmpl), Real);
  }
  ~TempDir() { std::system(("rm -rf '" + Path + "'").c_str()); }
};

void writeFile(const std::string &P, const std::string &S) { std::ofstream(P, std::ios::binary) << S; }

std::string readFile(const std::string &P) {
  std::ifstream In(P, std::ios::binary);
  std::stringstream S;
  S << In.rdbuf();
  return S.str();
}

Finding withEdit(const std::string &File, unsigned Offset, unsigned Length, const std::string &Text) {
  Finding F;
  F.Check = "rocm-test";
  F.File = File;
  F.Fixes.push_back({File, Offset, Length, Text});
  return F;
}

} // namespace

TEST(SafeFix, AppliesWhenBytesAreThoseParsed) {
  TempDir D;
  std::string P = D.Path + "/a.hip";
  writeFile(P, "x & 31;\n");
  FixReport R = applyFixesSafely({withEdit(P, 4, 2, "(warpSize - 1)")}, {{P, contentHash("x & 31;\n")}}, {},
                                 {D.Path, false});
  EXPECT_TRUE(R.Errors.empty());
  EXPECT_EQ(R.Applied, 1u);
  EXPECT_EQ(readFile(P), "x & (warpSize - 1);\n");
}

// The file was edited after clang parsed it: its edits would land at stale offsets.
TEST(SafeFix, RefusesAFileChangedSinceItWasParsed) {
  TempDir D;
  std::string P = D.Path + "/a.hip";
  writeFile(P, "// edited\nx & 31;\n");
  FixReport R = applyFixesSafely({withEdit(P, 4, 2, "(warpSize - 1)")}, {{P, contentHash("x & 31;\n")}}, {},
                                 {D.Path, false});
  ASSERT_EQ(R.Errors.size(), 1u);
  EXPECT_NE(R.Errors[0].find("changed since rocm-lint read it"), std::string::npos) << R.Errors[0];
  EXPECT_EQ(readFile(P), "// edited\nx & 31;\n");
}

// The host and the device pass read different bytes.
TEST(SafeFix, RefusesAFileThatChangedBetweenPasses) {
  TempDir D;
  std::string P = D.Path + "/a.hip";
  writeFile(P, "x & 31;\n");
  FixReport R = applyFixesSafely({withEdit(P, 4, 2, "(warpSize - 1)")}, {{P, contentHash("x & 31;\n")}}, {P},
                                 {D.Path, false});
  ASSERT_EQ(R.Errors.size(), 1u);
  EXPECT_EQ(readFile(P), "x & 31;\n");
}

// A file no pass read (no recorded bytes) is never edited.
TEST(SafeFix, RefusesAFileWithoutRecordedBytes) {
  TempDir D;
  std::string P = D.Path + "/a.hip";
  writeFile(P, "x & 31;\n");
  FixReport R = applyFixesSafely({withEdit(P, 4, 2, "(warpSize - 1)")}, {}, {}, {D.Path, false});
  ASSERT_EQ(R.Errors.size(), 1u);
  EXPECT_EQ(readFile(P), "x & 31;\n");
}

TEST(SafeFix, TwoSpellingsAndHardLinksGetOneEditSet) {
  TempDir D;
  mkdir((D.Path + "/src").c_str(), 0755);
  mkdir((D.Path + "/inc").c_str(), 0755);
  std::string P = D.Path + "/inc/c.h", Link = D.Path + "/inc/link.h";
  writeFile(P, "x & 31;\n");
  ASSERT_EQ(link(P.c_str(), Link.c_str()), 0);
  std::string Other = D.Path + "/src/../inc/c.h";
  FixReport R = applyFixesSafely(
      {withEdit(P, 4, 2, "(warpSize - 1)"), withEdit(Other, 4, 2, "(warpSize - 1)"),
       withEdit(Link, 4, 2, "(warpSize - 1)")},
      {{P, contentHash("x & 31;\n")}, {Link, contentHash("x & 31;\n")}}, {}, {D.Path, false});
  EXPECT_TRUE(R.Errors.empty());
  EXPECT_EQ(R.FilesChanged, 1u);
  EXPECT_EQ(readFile(P), "x & (warpSize - 1);\n");
  struct stat A, B;
  ASSERT_EQ(stat(P.c_str(), &A), 0);
  ASSERT_EQ(stat(Link.c_str(), &B), 0);
  EXPECT_EQ(A.st_ino, B.st_ino);
  EXPECT_EQ(A.st_nlink, 2u);
}

TEST(SafeFix, KeepsInodeAndModeAndLeavesNoTemporaryFiles) {
  TempDir D;
  std::string P = D.Path + "/a.hip";
  writeFile(P, "x & 31;\n");
  chmod(P.c_str(), 0640);
  struct stat Before, After;
  stat(P.c_str(), &Before);
  FixReport R = applyFixesSafely({withEdit(P, 4, 2, "(warpSize - 1)")}, {{P, contentHash("x & 31;\n")}}, {},
                                 {D.Path, false});
  EXPECT_TRUE(R.Errors.empty());
  stat(P.c_str(), &After);
  EXPECT_EQ(Before.st_ino, After.st_ino);
  EXPECT_EQ(After.st_mode & 07777, 0640u);
  EXPECT_EQ(std::system(("test $(ls -A '" + D.Path + "' | wc -l) -eq 1").c_str()), 0);
}

TEST(SafeFix, LeavesReadOnlyFilesAndFilesOutsideTheRoot) {
  TempDir D;
  std::string P = D.Path + "/a.hip";
  writeFile(P, "x & 31;\n");
  chmod(P.c_str(), 0444);
  FixReport R = applyFixesSafely({withEdit(P, 4, 2, "(warpSize - 1)")}, {{P, contentHash("x & 31;\n")}}, {},
                                 {D.Path, false});
  ASSERT_EQ(R.Notes.size(), 1u);
  EXPECT_NE(R.Notes[0].find("read-only"), std::string::npos);
  EXPECT_EQ(readFile(P), "x & 31;\n");

  chmod(P.c_str(), 0644);
  R = applyFixesSafely({withEdit(P, 4, 2, "(warpSize - 1)")}, {{P, contentHash("x & 31;\n")}}, {},
                       {D.Path + "/project", false});
  ASSERT_EQ(R.Notes.size(), 1u);
  EXPECT_NE(R.Notes[0].find("outside the project root"), std::string::npos);
  EXPECT_EQ(readFile(P), "x & 31;\n");
  R = applyFixesSafely({withEdit(P, 4, 2, "(warpSize - 1)")}, {{P, contentHash("x & 31;\n")}}, {},
                       {D.Path + "/project", true});
  EXPECT_TRUE(R.Notes.empty());
  EXPECT_EQ(readFile(P), "x & (warpSize - 1);\n");
}

// The --fix path end to end: an edit found twice (two findings, or both passes) lands once; an edit
// that conflicts with one already taken is left out and counted.
TEST(SafeFix, DuplicateEditsApplyOnceAndConflictsAreCounted) {
  TempDir D;
  std::string P = D.Path + "/a.hip";
  const std::string Old = "x & 31;\n";
  writeFile(P, Old);
  Finding Twice = withEdit(P, 4, 2, "(warpSize - 1)");
  Finding Conflict = withEdit(P, 0, 6, "lane");
  FixReport R = applyFixesSafely({Twice, Twice, Conflict}, {{P, contentHash(Old)}}, {}, {D.Path, false});
  EXPECT_TRUE(R.Errors.empty());
  EXPECT_EQ(R.Applied, 1u);
  EXPECT_EQ(R.Skipped, 1u);
  EXPECT_EQ(R.FilesChanged, 1u);
  EXPECT_EQ(readFile(P), "lane;\n");
}

// Issue #27 F14: another program appends between the write and the read-back. Its bytes are newer
// than the pre-run bytes, so they must survive: no rollback over them, an error, the backup kept.
TEST(SafeFix, NeverRollsBackOverAConcurrentWrite) {
  TempDir D;
  std::string P = D.Path + "/a.hip";
  writeFile(P, "x & 31;\n");
  FixRequest Req{D.Path, false};
  Req.AfterWrite = [](const std::string &Path) { std::ofstream(Path, std::ios::app) << "// another editor\n"; };
  FixReport R = applyFixesSafely({withEdit(P, 4, 2, "(warpSize - 1)")}, {{P, contentHash("x & 31;\n")}}, {}, Req);
  ASSERT_EQ(R.Errors.size(), 1u);
  EXPECT_NE(R.Errors[0].find("was changed by another program while the fixes were written"), std::string::npos)
      << R.Errors[0];
  EXPECT_EQ(readFile(P), "x & (warpSize - 1);\n// another editor\n");
  // The bytes before the fixes are kept, in the backup the error names.
  size_t Q = R.Errors[0].rfind("'", R.Errors[0].size() - 2);
  std::string Backup = R.Errors[0].substr(Q + 1, R.Errors[0].size() - Q - 2);
  EXPECT_EQ(readFile(Backup), "x & 31;\n");
}

// Without a concurrent writer the same request applies cleanly (the hook itself changes nothing).
TEST(SafeFix, AfterWriteHookWithoutAWriterApplies) {
  TempDir D;
  std::string P = D.Path + "/a.hip";
  writeFile(P, "x & 31;\n");
  FixRequest Req{D.Path, false};
  bool Called = false;
  Req.AfterWrite = [&](const std::string &) { Called = true; };
  FixReport R = applyFixesSafely({withEdit(P, 4, 2, "(warpSize - 1)")}, {{P, contentHash("x & 31;\n")}}, {}, Req);
  EXPECT_TRUE(R.Errors.empty());
  EXPECT_TRUE(Called);
  EXPECT_EQ(readFile(P), "x & (warpSize - 1);\n");
}
