#include "core/TextEdits.h"

#include "clang/Tooling/Core/Replacement.h"
#include "llvm/Support/Error.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <set>
#include <sys/stat.h>
#include <tuple>
#include <unistd.h>

namespace rocmtidy {

std::string applyEdits(const std::string &Content, std::vector<TextEdit> Edits, unsigned &Applied,
                       unsigned &Skipped) {
  // Of two conflicting edits the one that starts first (then the shorter one) is kept, whichever
  // pass found it first.
  std::stable_sort(Edits.begin(), Edits.end(), [](const TextEdit &A, const TextEdit &B) {
    return A.Offset != B.Offset ? A.Offset < B.Offset : A.Length < B.Length;
  });
  // The host and the device pass report the same fix twice. Replacements would take two identical
  // replacements once but merge two identical insertions into a doubled one, so duplicates go first.
  std::set<std::tuple<unsigned, unsigned, std::string>> Seen;
  clang::tooling::Replacements Set;
  for (const TextEdit &E : Edits) {
    if (!Seen.emplace(E.Offset, E.Length, E.Replacement).second)
      continue;
    // Replacements takes any offset; applyAllReplacements would then fail for the whole file.
    if (size_t(E.Offset) + E.Length > Content.size()) {
      ++Skipped;
      continue;
    }
    // One path for every edit: they were grouped by the file they land in, whatever its spelling.
    if (llvm::Error Conflict = Set.add(clang::tooling::Replacement("", E.Offset, E.Length, E.Replacement))) {
      llvm::consumeError(std::move(Conflict));
      ++Skipped;
      continue;
    }
    ++Applied;
  }
  llvm::Expected<std::string> Out = clang::tooling::applyAllReplacements(Content, Set);
  if (!Out) {
    llvm::consumeError(Out.takeError());
    Skipped += Applied;
    Applied = 0;
    return Content;
  }
  return std::move(*Out);
}

std::string writeFileAtomically(const std::string &Path, const std::string &Content) {
  std::string Tmp = Path + ".rocm-lint-XXXXXX";
  std::vector<char> Name(Tmp.begin(), Tmp.end());
  Name.push_back('\0');
  int Fd = mkstemp(Name.data());
  if (Fd < 0)
    return "cannot create a temporary file next to '" + Path + "': " + std::strerror(errno);
  // mkstemp creates the file 0600; the result should carry the mode the old file had, or for a
  // new file (a team notebook) the mode any other tool would give it under the user's umask.
  // Reading the umask means setting it; callers create new files only from one thread.
  struct stat St;
  if (stat(Path.c_str(), &St) == 0) {
    fchmod(Fd, St.st_mode & 07777);
  } else {
    mode_t Mask = umask(077);
    umask(Mask);
    fchmod(Fd, 0666 & ~Mask);
  }
  size_t Done = 0;
  while (Done < Content.size()) {
    ssize_t N = write(Fd, Content.data() + Done, Content.size() - Done);
    if (N < 0) {
      if (errno == EINTR)
        continue;
      std::string Err = std::strerror(errno);
      close(Fd);
      unlink(Name.data());
      return "cannot write '" + Path + "': " + Err;
    }
    Done += size_t(N);
  }
  if (fsync(Fd) != 0 || close(Fd) != 0) {
    unlink(Name.data());
    return "cannot write '" + Path + "': " + std::strerror(errno);
  }
  if (rename(Name.data(), Path.c_str()) != 0) {
    std::string Err = std::strerror(errno);
    unlink(Name.data());
    return "cannot replace '" + Path + "': " + Err;
  }
  return "";
}

} // namespace rocmtidy
