// rocm-lint's containment (tools/rocm-lint/Containment.cpp, FixApply.cpp, OutputFile.cpp): what
// the parse may read, where --fix may write, where the report may go, and crash isolation.
#include "Safety.h"

#include "llvm/Support/Timer.h"
#include "gtest/gtest.h"

#include <atomic>
#include <climits>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

using namespace rocmlint;

namespace {

class LintSafetyTest : public ::testing::Test {
protected:
  void SetUp() override {
    char Tmpl[] = "/tmp/rocm-lint-safety-XXXXXX";
    ASSERT_NE(mkdtemp(Tmpl), nullptr);
    char Real[PATH_MAX];
    ASSERT_NE(realpath(Tmpl, Real), nullptr);
    Dir = Real;
  }
  void TearDown() override { std::system(("rm -rf '" + Dir + "'").c_str()); }
  void mkdir(const std::string &Rel) { std::system(("mkdir -p '" + Dir + "/" + Rel + "'").c_str()); }
  void write(const std::string &Rel, const std::string &Text) { std::ofstream(Dir + "/" + Rel) << Text; }
  std::string read(const std::string &Rel) {
    std::ifstream In(Dir + "/" + Rel);
    std::stringstream S;
    S << In.rdbuf();
    return S.str();
  }
  std::string Dir;
};

TEST_F(LintSafetyTest, ParseReadsStayInTheRepositoryOrSystemFolders) {
  mkdir("repo/src");
  mkdir("elsewhere");
  write("repo/src/k.h", "");
  write("elsewhere/secret.h", "");
  std::string Why;
  EXPECT_TRUE(parseFileAllowed(Dir + "/repo/src/k.h", Dir + "/repo", Why));
  EXPECT_FALSE(parseFileAllowed(Dir + "/elsewhere/secret.h", Dir + "/repo", Why));
  EXPECT_EQ(Why, "outside the project root");
  // "repo-evil" is not below "repo".
  mkdir("repo-evil");
  write("repo-evil/x.h", "");
  EXPECT_FALSE(parseFileAllowed(Dir + "/repo-evil/x.h", Dir + "/repo", Why));
  // The compiler's own headers are what compiling reads.
  EXPECT_TRUE(parseFileAllowed("/usr/include/stdio.h", Dir + "/repo", Why));
}

TEST_F(LintSafetyTest, ParseNeverOpensAFifo) {
  mkdir("repo");
  ASSERT_EQ(mkfifo((Dir + "/repo/pipe.h").c_str(), 0600), 0);
  std::string Why;
  EXPECT_FALSE(parseFileAllowed(Dir + "/repo/pipe.h", Dir + "/repo", Why));
  EXPECT_EQ(Why, "not a regular file");
}

TEST_F(LintSafetyTest, RepositoryRootIsTheNearestGitFolder) {
  mkdir("outer/repo/.git");
  mkdir("outer/repo/src/deep");
  write("outer/repo/src/deep/k.cu", "");
  EXPECT_EQ(repositoryRootOf(Dir + "/outer/repo/src/deep/k.cu"), Dir + "/outer/repo");
  EXPECT_EQ(repositoryRootOf(Dir + "/outer/repo/src/deep"), Dir + "/outer/repo");
}

TEST_F(LintSafetyTest, FixRootIsTheConfigurationFolder) {
  mkdir("proj/sub");
  ProjectConfig Config;
  Config.Dir = Dir + "/proj/sub/..";
  // A real path: --fix compares it with the real paths of the edited files.
  EXPECT_EQ(projectRoot(Config, "/"), Dir + "/proj");
}

TEST_F(LintSafetyTest, ReportNeverOverwritesAnInput) {
  write("k.cu", "int x;\n");
  std::vector<InputFile> Inputs = {{"k.cu", Dir + "/k.cu"}};
  std::string Error;
  EXPECT_FALSE(checkOutputPath(Dir + "/k.cu", Inputs, Error));
  EXPECT_FALSE(Error.empty());
  EXPECT_EQ(read("k.cu"), "int x;\n");
  // Through a symbolic link to the input: the same file.
  ASSERT_EQ(symlink((Dir + "/k.cu").c_str(), (Dir + "/link.json").c_str()), 0);
  Error.clear();
  EXPECT_FALSE(checkOutputPath(Dir + "/link.json", Inputs, Error));
  // A new path is fine, and the report lands there.
  Error.clear();
  EXPECT_TRUE(checkOutputPath(Dir + "/report.json", Inputs, Error)) << Error;
  EXPECT_TRUE(writeReport(Dir + "/report.json", "{}\n", Inputs, Error)) << Error;
  EXPECT_EQ(read("report.json"), "{}\n");
  EXPECT_TRUE(outputIsStdout(""));
  EXPECT_TRUE(outputIsStdout("-"));
  EXPECT_FALSE(outputIsStdout(Dir + "/report.json"));
}

TEST_F(LintSafetyTest, ACrashedFileKeepsNothingButOneError) {
  InputFile F{"src/k.cu", Dir + "/src/k.cu"};
  FileResult R = crashedResult(F);
  ASSERT_EQ(R.Errors.size(), 1u);
  EXPECT_EQ(R.Errors[0].rfind("src/k.cu: the analysis crashed", 0), 0u) << R.Errors[0];
  EXPECT_TRUE(R.Findings.empty());
  // A file that does not crash gets its own result, computed on the analysis thread.
  enableCrashContainment();
  FileResult Ok = analyzeContained(F, [] {
    FileResult X;
    X.Notices.push_back("analysed");
    return X;
  });
  EXPECT_TRUE(Ok.Errors.empty());
  ASSERT_EQ(Ok.Notices.size(), 1u);
  EXPECT_EQ(Ok.Notices[0], "analysed");
}

// A crash jumps over the destructors of the frames it leaves, and what they had linked into
// process-wide state still points into the crashed thread's stack. A sibling analysis (the other
// pass of the file, side by side) that touches that state after the crash must not fault there.
// The sibling waits on a flag set once the crashed analysis has returned: no timing involved.
TEST_F(LintSafetyTest, ACrashedAnalysisLeavesItsStackMappedForItsSibling) {
  InputFile F{"src/k.cu", Dir + "/src/k.cu"};
  enableCrashContainment();
  volatile int *Leaked = nullptr;
  std::atomic<bool> Crashed{false};
  FileResult SiblingResult;
  std::thread Sibling([&] {
    SiblingResult = analyzeContained(F, [&] {
      while (!Crashed)
        std::this_thread::yield();
      *Leaked = *Leaked + 1;
      return FileResult();
    });
  });
  FileResult CrashedResult = analyzeContained(F, [&] {
    volatile int Local = 42;
    Leaked = &Local;
    __builtin_trap();
    return FileResult();
  });
  Crashed = true;
  Sibling.join();
  ASSERT_EQ(CrashedResult.Errors.size(), 1u);
  ASSERT_TRUE(SiblingResult.Errors.empty()) << "the crashed stack was unmapped: " << SiblingResult.Errors[0];
  EXPECT_EQ(*Leaked, 43);
}

// The hang of issue #31: '#pragma clang __debug crash' leaves a started llvm::Timer on the crashed
// stack, linked into LLVM's default timer group; the sibling pass's timer is then linked next to it
// under LLVM's global timer lock. Were the stack unmapped, that write would fault with the lock
// held: the sibling would crash too, and the next timer (at exit: a TimerGroup destructor) would
// wait for the lock for good.
TEST_F(LintSafetyTest, ATimerLeftByACrashDoesNotBreakTheSiblingsTimer) {
  InputFile F{"src/k.cu", Dir + "/src/k.cu"};
  enableCrashContainment();
  std::atomic<bool> Crashed{false};
  FileResult SiblingResult;
  std::thread Sibling([&] {
    SiblingResult = analyzeContained(F, [&] {
      while (!Crashed)
        std::this_thread::yield();
      llvm::Timer T("next", "registered after the crash");
      T.startTimer();
      T.stopTimer();
      return FileResult();
    });
  });
  FileResult CrashedResult = analyzeContained(F, [] {
    llvm::Timer T("crashed", "a timer whose destructor the crash skips");
    T.startTimer();
    __builtin_trap();
    return FileResult();
  });
  Crashed = true;
  Sibling.join();
  ASSERT_EQ(CrashedResult.Errors.size(), 1u);
  EXPECT_TRUE(SiblingResult.Errors.empty()) << SiblingResult.Errors[0];
}

// Two pieces of work side by side: one crashes, the other finishes, and each says which.
TEST_F(LintSafetyTest, SideBySideWorkCrashesAlone) {
  enableCrashContainment();
  int Result = 0;
  ContainedThread Crashing([] { __builtin_trap(); });
  ContainedThread Finishing([&] { Result = 7; });
  EXPECT_FALSE(Crashing.join());
  EXPECT_TRUE(Finishing.join());
  EXPECT_EQ(Result, 7);
  // join() is idempotent.
  EXPECT_FALSE(Crashing.join());
}

} // namespace
