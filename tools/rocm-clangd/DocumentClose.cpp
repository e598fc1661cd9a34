// When the editor closes a file, its device preamble (a PCH of about 5 MB in the temporary folder,
// DevicePreamble.h) and the findings of its last device parse (DeviceFindings.h) go with it, instead
// of waiting for the least-recently-used bound to push them out. The rocm-* code runs inside
// clangd as a clang-tidy check, which hears of a file only while it is parsed: clang-tidy has no
// close event, and clangd keeps its document lifecycle inside ClangdLSPServer, with no hook for a
// binary that reuses clangdMain (and Debian ships no clangd headers). didClose reaches
// ClangdServer::removeDocument(PathRef), called from another object of clangd's library, so the
// linker's --wrap=<symbol> (tools/rocm-clangd/CMakeLists.txt) sends that call here first, as
// CommandFilter.cpp does for clang::createInvocation.
//
// The function is a non-static member; the Itanium C++ ABI passes 'this' as the first argument,
// so it is declared here as a free function taking the object's address. Only the file name is
// read; the object is handed on untouched.
#include "DeviceFindings.h"
#include "DevicePreamble.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <string>

// The symbol of clang::clangd::ClangdServer::removeDocument(llvm::StringRef); the CMake file passes
// the same name to --wrap.
#define ROCM_CLANGD_REMOVE_DOCUMENT "_ZN5clang6clangd12ClangdServer14removeDocumentEN4llvm9StringRefE"

void realRemoveDocument(void *Server, llvm::StringRef File) __asm__("__real_" ROCM_CLANGD_REMOVE_DOCUMENT);
void closingRemoveDocument(void *Server, llvm::StringRef File) __asm__("__wrap_" ROCM_CLANGD_REMOVE_DOCUMENT);

void closingRemoveDocument(void *Server, llvm::StringRef File) {
  std::string Name = File.str();
  bool Had = rocmclangd::preambles().forget(Name);
  rocmclangd::forgetLastRun(Name);
  // A device parse still running for the closed version may store its preamble after this; the
  // least-recently-used bound still holds for that one.
  static const bool Log = std::getenv("ROCM_CLANGD_LOG_DEVICE_PASS") != nullptr;
  if (Log)
    llvm::errs() << "rocm-clangd: closed '" << llvm::sys::path::filename(Name) << "'"
                 << (Had ? ", its device preamble dropped" : "") << "\n";
  realRemoveDocument(Server, File);
}
