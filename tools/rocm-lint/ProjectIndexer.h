#ifndef ROCM_TIDY_TOOLS_ROCM_LINT_PROJECTINDEXER_H
#define ROCM_TIDY_TOOLS_ROCM_LINT_PROJECTINDEXER_H

// The project index of a rocm-lint run (core/ProjectIndex.h): the merge of the kernel facts each
// file's own parse recorded (ast/KernelFacts.h, cached with the file's result). The checks of the
// first sweep consult the index the previous run over the same inputs merged; a file whose index
// answers differ from the merge of this run is analysed again (the second sweep).

#include "Lint.h"
#include "core/ProjectIndex.h"

#include <memory>
#include <set>
#include <string>
#include <vector>

namespace rocmtidy::project {
class ProjectModel;
} // namespace rocmtidy::project

namespace rocmlint {

/// The cache folder: --cache-dir, else $XDG_CACHE_HOME/rocm-lint, else ~/.cache/rocm-lint; "" with
/// --no-cache or when no home is known.
std::string cacheDirectory(const Options &Opts);

/// Where the merged index of a run over \p Files is kept (cache/index/<digest of the inputs>.index.json);
/// "" without a cache.
std::string indexFileFor(const Options &Opts, const std::vector<InputFile> &Files);
/// The index a previous run left at \p Path; null when there is none or it cannot be read.
std::shared_ptr<const rocmtidy::ProjectIndex> readIndexFile(const std::string &Path);
/// Writes \p Index to \p Path (a private file of the cache folder); false when it cannot.
bool writeIndexFile(const std::string &Path, const rocmtidy::ProjectIndex &Index);

/// The merge of the kernels of \p Results, each named for notes relative to \p Cwd (absolute when
/// \p Cwd is empty).
std::shared_ptr<const rocmtidy::ProjectIndex> mergeKernelFacts(const std::vector<const FileResult *> &Results,
                                                               const std::string &Cwd);

/// Whether \p R looked up a kernel whose answer in \p Index differs from the one its checks got.
bool indexAnswersChanged(const FileResult &R, const rocmtidy::ProjectIndex &Index);

/// Sources and headers of the project folder \p Root (from the run's project model) that are not in
/// \p Known (real paths) and whose text names one of \p Names (unqualified kernel names): where a
/// kernel an input launches but no parse of the run defined may be defined. Build trees, hidden and
/// vendored folders stay out; a bound keeps a huge tree cheap.
std::vector<InputFile> sourcesNaming(const std::set<std::string> &Names, const std::string &Root,
                                     const std::set<std::string> &Known, const rocmtidy::project::ProjectModel *Model);

} // namespace rocmlint

#endif
