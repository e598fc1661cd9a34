#ifndef ROCM_TIDY_AST_MACROCHAIN_H
#define ROCM_TIDY_AST_MACROCHAIN_H

// Which macros wrote a token: a warp width spelled 'WARP_SIZE', an attribute spelled through HIP's
// '__launch_bounds__', a launch through 'hipLaunchKernelGGL'. The analyses and checks that ask
// walk the same chain of macro callers, from the innermost macro out; the walk lives here once.

#include "clang/Basic/LangOptions.h"
#include "clang/Basic/SourceLocation.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

namespace rocmtidy {

/// Whether a step that expands a macro argument is visited. Its name is the macro the argument was
/// passed to, not one whose body wrote the token; callers asking "which body" skip it.
enum class MacroArguments { Skip, Visit };

/// Calls \p Visit with the name of each macro on \p Loc's chain of callers, innermost first, and the
/// location of that step (SourceManager::getImmediateExpansionRange of it is where the macro was
/// used). Stops when \p Visit returns true, and then returns true; past 32 steps it stops too.
bool anyMacroCaller(clang::SourceLocation Loc, const clang::SourceManager &SM, const clang::LangOptions &LO,
                    llvm::function_ref<bool(llvm::StringRef Name, clang::SourceLocation Step)> Visit,
                    MacroArguments Arguments = MacroArguments::Skip);

/// Whether a macro named \p Name is on \p Loc's chain of callers, arguments included (HIP's header
/// turns '__launch_bounds__' into 'amdgpu_flat_work_group_size': the check names what was written).
bool writtenThroughMacro(clang::SourceLocation Loc, llvm::StringRef Name, const clang::SourceManager &SM,
                         const clang::LangOptions &LO);

} // namespace rocmtidy

#endif
