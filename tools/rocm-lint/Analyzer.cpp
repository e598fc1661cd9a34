// The clang-tidy side of rocm-lint: compile commands, the host and device pass, and the
// conversion of clang-tidy's diagnostics into rocmtidy::Finding.
#include "Lint.h"
#include "Recovery.h"
#include "ProjectIndexer.h"
#include "ProjectPaths.h"
#include "ResultCache.h"
#include "Safety.h"

#include "core/CommandSanitizer.h"
#include "core/EmbeddedData.h"
#include "core/GpuTargets.h"
#include "core/KernelIndex.h"

#include "clang-tidy/ClangTidy.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang-tidy/ClangTidyOptions.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <tuple>

namespace fs = std::filesystem;
using namespace clang;
using namespace clang::tooling;

namespace rocmlint {

namespace {

/// Hands ClangTool exactly one prepared command for the file being analysed.
class OneCommandDatabase : public CompilationDatabase {
public:
  explicit OneCommandDatabase(CompileCommand Cmd) : Cmd(std::move(Cmd)) {}
  std::vector<CompileCommand> getCompileCommands(StringRef) const override { return {Cmd}; }
  std::vector<std::string> getAllFiles() const override { return {Cmd.Filename}; }

private:
  CompileCommand Cmd;
};

/// clang-tidy's runClangTidy, minus its messages on stderr ("Error while processing ..."): rocm-lint
/// reports compiler errors itself, once, in its own format.
std::vector<tidy::ClangTidyError> runChecks(tidy::ClangTidyContext &Context, const CompilationDatabase &Db,
                                            const std::string &File,
                                            llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> FS,
                                            RecoveryLog &Log) {
  ClangTool Tool(Db, {File}, std::make_shared<PCHContainerOperations>(), FS);
  Tool.setPrintErrorMessage(false);
  tidy::ClangTidyDiagnosticConsumer Consumer(Context, nullptr, /*RemoveIncompatibleErrors=*/true);
  DiagnosticsEngine Engine(new DiagnosticIDs(), new DiagnosticOptions(), &Consumer, /*ShouldOwnClient=*/false);
  Context.setDiagnosticsEngine(&Engine);
  Tool.setDiagnosticConsumer(&Consumer);

  class Action : public ASTFrontendAction {
  public:
    Action(tidy::ClangTidyASTConsumerFactory &Factory, RecoveryLog &Log) : Factory(Factory), Log(Log) {}
    std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI, StringRef InFile) override {
      return withRecovery(CI, Factory.createASTConsumer(CI, InFile), Log);
    }

  private:
    tidy::ClangTidyASTConsumerFactory &Factory;
    RecoveryLog &Log;
  };
  class Factory : public FrontendActionFactory {
  public:
    Factory(tidy::ClangTidyContext &Context, llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> FS,
            RecoveryLog &Log)
        : ConsumerFactory(Context, std::move(FS)), Log(Log) {}
    std::unique_ptr<FrontendAction> create() override { return std::make_unique<Action>(ConsumerFactory, Log); }

  private:
    tidy::ClangTidyASTConsumerFactory ConsumerFactory;
    RecoveryLog &Log;
  };
  Factory F(Context, FS, Log);
  Tool.run(&F);
  return Consumer.take();
}

std::string baseName(const std::string &P) { return llvm::sys::path::filename(P).str(); }

bool startsWith(const std::string &S, const char *Prefix) { return S.rfind(Prefix, 0) == 0; }

} // namespace

struct SourceAnalyzer::Impl {
  Options Opts;
  ProjectConfig Config;
  std::string Targets;     // global RocmTargets to set, "" = leave to configuration
  std::string OffloadArch; // for the device pass when the command names none
  bool Builtin = false;
  bool AddPlatformMacro = true;
  std::unique_ptr<CompilationDatabase> Explicit;
  // Directory -> database found for it (null: none). Filled by prepare(), read-only afterwards.
  std::map<std::string, std::shared_ptr<CompilationDatabase>> DbByDir;
  std::shared_ptr<ResultCache> Cache;

