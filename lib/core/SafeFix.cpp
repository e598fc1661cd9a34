// --fix. Edits are grouped by the file they land in (device and inode, so a header reached as
// src/../include/c.h and tests/../include/c.h, or through a hard link, gets one merged edit set),
// applied only when the bytes on disk are the bytes clang parsed, and written in place so the file
// keeps its inode: mode, owner, extended attributes and hard links stay as they were.
#include "core/SafeFix.h"
#include "core/Hash.h"

#include "core/TextEdits.h"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <map>
#include <sys/stat.h>
#include <unistd.h>

namespace rocmtidy {

namespace {

struct FileKey {
  dev_t Dev;
  ino_t Ino;
  bool operator<(const FileKey &O) const { return Dev != O.Dev ? Dev < O.Dev : Ino < O.Ino; }
};

struct Target {
  std::vector<std::string> RealPaths; // every spelling, resolved
  std::vector<TextEdit> Edits;
};

bool readFd(int Fd, std::string &Out) {
  Out.clear();
  char Buf[65536];
  off_t Pos = 0;
  for (;;) {
    ssize_t N = pread(Fd, Buf, sizeof Buf, Pos);
    if (N < 0 && errno == EINTR)
      continue;
    if (N < 0)
      return false;
    if (N == 0)
      return true;
    Out.append(Buf, size_t(N));
    Pos += N;
  }
}

bool pwriteAll(int Fd, const std::string &Content) {
  size_t Done = 0;
  while (Done < Content.size()) {
    ssize_t N = pwrite(Fd, Content.data() + Done, Content.size() - Done, off_t(Done));
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      return false;
    Done += size_t(N);
  }
  return true;
}

bool writeFdAt0(int Fd, const std::string &Content) {
  return pwriteAll(Fd, Content) && ftruncate(Fd, off_t(Content.size())) == 0 && fsync(Fd) == 0;
}

// Rewrites a file that held OldSize bytes a moment ago. Another program may append meanwhile (an
// editor saving, a generator): truncating after the write would cut its bytes off unseen. So a
// file that grows is never truncated, and one that shrinks only while its size is still OldSize;
// either way the other program's bytes stay and the read-back that follows sees them. What remains
// is the moment between that size check and the truncation: no lock spans both.
bool writeOver(int Fd, const std::string &New, size_t OldSize) {
  if (!pwriteAll(Fd, New))
    return false;
  if (New.size() < OldSize) {
    struct stat St;
    if (fstat(Fd, &St) != 0)
      return false;
    if (St.st_size == off_t(OldSize) && ftruncate(Fd, off_t(New.size())) != 0)
      return false;
  }
  return fsync(Fd) == 0;
}

bool under(const std::string &Path, const std::string &Root) {
  if (Root == "/")
    return true;
  return Path.size() > Root.size() && Path.compare(0, Root.size(), Root) == 0 && Path[Root.size()] == '/';
}

/// A copy of \p Content next to \p Path, read back to prove it is complete. Returns its name or "".
std::string verifiedBackup(const std::string &Path, const std::string &Content) {
  std::string Tmp = Path + ".rocm-lint-backup-XXXXXX";
  std::vector<char> Name(Tmp.begin(), Tmp.end());
  Name.push_back('\0');
  int Fd = mkstemp(Name.data());
  if (Fd < 0)
    return "";
  std::string Back;
  bool Ok = writeFdAt0(Fd, Content) && readFd(Fd, Back) && Back == Content;
  close(Fd);
  if (!Ok) {
    unlink(Name.data());
    return "";
  }
  return Name.data();
}

} // namespace

uint64_t contentHash(std::string_view Bytes) { return fnv1a64(Bytes); }

bool pathUnderRoot(const std::string &Path, const std::string &RealRoot) {
  if (RealRoot.empty() || Path.empty() || Path[0] != '/')
    return false;
  // Resolve the longest existing prefix; what follows it cannot be a link, so it is taken as
  // written (a ".." in it could still climb, so it is refused).
  std::string Head = Path, Tail;
  char Real[PATH_MAX];
  while (!realpath(Head.c_str(), Real)) {
    size_t Slash = Head.find_last_of('/');
    if (Slash == std::string::npos || Head == "/")
      return false;
    Tail = Head.substr(Slash) + Tail;
    Head = Slash == 0 ? "/" : Head.substr(0, Slash);
  }
  if (Tail.find("/..") != std::string::npos)
    return false;
  std::string Resolved = std::string(Real) + Tail;
  return Resolved == RealRoot || under(Resolved, RealRoot);
}

FixReport applyFixesSafely(const std::vector<Finding> &Findings, const std::map<std::string, uint64_t> &ParsedHashes,
                           const std::set<std::string> &ChangedWhileRead, const FixRequest &Request) {
  FixReport Rep;
  std::map<FileKey, Target> Targets;
  std::set<std::string> Reported;
  for (const Finding &F : Findings)
    for (const TextEdit &E : F.Fixes) {
      char Real[PATH_MAX];
      struct stat St;
      if (!realpath(E.File.c_str(), Real) || stat(Real, &St) != 0) {
        if (Reported.insert(E.File).second)
          Rep.Errors.push_back("cannot apply fixes to '" + E.File + "': " + std::strerror(errno));
        continue;
      }
      Target &T = Targets[{St.st_dev, St.st_ino}];
      if (std::find(T.RealPaths.begin(), T.RealPaths.end(), Real) == T.RealPaths.end())
        T.RealPaths.push_back(Real);
      T.Edits.push_back(E);
    }

  for (auto &[Key, T] : Targets) {
    const std::string &Path = T.RealPaths.front();
    if (!Request.FixOutside && !under(Path, Request.ProjectRoot)) {
      Rep.Notes.push_back("not applying fixes to '" + Path + "': it is outside the project root '" +
                          Request.ProjectRoot + "' (use --fix-outside to allow)");
      continue;
    }
    bool Changed = false, Known = false;
    for (const std::string &P : T.RealPaths) {
      Changed |= ChangedWhileRead.count(P) != 0;
      Known |= ParsedHashes.count(P) != 0;
    }
    if (Changed) {
      Rep.Errors.push_back("not applying fixes to '" + Path + "': it changed while rocm-lint was reading it");
      continue;
    }
    int Fd = open(Path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    struct stat St;
    std::string Old;
    if (Fd < 0 || fstat(Fd, &St) != 0 || !readFd(Fd, Old)) {
      Rep.Errors.push_back("cannot read '" + Path + "' to apply fixes: " + std::strerror(errno));
      if (Fd >= 0)
        close(Fd);
      continue;
    }
    close(Fd);
    if (St.st_dev != Key.Dev || St.st_ino != Key.Ino || !S_ISREG(St.st_mode)) {
      Rep.Errors.push_back("not applying fixes to '" + Path + "': it was replaced while rocm-lint was running");
      continue;
    }
    uint64_t Now = contentHash(Old);
    bool Same = Known;
    for (const std::string &P : T.RealPaths) {
      auto It = ParsedHashes.find(P);
      if (It != ParsedHashes.end() && It->second != Now)
        Same = false;
    }
    if (!Same) {
      Rep.Errors.push_back("not applying fixes to '" + Path + "': it changed since rocm-lint read it; run again");
      continue;
    }
    // A write-protected file says "do not edit"; root could write it anyway, so look at the mode.
    if ((St.st_mode & 0222) == 0 || access(Path.c_str(), W_OK) != 0) {
      Rep.Notes.push_back("not applying fixes to '" + Path + "': it is read-only");
      continue;
    }
    unsigned Applied = 0, Skipped = 0;
    std::string New = applyEdits(Old, T.Edits, Applied, Skipped);
    Rep.Skipped += Skipped;
    if (New == Old)
      continue;
    std::string Backup = verifiedBackup(Path, Old);
    if (Backup.empty()) {
      Rep.Errors.push_back("not applying fixes to '" + Path + "': cannot make a backup copy next to it: " +
                           std::strerror(errno));
      continue;
    }
    Fd = open(Path.c_str(), O_RDWR | O_CLOEXEC | O_NOFOLLOW);
    std::string Again;
    struct stat St2;
    if (Fd < 0 || fstat(Fd, &St2) != 0 || St2.st_ino != Key.Ino || St2.st_dev != Key.Dev || !readFd(Fd, Again) ||
        Again != Old) {
      Rep.Errors.push_back("not applying fixes to '" + Path + "': it changed while the fixes were prepared");
      if (Fd >= 0)
        close(Fd);
      unlink(Backup.c_str());
      continue;
    }
    // Compare and swap, as far as a file rewritten in place allows: the bytes were just read back
    // as Old; the write follows at once, and what is on disk afterwards must be exactly New. If it
    // is not, another program wrote the file meanwhile: its bytes are newer than Old, so they are
    // left as they are (never rolled back over) and the original stays in the backup.
    bool Written = writeOver(Fd, New, Old.size());
    if (Written && Request.AfterWrite)
      Request.AfterWrite(Path);
    std::string Check;
    if (Written && (!readFd(Fd, Check) || Check != New)) {
      Rep.Errors.push_back("'" + Path +
                           "' was changed by another program while the fixes were written; it is left as that "
                           "program left it, and the bytes before the fixes are in '" +
                           Backup + "'");
      close(Fd);
      continue;
    }
    if (!Written) {
      std::string Err = std::strerror(errno);
      // Put the original bytes back; if even that fails the backup stays for the user.
      if (writeFdAt0(Fd, Old)) {
        unlink(Backup.c_str());
        Rep.Errors.push_back("cannot write '" + Path + "': " + Err + "; the file is unchanged");
      } else {
        Rep.Errors.push_back("cannot write '" + Path + "': " + Err + "; the original is in '" + Backup + "'");
      }
      close(Fd);
      continue;
    }
    close(Fd);
    unlink(Backup.c_str());
    Rep.Applied += Applied;
    ++Rep.FilesChanged;
  }
  return Rep;
}

} // namespace rocmtidy
