// What rocm-lint tells about the analysis itself: the status line of each file that was not fully
// analysed, the summary, and one finding per source location.
#include "Lint.h"
#include "ProjectPaths.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <tuple>

namespace rocmlint {

// "1 declaration", "3 follow-on diagnostics".
static std::string counted(unsigned N, const char *Noun) {
  return std::to_string(N) + " " + Noun + (N == 1 ? "" : "s");
}

static std::string statusLine(const FileReport &F) {
  const FileStatus &S = F.Status;
  if (S.Status == AnalysisStatus::Recovered && S.MissingHeaders.empty()) {
    // A build script: an include outside the project, or expansion cut at its limit.
    std::string Line = F.Display + ": partly analysed: ";
    for (size_t I = 0; I < S.Skipped.size(); ++I)
      Line += (I ? "; " : "") + S.Skipped[I];
    // A stand-in declares less than the real header: what it leaves undeclared is said, as for a
    // header not found.
    if (S.DroppedDeclarations || S.CompilerErrors)
      Line += "; " + counted(S.DroppedDeclarations, "declaration") + " dropped, " +
              counted(S.CompilerErrors, "follow-on diagnostic");
    return Line;
  }
  if (S.Status == AnalysisStatus::Recovered) {
    std::string Line = F.Display + ": partly analysed: header" + (S.MissingHeaders.size() == 1 ? " " : "s ");
    for (size_t I = 0; I < S.MissingHeaders.size(); ++I)
      Line += (I ? ", '" : "'") + S.MissingHeaders[I] + "'";
    Line += std::string(S.MissingHeaders.size() == 1 ? " was" : " were") + " not found and skipped; " +
            counted(S.DroppedDeclarations, "declaration") + " dropped";
    // Errors that follow from the missing declarations; named so as not to read as a failure.
    if (S.CompilerErrors)
      Line += ", " + counted(S.CompilerErrors, "follow-on diagnostic");
    for (const std::string &Sk : S.Skipped)
      Line += "; " + Sk;
    return Line;
  }
  if (S.Status == AnalysisStatus::Failed)
    return F.Display + ": not analysed: " + S.Reason;
  return "";
}

std::string statusNote(const FileReport &F) { return escapeControlCharacters(statusLine(F)); }

std::string statusSummary(const std::vector<FileReport> &Files) {
  unsigned Recovered = 0, Failed = 0, PartlyRead = 0;
  std::map<std::string, unsigned> ByHeader;
  for (const FileReport &F : Files) {
    if (F.Status.Status == AnalysisStatus::Failed)
      ++Failed;
    if (F.Status.Status != AnalysisStatus::Recovered)
      continue;
    if (F.Status.MissingHeaders.empty()) {
      ++PartlyRead;
      continue;
    }
    ++Recovered;
    for (const std::string &H : F.Status.MissingHeaders)
      ++ByHeader[H];
  }
  std::string Out;
  if (Recovered) {
    std::vector<std::pair<std::string, unsigned>> Headers(ByHeader.begin(), ByHeader.end());
    std::stable_sort(Headers.begin(), Headers.end(), [](const auto &A, const auto &B) { return A.second > B.second; });
    Out += ", " + std::to_string(Recovered) + " with missing headers: ";
    const size_t Shown = 5;
    for (size_t I = 0; I < Headers.size() && I < Shown; ++I)
      Out += (I ? ", " : "") + Headers[I].first + " (" + std::to_string(Headers[I].second) + ")";
    if (Headers.size() > Shown)
      Out += " and " + std::to_string(Headers.size() - Shown) + " more";
  }
  if (PartlyRead)
    Out += ", " + std::to_string(PartlyRead) + " partly read";
  if (Failed)
    Out += ", " + std::to_string(Failed) + " not analysed";
  return Out;
}

static void addLimitedNote(rocmtidy::Finding &Into, unsigned &Extra, rocmtidy::FindingNote Note) {
  // At most three notes of this kind; the rest are counted.
  const unsigned Limit = 3;
  if (Extra < Limit)
    Into.Notes.push_back(std::move(Note));
  ++Extra;
}

// The message without template argument lists (and, for such messages, without numbers): the
// instantiations of one template report the same hazard with different arguments ('fill<int>',
// 'fill<float>'); other differences (another variable leaking at the same return) are different
// findings.
std::string withoutTemplateArguments(const std::string &Message) {
  std::string Out;
  int Depth = 0;
  for (char C : Message) {
    if (C == '<' && !Out.empty() && (std::isalnum((unsigned char)Out.back()) || Out.back() == '_')) {
      ++Depth;
      continue;
    }
    if (Depth > 0) {
      Depth += C == '<' ? 1 : C == '>' ? -1 : 0;
      continue;
    }
    Out += C;
  }
  // An instantiation's message also carries what depends on the arguments (bytes of LDS, a
  // block size): such messages differ in numbers too.
  if (Out != Message)
    Out.erase(std::remove_if(Out.begin(), Out.end(), [](char C) { return std::isdigit((unsigned char)C); }),
              Out.end());
  return Out;
}

// "also for 'fill<double>'": the first quoted name of \p Message that \p Kept does not contain.
static std::string variantNote(const std::string &Kept, const std::string &Message) {
  for (size_t Open = Message.find('\''); Open != std::string::npos;) {
    size_t Close = Message.find('\'', Open + 1);
    if (Close == std::string::npos)
      break;
    std::string Quoted = Message.substr(Open, Close - Open + 1);
    if (Quoted.find('<') != std::string::npos && Kept.find(Quoted) == std::string::npos)
      return "also for " + Quoted;
    Open = Message.find('\'', Close + 1);
  }
  return "also: " + Message;
}

std::vector<rocmtidy::Finding> mergeFindingsByLocation(std::vector<SourcedFinding> All) {
  std::vector<rocmtidy::Finding> Out;
  // Key: check, file (already a real path), offset, message up to template arguments. Value: index in Out and the merge
  // bookkeeping.
  struct Merge {
    size_t Index;
    std::vector<std::string> Messages; // distinct messages seen (the first is the finding's)
    std::vector<std::string> Sources;  // distinct analysed files that reported it
    unsigned ExtraMessages = 0, ExtraSources = 0;
  };
  std::map<std::tuple<std::string, std::string, unsigned, std::string>, Merge> Seen;
  for (SourcedFinding &S : All) {
    rocmtidy::Finding &F = S.Finding;
    auto Key = std::make_tuple(F.Check, F.File, F.Offset, withoutTemplateArguments(F.Message));
    auto It = Seen.find(Key);
    if (It == Seen.end()) {
      Merge M;
      M.Index = Out.size();
      M.Messages.push_back(F.Message);
      M.Sources.push_back(S.Source);
      Seen.emplace(Key, std::move(M));
      Out.push_back(std::move(F));
      continue;
    }
    Merge &M = It->second;
    rocmtidy::Finding &Kept = Out[M.Index];
    // Another instantiation (or pass) of the same code: the finding once, the variant as a note.
    if (std::find(M.Messages.begin(), M.Messages.end(), F.Message) == M.Messages.end()) {
      M.Messages.push_back(F.Message);
      addLimitedNote(Kept, M.ExtraMessages, {Kept.File, Kept.Line, Kept.Column, variantNote(Kept.Message, F.Message)});
    }
    // A header reached from several analysed files: the first reports it, the others are named.
    if (!S.Source.empty() && S.Source != Kept.File &&
        std::find(M.Sources.begin(), M.Sources.end(), S.Source) == M.Sources.end()) {
      M.Sources.push_back(S.Source);
      addLimitedNote(Kept, M.ExtraSources,
                     {Kept.File, Kept.Line, Kept.Column, "also reached through '" + S.Source + "'"});
    }
  }
  for (auto &KV : Seen) {
    Merge &M = KV.second;
    rocmtidy::Finding &Kept = Out[M.Index];
    if (M.ExtraMessages > 3)
      Kept.Notes.push_back({Kept.File, Kept.Line, Kept.Column,
                            "and " + std::to_string(M.ExtraMessages - 3) + " more instantiations"});
    if (M.ExtraSources > 3)
      Kept.Notes.push_back({Kept.File, Kept.Line, Kept.Column,
                            "and " + std::to_string(M.ExtraSources - 3) + " more includers"});
  }
  return Out;
}

RunOutcome mergeResults(const std::vector<InputFile> &Files, std::vector<FileResult> &Results,
                        const std::function<std::vector<SourcedFinding>(size_t)> &SourcedOf, bool Strict,
                        const std::string &Cwd) {
  RunOutcome O;
  std::vector<SourcedFinding> All;
  for (size_t I = 0; I < Files.size(); ++I) {
    O.Parsed.merge(Results[I].Parsed);
    for (SourcedFinding &F : SourcedOf(I))
      All.push_back(std::move(F));
    for (const std::string &E : Results[I].Errors)
      O.Errors.push_back(relativeToCwd(E, Cwd));
    // CMake files and configuration errors have no status of their own: an error is a failure.
    if (!Results[I].Errors.empty() && Results[I].Status.Status == AnalysisStatus::Complete) {
      Results[I].Status.Status = AnalysisStatus::Failed;
      Results[I].Status.Reason = relativeToCwd(Results[I].Errors.front(), Cwd);
    }
    O.Reports.push_back({Files[I].Display, Results[I].Status});
    O.StrictFailure |= Strict && Results[I].Status.Status == AnalysisStatus::Recovered;
  }
  // Once per location: passes, template instantiations and includers of a header become notes.
  O.Findings = mergeFindingsByLocation(std::move(All));
  std::stable_sort(O.Findings.begin(), O.Findings.end(), [](const auto &A, const auto &B) {
    return std::tie(A.File, A.Line, A.Column, A.Check) < std::tie(B.File, B.Line, B.Column, B.Check);
  });
  return O;
}

} // namespace rocmlint
