#ifndef ROCM_TIDY_TOOLS_ROCM_CLANGD_DEVICEFINDINGS_H
#define ROCM_TIDY_TOOLS_ROCM_CLANGD_DEVICEFINDINGS_H

// The last device parse of each file and its findings, kept so that an edit in text that parse
// never read publishes them again, moved by the edit, with no parse (DeviceReuse.h says which
// edits qualify).
#include "DeviceReuse.h"

#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <optional>
#include <string>
#include <vector>

namespace rocmclangd {

// The last device parse of a file: its inputs, what it did not read, and the findings it
// published (inside the host-skipped regions). Blind: it saw none of those regions (all of them
// were skipped by the device preprocessor too, like '#ifdef DEBUG'), so it found nothing there.
struct LastRun {
  std::string Key;
  std::string Buffer;
  Ranges Unread;
  bool Blind = false;
  std::vector<InputFile> Inputs;
  std::vector<clang::tidy::ClangTidyError> Findings;
};

// The last findings of File moved to Buffer (and kept as the new last run), or nothing when the
// edit needs a parse: another command or options (Key), a change the last parse read or that may
// change the tokens around it, or an input file changed since.
std::optional<std::vector<clang::tidy::ClangTidyError>> reuseLastRun(const std::string &File, llvm::StringRef Key,
                                                                     llvm::StringRef Buffer, llvm::vfs::FileSystem &FS);
void keepLastRun(const std::string &File, LastRun Run);
void forgetLastRun(const std::string &File);

} // namespace rocmclangd

#endif
