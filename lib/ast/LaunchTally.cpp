#include "ast/LaunchTally.h"

#include "ast/ConstantValue.h"
#include "ast/LaunchRecognizer.h"
#include "ast/MacroChain.h"
#include "ast/StmtWalk.h"
#include "core/LaunchApiTable.h"
#include "core/WarpTables.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace rocmtidy {

const FunctionDecl *LaunchTally::kernelKey(const FunctionDecl *FD) {
  if (!FD || !FD->hasAttr<CUDAGlobalAttr>())
    return nullptr;
  if (const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern())
    FD = Pattern;
  return FD->getCanonicalDecl();
}

static llvm::SmallVector<const FunctionDecl *, 2> kernelCandidates(const OverloadExpr *OE) {
  llvm::SmallVector<const FunctionDecl *, 2> Out;
  for (const NamedDecl *D : OE->decls())
    if (const FunctionDecl *K = LaunchTally::kernelKey(D->getUnderlyingDecl()->getAsFunction());
        K && !llvm::is_contained(Out, K))
      Out.push_back(K);
  return Out;
}

void LaunchTally::noteReference(const Expr *E) {
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (const FunctionDecl *K = kernelKey(dyn_cast<FunctionDecl>(DRE->getDecl())))
      ++Entries[K].References;
    return;
  }
  // A kernel named in a template before its arguments are known: every candidate.
  if (const auto *OE = dyn_cast<OverloadExpr>(E))
    for (const FunctionDecl *K : kernelCandidates(OE))
      ++Entries[K].References;
}

static const llvm::Regex &defaultWarpNames() {
  static const llvm::Regex R(warpTables().WarpSizeNameRegex, llvm::Regex::IgnoreCase);
  return R;
}

LaunchTally::LaunchTally(ASTContext &Ctx, const llvm::Regex *WarpNames)
    : Ctx(Ctx), WarpNames(WarpNames ? *WarpNames : defaultWarpNames()) {}

// The block is written with a warp-size constant, or a macro or variable named so ('dim3
// block{WARP_SIZE}', 'BLOCK_SIZE' defined as 'WARP_SIZE'): one warp per block was meant, so a 32
// there is the assumption under test, not a fact about which lanes of a 64-lane wavefront run.
bool LaunchTally::sizedByWarpName(const Expr *BlockArg) const {
  const SourceManager &SM = Ctx.getSourceManager();
  auto Named = [&](StringRef Name) { return !Name.empty() && WarpNames.isValid() && WarpNames.match(Name); };
  return !walkWithInitialisers(BlockArg, 3, [&](const Stmt *S) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S);
        DRE && DRE->getDecl()->getIdentifier() && Named(DRE->getDecl()->getName()))
      return StmtWalk::Stop;
    bool ByName = anyMacroCaller(
        S->getBeginLoc(), SM, Ctx.getLangOpts(), [&](StringRef Name, SourceLocation) { return Named(Name); },
        MacroArguments::Visit);
    return ByName ? StmtWalk::Stop : StmtWalk::Continue;
  });
}

void LaunchTally::record(const FunctionDecl *Kernel, const Expr *BlockArg, const Dim3Value &Block) {
  std::optional<uint64_t> Threads = Block.total();
  Entries[Kernel].Blocks.add(Block.X, Threads, BlockArg && Threads && *Threads <= 32 && sizedByWarpName(BlockArg));
}

// 'k<<<blocks, threads>>>(args)' in a template whose arguments decide which kernel it is: the
// block, when it does not depend on them, is the block of every candidate.
void LaunchTally::dependentLaunch(const CUDAKernelCallExpr *K) {
  llvm::SmallVector<const FunctionDecl *, 2> Kernels;
  const Expr *Callee = K->getCallee()->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Callee)) {
    if (const FunctionDecl *Kernel = kernelKey(dyn_cast<FunctionDecl>(DRE->getDecl())))
      Kernels.push_back(Kernel);
  } else if (const auto *OE = dyn_cast<OverloadExpr>(Callee)) {
    Kernels = kernelCandidates(OE);
  }
  const CallExpr *Config = K->getConfig();
  const Expr *BlockArg = Config && Config->getNumArgs() >= 2 ? Config->getArg(1) : nullptr;
  Dim3Value Block = BlockArg && !isDependentExpr(*BlockArg) ? evaluateDim3(BlockArg, Ctx) : Dim3Value();
  for (const FunctionDecl *Kernel : Kernels) {
    record(Kernel, BlockArg, Block);
    if (Config && Config->getNumArgs() >= 1)
      Entries[Kernel].Grids.push_back(Config->getArg(0));
  }
}

void LaunchTally::noteLaunch(const CallExpr *CE) {
  if (const auto *K = dyn_cast<CUDAKernelCallExpr>(CE); K && CE->isInstantiationDependent()) {
    dependentLaunch(K);
    return;
  }
  if (!isa<CUDAKernelCallExpr>(CE)) {
    const FunctionDecl *Callee = CE->getDirectCallee();
    if (!Callee || !Callee->getIdentifier() || !launchApiTable().find(std::string_view(Callee->getName())))
      return;
  }
  std::optional<KernelLaunch> L = recogniseLaunch(*CE, Ctx);
  if (!L)
    return;
  const FunctionDecl *K = kernelKey(L->Kernel);
  if (!K)
    return;
  record(K, L->BlockArg, L->Block);
  if (const auto *Chevron = dyn_cast<CUDAKernelCallExpr>(CE))
    if (const CallExpr *Config = Chevron->getConfig(); Config && Config->getNumArgs() >= 1)
      Entries[K].Grids.push_back(Config->getArg(0));
}

const LaunchTally::Entry *LaunchTally::find(const FunctionDecl *Kernel) const {
  auto It = Entries.find(kernelKey(Kernel));
  return It == Entries.end() ? nullptr : &It->second;
}

} // namespace rocmtidy
