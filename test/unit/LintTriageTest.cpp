// rocm-lint's status and exit-code policy (tools/rocm-lint/Triage.cpp, Status.cpp).
#include "AnalyzerImpl.h"
#include "Lint.h"

#include "gtest/gtest.h"

using namespace rocmlint;
using Policy = Options::FailPolicy;

namespace {

TEST(LintTriage, FindingsPolicyIsTheDefault) {
  EXPECT_EQ(Options().FailOn, Policy::Findings);
  EXPECT_EQ(exitStatusFor(Policy::Findings, false, false, false), 0);
  EXPECT_EQ(exitStatusFor(Policy::Findings, false, false, true), 1);
  // A file that could not be analysed outranks findings.
  EXPECT_EQ(exitStatusFor(Policy::Findings, false, true, true), 2);
  EXPECT_EQ(exitStatusFor(Policy::Findings, false, true, false), 2);
}

TEST(LintTriage, ErrorsPolicyLetsFindingsPass) {
  EXPECT_EQ(exitStatusFor(Policy::Errors, false, false, true), 0);
  EXPECT_EQ(exitStatusFor(Policy::Errors, false, true, false), 2);
  EXPECT_EQ(exitStatusFor(Policy::Errors, false, true, true), 2);
}

TEST(LintTriage, NeverPolicyFailsOnlyARunThatCouldNotComplete) {
  EXPECT_EQ(exitStatusFor(Policy::Never, false, true, true), 0);
  EXPECT_EQ(exitStatusFor(Policy::Never, false, false, false), 0);
  for (Policy P : {Policy::Findings, Policy::Errors, Policy::Never}) {
    EXPECT_EQ(exitStatusFor(P, true, false, false), 2);
    EXPECT_EQ(exitStatusFor(P, true, true, true), 2);
  }
}

TEST(LintTriage, LineTableMapsOffsetsToLinesAndColumns) {
  auto At = [](const LineTable &T, unsigned Offset) {
    unsigned Line = 0, Col = 0;
    T.lineCol(Offset, Line, Col);
    return std::make_pair(Line, Col);
  };
  LineTable T("ab\n\ncd\n");
  EXPECT_EQ(At(T, 0), std::make_pair(1u, 1u));
  // The newline itself belongs to the line it ends.
  EXPECT_EQ(At(T, 2), std::make_pair(1u, 3u));
  EXPECT_EQ(At(T, 3), std::make_pair(2u, 1u));
  EXPECT_EQ(At(T, 5), std::make_pair(3u, 2u));
  // Past the end (a file changed since it was parsed): the line after the last newline.
  EXPECT_EQ(At(T, 9), std::make_pair(4u, 3u));
  EXPECT_EQ(At(LineTable(""), 4), std::make_pair(1u, 5u));
}

TEST(LintTriage, StatusNames) {
  EXPECT_STREQ(statusName(AnalysisStatus::Complete), "complete");
  EXPECT_STREQ(statusName(AnalysisStatus::Recovered), "recovered");
  EXPECT_STREQ(statusName(AnalysisStatus::Failed), "failed");
}

TEST(LintTriage, StatusNoteAndSummary) {
  FileReport Complete{"a.hip", {}};
  EXPECT_EQ(statusNote(Complete), "");
  FileReport Recovered{"k.cu", {}};
  Recovered.Status.Status = AnalysisStatus::Recovered;
  Recovered.Status.MissingHeaders = {"torch/extension.h"};
  Recovered.Status.DroppedDeclarations = 2;
  std::string Note = statusNote(Recovered);
  EXPECT_NE(Note.find("k.cu: partly analysed: header 'torch/extension.h' was not found and skipped"), std::string::npos)
      << Note;
  EXPECT_NE(Note.find("2 declarations dropped"), std::string::npos) << Note;
  FileReport Failed{"bad\nname.cu", {}};
  Failed.Status.Status = AnalysisStatus::Failed;
  Failed.Status.Reason = "the analysis crashed";
  // One line, whatever the file is called.
  EXPECT_EQ(statusNote(Failed), "bad\\nname.cu: not analysed: the analysis crashed");
  EXPECT_EQ(statusSummary({Complete}), "");
  std::string Summary = statusSummary({Complete, Recovered, Failed});
  EXPECT_NE(Summary.find("torch/extension.h"), std::string::npos) << Summary;
  EXPECT_NE(Summary.find("1 not analysed"), std::string::npos) << Summary;
}

TEST(LintTriage, MergeResultsOfARun) {
  std::vector<InputFile> Files = {
      {"a.cu", "/w/a.cu"}, {"CMakeLists.txt", "/w/CMakeLists.txt", true}, {"b.cu", "/w/b.cu"}};
  std::vector<FileResult> Results(3);
  Results[1].Errors.push_back("/w/CMakeLists.txt:3: unterminated argument; the file could not be analysed");
  Results[2].Status.Status = AnalysisStatus::Recovered;
  Results[0].Parsed.record("/w/a.cu", 1);
  Results[2].Parsed.record("/w/h.h", 2);
  auto At = [](const std::string &File, unsigned Line, const std::string &Check) {
    rocmtidy::Finding F;
    F.Check = Check;
    F.Severity = "warning";
    F.File = File;
    F.Line = Line;
    F.Column = 1;
    F.Offset = Line * 10; // locations are keyed by offset
    F.Message = "m";
    return F;
  };
  // Both sources reach one header finding; b.cu has one of its own, before a.cu's in path order.
  auto SourcedOf = [&](size_t I) -> std::vector<SourcedFinding> {
    if (I == 0)
      return {{At("h.h", 4, "rocm-lds-limit"), "a.cu"}, {At("a.cu", 9, "rocm-lds-limit"), "a.cu"}};
    if (I == 2)
      return {{At("h.h", 4, "rocm-lds-limit"), "b.cu"}, {At("a.cu", 2, "rocm-lds-limit"), "b.cu"}};
    return {};
  };
  RunOutcome O = mergeResults(Files, Results, SourcedOf, /*Strict=*/false, "/w");
  ASSERT_EQ(O.Findings.size(), 3u);
  EXPECT_EQ(O.Findings[0].File, "a.cu");
  EXPECT_EQ(O.Findings[0].Line, 2u);
  EXPECT_EQ(O.Findings[1].Line, 9u);
  EXPECT_EQ(O.Findings[2].File, "h.h");
  EXPECT_FALSE(O.Findings[2].Notes.empty()); // the second includer
  // The CMake file's error makes it failed, named relative to the working directory.
  ASSERT_EQ(O.Errors.size(), 1u);
  EXPECT_EQ(O.Errors[0].rfind("CMakeLists.txt:3:", 0), 0u) << O.Errors[0];
  ASSERT_EQ(O.Reports.size(), 3u);
  EXPECT_EQ(O.Reports[1].Status.Status, AnalysisStatus::Failed);
  EXPECT_EQ(O.Reports[1].Status.Reason.rfind("CMakeLists.txt:3:", 0), 0u);
  EXPECT_EQ(O.Reports[0].Status.Status, AnalysisStatus::Complete);
  EXPECT_EQ(O.Parsed.Hashes.size(), 2u);
  EXPECT_FALSE(O.StrictFailure);
  std::vector<FileResult> Again(3);
  Again[2].Status.Status = AnalysisStatus::Recovered;
  EXPECT_TRUE(mergeResults(Files, Again, SourcedOf, /*Strict=*/true, "/w").StrictFailure);
}

} // namespace
