#include "HardcodedBlockSizeCheck.h"

#include "ast/KernelLaunch.h"
#include "ast/MacroChain.h"
#include "clang-tidy/utils/OptionsUtils.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/Basic/SourceManager.h"

#include <algorithm>

using namespace clang::ast_matchers;

namespace clang::tidy::rocm {

HardcodedBlockSizeCheck::HardcodedBlockSizeCheck(StringRef Name, ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context), Targets(Options), Index(Options),
      BlockSizesSpelling(Options.get("BlockSizes", "32;1024").str()),
      CheckWavefrontMultiple(Options.get("CheckWavefrontMultiple", true)) {
  for (StringRef S : utils::options::parseStringList(BlockSizesSpelling)) {
    uint64_t V;
    if (!S.trim().getAsInteger(10, V) && V)
      BlockSizes.push_back(V);
    else
      configurationDiag("invalid block size '%0' in option 'BlockSizes' of '%1'; expected positive integers "
                        "separated by ';'")
          << S << Name;
  }
}

void HardcodedBlockSizeCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Targets.store(Options, Opts);
  Index.store(Options, Opts);
  Options.store(Opts, "BlockSizes", BlockSizesSpelling);
  Options.store(Opts, "CheckWavefrontMultiple", CheckWavefrontMultiple);
}

void HardcodedBlockSizeCheck::registerMatchers(MatchFinder *Finder) {
  Instantiations.registerMatchers(Finder, this);
  Targets.reportUnknown(*this, "rocm-hardcoded-block-size");
  Index.reportProblems(*this, "rocm-hardcoded-block-size");
  Finder->addMatcher(rocmtidy::launchCandidateMatcher("launch"), this);
}

static std::string kernelName(const FunctionDecl &K, const ASTContext &Ctx) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  K.getNameForDiagnostic(OS, Ctx.getPrintingPolicy(), /*Qualified=*/false);
  return S;
}

// A source range worth underlining: one the user wrote outside any macro.
static SourceRange userRange(const Expr *E) {
  if (!E)
    return {};
  SourceRange R = E->IgnoreParenImpCasts()->getSourceRange();
  if (R.getBegin().isMacroID() || R.getEnd().isMacroID())
    return {};
  return R;
}

// HIP's own __launch_bounds__ macro expands to amdgpu_flat_work_group_size; name what the user wrote.
static bool spelledAsLaunchBounds(const Attr &A, const ASTContext &Ctx) {
  if (isa<CUDALaunchBoundsAttr>(A))
    return true;
  return rocmtidy::writtenThroughMacro(A.getLocation(), "__launch_bounds__", Ctx.getSourceManager(), Ctx.getLangOpts());
}

