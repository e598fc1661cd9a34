// Recovery for partial builds: rocm-lint analyses files whose headers are not all present on the
// machine (third-party SDKs, CUDA toolkit headers in a HIP port, older HIP) and records what it
// could not see, so the analysis status of each file can be reported.
#ifndef ROCM_TIDY_TOOLS_ROCM_LINT_RECOVERY_H
#define ROCM_TIDY_TOOLS_ROCM_LINT_RECOVERY_H

#include "project/IncludeScan.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Frontend/CompilerInstance.h"
#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace rocmlint {

/// The directory of the built-in declarations-only HIP header (hip/hip_runtime.h).
inline constexpr const char *BuiltinIncludeDir = "/rocm-lint-builtin/include";

/// What one pass of one file could not see.
struct RecoveryLog {
  std::vector<std::string> MissingHeaders; // as spelled in the #include, first occurrence order, unique
  std::vector<std::string> StoodIn;        // missing headers read from rocm-lint's stand-in (hipCUB), unique
  unsigned DroppedDeclarations = 0;        // declarations outside system headers clang marked invalid
  bool Parsed = false;                     // the parse reached the end of the translation unit
  std::vector<std::string> UserFiles;      // files outside system headers the parse entered (real paths)
  std::vector<std::string> OutsideRoot;    // files the parse was refused: outside the project root
  std::vector<std::string> NotRegular;     // files the parse was refused: FIFOs, devices, directories
};

/// How the commands of a file are extended for recovery.
struct RecoveryMode {
  bool BuiltinHip = false;      // the built-in HIP header stands in for ROCm's
  bool Gpu = false;             // a HIP pass (host or device)
  bool CudaSource = false;      // CUDA code analysed as the HIP it becomes
  bool ForceHipRuntime = false; // a header analysed on its own: include hip/hip_runtime.h first
};

/// True for the text of a kernel source meant for hiprtc/NVRTC: it defines device code
/// (__global__ or __device__) but includes no HIP or CUDA runtime header, so the run-time
/// compiler's own declarations are missing from a parse. A project header could bring one: without
/// \p Followed (the source's quoted includes followed through the repository) any quoted include
/// says no; with it, every one must have been found, and none of the headers found may include a
/// runtime header. The API-only headers (hip/hip_runtime_api.h) declare no device code.
bool isRuntimeCompiledSource(std::string_view Text, const rocmtidy::project::QuotedIncludeWalk *Followed = nullptr);

/// The in-memory files recovery serves: the built-in HIP header (when \p BuiltinHip), CUDA toolkit
/// headers as their ROCm replacement, the CUDA-to-HIP mapping header and the HIP supplement.
/// \p Configured: headers the HIP build would generate (configure_file), served at their paths.
llvm::IntrusiveRefCntPtr<llvm::vfs::InMemoryFileSystem>
makeRecoveryFiles(bool BuiltinHip, const std::vector<std::pair<std::string, std::string>> &Configured = {});

/// The parse's view of the disk: \p Base, except that a file outside \p Root (the repository, a real
/// path) and the system include folders, or one that is not a regular file, cannot be opened; each
/// refusal is recorded in \p Log (which must outlive the file system). A hostile `#include
/// "../../../home/u/.aws/credentials"` or `#embed "/etc/shadow"` is not read, so its bytes can never
/// reach a compiler error quoted into the report.
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
makeContainedFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base, std::string Root, RecoveryLog &Log);

/// Compiler arguments (placed before the input) that make a pass use the recovery files.
std::vector<std::string> recoveryArguments(const RecoveryMode &Mode);

/// Compiler arguments placed after every other search folder: rocm-lint's stand-ins (hipCUB,
/// rocWMMA, hip_bf16.h, PyTorch, pybind11) are found only where neither the build nor the folders
/// rocm-lint infers for a source have the real header.
std::vector<std::string> recoveryLastArguments();

/// Registers the missing-include handler on \p CI's preprocessor and wraps \p Inner so that the
/// invalid declarations are counted once the translation unit is parsed. Both write into \p Log,
/// which must outlive the parse.
std::unique_ptr<clang::ASTConsumer> withRecovery(clang::CompilerInstance &CI, std::unique_ptr<clang::ASTConsumer> Inner,
                                                 RecoveryLog &Log);

} // namespace rocmlint

#endif
