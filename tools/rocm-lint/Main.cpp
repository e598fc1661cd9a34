// rocm-lint: the front door. Lints C++/HIP/CUDA sources with the rocm-* clang-tidy checks linked
// in (host and device pass) and reports in clang's text format, JSON or SARIF.
#include "CommandLine.h"
#include "Doctor.h"
#include "FindingStream.h"
#include "HipBuildFiles.h"
#include "Lint.h"
#include "ProgressTicker.h"
#include "ProjectIndexer.h"
#include "ProjectPaths.h"
#include "Safety.h"
#include "Timeline.h"
#include "Version.h"

#include "ast/Compat.h"
#include "core/GpuTargets.h"
#include "core/SafeFix.h"
#include "core/SourceKinds.h"
#include "project/BuildStyle.h"
#include "project/BuildTargets.h"
#include "project/CacheScripts.h"
#include "project/CompilerFlags.h"
#include "project/HipBuildFlags.h"
#include "project/ProjectModel.h"

#include "clang-tidy/GlobList.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <set>
#include <thread>
#include <unistd.h>

namespace fs = std::filesystem;

namespace rocmlint {

static const char *Usage =
    "usage: rocm-lint [PATH...] [-p BUILD_DIR] [--checks=GLOB] [--targets=gfx90a,gfx942]\n"
    "                 [--format=text|json|sarif|gitlab] [--output=FILE] [--fix] [--fix-outside] [-j N]\n"
    "                 [--changed-since=REV] [--shard=I/N] [--hip-headers=auto|system|builtin]\n"
    "                 [--extra-arg=ARG] [--no-device-pass] [--strict] [--quiet] [--verbose] [--no-progress]\n"
    "                 [--cache-dir=DIR] [--no-cache] [--no-index] [--include-cuda-only]\n"
    "                 [--fail-on=findings|errors|never]\n"
    "       rocm-lint index [PATH...] --output=FILE   # the project index, for clang-tidy and rocm-clangd\n"
    "       rocm-lint explain [LOG_FILE|-] [--notebook=FILE] [--format=text|json] [--doctor]\n"
    "       rocm-lint notebook add LOG | check | docs DIR\n"
    "       rocm-lint doctor [--root=DIR] [--format=text|json]   # read-only machine inspection\n"
    "       rocm-lint list-checks\n"
    "       rocm-lint --dump-cmake FILE...     # the CMake parse tree (golden tests of the front end)\n"
    "       rocm-lint list-targets\n"
    "\n"
    "Finds CUDA-to-HIP porting hazards. Directories are walked for .hip .cu .cuh .cpp .cc .cxx .c .h .hpp files,\n"
    "CMakeLists.txt, *.cmake, Makefile/GNUmakefile/*.mk, setup.py and pyproject.toml.\n"
    "Missing headers are skipped and reported per file (--strict: such a file is an error).\n"
    "Exit status: 0 no findings, 1 findings, 2 usage or input error or a file that could not be analysed\n"
    "(--fail-on=errors: findings exit 0; --fail-on=never: only a run that could not complete exits 2).\n";

namespace cl = llvm::cl;

// Shared by "rocm-lint [PATH...]" and "rocm-lint index"; only rocm-lint links this file, so neither
// the clang-tidy plugin nor rocm-clangd sees these options.
static cl::SubCommand LintCommand("lint", "lint sources, CMake and build files");
static cl::OptionCategory LintCategory("rocm-lint options");
static cl::list<std::string> PathArgs(cl::Positional, cl::desc("[PATH...]"), cl::sub(LintCommand),
                                      cl::cat(LintCategory));
static cl::opt<std::string> BuildDirArg("p", cl::desc("build directory holding compile_commands.json"),
                                        cl::value_desc("BUILD_DIR"), cl::sub(LintCommand), cl::cat(LintCategory));
static cl::opt<std::string> ChecksArg("checks", cl::desc("checks to run, a clang-tidy glob list"), cl::init("rocm-*"),
                                      cl::sub(LintCommand), cl::cat(LintCategory));
static cl::opt<std::string> TargetsArg("targets", cl::desc("GPU targets, e.g. gfx90a,gfx942"), cl::sub(LintCommand),
                                       cl::cat(LintCategory));
static cl::opt<std::string> FormatArg("format", cl::desc("text, json, sarif or gitlab"), cl::init("text"),
                                      cl::sub(LintCommand), cl::cat(LintCategory));
static cl::opt<std::string> OutputArg("output", cl::desc("write the report to FILE"), cl::value_desc("FILE"),
                                      cl::sub(LintCommand), cl::cat(LintCategory));
static cl::alias OutputShort("o", cl::aliasopt(OutputArg), cl::desc("alias for --output"));
static cl::opt<bool> FixArg("fix", cl::desc("apply fix-its inside the project"), cl::sub(LintCommand),
                            cl::cat(LintCategory));
static cl::opt<bool> FixOutsideArg("fix-outside", cl::desc("apply fix-its, also outside the project root"),
                                   cl::sub(LintCommand), cl::cat(LintCategory));
// A string, so that "-j x" gets rocm-lint's message; cl::Prefix keeps the "-j4" spelling.
static cl::opt<std::string> JobsArg("j", cl::desc("parallel jobs"), cl::value_desc("N"), cl::Prefix,
                                    cl::sub(LintCommand), cl::cat(LintCategory));
static cl::alias JobsLong("jobs", cl::aliasopt(JobsArg), cl::desc("alias for -j"));
static cl::opt<std::string> ChangedSinceArg("changed-since", cl::desc("lint the files changed since git revision REV"),
                                            cl::value_desc("REV"), cl::sub(LintCommand), cl::cat(LintCategory));
static cl::opt<std::string> ShardArg("shard", cl::desc("lint the I-th of N parts of the inputs"), cl::value_desc("I/N"),
                                     cl::sub(LintCommand), cl::cat(LintCategory));
static cl::opt<std::string> HipHeadersArg("hip-headers", cl::desc("auto, system or builtin"), cl::init("auto"),
                                          cl::sub(LintCommand), cl::cat(LintCategory));
static cl::list<std::string> ExtraArgArg("extra-arg", cl::desc("append ARG to each compile command"),
                                         cl::value_desc("ARG"), cl::sub(LintCommand), cl::cat(LintCategory));
static cl::opt<bool> StrictArg("strict", cl::desc("a file analysed with missing headers is an error"),
                               cl::sub(LintCommand), cl::cat(LintCategory));
static cl::opt<bool> NoDevicePassArg("no-device-pass", cl::desc("skip the device pass"), cl::sub(LintCommand),
                                     cl::cat(LintCategory));
static cl::opt<bool> VerboseArg("verbose", cl::desc("print each pass's compile command"), cl::sub(LintCommand),
                                cl::cat(LintCategory));
// Undocumented: the timeline of each file's passes (Timeline.h), for tools/bench/one-file.sh.
static cl::opt<bool> TracePassesArg("trace-passes", cl::Hidden, cl::sub(LintCommand), cl::cat(LintCategory));
static cl::alias VerboseShort("v", cl::aliasopt(VerboseArg), cl::desc("alias for --verbose"));
static cl::opt<bool> QuietArg("quiet", cl::desc("findings and errors only"), cl::sub(LintCommand),
                              cl::cat(LintCategory));
static cl::alias QuietShort("q", cl::aliasopt(QuietArg), cl::desc("alias for --quiet"));
static cl::opt<bool> NoProgressArg("no-progress", cl::desc("no progress line"), cl::sub(LintCommand),
                                   cl::cat(LintCategory));
// Undocumented: lets a test see the periodic line without waiting 10 s.
static cl::opt<std::string> ProgressIntervalArg("progress-interval-ms", cl::Hidden, cl::init("10000"),
                                                cl::sub(LintCommand), cl::cat(LintCategory));
// Undocumented: how long a file runs before the periodic line names it (a test sets 0).
static cl::opt<std::string> SlowFileArg("slow-file-ms", cl::Hidden, cl::init("60000"), cl::sub(LintCommand),
                                        cl::cat(LintCategory));
static cl::opt<std::string> CacheDirArg("cache-dir", cl::desc("result cache folder"), cl::value_desc("DIR"),
                                        cl::sub(LintCommand), cl::cat(LintCategory));
static cl::opt<bool> NoCacheArg("no-cache", cl::desc("do not read or write the result cache"), cl::sub(LintCommand),
                                cl::cat(LintCategory));
static cl::opt<bool> NoIndexArg("no-index", cl::desc("no cross-file kernel index"), cl::sub(LintCommand),
                                cl::cat(LintCategory));
// Hidden: the bodies of system-header functions are skipped because nothing reads them; this
// parses them again, to compare reports and costs with and without (tools/bench/README.md).
static cl::opt<bool> ParseSystemBodiesArg("parse-system-bodies", cl::Hidden, cl::sub(LintCommand),
                                          cl::cat(LintCategory));
static cl::opt<bool> IncludeCudaOnlyArg("include-cuda-only",
                                        cl::desc("also analyse the sources the HIP build does not compile"),
                                        cl::sub(LintCommand), cl::cat(LintCategory));
static cl::opt<std::string> FailOnArg("fail-on",
                                      cl::desc("what makes the exit status non-zero: findings, errors or never"),
                                      cl::init("findings"), cl::sub(LintCommand), cl::cat(LintCategory));

static unsigned parseUnsigned(const std::string &S, const std::string &Opt) {
  if (S.empty() || S.find_first_not_of("0123456789") != std::string::npos || S.size() > 6)
    usageError("option '" + Opt + "' needs a positive number, got '" + S + "'");
  return unsigned(std::stoul(S));
}

static Options parseArgs(int Argc, char **Argv) {
  cl::SetVersionPrinter([](llvm::raw_ostream &OS) { OS << versionText(); });
  // LLVM 16 registers its --version only for the top-level command, not for a cl::SubCommand like
  // this one; answering it here gives the same output on every LLVM.
  for (int I = 1; I < Argc; ++I) {
    llvm::StringRef A(Argv[I]);
    if (A == "--")
      break;
    if (A == "--version" || A == "-version") {
      llvm::outs() << versionText();
      llvm::outs().flush();
      std::exit(0);
    }
  }
  std::string Error;
  if (!parseCommandLine(
          LintCommand, std::vector<std::string>(Argv + 1, Argv + Argc), [] { std::fputs(Usage, stdout); },
          std::addressof(PathArgs), Error))
    usageError(Error);
  Options O;
  O.Progress = isatty(2);
  O.Paths.assign(PathArgs.begin(), PathArgs.end());
  O.BuildDir = BuildDirArg;
  O.Checks = ChecksArg;
  O.Targets = TargetsArg;
  const std::string &Format = FormatArg;
  if (Format == "text")
    O.Format = OutputFormat::Text;
  else if (Format == "json")
    O.Format = OutputFormat::Json;
  else if (Format == "sarif")
    O.Format = OutputFormat::Sarif;
  else if (Format == "gitlab")
    O.Format = OutputFormat::GitLab;
  else
    usageError("unknown format '" + Format + "' (text, json, sarif or gitlab)");
  O.OutputFile = OutputArg;
  O.FixOutside = FixOutsideArg;
  O.Fix = FixArg || FixOutsideArg;
  if (JobsArg.getNumOccurrences()) {
    O.Jobs = parseUnsigned(JobsArg, "-j");
    if (!O.Jobs)
      usageError("option '-j' needs a positive number");
  }
  O.ChangedSince = ChangedSinceArg;
  if (ShardArg.getNumOccurrences()) {
    const std::string &V = ShardArg;
    size_t Slash = V.find('/');
    if (Slash == std::string::npos)
      usageError("option '--shard' needs I/N, e.g. 1/4");
    O.ShardIndex = parseUnsigned(V.substr(0, Slash), "--shard");
    O.ShardCount = parseUnsigned(V.substr(Slash + 1), "--shard");
    if (!O.ShardCount || !O.ShardIndex || O.ShardIndex > O.ShardCount)
      usageError("option '--shard' needs 1 <= I <= N, got '" + V + "'");
  }
  const std::string &Headers = HipHeadersArg;
  if (Headers == "auto")
    O.Headers = HipHeaders::Auto;
  else if (Headers == "system")
    O.Headers = HipHeaders::System;
  else if (Headers == "builtin")
    O.Headers = HipHeaders::Builtin;
  else
    usageError("unknown value '" + Headers + "' for '--hip-headers' (auto, system or builtin)");
  O.ExtraArgs.assign(ExtraArgArg.begin(), ExtraArgArg.end());
  O.Strict = StrictArg;
  O.DevicePass = !NoDevicePassArg;
  O.Verbose = VerboseArg;
  O.TracePasses = TracePassesArg;
  O.Quiet = QuietArg;
  if (NoProgressArg) {
    O.Progress = false;
    O.NoProgress = true;
  }
  O.ProgressIntervalMs = parseUnsigned(ProgressIntervalArg, "--progress-interval-ms");
  O.SlowFileMs = parseUnsigned(SlowFileArg, "--slow-file-ms");
  if (CacheDirArg.getNumOccurrences() && CacheDirArg.empty())
    usageError("option '--cache-dir' needs a directory");
  O.CacheDir = CacheDirArg;
  O.NoCache = NoCacheArg;
  O.ProjectIndex = !NoIndexArg;
  O.SkipSystemBodies = !ParseSystemBodiesArg;
  O.IncludeCudaOnly = IncludeCudaOnlyArg;
  const std::string &FailOn = FailOnArg;
  if (FailOn == "findings")
    O.FailOn = Options::FailPolicy::Findings;
  else if (FailOn == "errors")
    O.FailOn = Options::FailPolicy::Errors;
  else if (FailOn == "never")
    O.FailOn = Options::FailPolicy::Never;
  else
    usageError("unknown value '" + FailOn + "' for '--fail-on' (findings, errors or never)");
  // Relative paths on the command line mean the directory rocm-lint was started in.
  std::error_code CwdError;
  rocmtidy::project::anchorPathArguments(O.ExtraArgs, fs::current_path(CwdError).string());
  if (!O.Targets.empty()) {
    std::vector<std::string> Unknown;
    auto List = rocmtidy::parseGpuTargetList(O.Targets, Unknown);
    if (!Unknown.empty())
      usageError("unknown GPU target '" + Unknown.front() + "' in --targets (see 'rocm-lint list-targets')");
    if (List.empty())
      usageError("option '--targets' names no target");
  }
  // A typo in --checks would otherwise run nothing and report a clean tree.
  bool Any = false;
  clang::tidy::CachedGlobList Enabled(O.Checks);
  for (const RuleDescription &R : allRules())
    Any = Any || Enabled.contains(R.Id);
  if (!Any)
    usageError("--checks='" + O.Checks + "' enables no check (see 'rocm-lint list-checks')");
  return O;
}

// After the first sweep: the project index is the merge of the kernel facts every parse of the
// run recorded, with the kernels of the project's other files that name a kernel still unresolved
// (parsed for their facts alone). A file whose checks got another answer from the first sweep's
// index than this merge gives is analysed again; only those.
static void secondSweep(const Options &Opts, const std::string &Root, const ProjectConfig &Config,
                        const std::vector<InputFile> &Files, std::vector<FileResult> &Results, SourceAnalyzer &Analyzer,
                        rocmtidy::compat::ThreadPool &Pool, const std::string &IndexFile, const std::string &Cwd) {
  std::vector<const FileResult *> Parsed;
  std::set<std::string> Known;
  for (size_t I = 0; I < Files.size(); ++I) {
    Parsed.push_back(&Results[I]);
    Known.insert(Files[I].Absolute);
    Known.insert(Results[I].ReachedFiles.begin(), Results[I].ReachedFiles.end());
  }
  std::shared_ptr<const rocmtidy::ProjectIndex> Merged = mergeKernelFacts(Parsed, Cwd);
  std::set<std::string> Unresolved;
  // A kernel no parse defined, or one no parse launched (the warp check asks how a kernel it
  // defines is launched): the files that spell its name may say.
  for (const FileResult &R : Results)
    for (const auto &[Recorded, Params] : R.IndexLookups) {
      std::string Name = Recorded;
      bool Launch = rocmtidy::ProjectIndex::isLaunchQuestion(Recorded, Name);
      if (Launch ? !Merged->launches(Name, Params) : !Merged->find(Name, Params)) {
        size_t Colon = Name.rfind("::");
        Unresolved.insert(Colon == std::string::npos ? Name : Name.substr(Colon + 2));
      }
    }
  std::vector<InputFile> Others = sourcesNaming(Unresolved, Root, Known, Config.Model.get());
  std::vector<FileResult> OtherFacts(Others.size());
  for (size_t I = 0; I < Others.size(); ++I)
    Pool.async(
        [&, I] { OtherFacts[I] = analyzeContained(Others[I], [&] { return Analyzer.collectFacts(Others[I]); }); });
  Pool.wait();
  if (!Others.empty()) {
    for (const FileResult &R : OtherFacts)
      Parsed.push_back(&R);
    Merged = mergeKernelFacts(Parsed, Cwd);
  }
  std::vector<size_t> Again;
  for (size_t I = 0; I < Files.size(); ++I)
    if (!Files[I].IsCMake && indexAnswersChanged(Results[I], *Merged))
      Again.push_back(I);
  Analyzer.setProjectIndex(Merged);
  for (size_t I : Again)
    Pool.async([&, I] { Results[I] = analyzeContained(Files[I], [&] { return Analyzer.analyze(Files[I]); }); });
  Pool.wait();
  // The next run's first sweep starts from this merge.
  bool Kept = !IndexFile.empty() && writeIndexFile(IndexFile, *Merged);
  if (Opts.Verbose)
    std::fprintf(stderr,
                 "rocm-lint: project index: %zu kernel definition%s from this run's parses and %zu other file%s; "
                 "%zu file%s analysed again%s%s\n",
                 Merged->kernels().size(), Merged->kernels().size() == 1 ? "" : "s", Others.size(),
                 Others.size() == 1 ? "" : "s", Again.size(), Again.size() == 1 ? "" : "s", Kept ? "; " : "",
                 Kept ? IndexFile.c_str() : "");
}

static int runLint(int Argc, char **Argv) {
  Options Opts = parseArgs(Argc, Argv);
  // The serial parts of a run around its analyses: what a single file waits for besides its passes.
  auto Trace = [&](const char *What) {
    if (Opts.TracePasses)
      std::fprintf(stderr, "rocm-lint: trace: %s at %.3f s, main thread cpu %.3f s\n", What, runSeconds(),
                   threadCpuSeconds());
  };
  Trace("options read");
  enableCrashContainment();
  std::vector<InputFile> Files;
  ProjectConfig Config;
  std::string Error;
  if (!collectInputs(Opts, Files, Config, Error))
    usageError(Error);
  if (!Opts.Quiet)
    for (const std::string &L : Config.OutsideLinks)
      std::fprintf(stderr, "rocm-lint: note: '%s' is a link to a file outside the repository; it was not read\n",
                   escapeControlCharacters(L).c_str());
  if (!checkOutputPath(Opts.OutputFile, Files, Error))
    usageError(Error);
  if (!Config.Targets.empty() && Opts.Targets.empty()) {
    std::vector<std::string> Unknown;
    rocmtidy::parseGpuTargetList(Config.Targets, Unknown);
    if (!Unknown.empty())
      usageError("unknown GPU target '" + Unknown.front() + "' in " + Config.Dir + "/.rocm-lint");
  }
  // Path order across all roots: the order findings stream in, whatever order the roots were named.
  std::stable_sort(Files.begin(), Files.end(),
                   [](const InputFile &A, const InputFile &B) { return A.Display < B.Display; });
  rocmtidy::project::BuildStyleQuery StyleQuery{Opts.Paths, Opts.BuildDir, Config.BuildStyle, Config.Dir, {}};
  for (const InputFile &F : Files)
    StyleQuery.Inputs.push_back(F.Absolute);
  const rocmtidy::project::BuildStyleDecision Style = rocmtidy::project::detectBuildStyle(*Config.Model, StyleQuery);
  Config.HipifiedAtBuild = Style.Style == rocmtidy::project::BuildStyle::Hipify;
  Config.HipBuild =
      std::make_shared<rocmtidy::project::HipBuildFlags>(rocmtidy::project::HipBuildFlags::fromModel(*Config.Model));
  if (Opts.Verbose)
    for (const std::string &Line : hipBuildFlagNotes(*Config.HipBuild, Files, Config.Model->cwd()))
      std::fprintf(stderr, "rocm-lint: %s\n", Line.c_str());
  size_t SkippedOffHip = 0;
  std::set<std::string> DroppedFolders; // folders of other backends' sources only
  {
    std::vector<std::string> Skipped, Notes;
    dropFilesOutsideHipBuild(Opts, Config, Files, Skipped, Notes, &DroppedFolders);
    SkippedOffHip += Skipped.size();
    if (Opts.Verbose)
      for (const std::string &S : Skipped)
        std::fprintf(stderr, "rocm-lint: skipped %s\n", S.c_str());
    if (!Opts.Quiet)
      for (const std::string &N : Notes)
        std::fprintf(stderr, "rocm-lint: note: %s\n", N.c_str());
  }
  if (!Opts.Quiet)
    std::fprintf(stderr, "rocm-lint: build style: %s (%s)%s\n", rocmtidy::project::buildStyleName(Style.Style),
                 Style.Reason.c_str(),
                 Style.Style == rocmtidy::project::BuildStyle::Hipify ? "; CUDA headers and API names are not findings"
                                                                      : "");
  if (Opts.Targets.empty() && Config.Targets.empty()) {
    Config.BuildTargets =
        std::make_shared<rocmtidy::project::BuildTargets>(rocmtidy::project::BuildTargets::fromModel(*Config.Model));
    for (const std::string &Line : buildTargetNotes(*Config.BuildTargets, Files, Config.Model->cwd(), Opts.Verbose))
      if (!Opts.Quiet || Line.compare(0, 5, "note:") != 0)
        std::fprintf(stderr, "rocm-lint: %s\n", escapeControlCharacters(Line).c_str());
  }
  SourceAnalyzer Analyzer(Opts, Config);
  if (!Analyzer.prepare(Files, Error))
    usageError(Error);
  if (Analyzer.usesBuiltinHeaders() && !Opts.Quiet && Opts.Headers == HipHeaders::Auto)
    std::fprintf(stderr, "rocm-lint: note: no ROCm installation found; using the built-in declarations-only HIP "
                         "header\n");
  // The project index (ProjectIndexer.h): the first sweep's checks consult what the previous run
  // over these inputs merged; this run's merge decides which files are analysed again.
  const std::string IndexFile = Opts.ProjectIndex ? indexFileFor(Opts, Files) : "";
  std::shared_ptr<const rocmtidy::ProjectIndex> FirstIndex;
  if (Opts.ProjectIndex) {
    FirstIndex = readIndexFile(IndexFile);
    if (!FirstIndex)
      FirstIndex = std::make_shared<const rocmtidy::ProjectIndex>();
    Analyzer.setProjectIndex(FirstIndex);
  }

  std::vector<std::string> ScriptInputs;
  for (const InputFile &F : Files)
    if (F.IsCMake)
      ScriptInputs.push_back(F.Absolute);
  bool ProjectBuildsHip = Config.Model && rocmtidy::project::anyCMakeScriptBuildsHip(*Config.Model, ScriptInputs);
  rocmtidy::project::CacheScripts HostCaches;
  if (Config.Model && !ScriptInputs.empty())
    HostCaches = rocmtidy::project::CacheScripts::of(*Config.Model, Config.Model->reader());
  unsigned Jobs = Opts.Jobs ? Opts.Jobs : std::max(1u, std::thread::hardware_concurrency());
  Jobs = std::min<unsigned>(Jobs, std::max<size_t>(1, Files.size()));
  std::vector<FileResult> Results(Files.size());
  std::atomic<size_t> Done{0};
  std::mutex ProgressMu;
  // Sources first, then headers: a header an analysed source reaches is analysed through it (with
  // the source's flags) and not again on its own. A source another input #includes waits with them.
  std::set<std::string> Included = textuallyIncludedSources(Files, Config);
  std::vector<size_t> Order, Headers;
  for (size_t I = 0; I < Files.size(); ++I)
    (SourceAnalyzer::isHeader(Files[I]) || Included.count(Files[I].Absolute) ? Headers : Order).push_back(I);
  std::vector<size_t> *Phase = &Order;

  std::error_code EC;
  std::string Cwd = fs::current_path(EC).string();
  std::set<std::string> InputPaths;
  for (const InputFile &F : Files)
    InputPaths.insert(F.Absolute);
  // Spellings of one file (a/../common.cuh, a symlink) are one location.
  std::map<std::string, std::string> RealPaths;
  auto RealPath = [&](const std::string &P) -> std::string {
    if (P.empty())
      return P;
    auto It = RealPaths.find(P);
    if (It == RealPaths.end()) {
      std::error_code PEC;
      fs::path Real = fs::weakly_canonical(P, PEC);
      It = RealPaths.emplace(P, PEC ? P : Real.string()).first;
    }
    return It->second;
  };
  // File I's findings as the report sees them: excluded headers and findings the build style
  // silences dropped, paths real and relative to the current directory.
  auto SourcedOf = [&](size_t I) {
    std::vector<SourcedFinding> Out;
    for (rocmtidy::Finding F : Results[I].Findings) {
      // A header reached from a source is reported unless the configuration excludes it; a file
      // named as an input is always reported.
      if (!F.File.empty() && !InputPaths.count(F.File) && isExcluded(Config, F.File))
        continue;
      if (rocmtidy::project::quietUnderBuildStyle(Style.Style, F.Check))
        continue;
      F.File = relativeToCwd(RealPath(F.File), Cwd);
      for (auto &N : F.Notes)
        N.File = relativeToCwd(RealPath(N.File), Cwd);
      for (auto &E : F.Fixes)
        E.File = relativeToCwd(RealPath(E.File), Cwd);
      Out.push_back({std::move(F), relativeToCwd(RealPath(Files[I].Absolute), Cwd)});
    }
    return Out;
  };
  // Without a terminal on standard output (CI logs, a pipe), text findings are printed as files
  // finish, in an order that does not depend on -j (FindingStream.h says what waits for the end).
  std::unique_ptr<FindingStream> Stream;
  std::string StreamError;
  if (Opts.Format == OutputFormat::Text && outputIsStdout(Opts.OutputFile) && !isatty(1)) {
    std::vector<size_t> Sequence = Order;
    Sequence.insert(Sequence.end(), Headers.begin(), Headers.end());
    Stream =
        std::make_unique<FindingStream>(std::move(Sequence), Order.size(), SourcedOf, [&](const std::string &Text) {
          return writeReport("", Text, Files, StreamError);
        });
  }

  // A file whose checks asked the index may be analysed again once this run's facts are merged:
  // its findings stream after that.
  std::mutex DeferredMu;
  std::vector<size_t> Deferred;
  FilesInFlight InFlight;
  auto AnalyzeOne = [&](size_t I) {
    InFlight.start(I, Files[I].Display);
    Results[I] = analyzeContained(Files[I], [&] {
      return Files[I].IsCMake ? analyzeCMake(Files[I], Opts.Checks, ProjectBuildsHip, Config.HipifiedAtBuild,
                                             HostCaches.why(Files[I].Absolute), Opts.Verbose)
                              : Analyzer.analyze(Files[I]);
    });
    if (Stream && !Results[I].IndexLookups.empty()) {
      std::lock_guard<std::mutex> L(DeferredMu);
      Deferred.push_back(I);
    } else if (Stream) {
      Stream->done(I);
    }
    InFlight.finish(I);
    size_t D = ++Done;
    if (Opts.Progress && !Opts.Quiet) {
      std::lock_guard<std::mutex> L(ProgressMu);
      std::fprintf(stderr, "\r\033[K[%zu/%zu] %s", D, Files.size(), Files[I].Display.c_str());
      std::fflush(stderr);
    }
  };
  // Without a terminal (CI logs) a line every ~10 s instead of the in-place progress line.
  std::unique_ptr<ProgressTicker> Ticker;
  if (!Opts.Progress && !Opts.Quiet && !Opts.NoProgress && !Files.empty())
    Ticker = std::make_unique<ProgressTicker>(Done, Files.size(), std::chrono::milliseconds(Opts.ProgressIntervalMs),
                                              &InFlight, std::chrono::milliseconds(Opts.SlowFileMs));
  // The pool starts tasks in the order they are queued: files start in path order, as they stream.
  // (Each file runs on its own large-stack thread inside analyzeContained; a pool thread waits.)
  rocmtidy::compat::ThreadPool Pool(llvm::hardware_concurrency(Jobs));
  Trace("analyses start");
  auto RunPhase = [&] {
    for (size_t I : *Phase)
      Pool.async([&AnalyzeOne, I] { AnalyzeOne(I); });
    Pool.wait();
  };
  RunPhase();
  std::map<std::string, std::string> ReachedBy; // real path -> first analysed source reaching it
  for (size_t I : Order)
    for (const std::string &Path : Results[I].ReachedFiles)
      ReachedBy.emplace(Path, Files[I].Display);
  std::vector<size_t> Alone;
  // Headers that no parse reached and that only branches the HIP build skips include: vendor
  // headers of the CUDA build, not analysed as HIP (and not counted as checked).
  std::vector<rocmtidy::SkippedInclude> SkippedSites;
  if (Opts.ProjectIndex && !Opts.IncludeCudaOnly)
    for (size_t I : Order)
      SkippedSites.insert(SkippedSites.end(), Results[I].SkippedIncludes.begin(), Results[I].SkippedIncludes.end());
  std::vector<bool> OffHip(Files.size(), false);
  // A header that a Fortran source includes and no parse reached is Fortran ('include
  // "common6.h"' in a code whose GPU part is C++): parsed as C++ it is only compiler errors.
  // Likewise a header that only another accelerator's sources (.mlu, .mu, .cl) include, and one
  // whose path the host code spells in program text for hipRTC/NVRTC.
  const std::map<std::string, OtherLanguageInclude> OtherIncludes =
      otherLanguageIncludeFiles(Files, Headers, ReachedBy, Config);
  std::map<rocmtidy::project::OtherLanguage, size_t> SkippedOther;
  for (size_t I : Headers) {
    std::error_code HEC;
    auto It = ReachedBy.find(fs::weakly_canonical(Files[I].Absolute, HEC).string());
    if (auto F = OtherIncludes.find(Files[I].Absolute); It == ReachedBy.end() && F != OtherIncludes.end()) {
      OffHip[I] = true;
      ++SkippedOther[F->second.Language];
      if (Opts.Verbose)
        std::fprintf(stderr, "rocm-lint: skipped %s: a %s (%s %s)\n", Files[I].Display.c_str(),
                     otherLanguageHeaderName(F->second.Language, 1).c_str(),
                     F->second.Language == rocmtidy::project::OtherLanguage::RunTime &&
                             !rocmtidy::isHeaderName(F->second.Includer)
                         ? "named in a string of"
                         : "included by",
                     relativeToCwd(F->second.Includer, Cwd).c_str());
      ++Done;
      if (Stream)
        Stream->done(I);
      continue;
    }
    if (It == ReachedBy.end()) {
      std::string Why = onlyIncludedOffHip(Files[I], SkippedSites, DroppedFolders, Included.count(Files[I].Absolute));
      unsigned TemplateLine = 0;
      if (Why.empty())
        if (std::optional<std::string> Text = textReader(Config, rocmtidy::project::MaxReadBytes)(Files[I].Absolute))
          TemplateLine = rocmtidy::project::configureTemplateLine(*Text);
      if (TemplateLine) {
        // Analysed alone it is only compiler errors; the build's filled copy is what sources include.
        Results[I].Notices.push_back(
            Files[I].Display + ":" + std::to_string(TemplateLine) +
            ": not analysed: a configure_file template (a '#cmakedefine' or '#mesondefine' line), not "
            "C++ as it stands");
        ++Done;
        if (Stream)
          Stream->done(I);
        continue;
      }
      if (Why.empty()) {
        Alone.push_back(I);
        continue;
      }
      OffHip[I] = true;
      ++SkippedOffHip;
      if (Opts.Verbose)
        std::fprintf(stderr, "rocm-lint: skipped %s: %s\n", Files[I].Display.c_str(), Why.c_str());
      ++Done;
      if (Stream)
        Stream->done(I);
      continue;
    }
    Results[I].Status.AnalysedThrough = It->second;
    ++Done;
    if (Stream)
      Stream->done(I);
  }
  for (const auto &[I, Includer] : onlyIncludedByOffHipHeaders(Files, Alone, OffHip, Config, Cwd)) {
    ++SkippedOffHip;
    if (Opts.Verbose)
      std::fprintf(stderr, "rocm-lint: skipped %s: only included by headers the HIP build does not take (%s)\n",
                   Files[I].Display.c_str(), Includer.c_str());
    ++Done;
    if (Stream)
      Stream->done(I);
  }
  {
    std::vector<std::string> Through;
    chooseIncluders(Files, Alone, Config, Cwd, Through);
    if (Opts.Verbose)
      for (const std::string &N : Through)
        std::fprintf(stderr, "rocm-lint: %s\n", N.c_str());
  }
  Phase = &Alone;
  RunPhase();
  excuseMissedFragments(Files, Order, Alone, Config, Results);
  excuseOrphanHeaders(Files, Alone, Config, Results);
  excuseGeneratorTemplates(Files, Config, Results);
  Trace("first sweep done");
  if (Opts.ProjectIndex)
    secondSweep(Opts, Style.Root, Config, Files, Results, Analyzer, Pool, IndexFile, Cwd);
  Trace("analyses done");
  for (size_t I : Deferred)
    Stream->done(I);
  Ticker.reset();
  if (Stream)
    Stream->finish();
  // The skipped vendor headers leave the report (their results are empty).
  for (size_t I = Files.size(); I-- > 0;)
    if (OffHip[I]) {
      Files.erase(Files.begin() + I);
      Results.erase(Results.begin() + I);
    }
  if (Opts.Progress && !Opts.Quiet && !Files.empty())
    std::fprintf(stderr, "\r\033[K");
  if (Opts.Verbose && Analyzer.cacheStats().Enabled) {
    // What each reported result came from (a file analysed again in the second sweep counts once).
    unsigned Reused = 0, Analysed = 0;
    for (size_t I = 0; I < Files.size(); ++I)
      if (!Files[I].IsCMake && Results[I].Status.AnalysedThrough.empty())
        ++(Results[I].FromCache ? Reused : Analysed);
    std::fprintf(stderr, "rocm-lint: result cache: %u reused, %u analysed\n", Reused, Analysed);
  }

  for (const FileResult &R : Results)
    for (const std::string &N : R.Notices)
      std::fprintf(stderr, "rocm-lint: %s\n", N.c_str());
  RunOutcome Outcome = mergeResults(Files, Results, SourcedOf, Opts.Strict, Cwd);
  const std::vector<rocmtidy::Finding> &Unique = Outcome.Findings;
  const std::vector<std::string> &Errors = Outcome.Errors;
  const std::vector<FileReport> &Reports = Outcome.Reports;
  const ParsedFiles &Parsed = Outcome.Parsed;
  std::vector<std::string> RunErrors; // the run itself could not complete (report, fixes)

  std::string Out = formatReport(Opts.Format, Unique, unsigned(Files.size()), Reports, Cwd);
  // The streamed text already went to standard output.
  bool ReportFailed = Stream ? Stream->failed() : !writeReport(Opts.OutputFile, Out, Files, Error);
  if (ReportFailed)
    RunErrors.push_back(Stream ? StreamError : Error);

  if (Opts.Fix) {
    rocmtidy::FixRequest Req;
    // The .rocm-lint folder, else the repository root of the project model.
    Req.ProjectRoot = Config.Dir.empty() ? realPathOf(Config.Model->root()) : projectRoot(Config, Cwd);
    Req.FixOutside = Opts.FixOutside;
    rocmtidy::FixReport Rep = rocmtidy::applyFixesSafely(Unique, Parsed.Hashes, Parsed.Changed, Req);
    for (const std::string &N : Rep.Notes)
      if (!Opts.Quiet)
        std::fprintf(stderr, "rocm-lint: note: %s\n", N.c_str());
    RunErrors.insert(RunErrors.end(), Rep.Errors.begin(), Rep.Errors.end());
    if (!Opts.Quiet)
      std::fprintf(stderr, "rocm-lint: applied %u fix%s to %u file%s%s\n", Rep.Applied, Rep.Applied == 1 ? "" : "es",
                   Rep.FilesChanged, Rep.FilesChanged == 1 ? "" : "s",
                   Rep.Skipped ? (", skipped " + std::to_string(Rep.Skipped) + " overlapping").c_str() : "");
  }

  Trace("report written");
  for (const std::string &E : Errors)
    std::fprintf(stderr, "rocm-lint: error: %s\n", escapeControlCharacters(E).c_str());
  for (const std::string &E : RunErrors)
    std::fprintf(stderr, "rocm-lint: error: %s\n", escapeControlCharacters(E).c_str());
  for (const FileReport &R : Reports)
    if (R.Status.Status == AnalysisStatus::Recovered && (!Opts.Quiet || Opts.Strict))
      std::fprintf(stderr, "rocm-lint: %s: %s\n", Opts.Strict ? "error" : "note", statusNote(R).c_str());
  std::string Skips;
  if (SkippedOffHip)
    Skips += ", " + std::to_string(SkippedOffHip) +
             " skipped as not in the HIP build (--include-cuda-only analyses them; --verbose names them)";
  for (const auto &[Language, Count] : SkippedOther)
    Skips += ", " + std::to_string(Count) + " " + otherLanguageHeaderName(Language, Count) + " skipped";
  if (!Opts.Quiet)
    std::fprintf(stderr, "rocm-lint: %zu finding%s in %zu file%s checked%s%s\n", Unique.size(),
                 Unique.size() == 1 ? "" : "s", Files.size(), Files.size() == 1 ? "" : "s",
                 statusSummary(Reports).c_str(), Skips.c_str());
  return exitStatusFor(Opts.FailOn, !RunErrors.empty(), !Errors.empty() || Outcome.StrictFailure, !Unique.empty());
}

// "rocm-lint index PATH... --output=FILE": the index for a stock clang-tidy or rocm-clangd, named
// by the check option RocmProjectIndex.
static int runIndex(int Argc, char **Argv) {
  Options Opts = parseArgs(Argc, Argv);
  if (Opts.OutputFile.empty())
    usageError("'rocm-lint index' needs --output=FILE");
  std::vector<InputFile> Files;
  ProjectConfig Config;
  std::string Error;
  if (!collectInputs(Opts, Files, Config, Error))
    usageError(Error);
  // The kernel facts of each file's own parse (one pass, no checks; cached like an analysis).
  SourceAnalyzer Analyzer(Opts, Config);
  if (!Analyzer.prepare(Files, Error))
    usageError(Error);
  std::vector<FileResult> Results(Files.size());
  {
    unsigned Jobs = Opts.Jobs ? Opts.Jobs : std::max(1u, std::thread::hardware_concurrency());
    rocmtidy::compat::ThreadPool Pool(llvm::hardware_concurrency(Jobs));
    for (size_t I = 0; I < Files.size(); ++I)
      if (!Files[I].IsCMake)
        Pool.async(
            [&, I] { Results[I] = analyzeContained(Files[I], [&] { return Analyzer.collectFacts(Files[I]); }); });
    Pool.wait();
  }
  std::vector<const FileResult *> All;
  All.reserve(Results.size());
  for (const FileResult &R : Results)
    All.push_back(&R);
  // Notes name the definition the way the index file's user sees it: by its real path.
  std::shared_ptr<const rocmtidy::ProjectIndex> Index = mergeKernelFacts(All, "");
  // The same output rules as the report: a regular file or a new path, never an input.
  if (!writeReport(Opts.OutputFile, Index->toJson(), Files, Error))
    usageError(Error);
  if (!Opts.Quiet)
    std::fprintf(stderr, "rocm-lint: indexed %zu kernel definition%s in %zu file%s\n", Index->kernels().size(),
                 Index->kernels().size() == 1 ? "" : "s", Files.size(), Files.size() == 1 ? "" : "s");
  return 0;
}

static int listChecks() {
  for (const RuleDescription &R : allRules())
    std::printf("%-36s %s\n", R.Id.c_str(), R.Summary.c_str());
  return 0;
}

static int listTargets() {
  std::printf("%-8s %-15s %-10s %-9s %-8s %s\n", "target", "family", "wavefront", "LDS", "max WG", "products");
  for (const rocmtidy::GpuTarget &T : rocmtidy::allGpuTargets()) {
    std::string W;
    for (unsigned X : T.WavefrontSizes)
      W += (W.empty() ? "" : "/") + std::to_string(X);
    std::string P;
    for (const auto &X : T.Products)
      P += (P.empty() ? "" : ", ") + X;
    std::printf("%-8s %-15s %-10s %-9s %-8u %s\n", T.Name.c_str(), T.Family.c_str(), W.c_str(),
                (std::to_string(T.LdsBytes / 1024) + " KiB").c_str(), T.MaxWorkgroupSize, P.c_str());
  }
  return 0;
}

} // namespace rocmlint

int main(int Argc, char **Argv) {
  using namespace rocmlint;
  if (Argc >= 2) {
    std::string Cmd = Argv[1];
    if (Cmd == "list-checks")
      return listChecks();
    if (Cmd == "list-targets")
      return listTargets();
    if (Cmd == "index")
      return runIndex(Argc - 1, Argv + 1);
    if (Cmd == "explain")
      return runExplain(std::vector<std::string>(Argv + 2, Argv + Argc));
    if (Cmd == "notebook")
      return runNotebook(std::vector<std::string>(Argv + 2, Argv + Argc));
    if (Cmd == "doctor")
      return runDoctor(std::vector<std::string>(Argv + 2, Argv + Argc));
    if (Cmd == "--dump-cmake")
      return runDumpCMake(std::vector<std::string>(Argv + 2, Argv + Argc));
  }
  return runLint(Argc, Argv);
}
