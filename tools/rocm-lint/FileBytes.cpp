#include "FileBytes.h"

#include "llvm/Support/MemoryBuffer.h"

namespace rocmlint {

std::optional<std::string> readFileBytes(const std::string &Path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buf =
      llvm::MemoryBuffer::getFile(Path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!Buf)
    return std::nullopt;
  return (*Buf)->getBuffer().str();
}

} // namespace rocmlint
