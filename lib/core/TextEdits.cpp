#include "core/TextEdits.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace rocmtidy {

std::string applyEdits(const std::string &Content, std::vector<TextEdit> Edits, unsigned &Applied,
                       unsigned &Skipped) {
  std::stable_sort(Edits.begin(), Edits.end(), [](const TextEdit &A, const TextEdit &B) {
    return A.Offset != B.Offset ? A.Offset < B.Offset : A.Length < B.Length;
  });
  std::string Out;
  Out.reserve(Content.size());
  size_t Pos = 0;
  const TextEdit *Last = nullptr;
  for (const TextEdit &E : Edits) {
    if (Last && E.Offset == Last->Offset && E.Length == Last->Length && E.Replacement == Last->Replacement)
      continue;
    // Insertions at the end of the previous edit are fine; anything else that overlaps is not.
    if (E.Offset < Pos || E.Offset + size_t(E.Length) > Content.size() ||
        (Last && E.Offset == Pos && E.Length == 0 && Last->Length == 0)) {
      ++Skipped;
      continue;
    }
    Out.append(Content, Pos, E.Offset - Pos);
    Out += E.Replacement;
    Pos = E.Offset + E.Length;
    Last = &E;
    ++Applied;
  }
  Out.append(Content, Pos, std::string::npos);
  return Out;
}

std::string writeFileAtomically(const std::string &Path, const std::string &Content) {
  std::string Tmp = Path + ".rocm-lint-XXXXXX";
  std::vector<char> Name(Tmp.begin(), Tmp.end());
  Name.push_back('\0');
  int Fd = mkstemp(Name.data());
  if (Fd < 0)
    return "cannot create a temporary file next to '" + Path + "': " + std::strerror(errno);
  struct stat St;
  if (stat(Path.c_str(), &St) == 0)
    fchmod(Fd, St.st_mode & 07777);
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
