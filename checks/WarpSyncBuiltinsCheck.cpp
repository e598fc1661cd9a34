#include "WarpSyncBuiltinsCheck.h"

#include "clang-tidy/utils/OptionsUtils.h"
#include "core/WarpTables.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang::ast_matchers;

namespace clang::tidy::rocm {

static constexpr llvm::StringLiteral DefaultMinRocmVersion = "6.2";

WarpSyncBuiltinsCheck::WarpSyncBuiltinsCheck(StringRef Name, ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context),
      MinRocmVersionSpelling(
          Options.get("MinRocmVersion", Options.getLocalOrGlobal("RocmMinVersion", DefaultMinRocmVersion)).str()),
      PlatformMacrosSpelling(
          Options
              .get("PlatformMacros",
                   Options.getLocalOrGlobal("RocmPlatformMacros", rocmtidy::defaultProjectPlatformMacrosSpelling()))
              .str()),
      Platforms(rocmtidy::macroListOption(PlatformMacrosSpelling), rocmtidy::warpSyncTable().VersionMacros) {
  if (std::optional<rocmtidy::RocmVersion> V = rocmtidy::parseRocmVersion(MinRocmVersionSpelling)) {
    MinRocmVersion = *V;
  } else {
    configurationDiag("invalid value '%0' for option 'MinRocmVersion' of rocm-warp-sync-builtins; expected a ROCm "
                      "release such as 6.2, using %1")
        << MinRocmVersionSpelling << DefaultMinRocmVersion;
    MinRocmVersion = *rocmtidy::parseRocmVersion(DefaultMinRocmVersion);
  }
}

void WarpSyncBuiltinsCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "MinRocmVersion", MinRocmVersionSpelling);
  Options.store(Opts, "PlatformMacros", PlatformMacrosSpelling);
}

namespace {
// Whether the translation unit opts in (on the command line or with a #define).
class OptInCallbacks : public PPCallbacks {
public:
  OptInCallbacks(WarpSyncBuiltinsCheck &Check, std::string Macro) : Check(Check), Macro(std::move(Macro)) {}
  void MacroDefined(const Token &Name, const MacroDirective *MD) override {
    const IdentifierInfo *II = Name.getIdentifierInfo();
    if (II && II->getName() == Macro)
      Check.OptInDefined = true;
    // '#define __syncwarp() __syncthreads()': the body is the block barrier alone.
    const MacroInfo *MI = MD ? MD->getMacroInfo() : nullptr;
    if (II && MI && II->getName() == "__syncwarp" && MI->getNumTokens() >= 1 &&
        MI->getReplacementToken(0).getIdentifierInfo() &&
        MI->getReplacementToken(0).getIdentifierInfo()->getName() == "__syncthreads" &&
        llvm::all_of(MI->tokens().drop_front(),
                     [](const Token &T) { return T.isOneOf(tok::l_paren, tok::r_paren, tok::semi); }))
      Check.BlockBarrierMacros.push_back(Name.getLocation());
  }

private:
  WarpSyncBuiltinsCheck &Check;
  std::string Macro;
};
} // namespace

void WarpSyncBuiltinsCheck::registerPPCallbacks(const SourceManager &SM, Preprocessor *PP, Preprocessor *) {
  const rocmtidy::WarpSyncTable &T = rocmtidy::warpSyncTable();
  OptInDefined = false;
  Reported.clear();
  ProjectCopies.clear();
  BlockBarrierMacros.clear();
  BarrierFunctions.clear();
  SyncwarpCalls.clear();
  BarrierMacroUses.clear();
  Uniformity.clear();
  Ctx = nullptr;
  PP->addPPCallbacks(std::make_unique<OptInCallbacks>(*this, T.OptInMacro));
  PP->addPPCallbacks(Platforms.callbacks(SM, *PP));
}

