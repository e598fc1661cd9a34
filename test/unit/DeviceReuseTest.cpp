// rocm-clangd keeps the last device parse's findings only across a change that cannot alter what
// the device parse reads outside it (tools/rocm-clangd/DeviceReuse.h).
#include "tools/rocm-clangd/DeviceReuse.h"

#include <gtest/gtest.h>
#include <string>

using namespace rocmclangd;

namespace {

// Whether replacing the first occurrence of From in Text by To is a local change.
bool local(const std::string &Text, const std::string &From, const std::string &To) {
  std::string New = Text;
  New.replace(New.find(From), From.size(), To);
  return isLocalChange(Text, New, changeBetween(Text, New));
}

const std::string Body = "#include <hip/hip_runtime.h>\n"
                         "#define TWICE(x) \\\n"
                         "  ((x) * 2)\n"
                         "__global__ void k(int *p) {\n"
                         "  int n = 4; // four\n"
                         "  const char *s = \"text\";\n"
                         "  p[0] = n;\n"
                         "}\n";

} // namespace

TEST(DeviceReuse, ChangeBetweenFindsTheOneChangedSpan) {
  Change C = changeBetween("int a = 1;\nint b;\n", "int a = 12;\nint b;\n");
  EXPECT_EQ(C.Begin, 9u);
  EXPECT_EQ(C.OldEnd, 9u);
  EXPECT_EQ(C.NewEnd, 10u);
  // Two edits apart read as one change spanning both.
  C = changeBetween("a b c d", "A b c D");
  EXPECT_EQ(C.Begin, 0u);
  EXPECT_EQ(C.OldEnd, 7u);
  EXPECT_EQ(C.NewEnd, 7u);
  C = changeBetween("same", "same");
  EXPECT_EQ(C.Begin, 4u);
  EXPECT_EQ(C.OldEnd, 4u);
  EXPECT_EQ(C.NewEnd, 4u);
}

TEST(DeviceReuse, MoveOffsetShiftsWhatFollowsAndRefusesTheChange) {
  Change C{10, 12, 15}; // two bytes became five
  unsigned Before = 4, Inside = 11, After = 20;
  EXPECT_TRUE(moveOffset(C, Before));
  EXPECT_EQ(Before, 4u);
  EXPECT_FALSE(moveOffset(C, Inside));
  EXPECT_TRUE(moveOffset(C, After));
  EXPECT_EQ(After, 23u);
}

TEST(DeviceReuse, StatementsAndNamesInABodyAreLocal) {
  EXPECT_TRUE(local(Body, "p[0] = n;", "p[0] = n + f(n, p[1]);"));
  EXPECT_TRUE(local(Body, "  p[0] = n;\n", "  p[0] = n;\n  if (n) { p[1] = 2; }\n"));
  EXPECT_TRUE(local(Body, "int n = 4", "int n = 8"));
  EXPECT_TRUE(local(Body, "  p[0] = n;\n", ""));
}

TEST(DeviceReuse, WhatCanChangeTheTokensElsewhereIsNot) {
  EXPECT_FALSE(local(Body, "p[0] = n;", "p[0] = n;\n#define N 3"));
  EXPECT_FALSE(local(Body, "p[0] = n;", "p[0] = n; /* open"));
  EXPECT_FALSE(local(Body, "p[0] = n;", "p[0] = n; // done"));
  EXPECT_FALSE(local(Body, "p[0] = n;", "p[0] = '\"';"));
  EXPECT_FALSE(local(Body, "p[0] = n;", "p[0] = n; }"));
  EXPECT_FALSE(local(Body, "p[0] = n;", "p[0] = f(n;"));
  EXPECT_FALSE(local(Body, "p[0] = n;", "p[0] = n; _Pragma(\"x\")"));
  EXPECT_FALSE(local(Body, "p[0] = n;", "p[0] = n; \\"));
  // '/' typed before an existing '*' would open a comment.
  EXPECT_FALSE(local("int a = b *c;", "b ", "b /"));
}

TEST(DeviceReuse, DirectiveLinesAndLineCommentsAreNot) {
  // The continuation line of a macro definition is part of the directive.
  EXPECT_FALSE(local(Body, "((x) * 2)", "((x) * 3)"));
  EXPECT_FALSE(local(Body, "<hip/hip_runtime.h>", "<hip/hip_runtime.h> "));
  // A new line inside a line comment turns the rest of the comment into code.
  EXPECT_FALSE(local(Body, "// four", "// fo\nur"));
  // Inside a comment without a new line nothing else changes.
  EXPECT_TRUE(local(Body, "// four", "// forty"));
}

TEST(DeviceReuse, NoChangeIsNotReusable) {
  // The same text built again means something else changed (a header): parse.
  EXPECT_FALSE(isLocalChange(Body, Body, changeBetween(Body, Body)));
}

TEST(DeviceReuse, WithinNeedsOneRangeHoldingAll) {
  Ranges R = {{10, 20}, {30, 40}};
  EXPECT_TRUE(within(R, 12, 18));
  EXPECT_TRUE(within(R, 30, 40));
  EXPECT_FALSE(within(R, 18, 32));
  EXPECT_FALSE(within(R, 5, 11));
}
