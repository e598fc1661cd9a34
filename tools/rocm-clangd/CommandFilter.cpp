// Every compile command rocm-clangd turns into a compiler invocation goes through the allow-list
// rocm-lint uses (lib/core/CommandSanitizer). clangd takes flags from the opened folder (.clangd
// CompileFlags, compile_flags.txt, compile_commands.json), and some of them make the front end write
// files (`-Xclang -diagnostic-log-file -Xclang PATH` appends every diagnostic, text the source
// controls with #warning, to any file the user can write) or load code. clangd keeps its command
// pipeline (CommandMangler, OverlayCDB) inside ClangdLSPServer with no hook for a binary that reuses
// clangdMain, and Debian ships no clangd headers; so the one function every path reaches (the
// documents, the preamble, code completion, background indexing, `--check`) is wrapped at link time:
// clangd calls clang::createInvocation with the final argument vector, and the linker's
// --wrap=<symbol> (tools/rocm-clangd/CMakeLists.txt) sends that call here first.
#include "DevicePass.h"
#include "core/CommandSanitizer.h"

#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/Utils.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

// The symbol of clang::createInvocation(llvm::ArrayRef<const char *>, clang::CreateInvocationOptions);
// the CMake file passes the same name to --wrap.
#define ROCM_CLANGD_CREATE_INVOCATION "_ZN5clang16createInvocationEN4llvm8ArrayRefIPKcEENS_23CreateInvocationOptionsE"

std::unique_ptr<clang::CompilerInvocation>
realCreateInvocation(llvm::ArrayRef<const char *> Args,
                     clang::CreateInvocationOptions Opts) __asm__("__real_" ROCM_CLANGD_CREATE_INVOCATION);
std::unique_ptr<clang::CompilerInvocation>
filteredCreateInvocation(llvm::ArrayRef<const char *> Args,
                         clang::CreateInvocationOptions Opts) __asm__("__wrap_" ROCM_CLANGD_CREATE_INVOCATION);

std::unique_ptr<clang::CompilerInvocation> filteredCreateInvocation(llvm::ArrayRef<const char *> Args,
                                                                    clang::CreateInvocationOptions Opts) {
  std::vector<std::string> Argv(Args.begin(), Args.end());
  // clangd puts the file after "--"; of the positional arguments only it is kept.
  std::string MainFile;
  for (size_t I = 0; I + 1 < Argv.size(); ++I)
    if (Argv[I] == "--")
      MainFile = Argv.back();
  std::vector<rocmtidy::DroppedFlag> Dropped;
  std::vector<std::string> Clean = rocmtidy::sanitizeCompileCommand(Argv, MainFile, Dropped);
  if (!Dropped.empty()) {
    // One log line per dropped flag and reason, not one per reparse of every file.
    static std::mutex Lock;
    static std::set<std::string> Logged;
    std::lock_guard<std::mutex> Guard(Lock);
    for (const rocmtidy::DroppedFlag &D : Dropped)
      // clangd adds these to every command itself: the mode the driver's name implies (clang++ ->
      // --driver-mode=g++, which the name still implies) and a switch that only matters in
      // assertion-enabled builds of clang. Dropping them changes nothing worth a log line.
      if (D.Flag != "--driver-mode=g++" && D.Flag != "--driver-mode=gcc" && D.Flag != "-Xclang -no-round-trip-args" &&
          Logged.insert(D.Flag + '\n' + D.Reason).second)
        llvm::errs() << "rocm-clangd: dropped '" << D.Flag << "' from the compile command of '" << MainFile << "' ("
                     << D.Reason << ")\n";
  }
  if (!MainFile.empty())
    rocmclangd::rememberCommand(MainFile, Clean);
  std::vector<const char *> CleanArgs;
  CleanArgs.reserve(Clean.size());
  for (const std::string &A : Clean)
    CleanArgs.push_back(A.c_str());
  return realCreateInvocation(CleanArgs, std::move(Opts));
}
