#include "core/Notebook.h"
#include "core/EmbeddedData.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <re2/re2.h>
#include <re2/set.h>
#include <set>

namespace rocmtidy {

const char *confidenceName(Confidence C) { return C == Confidence::High ? "high" : "medium"; }

static bool stringList(const nlohmann::json &J, const char *Key, std::vector<std::string> &Out) {
  if (!J.contains(Key))
    return true;
  if (!J[Key].is_array())
    return false;
  for (const auto &S : J[Key]) {
    if (!S.is_string())
      return false;
    Out.push_back(S.get<std::string>());
  }
  return true;
}

static RE2::Options patternOptions(bool CaseInsensitive) {
  RE2::Options O;
  O.set_log_errors(false);
  O.set_case_sensitive(!CaseInsensitive);
  return O;
}

// Patterns are short by nature; a huge one is a mistake (or an attempt to make the compiled
// program, and so every line's match, expensive).
static constexpr size_t MaxPatternLength = 1000;

static std::string compilePattern(const std::string &P, bool CaseInsensitive, std::shared_ptr<re2::RE2> &Out) {
  if (P.empty())
    return "an empty pattern matches every line";
  if (P.size() > MaxPatternLength)
    return "longer than " + std::to_string(MaxPatternLength) + " characters";
  auto R = std::make_shared<re2::RE2>(P, patternOptions(CaseInsensitive));
  if (!R->ok())
    return R->error() + " (notebook patterns use RE2 syntax, which matches in linear time: no backreferences "
                        "or lookaround)";
  if (RE2::PartialMatch("", *R))
    return "it matches an empty line, so it would match every log";
  Out = std::move(R);
  return "";
}

std::string checkNotebookPattern(const std::string &Pattern) {
  std::shared_ptr<re2::RE2> R;
  return compilePattern(Pattern, false, R);
}

static const std::set<std::string> KnownKeys = {"id",      "phase",      "title", "patterns", "broad",  "corroborate",
                                                "icase",   "excerpt",    "conditions", "fix",   "confirm", "checks",
                                                "refines"};

std::optional<std::vector<NotebookEntry>> parseNotebook(std::string_view Json, std::string &Error) {
  nlohmann::json Doc = nlohmann::json::parse(Json.begin(), Json.end(), nullptr, /*allow_exceptions=*/false);
  if (Doc.is_discarded()) {
    Error = "not valid JSON";
    return std::nullopt;
  }
  if (!Doc.is_object() || !Doc.contains("entries") || !Doc["entries"].is_array()) {
    Error = "expected an object with an 'entries' array";
    return std::nullopt;
  }
  std::vector<NotebookEntry> Out;
  std::set<std::string> Ids;
  for (const auto &E : Doc["entries"]) {
    NotebookEntry N;
    std::string Where = "entry " + std::to_string(Out.size() + 1);
    if (!E.is_object() || !E.contains("id") || !E["id"].is_string() || !E.contains("title") ||
        !E["title"].is_string() || !E.contains("phase") || !E["phase"].is_string()) {
      Error = Where + ": needs string fields 'id', 'phase' and 'title'";
      return std::nullopt;
    }
    N.Id = E["id"].get<std::string>();
    Where += " ('" + N.Id + "')";
    for (auto It = E.begin(); It != E.end(); ++It)
      if (!KnownKeys.count(It.key())) {
        // A misspelt key ('pattern', 'fixes') would otherwise be ignored without a word.
        Error = Where + ": unknown field '" + It.key() + "'";
        return std::nullopt;
      }
    if (N.Id.empty() || !Ids.insert(N.Id).second) {
      Error = Where + ": ids must be non-empty and unique";
      return std::nullopt;
    }
    N.Phase = E["phase"].get<std::string>();
    N.Title = E["title"].get<std::string>();
    if (N.Phase != "build" && N.Phase != "run time" && N.Phase != "performance") {
      Error = Where + ": phase must be 'build', 'run time' or 'performance'";
      return std::nullopt;
    }
    if (!stringList(E, "patterns", N.PatternText) || !stringList(E, "broad", N.BroadText) ||
        !stringList(E, "corroborate", N.CorroborateText)) {
      Error = Where + ": 'patterns', 'broad' and 'corroborate' must be arrays of strings";
      return std::nullopt;
    }
    if (N.PatternText.empty() && N.BroadText.empty()) {
      Error = Where + ": needs a non-empty 'patterns' array (or 'broad' with 'corroborate')";
      return std::nullopt;
    }
    if (N.BroadText.empty() != N.CorroborateText.empty()) {
      Error = Where + ": 'broad' patterns need 'corroborate' patterns, and the other way round";
      return std::nullopt;
    }
    if (!E.contains("fix") || !stringList(E, "fix", N.Fix) || !stringList(E, "checks", N.Checks) ||
        !stringList(E, "confirm", N.Confirm) || !stringList(E, "refines", N.Refines)) {
      Error = Where + ": 'fix' (and 'confirm', 'checks', 'refines') must be arrays of strings";
      return std::nullopt;
    }
    if ((E.contains("excerpt") && !E["excerpt"].is_string()) ||
        (E.contains("conditions") && !E["conditions"].is_string()) ||
        (E.contains("icase") && !E["icase"].is_boolean())) {
      Error = Where + ": 'excerpt' and 'conditions' must be strings, 'icase' true or false";
      return std::nullopt;
    }
    N.Excerpt = E.value("excerpt", "");
    N.Conditions = E.value("conditions", "");
    N.CaseInsensitive = E.value("icase", false);
    auto Compile = [&](const std::vector<std::string> &Text, std::vector<std::shared_ptr<re2::RE2>> &Res) {
      for (const std::string &P : Text) {
        std::shared_ptr<re2::RE2> R;
        std::string Why = compilePattern(P, N.CaseInsensitive, R);
        if (!Why.empty()) {
          Error = Where + ": invalid pattern '" + P + "': " + Why;
          return false;
        }
        Res.push_back(std::move(R));
      }
      return true;
    };
    if (!Compile(N.PatternText, N.Patterns) || !Compile(N.BroadText, N.Broad) ||
        !Compile(N.CorroborateText, N.Corroborate))
      return std::nullopt;
    Out.push_back(std::move(N));
  }
  return Out;
}

const std::vector<NotebookEntry> &builtinNotebook() {
  static const std::vector<NotebookEntry> Table = parseBuiltinTable("notebook.json", parseNotebook);
  return Table;
}

namespace {
struct Hits {
  std::set<size_t> StrongPatterns;
  std::vector<std::pair<unsigned, std::string>> Strong, Broad, Corroborating;
  unsigned StrongLines = 0, BroadLines = 0, CorroboratingLines = 0;
};

void keep(std::vector<std::pair<unsigned, std::string>> &V, unsigned &Count, unsigned Line, const std::string &T) {
  ++Count;
  if (V.size() < 3)
    V.emplace_back(Line, T);
}
} // namespace

std::vector<NotebookMatch> matchLog(const std::vector<const NotebookEntry *> &Entries, std::string_view Log) {
  std::vector<Hits> H(Entries.size());
  // One RE2::Set (a single DFA pass per line) finds the candidate patterns; the per-pattern loop
  // is the fallback when the set cannot be built or its DFA runs out of memory on a line.
  enum Kind { Strong, Broad, Corroborate };
  struct Ref {
    size_t Entry;
    Kind K;
    size_t J;
  };
  std::vector<Ref> Refs;
  RE2::Options SetOptions = patternOptions(false);
  SetOptions.set_max_mem(64 << 20);
  re2::RE2::Set Set(SetOptions, RE2::UNANCHORED);
  bool UseSet = true;
  for (size_t I = 0; I < Entries.size() && UseSet; ++I) {
    const NotebookEntry &E = *Entries[I];
    auto AddAll = [&](const std::vector<std::string> &Text, Kind K) {
      for (size_t J = 0; J < Text.size(); ++J) {
        std::string Error;
        if (Set.Add((E.CaseInsensitive ? "(?i)" : "") + Text[J], &Error) < 0)
          UseSet = false;
        Refs.push_back({I, K, J});
      }
    };
    AddAll(E.PatternText, Strong);
    AddAll(E.BroadText, Broad);
    AddAll(E.CorroborateText, Corroborate);
  }
  UseSet = UseSet && Set.Compile();

  struct LineHit {
    std::vector<size_t> StrongJ;
    bool Broad = false, Corroborate = false;
  };
  std::map<size_t, LineHit> LineHits;
  std::vector<int> SetHits;
  auto ScanAll = [&](const std::string &Line) {
    for (size_t I = 0; I < Entries.size(); ++I) {
      const NotebookEntry &E = *Entries[I];
      for (size_t J = 0; J < E.Patterns.size(); ++J)
        if (RE2::PartialMatch(Line, *E.Patterns[J]))
          LineHits[I].StrongJ.push_back(J);
      for (const auto &R : E.Broad)
        if (RE2::PartialMatch(Line, *R)) {
          LineHits[I].Broad = true;
          break;
        }
      for (const auto &R : E.Corroborate)
        if (RE2::PartialMatch(Line, *R)) {
          LineHits[I].Corroborate = true;
          break;
        }
    }
  };

  unsigned LineNo = 0;
  size_t Pos = 0;
  std::string Line;
  while (Pos < Log.size()) {
    size_t End = Log.find('\n', Pos);
    if (End == std::string_view::npos)
      End = Log.size();
    Line.assign(Log.substr(Pos, End - Pos));
    if (!Line.empty() && Line.back() == '\r')
      Line.pop_back();
    ++LineNo;
    // Long lines (minified JSON, binary junk) are cut: log messages that matter are short.
    if (Line.size() > 4096)
      Line.resize(4096);
    Pos = End + 1;
    if (Line.find_first_not_of(" \t") == std::string::npos)
      continue;
    LineHits.clear();
    if (UseSet) {
      SetHits.clear();
      re2::RE2::Set::ErrorInfo Info{re2::RE2::Set::kNoError};
      if (Set.Match(Line, &SetHits, &Info)) {
        for (int X : SetHits) {
          const Ref &R = Refs[size_t(X)];
          LineHit &LH = LineHits[R.Entry];
          if (R.K == Strong)
            LH.StrongJ.push_back(R.J);
          else if (R.K == Broad)
            LH.Broad = true;
          else
            LH.Corroborate = true;
        }
      } else if (Info.kind != re2::RE2::Set::kNoError) {
        ScanAll(Line);
      }
    } else {
      ScanAll(Line);
    }
    for (const auto &[I, LH] : LineHits) {
      if (!LH.StrongJ.empty()) {
        H[I].StrongPatterns.insert(LH.StrongJ.begin(), LH.StrongJ.end());
        keep(H[I].Strong, H[I].StrongLines, LineNo, Line);
        continue;
      }
      if (LH.Broad)
        keep(H[I].Broad, H[I].BroadLines, LineNo, Line);
      if (LH.Corroborate)
        keep(H[I].Corroborating, H[I].CorroboratingLines, LineNo, Line);
    }
  }

  std::vector<NotebookMatch> Out;
  for (size_t I = 0; I < Entries.size(); ++I) {
    const Hits &X = H[I];
    bool Corroborated = !X.Broad.empty() && !X.Corroborating.empty();
    if (X.Strong.empty() && !Corroborated)
      continue;
    NotebookMatch M;
    M.Entry = Entries[I];
    if (!X.Strong.empty()) {
      M.Level = Confidence::High;
      M.Score = 100 * unsigned(X.StrongPatterns.size()) + std::min(X.StrongLines, 20u) + (Corroborated ? 10 : 0);
      M.Lines = X.Strong;
    } else {
      M.Level = Confidence::Medium;
      M.Score = 10 + std::min(X.BroadLines, 5u) + std::min(X.CorroboratingLines, 5u);
      M.Lines = X.Broad;
    }
    if (Corroborated)
      for (const auto &L : X.Corroborating)
        if (M.Lines.size() < 4 && std::find(M.Lines.begin(), M.Lines.end(), L) == M.Lines.end())
          M.Lines.push_back(L);
    M.Line = M.Lines.front().first;
    M.Text = M.Lines.front().second;
    Out.push_back(std::move(M));
  }
  std::stable_sort(Out.begin(), Out.end(), [](const NotebookMatch &A, const NotebookMatch &B) {
    if (A.Level != B.Level)
      return A.Level > B.Level;
    if (A.Score != B.Score)
      return A.Score > B.Score;
    return A.Line < B.Line;
  });
  // A more specific entry goes right before the general one it refines.
  for (size_t I = 1; I < Out.size(); ++I)
    for (size_t J = 0; J < I; ++J)
      if (std::find(Out[I].Entry->Refines.begin(), Out[I].Entry->Refines.end(), Out[J].Entry->Id) !=
          Out[I].Entry->Refines.end()) {
        std::rotate(Out.begin() + J, Out.begin() + I, Out.begin() + I + 1);
        break;
      }
  return Out;
}

bool refinesEitherWay(const NotebookEntry &A, const NotebookEntry &B) {
  auto In = [](const std::vector<std::string> &V, const std::string &X) {
    return std::find(V.begin(), V.end(), X) != V.end();
  };
  return In(A.Refines, B.Id) || In(B.Refines, A.Id);
}

std::vector<const NotebookEntry *> notebookEntriesForCheck(std::string_view Check) {
  std::vector<const NotebookEntry *> Out;
  for (const NotebookEntry &E : builtinNotebook())
    if (std::find(E.Checks.begin(), E.Checks.end(), Check) != E.Checks.end())
      Out.push_back(&E);
  return Out;
}

std::string findTeamNotebook(const std::string &StartDir) {
  namespace fs = std::filesystem;
  std::error_code EC;
  fs::path D = fs::absolute(StartDir.empty() ? fs::current_path(EC) : fs::path(StartDir), EC);
  for (; !D.empty(); D = D.parent_path()) {
    fs::path P = D / TeamNotebookFileName;
    if (fs::is_regular_file(P, EC))
      return P.string();
    if (D == D.root_path())
      break;
  }
  return "";
}

} // namespace rocmtidy
