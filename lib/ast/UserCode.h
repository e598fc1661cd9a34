// What counts as the user's code for the walks that leave system headers out: the clang-tidy
// checks' matcher scope (rocm-lint's TidyRunner) and the kernel-facts walk (ast/KernelFacts). One
// definition, so that a declaration the checks see is one whose kernel facts are recorded too.
#ifndef ROCM_TIDY_LIB_AST_USERCODE_H
#define ROCM_TIDY_LIB_AST_USERCODE_H

#include "clang/Basic/SourceLocation.h"

#include <vector>

namespace clang {
class ASTContext;
class Decl;
class SourceManager;
} // namespace clang

namespace rocmtidy {

/// Whether \p Loc is user code: the file position it stands for (a macro argument's spelling, any
/// other macro token's expansion) is not in a system header. A location without a file (an
/// implicit declaration) counts as user code, so that a walk keeps what it cannot place.
bool isUserCode(const clang::SourceManager &SM, clang::SourceLocation Loc);

/// The translation unit's top-level declarations that are user code, in source order: the
/// traversal scope of a walk that leaves the runtime and standard headers out.
std::vector<clang::Decl *> userTopLevelDecls(clang::ASTContext &Ctx);

/// Whether a parse that skips function bodies (FrontendOptions::SkipFunctionBodies) may skip the
/// body of \p D, a function, function template or method whose definition the parser has reached:
/// only where it is declared outside user code (a system header), since no check and no walk reads
/// the inside of a runtime or standard-library function. Kept there too: a constexpr function or
/// one whose return type is deduced (the rest of the unit may need to evaluate it or know its type;
/// clang itself never skips those, the rule is spelled out so that it stands on its own), a kernel,
/// and a host-callable function that can take a pointer by value (rocm-unmatched-device-alloc
/// follows a device pointer into such a callee).
bool maySkipFunctionBody(const clang::Decl *D);

} // namespace rocmtidy

#endif
