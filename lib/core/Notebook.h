#ifndef ROCM_TIDY_CORE_NOTEBOOK_H
#define ROCM_TIDY_CORE_NOTEBOOK_H

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace re2 {
class RE2;
}

namespace rocmtidy {

/// One entry of the error notebook (lib/data/notebook.json, or a team's own file).
///
/// Patterns are RE2 expressions, matched against each log line. RE2 runs in time linear in the
/// line, whatever the pattern, and refuses the constructs that need backtracking (backreferences,
/// lookaround), so a team's pattern cannot hang `rocm-lint explain`.
struct NotebookEntry {
  std::string Id;
  std::string Phase; // "build", "run time", "performance"
  std::string Title;
  /// Distinctive text: one matching line is enough for a diagnosis.
  std::vector<std::string> PatternText;
  /// Broad text (a generic message such as "invalid argument"): only counts when a line of the
  /// same log also matches one of CorroborateText.
  std::vector<std::string> BroadText;
  std::vector<std::string> CorroborateText;
  std::vector<std::shared_ptr<re2::RE2>> Patterns, Broad, Corroborate;
  bool CaseInsensitive = false;
  std::string Excerpt;
  std::string Conditions;
  std::vector<std::string> Fix;
  /// Commands that confirm the cause (rocminfo | grep gfx, ldd, rocgdb ...).
  std::vector<std::string> Confirm;
  std::vector<std::string> Checks;
  /// Ids of entries this one is a more specific case of (a leak is a case of out-of-memory): when
  /// both explain a log, this one ranks first, and each may match the other's excerpt.
  std::vector<std::string> Refines;
};

enum class Confidence { Medium, High };
const char *confidenceName(Confidence C);

/// An entry that explains (part of) a log, with the lines that made it match.
struct NotebookMatch {
  const NotebookEntry *Entry = nullptr;
  Confidence Level = Confidence::High;
  unsigned Score = 0;
  unsigned Line = 0;   // 1-based line of the first matching log line
  std::string Text;    // that line
  /// Up to three matching lines (line number, text), distinctive ones first.
  std::vector<std::pair<unsigned, std::string>> Lines;
};

/// Parses a notebook document; on a malformed document or pattern returns nullopt and sets Error.
std::optional<std::vector<NotebookEntry>> parseNotebook(std::string_view Json, std::string &Error);
/// The built-in notebook.
const std::vector<NotebookEntry> &builtinNotebook();

/// Compiles \p Pattern as the notebook does; returns an empty string or the reason it is refused.
std::string checkNotebookPattern(const std::string &Pattern);

/// Every entry that explains the log, best first: entries with a distinctive match (high
/// confidence) before corroborated broad matches (medium), then by how much of the log they
/// explain, then by the first matching line. An entry appears at most once.
std::vector<NotebookMatch> matchLog(const std::vector<const NotebookEntry *> &Entries, std::string_view Log);

/// Whether one of the entries refines the other.
bool refinesEitherWay(const NotebookEntry &A, const NotebookEntry &B);

/// The built-in entries that name \p Check in their 'checks' list: what a finding of that check
/// prevents.
std::vector<const NotebookEntry *> notebookEntriesForCheck(std::string_view Check);

/// The name of a team's notebook file, looked up like .rocm-lint: in the directory and its parents.
inline constexpr const char *TeamNotebookFileName = ".rocm-lint-notebook.json";
/// The nearest team notebook at or above \p StartDir; empty if there is none.
std::string findTeamNotebook(const std::string &StartDir);

} // namespace rocmtidy

#endif
