#include "LdsLimitCheck.h"

#include "ast/KernelLaunch.h"
#include "ast/StaticLds.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/Basic/SourceManager.h"

using namespace clang::ast_matchers;

namespace clang::tidy::rocm {

LdsLimitCheck::LdsLimitCheck(StringRef Name, ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context), Targets(Options), Index(Options) {}

void LdsLimitCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Targets.store(Options, Opts);
  Index.store(Options, Opts);
}

void LdsLimitCheck::registerMatchers(MatchFinder *Finder) {
  Instantiations.registerMatchers(Finder, this);
  Targets.reportUnknown(*this, "rocm-lds-limit");
  Index.reportProblems(*this, "rocm-lds-limit");
  Finder->addMatcher(functionDecl(isDefinition(), hasAttr(attr::CUDAGlobal)).bind("kernel"), this);
  Finder->addMatcher(rocmtidy::launchCandidateMatcher("launch"), this);
  Finder->addMatcher(rocmtidy::funcSetAttributeMatcher("attr"), this);
}

namespace {

std::string formatBytes(uint64_t B) {
  if (B % 1024 == 0)
    return std::to_string(B / 1024) + " KiB";
  return std::to_string(B) + " bytes";
}

std::string nameOf(const FunctionDecl &F, const ASTContext &Ctx) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  F.getNameForDiagnostic(OS, Ctx.getPrintingPolicy(), /*Qualified=*/false);
  return S;
}

} // namespace

const LdsLimitCheck::StaticLds &LdsLimitCheck::staticLds(const FunctionDecl &Kernel, ASTContext &Ctx) {
  auto It = Static.find(&Kernel);
  if (It != Static.end())
    return It->second;
  return Static.try_emplace(&Kernel, rocmtidy::computeStaticLds(Kernel, Ctx)).first->second;
}

void LdsLimitCheck::report(SourceLocation Loc, const FunctionDecl *Kernel, const StaticLds &S, uint64_t Dynamic,
                           StringRef DynamicSource, ASTContext &Ctx,
                           const rocmtidy::DefinitionElsewhere *Elsewhere) {
  const rocmtidy::GpuTarget *Limit = Targets.smallestLds();
  const uint64_t Total = S.Bytes + Dynamic;
  std::string Detail;
  if (S.Bytes)
    Detail = "static " + formatBytes(S.Bytes);
  if (Dynamic)
    Detail += (Detail.empty() ? "dynamic " : " + dynamic ") + formatBytes(Dynamic) + " " + DynamicSource.str();
  std::string Subject = Kernel ? "kernel '" + nameOf(*Kernel, Ctx) + "'" : "the kernel launched here";
  diag(Loc, "%0 uses %1 of LDS (%2); %3 gives a workgroup %4; use smaller tiles or fewer shared buffers")
      << Subject << formatBytes(Total) << Detail << Limit->displayName() << formatBytes(Limit->LdsBytes);
  const SourceManager &SM = Ctx.getSourceManager();
  if (Elsewhere)
    diag(Loc, "%0 is %1 and keeps %2 of static LDS there", DiagnosticIDs::Note)
        << Subject << Elsewhere->describe() << formatBytes(S.Bytes);
  for (const SharedVar &V : S.Vars) {
    if (Kernel && V.In == Kernel->getDefinition())
      diag(SM.getFileLoc(V.Var->getLocation()), "'%0' takes %1", DiagnosticIDs::Note)
          << V.Var->getName() << formatBytes(V.Bytes);
    else
      diag(SM.getFileLoc(V.Var->getLocation()), "'%0' takes %1 (used in '%2', called from the kernel)",
           DiagnosticIDs::Note)
          << V.Var->getName() << formatBytes(V.Bytes) << nameOf(*V.In, Ctx);
  }
}

void LdsLimitCheck::check(const MatchFinder::MatchResult &Result) {
  if (Instantiations.record(Result))
    return;
  const rocmtidy::GpuTarget *Limit = Targets.smallestLds();
  if (!Limit)
    return;
  ASTContext &Ctx = *Result.Context;
  const SourceManager &SM = Ctx.getSourceManager();

  if (const auto *K = Result.Nodes.getNodeAs<FunctionDecl>("kernel")) {
    // Template kernels are measured per instantiation; the pattern has no sizes yet.
    if (K->isDependentContext() || SM.isInSystemHeader(SM.getFileLoc(K->getLocation())))
      return;
    const StaticLds &S = staticLds(*K, Ctx);
    if (S.Bytes > Limit->LdsBytes) {
      report(SM.getFileLoc(K->getLocation()), K, S, 0, "", Ctx);
      // Template kernels are reported at the template; say which instantiation is too big.
      if (K->isTemplateInstantiation() && K->getPointOfInstantiation().isValid())
        diag(SM.getFileLoc(K->getPointOfInstantiation()), "'%0' is instantiated here", DiagnosticIDs::Note)
            << nameOf(*K, Ctx);
    }
    return;
  }

  // A kernel whose static LDS alone is over the limit is reported once, at the kernel. A kernel
  // this file only declares takes its static LDS from its definition in another file (the project
  // index), when the index could size it.
  std::optional<rocmtidy::DefinitionElsewhere> Elsewhere;
  StaticLds FromIndex;
  auto staticOf = [&](const FunctionDecl *K) -> const StaticLds * {
    static const StaticLds None;
    if (!K)
      return &None;
    Elsewhere = Index.lookup(*K);
    if (Elsewhere && Elsewhere->Def->StaticLdsBytes) {
      FromIndex.Bytes = *Elsewhere->Def->StaticLdsBytes;
      return &FromIndex;
    }
    Elsewhere.reset();
    return &staticLds(*K, Ctx);
  };
  auto elsewhere = [&]() { return Elsewhere ? &*Elsewhere : nullptr; };

  if (const auto *Call = Result.Nodes.getNodeAs<CallExpr>("launch")) {
    std::optional<rocmtidy::KernelLaunch> L = rocmtidy::recogniseLaunch(*Call, Ctx);
    if (!L || !L->SharedMemBytes || *L->SharedMemBytes == 0 || SM.isInSystemHeader(L->Loc))
      return;
    const StaticLds *S = staticOf(L->Kernel);
    if (S->Bytes <= Limit->LdsBytes && S->Bytes + *L->SharedMemBytes > Limit->LdsBytes) {
      report(L->Loc, L->Kernel, *S, *L->SharedMemBytes, "at this launch", Ctx, elsewhere());
      if (const FunctionDecl *I = Instantiations.enclosing(*Call, *Result.SourceManager))
        diag(SM.getFileLoc(I->getPointOfInstantiation()), "in instantiation of '%0' requested here",
             DiagnosticIDs::Note)
            << nameOf(*I, Ctx);
    }
    return;
  }

  if (const auto *Call = Result.Nodes.getNodeAs<CallExpr>("attr")) {
    std::optional<rocmtidy::DynamicSharedMemoryAttribute> A =
        rocmtidy::recogniseDynamicSharedMemoryAttribute(*Call, Ctx);
    if (!A || SM.isInSystemHeader(A->Loc))
      return;
    const StaticLds *S = staticOf(A->Kernel);
    const std::string Source =
        "requested with " + Call->getDirectCallee()->getNameAsString();
    if (S->Bytes <= Limit->LdsBytes && S->Bytes + *A->Bytes > Limit->LdsBytes)
      report(A->Loc, A->Kernel, *S, *A->Bytes, Source, Ctx, elsewhere());
  }
}

} // namespace clang::tidy::rocm
