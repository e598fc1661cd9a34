// rocm-lint's report formats (tools/rocm-lint/Output.cpp): one record per finding, and no file
// name or message can forge a line of the text report or break a JSON/SARIF document (F19).
#include "Lint.h"

#include "gtest/gtest.h"

#include <nlohmann/json.hpp>

#include <algorithm>

using namespace rocmlint;

namespace {

rocmtidy::Finding finding(std::string File, unsigned Line, std::string Message,
                          std::string Check = "rocm-warp-size-assumption") {
  rocmtidy::Finding F;
  F.Check = std::move(Check);
  F.Severity = "warning";
  F.File = std::move(File);
  F.Line = Line;
  F.Column = 3;
  F.Message = std::move(Message);
  return F;
}

size_t lines(const std::string &S) { return size_t(std::count(S.begin(), S.end(), '\n')); }

TEST(LintOutput, EscapesControlCharacters) {
  EXPECT_EQ(escapeControlCharacters("a\nb\rc\td\x01"
                                    "e\x7f"),
            "a\\nb\\rc\\td\\x01e\\x7f");
  EXPECT_EQ(escapeControlCharacters("plain/path.cu"), "plain/path.cu");
  // Backslashes are kept unless asked for (--dump-cmake reads back unambiguously).
  EXPECT_EQ(escapeControlCharacters("a\\n"), "a\\n");
  EXPECT_EQ(escapeControlCharacters("a\\n", /*EscapeBackslash=*/true), "a\\\\n");
  EXPECT_EQ(escapeControlCharacters("a\n", /*EscapeBackslash=*/true), "a\\n");
}

TEST(LintOutput, TextIsOneLinePerFindingAndNote) {
  rocmtidy::Finding F = finding("src/k.hip", 7, "lane arithmetic assumes 32 lanes");
  F.Notes.push_back({"src/k.hip", 3, 1, "the warp size is defined here"});
  std::string Text = formatText({F, finding("", 0, "configuration problem", "rocm-cmake-raw-link-flag")});
  EXPECT_EQ(Text, "src/k.hip:7:3: warning: lane arithmetic assumes 32 lanes [rocm-warp-size-assumption]\n"
                  "src/k.hip:3:1: note: the warp size is defined here\n"
                  "rocm-lint: warning: configuration problem [rocm-cmake-raw-link-flag]\n");
  EXPECT_EQ(formatText({}), "");
}

TEST(LintOutput, TextCannotBeForgedByAFileName) {
  std::string Forged = "a.cu:1:1: error: fake [x]\nb";
  std::string Text = formatText({finding(Forged + ".cu", 2, "real\nmessage")});
  EXPECT_EQ(lines(Text), 1u) << Text;
  EXPECT_NE(Text.find("a.cu:1:1: error: fake [x]\\nb.cu:2:3"), std::string::npos) << Text;
  EXPECT_NE(Text.find("real\\nmessage"), std::string::npos) << Text;
}

TEST(LintOutput, JsonRecordsAndStatuses) {
  rocmtidy::Finding F = finding("dir\nx.cu", 4, "m");
  F.Fixes.push_back({"dir\nx.cu", 10, 2, "64"});
  FileReport Failed{"bad.cu", {}};
  Failed.Status.Status = AnalysisStatus::Failed;
  Failed.Status.Reason = "bad.cu: the analysis crashed";
  std::string Out = formatJson({F}, 2, {{"dir\nx.cu", {}}, Failed});
  nlohmann::json J = nlohmann::json::parse(Out, nullptr, false);
  ASSERT_FALSE(J.is_discarded()) << Out;
  ASSERT_EQ(J["findings"].size(), 1u);
  // The path round-trips exactly: JSON escapes it, rocm-lint does not rewrite it.
  EXPECT_EQ(J["findings"][0]["file"], "dir\nx.cu");
  EXPECT_EQ(J["findings"][0]["line"], 4);
  EXPECT_EQ(J["findings"][0]["check"], "rocm-warp-size-assumption");
  EXPECT_EQ(J["findings"][0]["fixes"][0]["replacement"], "64");
  EXPECT_EQ(J["summary"]["files"], 2);
  EXPECT_EQ(J["summary"]["findings"], 1);
  EXPECT_EQ(J["summary"]["failed"], 1);
  EXPECT_EQ(J["summary"]["complete"], 1);
  EXPECT_EQ(J["files"][1]["status"], "failed");
  EXPECT_EQ(J["files"][1]["reason"], "bad.cu: the analysis crashed");
  EXPECT_FALSE(J["files"][0].contains("reason"));
}

TEST(LintOutput, SarifResultsRulesAndNotifications) {
  std::vector<RuleDescription> Rules = {{"rocm-lds-limit", "LDS"}, {"rocm-warp-size-assumption", "warp"}};
  FileReport Failed{"bad.cu", {}};
  Failed.Status.Status = AnalysisStatus::Failed;
  Failed.Status.Reason = "crashed";
  std::string Out = formatSarif({finding("src/a b.cu", 9, "m")}, Rules, "/repo", {Failed});
  nlohmann::json J = nlohmann::json::parse(Out, nullptr, false);
  ASSERT_FALSE(J.is_discarded()) << Out;
  EXPECT_EQ(J["version"], "2.1.0");
  const nlohmann::json &Run = J["runs"][0];
  ASSERT_EQ(Run["results"].size(), 1u);
  const nlohmann::json &R = Run["results"][0];
  EXPECT_EQ(R["ruleId"], "rocm-warp-size-assumption");
  EXPECT_EQ(R["ruleIndex"], 1);
  const nlohmann::json &Loc = R["locations"][0]["physicalLocation"];
  EXPECT_EQ(Loc["artifactLocation"]["uri"], "src/a%20b.cu");
  EXPECT_EQ(Loc["artifactLocation"]["uriBaseId"], "%SRCROOT%");
  EXPECT_EQ(Loc["region"]["startLine"], 9);
  const nlohmann::json &Inv = Run["invocations"][0];
  EXPECT_EQ(Inv["executionSuccessful"], false);
  ASSERT_EQ(Inv["toolExecutionNotifications"].size(), 1u);
  EXPECT_EQ(Inv["toolExecutionNotifications"][0]["level"], "error");
  EXPECT_EQ(Inv["toolExecutionNotifications"][0]["descriptor"]["id"], "rocm-lint-failed");
  // All analysed: the run succeeded and no notification is made up.
  nlohmann::json Clean = nlohmann::json::parse(formatSarif({}, Rules, "/repo", {{"a.cu", {}}}));
  EXPECT_EQ(Clean["runs"][0]["invocations"][0]["executionSuccessful"], true);
  EXPECT_FALSE(Clean["runs"][0]["invocations"][0].contains("toolExecutionNotifications"));
}

TEST(LintOutput, FormatReportPicksTheFormat) {
  std::vector<rocmtidy::Finding> Fs = {finding("a.cu", 1, "m")};
  EXPECT_EQ(formatReport(OutputFormat::Text, Fs, 1, {}, "/repo"), formatText(Fs));
  EXPECT_EQ(formatReport(OutputFormat::Json, Fs, 1, {}, "/repo"), formatJson(Fs, 1, {}));
  EXPECT_EQ(formatReport(OutputFormat::GitLab, Fs, 1, {}, "/repo"), formatGitLab(Fs));
  nlohmann::json Sarif = nlohmann::json::parse(formatReport(OutputFormat::Sarif, Fs, 1, {}, "/repo"));
  EXPECT_EQ(Sarif["runs"][0]["results"][0]["ruleId"], "rocm-warp-size-assumption");
  // The rules come from allRules(): the CMake and build-script rules are always there.
  bool HasCMakeRule = false;
  for (const auto &Rule : Sarif["runs"][0]["tool"]["driver"]["rules"])
    HasCMakeRule |= Rule["id"].get<std::string>().rfind("rocm-cmake-", 0) == 0;
  EXPECT_TRUE(HasCMakeRule);
}

TEST(LintOutput, GitLabIsAnArrayOfIssues) {
  nlohmann::json J = nlohmann::json::parse(formatGitLab({finding("a.cu", 5, "m")}), nullptr, false);
  ASSERT_TRUE(J.is_array());
  ASSERT_EQ(J.size(), 1u);
  EXPECT_EQ(J[0]["location"]["path"], "a.cu");
  EXPECT_EQ(J[0]["location"]["lines"]["begin"], 5);
}

} // namespace