  std::shared_ptr<CompilationDatabase> databaseFor(const std::string &Dir) const {
    auto It = DbByDir.find(Dir);
    return It == DbByDir.end() ? nullptr : It->second;
  }

  std::vector<std::string> commandFor(const InputFile &F, std::string &WorkDir, bool &FromDb) const;
  /// \p Gpu: a HIP compile (host and device pass); \p CudaSource: CUDA code analysed as HIP;
  /// \p CSource: a C compile.
  std::vector<std::string> translate(std::vector<std::string> Argv, const std::string &File, bool &Gpu,
                                     bool &CudaSource, bool &CSource) const;
};

SourceAnalyzer::SourceAnalyzer(const Options &Opts, const ProjectConfig &Config) : P(std::make_shared<Impl>()) {
  P->Opts = Opts;
  P->Config = Config;
  P->Targets = !Opts.Targets.empty() ? Opts.Targets : Config.Targets;
  std::vector<std::string> Unknown;
  auto List = rocmtidy::parseGpuTargetList(P->Targets.empty() ? rocmtidy::DefaultGpuTargets : P->Targets, Unknown);
  P->OffloadArch = List.empty() ? "gfx90a" : List.front()->offloadArch();
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
  P->Cache = std::make_shared<ResultCache>(cacheDirectory(Opts));
}

SourceAnalyzer::CacheStats SourceAnalyzer::cacheStats() const {
  return {P->Cache->enabled(), P->Cache->hits(), P->Cache->misses()};
}

static bool loadDatabaseFile(const fs::path &File, std::shared_ptr<CompilationDatabase> &Db, std::string &Error) {
  std::string Err;
  if (File.filename() == "compile_commands.json") {
    auto J = JSONCompilationDatabase::loadFromFile(File.string(), Err, JSONCommandLineSyntax::AutoDetect);
    if (!J) {
      Error = "cannot read compile database '" + File.string() + "': " + Err;
      return false;
    }
    // Headers have no entries of their own; borrow the command of the nearest source.
    Db = std::shared_ptr<CompilationDatabase>(inferMissingCompileCommands(std::move(J)));
  } else {
    auto F = FixedCompilationDatabase::loadFromFile(File.string(), Err);
    if (!F) {
      Error = "cannot read '" + File.string() + "': " + Err;
      return false;
    }
    Db = std::shared_ptr<CompilationDatabase>(std::move(F));
  }
  return true;
}

bool SourceAnalyzer::prepare(const std::vector<InputFile> &Files, std::string &Error) {
  if (!P->Opts.BuildDir.empty()) {
    fs::path Db = fs::path(P->Opts.BuildDir) / "compile_commands.json";
    if (!fs::is_directory(P->Opts.BuildDir)) {
      Error = "build directory '" + P->Opts.BuildDir + "' does not exist";
      return false;
    }
    if (!fs::exists(Db)) {
      Error = "no compile_commands.json in '" + P->Opts.BuildDir +
              "' (configure with -DCMAKE_EXPORT_COMPILE_COMMANDS=ON, or use bear)";
      return false;
    }
    std::shared_ptr<CompilationDatabase> Loaded;
    if (!loadDatabaseFile(Db, Loaded, Error))
      return false;
    P->DbByDir[""] = Loaded;
  }
  std::map<std::string, bool> ConfigChecked;
  for (const InputFile &F : Files) {
    if (F.IsCMake)
      continue;
    std::string Dir = fs::path(F.Absolute).parent_path().string();
    if (P->DbByDir.count(Dir))
      continue;
    std::shared_ptr<CompilationDatabase> Found;
    if (P->Opts.BuildDir.empty()) {
      for (fs::path D = Dir; !D.empty(); D = D.parent_path()) {
        auto Cached = P->DbByDir.find(D.string());
        if (Cached != P->DbByDir.end()) {
          Found = Cached->second;
          break;
        }
        std::error_code EC;
        if (fs::exists(D / "compile_commands.json", EC)) {
          if (!loadDatabaseFile(D / "compile_commands.json", Found, Error))
            return false;
          P->DbByDir[D.string()] = Found;
          break;
        }
        if (fs::exists(D / "compile_flags.txt", EC)) {
          if (!loadDatabaseFile(D / "compile_flags.txt", Found, Error))
            return false;
          P->DbByDir[D.string()] = Found;
          break;
        }
        if (D == D.root_path())
          break;
      }
    } else {
      Found = P->DbByDir[""];
    }
    P->DbByDir[Dir] = Found;

    // clang-tidy only warns about a broken .clang-tidy and goes on with defaults; a linter in CI
    // must not silently ignore its configuration.
    for (fs::path D = Dir; !D.empty(); D = D.parent_path()) {
      fs::path Cfg = D / ".clang-tidy";
      if (ConfigChecked.count(Cfg.string()))
        break;
      ConfigChecked[Cfg.string()] = true;
      std::error_code EC;
      if (fs::is_regular_file(Cfg, EC)) {
        auto Buf = llvm::MemoryBuffer::getFile(Cfg.string());
        if (!Buf) {
          Error = "cannot read '" + Cfg.string() + "'";
          return false;
        }
        auto Parsed = tidy::parseConfiguration(**Buf);
        if (!Parsed) {
          Error = "malformed configuration '" + Cfg.string() + "': " + Parsed.getError().message();
          return false;
        }
        break;
      }
      if (D == D.root_path())
        break;
    }
  }
  return true;
}

