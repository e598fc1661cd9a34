#include "LaunchBoundsCheck.h"

#include "ast/MacroChain.h"
#include "clang-tidy/utils/OptionsUtils.h"
#include "core/WarpTables.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/TargetInfo.h"
#include "clang/Lex/Preprocessor.h"

using namespace clang::ast_matchers;

namespace clang::tidy::rocm {

namespace {
AST_MATCHER(FunctionDecl, isAmdgcnBuiltin) {
  return Node.getBuiltinID() != 0 && Node.getIdentifier() && Node.getName().starts_with("__builtin_amdgcn_");
}
} // namespace

// SIMDs (execution units) per AMD compute unit, for every GCN, CDNA and RDNA part: what turns
// blocks per multiprocessor into waves per execution unit.
static constexpr unsigned SimdsPerComputeUnit = 4;

LaunchBoundsCheck::LaunchBoundsCheck(StringRef Name, ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context), Targets(Options),
      PlatformMacrosSpelling(Options.get("PlatformMacros", rocmtidy::allPlatformMacrosSpelling()).str()) {}

void LaunchBoundsCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Targets.store(Options, Opts);
  Options.store(Opts, "PlatformMacros", PlatformMacrosSpelling);
}

void LaunchBoundsCheck::registerPPCallbacks(const SourceManager &SM, Preprocessor *PP, Preprocessor *) {
  std::vector<std::string> Macros;
  for (StringRef M : utils::options::parseStringList(PlatformMacrosSpelling))
    Macros.push_back(M.str());
  Guards.emplace(std::move(Macros));
  PP->addPPCallbacks(Guards->callbacks(SM, *PP));
}

void LaunchBoundsCheck::registerMatchers(MatchFinder *Finder) {
  Targets.reportUnknown(*this, "rocm-launch-bounds");
  Finder->addMatcher(functionDecl(anyOf(hasAttr(attr::CUDALaunchBounds), hasAttr(attr::AMDGPUWavesPerEU),
                                        hasAttr(attr::AMDGPUFlatWorkGroupSize)))
                         .bind("fn"),
                     this);
  Finder->addMatcher(
      callExpr(callee(functionDecl(isAmdgcnBuiltin())), unless(isExpansionInSystemHeader())).bind("amdgcn"), this);
  Finder->addMatcher(asmStmt(unless(isExpansionInSystemHeader())).bind("asm"), this);
}

// Whether the attribute was written through a macro named __launch_bounds__ (HIP's own header
// turns it into amdgpu_flat_work_group_size and amdgpu_waves_per_eu); amdgpu_* written by hand
// are AMD's own meaning, chosen on purpose.
static bool viaLaunchBoundsMacro(SourceLocation Loc, const SourceManager &SM, const LangOptions &LO) {
  return rocmtidy::writtenThroughMacro(Loc, "__launch_bounds__", SM, LO);
}

static std::optional<uint64_t> constantOf(const Expr *E, const ASTContext &Ctx) {
  if (!E || E->isValueDependent() || E->isTypeDependent())
    return std::nullopt;
  std::optional<llvm::APSInt> V = E->getIntegerConstantExpr(Ctx);
  if (!V || V->isNegative())
    return std::nullopt;
  return V->getZExtValue();
}

// The maximum and minimum a '__launch_bounds__' gives Fn (HIP's header may have turned it into
// the two amdgpu attributes), and where it is written; an invalid location when it has none.
static SourceLocation readBounds(const FunctionDecl &Fn, const SourceManager &SM, const LangOptions &LO,
                                 const Expr *&MaxExpr, const Expr *&MinExpr) {
  if (const auto *A = Fn.getAttr<CUDALaunchBoundsAttr>()) {
    MaxExpr = A->getMaxThreads();
    MinExpr = A->getMinBlocks();
    return A->getLocation();
  }
  SourceLocation AttrLoc;
  const auto *Flat = Fn.getAttr<AMDGPUFlatWorkGroupSizeAttr>();
  const auto *Waves = Fn.getAttr<AMDGPUWavesPerEUAttr>();
  if (Flat && viaLaunchBoundsMacro(Flat->getLocation(), SM, LO)) {
    MaxExpr = Flat->getMax();
    AttrLoc = Flat->getLocation();
  }
  if (Waves && viaLaunchBoundsMacro(Waves->getLocation(), SM, LO)) {
    MinExpr = Waves->getMin();
    if (AttrLoc.isInvalid())
      AttrLoc = Waves->getLocation();
  }
  return AttrLoc;
}

