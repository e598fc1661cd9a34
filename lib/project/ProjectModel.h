//===- ProjectModel.h - What one rocm-lint run knows about the project ----*- C++ -*-===//
//
// Loaded once per run, before any file is analysed: the repository root (one definition for
// configuration, compile databases, the notebook and build scripts), and one directory walk whose
// file list every consumer reads (input discovery, the project index, the build-style probe, the
// CUDA-only decision). Nothing outside this file walks the tree.
//
//===----------------------------------------------------------------------===//

#ifndef ROCM_TIDY_PROJECT_PROJECTMODEL_H
#define ROCM_TIDY_PROJECT_PROJECTMODEL_H

#include "project/IncludeScan.h"

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace rocmtidy::project {

class BackendRegistry;

/// The largest file any reader of repository text takes (a source, a build script, a database).
constexpr uint64_t MaxReadBytes = 64ull << 20;

/// The repository root of \p Cwd: the nearest folder at or above it holding a `.git` entry (a
/// folder, or the file of a worktree or submodule), found without running git; \p Cwd itself when
/// there is none. Configuration and databases are never looked for above it.
std::string repositoryRoot(const std::string &Cwd);

/// The bytes of \p Path when it is a regular file of at most \p Cap bytes: never a FIFO, socket or
/// device (opened without blocking, checked with fstat on the opened descriptor, so a file swapped
/// for a FIFO after a check is still refused). std::nullopt otherwise; \p Why (optional) says why.
std::optional<std::string> readRegularFile(const std::string &Path, uint64_t Cap = MaxReadBytes,
                                           std::string *Why = nullptr);

/// Whether \p Path names a regular file (following symbolic links).
bool isRegularFile(const std::string &Path);

/// \p Path is \p Dir or lies below it (both absolute and lexically normal).
bool isWithin(const std::string &Path, const std::string &Dir);

/// Whether a folder named \p Name holds another build's files or none: third_party, vendor,
/// external, build, CMakeFiles, node_modules, tests, docs. Readers of the project's own build
/// scripts skip them.
bool outsideOwnBuild(const std::string &Name);

/// The line of the first `#cmakedefine` or `#mesondefine` directive of \p Text, or 0: a header
/// that configure_file fills in the build folder, not C or C++ as it stands (the sources include
/// the filled copy).
unsigned configureTemplateLine(const std::string &Text);

/// One regular file the walk found.
struct WalkedFile {
  std::string Path;     // absolute, lexically normal, as walked (symbolic links not resolved)
  bool InInput = false; // below a directory named as an input
};

struct LoadOptions {
  std::string Cwd;                      // absolute
  std::vector<std::string> InputDirs;   // absolute directories named as inputs: walked in full
  std::vector<std::string> ProjectDirs; // absolute project folders: walked up to EntryLimit entries
  unsigned EntryLimit = 20000;
  /// Whether a walked file is kept (by name); the walk keeps every regular file when unset.
  bool (*Keep)(const std::string &Path) = nullptr;
};

class ProjectModel {
public:
  /// Finds the root from \p Opts.Cwd and walks the input directories and project folders once
  /// (hidden folders and CMake's own CMakeFiles are not entered; folder links are not followed).
  static ProjectModel load(const LoadOptions &Opts);

  const std::string &root() const { return Root; }
  const std::string &cwd() const { return Cwd; }
  /// Every walked file, sorted by path, each once.
  const std::vector<WalkedFile> &files() const { return Files; }
  /// The walked files below \p Dir.
  std::vector<const WalkedFile *> filesUnder(const std::string &Dir) const;
  /// The walked files named CMakeLists.txt, sorted by path.
  const std::vector<std::string> &cmakeScripts() const { return CMakeScripts; }
  /// File links the walk left out because the file they name lies outside the repository of the
  /// folder walked (sorted by path): nothing of it is read.
  const std::vector<WalkedFile> &outsideLinks() const { return OutsideLinks; }
  /// Folders the walk could not read: (folder, message).
  const std::vector<std::pair<std::string, std::string>> &walkErrors() const { return Errors; }
  /// The project folders the walk covered (LoadOptions::ProjectDirs), sorted.
  const std::vector<std::string> &projectDirs() const { return ProjectDirs; }
  /// Whether a project folder had more entries than the limit (its list is partial).
  bool truncated() const { return Truncated; }

  /// Whether \p Path is the root or below it.
  bool contains(const std::string &Path) const { return isWithin(Path, Root); }
  /// The first of \p Names found as a regular file in \p Dir or a folder above it, up to the root
  /// and never past it ("" when none; see foldersUpToRoot for folders outside the root).
  std::string findUpward(const std::string &Dir, const std::vector<std::string> &Names) const;
  /// The folders from \p Dir up to the root, nearest first. For a folder outside the root: up to
  /// its own git top level, or only itself when it is in no repository.
  std::vector<std::string> foldersUpToRoot(const std::string &Dir) const;

  /// The bytes of \p Path as this run first read them (readRegularFile), shared by every reader of
  /// the model and its copies: readers of one build script or source never see two versions of it
  /// when it changes during the run, and none reads it twice. std::nullopt when it is not a regular
  /// file, cannot be read, or is larger than \p Cap.
  std::optional<std::string> read(const std::string &Path, uint64_t Cap = MaxReadBytes) const;
  /// read() with \p Cap, for the readers that take a function.
  std::function<std::optional<std::string>(const std::string &)> reader(uint64_t Cap = MaxReadBytes) const;

  /// The backend scheme (project/BackendRegistry.h) read from \p TopScript, a CMake project's top
  /// CMakeLists.txt, and the scripts it includes. Read the first time any reader asks (the CUDA-only
  /// decision, the build-style probe, the HIP build's flags), then shared by them.
  const BackendRegistry &backendRegistry(const std::string &TopScript) const;

  /// The one walked folder under which \p Name, an include with a folder part ('lib/common.h'),
  /// names a walked file: the project's include root for it (its include/ folder). "" when no
  /// walked file or more than one matches, or \p Name has no folder part or a '..': a guess
  /// between two copies, or for a bare name, would pick the wrong header.
  std::string includeRootFor(const std::string &Name) const;

  /// A model with a root and no walk (tests, and readers that only need the root).
  static ProjectModel withRoot(std::string Root, std::string Cwd);

private:
  /// Copies of a model share what it has read (the readers run on several threads).
  struct Registries {
    std::mutex Mu;
    std::map<std::string, std::shared_ptr<const BackendRegistry>> ByScript;
  };
  std::shared_ptr<Registries> Backends = std::make_shared<Registries>();
  /// What read() has read: the text, or std::nullopt for a file that is not to be read. A file
  /// over a reader's cap is not recorded (a reader with a larger cap may take it).
  struct Texts {
    std::mutex Mu;
    std::map<std::string, std::shared_ptr<const std::optional<std::string>>> ByPath;
  };
  std::shared_ptr<Texts> Read = std::make_shared<Texts>();
  static std::optional<std::string> readThrough(Texts &Store, const std::string &Path, uint64_t Cap);
  /// Walked files by file name, built the first time includeRootFor is asked.
  struct NameIndex {
    std::once_flag Built;
    std::optional<FileNameIndex> Index;
  };
  std::shared_ptr<NameIndex> Names = std::make_shared<NameIndex>();

  std::string Root, Cwd;
  std::vector<WalkedFile> Files;
  std::vector<WalkedFile> OutsideLinks;
  std::vector<std::string> CMakeScripts;
  std::vector<std::string> ProjectDirs;
  std::vector<std::pair<std::string, std::string>> Errors;
  bool Truncated = false;
};

/// The project folder around \p Start: the highest folder, at most six levels up and never above
/// the root (or past a folder with .git or .rocm-lint), holding a setup.py, a pyproject.toml, a
/// .git entry, or a CMakeLists.txt that declares project() (read through lib/cmake's parser with
/// \p Read). "" when there is none.
std::string projectFolder(const ProjectModel &Bounds, const std::string &Start,
                          const std::function<std::optional<std::string>(const std::string &)> &Read);

} // namespace rocmtidy::project

#endif
