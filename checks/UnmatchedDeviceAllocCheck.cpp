#include "UnmatchedDeviceAllocCheck.h"

#include "ast/DeviceAllocFlow.h"
#include "core/DeviceAllocTable.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/SourceManager.h"
#include "clang-tidy/utils/OptionsUtils.h"
#include "llvm/ADT/StringSet.h"

using namespace clang::ast_matchers;

namespace clang::tidy::rocm {

UnmatchedDeviceAllocCheck::UnmatchedDeviceAllocCheck(StringRef Name, ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context), OwnershipFunctionsSpelling(Options.get("OwnershipFunctions", "").str()) {
  for (StringRef F : utils::options::parseStringList(OwnershipFunctionsSpelling))
    OwnershipFunctions.push_back(F.trim().str());
}

void UnmatchedDeviceAllocCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "OwnershipFunctions", OwnershipFunctionsSpelling);
}

namespace {

const llvm::StringSet<> &allocatorNames() {
  static const llvm::StringSet<> Names = [] {
    llvm::StringSet<> S;
    for (const std::string &N : rocmtidy::deviceAllocTable().allocatorNames())
      S.insert(N);
    return S;
  }();
  return Names;
}

// hasDescendant(callExpr(...)) memoizes every node it visits, which made the matcher alone cost
// about 2% of parse time on a large file; a plain walk that stops at the first allocator is
// several times cheaper.
AST_MATCHER(FunctionDecl, bodyCallsAllocator) {
  const Stmt *Body = Node.getBody();
  if (!Body)
    return false;
  const llvm::StringSet<> &Names = allocatorNames();
  llvm::SmallVector<const Stmt *, 64> Stack{Body};
  while (!Stack.empty()) {
    const Stmt *S = Stack.pop_back_val();
    if (const auto *Call = dyn_cast<CallExpr>(S))
      if (StringRef Name = rocmtidy::freeFunctionName(Call); !Name.empty() && Names.contains(Name))
        return true;
    for (const Stmt *Child : S->children())
      if (Child)
        Stack.push_back(Child);
  }
  return false;
}

} // namespace

void UnmatchedDeviceAllocCheck::registerMatchers(MatchFinder *Finder) {
  // The dataflow runs only on functions that allocate; every other function costs one walk
  // of its body.
  Finder->addMatcher(
      functionDecl(isDefinition(), unless(isExpansionInSystemHeader()), bodyCallsAllocator()).bind("fn"), this);
}

void UnmatchedDeviceAllocCheck::check(const MatchFinder::MatchResult &Result) {
  const auto *FD = Result.Nodes.getNodeAs<FunctionDecl>("fn");
  // Templates are analysed from their definition (host code whose instantiations are not in this
  // translation unit is covered too) and in each instantiation, where more calls resolve; a finding
  // is reported once per location.
  if (!FD)
    return;
  const rocmtidy::DeviceAllocTable &Table = rocmtidy::deviceAllocTable();
  rocmtidy::DeviceAllocFlowOptions Opts{OwnershipFunctions};
  std::vector<rocmtidy::DeviceAllocFinding> Findings =
      rocmtidy::analyzeDeviceAllocations(*FD, *Result.Context, Table, Opts);
  const SourceManager &SM = *Result.SourceManager;
  // A return inside HIP_CHECK-style macros is reported where the macro is used.
  auto At = [&](SourceLocation L) { return SM.getFileLoc(L); };
  for (const rocmtidy::DeviceAllocFinding &F : Findings) {
    if (!Reported.insert({At(F.Loc).getRawEncoding(), F.Name, int(F.Kind)}).second)
      continue;
    const rocmtidy::DeviceAllocator *A = F.Allocator;
    StringRef Desc = A ? StringRef(Table.Families[A->Family].Description) : StringRef("device memory");
    switch (F.Kind) {
    case rocmtidy::DeviceAllocFinding::Leak:
      if (F.Exit == rocmtidy::DeviceAllocFinding::Overwrite) {
        diag(At(F.Loc), "%0 allocated into '%1' by '%2' is lost when '%1' is set to null here; free it with '%3' "
                        "first")
            << Desc << F.Name << A->Name << A->Free;
        diag(At(F.Alloc->getBeginLoc()), "'%0' is allocated here", DiagnosticIDs::Note) << F.Name;
        break;
      }
      // C has no destructors to offer as the other remedy.
      diag(At(F.Loc), "%0 allocated into '%1' by '%2' is not freed on this path; free it with '%3' before "
                      "%select{returning|throwing}4%select{| or own it with a RAII wrapper}5")
          << Desc << F.Name << A->Name << A->Free << (F.Exit == rocmtidy::DeviceAllocFinding::Throw)
          << getLangOpts().CPlusPlus;
      diag(At(F.Alloc->getBeginLoc()), "'%0' is allocated here", DiagnosticIDs::Note) << F.Name;
      break;
    case rocmtidy::DeviceAllocFinding::WrongFree:
      diag(At(F.Loc), "'%0' cannot release %1 allocated into '%2' by '%3'; use '%4'")
          << F.FreeName << Desc << F.Name << A->Name << A->Free;
      diag(At(F.Alloc->getBeginLoc()), "'%0' is allocated here", DiagnosticIDs::Note) << F.Name;
      break;
    case rocmtidy::DeviceAllocFinding::DoubleFree:
      diag(At(F.Loc), "%0 in '%1' is freed twice on this path; remove the second '%2' or set '%1' to nullptr "
                      "after the first")
          << Desc << F.Name << F.FreeName;
      if (F.PrevFree.isValid())
        diag(At(F.PrevFree), "'%0' is first freed here", DiagnosticIDs::Note) << F.Name;
      break;
    }
  }
}

} // namespace clang::tidy::rocm