void LaunchBoundsCheck::check(const MatchFinder::MatchResult &Result) {
  const ASTContext &Ctx = *Result.Context;
  const SourceManager &SM = *Result.SourceManager;
  const LangOptions &LO = Ctx.getLangOpts();
  // Device code only: the host pass of HIP's own headers' inline assembly is not the project's.
  if (Result.Nodes.getNodeAs<CallExpr>("amdgcn") ||
      (Result.Nodes.getNodeAs<AsmStmt>("asm") && LO.CUDAIsDevice && Ctx.getTargetInfo().getTriple().isAMDGCN())) {
    AmdNative = true;
    return;
  }
  const auto *Fn = Result.Nodes.getNodeAs<FunctionDecl>("fn");
  if (!Fn)
    return;
  // The bounds act only on the device compile, and their values often come from device-only
  // macros (__GFX9__, __AMDGCN_WAVEFRONT_SIZE__): the host pass of a HIP file would judge values
  // the device never sees, so the device pass decides.
  if (LO.HIP && !LO.CUDAIsDevice)
    return;

  const Expr *MaxExpr = nullptr, *MinExpr = nullptr;
  SourceLocation AttrLoc = readBounds(*Fn, SM, LO, MaxExpr, MinExpr);
  if (AttrLoc.isInvalid())
    return;
  SourceLocation FileLoc = SM.getFileLoc(AttrLoc);
  if (SM.isInSystemHeader(FileLoc))
    return;
  // The declaration and its definition both carry the attribute; one report per spelling.
  if (Fn->getPreviousDecl() && Fn->getPreviousDecl()->hasAttrs() && !Fn->isThisDeclarationADefinition())
    return;

  std::optional<uint64_t> Max = constantOf(MaxExpr, Ctx);
  std::optional<uint64_t> Min = constantOf(MinExpr, Ctx);
  const rocmtidy::GpuTarget *Widest = Targets.widestDefaultWavefront();
  const unsigned W = Widest ? Widest->defaultWavefront() : 64;
  const unsigned Key =
      SM.getFileOffset(SM.getExpansionLoc(AttrLoc)) ^ SM.getFileID(SM.getExpansionLoc(AttrLoc)).getHashValue();

  // The bound, the macro that spells its value, or the constant it names sits in a platform
  // switch: the author already chose a value per platform.
  auto Guarded = [&](const Expr *E) {
    if (!Guards)
      return false;
    if (Guards->inPlatformSwitch(FileLoc, SM) ||
        (E && Guards->inPlatformSwitch(SM.getSpellingLoc(E->getBeginLoc()), SM)))
      return true;
    if (const auto *Ref = E ? dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()) : nullptr)
      return Guards->inPlatformSwitch(Ref->getDecl()->getLocation(), SM);
    return false;
  };

  // A minimum of 1 means the same on both platforms: at least one block, at least one wave.
  // A template's maximum is known in its instantiations, which report it (once per value).
  const bool MaxPending = MaxExpr && !Max && (MaxExpr->isValueDependent() || MaxExpr->isTypeDependent());
  if (Min && *Min > 1 && !MaxPending && !Guarded(MinExpr)) {
    MinimumReport R{SM.getFileLoc(MinExpr->getBeginLoc()), *Min, Max.value_or(0), 0, W};
    if (Max)
      R.Equivalent = (*Min * ((*Max + W - 1) / W) + SimdsPerComputeUnit - 1) / SimdsPerComputeUnit;
    // Where the two readings ask for the same waves, the carried-over value happens to be right.
    const uint64_t Value = Max ? (*Min << 33) ^ (*Max << 1) ^ 1 : (*Min << 1) | 1;
    if ((!Max || R.Equivalent != *Min) && Reported.insert({Key, Value}).second)
      Minimums.push_back(R);
  }

  // A maximum of 1 declares a single-thread kernel (a scalar step such as initialising a status
  // word): it fills one lane on every GPU, and no other block size is meant.
  if (Max && *Max > 1 && *Max % W != 0 && !Guarded(MaxExpr) && Reported.insert({Key, *Max << 1}).second) {
    SourceLocation MaxLoc = SM.getFileLoc(MaxExpr->getBeginLoc());
    const uint64_t Suggest = (*Max + W - 1) / W * W;
    diag(MaxLoc, "'__launch_bounds__' maximum of %0 threads is not a multiple of the %1-lane wavefront of %2, so "
                 "the last wavefront of a full block runs %3 of %1 lanes; use a multiple of %1 such as %4")
        << static_cast<unsigned>(*Max) << W << (Widest ? Widest->displayName() : std::string("gfx90a"))
        << static_cast<unsigned>(*Max % W) << static_cast<unsigned>(Suggest);
  }
}

void LaunchBoundsCheck::onEndOfTranslationUnit() {
  if (!AmdNative || (Guards && Guards->hasCudaOnlyBranch()))
    for (const MinimumReport &R : Minimums) {
      if (!R.Max) {
        diag(R.Loc, "HIP reads the second argument of '__launch_bounds__' as minimum waves per execution unit, "
                    "not minimum blocks per multiprocessor, so %0 asks for a different occupancy than on CUDA; "
                    "drop it or give AMD its own value under '#if defined(__HIP_PLATFORM_AMD__)'")
            << static_cast<unsigned>(R.Min);
        continue;
      }
      diag(R.Loc, "HIP reads the second argument of '__launch_bounds__' as minimum waves per execution unit, "
                  "not minimum blocks per multiprocessor, so %0 asks for a different occupancy than on CUDA; "
                  "use %1 for the same occupancy under '#if defined(__HIP_PLATFORM_AMD__)', or drop it")
          << static_cast<unsigned>(R.Min) << static_cast<unsigned>(R.Equivalent);
      const uint64_t WavesPerBlock = (R.Max + R.Width - 1) / R.Width;
      diag(R.Loc,
           "%0 blocks of %1 threads are %2 %3-lane waves per compute unit, %4 per execution unit on a "
           "compute unit of %5 SIMDs",
           DiagnosticIDs::Note)
          << static_cast<unsigned>(R.Min) << static_cast<unsigned>(R.Max)
          << static_cast<unsigned>(R.Min * WavesPerBlock) << R.Width << static_cast<unsigned>(R.Equivalent)
          << SimdsPerComputeUnit;
    }
  Minimums.clear();
  Reported.clear();
  AmdNative = false;
}

} // namespace clang::tidy::rocm