const char *statusName(AnalysisStatus S) {
  switch (S) {
  case AnalysisStatus::Complete:
    return "complete";
  case AnalysisStatus::Recovered:
    return "recovered";
  case AnalysisStatus::Failed:
    return "failed";
  }
  return "failed";
}

static bool hasHeaderExtension(const std::string &Path) {
  std::string Ext = fs::path(Path).extension().string();
  return Ext == ".h" || Ext == ".hpp" || Ext == ".hh" || Ext == ".hxx" || Ext == ".cuh";
}

bool SourceAnalyzer::isHeader(const InputFile &File) { return !File.IsCMake && hasHeaderExtension(File.Absolute); }

std::vector<std::string> SourceAnalyzer::Impl::translate(std::vector<std::string> Argv, const std::string &File,
                                                         bool &Gpu, bool &CudaSource, bool &CSource) const {
  std::vector<std::string> Out;
  if (Argv.empty())
    Argv.push_back("clang++");
  std::string Tool = baseName(Argv[0]);
  bool Nvcc = Tool.find("nvcc") != std::string::npos;
  bool Hipcc = Tool.find("hipcc") != std::string::npos;
  bool HasX = false, HasArch = false, CudaLang = false;
  std::string Ext = fs::path(File).extension().string();
  Out.push_back(Nvcc || Hipcc ? "clang++" : Argv[0]);
  for (size_t I = 1; I < Argv.size(); ++I) {
    const std::string &A = Argv[I];
    auto Next = [&]() -> std::string { return I + 1 < Argv.size() ? Argv[++I] : std::string(); };
    if (Nvcc) {
      // nvcc-only flags that clang rejects; their meaning does not matter for analysis.
      if (A == "-gencode" || A == "-arch" || A == "-code" || A == "-ccbin" || A == "--compiler-bindir" ||
          A == "-Xptxas" || A == "-Xcudafe" || A == "-Xnvlink" || A == "--default-stream" || A == "-t" ||
          A == "--threads" || A == "-maxrregcount" || A == "--ptxas-options" || A == "--gpu-architecture") {
        Next();
        continue;
      }
      if (startsWith(A, "-gencode=") || startsWith(A, "-arch=") || startsWith(A, "-code=") ||
          startsWith(A, "--gpu-architecture=") || startsWith(A, "--gpu-code=") || startsWith(A, "-ccbin=") ||
          startsWith(A, "--expt-") || A == "--extended-lambda" || A == "-extended-lambda" || A == "-lineinfo" ||
          A == "--keep" || A == "-G" || startsWith(A, "--diag-suppress") || startsWith(A, "-Xptxas=") ||
          startsWith(A, "--ptxas-options=") || startsWith(A, "-maxrregcount=") || startsWith(A, "--default-stream=") ||
          startsWith(A, "-Werror=cross-execution") || A == "--forward-unknown-to-host-compiler" ||
          startsWith(A, "--generate-code") || A == "-cudart" || startsWith(A, "-cudart=") ||
          startsWith(A, "--cudart"))
        continue;
      if (A == "-Xcompiler" || startsWith(A, "-Xcompiler=") || A == "--compiler-options" ||
          startsWith(A, "--compiler-options=")) {
        std::string V = A.find('=') != std::string::npos ? A.substr(A.find('=') + 1) : Next();
        std::stringstream S(V);
        std::string Item;
        while (std::getline(S, Item, ','))
          if (!Item.empty() && !startsWith(Item, "-Werror"))
            Out.push_back(Item);
        continue;
      }
      if (A == "--use_fast_math" || A == "-use_fast_math") {
        Out.push_back("-ffast-math");
        continue;
      }
      if (A == "-rdc=true" || A == "--relocatable-device-code=true" || A == "-dc") {
        Out.push_back("-fgpu-rdc");
        if (A == "-dc")
          Out.push_back("-c");
        continue;
      }
      if (startsWith(A, "-rdc=") || startsWith(A, "--relocatable-device-code="))
        continue;
      if (startsWith(A, "--std=")) {
        Out.push_back("-std=" + A.substr(6));
        continue;
      }
    }
    if (startsWith(A, "--amdgpu-target=")) {
      Out.push_back("--offload-arch=" + A.substr(16));
      HasArch = true;
      continue;
    }
    // Flags of a CUDA build through clang: the analysis runs as HIP.
    if (startsWith(A, "--cuda-gpu-arch=") || startsWith(A, "--cuda-path=") || startsWith(A, "-Werror")) {
      CudaLang |= !startsWith(A, "-Werror");
      continue;
    }
    if (A == "-x" || A == "-xcuda" || A == "-xhip" || A == "-xcu" || A == "-xc++-header") {
      std::string Lang = A == "-x" ? Next() : A.substr(2);
      // Headers borrow the command of a nearby source with a header language (c++-header); like
      // the sources, they are analysed as HIP, which accepts plain C++ as well.
      CudaLang |= Lang == "cu" || Lang == "cuda" || Lang == "cuda-header";
      if (Lang == "cu" || Lang == "cuda" || Lang == "hip" || Lang == "c++-header" || Lang == "cuda-header" ||
          Lang == "hip-header")
        Lang = "hip";
      Out.push_back("-x");
      Out.push_back(Lang);
      HasX = true;
      continue;
    }
    if (startsWith(A, "--offload-arch="))
      HasArch = true;
    Out.push_back(A);
  }
  Gpu = false;
  for (size_t I = 0; I + 1 < Out.size(); ++I)
    if (Out[I] == "-x" && Out[I + 1] == "hip")
      Gpu = true;
  // Without an explicit language: hipcc compiles everything as HIP, clang .hip as HIP and .cu as
  // CUDA (which we analyse as HIP). A plain C++ compile stays C++.
  // Headers (whose borrowed command has lost the source's "-x hip") and sources compiled with an
  // --offload-arch are HIP as well.
  bool Header = hasHeaderExtension(File);
  // A .cu file compiled by nvcc, or by clang without HIP flags, is CUDA: it is analysed as the HIP
  // hipify makes of it (its CUDA runtime names mapped, __CUDA_ARCH__ code in the device pass).
  CudaSource = Nvcc || CudaLang || (!HasX && !Hipcc && !HasArch && Ext == ".cu");
  CSource = !Gpu && (Ext == ".c" || (HasX && std::find(Out.begin(), Out.end(), "c") != Out.end()));
  if (!HasX && !CSource && (Nvcc || Hipcc || Ext == ".hip" || Ext == ".cu" || Header || HasArch)) {
    Gpu = true;
    std::vector<std::string> WithX;
    bool Inserted = false;
    for (size_t I = 0; I < Out.size(); ++I) {
      if (!Inserted && I > 0 && (Out[I] == File || fs::path(Out[I]).filename() == fs::path(File).filename())) {
        // Commands inferred for files without an entry end in "-- FILE"; options must precede "--".
        bool AfterDashes = !WithX.empty() && WithX.back() == "--";
        if (AfterDashes)
          WithX.pop_back();
        WithX.push_back("-x");
        WithX.push_back("hip");
        if (AfterDashes)
          WithX.push_back("--");
        Inserted = true;
      }
      WithX.push_back(Out[I]);
    }
    if (!Inserted) {
      WithX.push_back("-x");
      WithX.push_back("hip");
    }
    Out = std::move(WithX);
  }
  // Everything we add goes before the input so that "-x" keeps applying to it.
  std::vector<std::string> Added;
  Added.push_back(std::string("-resource-dir=") + ROCM_TIDY_RESOURCE_DIR);
  // Keeps the frontend from printing "N warnings generated" on stderr.
  Added.push_back("-fno-caret-diagnostics");
  if (Gpu) {
    if (!HasArch)
      Added.push_back("--offload-arch=" + OffloadArch);
    Added.push_back("-nogpulib");
    if (Builtin) {
      Added.push_back("-nogpuinc");
      Added.push_back("-isystem");
      Added.push_back(BuiltinIncludeDir);
    }
    if (Nvcc || Hipcc || AddPlatformMacro)
      Added.push_back("-D__HIP_PLATFORM_AMD__=1");
  } else if (CSource) {
    // C files of a HIP build use the runtime API like hip::host code: the platform macro and, on a
    // machine without ROCm, the built-in header (its C-compatible part).
    if (Builtin) {
      Added.push_back("-isystem");
      Added.push_back(BuiltinIncludeDir);
    }
    Added.push_back("-D__HIP_PLATFORM_AMD__=1");
  }
  RecoveryMode Mode;
  Mode.BuiltinHip = Builtin;
  Mode.Gpu = Gpu;
  Mode.CudaSource = CudaSource && Gpu;
  Mode.ForceHipRuntime = Header && Gpu;
  for (std::string &A : recoveryArguments(Mode))
    Added.push_back(std::move(A));
  for (const std::string &E : Config.ExtraArgs)
    Added.push_back(E);
  for (const std::string &E : Opts.ExtraArgs)
    Added.push_back(E);
  Out.insert(Out.begin() + 1, Added.begin(), Added.end());
  return Out;
}

