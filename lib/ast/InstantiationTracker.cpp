#include "ast/InstantiationTracker.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

namespace rocmtidy {

using namespace clang;

static constexpr llvm::StringLiteral InstantiationId = "enclosing-instantiation";

void InstantiationTracker::registerMatchers(ast_matchers::MatchFinder *Finder,
                                            ast_matchers::MatchFinder::MatchCallback *Callback) {
  using namespace ast_matchers;
  Finder->addMatcher(functionDecl(isTemplateInstantiation(), isDefinition()).bind(InstantiationId), Callback);
}

bool InstantiationTracker::record(const ast_matchers::MatchFinder::MatchResult &Result) {
  const auto *FD = Result.Nodes.getNodeAs<FunctionDecl>(InstantiationId);
  if (!FD)
    return false;
  if (Context != Result.Context) {
    Context = Result.Context;
    Instantiations.clear();
  }
  if (FD->getPointOfInstantiation().isValid() && FD->getBody())
    Instantiations.push_back(FD);
  return true;
}

namespace {
class FindStmt : public RecursiveASTVisitor<FindStmt> {
public:
  explicit FindStmt(const Stmt &Target) : Target(Target) {}
  bool TraverseStmt(Stmt *S) {
    if (Found || !S)
      return !Found;
    if (S == &Target) {
      Found = true;
      return false;
    }
    return RecursiveASTVisitor<FindStmt>::TraverseStmt(S);
  }
  // Local classes are functions of their own.
  bool TraverseDecl(Decl *D) { return isa_and_nonnull<CXXRecordDecl>(D) ? true : RecursiveASTVisitor::TraverseDecl(D); }
  const Stmt &Target;
  bool Found = false;
};
} // namespace

const FunctionDecl *InstantiationTracker::enclosing(const Stmt &S, const SourceManager &SM) const {
  // An instantiated body carries its template's source locations, so the range test keeps the
  // search to the instantiations of the template that spells the statement.
  SourceLocation Loc = SM.getExpansionLoc(S.getBeginLoc());
  for (auto It = Instantiations.rbegin(); It != Instantiations.rend(); ++It) {
    const FunctionDecl *FD = *It;
    SourceRange R = FD->getSourceRange();
    SourceLocation B = SM.getExpansionLoc(R.getBegin()), E = SM.getExpansionLoc(R.getEnd());
    if (Loc.isInvalid() || B.isInvalid() || E.isInvalid() || SM.isBeforeInTranslationUnit(Loc, B) ||
        SM.isBeforeInTranslationUnit(E, Loc))
      continue;
    FindStmt Finder(S);
    Finder.TraverseStmt(FD->getBody());
    if (Finder.Found)
      return FD;
  }
  return nullptr;
}

} // namespace rocmtidy
