// Block widths from the unit's launches. A wavefront takes the threads of one block in order:
// with blocks 32 threads wide (or 16, 8, ...), lanes 0-31 of a 64-lane wavefront hold one row
// of the block and lanes 32-63 the next, so 'threadIdx.x' numbers the lanes of a 32-lane row, not
// of the wavefront, and code confined to 32 lanes keeps each row to itself. With blocks of at most
// 32 threads lanes 32-63 never run at all. Only what every launch of the kernel the unit shows
// says counts; a kernel named anywhere else (a pointer, a template's launch) may run with any
// block.

#include "ast/LaunchRecognizer.h"
#include "ast/WarpModel.h"
#include "core/LaunchApiTable.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace rocmtidy {

// A kernel by the canonical declaration of its pattern (every specialisation of a template
// kernel runs the same body).
static const FunctionDecl *kernelKey(const FunctionDecl *FD) {
  if (!FD || !FD->hasAttr<CUDAGlobalAttr>())
    return nullptr;
  if (const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern())
    FD = Pattern;
  return FD->getCanonicalDecl();
}

static bool isPowerOf2AtMost32(uint64_t X) { return X > 0 && X <= 32 && (X & (X - 1)) == 0; }

static llvm::SmallVector<const FunctionDecl *, 2> kernelCandidates(const OverloadExpr *OE) {
  llvm::SmallVector<const FunctionDecl *, 2> Out;
  for (const NamedDecl *D : OE->decls())
    if (const FunctionDecl *K = kernelKey(D->getUnderlyingDecl()->getAsFunction()); K && !llvm::is_contained(Out, K))
      Out.push_back(K);
  return Out;
}

void WarpModel::noteReference(const Expr *E) {
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (const FunctionDecl *K = kernelKey(dyn_cast<FunctionDecl>(DRE->getDecl())))
      ++Launches[K].References;
    return;
  }
  // A kernel named in a template before its arguments are known: every candidate.
  if (const auto *OE = dyn_cast<OverloadExpr>(E))
    for (const FunctionDecl *K : kernelCandidates(OE))
      ++Launches[K].References;
}

void WarpModel::recordLaunch(const FunctionDecl *K, const Dim3Value &Block) {
  KernelBlocks &B = Launches[K];
  if (!Block.X) {
    B.Unknown = true;
    return;
  }
  ++B.Launches;
  B.AllRows32 = B.AllRows32 && isPowerOf2AtMost32(*Block.X);
  std::optional<uint64_t> Total = Block.total();
  B.AllNarrow = B.AllNarrow && Total && *Total <= 32;
}

// 'k<<<blocks, threads>>>(args)' in a template whose arguments decide which kernel it is: the
// block, when it does not depend on them, is the block of every candidate.
void WarpModel::dependentLaunch(const CUDAKernelCallExpr *K) {
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
  for (const FunctionDecl *Kernel : Kernels)
    recordLaunch(Kernel, Block);
}

void WarpModel::noteLaunch(const CallExpr *CE) {
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
  if (const FunctionDecl *K = kernelKey(L->Kernel))
    recordLaunch(K, L->Block);
}

BlockRows WarpModel::kernelRows(const FunctionDecl *Kernel) {
  // '__launch_bounds__(32)': no launch can give it a wider block.
  if (auto Max = declaredMaxThreads(*Kernel, Ctx); Max && *Max <= 32)
    return BlockRows::Narrow;
  auto It = Launches.find(kernelKey(Kernel));
  if (It == Launches.end())
    return BlockRows::Unknown;
  const KernelBlocks &B = It->second;
  if (B.Unknown || B.Launches == 0 || B.References > B.Launches)
    return BlockRows::Unknown;
  if (B.AllNarrow)
    return BlockRows::Narrow;
  return B.AllRows32 ? BlockRows::Rows32 : BlockRows::Unknown;
}

// An explicit specialisation ('template<> void f(const at::Half *, ...)') runs where its template
// is called: a call reaches it only for its own arguments, and never when the parse dropped a type
// of its parameters (the declaration is then invalid and no longer linked to the template, so the
// template of that name in the same scope stands for it). The template's callers run it.
static const Decl *primaryTemplateKey(const Decl *D) {
  const auto *FD = dyn_cast<FunctionDecl>(D);
  if (!FD)
    return nullptr;
  if (FD->getTemplateSpecializationKind() == TSK_ExplicitSpecialization)
    if (const FunctionTemplateDecl *T = FD->getPrimaryTemplate())
      return T->getTemplatedDecl()->getCanonicalDecl();
  if (!FD->isInvalidDecl() || !FD->getDeclName())
    return nullptr;
  for (const NamedDecl *ND : FD->getDeclContext()->getRedeclContext()->lookup(FD->getDeclName()))
    if (const auto *T = dyn_cast<FunctionTemplateDecl>(ND))
      return T->getTemplatedDecl()->getCanonicalDecl();
  return nullptr;
}

// The kernels that run F: F itself, or the kernels its callers reach upwards. A function with no
// caller in the unit that is not a kernel is run by code the unit does not show.
BlockRows WarpModel::blockRows(const FunctionWarpFacts &F) {
  const Decl *Key = graphKey(F);
  if (auto It = RowsMemo.find(Key); It != RowsMemo.end())
    return It->second;
  BlockRows Result = BlockRows::Narrow;
  bool SawKernel = false;
  llvm::DenseSet<const Decl *> Seen{Key};
  llvm::SmallVector<const FunctionWarpFacts *, 8> Work{&F};
  while (!Work.empty() && Result != BlockRows::Unknown) {
    const FunctionWarpFacts *U = Work.pop_back_val();
    if (const auto *FD = dyn_cast<FunctionDecl>(U->D); FD && FD->hasAttr<CUDAGlobalAttr>()) {
      SawKernel = true;
      Result = std::min(Result, kernelRows(FD));
      continue;
    }
    auto Callers = CallersOf.find(graphKey(*U));
    if (Callers == CallersOf.end() || Callers->second.empty())
      if (const Decl *Template = primaryTemplateKey(U->D))
        Callers = CallersOf.find(Template);
    if (Callers == CallersOf.end() || Callers->second.empty()) {
      Result = BlockRows::Unknown;
      break;
    }
    for (const FunctionWarpFacts *C : Callers->second)
      if (Seen.insert(graphKey(*C)).second)
        Work.push_back(C);
  }
  if (!SawKernel)
    Result = BlockRows::Unknown;
  RowsMemo[Key] = Result;
  return Result;
}

} // namespace rocmtidy
