// Child processes without a shell: rocm-lint's only child is git (--changed-since, the project root
// for --fix). Arguments are passed as a vector, so nothing a user or a repository writes in a
// revision or a file name is ever interpreted by /bin/sh.
#include "Process.h"

#include "core/StringUtil.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"

#include <optional>

namespace rocmlint {

namespace {
/// A temporary file removed when it goes out of scope.
struct TempFile {
  llvm::SmallString<128> Path;
  ~TempFile() {
    if (!Path.empty())
      llvm::sys::fs::remove(Path);
  }
};
} // namespace

bool runProgram(const std::string &Program, const std::vector<std::string> &Args, std::string &Out,
                std::string &Error) {
  auto Found = llvm::sys::findProgramByName(Program);
  if (!Found) {
    Error = "cannot find '" + Program + "' on PATH";
    return false;
  }
  TempFile StdOut, StdErr;
  if (llvm::sys::fs::createTemporaryFile("rocm-lint-out", "txt", StdOut.Path) ||
      llvm::sys::fs::createTemporaryFile("rocm-lint-err", "txt", StdErr.Path)) {
    Error = "cannot create a temporary file to run '" + Program + "'";
    return false;
  }
  std::vector<llvm::StringRef> Argv;
  Argv.push_back(Program);
  // The repository's own .git/config is as hostile as its files: core.fsmonitor names a program git
  // runs when it reads the index, core.hooksPath and diff.external others. Options given with -c
  // take precedence over every configuration file, so these turn them off whatever the repository
  // (or a file it includes through include.path) says.
  static const char *const GitHardening[] = {
      "--no-pager",     "-c", "core.fsmonitor=", "-c", "core.hooksPath=/dev/null", "-c",
      "diff.external=", "-c", "core.pager=cat",  "-c", "core.untrackedCache=false"};
  if (Program == "git")
    for (const char *H : GitHardening)
      Argv.push_back(H);
  for (const std::string &A : Args)
    Argv.push_back(A);
  std::optional<llvm::StringRef> Redirects[] = {llvm::StringRef(""), llvm::StringRef(StdOut.Path),
                                                llvm::StringRef(StdErr.Path)};
  std::string ErrMsg;
  bool Failed = false;
  int Rc = llvm::sys::ExecuteAndWait(*Found, Argv, std::nullopt, Redirects, 0, 0, &ErrMsg, &Failed);
  if (Failed || Rc < 0) {
    Error = "cannot run '" + Program + "': " + (ErrMsg.empty() ? "unknown error" : ErrMsg);
    return false;
  }
  if (auto Buf = llvm::MemoryBuffer::getFile(StdOut.Path, /*IsText=*/false, /*RequiresNullTerminator=*/false))
    Out = (*Buf)->getBuffer().str();
  if (Rc != 0) {
    std::string Err;
    if (auto Buf = llvm::MemoryBuffer::getFile(StdErr.Path, false, false))
      Err = (*Buf)->getBuffer().str();
    llvm::StringRef First = llvm::StringRef(Err).trim().split('\n').first.trim();
    Error = First.empty() ? Program + " exited with status " + std::to_string(Rc) : First.str();
    return false;
  }
  return true;
}

std::vector<std::string> splitNul(const std::string &S) {
  std::vector<std::string> Parts;
  for (std::string_view P : rocmtidy::splitNonEmpty(S, std::string_view("\0", 1)))
    Parts.emplace_back(P);
  return Parts;
}

} // namespace rocmlint
