#include "FixedTileSizeCheck.h"

#include "ast/KernelLaunch.h"
#include "ast/ThreadIndex.h"
#include "ast/WarpModel.h"
#include "core/WarpTables.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Preprocessor.h"
#include "clang-tidy/utils/OptionsUtils.h"

using namespace clang::ast_matchers;

namespace clang::tidy::rocm {

// The first error HIP's cooperative-groups header gives for a tile size it does not support.
static constexpr llvm::StringLiteral TileSizeAssert =
    "Tile size is either not a power of 2 or greater than the wavefront size";

FixedTileSizeCheck::FixedTileSizeCheck(StringRef Name, ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context), Targets(Options),
      PlatformMacrosSpelling(
          Options
              .get("PlatformMacros",
                   Options.getLocalOrGlobal("RocmPlatformMacros", rocmtidy::defaultProjectPlatformMacrosSpelling()))
              .str()),
      Guards(rocmtidy::macroListOption(PlatformMacrosSpelling)),
      WarpSizeNameRegex(rocmtidy::warpTables().WarpSizeNameRegex, llvm::Regex::IgnoreCase) {}

void FixedTileSizeCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Targets.store(Options, Opts);
  Options.store(Opts, "PlatformMacros", PlatformMacrosSpelling);
}

void FixedTileSizeCheck::registerPPCallbacks(const SourceManager &SM, Preprocessor *PP, Preprocessor *) {
  Tile32Functions.clear();
  SeenFunctions.clear();
  PP->addPPCallbacks(Guards.callbacks(SM, *PP));
}

void FixedTileSizeCheck::registerMatchers(MatchFinder *Finder) {
  Targets.reportUnknown(*this, "rocm-fixed-tile-size");
  auto TileType = qualType(hasUnqualifiedDesugaredType(
      recordType(hasDeclaration(classTemplateSpecializationDecl(hasName("::cooperative_groups::thread_block_tile"))))));
  auto UserFunction = functionDecl(isDefinition(), unless(isExpansionInSystemHeader()));
  Finder->addMatcher(
      functionDecl(UserFunction,
                   forEachDescendant(
                       callExpr(callee(functionDecl(hasName("::cooperative_groups::tiled_partition")))).bind("call")))
          .bind("fn"),
      this);
  Finder->addMatcher(
      functionDecl(UserFunction,
                   forEachDescendant(declaratorDecl(hasType(qualType(anyOf(TileType, references(TileType)))))
                                         .bind("decl")))
          .bind("fn"),
      this);
}

static std::optional<uint64_t> firstIntegralArgument(const TemplateArgumentList *Args) {
  if (!Args || Args->size() == 0 || Args->get(0).getKind() != TemplateArgument::Integral)
    return std::nullopt;
  return Args->get(0).getAsIntegral().getZExtValue();
}

// The expression that spells a tile's size: the template argument of the call or of the written
// type, or the size argument of the run-time form; null when there is none to see.
static const Expr *sizeArgumentOfCall(const CallExpr &Call) {
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Call.getCallee()->IgnoreParenImpCasts());
      DRE && DRE->getNumTemplateArgs() > 0 &&
      DRE->getTemplateArgs()[0].getArgument().getKind() == TemplateArgument::Expression)
    return DRE->getTemplateArgs()[0].getSourceExpression();
  return Call.getNumArgs() == 2 ? Call.getArg(1) : nullptr;
}

static const Expr *sizeArgumentOfDecl(const DeclaratorDecl &D) {
  const TypeSourceInfo *TSI = D.getTypeSourceInfo();
  if (!TSI)
    return nullptr;
  TypeLoc TL = TSI->getTypeLoc();
  for (unsigned I = 0; I < 8; ++I) {
    TL = TL.getUnqualifiedLoc();
    if (auto R = TL.getAs<ReferenceTypeLoc>())
      TL = R.getPointeeLoc();
    else if (auto E = TL.getAs<ElaboratedTypeLoc>())
      TL = E.getNamedTypeLoc();
    else
      break;
  }
  if (auto T = TL.getAs<TemplateSpecializationTypeLoc>(); T && T.getNumArgs() > 0 &&
                                                           T.getArgLoc(0).getArgument().getKind() ==
                                                               TemplateArgument::Expression)
    return T.getArgLoc(0).getSourceExpression();
  return nullptr;
}

