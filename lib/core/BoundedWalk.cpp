#include "core/BoundedWalk.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>

namespace rocmtidy {

std::vector<std::string> listDirectoryNames(const std::string &Dir, size_t MaxEntries) {
  std::vector<std::string> Out;
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator It(Dir, EC, /*FollowSymlinks=*/false), End;
       !EC && It != End && Out.size() < MaxEntries; It.increment(EC))
    Out.push_back(llvm::sys::path::filename(It->path()).str());
  std::sort(Out.begin(), Out.end());
  return Out;
}

bool walkRegularFiles(const std::string &Root, const WalkLimits &Limits,
                      const std::function<void(const std::string &Path)> &Visit) {
  std::error_code EC;
  size_t Seen = 0;
  llvm::sys::fs::recursive_directory_iterator It(Root, EC, /*FollowSymlinks=*/false), End;
  if (EC)
    return true;
  for (; It != End; It.increment(EC)) {
    if (++Seen > Limits.MaxEntries)
      return false;
    // A folder that cannot be read is passed over; the entry count bounds the retries.
    if (EC) {
      EC.clear();
      continue;
    }
    // type() is the entry's own type (links are not followed): a link is neither file nor folder.
    // level() counts the folders between the root and the entry.
    if (It->type() == llvm::sys::fs::file_type::regular_file)
      Visit(It->path());
    else if (unsigned(It.level()) >= Limits.MaxDepth)
      It.no_push();
  }
  return true;
}

} // namespace rocmtidy
