//===- TidyConfig.h - A repository's .clang-tidy, read as rocm-lint reads it ---*- C++ -*-===//
//
// clang-tidy 19 discards a whole .clang-tidy when one top-level key is unknown to it, and many
// repositories still carry keys older releases read (AnalyzeTemporaryDtors, dropped in clang-tidy
// 18). Discarding the file would lose the options it sets for rocm-* checks, and refusing the run
// would make rocm-lint unusable on such a repository. Such a key is ignored and said; anything
// else that does not parse is still an error.
//
//===----------------------------------------------------------------------===//

#ifndef ROCM_LINT_TIDYCONFIG_H
#define ROCM_LINT_TIDYCONFIG_H

#include "clang-tidy/ClangTidyOptions.h"

#include <optional>
#include <string>
#include <vector>

namespace rocmlint {

struct TidyConfigRead {
  std::optional<clang::tidy::ClangTidyOptions> Options; // absent when the file is malformed
  std::string Error;                                    // the first parse error, with its line
  /// Top-level keys clang-tidy does not know, each "'Key' (line N)"; the rest of the file applies.
  std::vector<std::string> IgnoredKeys;
};

/// Parses the text of a .clang-tidy; \p Name is used in messages.
TidyConfigRead readTidyConfig(llvm::StringRef Text, llvm::StringRef Name);

/// clang-tidy's file options provider over \p FS, whose .clang-tidy files are read by
/// readTidyConfig (a malformed file is reported once before the analysis starts, by prepare()).
std::unique_ptr<clang::tidy::ClangTidyOptionsProvider>
makeTidyOptionsProvider(const clang::tidy::ClangTidyGlobalOptions &Global,
                        const clang::tidy::ClangTidyOptions &Defaults, const clang::tidy::ClangTidyOptions &Overrides,
                        llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS);

} // namespace rocmlint

#endif
