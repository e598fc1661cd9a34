#include "ast/DeviceAllocEscape.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"

using namespace clang;

namespace rocmtidy {

// Free functions only: a method named "free" belongs to some user pool, not to the runtime. In a
// template, a call with dependent arguments names its callee through an unresolved lookup.
StringRef freeFunctionName(const CallExpr *Call) {
  if (const FunctionDecl *FD = Call->getDirectCallee()) {
    if (isa<CXXMethodDecl>(FD) || !FD->getDeclName().isIdentifier())
      return {};
    return FD->getName();
  }
  const Expr *Callee = Call->getCallee();
  if (const auto *U = dyn_cast_or_null<UnresolvedLookupExpr>(Callee ? Callee->IgnoreParenImpCasts() : nullptr))
    if (U->getName().isIdentifier() && !U->getQualifier())
      return U->getName().getAsIdentifierInfo()->getName();
  return {};
}

bool isLastErrorQuery(const CallExpr *Call) {
  StringRef Name = freeFunctionName(Call);
  return Call->getNumArgs() == 0 && (Name == "hipGetLastError" || Name == "hipPeekAtLastError" ||
                                     Name == "cudaGetLastError" || Name == "cudaPeekAtLastError");
}

const Expr *stripPointerExpr(const Expr *E) {
  if (!E)
    return nullptr;
  E = E->IgnoreParenCasts();
  if (const auto *C = dyn_cast<ExprWithCleanups>(E))
    return stripPointerExpr(C->getSubExpr());
  if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
    return stripPointerExpr(M->getSubExpr());
  return E;
}

const VarDecl *referencedVar(const Expr *E) {
  if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(stripPointerExpr(E)))
    return dyn_cast<VarDecl>(DRE->getDecl());
  return nullptr;
}

StringRef plainName(const NamedDecl *D) {
  if (!D || !D->getDeclName().isIdentifier())
    return {};
  return D->getName();
}

// A call in a template whose callee is not resolved until instantiation ("helper(p)" with a
// dependent argument): it may free or keep whatever it is given.
static bool isUnresolvedCall(const CallExpr *Call) {
  const Expr *Callee = Call->getCallee();
  if (!Callee)
    return false;
  Callee = Callee->IgnoreParenImpCasts();
  return isa<UnresolvedLookupExpr>(Callee) || isa<UnresolvedMemberExpr>(Callee) ||
         isa<CXXDependentScopeMemberExpr>(Callee) || Call->isTypeDependent();
}

static void classifyCall(const CallExpr *Call, const DeviceAllocTable &Table,
                         llvm::function_ref<void(const PointerUse &)> Visit) {
  auto escapeAll = [&] {
    for (const Expr *A : Call->arguments())
      Visit({PointerUse::Escapes, A});
  };
  StringRef Name = freeFunctionName(Call);
  if (!Name.empty() && Call->getNumArgs() > 0 && Table.deallocator(Name.str())) {
    Visit({PointerUse::Frees, Call->getArg(0), Name});
    return;
  }
  // unique_ptr::reset, shared_ptr::reset and look-alikes take ownership.
  if (const auto *M = dyn_cast<CXXMemberCallExpr>(Call); M && plainName(M->getMethodDecl()) == "reset")
    return escapeAll();
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee) {
    if (isUnresolvedCall(Call))
      escapeAll();
    return;
  }
  // Operator calls on a method carry the object as argument 0.
  unsigned Offset = isa<CXXOperatorCallExpr>(Call) && isa<CXXMethodDecl>(Callee) ? 1 : 0;
  for (unsigned I = Offset; I < Call->getNumArgs(); ++I) {
    unsigned Param = I - Offset;
    if (Param >= Callee->getNumParams())
      continue; // variadic: printf("%p", d) only reads it
    // Bound to T*& (or T*&&, or a container's push_back(const T&)): the callee may keep it.
    if (Callee->getParamDecl(Param)->getType()->isReferenceType())
      Visit({PointerUse::Escapes, Call->getArg(I)});
    else
      Visit({PointerUse::Passed, Call->getArg(I), {}, Callee, Param});
  }
}

void classifyPointerUses(const Stmt *S, const DeviceAllocTable &Table,
                         llvm::function_ref<void(const PointerUse &)> Visit) {
  if (const auto *Call = dyn_cast<CallExpr>(S)) {
    classifyCall(Call, Table, Visit);
  } else if (const auto *Ctor = dyn_cast<CXXConstructExpr>(S)) {
    // A smart pointer or any RAII wrapper built from the pointer now owns it.
    for (const Expr *A : Ctor->arguments())
      Visit({PointerUse::Escapes, A});
  } else if (const auto *Init = dyn_cast<InitListExpr>(S)) {
    for (const Expr *A : Init->inits())
      Visit({PointerUse::Escapes, A});
  } else if (const auto *Unresolved = dyn_cast<CXXUnresolvedConstructExpr>(S)) {
    // "Holder<T>(d)" in a template: a wrapper built from the pointer.
    for (const Expr *A : Unresolved->arguments())
      Visit({PointerUse::Escapes, A});
  } else if (const auto *Recovered = dyn_cast<RecoveryExpr>(S)) {
    // A call clang could not build (its function or macro comes from a header that was not
    // found): it may free or keep whatever it is given.
    // Every variable it names counts, also behind '&' or inside another argument.
    llvm::SmallVector<const Stmt *, 8> Work(Recovered->subExpressions().begin(), Recovered->subExpressions().end());
    while (!Work.empty()) {
      const Stmt *E = Work.pop_back_val();
      if (!E)
        continue;
      if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
        Visit({PointerUse::Escapes, Ref});
      Work.append(E->child_begin(), E->child_end());
    }
  } else if (const auto *Del = dyn_cast<CXXDeleteExpr>(S)) {
    Visit({PointerUse::Frees, Del->getArgument(), Del->isArrayForm() ? "delete[]" : "delete"});
  } else if (const auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->getOpcode() == BO_Assign) {
    // Stored anywhere but a local (member, global, *out, array slot): no longer the function's.
    const VarDecl *L = referencedVar(BO->getLHS());
    Visit({L && L->hasLocalStorage() ? PointerUse::Copied : PointerUse::Escapes, BO->getRHS()});
  } else if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    for (const Decl *D : DS->decls())
      if (const auto *VD = dyn_cast<VarDecl>(D); VD && VD->getInit())
        Visit({PointerUse::Copied, VD->getInit()});
  } else if (const auto *Ret = dyn_cast<ReturnStmt>(S)) {
    if (Ret->getRetValue())
      Visit({PointerUse::Escapes, Ret->getRetValue()});
  } else if (const auto *Throw = dyn_cast<CXXThrowExpr>(S)) {
    if (Throw->getSubExpr())
      Visit({PointerUse::Escapes, Throw->getSubExpr()});
  }
}

} // namespace rocmtidy
