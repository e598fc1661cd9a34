#ifndef ROCM_TIDY_CORE_NOTEBOOK_H
#define ROCM_TIDY_CORE_NOTEBOOK_H

#include <optional>
#include <regex>
#include <string>
#include <string_view>
#include <vector>

namespace rocmtidy {

/// One entry of the error notebook (lib/data/notebook.json, or a team's own file).
struct NotebookEntry {
  std::string Id;
  std::string Phase; // "build", "run time", "performance"
  std::string Title;
  std::vector<std::string> PatternText;
  std::vector<std::regex> Patterns;
  std::string Excerpt;
  std::string Conditions;
  std::vector<std::string> Fix;
  std::vector<std::string> Checks;
};

struct NotebookMatch {
  const NotebookEntry *Entry;
  unsigned Line;    // 1-based line of the log
  std::string Text; // the matching log line
};

/// Parses a notebook document; on a malformed document or pattern returns nullopt and sets Error.
std::optional<std::vector<NotebookEntry>> parseNotebook(std::string_view Json, std::string &Error);
/// The built-in notebook.
const std::vector<NotebookEntry> &builtinNotebook();

/// Every entry that matches the log, once per entry, at its first matching line, in log order.
std::vector<NotebookMatch> matchLog(const std::vector<const NotebookEntry *> &Entries, std::string_view Log);

} // namespace rocmtidy

#endif
