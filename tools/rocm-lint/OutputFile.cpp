// --output: the report goes where it was asked for and nowhere else. A symlink is followed to its
// target; devices, FIFOs, directories and the run's own inputs are refused, so `--output=/dev/null`
// as root, `--output=a.hip a.hip` or a link planted by a repository cannot destroy anything.
#include "Safety.h"

#include "core/SafeFix.h"

#include <cerrno>
#include <climits>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace rocmlint {

bool outputIsStdout(const std::string &Path) { return Path.empty() || Path == "-" || Path == "/dev/stdout"; }

static std::string parentOf(const std::string &Path) {
  size_t Slash = Path.find_last_of('/');
  if (Slash == std::string::npos)
    return ".";
  return Slash == 0 ? "/" : Path.substr(0, Slash);
}

/// Follows symlinks at the last component (the directories are the user's choice) until a path
/// that is not a link; returns false on a loop. A link is followed only to a target inside the
/// current directory's tree: a repository that commits `rocm.sarif -> ../victim` must not make the
/// documented CI line (`--output=rocm.sarif`) replace a file outside the checkout.
static bool resolveLinks(std::string Path, std::string &Target, std::string &Error) {
  for (int Hops = 0; Hops < 40; ++Hops) {
    struct stat St;
    if (lstat(Path.c_str(), &St) != 0 || !S_ISLNK(St.st_mode)) {
      Target = Path;
      if (Hops == 0)
        return true;
      char Cwd[PATH_MAX], Real[PATH_MAX];
      std::string Abs = Path[0] == '/' ? Path : std::string(getcwd(Cwd, sizeof Cwd) ? Cwd : "") + "/" + Path;
      if (!getcwd(Cwd, sizeof Cwd) || !realpath(Cwd, Real) || !rocmtidy::pathUnderRoot(Abs, Real)) {
        Error = "it is a symbolic link to '" + Path + "', outside the current directory";
        return false;
      }
      return true;
    }
    std::vector<char> Buf(4096);
    ssize_t N = readlink(Path.c_str(), Buf.data(), Buf.size() - 1);
    if (N < 0) {
      Error = std::strerror(errno);
      return false;
    }
    std::string Link(Buf.data(), size_t(N));
    Path = Link[0] == '/' ? Link : parentOf(Path) + "/" + Link;
  }
  Error = "too many levels of symbolic links";
  return false;
}

/// Why \p Target may not receive the report ("" when it may).
static std::string refusal(const std::string &Target, const std::vector<InputFile> &Inputs) {
  struct stat St;
  if (stat(Target.c_str(), &St) != 0) {
    if (errno != ENOENT)
      return std::strerror(errno);
    struct stat Dir;
    if (stat(parentOf(Target).c_str(), &Dir) != 0 || !S_ISDIR(Dir.st_mode))
      return "its directory does not exist";
    return "";
  }
  if (S_ISDIR(St.st_mode))
    return "it is a directory";
  if (!S_ISREG(St.st_mode))
    return "it is not a regular file (a device, FIFO or socket)";
  for (const InputFile &F : Inputs) {
    struct stat In;
    if (stat(F.Absolute.c_str(), &In) == 0 && In.st_dev == St.st_dev && In.st_ino == St.st_ino)
      return "it is an input of this run ('" + F.Display + "')";
  }
  return "";
}

bool checkOutputPath(const std::string &Path, const std::vector<InputFile> &Inputs, std::string &Error) {
  if (outputIsStdout(Path))
    return true;
  std::string Target, Why;
  if (!resolveLinks(Path, Target, Why) || !(Why = refusal(Target, Inputs)).empty()) {
    Error = "refusing to write the report to '" + Path + "': " + Why;
    return false;
  }
  return true;
}

static bool writeAll(int Fd, const std::string &Content) {
  size_t Done = 0;
  while (Done < Content.size()) {
    ssize_t N = write(Fd, Content.data() + Done, Content.size() - Done);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      return false;
    Done += size_t(N);
  }
  return true;
}

bool writeReport(const std::string &Path, const std::string &Content, const std::vector<InputFile> &Inputs,
                 std::string &Error) {
  if (outputIsStdout(Path)) {
    // A closed pipe is a failed write (exit 2), not a silent death by SIGPIPE.
    std::signal(SIGPIPE, SIG_IGN);
    std::fflush(stdout);
    if (!writeAll(STDOUT_FILENO, Content)) {
      Error = std::string("cannot write the report to standard output: ") + std::strerror(errno);
      return false;
    }
    return true;
  }
  // Checked again: the path may have changed during the run.
  std::string Target, Why;
  if (!resolveLinks(Path, Target, Why) || !(Why = refusal(Target, Inputs)).empty()) {
    Error = "refusing to write the report to '" + Path + "': " + Why;
    return false;
  }
  mode_t Mode;
  struct stat St;
  if (stat(Target.c_str(), &St) == 0) {
    Mode = St.st_mode & 07777;
  } else {
    mode_t Mask = umask(0);
    umask(Mask);
    Mode = 0666 & ~Mask;
  }
  std::string Tmp = Target + ".rocm-lint-XXXXXX";
  std::vector<char> Name(Tmp.begin(), Tmp.end());
  Name.push_back('\0');
  int Fd = mkstemp(Name.data());
  if (Fd < 0) {
    Error = "cannot write the report to '" + Path + "': " + std::strerror(errno);
    return false;
  }
  bool Ok = fchmod(Fd, Mode) == 0 && writeAll(Fd, Content) && fsync(Fd) == 0;
  int SavedErrno = errno;
  Ok = close(Fd) == 0 && Ok;
  if (Ok && rename(Name.data(), Target.c_str()) == 0)
    return true;
  if (Ok)
    SavedErrno = errno;
  unlink(Name.data());
  Error = "cannot write the report to '" + Path + "': " + std::strerror(SavedErrno);
  return false;
}

} // namespace rocmlint
