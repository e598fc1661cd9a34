// The compile command of each input (compile database, compile_flags.txt or inferred) and its
// translation into the command rocm-lint analyses: nvcc and hipcc flags mapped to clang's, HIP
// language and offload target, the recovery arguments and the extra arguments.
#include "AnalyzerImpl.h"
#include "ast/Compat.h"

#include "clang-tidy/ClangTidyOptions.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <sstream>

namespace fs = std::filesystem;
using namespace clang;
using namespace clang::tooling;

namespace rocmlint {

static std::string baseName(const std::string &P) { return llvm::sys::path::filename(P).str(); }

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
    if (startsWith(A, "--amdgpu-target=") || startsWith(A, "--offload-arch=")) {
      Out.push_back("--offload-arch=" + archForThisClang(A.substr(A.find('=') + 1)));
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

} // namespace rocmlint
