#ifndef ROCM_TIDY_TOOLS_ROCM_LINT_PROJECTINDEXER_H
#define ROCM_TIDY_TOOLS_ROCM_LINT_PROJECTINDEXER_H

#include "Lint.h"
#include "core/KernelIndex.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace rocmtidy::project {
class ProjectModel;
} // namespace rocmtidy::project

namespace rocmlint {

/// The cache folder: --cache-dir, else $XDG_CACHE_HOME/rocm-lint, else ~/.cache/rocm-lint; "" with
/// --no-cache or when no home is known.
std::string cacheDirectory(const Options &Opts);

struct IndexRun {
  std::shared_ptr<const rocmtidy::ProjectIndex> Index;
  std::string File;       // the index file written to the cache folder ("" without a cache)
  unsigned Scanned = 0;   // files read this time
  unsigned Reused = 0;    // files whose facts came from the cache
  std::map<std::string, rocmtidy::FileFacts> Facts; // by real path, inputs and project sources
};

/// The cheap first pass: every input source and header, and the other sources of the project
/// folder \p ProjectRoot (so that linting one file still knows the kernels its neighbours define),
/// is read lexically for kernel definitions; the facts of files unchanged since the last run (same
/// size and modification time) come from the cache folder.
/// The project folder's files come from the run's project model (\p Model; none without it).
IndexRun buildProjectIndex(const Options &Opts, const std::vector<InputFile> &Files,
                           const std::string &ProjectRoot = "", const rocmtidy::project::ProjectModel *Model = nullptr);

} // namespace rocmlint

#endif
