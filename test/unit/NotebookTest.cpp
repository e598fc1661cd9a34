#include "core/Notebook.h"

#include <gtest/gtest.h>
#include <set>

using namespace rocmtidy;

static std::vector<const NotebookEntry *> all() {
  std::vector<const NotebookEntry *> V;
  for (const auto &E : builtinNotebook())
    V.push_back(&E);
  return V;
}

TEST(Notebook, EveryEntryMatchesItsOwnExcerpt) {
  for (const NotebookEntry &E : builtinNotebook()) {
    ASSERT_FALSE(E.Excerpt.empty()) << E.Id;
    auto M = matchLog({&E}, E.Excerpt);
    EXPECT_EQ(M.size(), 1u) << E.Id << " does not recognise its own excerpt";
    EXPECT_FALSE(E.Fix.empty()) << E.Id;
  }
}

TEST(Notebook, IdsAreUniqueAndPhasesKnown) {
  std::set<std::string> Ids;
  for (const NotebookEntry &E : builtinNotebook())
    EXPECT_TRUE(Ids.insert(E.Id).second) << E.Id;
}

TEST(Notebook, RecognisesTheUsersErrors) {
  auto M = matchLog(all(), "x.cpp:1:10: fatal error: cuda_runtime.h: No such file or directory\n"
                           "main.cpp:(.text+0x2a): undefined reference to `hipMalloc'\n");
  ASSERT_EQ(M.size(), 2u);
  EXPECT_EQ(M[0].Entry->Id, "cuda-header-not-found");
  EXPECT_EQ(M[0].Line, 1u);
  EXPECT_EQ(M[1].Entry->Id, "undefined-reference-hip");
  EXPECT_EQ(M[1].Line, 2u);

  M = matchLog(all(), "error: HIP error: hipErrorInvalidConfiguration\n");
  ASSERT_EQ(M.size(), 1u);
  EXPECT_EQ(M[0].Entry->Id, "invalid-launch-configuration");
}

TEST(Notebook, QuietOnUnrelatedLogs) {
  EXPECT_TRUE(matchLog(all(), "[100%] Built target app\nAll tests passed\n").empty());
  EXPECT_TRUE(matchLog(all(), "").empty());
  std::string Junk(100000, '\x01');
  EXPECT_TRUE(matchLog(all(), Junk).empty());
}

TEST(Notebook, MalformedNotebooksAreErrors) {
  std::string Error;
  EXPECT_FALSE(parseNotebook("{", Error));
  EXPECT_EQ(Error, "not valid JSON");
  EXPECT_FALSE(parseNotebook(R"({"entries": [{"id": "a", "phase": "build", "title": "t", "patterns": ["("], "fix": []}]})", Error));
  EXPECT_NE(Error.find("invalid regular expression"), std::string::npos);
  EXPECT_FALSE(parseNotebook(R"({"entries": [{"id": "a", "phase": "later", "title": "t", "patterns": ["x"], "fix": []}]})", Error));
  EXPECT_NE(Error.find("phase"), std::string::npos);
  auto Ok = parseNotebook(R"({"entries": [{"id": "a", "phase": "build", "title": "t", "patterns": ["ERR[0-9]+"], "fix": ["f"], "icase": true}]})", Error);
  ASSERT_TRUE(Ok);
  std::vector<const NotebookEntry *> V = {&Ok->front()};
  EXPECT_EQ(matchLog(V, "x\nerr42\n").size(), 1u);
}
