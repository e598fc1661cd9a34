#ifndef ROCM_TIDY_TOOLS_ROCM_LINT_RESULTCACHE_H
#define ROCM_TIDY_TOOLS_ROCM_LINT_RESULTCACHE_H

// rocm-lint's result cache: an unchanged file is not parsed again. An entry is found by a key made
// of everything known before parsing (the compile commands of both passes as sanitized, the file
// and its display name, the working folders, the checks and their options, the tool's build and
// data tables) and is used only while everything the analysis read still has the same bytes (the
// source, every header, .clang-tidy files) and the project index still gives the same answer for
// every kernel the checks looked up. Every path the parse looked for and did not find is recorded
// too (a header created later, one that would shadow a system header, a .clang-tidy), and so is the
// real path each file was reached through (an include folder that is a symbolic link retargeted
// later): either change is a miss. Findings with fixes are never taken from the cache for --fix
// (the analyzer parses again), and the cache folder is used only while it and its subfolders belong
// to the user and nobody else can write them (docs/security.md, "The result cache").
#include "Lint.h"

#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace rocmtidy {
class ProjectIndex;
}

namespace rocmlint {

/// What one analysis asked the file system: each file opened (absolute path as asked -> real
/// path) and each path that did not exist.
struct FileSystemReads {
  std::map<std::string, std::string> Opened;
  std::set<std::string> Absent;
};

/// A file system over \p Base that records into \p Reads (which must outlive it).
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
makeReadRecordingFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base, FileSystemReads &Reads);

class ResultCache {
public:
  /// \p Dir: the cache folder (results go to Dir/results); "" turns the cache off.
  explicit ResultCache(std::string Dir);

  bool enabled() const { return !Dir.empty(); }

  /// Why the cache folder \p Dir must not be used ("" when it may, or does not exist yet): it or
  /// one of its subfolders is not a real folder, belongs to another user, or is writable by group
  /// or others (anyone who can write it can make a dirty file report clean).
  static std::string folderProblem(const std::string &Dir);

  /// A key for the analysis of one file from the parts that decide it before parsing; the tool's
  /// own build and data tables are added here.
  static std::string makeKey(const std::vector<std::string> &Parts);

  /// The stored result for \p Key, if every file it read (\p MainFile among them) still has the
  /// bytes it had and is reached through the same real path, every path it did not find is still
  /// missing, and \p Index answers every lookup as before. A missing, unreadable, oversized,
  /// corrupt, incomplete or stale entry is a miss.
  std::optional<FileResult> lookup(const std::string &Key, const std::string &MainFile,
                                   const rocmtidy::ProjectIndex *Index);

  /// Stores \p R under \p Key with what its parse read and the index lookups its checks made.
  /// Failure to write costs only speed next time.
  void store(const std::string &Key, const FileResult &R, const FileSystemReads &Reads,
             const std::vector<std::pair<std::string, unsigned>> &Lookups, const rocmtidy::ProjectIndex *Index);

  /// The cache's own files, for the project index beside the results: a folder created 0700 and
  /// refused when it is a link or someone else's; a file written 0600 through a rename; a file read
  /// only when regular, no link, at most 256 MiB and nested no deeper than an entry is.
  static bool ensurePrivateFolder(const std::string &Path);
  static bool writePrivateFile(const std::string &Path, const std::string &Text);
  static std::optional<std::string> readPrivateFile(const std::string &Path);

  unsigned hits() const { return Hits; }
  unsigned misses() const { return Misses; }

  /// Serialisation of a result (exposed for the unit of the cache; the round trip is exact).
  static std::string resultToJson(const FileResult &R);
  static std::optional<FileResult> resultFromJson(const std::string &Text);

private:
  std::string Dir;
  std::atomic<unsigned> Hits{0}, Misses{0};
  struct Content {
    uint64_t Fnv = 0;   // what ParsedFiles recorded for the bytes parsed
    std::string Sha256; // what an entry stores: a planted collision must be out of reach
  };
  std::mutex MemoMu;
  // Once per run: real path -> its bytes' digests; path -> real path ("" = missing).
  std::map<std::string, std::optional<Content>> ContentMemo;
  std::map<std::string, std::string> RealMemo;

  std::optional<Content> currentContent(const std::string &RealPath);
  std::string currentRealPath(const std::string &Path);
  std::string entryPath(const std::string &Key, bool Create) const;
};

} // namespace rocmlint

#endif