std::vector<std::string> SourceAnalyzer::Impl::commandFor(const InputFile &F, std::string &WorkDir,
                                                          bool &FromDb) const {
  std::string Dir = fs::path(F.Absolute).parent_path().string();
  FromDb = false;
  if (auto Db = databaseFor(Dir)) {
    auto Cmds = Db->getCompileCommands(F.Absolute);
    if (!Cmds.empty()) {
      FromDb = true;
      WorkDir = Cmds.front().Directory;
      std::vector<std::string> Argv = Cmds.front().CommandLine;
      // compile_flags.txt entries carry no file; JSON entries name it, perhaps relatively.
      bool Named = false;
      for (std::string &A : Argv) {
        if (A == F.Absolute) {
          Named = true;
        } else if (!A.empty() && A[0] != '-' && fs::path(A).is_relative() &&
                   fs::weakly_canonical(fs::path(WorkDir) / A) == fs::path(F.Absolute)) {
          A = F.Absolute;
          Named = true;
        }
      }
      if (!Named)
        Argv.push_back(F.Absolute);
      return Argv;
    }
  }
  WorkDir = Dir;
  // C files of a HIP build are compiled by the C compiler; they hold host code only.
  // Without a build's include paths, the file's own directory is the likeliest one (<common.h>
  // next to the source); it is searched last.
  std::string Own = "-idirafter" + Dir;
  if (fs::path(F.Absolute).extension() == ".c")
    return {"clang", "-x", "c", "-std=gnu11", Own, F.Absolute};
  // Like hipcc, which builds every source as HIP: headers and .cpp files may hold device code.
  return {"clang++", "-x", "hip", "-std=c++17", Own, F.Absolute};
}

