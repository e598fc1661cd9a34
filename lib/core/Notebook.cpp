#include "core/Notebook.h"
#include "core/EmbeddedData.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>

namespace rocmtidy {

static bool stringList(const nlohmann::json &J, const char *Key, std::vector<std::string> &Out, bool Required) {
  if (!J.contains(Key))
    return !Required;
  if (!J[Key].is_array())
    return false;
  for (const auto &S : J[Key]) {
    if (!S.is_string())
      return false;
    Out.push_back(S.get<std::string>());
  }
  return true;
}

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
    N.Phase = E["phase"].get<std::string>();
    N.Title = E["title"].get<std::string>();
    if (N.Phase != "build" && N.Phase != "run time" && N.Phase != "performance") {
      Error = Where + ": phase must be 'build', 'run time' or 'performance'";
      return std::nullopt;
    }
    if (!stringList(E, "patterns", N.PatternText, true) || N.PatternText.empty()) {
      Error = Where + ": needs a non-empty 'patterns' array of strings";
      return std::nullopt;
    }
    if (!stringList(E, "fix", N.Fix, true) || !stringList(E, "checks", N.Checks, false)) {
      Error = Where + ": 'fix' (and 'checks') must be arrays of strings";
      return std::nullopt;
    }
    N.Excerpt = E.value("excerpt", "");
    N.Conditions = E.value("conditions", "");
    auto Flags = std::regex::ECMAScript | std::regex::optimize;
    if (E.value("icase", false))
      Flags |= std::regex::icase;
    for (const std::string &P : N.PatternText) {
      try {
        N.Patterns.emplace_back(P, Flags);
      } catch (const std::regex_error &) {
        Error = Where + ": invalid regular expression '" + P + "'";
        return std::nullopt;
      }
    }
    Out.push_back(std::move(N));
  }
  return Out;
}

const std::vector<NotebookEntry> &builtinNotebook() {
  static const std::vector<NotebookEntry> Table = parseBuiltinTable("notebook.json", parseNotebook);
  return Table;
}

std::vector<NotebookMatch> matchLog(const std::vector<const NotebookEntry *> &Entries, std::string_view Log) {
  std::vector<NotebookMatch> Out;
  std::vector<bool> Done(Entries.size(), false);
  unsigned LineNo = 0;
  size_t Pos = 0;
  while (Pos < Log.size()) {
    size_t End = Log.find('\n', Pos);
    if (End == std::string_view::npos)
      End = Log.size();
    std::string Line(Log.substr(Pos, End - Pos));
    if (!Line.empty() && Line.back() == '\r')
      Line.pop_back();
    ++LineNo;
    // Long lines (minified JSON, binary junk) are cut: log messages that matter are short.
    if (Line.size() > 4096)
      Line.resize(4096);
    for (size_t I = 0; I < Entries.size(); ++I) {
      if (Done[I])
        continue;
      for (const std::regex &R : Entries[I]->Patterns)
        if (std::regex_search(Line, R)) {
          Out.push_back({Entries[I], LineNo, Line});
          Done[I] = true;
          break;
        }
    }
    Pos = End + 1;
  }
  return Out;
}

} // namespace rocmtidy
