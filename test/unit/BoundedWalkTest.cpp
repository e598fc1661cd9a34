#include "core/BoundedWalk.h"

#include <algorithm>
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
    char Tmpl[] = "/tmp/rocm-walk-XXXXXX";
    char Real[PATH_MAX];
    Path = realpath(mkdtemp(Tmpl), Real);
  }
  ~TempDir() { std::system(("rm -rf '" + Path + "'").c_str()); }
};

std::vector<std::string> walk(const std::string &Root, WalkLimits L, bool *Complete = nullptr) {
  std::vector<std::string> Out;
  bool Done = walkRegularFiles(Root, L, [&](const std::string &P) { Out.push_back(P.substr(Root.size() + 1)); });
  if (Complete)
    *Complete = Done;
  std::sort(Out.begin(), Out.end());
  return Out;
}

// The doctor reads a machine's folders: a link to elsewhere (a loop, /) must not be followed, a
// deep tree is cut at the depth limit, and a huge one at the entry limit, which the caller learns.
TEST(BoundedWalk, RegularFilesOnlyNoLinksFollowed) {
  TempDir D;
  mkdir((D.Path + "/a").c_str(), 0700);
  mkdir((D.Path + "/a/b").c_str(), 0700);
  std::ofstream(D.Path + "/top.so") << "x";
  std::ofstream(D.Path + "/a/b/deep.so") << "x";
  ASSERT_EQ(symlink("/", (D.Path + "/a/root").c_str()), 0);
  ASSERT_EQ(symlink((D.Path + "/top.so").c_str(), (D.Path + "/link.so").c_str()), 0);
  bool Complete = false;
  EXPECT_EQ(walk(D.Path, {}, &Complete), (std::vector<std::string>{"a/b/deep.so", "top.so"}));
  EXPECT_TRUE(Complete);
}

TEST(BoundedWalk, DepthAndEntryLimits) {
  TempDir D;
  mkdir((D.Path + "/a").c_str(), 0700);
  mkdir((D.Path + "/a/b").c_str(), 0700);
  std::ofstream(D.Path + "/a/one") << "x";
  std::ofstream(D.Path + "/a/b/two") << "x";
  WalkLimits Shallow;
  Shallow.MaxDepth = 1;
  EXPECT_EQ(walk(D.Path, Shallow), (std::vector<std::string>{"a/one"}));
  WalkLimits Few;
  Few.MaxEntries = 2;
  bool Complete = true;
  EXPECT_LE(walk(D.Path, Few, &Complete).size(), 2u);
  EXPECT_FALSE(Complete);
}

TEST(BoundedWalk, ListsNamesSortedAndCapped) {
  TempDir D;
  for (const char *N : {"c", "a", "b"})
    std::ofstream(D.Path + "/" + N) << "x";
  EXPECT_EQ(listDirectoryNames(D.Path), (std::vector<std::string>{"a", "b", "c"}));
  EXPECT_EQ(listDirectoryNames(D.Path, 2).size(), 2u);
  EXPECT_TRUE(listDirectoryNames(D.Path + "/missing").empty());
}

} // namespace