void HardcodedBlockSizeCheck::check(const MatchFinder::MatchResult &Result) {
  if (Instantiations.record(Result))
    return;
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>("launch");
  if (!Call || Targets.targets().empty())
    return;
  ASTContext &Ctx = *Result.Context;
  std::optional<rocmtidy::KernelLaunch> L = rocmtidy::recogniseLaunch(*Call, Ctx);
  if (!L || L->Loc.isInvalid() || Ctx.getSourceManager().isInSystemHeader(L->Loc))
    return;
  std::optional<uint64_t> Threads = L->Block.total();
  if (!Threads || *Threads == 0)
    return;
  const uint64_t T = *Threads;
  const std::string Subject = L->Kernel ? "kernel '" + kernelName(*L->Kernel, Ctx) + "'" : "the kernel";
  const SourceRange Range = userRange(L->BlockArg);
  // A launch in a template is reported at its one spelling; say which instantiation it was.
  auto noteInstantiation = [&] {
    if (const FunctionDecl *I = Instantiations.enclosing(*L->Call, *Result.SourceManager))
      diag(Ctx.getSourceManager().getFileLoc(I->getPointOfInstantiation()), "in instantiation of '%0' requested here",
           DiagnosticIDs::Note)
          << kernelName(*I, Ctx);
  };

  // The workgroup limit of the targets: such a launch fails on every one of them.
  const rocmtidy::GpuTarget *Smallest = Targets.smallestMaxWorkgroup();
  if (T > Smallest->MaxWorkgroupSize) {
    diag(L->Loc, "block of %0 threads is more than the %1 a workgroup may have on %2, so the launch of %3 fails; "
                 "take the size from hipOccupancyMaxPotentialBlockSize or hipDeviceProp_t::maxThreadsPerBlock")
        << static_cast<unsigned>(std::min<uint64_t>(T, UINT32_MAX)) << Smallest->MaxWorkgroupSize
        << Smallest->displayName() << Subject << Range;
    noteInstantiation();
    return;
  }

  // More threads than the kernel was compiled for: a guaranteed launch failure.
  const Attr *Bounds = nullptr;
  std::optional<uint64_t> MaxThreads =
      L->Kernel ? rocmtidy::declaredMaxThreads(*L->Kernel, Ctx, &Bounds) : std::nullopt;
  // A kernel this file only declares: its definition in another file (the project index) knows
  // the bound.
  std::optional<rocmtidy::DefinitionElsewhere> Elsewhere;
  if (!MaxThreads && L->Kernel)
    Elsewhere = Index.lookup(*L->Kernel);
  auto noteElsewhere = [&] {
    if (Elsewhere)
      diag(L->Loc, "%0 is %1", DiagnosticIDs::Note) << Subject << Elsewhere->describe();
  };
  if (Elsewhere && Elsewhere->MaxThreads && T > *Elsewhere->MaxThreads) {
    diag(L->Loc, "block of %0 threads exceeds the %1 threads %2 allows with "
                 "%select{__launch_bounds__|amdgpu_flat_work_group_size}3, so the launch fails; launch at most %1 "
                 "threads or raise the bound to match")
        << static_cast<unsigned>(T) << static_cast<unsigned>(*Elsewhere->MaxThreads) << Subject
        << (Elsewhere->Def->FlatWorkGroupSize ? 1 : 0) << Range;
    noteElsewhere();
    noteInstantiation();
    return;
  }
  if (Elsewhere && Elsewhere->MaxThreads)
    MaxThreads = Elsewhere->MaxThreads;
  if (MaxThreads && T > *MaxThreads) {
    diag(L->Loc, "block of %0 threads exceeds the %1 threads %2 allows with "
                 "%select{__launch_bounds__|amdgpu_flat_work_group_size}3, so the launch fails; launch at most %1 "
                 "threads or raise the bound to match")
        << static_cast<unsigned>(T) << static_cast<unsigned>(*MaxThreads) << Subject
        << (spelledAsLaunchBounds(*Bounds, Ctx) ? 0 : 1) << Range;
    diag(Ctx.getSourceManager().getFileLoc(Bounds->getLocation()),
         "%0 is compiled for at most %1 threads per block here", DiagnosticIDs::Note)
        << Subject << static_cast<unsigned>(*MaxThreads);
    noteInstantiation();
    return;
  }

  // One block of one thread is a serial kernel (a flag update, a last reduction step): no block
  // size was chosen, so no wavefront rule applies.
  std::optional<uint64_t> Blocks = L->Grid.total();
  if (T == 1 && Blocks && *Blocks == 1)
    return;

  // The wavefront the targets run by default; the widest one decides what a full wavefront is.
  const rocmtidy::GpuTarget *Widest = Targets.widestDefaultWavefront();
  const unsigned W = Widest->defaultWavefront();

  // A size the kernel declares as its bound is a deliberate choice. So is exactly one wavefront of
  // every target (32 threads where all of them run 32 lanes): no lane idles, and the wave64 build
  // that a 32-thread block would half fill is not one these targets make.
  const bool Deliberate = (MaxThreads && *MaxThreads == T) || (T == W && T < Smallest->MaxWorkgroupSize);
  if (!Deliberate && std::find(BlockSizes.begin(), BlockSizes.end(), T) != BlockSizes.end()) {
    diag(L->Loc, "%0 is launched with a hard-coded block of %1 threads; take the size from "
                 "hipOccupancyMaxPotentialBlockSize or hipDeviceProp_t, or use a multiple of %2 such as %3 and "
                 "declare __launch_bounds__ to match")
        << Subject << static_cast<unsigned>(T) << W << 4 * W << Range;
    if (T == Smallest->MaxWorkgroupSize)
      diag(L->Loc, "%0 threads is the largest workgroup %1 allows: the compiler must cap every thread's registers "
                   "to fit it, and the launch fails once the kernel is built for fewer threads",
           DiagnosticIDs::Note)
          << static_cast<unsigned>(T) << Smallest->displayName();
    else if (T < W)
      diag(L->Loc, "a %0-thread block fills %0 of the %1 lanes of a wavefront on %2; the other lanes stay idle",
           DiagnosticIDs::Note)
          << static_cast<unsigned>(T) << W << Widest->displayName();
    noteElsewhere();
    noteInstantiation();
    return;
  }

  if (CheckWavefrontMultiple && T == 1) {
    // Many one-thread blocks: each item has a block of its own, not a partial wavefront; the
    // remedy is to give blocks several items, not to round the block up.
    diag(L->Loc, "%0 runs one thread per block, so each block fills 1 of the %1 lanes of a wavefront on %2; "
                 "launch blocks of a multiple of %1 threads and index items by blockIdx.x * blockDim.x + threadIdx.x")
        << Subject << W << Widest->displayName() << Range;
    noteElsewhere();
    noteInstantiation();
    return;
  }
  if (CheckWavefrontMultiple && T % W != 0) {
    uint64_t Suggest = (T + W - 1) / W * W;
    if (Suggest > Smallest->MaxWorkgroupSize)
      Suggest = T / W * W;
    diag(L->Loc, "block of %0 threads is not a multiple of the %1-lane wavefront of %2, so the last wavefront of "
                 "every block runs %3 of %1 lanes; use a multiple of %1 such as %4")
        << static_cast<unsigned>(T) << W << Widest->displayName() << static_cast<unsigned>(T % W)
        << static_cast<unsigned>(Suggest ? Suggest : W) << Range;
    noteElsewhere();
    noteInstantiation();
  }
}

} // namespace clang::tidy::rocm
