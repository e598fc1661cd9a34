// The last device parse of each file, and moving its findings across an edit (DeviceFindings.h).
#include "DeviceFindings.h"

#include "llvm/Support/Chrono.h"

#include <map>
#include <mutex>

using namespace clang;
using namespace clang::tidy;

namespace rocmclangd {

namespace {

std::mutex RunsLock;
std::map<std::string, LastRun> &lastRuns() {
  static std::map<std::string, LastRun> Runs;
  return Runs;
}

bool moveMessage(tooling::DiagnosticMessage &M, StringRef File, const Change &C) {
  if (M.FilePath == File && !moveOffset(C, M.FileOffset))
    return false;
  for (tooling::FileByteRange &R : M.Ranges) {
    unsigned End = R.FileOffset + R.Length;
    if (R.FilePath == File && (!moveOffset(C, R.FileOffset) || !moveOffset(C, End) || End - R.FileOffset != R.Length))
      return false;
  }
  auto Fix = M.Fix.find(File);
  if (Fix == M.Fix.end())
    return true;
  tooling::Replacements Moved;
  for (const tooling::Replacement &R : Fix->second) {
    unsigned Begin = R.getOffset(), End = R.getOffset() + R.getLength();
    if (!moveOffset(C, Begin) || !moveOffset(C, End) || End - Begin != R.getLength())
      return false;
    if (llvm::Error Err =
            Moved.add(tooling::Replacement(R.getFilePath(), Begin, R.getLength(), R.getReplacementText()))) {
      llvm::consumeError(std::move(Err));
      return false;
    }
  }
  Fix->second = std::move(Moved);
  return true;
}

bool inputsUnchanged(const LastRun &Last, llvm::vfs::FileSystem &FS) {
  // A header saved (or changed in the editor) since then: its text is an input too.
  for (const InputFile &I : Last.Inputs) {
    llvm::ErrorOr<llvm::vfs::Status> St = FS.status(I.Name);
    if (!St || St->getSize() != I.Size || llvm::sys::toTimeT(St->getLastModificationTime()) != I.MTime)
      return false;
  }
  return true;
}

// The unread ranges of the last parse in the new text; a range may begin where the change begins
// and end where it ends: it still holds it.
Ranges movedUnread(const Ranges &Unread, const Change &C) {
  Ranges Moved;
  for (auto [B, E] : Unread) {
    if (B > C.Begin && !moveOffset(C, B))
      continue;
    if (E >= C.OldEnd)
      E = E - C.OldEnd + C.NewEnd;
    else if (E > C.Begin)
      continue;
    Moved.emplace_back(B, E);
  }
  return Moved;
}

std::optional<std::vector<ClangTidyError>> reuse(LastRun &Last, StringRef Key, StringRef Buffer, StringRef File,
                                                 llvm::vfs::FileSystem &FS) {
  if (Last.Key != Key)
    return std::nullopt;
  Change C = changeBetween(Last.Buffer, Buffer);
  if (!isLocalChange(Last.Buffer, Buffer, C) || (!Last.Blind && !within(Last.Unread, C.Begin, C.OldEnd)))
    return std::nullopt;
  if (!inputsUnchanged(Last, FS))
    return std::nullopt;
  std::vector<ClangTidyError> Findings = Last.Findings;
  for (ClangTidyError &E : Findings) {
    if (!moveMessage(E.Message, File, C))
      return std::nullopt;
    for (tooling::DiagnosticMessage &N : E.Notes)
      if (!moveMessage(N, File, C))
        return std::nullopt;
  }
  Last.Unread = movedUnread(Last.Unread, C);
  Last.Buffer = Buffer.str();
  Last.Findings = Findings;
  return Findings;
}

} // namespace

std::optional<std::vector<ClangTidyError>> reuseLastRun(const std::string &File, StringRef Key, StringRef Buffer,
                                                        llvm::vfs::FileSystem &FS) {
  std::lock_guard<std::mutex> Guard(RunsLock);
  auto It = lastRuns().find(File);
  if (It == lastRuns().end())
    return std::nullopt;
  return reuse(It->second, Key, Buffer, File, FS);
}

void keepLastRun(const std::string &File, LastRun Run) {
  std::lock_guard<std::mutex> Guard(RunsLock);
  lastRuns()[File] = std::move(Run);
}

void forgetLastRun(const std::string &File) {
  std::lock_guard<std::mutex> Guard(RunsLock);
  lastRuns().erase(File);
}

} // namespace rocmclangd
