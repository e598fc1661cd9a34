// rocm-lint's option parsing (tools/rocm-lint/CommandLine.cpp), on a command of the test's own.
#include "CommandLine.h"

#include "gtest/gtest.h"

#include <memory>

using namespace rocmlint;
namespace cl = llvm::cl;

namespace {

cl::SubCommand TestCommand("unit-test-command", "for LintCommandLineTest");
cl::list<std::string> Paths(cl::Positional, cl::sub(TestCommand));
cl::opt<std::string> Checks("checks", cl::init("rocm-*"), cl::sub(TestCommand));
cl::opt<bool> Fix("fix", cl::sub(TestCommand));

bool parse(const std::vector<std::string> &Args, std::string &Error) {
  return parseCommandLine(TestCommand, Args, [] {}, std::addressof(Paths), Error);
}

TEST(LintCommandLine, OptionsAndPaths) {
  std::string Error;
  ASSERT_TRUE(parse({"--checks=rocm-lds-limit", "src", "--fix", "k.cu"}, Error)) << Error;
  EXPECT_EQ(std::string(Checks), "rocm-lds-limit");
  EXPECT_TRUE(Fix);
  ASSERT_EQ(Paths.size(), 2u);
  EXPECT_EQ(Paths[0], "src");
  EXPECT_EQ(Paths[1], "k.cu");
  // Each parse starts from the defaults: nothing carries over from the last one.
  ASSERT_TRUE(parse({"other.hip"}, Error)) << Error;
  EXPECT_EQ(Fix.getNumOccurrences(), 0);
  EXPECT_EQ(Checks.getNumOccurrences(), 0);
  ASSERT_EQ(Paths.size(), 1u);
  EXPECT_EQ(Paths[0], "other.hip");
}

TEST(LintCommandLine, AtArgumentsArePathsNotResponseFiles) {
  std::string Error;
  ASSERT_TRUE(parse({"@evil.hip", "a.cu"}, Error)) << Error;
  ASSERT_EQ(Paths.size(), 2u);
  EXPECT_EQ(Paths[0], "@evil.hip");
  EXPECT_EQ(Paths[1], "a.cu");
}

TEST(LintCommandLine, UnknownOptionIsOneLineError) {
  std::string Error;
  EXPECT_FALSE(parse({"--no-such-option", "a.cu"}, Error));
  EXPECT_NE(Error.find("unknown option '--no-such-option'"), std::string::npos) << Error;
  EXPECT_NE(Error.find("(see 'rocm-lint --help')"), std::string::npos) << Error;
  EXPECT_EQ(Error.find('\n'), std::string::npos) << Error;
}

TEST(LintCommandLine, DoubleDashEndsOptions) {
  std::string Error;
  ASSERT_TRUE(parse({"--", "--fix"}, Error)) << Error;
  EXPECT_FALSE(Fix);
  ASSERT_EQ(Paths.size(), 1u);
  EXPECT_EQ(Paths[0], "--fix");
}

} // namespace
