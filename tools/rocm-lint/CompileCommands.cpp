// The compile command of each input (compile database, compile_flags.txt or inferred) and its
// translation into the command rocm-lint analyses: nvcc and hipcc flags mapped to clang's, HIP
// language and offload target, the recovery arguments and the extra arguments.
#include "AnalyzerImpl.h"
#include "FileBytes.h"
#include "TidyConfig.h"
#include "ast/Compat.h"
#include "core/CudaHeaderMap.h"
#include "core/NvccTranslation.h"
#include "core/SourceKinds.h"
#include "project/HipBuildFlags.h"
#include "project/ProjectModel.h"

#include "clang-tidy/ClangTidyOptions.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <optional>
#include <set>

namespace fs = std::filesystem;
using namespace clang;
using namespace clang::tooling;

namespace rocmlint {

static std::string baseName(const std::string &P) { return llvm::sys::path::filename(P).str(); }

// A header name that a folder searched before the project's include roots serves: rocm-lint's CUDA
// stand-ins (exact names the CUDA->HIP table maps) and the HIP installation's or built-in
// 'hip/...' headers. A project's own 'hip_utils.h' or vendored 'cub/block/...' is not one.
static bool toolkitHeaderName(const std::string &Name) {
  for (const rocmtidy::CudaHeaderMapping &M : rocmtidy::cudaHeaderTable().Headers)
    if (M.Cuda == Name && !M.Hip.empty())
      return true;
  if (!llvm::StringRef(Name).starts_with("hip/"))
    return false;
  if (Name == "hip/hip_runtime.h" || Name == "hip/hip_runtime_api.h")
    return true;
  std::vector<std::string> Dirs = {"/usr/include", "/opt/rocm/include"};
  if (const char *R = std::getenv("ROCM_PATH"))
    Dirs.push_back(std::string(R) + "/include");
  return std::any_of(Dirs.begin(), Dirs.end(), [&](const std::string &D) { return fs::exists(D + "/" + Name); });
}

// A target ID of the build (gfx942:xnack+) that the clang rocm-lint links does not know would stop the
// parse: the device pass then compiles for the nearest processor it knows, without the features.
static std::string archForThisClang(const std::string &TargetId) {
  std::string Processor = TargetId.substr(0, TargetId.find(':'));
  std::string Mapped = rocmtidy::compat::offloadArchForThisClang(Processor);
  return Mapped == Processor ? TargetId : Mapped;
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

// The database of the nearest directory at or above \p Dir with a compile_commands.json (or else a
// compile_flags.txt), null if none; every directory on the way is cached, so each database is read
// once. This is CompilationDatabase::autoDetectFromDirectory's search, written out because LLVM's
// JSON plugin expands the response files ("@file") a compile database names while loading it:
// files of a hostile repository's choosing (/dev/zero, another user's files) would be read before
// the command sanitizer could drop "@file" (docs/security.md). The plugin also adds --driver-mode
// and --target from the compiler name, and the search goes on to a parent directory past a
// malformed database instead of reporting it.
// The search stops at the repository root (docs/security.md: a database above the checkout is
// not the project's).
static bool findDatabase(const rocmtidy::project::ProjectModel &Model, const std::string &Dir,
                         std::map<std::string, std::shared_ptr<CompilationDatabase>> &Cache,
                         std::shared_ptr<CompilationDatabase> &Found, std::string &Error) {
  std::vector<std::string> Visited;
  Found = nullptr;
  for (const std::string &Folder : Model.foldersUpToRoot(Dir)) {
    fs::path D(Folder);
    auto Cached = Cache.find(D.string());
    if (Cached != Cache.end()) {
      Found = Cached->second;
      break;
    }
    Visited.push_back(D.string());
    std::error_code EC;
    fs::path File = D / "compile_commands.json";
    if (!fs::exists(File, EC))
      File = D / "compile_flags.txt";
    if (fs::exists(File, EC)) {
      if (!loadDatabaseFile(File, Found, Error))
        return false;
      break;
    }
  }
  for (const std::string &V : Visited)
    Cache[V] = Found;
  return true;
}

bool SourceAnalyzer::prepare(const std::vector<InputFile> &Files, std::string &Error) {
  std::shared_ptr<CompilationDatabase> Given;
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
    if (!loadDatabaseFile(Db, Given, Error))
      return false;
  }
  // Directory -> database found for it, also for the directories above the inputs.
  std::map<std::string, std::shared_ptr<CompilationDatabase>> Found;
  std::map<std::string, bool> ConfigChecked;
  for (const InputFile &F : Files) {
    if (F.IsCMake)
      continue;
    std::string Dir = fs::path(F.Absolute).parent_path().string();
    if (P->DbByDir.count(Dir))
      continue;
    if (Given)
      P->DbByDir[Dir] = Given;
    else if (!findDatabase(*P->Config.Model, Dir, Found, P->DbByDir[Dir], Error))
      return false;

    // clang-tidy only warns about a broken .clang-tidy and goes on with defaults; a linter in CI
    // must not silently ignore its configuration. Only the repository's own configuration counts:
    // a .clang-tidy above the root belongs to whoever owns that folder (the analysis refuses to
    // read it too, Recovery.cpp).
    for (const std::string &D : P->Config.Model->foldersUpToRoot(Dir)) {
      std::string Cfg = (fs::path(D) / ".clang-tidy").string();
      if (ConfigChecked.count(Cfg))
        break;
      ConfigChecked[Cfg] = true;
      if (!fs::exists(Cfg))
        continue;
      std::string Why;
      std::optional<std::string> Text = rocmtidy::project::readRegularFile(Cfg, rocmtidy::project::MaxReadBytes, &Why);
      if (!Text) {
        Error = "cannot read '" + Cfg + "'" + (Why.empty() ? "" : ": " + Why);
        return false;
      }
      TidyConfigRead Parsed = readTidyConfig(*Text, Cfg);
      if (!Parsed.Options) {
        Error = "malformed configuration '" + Cfg + "': " + Parsed.Error;
        return false;
      }
      if (!P->Opts.Quiet)
        for (const std::string &Key : Parsed.IgnoredKeys)
          std::fprintf(stderr, "rocm-lint: note: '%s': key %s is unknown to clang-tidy %d and ignored\n", Cfg.c_str(),
                       Key.c_str(), LLVM_VERSION_MAJOR);
      break;
    }
  }
  return true;
}

bool SourceAnalyzer::isHeader(const InputFile &File) {
  rocmtidy::SourceKind K = rocmtidy::sourceKindOf(File.Absolute);
  return !File.IsCMake && (K == rocmtidy::SourceKind::Header || K == rocmtidy::SourceKind::Fragment);
}

// nvcc and hipcc command lines become clang++ ones: hipcc hands its options to clang, and nvcc's
// are rewritten by the table in lib/data/nvcc_flags.json ("analysis").
static ArgumentsAdjuster nvccToClangAdjuster() {
  return [](const CommandLineArguments &Args, StringRef) {
    if (Args.empty())
      return CommandLineArguments{"clang++"};
    std::string Tool = baseName(Args[0]);
    bool Nvcc = Tool.find("nvcc") != std::string::npos;
    if (!Nvcc && Tool.find("hipcc") == std::string::npos)
      return Args;
    CommandLineArguments Options(Args.begin() + 1, Args.end());
    if (Nvcc)
      Options = rocmtidy::nvccTranslationTable().translate(Options);
    Options.insert(Options.begin(), "clang++");
    return Options;
  };
}

static bool isLanguageOption(const std::string &A) {
  return A == "-x" || A == "-xcuda" || A == "-xhip" || A == "-xcu" || A == "-xc++-header";
}

// Headers borrow the command of a nearby source with a header language (c++-header); like the
// sources, they are analysed as HIP, which accepts plain C++ as well.
static std::string analysedLanguage(const std::string &Lang) {
  if (Lang == "cu" || Lang == "cuda" || Lang == "hip" || Lang == "c++-header" || Lang == "cuda-header" ||
      Lang == "hip-header")
    return "hip";
  return Lang;
}

namespace {
/// What a clang command line says about the language of its input.
struct LanguageFlags {
  bool HasX = false;     // an explicit -x
  bool XHip = false;     // an -x the analysis reads as HIP
  bool HasArch = false;  // an AMD offload target
  bool CudaLang = false; // clang's CUDA mode: -x cuda, --cuda-gpu-arch, --cuda-path
};
} // namespace

static LanguageFlags languageFlagsOf(const CommandLineArguments &Args) {
  LanguageFlags L;
  for (size_t I = 1; I < Args.size(); ++I) {
    const std::string &A = Args[I];
    if (startsWith(A, "--amdgpu-target=") || startsWith(A, "--offload-arch="))
      L.HasArch = true;
    else if (startsWith(A, "--cuda-gpu-arch=") || startsWith(A, "--cuda-path="))
      L.CudaLang = true;
    else if (isLanguageOption(A)) {
      std::string Lang = A != "-x" ? A.substr(2) : I + 1 < Args.size() ? Args[++I] : std::string();
      L.HasX = true;
      L.CudaLang |= Lang == "cu" || Lang == "cuda" || Lang == "cuda-header";
      L.XHip |= analysedLanguage(Lang) == "hip";
    }
  }
  return L;
}

// A clang command for CUDA or HIP becomes the HIP command rocm-lint analyses: CUDA's language and
// flags become HIP's, and AMD targets this clang does not know its nearest one.
static ArgumentsAdjuster cudaToHipAdjuster() {
  return [](const CommandLineArguments &Args, StringRef) {
    CommandLineArguments Out;
    for (size_t I = 0; I < Args.size(); ++I) {
      const std::string &A = Args[I];
      if (I == 0) {
        Out.push_back(A);
      } else if (startsWith(A, "--amdgpu-target=") || startsWith(A, "--offload-arch=")) {
        Out.push_back("--offload-arch=" + archForThisClang(A.substr(A.find('=') + 1)));
      } else if (startsWith(A, "--cuda-gpu-arch=") || startsWith(A, "--cuda-path=") || startsWith(A, "-Werror")) {
        // CUDA's target and toolkit mean nothing to HIP; a -Werror would turn findings into errors.
      } else if (isLanguageOption(A)) {
        std::string Lang = A != "-x" ? A.substr(2) : I + 1 < Args.size() ? Args[++I] : std::string();
        Out.push_back("-x");
        Out.push_back(analysedLanguage(Lang));
      } else {
        Out.push_back(A);
      }
    }
    return Out;
  };
}

// "-x hip" right before the input \p File (it applies to the inputs after it), else at the end.
static ArgumentsAdjuster hipInputAdjuster() {
  return [](const CommandLineArguments &Args, StringRef File) {
    std::string Name = fs::path(File.str()).filename().string();
    auto Input = std::find_if(Args.begin() + (Args.empty() ? 0 : 1), Args.end(),
                              [&](const std::string &A) { return A == File || fs::path(A).filename() == Name; });
    // Commands inferred for files without an entry end in "-- FILE"; options must precede "--".
    if (Input != Args.end() && *(Input - 1) == "--")
      --Input;
    CommandLineArguments Out(Args);
    Out.insert(Out.begin() + (Input - Args.begin()), {"-x", "hip"});
    return Out;
  };
}

std::vector<std::string> SourceAnalyzer::Impl::translate(std::vector<std::string> Argv, const std::string &File,
                                                         const std::string &OffloadArch, bool &Gpu, bool &CudaSource,
                                                         bool &CSource, bool &RuntimeCompiled) const {
  std::string Tool = Argv.empty() ? std::string() : baseName(Argv[0]);
  bool Nvcc = Tool.find("nvcc") != std::string::npos;
  bool Hipcc = Tool.find("hipcc") != std::string::npos;
  CommandLineArguments Clang = nvccToClangAdjuster()(Argv, File);
  LanguageFlags Lang = languageFlagsOf(Clang);
  std::string Ext = fs::path(File).extension().string();
  Gpu = Lang.XHip;
  // Without an explicit language: hipcc compiles everything as HIP, clang .hip as HIP and .cu as
  // CUDA (which we analyse as HIP). A plain C++ compile stays C++.
  // Headers (whose borrowed command has lost the source's "-x hip") and sources compiled with an
  // --offload-arch are HIP as well.
  bool Header = rocmtidy::isHeaderName(File) || rocmtidy::sourceKindOf(File) == rocmtidy::SourceKind::Fragment;
  // A .cu file compiled by nvcc, or by clang without HIP flags, is CUDA: it is analysed as the HIP
  // hipify makes of it (its CUDA runtime names mapped, __CUDA_ARCH__ code in the device pass).
  CudaSource = Nvcc || Lang.CudaLang || (!Lang.HasX && !Hipcc && !Lang.HasArch && Ext == ".cu");
  CSource = !Gpu && (Ext == ".c" || (Lang.HasX && llvm::is_contained(Clang, "c")));
  bool AddX = !Lang.HasX && !CSource && (Nvcc || Hipcc || Ext == ".hip" || Ext == ".cu" || Header || Lang.HasArch);
  Gpu |= AddX;

  // Everything we add goes right after the driver name, before the input, so that "-x" keeps
  // applying to the input; the user's extra arguments come last and win.
  CommandLineArguments Added;
  Added.push_back(std::string("-resource-dir=") + ROCM_TIDY_RESOURCE_DIR);
  // Keeps the frontend from printing "N warnings generated" on stderr.
  Added.push_back("-fno-caret-diagnostics");
  if (Gpu) {
    if (!Lang.HasArch)
      Added.push_back("--offload-arch=" + OffloadArch);
    Added.push_back("-nogpulib");
    if (Builtin)
      Added.insert(Added.end(), {"-nogpuinc", "-isystem", BuiltinIncludeDir});
    if (Nvcc || Hipcc || AddPlatformMacro)
      Added.push_back("-D__HIP_PLATFORM_AMD__=1");
  } else if (CSource) {
    // C files of a HIP build use the runtime API like hip::host code: the platform macro and, on a
    // machine without ROCm, the built-in header (its C-compatible part).
    if (Builtin)
      Added.insert(Added.end(), {"-isystem", BuiltinIncludeDir});
    Added.push_back("-D__HIP_PLATFORM_AMD__=1");
  }
  RecoveryMode Mode;
  Mode.BuiltinHip = Builtin;
  Mode.Gpu = Gpu;
  // A kernel source for hiprtc/NVRTC gets its device declarations from the run-time compiler.
  // A C++ source compiled as HIP whose runtime header comes through a header outside the
  // repository (a sibling project's '#include <gpu_macros.hpp>') is the same case: without the
  // runtime, warpSize and threadIdx are undeclared and its kernels are dropped.
  if (Gpu && !Header && (Ext == ".hip" || Ext == ".cu" || Ext == ".cpp" || Ext == ".cc" || Ext == ".cxx")) {
    std::string Text = readFilePrefix(File, 1 << 20).value_or(std::string());
    rocmtidy::project::QuotedIncludeWalk Followed = quotedIncludes(File);
    RuntimeCompiled = isRuntimeCompiledSource(Text, &Followed);
  }
  // Where the build hipifies the .cu files before compiling them, each reaches the compiler with the
  // CUDA runtime API renamed (cudaDeviceSynchronize), also one that relies on nvcc's implicit
  // cuda_runtime.h or includes only hip_runtime.h under '#ifdef USE_ROCM': it gets the CUDA->HIP
  // names hipify gives it. Compiled as written (hipcc on the .cu), those names are the build's own
  // error.
  Mode.CudaSource = (CudaSource || (Ext == ".cu" && Config.HipifiedAtBuild)) && Gpu;
  // Not for a header of HIP's own implementation (ROCm/clr's hip/amd_detail): an installed HIP's
  // hip_runtime.h includes its copy of the same header, whose include guard would then hide the
  // whole file; such a header includes what it needs itself.
  std::string Parent = fs::path(File).parent_path().filename().string();
  bool HipImplementation = (Parent == "amd_detail" || Parent == "nvidia_detail") &&
                           fs::path(File).parent_path().parent_path().filename() == "hip";
  Mode.ForceHipRuntime = (Header || RuntimeCompiled) && Gpu && !HipImplementation;
  for (std::string &A : recoveryArguments(Mode))
    Added.push_back(std::move(A));
  CommandLineArguments Extra = Config.ExtraArgs;
  Extra.insert(Extra.end(), Opts.ExtraArgs.begin(), Opts.ExtraArgs.end());

  ArgumentsAdjuster ToAnalysis = combineAdjusters(cudaToHipAdjuster(), AddX ? hipInputAdjuster() : nullptr);
  ToAnalysis = combineAdjusters(ToAnalysis, getInsertArgumentAdjuster(Extra, ArgumentInsertPosition::BEGIN));
  ToAnalysis = combineAdjusters(ToAnalysis, getInsertArgumentAdjuster(Added, ArgumentInsertPosition::BEGIN));
  // After every folder of the command, the inferred ones included, and before the input, which the
  // commands shown with --verbose keep last.
  ToAnalysis = combineAdjusters(ToAnalysis, [File](const CommandLineArguments &Args, StringRef) {
    CommandLineArguments Out = Args;
    std::string Name = fs::path(File).filename().string();
    auto Input = std::find_if(Out.rbegin(), Out.rend(), [&](const std::string &A) {
      return A == File || (!A.empty() && A[0] != '-' && fs::path(A).filename() == Name);
    });
    std::vector<std::string> Last = recoveryLastArguments();
    Out.insert(Input == Out.rend() ? Out.end() : std::prev(Input.base()), Last.begin(), Last.end());
    return Out;
  });
  return ToAnalysis(Clang, File);
}

static std::string normalFolder(const std::string &Folder) {
  std::string N = fs::path(Folder).lexically_normal().string();
  while (N.size() > 1 && N.back() == '/')
    N.pop_back();
  return N;
}

// The folders \p Args puts on the search path of angle includes (-I, -isystem, -idirafter; joined
// or separate), as they are written.
static std::set<std::string> searchedFolders(const std::vector<std::string> &Args) {
  std::set<std::string> Out;
  for (size_t I = 0; I < Args.size(); ++I)
    for (llvm::StringRef Flag : {"-I", "-isystem", "-idirafter"}) {
      llvm::StringRef A(Args[I]);
      if (!A.starts_with(Flag))
        continue;
      std::string Folder = A.size() > Flag.size() ? A.drop_front(Flag.size()).str()
                                                  : (I + 1 < Args.size() ? Args[I + 1] : std::string());
      if (!Folder.empty())
        Out.insert(normalFolder(Folder));
      break;
    }
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
  // C files of a HIP build are compiled by the C compiler; they hold host code only, unless the
  // build gives them the HIP language (PaRSEC's ping_kernel.hip.c). The preprocessor flags of the
  // build (a Makefile's CPPFLAGS, a target's include folders, the defines its CMake gives the HIP
  // build) are the C compiler's too.
  bool AsC =
      fs::path(F.Absolute).extension() == ".c" && !(Config.HipBuild && Config.HipBuild->compiledAsHip(F.Absolute));
  std::vector<std::string> Argv = AsC ? std::vector<std::string>{"clang", "-x", "c", "-std=gnu11"}
                                      // Like hipcc, which builds every source as HIP: headers and
                                      // .cpp files may hold device code.
                                      : std::vector<std::string>{"clang++", "-x", "hip", "-std=c++17"};
  if (Config.HipBuild)
    for (const rocmtidy::project::ScriptFlag &Flag : Config.HipBuild->flagsFor(F.Absolute))
      Argv.push_back(Flag.Arg);
  // Without a build's include paths, the file's own directory is the likeliest one (<common.h>
  // next to the source); it is searched last. Then the source roots its includes name
  // ('rt/bvh/Util.h' from src/p/rt/bvh/K.cu): a hiprtc source gets its include path from the host
  // program, which no build script shows.
  // A folder the command already searches is not added again: clang keeps only the -idirafter
  // entry of a folder given twice, a system one, and every project header in it would become a
  // system header whose findings and bodies the analysis skips.
  std::set<std::string> Searched = searchedFolders(Argv);
  for (const CommandLineArguments *Extra : {&Config.ExtraArgs, &Opts.ExtraArgs})
    for (const std::string &S : searchedFolders(*Extra))
      Searched.insert(S);
  // The driver searches these environment folders too (as -I for CPATH, -isystem for the others).
  for (const char *Var : {"CPATH", "CPLUS_INCLUDE_PATH", "C_INCLUDE_PATH"})
    if (const char *Value = std::getenv(Var))
      for (llvm::StringRef Rest(Value); !Rest.empty();) {
        auto [Folder, Next] = Rest.split(':');
        Rest = Next;
        if (!Folder.empty())
          Searched.insert(normalFolder(Folder.str()));
      }
  auto SearchLast = [&](const std::string &Folder) {
    if (Searched.insert(normalFolder(Folder)).second)
      Argv.push_back("-idirafter" + Folder);
  };
  SearchLast(Dir);
  rocmtidy::project::QuotedIncludeWalk Walk = quotedIncludes(F.Absolute);
  for (const std::string &Root : Walk.Roots)
    SearchLast(Root);
  // Found in a folder searched last, a project header would be a system header to clang: its
  // findings dropped and its function bodies (a kernel's helpers) left unparsed. Not so for a name
  // the toolkits provide (a 'hip/hip_runtime.h' shim for the project's NVIDIA build): the system
  // folders are searched first, and the toolkit's own header would lose its system status.
  for (const std::string &Name : Walk.RootNames)
    if (!toolkitHeaderName(Name))
      Argv.push_back("--no-system-header-prefix=" + Name);
  Argv.push_back(F.Absolute);
  return Argv;
}

rocmtidy::project::QuotedIncludeWalk SourceAnalyzer::Impl::quotedIncludes(const std::string &File) const {
  std::string Dir = fs::path(File).parent_path().string();
  std::vector<std::string> Folders = Config.Model ? Config.Model->foldersUpToRoot(Dir) : std::vector<std::string>{Dir};
  // A build script that gives the source include folders, or leaves some out under a condition,
  // decides its include path: the project's one file of a path is searched for only where no
  // script says anything about it.
  // The folders it gives are searched as the compiler searches them ('#include <Reduction/v10.hpp>'
  // under a linked library's include folder).
  const rocmtidy::project::ProjectModel *Model = Config.Model.get();
  std::vector<std::string> ScriptFolders;
  if (Config.HipBuild) {
    auto IncludeFlag = [](const std::string &A) { return A.compare(0, 2, "-I") == 0; };
    for (const rocmtidy::project::ScriptFlag &F : Config.HipBuild->flagsFor(File))
      if (IncludeFlag(F.Arg)) {
        Model = nullptr;
        ScriptFolders.push_back(F.Arg.substr(2));
      }
    for (const rocmtidy::project::LeftOutFlag &F : Config.HipBuild->leftOutFor(File))
      if (IncludeFlag(F.Text))
        Model = nullptr;
  }
  return rocmtidy::project::followQuotedIncludes(File, Folders, textReader(Config, 1 << 20), 64,
                                                 [Model, ScriptFolders](const std::string &Name) {
                                                   for (const std::string &Folder : ScriptFolders)
                                                     if (fs::is_regular_file(fs::path(Folder) / Name))
                                                       return Folder;
                                                   return Model ? Model->includeRootFor(Name) : std::string();
                                                 });
}

} // namespace rocmlint
