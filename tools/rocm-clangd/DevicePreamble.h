#ifndef ROCM_TIDY_TOOLS_ROCM_CLANGD_DEVICEPREAMBLE_H
#define ROCM_TIDY_TOOLS_ROCM_CLANGD_DEVICEPREAMBLE_H

// A precompiled preamble for the device parse of a file (issue #31 item 4). clangd keeps one for
// its host parse, so an edit below the #include block costs only the rest of the file; the device
// parse had none and read the C++ standard headers again after every top-level edit. This cache
// keeps, per file and device command, the PCH of the file's leading #include lines, and hands it
// out again while clang says it still matches (PrecompiledPreamble::CanReuse: the same leading
// bytes, every header it read unchanged in the file system the parse reads, no header that was
// missing found since).
//
// What the preamble may hold is narrower than clang's own bounds, so that the device parse's
// checks still see every directive they read (their PPCallbacks never run for text inside a
// preamble):
// - it ends before the main file's first directive that is not an #include (a #define of
//   'warpSize', an #if a check tracks, any device-only region);
// - it ends before the first #include of a header outside the system headers (or of one that does
//   not exist): user headers define macros and helpers the checks read, and stay in the parse.
// Bodies of functions in system headers are skipped when it is built, as the device parse
// skips them (unless it parses every body); bodies in user headers never reach it.
#include "DeviceReuse.h"

#include "clang/Frontend/PrecompiledPreamble.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace clang {
class CompilerInvocation;
class LangOptions;
class PCHContainerOperations;
} // namespace clang

namespace rocmclangd {

// The most of Buffer a device preamble may cover: clang's bounds, cut before the first directive
// that is not an #include. Size 0: nothing to precompile.
clang::PreambleBounds includeBlockBounds(llvm::StringRef Buffer, const clang::LangOptions &LO);

// One preamble as built: usable, or kept only to say (while it still matches) that building it
// again would fail the same way.
struct DevicePreamble {
  explicit DevicePreamble(clang::PrecompiledPreamble P) : PCH(std::move(P)) {}
  clang::PrecompiledPreamble PCH;
  clang::PreambleBounds Scanned{0, false}; // includeBlockBounds when it was built
  bool Usable = true;
  std::string Problem;           // why it is not usable
  std::vector<InputFile> Inputs; // the headers it read, for the reuse of findings
};

// What PreambleCache::get did, for the log.
enum class PreambleOutcome { None, Reused, Built, Rebuilt, Failed };
const char *describe(PreambleOutcome O);

class PreambleCache {
public:
  // The preamble of File under Key (the device command) for the main-file text Main, reused when
  // clang says it still matches, built (or rebuilt) otherwise. Null when the file has nothing to
  // precompile or the build failed (Problem says why): the caller parses the whole file.
  // SkipBodies: the system headers' function bodies are skipped in it (part of the key).
  std::shared_ptr<const DevicePreamble> get(const std::string &File, const std::string &Key,
                                            const clang::CompilerInvocation &Invocation, llvm::StringRef Main,
                                            const llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> &VFS,
                                            const std::shared_ptr<clang::PCHContainerOperations> &PCH,
                                            unsigned Capacity, bool SkipBodies, PreambleOutcome &Outcome,
                                            std::string &Problem);
  // A file with no device side left to parse, or closed in the editor, keeps no preamble. True
  // when it had one.
  bool forget(const std::string &File);
  size_t size() const;

private:
  struct Entry {
    std::string Key;
    bool SkipBodies = true;
    std::shared_ptr<const DevicePreamble> Preamble;
    uint64_t LastUse = 0;
  };
  void store(const std::string &File, Entry E, unsigned Capacity);

  mutable std::mutex Lock;
  std::map<std::string, Entry> Entries;
  uint64_t Clock = 0;
};

// The one cache of the process: clangd parses files on several threads.
PreambleCache &preambles();

} // namespace rocmclangd

#endif
