// Only regular files reach clang, and the bytes clang parsed are recorded per real file: --fix
// compares them with the file on disk before writing, so a file edited while the run was going (or
// between the host and the device pass) is left alone.
#include "Safety.h"

#include "core/SafeFix.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/VirtualFileSystem.h"


namespace rocmlint {

void ParsedFiles::record(const std::string &RealPath, uint64_t Hash) {
  auto [It, New] = Hashes.emplace(RealPath, Hash);
  if (!New && It->second != Hash)
    Changed.insert(RealPath);
}

void ParsedFiles::merge(const ParsedFiles &Other) {
  for (const auto &[Path, Hash] : Other.Hashes)
    record(Path, Hash);
  Changed.insert(Other.Changed.begin(), Other.Changed.end());
}

namespace {

class RecordingFile : public llvm::vfs::File {
public:
  RecordingFile(std::unique_ptr<llvm::vfs::File> Inner, std::string RealPath, ParsedFiles &Record)
      : Inner(std::move(Inner)), RealPath(std::move(RealPath)), Record(Record) {}
  llvm::ErrorOr<llvm::vfs::Status> status() override { return Inner->status(); }
  llvm::ErrorOr<std::string> getName() override { return Inner->getName(); }
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> getBuffer(const llvm::Twine &Name, int64_t FileSize,
                                                               bool RequiresNullTerminator,
                                                               bool IsVolatile) override {
    auto Buf = Inner->getBuffer(Name, FileSize, RequiresNullTerminator, IsVolatile);
    if (Buf && *Buf)
      Record.record(RealPath,
                    rocmtidy::contentHash(std::string_view((*Buf)->getBufferStart(), (*Buf)->getBufferSize())));
    return Buf;
  }
  std::error_code close() override { return Inner->close(); }

private:
  std::unique_ptr<llvm::vfs::File> Inner;
  std::string RealPath;
  ParsedFiles &Record;
};

class RecordingFileSystem : public llvm::vfs::ProxyFileSystem {
public:
  RecordingFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base, ParsedFiles &Record)
      : ProxyFileSystem(std::move(Base)), Record(Record) {}
  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>> openFileForRead(const llvm::Twine &Path) override {
    // `#include "/dev/zero"` or a FIFO would never end (or block on a CI runner's stdin): only
    // regular files are read.
    auto St = ProxyFileSystem::status(Path);
    if (St && St->getType() != llvm::sys::fs::file_type::regular_file)
      return std::make_error_code(std::errc::operation_not_permitted);
    auto F = ProxyFileSystem::openFileForRead(Path);
    if (!F)
      return F;
    llvm::SmallString<256> Real;
    if (getRealPath(Path, Real))
      return F;
    return std::unique_ptr<llvm::vfs::File>(
        std::make_unique<RecordingFile>(std::move(*F), std::string(Real), Record));
  }

private:
  ParsedFiles &Record;
};

} // namespace

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> makeRecordingFileSystem(
    llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base, ParsedFiles &Record) {
  return llvm::makeIntrusiveRefCnt<RecordingFileSystem>(std::move(Base), Record);
}

} // namespace rocmlint
