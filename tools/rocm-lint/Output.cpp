// Output formats: clang's text format, a documented JSON schema (docs/rocm-lint.md), SARIF 2.1.0.
#include "Lint.h"
#include "Version.h"
#include "buildscripts/BuildScripts.h"
#include "cmake/CMakeLint.h"
#include "core/CheckCatalog.h"
#include "core/Hash.h"

#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/ClangTidyModuleRegistry.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

namespace rocmlint {

std::string escapeControlCharacters(std::string_view S, bool EscapeBackslash) {
  std::string R;
  R.reserve(S.size());
  for (char C : S) {
    unsigned char U = static_cast<unsigned char>(C);
    if (C == '\\' && EscapeBackslash)
      R += "\\\\";
    else if (C == '\n')
      R += "\\n";
    else if (C == '\r')
      R += "\\r";
    else if (C == '\t')
      R += "\\t";
    else if (U < 0x20 || U == 0x7f) {
      char Buf[8];
      std::snprintf(Buf, sizeof Buf, "\\x%02x", U);
      R += Buf;
    } else
      R += C;
  }
  return R;
}

std::string formatText(const std::vector<rocmtidy::Finding> &Findings) {
  std::ostringstream OS;
  // One line per finding and note, whatever the file names and messages hold.
  auto E = [](std::string_view S) { return escapeControlCharacters(S); };
  for (const rocmtidy::Finding &F : Findings) {
    if (F.File.empty())
      OS << "rocm-lint: " << F.Severity << ": " << E(F.Message) << " [" << F.Check << "]\n";
    else
      OS << E(F.File) << ":" << F.Line << ":" << F.Column << ": " << F.Severity << ": " << E(F.Message) << " ["
         << F.Check << "]\n";
    for (const rocmtidy::FindingNote &N : F.Notes)
      OS << E(N.File) << ":" << N.Line << ":" << N.Column << ": note: " << E(N.Message) << "\n";
  }
  return OS.str();
}

static nlohmann::json findingJson(const rocmtidy::Finding &F) {
  nlohmann::json J = {{"check", F.Check},   {"severity", F.Severity}, {"file", F.File},
                      {"line", F.Line},     {"column", F.Column},     {"offset", F.Offset},
                      {"message", F.Message}};
  J["notes"] = nlohmann::json::array();
  for (const auto &N : F.Notes)
    J["notes"].push_back({{"file", N.File}, {"line", N.Line}, {"column", N.Column}, {"message", N.Message}});
  J["fixes"] = nlohmann::json::array();
  for (const auto &E : F.Fixes)
    J["fixes"].push_back(
        {{"file", E.File}, {"offset", E.Offset}, {"length", E.Length}, {"replacement", E.Replacement}});
  return J;
}

static nlohmann::json statusJson(const FileReport &F) {
  nlohmann::json J = {{"file", F.Display}, {"status", statusName(F.Status.Status)}};
  if (F.Status.Status == AnalysisStatus::Recovered) {
    J["missing_headers"] = F.Status.MissingHeaders;
    if (!F.Status.Skipped.empty())
      J["skipped"] = F.Status.Skipped;
    J["dropped_declarations"] = F.Status.DroppedDeclarations;
    J["compiler_errors"] = F.Status.CompilerErrors;
  }
  if (F.Status.Status == AnalysisStatus::Failed)
    J["reason"] = F.Status.Reason;
  if (!F.Status.AnalysedThrough.empty())
    J["analysed_through"] = F.Status.AnalysedThrough;
  return J;
}

std::string formatJson(const std::vector<rocmtidy::Finding> &Findings, unsigned FilesChecked,
                       const std::vector<FileReport> &Files) {
  nlohmann::json J;
  J["tool"] = "rocm-lint";
  J["version"] = toolVersion();
  J["build"] = buildInfoJson();
  J["schema"] = 1;
  J["findings"] = nlohmann::json::array();
  for (const auto &F : Findings)
    J["findings"].push_back(findingJson(F));
  J["summary"] = {{"files", FilesChecked}, {"findings", Findings.size()}};
  if (!Files.empty()) {
    J["files"] = nlohmann::json::array();
    unsigned Counts[3] = {0, 0, 0};
    for (const FileReport &F : Files) {
      J["files"].push_back(statusJson(F));
      ++Counts[unsigned(F.Status.Status)];
    }
    J["summary"]["complete"] = Counts[unsigned(AnalysisStatus::Complete)];
    J["summary"]["recovered"] = Counts[unsigned(AnalysisStatus::Recovered)];
    J["summary"]["failed"] = Counts[unsigned(AnalysisStatus::Failed)];
  }
  return J.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

std::string formatGitLab(const std::vector<rocmtidy::Finding> &Findings) {
  nlohmann::json Out = nlohmann::json::array();
  for (const rocmtidy::Finding &F : Findings) {
    // Stable across runs and unrelated edits elsewhere in the file, so GitLab can tell new from old.
    uint64_t H = rocmtidy::fnv1a64(F.Check + "\n" + F.File + "\n" + F.Message);
    char Hex[17];
    std::snprintf(Hex, sizeof Hex, "%016llx", (unsigned long long)H);
    Out.push_back({{"description", F.Message},
                   {"check_name", F.Check},
                   {"fingerprint", Hex},
                   {"severity", F.Severity == "error" ? "critical" : "major"},
                   {"location", {{"path", F.File}, {"lines", {{"begin", F.Line}}}}}});
  }
  return Out.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

static std::string fileUri(const std::string &Path, const std::string &BaseDir, bool &Relative) {
  std::string P = Path;
  Relative = !P.empty() && P[0] != '/';
  if (!Relative && !BaseDir.empty() && P.compare(0, BaseDir.size() + 1, BaseDir + "/") == 0) {
    P = P.substr(BaseDir.size() + 1);
    Relative = true;
  }
  // Percent-encode what a URI reference may not hold raw.
  std::string Out;
  static const char *Hex = "0123456789ABCDEF";
  for (unsigned char C : P) {
    if (std::isalnum(C) || std::string("/-._~").find(char(C)) != std::string::npos) {
      Out += char(C);
    } else {
      Out += '%';
      Out += Hex[C >> 4];
      Out += Hex[C & 15];
    }
  }
  return Relative ? Out : "file://" + Out;
}

static nlohmann::json sarifLocation(const std::string &File, unsigned Line, unsigned Col, const std::string &BaseDir) {
  bool Rel;
  nlohmann::json Art = {{"uri", fileUri(File, BaseDir, Rel)}};
  if (Rel)
    Art["uriBaseId"] = "%SRCROOT%";
  return {{"physicalLocation", {{"artifactLocation", Art}, {"region", {{"startLine", Line}, {"startColumn", Col}}}}}};
}

std::string formatSarif(const std::vector<rocmtidy::Finding> &Findings, const std::vector<RuleDescription> &Rules,
                        const std::string &BaseDir, const std::vector<FileReport> &Files) {
  nlohmann::json Driver = {{"name", "rocm-lint"},
                           {"version", toolVersion()},
                           {"properties", buildInfoJson()},
                           {"rules", nlohmann::json::array()}};
  std::map<std::string, unsigned> RuleIndex;
  for (const RuleDescription &R : Rules) {
    RuleIndex[R.Id] = unsigned(RuleIndex.size());
    Driver["rules"].push_back({{"id", R.Id},
                               {"shortDescription", {{"text", R.Summary}}},
                               // helpUri must be absolute and the docs have no fixed home: name the page.
                               {"help", {{"text", "See docs/checks/" + R.Id + ".md in rocm-tidy."}}},
                               {"defaultConfiguration", {{"level", "warning"}}}});
  }
  nlohmann::json Results = nlohmann::json::array();
  for (const rocmtidy::Finding &F : Findings) {
    nlohmann::json R = {{"ruleId", F.Check},
                        {"level", F.Severity == "error" ? "error" : "warning"},
                        {"message", {{"text", F.Message}}}};
    auto It = RuleIndex.find(F.Check);
    if (It != RuleIndex.end())
      R["ruleIndex"] = It->second;
    if (!F.File.empty())
      R["locations"] = nlohmann::json::array({sarifLocation(F.File, F.Line, F.Column, BaseDir)});
    if (!F.Notes.empty()) {
      R["relatedLocations"] = nlohmann::json::array();
      unsigned Id = 0;
      for (const auto &N : F.Notes) {
        nlohmann::json L = sarifLocation(N.File, N.Line, N.Column, BaseDir);
        L["id"] = Id++;
        L["message"] = {{"text", N.Message}};
        R["relatedLocations"].push_back(L);
      }
    }
    if (!F.Fixes.empty()) {
      std::map<std::string, nlohmann::json> ByFile;
      for (const auto &E : F.Fixes)
        ByFile[E.File].push_back({{"deletedRegion", {{"byteOffset", E.Offset}, {"byteLength", E.Length}}},
                                  {"insertedContent", {{"text", E.Replacement}}}});
      nlohmann::json Changes = nlohmann::json::array();
      for (auto &KV : ByFile) {
        bool Rel;
        nlohmann::json Art = {{"uri", fileUri(KV.first, BaseDir, Rel)}};
        if (Rel)
          Art["uriBaseId"] = "%SRCROOT%";
        Changes.push_back({{"artifactLocation", Art}, {"replacements", KV.second}});
      }
      R["fixes"] = nlohmann::json::array(
          {{{"description", {{"text", "apply the suggested HIP replacement"}}}, {"artifactChanges", Changes}}});
    }
    Results.push_back(R);
  }
  nlohmann::json Run = {{"tool", {{"driver", Driver}}}, {"results", Results}, {"columnKind", "unicodeCodePoints"}};
  // Files not (fully) analysed: SARIF's notifications of the tool's execution, one per file.
  nlohmann::json Notifications = nlohmann::json::array();
  bool Failed = false;
  for (const FileReport &F : Files) {
    std::string Text = statusNote(F);
    if (Text.empty())
      continue;
    bool IsFailure = F.Status.Status == AnalysisStatus::Failed;
    Failed |= IsFailure;
    bool Rel;
    nlohmann::json Art = {{"uri", fileUri(F.Display, BaseDir, Rel)}};
    if (Rel)
      Art["uriBaseId"] = "%SRCROOT%";
    Notifications.push_back(
        {{"level", IsFailure ? "error" : "warning"},
         {"message", {{"text", Text}}},
         {"descriptor", {{"id", std::string("rocm-lint-") + statusName(F.Status.Status)}}},
         {"locations", nlohmann::json::array({{{"physicalLocation", {{"artifactLocation", Art}}}}})}});
  }
  if (!Files.empty()) {
    nlohmann::json Invocation = {{"executionSuccessful", !Failed}};
    if (!Notifications.empty())
      Invocation["toolExecutionNotifications"] = Notifications;
    Run["invocations"] = nlohmann::json::array({Invocation});
  }
  if (!BaseDir.empty())
    Run["originalUriBaseIds"] = {{"%SRCROOT%", {{"uri", "file://" + BaseDir + "/"}}}};
  nlohmann::json Log = {{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
                        {"version", "2.1.0"},
                        {"runs", nlohmann::json::array({Run})}};
  return Log.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

std::string formatReport(OutputFormat Format, const std::vector<rocmtidy::Finding> &Findings, unsigned FilesChecked,
                         const std::vector<FileReport> &Files, const std::string &BaseDir) {
  switch (Format) {
  case OutputFormat::Text:
    return formatText(Findings);
  case OutputFormat::Json:
    return formatJson(Findings, FilesChecked, Files);
  case OutputFormat::GitLab:
    return formatGitLab(Findings);
  case OutputFormat::Sarif:
    break;
  }
  return formatSarif(Findings, allRules(), BaseDir, Files);
}

std::vector<RuleDescription> allRules() {
  clang::tidy::ClangTidyCheckFactories Factories;
  for (const auto &E : clang::tidy::ClangTidyModuleRegistry::entries())
    E.instantiate()->addCheckFactories(Factories);
  std::vector<RuleDescription> Rules;
  for (const auto &F : Factories)
    if (F.getKey().starts_with("rocm-"))
      Rules.push_back({F.getKey().str(), rocmtidy::checkSummary(F.getKey())});
  for (const auto &R : rocmtidy::cmake::cmakeRules())
    Rules.push_back({R.Id, R.Summary});
  for (const auto &R : rocmtidy::buildscripts::scriptRules())
    Rules.push_back({R.Id, R.Summary});
  std::sort(Rules.begin(), Rules.end(), [](const auto &A, const auto &B) { return A.Id < B.Id; });
  return Rules;
}

} // namespace rocmlint
