#ifndef ROCM_TIDY_TOOLS_ROCM_LINT_ANALYZERIMPL_H
#define ROCM_TIDY_TOOLS_ROCM_LINT_ANALYZERIMPL_H

// What the parts of SourceAnalyzer share (private to rocm-lint): its state, and the jobs split
// across files: CompileCommands.cpp (the command of each file, translated to a HIP analysis),
// TidyRunner.cpp (one clang-tidy run over one command), Triage.cpp (compiler errors and missing
// headers into the file's analysis status), Analyzer.cpp (the passes, the cache, the findings).
#include "Lint.h"
#include "Recovery.h"
#include "ResultCache.h"
#include "ast/DeviceCodeProbe.h"
#include "ast/KernelFacts.h"

#include "clang-tidy/ClangTidy.h"
#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace rocmlint {

using clang::tooling::CompilationDatabase;

struct SourceAnalyzer::Impl {
  Options Opts;
  ProjectConfig Config;
  std::string Targets;     // global RocmTargets to set, "" = leave to configuration
  std::string OffloadArch; // for the device pass when the command names none and Targets decide
  bool Builtin = false;
  bool AddPlatformMacro = true;
  // A pass of a HIP file that no enabled check reads (lib/data/checks.json 'passes'): not run. The
  // kernel facts and the reached headers then come from the other pass alone.
  bool HostUnread = false, DeviceUnread = false;
  // Directory -> database found for it (null: none). Filled by prepare(), read-only afterwards.
  std::map<std::string, std::shared_ptr<CompilationDatabase>> DbByDir;
  std::shared_ptr<ResultCache> Cache;
  std::shared_ptr<const rocmtidy::ProjectIndex> Index; // what the checks consult (SourceAnalyzer::setProjectIndex)
  // Parses running now, against the -j limit: a file's device pass runs beside its host pass only
  // while a core would otherwise sit idle (one file, or the tail of a run).
  unsigned Slots = 1;
  std::atomic<unsigned> Busy{0};
  bool takeSpareSlot();

  std::shared_ptr<CompilationDatabase> databaseFor(const std::string &Dir) const {
    auto It = DbByDir.find(Dir);
    return It == DbByDir.end() ? nullptr : It->second;
  }

  std::vector<std::string> commandFor(const InputFile &F, std::string &WorkDir, bool &FromDb) const;
  /// \p File's quoted includes followed through the repository (up to its root).
  rocmtidy::project::QuotedIncludeWalk quotedIncludes(const std::string &File) const;
  /// \p Gpu: a HIP compile (host and device pass); \p CudaSource: CUDA code analysed as HIP;
  /// \p CSource: a C compile; \p RuntimeCompiled: a kernel source for hiprtc/NVRTC, analysed with
  /// the HIP runtime header force-included.
  /// \p OffloadArch: the processor of the device pass when the command names none.
  std::vector<std::string> translate(std::vector<std::string> Argv, const std::string &File,
                                     const std::string &OffloadArch, bool &Gpu, bool &CudaSource, bool &CSource,
                                     bool &RuntimeCompiled) const;
};

inline bool startsWith(const std::string &S, const char *Prefix) { return S.rfind(Prefix, 0) == 0; }

/// Hands ClangTool exactly one prepared command for the file being analysed.
class OneCommandDatabase : public CompilationDatabase {
public:
  explicit OneCommandDatabase(clang::tooling::CompileCommand Cmd) : Cmd(std::move(Cmd)) {}
  std::vector<clang::tooling::CompileCommand> getCompileCommands(llvm::StringRef) const override { return {Cmd}; }
  std::vector<std::string> getAllFiles() const override { return {Cmd.Filename}; }

private:
  clang::tooling::CompileCommand Cmd;
};

/// clang-tidy's runClangTidy over \p Db's one command, minus its messages on standard error
/// (TidyRunner.cpp). With \p SkipSystemBodies the parser skips the bodies of functions declared in
/// system headers (ast/UserCode.h: maySkipFunctionBody). With \p DeviceCode the parse also says
/// whether the user's code has a device side (ast/DeviceCodeProbe.h).
std::vector<clang::tidy::ClangTidyError> runChecks(clang::tidy::ClangTidyContext &Context,
                                                   const CompilationDatabase &Db, const std::string &File,
                                                   const llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> &FS,
                                                   RecoveryLog &Log, rocmtidy::TranslationUnitFacts *Facts,
                                                   bool SkipSystemBodies, rocmtidy::DeviceCodeSeen *DeviceCode);

/// A compiler error of one pass, by real path and byte offset.
struct CompilerError {
  std::string File;
  unsigned Offset;
  std::string Message;
};

/// Where each line of one file starts, so that a file with many findings maps their offsets to
/// lines without reading the file again for each (a 790 KB file with 600 findings spent a fifth of
/// its run there).
class LineTable {
public:
  explicit LineTable(const std::string &Content);
  /// 1-based line and byte column of \p Offset.
  void lineCol(unsigned Offset, unsigned &Line, unsigned &Col) const;

private:
  std::vector<unsigned> Starts;
};

/// Sets \p R's status (complete, recovered, failed), its errors and the project files it reached,
/// from the compiler errors and recovery logs of its passes (Triage.cpp). \p LinesOf reads a
/// file once.
void triageAnalysis(const InputFile &F, std::vector<CompilerError> CompilerErrors, const std::vector<RecoveryLog> &Logs,
                    const std::function<const LineTable &(const std::string &)> &LinesOf, FileResult &R);

} // namespace rocmlint

#endif
