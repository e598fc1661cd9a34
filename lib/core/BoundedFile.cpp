#include "core/BoundedFile.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace rocmtidy {

std::optional<std::string> readBoundedFile(const std::string &Path, const BoundedReadOptions &Opts,
                                           std::string &Problem) {
  // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer that never comes.
  int Fd = ::open(Path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | (Opts.NoFollow ? O_NOFOLLOW : 0));
  if (Fd < 0) {
    Problem = errno == ELOOP && Opts.NoFollow ? "is a symbolic link" : std::strerror(errno);
    return std::nullopt;
  }
  struct stat St;
  if (::fstat(Fd, &St) != 0) {
    Problem = std::strerror(errno);
    ::close(Fd);
    return std::nullopt;
  }
  if (!S_ISREG(St.st_mode)) {
    Problem = "not a regular file";
    ::close(Fd);
    return std::nullopt;
  }
  if (St.st_size < 0 || size_t(St.st_size) > Opts.MaxBytes) {
    Problem = "larger than " + std::to_string(Opts.MaxBytes) + " bytes";
    ::close(Fd);
    return std::nullopt;
  }
  std::string Out(size_t(St.st_size), '\0');
  size_t Done = 0;
  // A file that grows while it is read is still bounded: one byte past the cap is enough to know.
  while (true) {
    if (Done == Out.size()) {
      if (Out.size() > Opts.MaxBytes)
        break;
      Out.resize(Out.size() + 4096);
    }
    ssize_t N = ::read(Fd, &Out[Done], Out.size() - Done);
    if (N < 0 && (errno == EINTR || errno == EAGAIN))
      continue;
    if (N < 0) {
      Problem = std::strerror(errno);
      ::close(Fd);
      return std::nullopt;
    }
    if (N == 0)
      break;
    Done += size_t(N);
  }
  ::close(Fd);
  if (Done > Opts.MaxBytes) {
    Problem = "larger than " + std::to_string(Opts.MaxBytes) + " bytes";
    return std::nullopt;
  }
  Out.resize(Done);
  return Out;
}

bool jsonDepthWithin(std::string_view Text, unsigned MaxDepth) {
  unsigned Depth = 0;
  bool InString = false;
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (InString) {
      if (C == '\\')
        ++I;
      else if (C == '"')
        InString = false;
      continue;
    }
    if (C == '"') {
      InString = true;
    } else if (C == '[' || C == '{') {
      if (++Depth > MaxDepth)
        return false;
    } else if ((C == ']' || C == '}') && Depth > 0) {
      --Depth;
    }
  }
  return true;
}

} // namespace rocmtidy
