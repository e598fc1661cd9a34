// Missing headers do not end the analysis: an include that cannot be found is skipped (as if an
// empty file stood in its place) and recorded; CUDA toolkit headers are served as the ROCm header
// rocm-cuda-header's fix-it names; CUDA runtime names resolve through the mapping header generated
// from lib/data; HIP intrinsics newer than the installed HIP are declared by lib/data/hip_supplement.h.
#include "Recovery.h"
#include "Safety.h"

#include "ast/UserCode.h"
#include "core/CudaHeaderMap.h"
#include "core/CudaRuntimeMap.h"
#include "core/EmbeddedData.h"
#include "project/IncludeScan.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorLexer.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>

using namespace clang;

namespace rocmlint {

// Served with -idirafter: a header the build really has (a CUDA toolkit on the include path, or a
// project's own stand-in) is found first; these are only the last resort before "not found".
static constexpr const char *CudaStandInDir = "/rocm-lint-builtin/cuda";
static constexpr const char *SupportDir = "/rocm-lint-builtin/support";
static constexpr const char *SupplementName = "rocm-tidy/hip_supplement.h";
// Searched ahead of the installed HIP (-isystem): its hip/hip_runtime_api.h reads the installed
// one, then the part of the supplement that needs the runtime's types.
static constexpr const char *AfterRuntimeDir = "/rocm-lint-builtin/after-runtime";
// With the built-in HIP header, the ROCm headers it does not stand in for (hip/hip_fp16.h, ...) are
// not available: a stand-in includes them under this prefix, which is never found, so that they
// are recorded as missing (without the prefix) instead of mixing a system HIP into the built-in one.
static constexpr const char *UnavailablePrefix = "rocm-lint-unavailable/";

// rocm-lint's hipCUB and rocWMMA stand-ins (lib/data/hipcub_standin.h, rocwmma_standin.h), served
// below every real hipCUB and rocWMMA.
static constexpr const char *HipcubMain = "hipcub/hipcub.hpp";
static bool isHipcubHeader(llvm::StringRef Name) { return Name.starts_with("hipcub/"); }
static constexpr const char *RocwmmaMain = "rocwmma/rocwmma.hpp";
static constexpr const char *RocwmmaOthers[] = {"rocwmma/rocwmma_coop.hpp", "rocwmma/rocwmma_transforms.hpp",
                                                "rocwmma/rocwmma-version.hpp"};
// hip/hip_bf16.h, which ROCm added in 5.7 (Debian's HIP 5.2 lacks it): lib/data/hip_bf16_standin.h.
static constexpr const char *HipBf16 = "hip/hip_bf16.h";
// PyTorch's C++ headers (lib/data/torch_standin.h, torch_cuda_standin.h) and pybind11's
// (pybind11_standin.h), which a lint machine outside the extension's Python environment lacks. Each
// public name reads one of three private mains; the GPU main reads the core one through
// ATen/ATen.h, so that a PyTorch on the include path is preferred even there.
static constexpr const char *TorchMain = "rocm-lint-standin/torch.h";
static constexpr const char *TorchGpuMain = "rocm-lint-standin/torch_gpu.h";
static constexpr const char *Pybind11Main = "rocm-lint-standin/pybind11.h";
static constexpr const char *TorchKernelUtils = "ATen/cuda/detail/KernelUtils.h";
static constexpr const char *TorchHeaders[] = {"ATen/ATen.h",
                                               "ATen/AccumulateType.h",
                                               "ATen/Dispatch.h",
                                               "ATen/Functions.h",
                                               "ATen/OpMathType.h",
                                               "ATen/Parallel.h",
                                               "ATen/SparseTensorUtils.h",
                                               "ATen/Tensor.h",
                                               "ATen/TensorUtils.h",
                                               "ATen/core/Tensor.h",
                                               "ATen/core/TensorAccessor.h",
                                               "ATen/core/TensorBody.h",
                                               "c10/core/Device.h",
                                               "c10/core/DeviceGuard.h",
                                               "c10/core/DeviceType.h",
                                               "c10/core/Layout.h",
                                               "c10/core/MemoryFormat.h",
                                               "c10/core/Scalar.h",
                                               "c10/core/ScalarType.h",
                                               "c10/core/TensorOptions.h",
                                               "c10/macros/Macros.h",
                                               "c10/util/ArrayRef.h",
                                               "c10/util/BFloat16.h",
                                               "c10/util/Exception.h",
                                               "c10/util/Half.h",
                                               "c10/util/Logging.h",
                                               "c10/util/Optional.h",
                                               "c10/util/complex.h",
                                               "c10/util/irange.h",
                                               "torch/all.h",
                                               "torch/library.h",
                                               "torch/script.h",
                                               "torch/torch.h",
                                               "torch/types.h"};
// torch/extension.h and torch/python.h also bring pybind11 and its 'py' alias.
static constexpr const char *TorchPythonHeaders[] = {"torch/extension.h", "torch/python.h"};
static constexpr const char *TorchGpuHeaders[] = {"ATen/cuda/Atomic.cuh",
                                                  "ATen/cuda/CUDAApplyUtils.cuh",
                                                  "ATen/cuda/CUDAContext.h",
                                                  "ATen/cuda/CUDAContextLight.h",
                                                  "ATen/cuda/CUDAUtils.h",
                                                  "ATen/cuda/DeviceUtils.cuh",
                                                  "ATen/cuda/Exceptions.h",
                                                  "ATen/cuda/detail/IndexUtils.cuh",
                                                  "ATen/cuda/detail/TensorInfo.cuh",
                                                  "ATen/hip/Atomic.cuh",
                                                  "ATen/hip/DeviceUtils.cuh",
                                                  "ATen/hip/Exceptions.h",
                                                  "ATen/hip/HIPContext.h",
                                                  "ATen/hip/impl/HIPGuardImplMasqueradingAsCUDA.h",
                                                  "ATen/hip/impl/HIPStreamMasqueradingAsCUDA.h",
                                                  "THC/THC.h",
                                                  "THC/THCAtomics.cuh",
                                                  "THC/THCDeviceUtils.cuh",
                                                  "c10/cuda/CUDAException.h",
                                                  "c10/cuda/CUDAFunctions.h",
                                                  "c10/cuda/CUDAGuard.h",
                                                  "c10/cuda/CUDAStream.h",
                                                  "c10/hip/HIPException.h",
                                                  "c10/hip/HIPFunctions.h",
                                                  "c10/hip/HIPGuard.h",
                                                  "c10/hip/HIPStream.h"};
static constexpr const char *Pybind11Headers[] = {"pybind11/chrono.h", "pybind11/complex.h",   "pybind11/functional.h",
                                                  "pybind11/numpy.h",  "pybind11/operators.h", "pybind11/pybind11.h",
                                                  "pybind11/stl.h",    "pybind11/stl_bind.h"};
// rocThrust's tuple and pair (lib/data/thrust_tuple_standin.h), which Debian's HIP packages lack.
static constexpr const char *ThrustTupleMain = "rocm-lint-standin/thrust_tuple.h";
static constexpr const char *ThrustTupleHeaders[] = {"thrust/pair.h", "thrust/tuple.h"};

static bool isTorchOrPybind11Header(llvm::StringRef Name) {
  auto In = [&](const auto &List) { return llvm::is_contained(List, Name); };
  return In(TorchHeaders) || In(TorchPythonHeaders) || In(TorchGpuHeaders) || In(Pybind11Headers) ||
         Name == TorchKernelUtils;
}

static bool isStandInHeader(llvm::StringRef Name) {
  return isHipcubHeader(Name) || Name.starts_with("rocwmma/") || Name == HipBf16 || isTorchOrPybind11Header(Name) ||
         llvm::is_contained(ThrustTupleHeaders, Name);
}

// The CUDA headers that declare the runtime API: code after them uses the cudaXxx names.
static bool declaresRuntimeApi(const std::string &Cuda) {
  return Cuda == "cuda_runtime.h" || Cuda == "cuda_runtime_api.h" || Cuda == "cuda.h";
}

static bool isRuntimeHeaderName(llvm::StringRef Name) {
  return Name == "hip/hip_runtime.h" || Name == "cuda_runtime.h" || Name == "cuda.h";
}

bool isRuntimeCompiledSource(std::string_view Text, const rocmtidy::project::QuotedIncludeWalk *Followed) {
  if (Followed)
    return Followed->DeviceCode && Followed->AllResolved &&
           llvm::none_of(Followed->AngleNames, [](const std::string &N) { return isRuntimeHeaderName(N); });
  llvm::StringRef All(Text.data(), Text.size());
  if (!All.contains("__global__") && !All.contains("__device__"))
    return false;
  for (const rocmtidy::project::IncludeLine &I : rocmtidy::project::scanIncludeLines(Text)) {
    // A project header, or a computed include, may bring the runtime header with it.
    if (I.Open != '<')
      return false;
    if (isRuntimeHeaderName(llvm::StringRef(I.Name.data(), I.Name.size())))
      return false;
  }
  return true;
}

// PyTorch and pybind11: a public name includes its private main. Without a Python.h on the include
// path a real pybind11 cannot be read either, so torch/extension.h then takes the stand-in's.
template <class AddFile> static void addTorchStandIns(const AddFile &Add) {
  auto Including = [](const char *Main) { return std::string("#include <") + Main + ">\n"; };
  Add(std::string(SupportDir) + "/" + TorchMain, std::string(rocmtidy::embeddedData("torch_standin.h")));
  Add(std::string(SupportDir) + "/" + TorchGpuMain, std::string(rocmtidy::embeddedData("torch_cuda_standin.h")));
  Add(std::string(SupportDir) + "/" + Pybind11Main, std::string(rocmtidy::embeddedData("pybind11_standin.h")));
  for (const char *Name : TorchHeaders)
    Add(std::string(SupportDir) + "/" + Name, Including(TorchMain));
  for (const char *Name : TorchGpuHeaders)
    Add(std::string(SupportDir) + "/" + Name, Including(TorchGpuMain));
  Add(std::string(SupportDir) + "/" + TorchKernelUtils,
      std::string(rocmtidy::embeddedData("torch_kernel_utils_standin.h")));
  for (const char *Name : Pybind11Headers)
    Add(std::string(SupportDir) + "/" + Name, Including(Pybind11Main));
  for (const char *Name : TorchPythonHeaders)
    Add(std::string(SupportDir) + "/" + Name, Including(TorchMain) + "#if __has_include(<Python.h>)\n" +
                                                  Including("pybind11/pybind11.h") + "#else\n" +
                                                  Including(Pybind11Main) + "#endif\nnamespace py = pybind11;\n");
}

llvm::IntrusiveRefCntPtr<llvm::vfs::InMemoryFileSystem>
makeRecoveryFiles(bool BuiltinHip, const std::vector<std::pair<std::string, std::string>> &Configured) {
  auto Mem = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  auto Add = [&](const std::string &Path, const std::string &Text) {
    Mem->addFile(Path, 0, llvm::MemoryBuffer::getMemBufferCopy(Text, Path));
  };
  for (const auto &[Path, Text] : Configured)
    Add(Path, Text);
  if (BuiltinHip) {
    std::string_view Fallback = rocmtidy::embeddedData("hip_fallback.h");
    Add(std::string(BuiltinIncludeDir) + "/hip/hip_runtime.h", std::string(Fallback));
    Add(std::string(BuiltinIncludeDir) + "/hip/hip_runtime_api.h", "#include <hip/hip_runtime.h>\n");
  }
  Add(std::string(SupportDir) + "/" + rocmtidy::CudaToHipMappingHeaderName, rocmtidy::cudaToHipMappingHeader());
  Add(std::string(SupportDir) + "/" + SupplementName, std::string(rocmtidy::embeddedData("hip_supplement.h")));
  // hipCUB, which Debian's HIP packages lack: the main header is a declarations-only stand-in, each
  // public header of the table reads it.
  Add(std::string(SupportDir) + "/" + HipcubMain, std::string(rocmtidy::embeddedData("hipcub_standin.h")));
  for (const rocmtidy::CudaHeaderMapping &M : rocmtidy::cudaHeaderTable().Headers)
    if (isHipcubHeader(M.Hip) && M.Hip != HipcubMain)
      Add(std::string(SupportDir) + "/" + M.Hip, std::string("#include <") + HipcubMain + ">\n");
  // rocWMMA, likewise: without it a kernel that declares a fragment is dropped as invalid.
  Add(std::string(SupportDir) + "/" + RocwmmaMain, std::string(rocmtidy::embeddedData("rocwmma_standin.h")));
  for (const char *Other : RocwmmaOthers)
    Add(std::string(SupportDir) + "/" + Other, std::string("#include <") + RocwmmaMain + ">\n");
  Add(std::string(SupportDir) + "/" + HipBf16, std::string(rocmtidy::embeddedData("hip_bf16_standin.h")));
  addTorchStandIns(Add);
  Add(std::string(SupportDir) + "/" + ThrustTupleMain, std::string(rocmtidy::embeddedData("thrust_tuple_standin.h")));
  for (const char *Name : ThrustTupleHeaders)
    Add(std::string(SupportDir) + "/" + Name, std::string("#include <") + ThrustTupleMain + ">\n");
  if (!BuiltinHip) {
    Add(std::string(AfterRuntimeDir) + "/hip/hip_runtime_api.h",
        std::string("// rocm-lint: the installed header, then declarations it lacks\n"
                    "#include_next <hip/hip_runtime_api.h>\n"
                    "#define ROCM_TIDY_HIP_SUPPLEMENT_AFTER_RUNTIME_API\n#include <") +
            SupplementName + ">\n");
    // HIP 5's cooperative groups helper defines a macro WAVEFRONT_SIZE (and skips all of its
    // declarations when the includer already has one); current ROCm defines neither, so code for it
    // that names its own 'constexpr int WAVEFRONT_SIZE' stopped the parse. The installed header is
    // read with the includer's macro set aside, and what it leaves is taken back.
    Add(std::string(AfterRuntimeDir) + "/hip/hip_cooperative_groups.h",
        "// rocm-lint: the installed header, without the macro older HIP leaks\n"
        "#pragma push_macro(\"WAVEFRONT_SIZE\")\n#undef WAVEFRONT_SIZE\n"
        "#include_next <hip/hip_cooperative_groups.h>\n"
        "#undef WAVEFRONT_SIZE\n#pragma pop_macro(\"WAVEFRONT_SIZE\")\n");
    // HIP 5's thread coordinates are objects whose members convert to unsigned int: 'auto i =
    // threadIdx.x; i += blockDim.x' does not compile there, while current ROCm's are properties of
    // type unsigned int, as in CUDA. The installed header's objects are read under other names and
    // the coordinates are declared as current ROCm has them.
    Add(std::string(AfterRuntimeDir) + "/hip/amd_detail/amd_hip_runtime.h",
        std::string(rocmtidy::embeddedData("hip_coordinates_wrapper.h")));
  }
  // A CUDA header with no ROCm counterpart is not served: it is reported as missing.
  for (const rocmtidy::CudaHeaderMapping &M : rocmtidy::cudaHeaderTable().Headers) {
    if (M.Hip.empty())
      continue;
    bool BuiltinCovers = M.Hip == "hip/hip_runtime.h" || M.Hip == "hip/hip_runtime_api.h" || isStandInHeader(M.Hip);
    std::string Hip = BuiltinHip && !BuiltinCovers ? UnavailablePrefix + M.Hip : M.Hip;
    std::string Text = "// rocm-lint: '" + M.Cuda + "' analysed as its ROCm replacement\n#include <" + Hip + ">\n";
    if (declaresRuntimeApi(M.Cuda))
      Text += std::string("#include <") + rocmtidy::CudaToHipMappingHeaderName + ">\n";
    for (const auto &[Cuda, Hip] : M.Types)
      Text.append("typedef ").append(Hip).append(" ").append(Cuda).append(";\n");
    Add(std::string(CudaStandInDir) + "/" + M.Cuda, Text);
  }
  return Mem;
}

std::vector<std::string> recoveryLastArguments() { return {"-idirafter", SupportDir}; }

std::vector<std::string> recoveryArguments(const RecoveryMode &Mode) {
  std::vector<std::string> Args;
  // Each error of a file with missing headers would otherwise count towards clang's limit of 20,
  // after which the rest of the file is not analysed.
  Args.push_back("-ferror-limit=0");
  Args.push_back("-idirafter");
  Args.push_back(CudaStandInDir);
  if (!Mode.Gpu)
    return Args;
  if (!Mode.BuiltinHip) {
    Args.push_back("-include");
    Args.push_back(std::string(SupportDir) + "/" + SupplementName);
    Args.push_back("-isystem");
    Args.push_back(AfterRuntimeDir);
  }
  if (Mode.ForceHipRuntime) {
    Args.push_back("-include");
    Args.push_back("hip/hip_runtime.h");
  }
  if (Mode.CudaSource) {
    Args.push_back("-include");
    Args.push_back(std::string(SupportDir) + "/" + rocmtidy::CudaToHipMappingHeaderName);
  }
  return Args;
}

namespace {

class ContainedFileSystem : public llvm::vfs::ProxyFileSystem {
public:
  ContainedFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base, std::string Root, RecoveryLog &Log)
      : ProxyFileSystem(std::move(Base)), Root(std::move(Root)), Log(Log) {}
  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>> openFileForRead(const llvm::Twine &Path) override {
    // A path that does not exist is clang's "not found", as before; only a file that is there and
    // may not be read is a refusal.
    auto St = ProxyFileSystem::status(Path);
    if (!St)
      return St.getError();
    // Header search opens each candidate: a folder that shares a standard header's name (a tests/array
    // folder on the include path when <array> is looked up) is not a match, and clang skips it quietly
    // on this error and goes on to the next include folder, as with the real file system.
    if (St->isDirectory())
      return std::make_error_code(std::errc::is_a_directory);
    llvm::SmallString<256> Abs;
    Path.toVector(Abs);
    if (!llvm::sys::path::is_absolute(Abs))
      if (auto Wd = getCurrentWorkingDirectory())
        llvm::sys::fs::make_absolute(*Wd, Abs);
    // Checked as written (the check resolves links and ".." the way the kernel does); shown with
    // the dots removed.
    std::string Why;
    if (!parseFileAllowed(std::string(Abs), Root, Why)) {
      llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
      std::string Name(Abs);
      // Configuration lookups above the repository (.clang-tidy) are refused silently: they are not
      // something the analysed file asked for.
      bool Config = llvm::sys::path::filename(Name) == ".clang-tidy";
      auto &List = Why == "not a regular file" ? Log.NotRegular : Log.OutsideRoot;
      if (!Config && std::find(List.begin(), List.end(), Name) == List.end())
        List.push_back(Name);
      return std::make_error_code(std::errc::permission_denied);
    }
    return ProxyFileSystem::openFileForRead(Path);
  }

private:
  std::string Root;
  RecoveryLog &Log;
};

class IncludeRecorder : public PPCallbacks {
public:
  IncludeRecorder(Preprocessor &PP, RecoveryLog &Log) : PP(PP), SM(PP.getSourceManager()), Log(Log) {}
  void FileChanged(SourceLocation Loc, FileChangeReason Reason, SrcMgr::CharacteristicKind Kind, FileID) override {
    if (Reason != EnterFile || Loc.isInvalid())
      return;
    // A stand-in stands for a header that is missing: the file is recovered, not complete.
    if (auto F = SM.getFileEntryRefForID(SM.getFileID(Loc))) {
      StringRef Name = F->getName();
      if (Name.consume_front(SupportDir) && Name.consume_front("/") && isStandInHeader(Name)) {
        if (std::find(Log.StoodIn.begin(), Log.StoodIn.end(), Name) == Log.StoodIn.end())
          Log.StoodIn.push_back(Name.str());
        return;
      }
    }
    if (Kind != SrcMgr::C_User)
      return;
    if (auto F = SM.getFileEntryRefForID(SM.getFileID(Loc))) {
      StringRef Real = F->getFileEntry().tryGetRealPathName();
      std::string Name = (Real.empty() ? F->getName() : Real).str();
      if (std::find(Log.UserFiles.begin(), Log.UserFiles.end(), Name) == Log.UserFiles.end())
        Log.UserFiles.push_back(Name);
    }
  }
  bool FileNotFound(StringRef FileName) override {
    // <name.h> next to the including file: clang includes it after an error ("use quotes
    // instead"); skipping it would lose a header that is there.
    if (PreprocessorLexer *L = PP.getCurrentFileLexer())
      if (auto Includer = SM.getFileEntryRefForID(L->getFileID())) {
        SmallString<256> Next(Includer->getDir().getName());
        llvm::sys::path::append(Next, FileName);
        if (SM.getFileManager().getOptionalFileRef(Next))
          return false;
      }
    // A file that is there but was refused (outside the project, a device) is reported as such,
    // not as missing; a device is not skipped: the file cannot be analysed (security.md).
    // #embed hands over the name with its quotes.
    StringRef Base = llvm::sys::path::filename(FileName.trim("\"<>"));
    auto Names = [&](const std::vector<std::string> &List) {
      return std::any_of(List.begin(), List.end(),
                         [&](const std::string &P) { return llvm::sys::path::filename(P) == Base; });
    };
    if (Names(Log.NotRegular))
      return false;
    if (Names(Log.OutsideRoot))
      return true;
    FileName.consume_front(UnavailablePrefix);
    if (std::find(Log.MissingHeaders.begin(), Log.MissingHeaders.end(), FileName) == Log.MissingHeaders.end())
      Log.MissingHeaders.push_back(FileName.str());
    return true; // skip the include, as if it were empty
  }

private:
  Preprocessor &PP;
  const SourceManager &SM;
  RecoveryLog &Log;
};

// The declarations of user code (ast/UserCode.h) that clang dropped as invalid. A system header's
// declarations nest only its own, so the walk leaves them out, as the checks' walk and the kernel
// facts' do: walking the runtime and C++ headers was 1.3% of a pass, for nothing it counts.
class InvalidDeclCounter : public RecursiveASTVisitor<InvalidDeclCounter> {
public:
  InvalidDeclCounter(const SourceManager &SM, unsigned &Count) : SM(SM), Count(Count) {}
  bool TraverseDecl(Decl *D) {
    if (D && !isa<TranslationUnitDecl>(D) && !rocmtidy::isUserCode(SM, D->getLocation()))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }
  bool VisitDecl(Decl *D) {
    if (D->isInvalidDecl() && !isa<TranslationUnitDecl>(D) && D->getLocation().isValid())
      ++Count;
    return true;
  }

private:
  const SourceManager &SM;
  unsigned &Count;
};

class RecoveryConsumer : public ASTConsumer {
public:
  explicit RecoveryConsumer(RecoveryLog &Log) : Log(Log) {}
  void HandleTranslationUnit(ASTContext &Ctx) override {
    Log.Parsed = true;
    InvalidDeclCounter(Ctx.getSourceManager(), Log.DroppedDeclarations).TraverseAST(Ctx);
  }

private:
  RecoveryLog &Log;
};

} // namespace

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
makeContainedFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base, std::string Root, RecoveryLog &Log) {
  return llvm::makeIntrusiveRefCnt<ContainedFileSystem>(std::move(Base), std::move(Root), Log);
}

std::unique_ptr<ASTConsumer> withRecovery(CompilerInstance &CI, std::unique_ptr<ASTConsumer> Inner, RecoveryLog &Log) {
  CI.getPreprocessor().addPPCallbacks(std::make_unique<IncludeRecorder>(CI.getPreprocessor(), Log));
  std::vector<std::unique_ptr<ASTConsumer>> Consumers;
  Consumers.push_back(std::move(Inner));
  Consumers.push_back(std::make_unique<RecoveryConsumer>(Log));
  return std::make_unique<MultiplexConsumer>(std::move(Consumers));
}

} // namespace rocmlint
