#ifndef ROCM_TIDY_AST_INSTANTIATIONTRACKER_H
#define ROCM_TIDY_AST_INSTANTIATIONTRACKER_H

#include "clang/AST/Decl.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

#include <vector>

namespace rocmtidy {

/// Finds the function-template instantiation (or member of a class-template instantiation) whose
/// body holds a statement, without the AST's parent map: building that map for a translation unit
/// with ROCm's headers costs more than the checks themselves. A check registers the tracker's
/// matcher and passes it every match; the matcher records instantiations as the traversal meets
/// them (before their bodies), and a lookup, made only when a finding needs it, searches the
/// recorded bodies whose source range holds the statement.
class InstantiationTracker {
public:
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder,
                        clang::ast_matchers::MatchFinder::MatchCallback *Callback);
  /// Records the instantiation in \p Result; returns false when the match was not the tracker's.
  bool record(const clang::ast_matchers::MatchFinder::MatchResult &Result);
  /// The innermost recorded instantiation whose body holds \p S; null when none does.
  const clang::FunctionDecl *enclosing(const clang::Stmt &S, const clang::SourceManager &SM) const;

private:
  const clang::ASTContext *Context = nullptr;
  std::vector<const clang::FunctionDecl *> Instantiations;
};

} // namespace rocmtidy

#endif