void WarpSyncBuiltinsCheck::registerMatchers(MatchFinder *Finder) {
  // A project's own shim of a builtin that newer HIP headers define the same way: parameterless,
  // or a template on the mask type (its shape is checked in reportShim).
  std::vector<StringRef> Defined, Templates;
  for (const rocmtidy::WarpSyncBuiltin &B : rocmtidy::warpSyncTable().Builtins) {
    if (B.DefinedWithoutParameters)
      Defined.push_back(B.Name);
    if (B.MaskTemplateParameters)
      Templates.push_back(B.Name);
  }
  if (!Defined.empty())
    Finder->addMatcher(
        functionDecl(isDefinition(), parameterCountIs(0), hasAnyName(Defined), hasParent(translationUnitDecl()))
            .bind("shim"),
        this);
  if (!Templates.empty())
    Finder->addMatcher(functionDecl(isDefinition(), hasAnyName(Templates),
                                    hasParent(functionTemplateDecl(hasParent(translationUnitDecl()))))
                           .bind("shim"),
                       this);
  // A '__syncwarp' stand-in (any scope) whose body is the block barrier alone.
  Finder->addMatcher(functionDecl(isDefinition(), hasName("__syncwarp"),
                                  hasBody(compoundStmt(statementCountIs(1),
                                                       has(callExpr(callee(functionDecl(hasName("__syncthreads"))))))))
                         .bind("block-barrier"),
                     this);
  // Where a stand-in is called: the function form by name, the macro form as the block barrier
  // its expansion spells.
  Finder->addMatcher(callExpr(callee(functionDecl(hasAnyName("__syncwarp", "__syncthreads")).bind("barrier-callee")))
                         .bind("barrier-use"),
                     this);
  Finder->addMatcher(translationUnitDecl().bind("unit"), this);
  std::vector<StringRef> Names;
  for (const rocmtidy::WarpSyncBuiltin &B : rocmtidy::warpSyncTable().Builtins)
    if (MinRocmVersion < B.DefaultSince)
      Names.push_back(B.Name);
  if (Names.empty())
    return;
  Finder->addMatcher(declRefExpr(to(functionDecl(hasAnyName(Names)).bind("fn"))).bind("ref"), this);
  // A call with dependent arguments in a template that is never instantiated.
  Finder->addMatcher(unresolvedLookupExpr().bind("lookup"), this);
}

// A definition of the builtin's name in the project's own code is a shim for older ROCm (HIP's own
// definitions live in system headers, or in its amd_detail folder when included with -I).
static bool isProjectDefinition(const FunctionDecl *FD, const SourceManager &SM) {
  if (const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern())
    FD = Pattern;
  const FunctionDecl *Def = nullptr;
  if (!FD->hasBody(Def) || !Def)
    return false;
  SourceLocation Loc = SM.getSpellingLoc(Def->getLocation());
  if (SM.isInSystemHeader(Loc))
    return false;
  StringRef File = SM.getFilename(Loc);
  return !File.contains("hip/amd_detail/") && !File.contains("hip/nvidia_detail/");
}

void WarpSyncBuiltinsCheck::check(const MatchFinder::MatchResult &Result) {
  const SourceManager &SM = *Result.SourceManager;
  if (const auto *Shim = Result.Nodes.getNodeAs<FunctionDecl>("shim")) {
    reportShim(Shim, SM);
    return;
  }
  if (const auto *Barrier = Result.Nodes.getNodeAs<FunctionDecl>("block-barrier")) {
    if (isProjectDefinition(Barrier, SM))
      BarrierFunctions.insert(Barrier->getCanonicalDecl());
    return;
  }
  if (const auto *Use = Result.Nodes.getNodeAs<CallExpr>("barrier-use")) {
    const auto *Callee = Result.Nodes.getNodeAs<FunctionDecl>("barrier-callee");
    if (Callee->getName() == "__syncwarp")
      SyncwarpCalls[Callee->getCanonicalDecl()].push_back(Use);
    else if (Use->getBeginLoc().isMacroID() &&
             Lexer::getImmediateMacroName(Use->getBeginLoc(), SM, Result.Context->getLangOpts()) == "__syncwarp")
      BarrierMacroUses.push_back(Use);
    return;
  }
  if (Result.Nodes.getNodeAs<TranslationUnitDecl>("unit")) {
    Ctx = Result.Context;
    return;
  }
  if (const auto *Ref = Result.Nodes.getNodeAs<DeclRefExpr>("ref")) {
    const auto *FD = Result.Nodes.getNodeAs<FunctionDecl>("fn");
    // A declaration of HIP's can win overload resolution over the project's copy (a plain
    // function of the stand-in headers against its template); the call is meant for the copy.
    if (isProjectDefinition(FD, SM) || ProjectCopies.count(FD->getNameAsString()))
      return;
    report(FD->getName(), Ref->getLocation(), SM);
    return;
  }
  const auto *Lookup = Result.Nodes.getNodeAs<UnresolvedLookupExpr>("lookup");
  if (!Lookup || !Lookup->getName().isIdentifier())
    return;
  StringRef Name = Lookup->getName().getAsIdentifierInfo()->getName();
  const rocmtidy::WarpSyncBuiltin *B = rocmtidy::warpSyncTable().find(Name);
  if (!B || !(MinRocmVersion < B->DefaultSince))
    return;
  for (const NamedDecl *D : Lookup->decls()) {
    const NamedDecl *U = D->getUnderlyingDecl();
    if (const auto *FT = dyn_cast<FunctionTemplateDecl>(U))
      U = FT->getTemplatedDecl();
    if (const auto *FD = dyn_cast<FunctionDecl>(U); FD && isProjectDefinition(FD, SM))
      return;
  }
  report(Name, Lookup->getNameLoc(), SM);
}

