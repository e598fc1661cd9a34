// Reading logs and team notebooks for 'rocm-lint explain' and 'rocm-lint notebook'.
#ifndef ROCM_LINT_NOTEBOOKFILES_H
#define ROCM_LINT_NOTEBOOKFILES_H

#include "core/Notebook.h"

#include <list>
#include <string>
#include <vector>

namespace rocmlint {

/// The nearest team notebook (rocmtidy::TeamNotebookFileName) from the working directory up to its
/// repository root, never above it (a notebook in a parent folder belongs to another project or to
/// nobody); empty if there is none.
std::string findTeamNotebook();

/// The nearest folder from the working directory up to its repository root holding a regular file
/// \p Name; empty if there is none.
std::string findUpToRoot(const std::string &Name);

/// Reads a whole file; a directory, a missing or unreadable file is an error naming \p What.
bool readTextFile(const std::string &Path, const char *What, std::string &Out, std::string &Error);

/// The notebooks 'explain' consults: the team's (named, or found like .rocm-lint) and the built-in one.
struct LoadedNotebooks {
  std::vector<std::string> Paths;
  std::list<std::vector<rocmtidy::NotebookEntry>> Team; // a list: entry addresses must stay put

  /// Loads \p Explicit if given, and the nearest team notebook when \p Discover is set.
  bool load(const std::string &Explicit, bool Discover, std::string &Error);
  /// Team entries first (a team knows its own logs best), then the built-in ones.
  std::vector<const rocmtidy::NotebookEntry *> entries() const;
  /// The file a team entry came from; null for a built-in entry.
  const std::string *sourceOf(const rocmtidy::NotebookEntry *E) const;
};

} // namespace rocmlint

#endif
