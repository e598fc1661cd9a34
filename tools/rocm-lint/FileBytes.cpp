#include "FileBytes.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

namespace rocmlint {

std::optional<std::string> readFileBytes(const std::string &Path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buf =
      llvm::MemoryBuffer::getFile(Path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!Buf)
    return std::nullopt;
  return (*Buf)->getBuffer().str();
}

std::optional<std::string> readFilePrefix(const std::string &Path, size_t Limit) {
  llvm::Expected<llvm::sys::fs::file_t> File = llvm::sys::fs::openNativeFileForRead(Path);
  if (!File) {
    llvm::consumeError(File.takeError());
    return std::nullopt;
  }
  // MemoryBuffer reads a non-regular file (a FIFO, a device) to its end; this stops at the limit.
  std::string Out(Limit, '\0');
  size_t Done = 0;
  while (Done < Limit) {
    llvm::Expected<size_t> Got = llvm::sys::fs::readNativeFile(*File, {Out.data() + Done, Limit - Done});
    if (!Got) {
      llvm::consumeError(Got.takeError());
      break;
    }
    if (*Got == 0)
      break;
    Done += *Got;
  }
  // A close that fails after reading (EIO on a network file system) casts doubt on the bytes.
  if (llvm::sys::fs::closeFile(*File))
    return std::nullopt;
  Out.resize(Done);
  return Out;
}

std::string readStdinBytes() {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buf = llvm::MemoryBuffer::getSTDIN();
  return Buf ? (*Buf)->getBuffer().str() : std::string();
}

} // namespace rocmlint
