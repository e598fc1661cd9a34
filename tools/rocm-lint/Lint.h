#ifndef ROCM_TIDY_TOOLS_ROCM_LINT_LINT_H
#define ROCM_TIDY_TOOLS_ROCM_LINT_LINT_H

#include "core/Finding.h"
#include "core/ProjectIndex.h"
#include "core/SegmentGlob.h"

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace llvm {}
namespace rocmtidy::project {
class BuildTargets;
class ProjectModel;
class HipBuildFlags;
} // namespace rocmtidy::project

namespace rocmlint {

enum class OutputFormat { Text, Json, Sarif, GitLab };
enum class HipHeaders { Auto, System, Builtin };

struct Options {
  std::vector<std::string> Paths;
  std::string BuildDir;          // -p
  std::string Checks = "rocm-*"; // --checks glob (clang-tidy syntax, comma separated)
  std::string Targets;           // --targets; empty = from config or the default
  OutputFormat Format = OutputFormat::Text;
  std::string OutputFile;
  bool Fix = false;
  bool FixOutside = false; // --fix may edit files outside the project root
  unsigned Jobs = 0;       // 0 = hardware threads
  std::string ChangedSince;
  unsigned ShardIndex = 0, ShardCount = 0; // --shard=I/N, 1-based I
  bool Quiet = false;
  bool Progress = true;
  HipHeaders Headers = HipHeaders::Auto;
  std::vector<std::string> ExtraArgs; // --extra-arg
  bool DevicePass = true;
  bool Verbose = false;         // print each pass's compile command
  bool TracePasses = false;     // --trace-passes: when each pass ran (Timeline.h)
  bool Strict = false;          // --strict: a file analysed with missing headers ends the run with exit code 2
  std::string CacheDir;         // --cache-dir; "" = the user's cache folder
  bool NoCache = false;         // --no-cache
  bool ProjectIndex = true;     // --no-index turns the cross-file kernel index off
  bool SkipSystemBodies = true; // --parse-system-bodies parses the bodies of system-header functions
  bool NoProgress = false;      // --no-progress: neither the terminal line nor the periodic one
  unsigned ProgressIntervalMs = 10000;
  unsigned SlowFileMs = 60000;  // the periodic line names a file running at least this long
  bool IncludeCudaOnly = false; // --include-cuda-only: a directory walk keeps CUDA-only sources
  enum class FailPolicy { Findings, Errors, Never };
  FailPolicy FailOn = FailPolicy::Findings; // --fail-on
};

/// Thrown-free error reporting: input problems end the run with exit code 2.
struct InputError {
  std::string Message;
};

/// One file to analyse, with the path as shown to the user and the absolute path.
struct InputFile {
  std::string Display;
  std::string Absolute;
  bool IsCMake = false;
  bool Named = false; // named on the command line (not found by a directory walk)
  /// A named header no analysed source reaches is analysed through this project source that
  /// includes it (absolute; "" = alone), shown as ThroughDisplay.
  std::string Through, ThroughDisplay;
};

/// One exclude pattern of .rocm-lint, split at '/': each segment is a glob or "**" (any number of
/// segments).
struct ExcludePattern {
  struct Segment {
    bool AnySegments = false;
    rocmtidy::SegmentGlob Glob;
  };
  bool DirOnly = false;
  std::vector<Segment> Segments;
};

/// Configuration read from the nearest .rocm-lint file.
struct ProjectConfig {
  std::string Dir; // directory holding .rocm-lint ("" if none)
  std::vector<std::string> Excludes;
  std::vector<ExcludePattern> CompiledExcludes; // Excludes, compiled
  std::string Targets;
  /// The GPU targets the project's build scripts name (read when neither --targets nor .rocm-lint
  /// chooses; null otherwise): each file is analysed for its own (HipBuildFiles.h).
  std::shared_ptr<const rocmtidy::project::BuildTargets> BuildTargets;
  std::vector<std::string> ExtraArgs;
  std::string BuildStyle; // 'build-style' ("" = detect)
  /// The run's build style is hipify: .cu sources reach the compiler hipified.
  bool HipifiedAtBuild = false;
  /// Links below the input folders to files outside the repository, as shown: not read.
  std::vector<std::string> OutsideLinks;
  /// The run's project model (lib/project): root and walked files, loaded by collectInputs.
  std::shared_ptr<const rocmtidy::project::ProjectModel> Model;
  /// The HIP build's flags from its CMake, for inferred commands (null: none read).
  std::shared_ptr<const rocmtidy::project::HipBuildFlags> HipBuild;
};

/// The run's one text reader: the project model's (each file read once per run, every reader
/// seeing the same bytes) capped at \p Cap; a plain readRegularFile where a run has no model.
std::function<std::optional<std::string>(const std::string &)> textReader(const ProjectConfig &Config, uint64_t Cap);

/// Whether \p AbsolutePath falls under an exclude pattern of \p Config.
bool isExcluded(const ProjectConfig &Config, const std::string &AbsolutePath);

/// Finds the inputs: walks directories, applies .rocm-lint excludes, --changed-since and --shard.
/// Returns false and sets Error on bad input.
bool collectInputs(const Options &Opts, std::vector<InputFile> &Files, ProjectConfig &Config, std::string &Error);

/// Records the bytes the analysis parsed: real path -> hash (Safety.h), so that --fix edits only a
/// file whose bytes are still those. A file read twice with different bytes during a run (edited
/// between the host and the device pass) lands in Changed.
struct ParsedFiles {
  std::map<std::string, uint64_t> Hashes;
  std::set<std::string> Changed;
  void record(const std::string &RealPath, uint64_t Hash);
  void merge(const ParsedFiles &Other);
};

/// How much of a file the analysis saw.
enum class AnalysisStatus { Complete, Recovered, Failed };

struct FileStatus {
  AnalysisStatus Status = AnalysisStatus::Complete;
  std::vector<std::string> MissingHeaders; // recovered: includes that were not found (skipped)
  std::vector<std::string> Skipped;        // recovered: what was refused or cut short, one phrase each
  unsigned DroppedDeclarations = 0;        // recovered: declarations clang marked invalid
  unsigned CompilerErrors = 0;             // compiler errors after recovery
  std::string Reason;                      // failed: why, naming the input file
  std::string AnalysedThrough;             // a header skipped because this analysed source includes it
};

const char *statusName(AnalysisStatus S);

/// The exit status of a run under --fail-on (Triage.cpp): \p RunFailed (the report or the fixes
/// could not be written) is 2 under every policy; \p FilesFailed (a file failed, or --strict and
/// one was recovered) is 2 unless the policy is never; findings are 1 only under findings.
int exitStatusFor(Options::FailPolicy Policy, bool RunFailed, bool FilesFailed, bool Findings);

/// Per-file result of the analysis.
struct FileResult {
  FileStatus Status;
  std::vector<std::string> ReachedFiles; // project files (real paths) the analysis parsed, the input included
  ParsedFiles Parsed;
  std::vector<rocmtidy::Finding> Findings;
  std::vector<std::string> Errors;  // one-line errors: file could not be analysed
  std::vector<std::string> Notices; // informational, once per run (deduplicated by the caller)
  // What the parse tells the project: the kernels it defines (the project index is their merge),
  // the quoted includes of branches it skipped, and each index lookup its checks made with the
  // answer they got (a changed answer means analysing the file again).
  std::vector<rocmtidy::KernelDefinition> Kernels;
  /// The blocks this file launches kernels of other files with (for the project index).
  std::vector<rocmtidy::KernelLaunches> Launches;
  std::vector<rocmtidy::SkippedInclude> SkippedIncludes;
  std::vector<std::pair<std::string, unsigned>> IndexLookups;
  std::vector<std::string> IndexAnswers; // parallel to IndexLookups
  bool FromCache = false;
};

/// Analyses C++/HIP sources through the clang-tidy engine (host and device pass).
class SourceAnalyzer {
public:
  SourceAnalyzer(const Options &Opts, const ProjectConfig &Config);
  /// Checks that compile databases and configuration files are readable; sets Error if not.
  bool prepare(const std::vector<InputFile> &Files, std::string &Error);
  FileResult analyze(const InputFile &File) const;
  /// The kernel facts of \p File alone (one pass, no checks): a file the run does not analyse that
  /// may define a kernel an analysed file launches. Cached like an analysis.
  FileResult collectFacts(const InputFile &File) const;
  /// The project index the checks of later analyses consult (null: none). Not while analysing.
  void setProjectIndex(std::shared_ptr<const rocmtidy::ProjectIndex> Index);
  /// Whether the file is analysed as a header (rocm-lint analyses headers after the sources, and only
  /// those that no analysed source reaches).
  static bool isHeader(const InputFile &File);
  bool usesBuiltinHeaders() const { return BuiltinHeaders; }
  /// The result cache of this run (ResultCache.h): whether it is on, results reused, files analysed.
  struct CacheStats {
    bool Enabled = false;
    unsigned Reused = 0, Analysed = 0;
  };
  CacheStats cacheStats() const;

private:
  struct Impl;
  std::shared_ptr<Impl> P;
  FileResult analyzeAs(const InputFile &File, bool FactsOnly) const;
  FileResult analyzeThrough(const InputFile &File) const;
  bool BuiltinHeaders = false;
};

/// CMake files through the CMake linter in lib/cmake. \p ProjectBuildsHip: some CMake file of the
/// inputs enables HIP (rocm-cmake-legacy-cuda only fires in such projects). Findings in if() arms
/// that only the CUDA build configures are not reported (said under \p Verbose), but
/// rocm-cmake-legacy-cuda's, which are about such arms. When the build hipifies (\p Hipifies), only
/// in CUDA arms ROCm never takes (CudaArm::NeverTakenByRocm): elsewhere the CUDA arm may be the one
/// ROCm takes. \p HostCache (project/CacheScripts.h) says why the file is a host's initial cache,
/// whose machine paths are its purpose: then nothing of it is reported (said under \p Verbose).
FileResult analyzeCMake(const InputFile &File, const std::string &ChecksGlob, bool ProjectBuildsHip, bool Hipifies,
                        const std::string &HostCache, bool Verbose);

/// The status of one input file, as the outputs report it.
struct FileReport {
  std::string Display;
  FileStatus Status;
};
/// "k.cu: analysed without missing headers 'a.h'; 3 declarations dropped, 7 compiler errors"; "" when complete.
std::string statusNote(const FileReport &F);
/// The summary's tail: ", 12 with missing headers: ATen/ATen.h (9), ..., 1 not analysed"; "" when all complete.
std::string statusSummary(const std::vector<FileReport> &Files);

/// A finding and the analysed file (as displayed) that reported it.
struct SourcedFinding {
  rocmtidy::Finding Finding;
  std::string Source;
};
/// One finding per check and location (files must be real paths): other messages at the location
/// (template instantiations, passes) and other analysed files that reached it become notes, at
/// most three of each and then "and N more". Keeps the order of first occurrence.
std::vector<rocmtidy::Finding> mergeFindingsByLocation(std::vector<SourcedFinding> All);
/// What the files' results of a run add up to, for the report, --fix and the exit status.
struct RunOutcome {
  std::vector<rocmtidy::Finding> Findings; // one per location, sorted by file, line, column, check
  std::vector<std::string> Errors;         // files that could not be analysed, paths relative to the cwd
  std::vector<FileReport> Reports;         // the status of each file, in file order
  ParsedFiles Parsed;                      // the bytes every analysis parsed, for --fix
  bool StrictFailure = false;              // --strict and some file was only partly analysed
};
/// Merges the results of \p Files (\p Results[I] is file I's; a file with errors and no status of
/// its own becomes failed, with its first error as the reason). \p SourcedOf gives file I's findings
/// as the report shows them.
RunOutcome mergeResults(const std::vector<InputFile> &Files, std::vector<FileResult> &Results,
                        const std::function<std::vector<SourcedFinding>(size_t)> &SourcedOf, bool Strict,
                        const std::string &Cwd);

/// A message with its template argument lists removed: the part of mergeFindingsByLocation's key
/// that instantiations of one template share.
std::string withoutTemplateArguments(const std::string &Message);

/// Output.
struct RuleDescription {
  std::string Id;
  std::string Summary;
};
std::string formatText(const std::vector<rocmtidy::Finding> &Findings);
/// \p S with control characters written as escapes (\n, \r, \t, \xNN): a file named "a\nb.cu:1:1:
/// error: ..." must not forge a line of the text report or of standard error. With
/// \p EscapeBackslash, '\\' is written "\\\\" too, so that the escaped text reads back unambiguously
/// (--dump-cmake).
std::string escapeControlCharacters(std::string_view S, bool EscapeBackslash = false);
std::string formatJson(const std::vector<rocmtidy::Finding> &Findings, unsigned FilesChecked,
                       const std::vector<FileReport> &Files = {});
/// GitLab code quality (Code Climate issue subset) for merge-request widgets.
std::string formatGitLab(const std::vector<rocmtidy::Finding> &Findings);
std::string formatSarif(const std::vector<rocmtidy::Finding> &Findings, const std::vector<RuleDescription> &Rules,
                        const std::string &BaseDir, const std::vector<FileReport> &Files = {});

/// The report of a run in \p Format (SARIF rules from allRules(), paths relative to \p BaseDir).
std::string formatReport(OutputFormat Format, const std::vector<rocmtidy::Finding> &Findings, unsigned FilesChecked,
                         const std::vector<FileReport> &Files, const std::string &BaseDir);

/// All checks rocm-lint knows (the clang-tidy checks registered in this process, CMake and build
/// script rules), with summaries, sorted by name.
std::vector<RuleDescription> allRules();

int runExplain(const std::vector<std::string> &Args);
/// rocm-lint notebook add|check|docs (NotebookCommand.cpp).
int runNotebook(const std::vector<std::string> &Args);
/// rocm-lint --dump-cmake FILE...: the CMake front end's parse tree (golden tests).
int runDumpCMake(const std::vector<std::string> &Paths);

} // namespace rocmlint

#endif