// A value substituted for a template parameter anywhere in the expression: the instantiation's
// caller chose it.
static bool fromTemplateParameter(const Stmt *S) {
  if (!S)
    return false;
  if (isa<SubstNonTypeTemplateParmExpr>(S))
    return true;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(S); Ref && isa<NonTypeTemplateParmDecl>(Ref->getDecl()))
    return true;
  for (const Stmt *Child : S->children())
    if (fromTemplateParameter(Child))
      return true;
  return false;
}

static bool chosenElsewhere(const Expr *E, const rocmtidy::PlatformGuards &G, const SourceManager &SM) {
  if (!E)
    return true;
  const Expr *Bare = E->IgnoreParenImpCasts();
  if (E->isValueDependent() || fromTemplateParameter(E))
    return true;
  if (G.inPlatformSwitch(SM.getSpellingLoc(E->getBeginLoc()), SM) || G.inPlatformSwitch(E->getBeginLoc(), SM))
    return true;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(Bare))
    return G.inPlatformSwitch(Ref->getDecl()->getLocation(), SM);
  return false;
}

void FixedTileSizeCheck::check(const MatchFinder::MatchResult &Result) {
  const auto *Fn = Result.Nodes.getNodeAs<FunctionDecl>("fn");
  if (!Fn || !rocmtidy::isDeviceCode(Fn))
    return;
  Context = Result.Context;
  const SourceManager &SM = *Result.SourceManager;
  Site S{};
  if (const auto *Call = Result.Nodes.getNodeAs<CallExpr>("call")) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee)
      return;
    if (std::optional<uint64_t> V = firstIntegralArgument(Callee->getTemplateSpecializationArgs())) {
      S.Size = *V;
    } else if (Call->getNumArgs() == 2) {
      // tiled_partition(parent, n): HIP checks n with an assert when the kernel runs.
      std::optional<uint64_t> V2 = rocmtidy::evaluateConstantInteger(Call->getArg(1), *Result.Context);
      if (!V2)
        return;
      S.Size = *V2;
      S.Runtime = true;
    } else {
      return;
    }
    S.Loc = SM.getFileLoc(Call->getBeginLoc());
    S.ChosenElsewhere = chosenElsewhere(sizeArgumentOfCall(*Call), Guards, SM);
  } else if (const auto *D = Result.Nodes.getNodeAs<DeclaratorDecl>("decl")) {
    // 'auto t = tiled_partition<32>(block)': the call says it.
    if (D->getType()->getContainedAutoType())
      return;
    std::optional<uint64_t> V = rocmtidy::tileLanes(D->getType());
    if (!V)
      return;
    S.Size = *V;
    S.Loc = SM.getFileLoc(D->getTypeSpecStartLoc().isValid() ? D->getTypeSpecStartLoc() : D->getLocation());
    S.ChosenElsewhere = chosenElsewhere(sizeArgumentOfDecl(*D), Guards, SM);
  } else {
    return;
  }
  if (S.Loc.isInvalid() || SM.isInSystemHeader(S.Loc))
    return;
  // Code only the CUDA build compiles never meets a wavefront.
  if (Guards.at(S.Loc, SM) == rocmtidy::Platform::CudaOnly)
    return;
  checkSize(S, SM);
  if (S.Size == 32 && Fn->getBody() && SeenFunctions.insert(Fn).second)
    Tile32Functions.push_back({Fn, S});
}

void FixedTileSizeCheck::checkSize(const Site &S, const SourceManager &SM) {
  // A declaration and the call that initialises it name the same tile: one report per line.
  const std::pair<FileID, unsigned> Line = {SM.getFileID(S.Loc), SM.getSpellingLineNumber(S.Loc)};
  const unsigned Key = Line.first.getHashValue() ^ (Line.second << 8);
  const bool Pow2 = S.Size != 0 && (S.Size & (S.Size - 1)) == 0;
  // What HIP says: a static_assert in thread_block_tile and tiled_partition<N>, an assert in
  // tiled_partition(parent, n).
  auto fails = [&](StringRef StaticAssertText) {
    return S.Runtime ? std::string("HIP's tiled_partition asserts 'invalid tile size' when the kernel runs")
                     : ("HIP rejects it at compile time ('" + StaticAssertText + "')").str();
  };
  if (!Pow2 || S.Size > 64) {
    if (!Reported.insert({Key, S.Size}).second)
      return;
    if (!Pow2)
      diag(S.Loc, "tile size %0 is not a power of two, which HIP's cooperative groups require; %1; use a power of "
                  "two up to the wavefront size")
          << static_cast<unsigned>(S.Size)
          << fails(TileSizeAssert);
    else
      diag(S.Loc, "tile of %0 threads is larger than the 64-lane wavefront of any AMD GPU, and HIP's tiles cannot "
                  "span wavefronts; %1; use tiles of at most 64 and combine their results through shared memory")
          << static_cast<unsigned>(S.Size) << fails(TileSizeAssert);
    return;
  }
  // A tile as wide as a 64-lane wavefront fails on the wave32 targets (RDNA) of the selection.
  const rocmtidy::GpuTarget *Narrowest = nullptr;
  for (const rocmtidy::GpuTarget *T : Targets.targets())
    if (!Narrowest || T->defaultWavefront() < Narrowest->defaultWavefront())
      Narrowest = T;
  if (Narrowest && S.Size > Narrowest->defaultWavefront() && !S.ChosenElsewhere &&
      !Guards.inPlatformSwitch(S.Loc, SM) && Reported.insert({Key, S.Size}).second)
    diag(S.Loc, "tile of %0 threads is larger than the %1-lane wavefront of %2, where %3; use a tile of %1, or "
                "choose the size per target under '#if defined(__GFX9__)'")
        << static_cast<unsigned>(S.Size) << Narrowest->defaultWavefront() << Narrowest->displayName()
        << fails(TileSizeAssert);
}

