#include "core/BoundedFile.h"

#include <climits>
#include <cstdlib>
#include <fstream>
#include <gtest/gtest.h>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

using namespace rocmtidy;

namespace {

struct TempDir {
  std::string Path;
  TempDir() {
    char Tmpl[] = "/tmp/rocm-bounded-XXXXXX";
    char Real[PATH_MAX];
    Path = realpath(mkdtemp(Tmpl), Real);
  }
  ~TempDir() { std::system(("rm -rf '" + Path + "'").c_str()); }
};

TEST(BoundedFileTest, ReadsARegularFile) {
  TempDir D;
  std::ofstream(D.Path + "/a.json", std::ios::binary) << "{\"a\": [1, 2]}";
  std::string Problem;
  auto Text = readBoundedFile(D.Path + "/a.json", {}, Problem);
  ASSERT_TRUE(Text.has_value()) << Problem;
  EXPECT_EQ(Text.value_or(""), "{\"a\": [1, 2]}");
}

TEST(BoundedFileTest, RefusesAFifoWithoutBlocking) {
  TempDir D;
  std::string Fifo = D.Path + "/entry.json";
  ASSERT_EQ(::mkfifo(Fifo.c_str(), 0600), 0);
  std::string Problem;
  EXPECT_FALSE(readBoundedFile(Fifo, {}, Problem).has_value());
  EXPECT_EQ(Problem, "not a regular file");
}

TEST(BoundedFileTest, RefusesDevicesAndLargeFiles) {
  std::string Problem;
  EXPECT_FALSE(readBoundedFile("/dev/zero", {}, Problem).has_value());
  EXPECT_EQ(Problem, "not a regular file");
  TempDir D;
  std::string Big = D.Path + "/big";
  std::ofstream(Big, std::ios::binary) << std::string(100, 'x');
  BoundedReadOptions O;
  O.MaxBytes = 99;
  EXPECT_FALSE(readBoundedFile(Big, O, Problem).has_value());
  EXPECT_EQ(Problem, "larger than 99 bytes");
  O.MaxBytes = 100;
  EXPECT_TRUE(readBoundedFile(Big, O, Problem).has_value());
}

TEST(BoundedFileTest, NoFollowRefusesALink) {
  TempDir D;
  std::ofstream(D.Path + "/target", std::ios::binary) << "x";
  ASSERT_EQ(::symlink((D.Path + "/target").c_str(), (D.Path + "/link").c_str()), 0);
  BoundedReadOptions O;
  std::string Problem;
  EXPECT_TRUE(readBoundedFile(D.Path + "/link", O, Problem).has_value());
  O.NoFollow = true;
  EXPECT_FALSE(readBoundedFile(D.Path + "/link", O, Problem).has_value());
  EXPECT_EQ(Problem, "is a symbolic link");
}

TEST(BoundedFileTest, JsonDepth) {
  EXPECT_TRUE(jsonDepthWithin("{\"a\": [1, {\"b\": []}]}", 4));
  EXPECT_FALSE(jsonDepthWithin("{\"a\": [1, {\"b\": []}]}", 3));
  // Brackets inside strings, escaped quotes included, are text.
  EXPECT_TRUE(jsonDepthWithin("[\"[[[[\\\"[[[[\"]", 1));
  EXPECT_FALSE(jsonDepthWithin(std::string(20u << 20, '['), 64));
  EXPECT_TRUE(jsonDepthWithin("", 0));
}

} // namespace
