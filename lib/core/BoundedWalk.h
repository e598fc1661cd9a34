#ifndef ROCM_TIDY_LIB_CORE_BOUNDEDWALK_H
#define ROCM_TIDY_LIB_CORE_BOUNDEDWALK_H

// Directory reads outside the project (doctor's look at a machine: KFD topology nodes, Python
// site-packages). The project's own tree is walked once by lib/project's ProjectModel; these are
// the only other walks, and they are bounded: no symbolic link is followed, the depth and the
// number of entries are capped, unreadable folders are passed over.
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace rocmtidy {

/// The names in \p Dir (not recursive), sorted; at most \p MaxEntries. Empty when unreadable.
std::vector<std::string> listDirectoryNames(const std::string &Dir, size_t MaxEntries = 65536);

struct WalkLimits {
  unsigned MaxDepth = 12;     // folders below the root
  size_t MaxEntries = 200000; // entries looked at, files and folders
};

/// Calls \p Visit with the path of each regular file (not a symbolic link) under \p Root, in the
/// order the file system lists them. Returns false when a limit ended the walk early.
bool walkRegularFiles(const std::string &Root, const WalkLimits &Limits,
                      const std::function<void(const std::string &Path)> &Visit);

} // namespace rocmtidy

#endif
