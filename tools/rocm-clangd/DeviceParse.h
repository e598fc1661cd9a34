#ifndef ROCM_TIDY_TOOLS_ROCM_CLANGD_DEVICEPARSE_H
#define ROCM_TIDY_TOOLS_ROCM_CLANGD_DEVICEPARSE_H

// The device parse of one version of a file (DevicePassCheck.cpp): the file's device command on
// clangd's file system with the editor's text on top, the same rocm-* checks as the host parse,
// the bodies the device-only regions cannot reach skipped, and the file's device preamble
// (DevicePreamble.h) in place of its #include block when one can be had.
#include "DevicePreamble.h"
#include "DeviceReuse.h"
#include "HostScan.h"

#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <set>
#include <string>
#include <vector>

namespace rocmclangd {

// What the device parse did not read: main-file function bodies it skipped (their names' offsets)
// and main-file regions its preprocessor skipped; what it did read besides the buffer; and how it
// came by its preamble.
struct DeviceReads {
  std::set<unsigned> SkippedFunctions;
  Ranges Unseen;
  std::vector<InputFile> Inputs;
  // An #include or __has_include of a file that did not exist: it may appear without the buffer
  // changing, so this parse is not reused.
  bool MissedFile = false;
  PreambleOutcome Preamble = PreambleOutcome::None;
  std::string PreambleProblem;
};

struct DeviceJob {
  std::string File;
  std::string Text; // the buffer, unreachable bodies blank
  std::vector<std::string> Argv;
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS; // clangd's, for this parse
  const Ranges &Skipped;
  const KeepSet &Keep;
  bool SkipBodies;
  unsigned Preambles; // how many files keep a device preamble; 0: none
};

// The findings of the device parse, every check of Host's options but the device pass itself.
std::vector<clang::tidy::ClangTidyError> runDeviceParse(clang::tidy::ClangTidyContext &Host, const DeviceJob &Job,
                                                        DeviceReads &Reads);

} // namespace rocmclangd

#endif
