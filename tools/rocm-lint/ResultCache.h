#ifndef ROCM_TIDY_TOOLS_ROCM_LINT_RESULTCACHE_H
#define ROCM_TIDY_TOOLS_ROCM_LINT_RESULTCACHE_H

// rocm-lint's result cache: an unchanged file is not parsed again. An entry is found by a key made
// of everything known before parsing (the compile commands of both passes as sanitized, the file
// and its display name, the working folders, the checks and their options, the tool's build and
// data tables) and is used only while everything the analysis read still has the same bytes (the
// source, every header, .clang-tidy files) and the project index still gives the same answer for
// every kernel the checks looked up. A file that appears later and would shadow an include (or
// supply a header that was missing) is not noticed: --no-cache.
#include "Lint.h"

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace rocmtidy {
class ProjectIndex;
}

namespace rocmlint {

class ResultCache {
public:
  /// \p Dir: the cache folder (results go to Dir/results); "" turns the cache off.
  explicit ResultCache(std::string Dir);

  bool enabled() const { return !Dir.empty(); }

  /// A key for the analysis of one file from the parts that decide it before parsing; the tool's
  /// own build and data tables are added here.
  static std::string makeKey(const std::vector<std::string> &Parts);

  /// The stored result for \p Key, if every file it read still has the bytes it had and \p Index
  /// answers every lookup as before. A missing, unreadable, corrupt or stale entry is a miss.
  std::optional<FileResult> lookup(const std::string &Key, const rocmtidy::ProjectIndex *Index);

  /// Stores \p R under \p Key with the index lookups its checks made. Failure to write costs only
  /// speed next time.
  void store(const std::string &Key, const FileResult &R,
             const std::vector<std::pair<std::string, unsigned>> &Lookups, const rocmtidy::ProjectIndex *Index);

  unsigned hits() const { return Hits; }
  unsigned misses() const { return Misses; }

  /// Serialisation of a result (exposed for the unit of the cache; the round trip is exact).
  static std::string resultToJson(const FileResult &R);
  static std::optional<FileResult> resultFromJson(const std::string &Text);

private:
  std::string Dir;
  std::atomic<unsigned> Hits{0}, Misses{0};
  std::mutex HashMu;
  std::map<std::string, std::optional<uint64_t>> HashMemo; // real path -> content hash, once per run

  std::optional<uint64_t> currentHash(const std::string &Path);
  std::string entryPath(const std::string &Key, bool Create) const;
};

} // namespace rocmlint

#endif
