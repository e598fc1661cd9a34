#ifndef ROCM_TIDY_CORE_SAFEFIX_H
#define ROCM_TIDY_CORE_SAFEFIX_H

#include "core/Finding.h"

#include <cstdint>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace rocmtidy {

/// The hash --fix compares: of the bytes clang parsed and of the bytes on disk before writing.
uint64_t contentHash(std::string_view Bytes);

struct FixRequest {
  std::string ProjectRoot; // real path; files outside it are left alone unless FixOutside
  bool FixOutside = false;
  /// Called right after a file's new bytes are written, before they are read back: the unit tests
  /// play a concurrent writer here. Empty in rocm-lint.
  std::function<void(const std::string &Path)> AfterWrite;
};

struct FixReport {
  unsigned Applied = 0, Skipped = 0, FilesChanged = 0;
  std::vector<std::string> Errors; // exit 2: the file changed since it was parsed, a write failed
  std::vector<std::string> Notes;  // left alone by policy: read-only, outside the project root
};

/// Whether \p Path, with symbolic links and ".." resolved (for a path that does not exist: its
/// nearest existing parent resolved, the rest taken as written), lies in or below \p RealRoot (a
/// real path). The readers of build scripts and the parse file system use it to stay inside the
/// project: a hostile tree must not get a file outside it read and quoted into a report.
bool pathUnderRoot(const std::string &Path, const std::string &RealRoot);

/// Applies the findings' edits. Edits are grouped by the file they land in (device and inode: one
/// merged edit set for a header reached through two spellings or hard links) and applied only when
/// the bytes on disk hash to \p ParsedHashes (real path -> contentHash of the bytes parsed) and the
/// file is not in \p ChangedWhileRead. The file is rewritten in place (same inode: mode, owner,
/// extended attributes and hard links kept) after a verified backup copy next to it; a
/// write-protected file or one outside the project root is reported and left alone.
FixReport applyFixesSafely(const std::vector<Finding> &Findings, const std::map<std::string, uint64_t> &ParsedHashes,
                           const std::set<std::string> &ChangedWhileRead, const FixRequest &Request);

} // namespace rocmtidy

#endif