namespace {
// The first use of the device variable 'warpSize' in a body that the AMD build compiles and that
// is not one arm of a choice by vendor or target.
class WarpSizeUseFinder : public RecursiveASTVisitor<WarpSizeUseFinder> {
public:
  WarpSizeUseFinder(const rocmtidy::PlatformGuards &G, const SourceManager &SM) : G(G), SM(SM) {}
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (!Found && rocmtidy::isWarpSizeRef(E) && G.at(E->getBeginLoc(), SM) == rocmtidy::Platform::Any &&
        !G.inPlatformSwitch(E->getBeginLoc(), SM))
      Found = E;
    return !Found;
  }
  const Expr *Found = nullptr;

private:
  const rocmtidy::PlatformGuards &G;
  const SourceManager &SM;
};
} // namespace

void FixedTileSizeCheck::onEndOfTranslationUnit() {
  if (Tile32Functions.empty() || !Context)
    return;
  const rocmtidy::GpuTarget *Widest = Targets.widestDefaultWavefront();
  // Where every target runs 32-lane wavefronts, a tile of 32 is the whole wavefront.
  if (!Widest || Widest->defaultWavefront() <= 32) {
    Tile32Functions.clear();
    return;
  }
  const SourceManager &SM = Context->getSourceManager();
  const unsigned W = Widest->defaultWavefront();
  rocmtidy::WarpModel Model(*Context, WarpSizeNameRegex, Guards);
  for (const auto &[Fn, S] : Tile32Functions) {
    if (S.ChosenElsewhere || Guards.inPlatformSwitch(S.Loc, SM))
      continue;
    const unsigned Key = SM.getFileOffset(S.Loc) ^ SM.getFileID(S.Loc).getHashValue();
    std::string Name = Fn->getIdentifier() ? Fn->getName().str() : std::string("this function");
    WarpSizeUseFinder Finder(Guards, SM);
    Finder.TraverseStmt(Fn->getBody());
    if (Finder.Found) {
      if (Reported.insert({Key, 32 | (1ull << 40)}).second) {
        diag(S.Loc, "tile of 32 threads is half of the %0-lane wavefront of %1, but '%2' also counts lanes with "
                     "'warpSize' (%0 there), as if the tile were the whole warp; use the tile's size() and "
                     "meta_group_rank() for per-tile indices and offsets, or keep every lane count at 32")
            << W << Widest->displayName() << Name;
        diag(SM.getFileLoc(Finder.Found->getBeginLoc()), "'warpSize' used here", DiagnosticIDs::Note);
      }
      continue;
    }
    Model.addFunction(Fn, Fn->getBody());
    const rocmtidy::FunctionWarpFacts &Facts = *Model.functions().back();
    if (!Facts.FullOps.empty() && Reported.insert({Key, 32 | (2ull << 40)}).second) {
      const rocmtidy::CrossLaneOp &Op = Facts.FullOps.front();
      diag(S.Loc, "tile of 32 threads is half of the %0-lane wavefront of %1, but '%2' also calls '%3', which "
                   "spans the whole wavefront (two tiles at once), as if the tile were the whole warp; use the "
                   "tile's own operations, or a tile of the wavefront size")
          << W << Widest->displayName() << Name << Op.Name;
      diag(SM.getFileLoc(Op.Call->getBeginLoc()), "'%0' called here", DiagnosticIDs::Note) << Op.Name;
    }
  }
  Tile32Functions.clear();
}

} // namespace clang::tidy::rocm
