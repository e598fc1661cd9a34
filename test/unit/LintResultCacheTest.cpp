// rocm-lint's result cache (tools/rocm-lint/ResultCache.cpp): what the key covers, when an entry
// is used, and the folders it refuses.
#include "ResultCache.h"

#include "core/SafeFix.h"

#include "gtest/gtest.h"

#include <climits>
#include <cstdlib>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

using namespace rocmlint;

namespace {

class LintResultCacheTest : public ::testing::Test {
protected:
  void SetUp() override {
    char Tmpl[] = "/tmp/rocm-lint-cache-XXXXXX";
    ASSERT_NE(mkdtemp(Tmpl), nullptr);
    char Real[PATH_MAX];
    ASSERT_NE(realpath(Tmpl, Real), nullptr);
    Dir = Real;
  }
  void TearDown() override { std::system(("rm -rf '" + Dir + "'").c_str()); }
  void write(const std::string &Path, const std::string &Text) { std::ofstream(Path) << Text; }
  std::string Dir;
};

TEST_F(LintResultCacheTest, KeyCoversEveryPart) {
  std::string K = ResultCache::makeKey({"/r/k.cu", "k.cu", "clang++ -x hip", "rocm-*"});
  EXPECT_EQ(K, ResultCache::makeKey({"/r/k.cu", "k.cu", "clang++ -x hip", "rocm-*"}));
  EXPECT_EQ(K.size(), 64u);
  EXPECT_NE(K, ResultCache::makeKey({"/r/k.cu", "k.cu", "clang++ -x hip", "rocm-lds-limit"}));
  EXPECT_NE(K, ResultCache::makeKey({"/r/k.cu", "k.cu", "clang++ -x hip -DX", "rocm-*"}));
  // Parts are length-prefixed: moving a boundary changes the key.
  EXPECT_NE(ResultCache::makeKey({"ab", "c"}), ResultCache::makeKey({"a", "bc"}));
}

TEST_F(LintResultCacheTest, AChangedDependencyIsAMiss) {
  std::string Src = Dir + "/k.cu", Hdr = Dir + "/k.h";
  write(Src, "#include \"k.h\"\n");
  write(Hdr, "#define W 32\n");
  ResultCache Cache(Dir + "/cache");
  ASSERT_TRUE(Cache.enabled());
  FileResult R;
  R.Parsed.record(Src, rocmtidy::contentHash("#include \"k.h\"\n"));
  R.Parsed.record(Hdr, rocmtidy::contentHash("#define W 32\n"));
  rocmtidy::Finding F;
  F.Check = "rocm-warp-size-assumption";
  F.File = Hdr;
  F.Message = "m";
  R.Findings.push_back(F);
  FileSystemReads Reads;
  Reads.Opened = {{Src, Src}, {Hdr, Hdr}};
  Reads.Absent = {Dir + "/missing.h"};
  std::string Key = ResultCache::makeKey({Src});
  Cache.store(Key, R, Reads, {}, nullptr);
  std::optional<FileResult> Hit = Cache.lookup(Key, Src, nullptr);
  if (!Hit) {
    ADD_FAILURE() << "no cache hit for the key just stored";
    return;
  }
  ASSERT_EQ(Hit->Findings.size(), 1u);
  EXPECT_EQ(Hit->Findings[0].File, Hdr);
  // Another key never finds it.
  EXPECT_FALSE(Cache.lookup(ResultCache::makeKey({Src, "-DX"}), Src, nullptr).has_value());
  // The header's bytes change: the stored result no longer describes it.
  ResultCache Later(Dir + "/cache");
  write(Hdr, "#define W 64\n");
  EXPECT_FALSE(Later.lookup(Key, Src, nullptr).has_value());
  write(Hdr, "#define W 32\n");
  ResultCache Again(Dir + "/cache");
  EXPECT_TRUE(Again.lookup(Key, Src, nullptr).has_value());
  // A header appears where the parse found none.
  write(Dir + "/missing.h", "");
  ResultCache Shadowed(Dir + "/cache");
  EXPECT_FALSE(Shadowed.lookup(Key, Src, nullptr).has_value());
}

TEST_F(LintResultCacheTest, RefusesFoldersOthersControl) {
  EXPECT_EQ(ResultCache::folderProblem(Dir + "/not-yet"), "");
  ASSERT_EQ(::mkdir((Dir + "/mine").c_str(), 0700), 0);
  EXPECT_EQ(ResultCache::folderProblem(Dir + "/mine"), "");
  ASSERT_EQ(::mkdir((Dir + "/shared").c_str(), 0700), 0);
  ASSERT_EQ(::chmod((Dir + "/shared").c_str(), 0770), 0);
  EXPECT_NE(ResultCache::folderProblem(Dir + "/shared").find("writable by group or others"), std::string::npos);
  ASSERT_EQ(::symlink((Dir + "/mine").c_str(), (Dir + "/link").c_str()), 0);
  EXPECT_NE(ResultCache::folderProblem(Dir + "/link").find("symbolic link"), std::string::npos);
  // A subfolder counts as much as the folder.
  ASSERT_EQ(::mkdir((Dir + "/mine/results").c_str(), 0777), 0);
  ASSERT_EQ(::chmod((Dir + "/mine/results").c_str(), 0777), 0);
  EXPECT_NE(ResultCache::folderProblem(Dir + "/mine").find("writable by group or others"), std::string::npos);
  if (::geteuid() == 0) {
    ASSERT_EQ(::mkdir((Dir + "/theirs").c_str(), 0700), 0);
    ASSERT_EQ(::chown((Dir + "/theirs").c_str(), 12345, 12345), 0);
    EXPECT_NE(ResultCache::folderProblem(Dir + "/theirs").find("belongs to another user"), std::string::npos);
  }
}

} // namespace