// clang names files as they were reached: relative to the command's directory for -I paths.
// Findings are keyed by the real path, so a header reached through two spellings (a symbolic
// link, "a/../b") is one file.
static std::string absolutePath(const std::string &Path, const std::string &WorkDir) {
  return realPathOf(Path, WorkDir);
}

static std::string readWholeFile(const std::string &Path) {
  std::ifstream In(Path, std::ios::binary);
  std::stringstream S;
  S << In.rdbuf();
  return S.str();
}

static void offsetToLineCol(const std::string &Content, unsigned Offset, unsigned &Line, unsigned &Col) {
  Line = 1;
  unsigned LineStart = 0;
  for (unsigned I = 0; I < Offset && I < Content.size(); ++I)
    if (Content[I] == '\n') {
      ++Line;
      LineStart = I + 1;
    }
  Col = Offset - LineStart + 1;
}

FileResult SourceAnalyzer::analyze(const InputFile &F) const {
  FileResult R;
  std::string WorkDir;
  bool FromDb;
  std::vector<std::string> Base = P->commandFor(F, WorkDir, FromDb);
  bool Gpu = false, CudaSource = false, CSource = false;
  std::vector<std::string> Argv = P->translate(Base, F.Absolute, Gpu, CudaSource, CSource);
  // The command comes from the repository: nothing in it may write or load a file (docs/security.md).
  std::vector<rocmtidy::DroppedFlag> Dropped;
  Argv = rocmtidy::sanitizeCompileCommand(Argv, F.Absolute, Dropped);
  if (P->Opts.Verbose)
    for (const rocmtidy::DroppedFlag &D : Dropped)
      R.Notices.push_back(F.Display + ": dropped '" + D.Flag + "' from the compile command (" + D.Reason + ")");

  bool HostOnly = false, DeviceOnly = false;
  for (const std::string &A : Argv) {
    HostOnly |= A == "--cuda-host-only" || A == "--offload-host-only";
    DeviceOnly |= A == "--cuda-device-only" || A == "--offload-device-only";
  }
  std::vector<std::vector<std::string>> Passes;
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
    Passes.push_back(Host);
    // Code under __HIP_DEVICE_COMPILE__ exists only in the device pass.
    if (P->Opts.DevicePass)
      Passes.push_back(Device);
  }

  tidy::ClangTidyOptions Overrides;
  Overrides.Checks = "-*," + P->Opts.Checks;
  // C code has no kernels, launches or warp code: only the include and allocation checks apply.
  if (CSource)
    Overrides.Checks = *Overrides.Checks + ",-rocm-warp-size-assumption,-rocm-hardcoded-block-size,-rocm-lds-limit";
  // Findings in the project's own headers are reported through the sources that include them,
  // with the sources' flags (deduplicated later); system headers stay out.
  Overrides.HeaderFilterRegex = ".*";
  Overrides.SystemHeaders = false;
  if (!P->Targets.empty())
    Overrides.CheckOptions["RocmTargets"] = tidy::ClangTidyOptions::ClangTidyValue(P->Targets);

  std::map<std::string, std::string> Contents;
  auto ContentOf = [&](const std::string &Path) -> const std::string & {
    auto It = Contents.find(Path);
    if (It == Contents.end())
      It = Contents.emplace(Path, readWholeFile(Path)).first;
    return It->second;
  };
  std::set<std::string> SeenFindings;
  struct ErrorAt {
    std::string File;
    unsigned Offset;
    std::string Message;
  };
  std::vector<ErrorAt> CompilerErrors;

  if (P->Opts.Verbose)
    for (const auto &Pass : Passes) {
      std::string Line = F.Display + ": (in " + WorkDir + ")";
      for (const std::string &A : Pass)
        Line += " " + A;
      R.Notices.push_back(Line);
    }

  // Everything that decides the result before parsing; what parsing reads is checked on lookup.
  std::shared_ptr<const rocmtidy::ProjectIndex> Index = rocmtidy::processProjectIndex();
  std::string CacheKey;
  if (P->Cache->enabled()) {
    std::error_code CwdEC;
    std::vector<std::string> Parts = {F.Absolute, F.Display, WorkDir, fs::current_path(CwdEC).string(),
                                      *Overrides.Checks, P->Targets, Index ? "index" : "no index"};
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
    if (std::optional<FileResult> Hit = P->Cache->lookup(CacheKey, Index.get())) {
      Hit->Notices = std::move(R.Notices);
      return std::move(*Hit);
    }
  }
  rocmtidy::IndexLookupRecorder IndexLookups;

  std::vector<RecoveryLog> Logs(Passes.size());
  for (size_t PassIndex = 0; PassIndex < Passes.size(); ++PassIndex) {
    const auto &Pass = Passes[PassIndex];
    auto Overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
        // A file system with its own working directory: the shared real one would chdir the whole
        // process for each compile command, under the feet of the other worker threads.
        // It records the bytes parsed, for --fix to check the file is unchanged before editing it.
        makeRecordingFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>(llvm::vfs::createPhysicalFileSystem()),
                                R.Parsed));
    Overlay->pushOverlay(makeRecoveryFiles(P->Builtin));
    CompileCommand Cmd(WorkDir, F.Absolute, Pass, "");
    OneCommandDatabase Db(Cmd);
    tidy::ClangTidyGlobalOptions Global;
    auto Provider = std::make_unique<tidy::FileOptionsProvider>(Global, tidy::ClangTidyOptions::getDefaults(),
                                                                Overrides, Overlay);
    tidy::ClangTidyContext Context(std::move(Provider));
    std::vector<tidy::ClangTidyError> Errors =
        runChecks(Context, Db, F.Absolute, Overlay, Logs[PassIndex]);

    for (const tidy::ClangTidyError &E : Errors) {
      const std::string &Name = E.DiagnosticName;
      if (Name == "clang-tidy-config") {
        R.Errors.push_back("configuration: " + E.Message.Message);
        continue;
      }
      if (startsWith(Name, "clang-diagnostic-")) {
        if (E.DiagLevel == tooling::Diagnostic::Error)
          CompilerErrors.push_back({absolutePath(E.Message.FilePath, WorkDir), E.Message.FileOffset, E.Message.Message});
        continue;
      }
      rocmtidy::Finding Fd;
      Fd.Check = Name;
      Fd.Severity = E.DiagLevel == tooling::Diagnostic::Error ? "error" : "warning";
      Fd.File = absolutePath(E.Message.FilePath, WorkDir);
      Fd.Offset = E.Message.FileOffset;
      Fd.Message = E.Message.Message;
      if (!Fd.File.empty())
        offsetToLineCol(ContentOf(Fd.File), Fd.Offset, Fd.Line, Fd.Column);
      for (const auto &N : E.Notes) {
        rocmtidy::FindingNote Note;
        Note.File = absolutePath(N.FilePath, WorkDir);
        Note.Message = N.Message;
        if (!N.FilePath.empty())
          offsetToLineCol(ContentOf(Note.File), N.FileOffset, Note.Line, Note.Column);
        Fd.Notes.push_back(Note);
      }
      for (const auto &FileFix : E.Message.Fix)
        for (const auto &Rep : FileFix.second)
          Fd.Fixes.push_back({absolutePath(Rep.getFilePath().str(), WorkDir), Rep.getOffset(), Rep.getLength(), Rep.getReplacementText().str()});
      std::string Key = Fd.Check + "\n" + Fd.File + "\n" + std::to_string(Fd.Offset) + "\n" + Fd.Message;
      if (SeenFindings.insert(Key).second)
        R.Findings.push_back(std::move(Fd));
    }
  }

  // A missing CUDA header is a fatal compiler error that rocm-cuda-header already explains.
  static const std::regex NotFound("'(.+)' file not found");
  // Report the earliest error first; clang's "too many errors" stop carries no location of interest.
  std::stable_sort(CompilerErrors.begin(), CompilerErrors.end(), [](const ErrorAt &A, const ErrorAt &B) {
    bool AStop = A.Message.find("too many errors emitted") != std::string::npos;
    bool BStop = B.Message.find("too many errors emitted") != std::string::npos;
    if (AStop != BStop)
      return BStop;
    return std::tie(A.File, A.Offset) < std::tie(B.File, B.Offset);
  });
  std::vector<std::string> Unexplained;
  for (const ErrorAt &E : CompilerErrors) {
    bool Explained = false;
    if (std::regex_search(E.Message, NotFound))
      for (const rocmtidy::Finding &Fd : R.Findings)
        if (Fd.Check == "rocm-cuda-header" && Fd.File == E.File && Fd.Offset == E.Offset)
          Explained = true;
    if (Explained)
      continue;
    unsigned Line = 0, Col = 0;
    // Errors name the input file: an error in a header says which analysed file reached it.
    std::string Where = F.Display;
    if (!E.File.empty() && E.File != F.Absolute) {
      std::error_code EC;
      fs::path Rel = fs::relative(E.File, fs::current_path(EC), EC);
      Where += ": " + (EC || Rel.empty() || *Rel.begin() == ".." ? E.File : Rel.string());
    }
    if (!E.File.empty()) {
      offsetToLineCol(ContentOf(E.File), E.Offset, Line, Col);
      Where += ":" + std::to_string(Line) + ":" + std::to_string(Col);
    }
    std::string Msg = Where + ": " + E.Message;
    if (std::find(Unexplained.begin(), Unexplained.end(), Msg) == Unexplained.end())
      Unexplained.push_back(Msg);
  }
  FileStatus &St = R.Status;
  bool Parsed = true;
  for (const RecoveryLog &L : Logs) {
    Parsed &= L.Parsed;
    for (const std::string &M : L.MissingHeaders)
      if (std::find(St.MissingHeaders.begin(), St.MissingHeaders.end(), M) == St.MissingHeaders.end())
        St.MissingHeaders.push_back(M);
    // The passes parse the same declarations: the larger count, not the sum.
    St.DroppedDeclarations = std::max(St.DroppedDeclarations, L.DroppedDeclarations);
    for (const std::string &U : L.UserFiles)
      if (U != F.Absolute && std::find(R.ReachedFiles.begin(), R.ReachedFiles.end(), U) == R.ReachedFiles.end())
        R.ReachedFiles.push_back(U);
  }
  St.CompilerErrors = unsigned(Unexplained.size());
  // One line per file: the first error says where to look; the rest are usually its echoes.
  std::string FirstError;
  if (!Unexplained.empty()) {
    FirstError = Unexplained.front();
    if (Unexplained.size() > 1)
      FirstError += " (and " + std::to_string(Unexplained.size() - 1) + " more compiler error" +
                    (Unexplained.size() > 2 ? "s" : "") + ")";
  }
  if (!Parsed) {
    St.Status = AnalysisStatus::Failed;
    St.Reason = FirstError.empty() ? F.Display + ": the compiler could not parse the file" : FirstError;
    R.Errors.push_back(St.Reason + "; the file could not be analysed");
  } else if (!St.MissingHeaders.empty()) {
    // The errors are what the missing declarations leave behind; the status line names the headers.
    St.Status = AnalysisStatus::Recovered;
  } else if (!FirstError.empty()) {
    St.Status = AnalysisStatus::Failed;
    St.Reason = FirstError;
    R.Errors.push_back(FirstError + "; the file could not be analysed completely");
  }
  if (P->Cache->enabled())
    P->Cache->store(CacheKey, R, IndexLookups.lookups(), Index.get());
  return R;
}

} // namespace rocmlint
