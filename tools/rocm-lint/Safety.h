#ifndef ROCM_TIDY_TOOLS_ROCM_LINT_SAFETY_H
#define ROCM_TIDY_TOOLS_ROCM_LINT_SAFETY_H

// What keeps rocm-lint safe on a hostile repository (docs/security.md): the report is written only
// where it was asked for, --fix writes only the project's own unchanged, writable files, and a file
// that crashes clang costs that file's results, not the run's.
#include "Lint.h"

#include "llvm/ADT/IntrusiveRefCntPtr.h"

#include <functional>
#include <map>
#include <memory>
#include <pthread.h>
#include <set>
#include <string>
#include <vector>

namespace llvm::vfs {
class FileSystem;
}

namespace rocmlint {

/// Whether the report goes to standard output ("", "-", "/dev/stdout").
bool outputIsStdout(const std::string &Path);

/// Checks before the run that --output names a regular file or a new path (a symlink counts as its
/// target) that is none of \p Inputs. Sets Error and returns false otherwise.
bool checkOutputPath(const std::string &Path, const std::vector<InputFile> &Inputs, std::string &Error);

/// Writes the report to standard output or to \p Path (through a temporary file and a rename onto
/// the symlink's target; a new file gets the mode the umask leaves of 0666). Returns false and sets
/// Error on any failure, including a short write to standard output.
bool writeReport(const std::string &Path, const std::string &Content, const std::vector<InputFile> &Inputs,
                 std::string &Error);

/// A file system that forwards to \p Base and hashes every buffer it hands out into \p Record.
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
makeRecordingFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base, ParsedFiles &Record);

/// The directory --fix may edit under: .rocm-lint's directory, else git's top level, else \p Cwd.
std::string projectRoot(const ProjectConfig &Config, const std::string &Cwd);

/// The repository \p AbsolutePath belongs to, as a real path: the nearest folder above it that holds
/// `.git`, else the current directory when the file lies below it, else the file's own folder. Reads
/// for the analysis (build-script includes, headers, #embed) stay inside it, apart from the system
/// include folders (parseFileAllowed). Memoised; thread-safe.
std::string repositoryRootOf(const std::string &AbsolutePath);

/// Adds the folders the user named on the command line (--extra-arg -I/-isystem/-iquote/-idirafter
/// DIR, -include/-imacros FILE's folder, -p DIR) to those the parse may read besides the repository:
/// they come from the person running rocm-lint, not from the repository; and the folder of .rocm-lint
/// (the project's configuration: the project itself). Call before analysing.
void trustReadRootsOf(const Options &Opts, const ProjectConfig &Config);

/// Whether the parse may read \p Path for an analysed file of \p Root: a regular file under the
/// repository root or under a system include folder (the compiler's, /usr/include, ROCm, CUDA).
/// Sets \p Why ("outside the project root", "not a regular file") when not.
bool parseFileAllowed(const std::string &Path, const std::string &Root, std::string &Why);

/// The result of a file whose analysis crashed: one error, nothing half-built.
FileResult crashedResult(const InputFile &File);

/// Work started at once on its own thread with a large stack (512 MiB reserved), inside
/// llvm::CrashRecoveryContext: a crash (a signal, a stack overflow) ends the work, not the process.
/// The stack of a thread that crashed is never unmapped or reused (process-wide lists may still
/// point into it; Containment.cpp). enableCrashContainment() must have run once.
class ContainedThread {
public:
  explicit ContainedThread(std::function<void()> Work);
  ~ContainedThread();
  ContainedThread(const ContainedThread &) = delete;
  ContainedThread &operator=(const ContainedThread &) = delete;
  /// Waits for the work; true when it finished, false when it crashed.
  bool join();

  struct State {
    std::function<void()> Work;
    bool Finished = false;
  };

private:
  std::unique_ptr<State> S;
  char *Stack = nullptr;
  size_t Bytes = 0;
  pthread_t Thread{};
  bool Started = false;
  bool Joined = false;
};

/// Runs \p Work on a ContainedThread and waits: true when it finished, false when it crashed.
bool runContained(std::function<void()> Work);

/// Runs \p Analyze with runContained; a crash becomes an error for \p File.
FileResult analyzeContained(const InputFile &File, const std::function<FileResult()> &Analyze);
void enableCrashContainment();

} // namespace rocmlint

#endif