bool WarpSyncBuiltinsCheck::reachedByWholeBlock(const CallExpr *Use) {
  if (!Ctx)
    return false;
  llvm::SmallVector<const FunctionDecl *, 2> Callers = rocmtidy::BlockUniformity::enclosingFunctions(Use, *Ctx);
  return !Callers.empty() && llvm::all_of(Callers, [&](const FunctionDecl *Caller) {
    std::unique_ptr<rocmtidy::BlockUniformity> &U = Uniformity[Caller];
    if (!U)
      U = std::make_unique<rocmtidy::BlockUniformity>(Caller, *Ctx);
    return U->reachedByWholeBlock(Use);
  });
}

void WarpSyncBuiltinsCheck::onEndOfTranslationUnit() {
  if (!Ctx)
    return;
  const SourceManager &SM = Ctx->getSourceManager();
  for (const FunctionDecl *Barrier : BarrierFunctions) {
    const FunctionDecl *Def = nullptr;
    if (!Barrier->hasBody(Def) || !Def)
      continue;
    // At the barrier: the line a fix replaces.
    const auto *Body = dyn_cast<CompoundStmt>(Def->getBody());
    if (Body && !Body->body_empty())
      reportBlockBarrier(SM.getExpansionLoc(Body->body_front()->getBeginLoc()), SyncwarpCalls[Barrier]);
  }
  for (SourceLocation Loc : BlockBarrierMacros)
    reportBlockBarrier(Loc, BarrierMacroUses);
}

// '__device__ void __syncwarp() { __syncthreads(); }' (or the macro) for ROCm releases without one:
// it waits for the whole block, and __syncwarp is called where one warp works on its own (under
// 'if (warp == 0)', in a per-warp loop), so the block's other wavefronts never arrive. Where every
// call the unit makes is reached by the whole block, the stand-in is a block barrier in the right
// place; with no call in sight, the definition is all there is to judge.
void WarpSyncBuiltinsCheck::reportBlockBarrier(SourceLocation Loc, const std::vector<const CallExpr *> &Uses) {
  const SourceManager &SM = Ctx->getSourceManager();
  if (Loc.isInvalid() || SM.isInSystemHeader(Loc) || Platforms.at(Loc, SM) == rocmtidy::Platform::CudaOnly)
    return;
  const CallExpr *Divergent = nullptr;
  for (const CallExpr *Use : Uses)
    if (!reachedByWholeBlock(Use)) {
      Divergent = Use;
      break;
    }
  if ((!Uses.empty() && !Divergent) || !Reported.insert(Loc.getRawEncoding()).second)
    return;
  diag(Loc, "'__syncwarp' stand-in waits for the whole block; where one warp calls it on its own (a branch or loop "
            "of that warp) the block's other wavefronts never arrive and the block hangs: synchronise the "
            "wavefront instead ('__builtin_amdgcn_fence' with '__builtin_amdgcn_wave_barrier()', which ROCm 7's "
            "__syncwarp does)");
  if (Divergent)
    diag(SM.getExpansionLoc(Divergent->getBeginLoc()),
         "called here, where not every thread of the block may arrive (a test that differs between threads, or an "
         "exit under one)",
         DiagnosticIDs::Note);
}

