#ifndef ROCM_TIDY_CORE_NOTEBOOK_H
#define ROCM_TIDY_CORE_NOTEBOOK_H

#include <map>
#include <memory>
#include <optional>
#include <set>
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
/// One possible cause of a generic symptom, with what confirms it; causes are ranked by the facts
/// read from the log (and the machine, with 'explain --doctor') that favour them.
struct NotebookCause {
  std::string Id;
  std::string Title;
  std::string Confirm;
  std::string Fix;
  /// Fact names (see logFactNames()) that make this cause more likely.
  std::vector<std::string> Favour;
  /// A notebook entry with the full story, if any.
  std::string See;
};

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
  /// Text that shows the log has another cause although the patterns match (lld's "did you mean:
  /// __hip_fatbin_" under an undefined __hip_fatbin: the symbol exists under another name, so the
  /// objects come from different compilers, not from a missing device link). A match of one keeps
  /// the entry at low confidence at most.
  std::vector<std::string> AgainstText;
  std::vector<std::shared_ptr<re2::RE2>> Patterns, Broad, Corroborate, Against;
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
  /// A symptom that several causes share (memory access fault, segmentation fault, hang, out of
  /// memory): it never gets high confidence, and 'explain' lists Causes ranked by the log's facts.
  bool Generic = false;
  std::vector<NotebookCause> Causes;
  /// The public thread the entry was taken from.
  std::string Thread;
};

/// Facts a log (or the machine) states that rank the causes of a generic symptom: the gfx
/// targets, the ROCm versions, environment overrides, and tags such as "consumer-gpu" or
/// "device-permission".
struct LogFacts {
  std::set<std::string> Gfx;
  std::set<std::string> RocmVersions;     // "6.1", "7.0"
  std::map<std::string, std::string> Env; // HSA_OVERRIDE_GFX_VERSION=10.3.0 ...
  std::set<std::string> Tags;
  /// Where each tag came from ("log line 3", "doctor: /dev/kfd"), for the report.
  std::map<std::string, std::string> Why;
  bool has(const std::string &Fact) const { return Tags.count(Fact) != 0; }
  void add(const std::string &Fact, const std::string &Because);
  void merge(const LogFacts &Other);
};

/// The fact names a cause may favour; anything else in a notebook is an error.
const std::vector<std::pair<std::string, std::string>> &logFactNames();
/// Reads the facts a log states (bounded: the first 4096 bytes of each line).
LogFacts readLogFacts(std::string_view Log);
/// Classifies a gfx target ("gfx1030" -> "consumer-gpu", "gfx90a" -> "datacenter-gpu").
std::string gfxClass(const std::string &Gfx);
/// The causes of \p E ranked by \p Facts: most favoured first, the notebook's order otherwise.
std::vector<const NotebookCause *> rankCauses(const NotebookEntry &E, const LogFacts &Facts);

enum class Confidence { Low, Medium, High };
const char *confidenceName(Confidence C);

/// An entry that explains (part of) a log, with the lines that made it match.
struct NotebookMatch {
  const NotebookEntry *Entry = nullptr;
  Confidence Level = Confidence::High;
  unsigned Score = 0;
  unsigned Line = 0; // 1-based line of the first matching log line
  std::string Text;  // that line
  /// Up to three matching lines (line number, text), distinctive ones first.
  std::vector<std::pair<unsigned, std::string>> Lines;
  /// The first line that matched one of the entry's AgainstText (line 0: none).
  std::pair<unsigned, std::string> Against;
};

/// Parses a notebook document; on a malformed document or pattern returns nullopt and sets Error.
std::optional<std::vector<NotebookEntry>> parseNotebook(std::string_view Json, std::string &Error);
/// The built-in notebook.
const std::vector<NotebookEntry> &builtinNotebook();

/// Compiles \p Pattern as the notebook does; returns an empty string or the reason it is refused:
/// invalid RE2, too long or too large a program, or a pattern that matches ordinary log lines
/// ("all good", "x") and so every log.
std::string checkNotebookPattern(const std::string &Pattern);

/// Bounds on the work one notebook may cause (a team notebook comes from the repository).
inline constexpr size_t MaxNotebookEntries = 2000;
inline constexpr size_t MaxNotebookPatterns = 6000;
inline constexpr size_t MaxNotebookBytes = 4 << 20;
/// Logs longer than this are read up to this size (the end of a log holds the error).
inline constexpr size_t MaxLogBytes = 16 << 20;

/// Every entry that explains the log, best first: entries with a distinctive match (high
/// confidence) before corroborated broad matches (medium), then by how much of the log they
/// explain, then by the first matching line. An entry appears at most once.
/// When \p Note is given, it is set to a line saying that part of the log was not read (a log over
/// MaxLogBytes, or patterns whose scan ran past the work budget).
std::vector<NotebookMatch> matchLog(const std::vector<const NotebookEntry *> &Entries, std::string_view Log,
                                    std::string *Note = nullptr);

/// Whether one of the entries refines the other.
bool refinesEitherWay(const NotebookEntry &A, const NotebookEntry &B);

/// The built-in entries that name \p Check in their 'checks' list: what a finding of that check
/// prevents.
std::vector<const NotebookEntry *> notebookEntriesForCheck(std::string_view Check);

/// The name of a team's notebook file, looked up like .rocm-lint: in the working directory and its
/// parents up to the repository root (rocm-lint's NotebookFiles.h, findTeamNotebook).
inline constexpr const char *TeamNotebookFileName = ".rocm-lint-notebook.json";

} // namespace rocmtidy

#endif
