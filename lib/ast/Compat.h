#ifndef ROCM_TIDY_AST_COMPAT_H
#define ROCM_TIDY_AST_COMPAT_H

// The one place that tests LLVM_VERSION_MAJOR. rocm-tidy is built and tested against LLVM 19;
// API differences of other versions are bridged here so that checks never test the version.

#include "clang/Basic/SourceLocation.h"
#include "clang/Lex/PPCallbacks.h"
#include "llvm/Config/llvm-config.h"

#if LLVM_VERSION_MAJOR != 19
#error "rocm-tidy supports LLVM 19 only (the plugin is locked to the clang-tidy binary's version)"
#endif

namespace rocmtidy::compat {

// InclusionDirective gained OptionalFileEntryRef in LLVM 15 and the SuggestedModule/ModuleImported
// pair in LLVM 19; checks override this one signature through the alias below.
using OptionalFile = clang::OptionalFileEntryRef;

} // namespace rocmtidy::compat

#endif