// Whether \p FD has the shape of HIP's own template of \p B: as many parameters, the first (the
// mask) of a template type parameter's type. Another shape (a 32-bit mask, fewer parameters) is
// an overload of HIP's, which its headers leave alone.
static bool hasHipTemplateShape(const FunctionDecl *FD, const rocmtidy::WarpSyncBuiltin &B) {
  if (FD->getNumParams() != B.MaskTemplateParameters)
    return false;
  QualType Mask = FD->getParamDecl(0)->getType();
  return Mask->getAs<TemplateTypeParmType>() != nullptr;
}

// 'inline __device__ void __syncwarp() {}', or a copy of HIP's '__shfl_sync' template, for HIP
// releases without one: from the release that defines it, the headers hold the same function, and
// the build stops at the second definition. A shim the author put behind a version test, or in
// code only the CUDA build compiles, is right.
void WarpSyncBuiltinsCheck::reportShim(const FunctionDecl *Shim, const SourceManager &SM) {
  if (const FunctionDecl *Pattern = Shim->getTemplateInstantiationPattern())
    Shim = Pattern;
  const rocmtidy::WarpSyncBuiltin *B = rocmtidy::warpSyncTable().find(Shim->getName());
  // A shim a macro writes is reported where the macro is used: no fix-it is offered either way.
  SourceLocation Loc = SM.getExpansionLoc(Shim->getLocation());
  if (!B || Loc.isInvalid() || SM.isInSystemHeader(Loc) || !isProjectDefinition(Shim, SM))
    return;
  if (Shim->getDescribedFunctionTemplate() && !hasHipTemplateShape(Shim, *B))
    return;
  ProjectCopies.insert(B->Name);
  if (Platforms.at(Loc, SM) == rocmtidy::Platform::CudaOnly || Platforms.inTestedChain(Loc, SM))
    return;
  if (!Reported.insert(Loc.getRawEncoding()).second)
    return;
  diag(Loc, "the project's own '%0()' is a second definition of the one HIP's headers define from ROCm %1 on, and "
            "the build stops there; guard it with '#if HIP_VERSION < %2'")
      << Shim->getName() << B->DefaultSince.str() << std::to_string(B->DefaultSince.hipVersion());
  if (B->Since < B->DefaultSince)
    diag(Loc, "from ROCm %0 on it is defined there too when 'HIP_ENABLE_WARP_SYNC_BUILTINS' is defined",
         DiagnosticIDs::Note)
        << B->Since.str();
}

void WarpSyncBuiltinsCheck::report(StringRef Name, SourceLocation Loc, const SourceManager &SM) {
  const rocmtidy::WarpSyncBuiltin *B = rocmtidy::warpSyncTable().find(Name);
  if (!B || Loc.isInvalid())
    return;
  SourceLocation Spelling = SM.getSpellingLoc(Loc);
  SourceLocation Expansion = SM.getExpansionLoc(Loc);
  if (SM.isInSystemHeader(Spelling))
    return;
  // Code the HIP build never compiles, and calls the author already put behind a version test.
  if (Platforms.at(Expansion, SM) == rocmtidy::Platform::CudaOnly ||
      Platforms.at(Spelling, SM) == rocmtidy::Platform::CudaOnly)
    return;
  if (Platforms.inTestedChain(Expansion, SM) || Platforms.inTestedChain(Spelling, SM))
    return;
  const bool Exists = MinRocmVersion >= B->Since;
  if (Exists && OptInDefined)
    return;
  if (!Reported.insert(Spelling.getRawEncoding()).second)
    return;
  const std::string Guard = "#if HIP_VERSION >= " + std::to_string(B->DefaultSince.hipVersion());
  if (!Exists)
    diag(Spelling, "'%0' does not exist before ROCm %1 and MinRocmVersion is %2; guard the call with '%3' and use "
                   "%4 on older ROCm")
        << Name << B->Since.str() << MinRocmVersion.str() << Guard << B->Older;
  else
    diag(Spelling, "'%0' is declared before ROCm %1 only when 'HIP_ENABLE_WARP_SYNC_BUILTINS' is defined and "
                   "MinRocmVersion is %2; define it for the HIP build, or guard the call with '%3' and use %4 on "
                   "older ROCm")
        << Name << B->DefaultSince.str() << MinRocmVersion.str() << Guard << B->Older;
  diag(Spelling, "ROCm %0 stops here with \"use of undeclared identifier '%1'\"", DiagnosticIDs::Note)
      << MinRocmVersion.str() << Name;
}

} // namespace clang::tidy::rocm
