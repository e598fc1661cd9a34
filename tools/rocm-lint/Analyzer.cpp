// The clang-tidy side of rocm-lint: the host and device pass of each file, the result cache, and
// the conversion of clang-tidy's diagnostics into rocmtidy::Finding (AnalyzerImpl.h names the
// other parts).
#include "AnalyzerImpl.h"
#include "FileBytes.h"
#include "HipBuildFiles.h"
#include "ProjectIndexer.h"
#include "ProjectPaths.h"
#include "Safety.h"
#include "TidyConfig.h"
#include "Timeline.h"
#include "ast/Compat.h"

#include "ast/KernelFacts.h"
#include "core/CheckCatalog.h"
#include "core/CommandSanitizer.h"
#include "core/GpuTargets.h"
#include "core/ProjectIndex.h"
#include "project/HipBuildFlags.h"

#include "clang-tidy/ClangTidyOptions.h"
#include "clang-tidy/GlobList.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <thread>

namespace fs = std::filesystem;
using namespace clang;
using namespace clang::tooling;

namespace rocmlint {

// The processor the device pass compiles for when the command names none, for a run's targets.
static std::string offloadArchFor(const std::string &Targets) {
  std::vector<std::string> Unknown;
  auto List = rocmtidy::parseGpuTargetList(Targets.empty() ? rocmtidy::DefaultGpuTargets : Targets, Unknown);
  const rocmtidy::GpuTarget *Device = rocmtidy::deviceParseTarget(List);
  return rocmtidy::compat::offloadArchForThisClang(Device ? Device->offloadArch() : "gfx90a");
}

SourceAnalyzer::SourceAnalyzer(const Options &Opts, const ProjectConfig &Config) : P(std::make_shared<Impl>()) {
  P->Opts = Opts;
  P->Config = Config;
  // What the user named on the command line (not .rocm-lint or a compile database) may be read.
  trustReadRootsOf(Opts, Config);
  P->Targets = !Opts.Targets.empty() ? Opts.Targets : Config.Targets;
  P->OffloadArch = offloadArchFor(P->Targets);
  switch (Opts.Headers) {
  case HipHeaders::Builtin:
    P->Builtin = true;
    break;
  case HipHeaders::System:
    P->Builtin = false;
    break;
  case HipHeaders::Auto: {
    std::vector<std::string> Candidates = {"/usr/include/hip/hip_runtime.h", "/opt/rocm/include/hip/hip_runtime.h"};
    if (const char *R = std::getenv("ROCM_PATH"))
      Candidates.insert(Candidates.begin(), std::string(R) + "/include/hip/hip_runtime.h");
    P->Builtin = true;
    for (const std::string &C : Candidates)
      if (fs::exists(C))
        P->Builtin = false;
    break;
  }
  }
  BuiltinHeaders = P->Builtin;
  // The project's .clang-tidy cannot enable a check: the run's checks are "-*," + --checks.
  rocmtidy::CheckPasses Read{false, false};
  clang::tidy::CachedGlobList Enabled(Opts.Checks);
  for (const RuleDescription &Rule : allRules())
    if (Enabled.contains(Rule.Id)) {
      rocmtidy::CheckPasses C = rocmtidy::checkPasses(Rule.Id);
      Read.Host |= C.Host;
      Read.Device |= C.Device;
    }
  // Only build-script rules: the sources are still parsed, for their status and kernel facts.
  if (Read.Host || Read.Device) {
    P->HostUnread = !Read.Host;
    P->DeviceUnread = !Read.Device;
  }
  P->Cache = std::make_shared<ResultCache>(cacheDirectory(Opts));
  P->Slots = Opts.Jobs ? Opts.Jobs : std::max(1u, std::thread::hardware_concurrency());
}

bool SourceAnalyzer::Impl::takeSpareSlot() {
  unsigned Now = Busy.load();
  while (Now < Slots)
    if (Busy.compare_exchange_weak(Now, Now + 1))
      return true;
  return false;
}

namespace {
// Holds one slot for the duration of a parse.
class SlotHold {
public:
  explicit SlotHold(std::atomic<unsigned> &Busy, bool Taken = false) : Busy(Busy) {
    if (!Taken)
      ++Busy;
  }
  ~SlotHold() { --Busy; }
  SlotHold(const SlotHold &) = delete;
  SlotHold &operator=(const SlotHold &) = delete;

private:
  std::atomic<unsigned> &Busy;
};

// What one pass leaves behind, merged in pass order once every pass is done.
struct PassOutput {
  std::vector<tidy::ClangTidyError> Errors;
  ParsedFiles Parsed;
  FileSystemReads Reads;
  std::vector<std::pair<std::string, unsigned>> IndexLookups;
  rocmtidy::TranslationUnitFacts Facts;
  rocmtidy::DeviceCodeSeen DeviceCode;
  bool Crashed = false;
  bool Skipped = false;
  TimedSpan Time;
};
} // namespace

void SourceAnalyzer::setProjectIndex(std::shared_ptr<const rocmtidy::ProjectIndex> Index) {
  P->Index = std::move(Index);
}

FileResult SourceAnalyzer::collectFacts(const InputFile &F) const { return analyzeAs(F, /*FactsOnly=*/true); }

FileResult SourceAnalyzer::analyze(const InputFile &F) const {
  return F.Through.empty() ? analyzeAs(F, /*FactsOnly=*/false) : analyzeThrough(F);
}

// A named header as its includer compiles it: the includer's flags and what it includes first (a
// compatibility header that maps the CUDA names). Only the header's own findings are its result.
// The header's own parse is the result instead when the includer's parse fails, never reaches the
// header (an #if branch the HIP build skips), or drops more declarations (the includer needs
// headers the header does not, such as a framework's, and loses the code using them) while the
// header alone compiles. The header is parsed on its own only to decide those cases: an includer that drops nothing
// cannot lose. Where both parses fail, the includer's findings in the header are kept beside the header's own.
FileResult SourceAnalyzer::analyzeThrough(const InputFile &F) const {
  InputFile Includer{F.ThroughDisplay, F.Through, false, false, "", ""};
  FileResult R = analyzeAs(Includer, /*FactsOnly=*/false);
  std::error_code EC;
  std::string Real = fs::weakly_canonical(F.Absolute, EC).string();
  std::string Why;
  bool KeepThroughFindings = false;
  std::optional<FileResult> Alone;
  bool Reached = std::find(R.ReachedFiles.begin(), R.ReachedFiles.end(), Real) != R.ReachedFiles.end();
  if (R.Status.Status == AnalysisStatus::Failed) {
    Why = "its parse failed";
    // A header that needs what its includer declares first (a unity build's parts) fails alone
    // too; what the includer's parse saw of it, with the build's flags, then stands beside that.
    Alone = analyzeAs(F, /*FactsOnly=*/false);
    KeepThroughFindings = Reached && Alone->Status.Status == AnalysisStatus::Failed;
  } else if (!Reached) {
    Why = "its parse does not reach it";
  } else if (R.Status.DroppedDeclarations > 0) {
    Alone = analyzeAs(F, /*FactsOnly=*/false);
    // A header that does not compile alone (it uses its includer's macros and types) loses more
    // there than any count of dropped declarations says: the includer's partial parse stands.
    if (Alone->Status.Status != AnalysisStatus::Failed &&
        R.Status.DroppedDeclarations > Alone->Status.DroppedDeclarations) {
      Why = "it drops " + std::to_string(R.Status.DroppedDeclarations) + " declarations, the header alone " +
            std::to_string(Alone->Status.DroppedDeclarations);
      // The declarations it drops may be anywhere in the includer's translation unit; what it did see of the
      // header was seen with the build's own flags, so its findings there stand beside the header's own.
      KeepThroughFindings = true;
    }
  }
  if (!Why.empty()) {
    if (!Alone)
      Alone = analyzeAs(F, /*FactsOnly=*/false);
    if (P->Opts.Verbose)
      Alone->Notices.push_back(F.Display + ": analysed on its own, not through " + F.ThroughDisplay + ": " + Why);
    if (KeepThroughFindings) {
      for (rocmtidy::Finding &Found : R.Findings) {
        if (Found.File != Real && fs::weakly_canonical(Found.File, EC).string() != Real)
          continue;
        bool Known = std::any_of(Alone->Findings.begin(), Alone->Findings.end(), [&](const rocmtidy::Finding &A) {
          return A.Line == Found.Line && A.Column == Found.Column && A.Check == Found.Check;
        });
        if (!Known)
          Alone->Findings.push_back(std::move(Found));
      }
      rocmtidy::sortByOffset(Alone->Findings);
    }
    return std::move(*Alone);
  }
  std::vector<rocmtidy::Finding> Own;
  for (rocmtidy::Finding &Found : R.Findings)
    if (Found.File == Real || fs::weakly_canonical(Found.File, EC).string() == Real)
      Own.push_back(std::move(Found));
  R.Findings = std::move(Own);
  R.Status.AnalysedThrough = F.ThroughDisplay;
  return R;
}

SourceAnalyzer::CacheStats SourceAnalyzer::cacheStats() const {
  return {P->Cache->enabled(), P->Cache->hits(), P->Cache->misses()};
}

// "host", "device", or "single" for a file with one pass (C++, or a command limited to one side).
static std::string passName(const std::vector<std::string> &Argv) {
  for (const std::string &A : Argv) {
    if (A == "--cuda-host-only" || A == "--offload-host-only")
      return "host";
    if (A == "--cuda-device-only" || A == "--offload-device-only")
      return "device";
  }
  return "single";
}

// clang names files as they were reached: relative to the command's directory for -I paths.
// Findings are keyed by the real path, so a header reached through two spellings (a symbolic
// link, "a/../b") is one file.
static std::string absolutePath(const std::string &Path, const std::string &WorkDir) {
  return realPathOf(Path, WorkDir);
}

// '--rocm-path=/opt/rocm' from a compile_flags.txt or a database written on another machine: where
// that folder is missing, clang stops with "cannot find HIP runtime" before reading the file. Without
// it the HIP headers are the ones rocm-lint chose (--hip-headers), as for any inferred command.
static void dropMissingToolkitPaths(std::vector<std::string> &Argv, const std::string &WorkDir,
                                    const std::string &Display, std::vector<std::string> *Notices) {
  llvm::erase_if(Argv, [&](const std::string &A) {
    for (llvm::StringRef Option : {"--rocm-path=", "--hip-path=", "--rocm-device-lib-path=", "--cuda-path="}) {
      llvm::StringRef Value(A);
      if (!Value.consume_front(Option))
        continue;
      llvm::SmallString<256> Dir(Value);
      if (!Value.empty() && !llvm::sys::path::is_absolute(Dir))
        Dir = (llvm::Twine(WorkDir) + "/" + Value).str();
      if (!Value.empty() && llvm::sys::fs::is_directory(Dir))
        return false;
      if (Notices) {
        std::string Notice = "command: " + Display;
        Notice += ": dropped '" + A + "' from the compile command (not a folder on this machine)";
        Notices->push_back(std::move(Notice));
      }
      return true;
    }
    return false;
  });
}

FileResult SourceAnalyzer::analyzeAs(const InputFile &F, bool FactsOnly) const {
  FileResult R;
  TimedSpan Before;
  Before.start();
  std::string WorkDir;
  bool FromDb;
  std::vector<std::string> Base = P->commandFor(F, WorkDir, FromDb);
  bool Gpu = false, CudaSource = false, CSource = false, RuntimeCompiled = false;
  // Without a choice of the user's, a file is analysed for the targets its build scripts name.
  std::string Targets = P->Targets, OffloadArch = P->OffloadArch;
  if (Targets.empty() && P->Config.BuildTargets) {
    Targets = buildTargetsFor(*P->Config.BuildTargets, F.Through.empty() ? F.Absolute : F.Through, "");
    if (!Targets.empty())
      OffloadArch = offloadArchFor(Targets);
  }
  std::vector<std::string> Argv =
      P->translate(Base, F.Absolute, OffloadArch, Gpu, CudaSource, CSource, RuntimeCompiled);
  if (RuntimeCompiled)
    R.Notices.push_back(F.Display + ": includes no HIP or CUDA runtime header (a kernel source for hiprtc/NVRTC, "
                                    "one that relies on nvcc's implicit cuda_runtime.h, or one that gets it through a "
                                    "header from outside the repository): 'hip/hip_runtime.h' was force-included for "
                                    "its device declarations");
  // The command comes from the repository: nothing in it may write or load a file (docs/security.md).
  std::vector<rocmtidy::DroppedFlag> Dropped;
  Argv = rocmtidy::sanitizeCompileCommand(Argv, F.Absolute, Dropped);
  if (P->Opts.Verbose)
    for (const rocmtidy::DroppedFlag &D : Dropped)
      R.Notices.push_back("command: " + F.Display + ": dropped '" + D.Flag + "' from the compile command (" + D.Reason +
                          ")");

  dropMissingToolkitPaths(Argv, WorkDir, F.Display, P->Opts.Verbose ? &R.Notices : nullptr);

  bool HostOnly = false, DeviceOnly = false;
  for (const std::string &A : Argv) {
    HostOnly |= A == "--cuda-host-only" || A == "--offload-host-only";
    DeviceOnly |= A == "--cuda-device-only" || A == "--offload-device-only";
  }
  std::vector<std::vector<std::string>> Passes;
  // Passes[1] is a device pass that runs only where the host pass saw device code of the user's.
  bool DeviceOnDemand = false;
  if (!Gpu || HostOnly || DeviceOnly) {
    Passes.push_back(Argv);
  } else {
    auto Host = Argv, Device = Argv;
    Host.insert(Host.begin() + 1, "--cuda-host-only");
    Device.insert(Device.begin() + 1, "--cuda-device-only");
    // CUDA code guards device-only code with __CUDA_ARCH__, which HIP never defines; hipify-based
    // builds define it for the device compile of the code they translate.
    if (CudaSource)
      Device.insert(Device.begin() + 1, "-D__CUDA_ARCH__=700");
    // Code under __HIP_DEVICE_COMPILE__ exists only in the device pass. The kernel facts of a file
    // no check looks at come from the host pass alone.
    bool RunDevice = P->Opts.DevicePass && !FactsOnly && !P->DeviceUnread;
    bool RunHost = !RunDevice || !P->HostUnread;
    if (RunHost)
      Passes.push_back(Host);
    if (RunDevice)
      Passes.push_back(Device);
    DeviceOnDemand = RunHost && RunDevice;
    if (P->Opts.Verbose && !FactsOnly && (!RunHost || (P->Opts.DevicePass && !RunDevice)))
      R.Notices.push_back(F.Display + ": " + (RunHost ? "device" : "host") +
                          " pass skipped: no enabled check reads it (--checks='" + P->Opts.Checks + "')");
  }

  tidy::ClangTidyOptions Overrides;
  Overrides.Checks = FactsOnly ? std::string("-*") : "-*," + P->Opts.Checks;
  // C code has no kernels, launches or warp code: only the include and allocation checks apply.
  if (CSource)
    Overrides.Checks = *Overrides.Checks + ",-rocm-warp-size-assumption,-rocm-hardcoded-block-size,-rocm-lds-limit";
  // Findings in the project's own headers are reported through the sources that include them,
  // with the sources' flags (deduplicated later); system headers stay out.
  Overrides.HeaderFilterRegex = ".*";
  Overrides.SystemHeaders = false;
  if (!Targets.empty())
    Overrides.CheckOptions["RocmTargets"] = tidy::ClangTidyOptions::ClangTidyValue(Targets);

  std::map<std::string, LineTable> Lines;
  auto LinesOf = [&](const std::string &Path) -> const LineTable & {
    auto It = Lines.find(Path);
    if (It == Lines.end())
      It = Lines.emplace(Path, LineTable(readFileBytes(Path).value_or(std::string()))).first;
    return It->second;
  };
  std::set<std::string> SeenFindings;
  std::vector<CompilerError> CompilerErrors;

  if (P->Opts.Verbose)
    for (const auto &Pass : Passes) {
      std::string Line = "command: " + F.Display + ": (in " + WorkDir + ")";
      for (const std::string &A : Pass)
        Line += " " + A;
      R.Notices.push_back(Line);
    }
  if (P->Opts.Verbose && P->Opts.SkipSystemBodies)
    R.Notices.push_back(F.Display +
                        ": bodies of functions in system headers left unparsed (--parse-system-bodies parses them)");

  // Everything that decides the result before parsing; what parsing reads is checked on lookup.
  std::shared_ptr<const rocmtidy::ProjectIndex> Index = FactsOnly ? nullptr : P->Index;
  std::string CacheKey;
  if (P->Cache->enabled()) {
    std::error_code CwdEC;
    std::vector<std::string> Parts = {F.Absolute,
                                      F.Display,
                                      WorkDir,
                                      fs::current_path(CwdEC).string(),
                                      *Overrides.Checks,
                                      Targets,
                                      Index ? "index" : "no index",
                                      P->Opts.ProjectIndex ? "facts" : "no facts",
                                      P->Opts.SkipSystemBodies ? "system bodies skipped" : "system bodies parsed"};
    // The driver adds these folders to the search path: another value is another parse.
    for (const char *Var : {"CPATH", "C_INCLUDE_PATH", "CPLUS_INCLUDE_PATH", "OBJC_INCLUDE_PATH"}) {
      const char *V = std::getenv(Var);
      Parts.push_back(std::string(Var) + "=" + (V ? V : "") + (V ? "" : "(unset)"));
    }
    for (const auto &Pass : Passes) {
      std::string Joined;
      for (const std::string &A : Pass)
        Joined += A + '\0';
      Parts.push_back(Joined);
    }
    // A .clang-tidy that appears later changes the options without changing any file read before.
    for (fs::path D = fs::path(F.Absolute).parent_path(); !D.empty(); D = D.parent_path()) {
      std::error_code EC;
      if (fs::exists(D / ".clang-tidy", EC))
        Parts.push_back((D / ".clang-tidy").string());
      if (D == D.root_path())
        break;
    }
    CacheKey = ResultCache::makeKey(Parts);
    // --fix edits files: its edits come from this parse, checked against the bytes it read, never
    // from an entry someone may have written.
    if (!P->Opts.Fix)
      if (std::optional<FileResult> Hit = P->Cache->lookup(CacheKey, F.Absolute, Index.get())) {
        Hit->Notices = std::move(R.Notices);
        Hit->FromCache = true;
        return std::move(*Hit);
      }
  }
  Before.stop();
  SlotHold Mine(P->Busy);
  std::vector<RecoveryLog> Logs(Passes.size());
  std::vector<PassOutput> Out(Passes.size());
  auto RunPass = [&](size_t PassIndex) {
    PassOutput &O = Out[PassIndex];
    O.Time.start();
    // The index reaches this pass's checks as the value of their option RocmProjectIndex, a handle
    // through which each pass records its own lookups.
    auto IndexLog = std::make_shared<rocmtidy::IndexLookupLog>();
    std::optional<rocmtidy::IndexRegistration> Registered;
    if (Index)
      Registered.emplace(rocmtidy::IndexHandle{Index, IndexLog});
    tidy::ClangTidyOptions PassOverrides = Overrides;
    PassOverrides.CheckOptions["RocmProjectIndex"] =
        tidy::ClangTidyOptions::ClangTidyValue(Registered ? Registered->value() : std::string());
    auto Overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
        // A file system with its own working directory: the shared real one would chdir the whole
        // process for each compile command, under the feet of the other worker threads.
        // It records the bytes parsed, for --fix to check the file is unchanged before editing it.
        // Below it, what the cache needs: the path each file was reached through, and each miss.
        // Nothing outside the repository and the system include folders is read (Recovery.h).
        makeContainedFileSystem(
            makeRecordingFileSystem(
                makeReadRecordingFileSystem(
                    llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>(llvm::vfs::createPhysicalFileSystem()), O.Reads),
                O.Parsed),
            repositoryRootOf(F.Absolute), Logs[PassIndex]));
    Overlay->pushOverlay(makeRecoveryFiles(P->Builtin, P->Config.HipBuild
                                                           ? P->Config.HipBuild->configured()
                                                           : std::vector<std::pair<std::string, std::string>>()));
    CompileCommand Cmd(WorkDir, F.Absolute, Passes[PassIndex], "");
    OneCommandDatabase Db(Cmd);
    tidy::ClangTidyGlobalOptions Global;
    auto Provider = makeTidyOptionsProvider(Global, tidy::ClangTidyOptions::getDefaults(), PassOverrides, Overlay);
    tidy::ClangTidyContext Context(std::move(Provider));
    O.Errors = runChecks(Context, Db, F.Absolute, Overlay, Logs[PassIndex], P->Opts.ProjectIndex ? &O.Facts : nullptr,
                         P->Opts.SkipSystemBodies, DeviceOnDemand && PassIndex == 0 ? &O.DeviceCode : nullptr);
    O.IndexLookups = IndexLog->lookups();
    O.Time.stop();
  };
  // Each pass runs on its own contained thread, which this frame joins: a crash in one pass ends
  // that pass alone and never unwinds this frame while the other pass still uses it (both passes
  // read F, Passes, Logs and Out here). With a core spare the device pass starts beside the host
  // pass; otherwise the passes run one after the other and a crash skips the rest.
  if (Passes.size() == 2 && P->takeSpareSlot()) {
    SlotHold Extra(P->Busy, /*Taken=*/true);
    if (P->Opts.Verbose)
      R.Notices.push_back(F.Display + ": host and device passes side by side");
    ContainedThread Device([&] { RunPass(1); });
    Out[0].Crashed = !runContained([&] { RunPass(0); });
    Out[1].Crashed = !Device.join();
  } else {
    for (size_t PassIndex = 0; PassIndex < Passes.size(); ++PassIndex) {
      // A file with no device code of the user's (ast/DeviceCodeProbe.h): the device pass would
      // parse the headers again and see nothing the host pass did not. Side by side (above), both
      // passes are already running when the answer comes; one after the other, it saves the pass.
      if (PassIndex == 1 && DeviceOnDemand && !Out[0].DeviceCode.found()) {
        Out[1].Skipped = true;
        if (P->Opts.Verbose)
          R.Notices.push_back(F.Display +
                              ": device pass not run: the host pass saw no kernel, device function, device " +
                              "variable or device-compile switch in the user's code");
        break;
      }
      Out[PassIndex].Crashed = !runContained([&] { RunPass(PassIndex); });
      if (Out[PassIndex].Crashed)
        break;
    }
  }
  TimedSpan After;
  After.start();
  FileSystemReads Reads;
  std::vector<std::pair<std::string, unsigned>> IndexLookups;
  for (size_t PassIndex = 0; PassIndex < Passes.size(); ++PassIndex) {
    PassOutput &O = Out[PassIndex];
    if (O.Crashed) // as a crash of the file's own analysis: nothing half-built is kept
      return crashedResult(F);
    R.Parsed.merge(O.Parsed);
    Reads.Opened.insert(O.Reads.Opened.begin(), O.Reads.Opened.end());
    Reads.Absent.insert(O.Reads.Absent.begin(), O.Reads.Absent.end());
    for (const auto &L : O.IndexLookups)
      if (std::find(IndexLookups.begin(), IndexLookups.end(), L) == IndexLookups.end())
        IndexLookups.push_back(L);
    R.Kernels.insert(R.Kernels.end(), O.Facts.Kernels.begin(), O.Facts.Kernels.end());
    R.Launches.insert(R.Launches.end(), O.Facts.Launches.begin(), O.Facts.Launches.end());
    for (const rocmtidy::SkippedInclude &S : O.Facts.SkippedIncludes)
      if (std::none_of(R.SkippedIncludes.begin(), R.SkippedIncludes.end(), [&](const rocmtidy::SkippedInclude &Q) {
            return Q.Includer == S.Includer && Q.Line == S.Line && Q.Spelled == S.Spelled;
          }))
        R.SkippedIncludes.push_back(S);
  }
  // The host and the device pass see one definition twice.
  {
    rocmtidy::ProjectIndex Own = rocmtidy::ProjectIndex::fromDefinitions(std::move(R.Kernels), std::move(R.Launches));
    R.Kernels = Own.kernels();
    R.Launches = Own.allLaunches();
  }
  R.IndexLookups = IndexLookups;
  for (const auto &[Name, Params] : IndexLookups)
    R.IndexAnswers.push_back(Index ? Index->answer(Name, Params) : "none");
  for (size_t PassIndex = 0; PassIndex < Passes.size(); ++PassIndex) {
    const std::vector<tidy::ClangTidyError> &Errors = Out[PassIndex].Errors;
    for (const tidy::ClangTidyError &E : Errors) {
      const std::string &Name = E.DiagnosticName;
      if (Name == "clang-tidy-config") {
        R.Errors.push_back("configuration: " + E.Message.Message);
        continue;
      }
      if (startsWith(Name, "clang-diagnostic-")) {
        if (E.DiagLevel == tooling::Diagnostic::Error)
          CompilerErrors.push_back(
              {absolutePath(E.Message.FilePath, WorkDir), E.Message.FileOffset, E.Message.Message});
        continue;
      }
      rocmtidy::Finding Fd;
      Fd.Check = Name;
      Fd.Severity = E.DiagLevel == tooling::Diagnostic::Error ? "error" : "warning";
      Fd.File = absolutePath(E.Message.FilePath, WorkDir);
      Fd.Offset = E.Message.FileOffset;
      Fd.Message = E.Message.Message;
      if (!Fd.File.empty())
        LinesOf(Fd.File).lineCol(Fd.Offset, Fd.Line, Fd.Column);
      for (const auto &N : E.Notes) {
        rocmtidy::FindingNote Note;
        Note.File = absolutePath(N.FilePath, WorkDir);
        Note.Message = N.Message;
        if (!N.FilePath.empty())
          LinesOf(Note.File).lineCol(N.FileOffset, Note.Line, Note.Column);
        Fd.Notes.push_back(Note);
      }
      for (const auto &FileFix : E.Message.Fix)
        for (const auto &Rep : FileFix.second)
          Fd.Fixes.push_back({absolutePath(Rep.getFilePath().str(), WorkDir), Rep.getOffset(), Rep.getLength(),
                              Rep.getReplacementText().str()});
      std::string Key = Fd.Check + "\n" + Fd.File + "\n" + std::to_string(Fd.Offset) + "\n" + Fd.Message;
      if (SeenFindings.insert(Key).second)
        R.Findings.push_back(std::move(Fd));
    }
  }

  // A pass that did not run parsed nothing: its empty log says nothing about the file.
  if (Out.size() == 2 && Out[1].Skipped)
    Logs.pop_back();
  triageAnalysis(F, std::move(CompilerErrors), Logs, LinesOf, R);
  if (P->Cache->enabled())
    P->Cache->store(CacheKey, R, Reads, IndexLookups, Index.get());
  if (P->Opts.TracePasses) {
    After.stop();
    R.Notices.push_back("trace: " + F.Display + ": before the passes " + describeSpan(Before));
    for (size_t PassIndex = 0; PassIndex < Passes.size(); ++PassIndex)
      R.Notices.push_back("trace: " + F.Display + ": " + passName(Passes[PassIndex]) + " pass " +
                          (Out[PassIndex].Skipped ? std::string("not run: no device code of the user's")
                                                  : describeSpan(Out[PassIndex].Time)));
    R.Notices.push_back("trace: " + F.Display + ": after the passes " + describeSpan(After));
  }
  return R;
}

} // namespace rocmlint
