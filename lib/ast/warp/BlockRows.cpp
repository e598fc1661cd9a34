// Block widths from the unit's launches (ast/LaunchTally), or the project's for a kernel the unit
// only defines. A wavefront takes the threads of one block in order:
// with blocks 32 threads wide (or 16, 8, ...), lanes 0-31 of a 64-lane wavefront hold one row
// of the block and lanes 32-63 the next, so 'threadIdx.x' numbers the lanes of a 32-lane row, not
// of the wavefront, and code confined to 32 lanes keeps each row to itself. With blocks of at most
// 32 threads lanes 32-63 never run at all. Only what every launch of the kernel the unit shows
// says counts; a kernel named anywhere else (a pointer, a template's launch) may run with any
// block.

#include "ast/LaunchRecognizer.h"
#include "ast/StmtWalk.h"
#include "ast/ThreadIndex.h"
#include "ast/WarpModel.h"
#include "core/WarpTables.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace rocmtidy {

namespace {

// 'threadIdx.x', or a const local initialised from it ('const int thread = threadIdx.x'; a local
// that may be assigned again is not followed).
bool isThreadX(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (auto T = matchThreadIndex(E))
    return T->From == ThreadIndexRef::Source::ThreadIdx && T->Axis == 0;
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!V || !V->isLocalVarDecl() || !V->getType().isConstQualified() || !V->getInit())
    return false;
  auto T = matchThreadIndex(V->getInit()->IgnoreParenImpCasts());
  return T && T->From == ThreadIndexRef::Source::ThreadIdx && T->Axis == 0;
}

const VarDecl *localOf(const Expr *E) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  return V && V->isLocalVarDecl() ? V : nullptr;
}

// The locals a loop body adds into ('sum += v[c]').
void accumulators(const Stmt *Body, llvm::SmallPtrSetImpl<const VarDecl *> &Out) {
  walkStmts(Body, [&](const Stmt *S) {
    if (const auto *CA = dyn_cast<CompoundAssignOperator>(S); CA && CA->getOpcode() == BO_AddAssign)
      if (const VarDecl *V = localOf(CA->getLHS()))
        Out.insert(V);
    return StmtWalk::Continue;
  });
}

} // namespace

// A kernel that sums 'for (c = threadIdx.x; c < n; c += 32)' into a local and then shuffles that
// local is written for blocks 32 threads wide: with a wider block the lanes from 32 on would add
// the same elements again, on any GPU. So its rows are 32 lanes, as a launch with such a block
// would say (mmcv's correlation kernel, whose launch sits in a dispatch macro of a missing header).
bool WarpModel::sumsRowsOf32(const FunctionDecl &Kernel) {
  if (!Kernel.hasBody())
    return false;
  llvm::SmallPtrSet<const VarDecl *, 4> Sums;
  walkStmts(Kernel.getBody(), [&](const Stmt *S) {
    const auto *For = dyn_cast<ForStmt>(S);
    if (!For || !For->getInit() || !For->getInc() || !For->getBody())
      return StmtWalk::Continue;
    const VarDecl *Index = nullptr;
    if (const auto *DS = dyn_cast<DeclStmt>(For->getInit()); DS && DS->isSingleDecl())
      if (const auto *V = dyn_cast<VarDecl>(DS->getSingleDecl()); V && V->getInit() && isThreadX(V->getInit()))
        Index = V;
    const auto *Inc = dyn_cast<CompoundAssignOperator>(For->getInc());
    Expr::EvalResult Step;
    if (!Index || !Inc || Inc->getOpcode() != BO_AddAssign || localOf(Inc->getLHS()) != Index ||
        Inc->getRHS()->isValueDependent() || !Inc->getRHS()->EvaluateAsInt(Step, Ctx) || Step.Val.getInt() != 32)
      return StmtWalk::Continue;
    accumulators(For->getBody(), Sums);
    Sums.erase(Index);
    return StmtWalk::Continue;
  });
  if (Sums.empty())
    return false;
  return !walkStmts(Kernel.getBody(), [&](const Stmt *S) {
    const auto *CE = dyn_cast<CallExpr>(S);
    if (!CE || !warpTables().shuffle(calleeName(CE)))
      return StmtWalk::Continue;
    for (const Expr *Arg : CE->arguments()) {
      bool Reads = !walkStmts(Arg, [&](const Stmt *A) {
        const auto *E = dyn_cast<Expr>(A);
        return E && Sums.count(localOf(E)) ? StmtWalk::Stop : StmtWalk::Continue;
      });
      if (Reads)
        return StmtWalk::Stop;
    }
    return StmtWalk::Continue;
  });
}

BlockRows WarpModel::kernelRows(const FunctionDecl *Kernel, bool &WarpNamed) {
  // '__launch_bounds__(32)': no launch can give it a wider block.
  if (auto Max = declaredMaxThreads(*Kernel, Ctx); Max && *Max <= 32)
    return BlockRows::Narrow;
  std::optional<KernelLaunches> B;
  if (const LaunchTally::Entry *E = Tally.find(Kernel)) {
    if (E->complete())
      B = E->Blocks;
  } else if (LaunchesElsewhere) {
    // A kernel this unit only defines: what its launches in the project's other files say.
    B = LaunchesElsewhere(*Kernel);
    if (B && (B->Unknown || B->Launches == 0))
      B.reset();
  }
  // No launch that says: the kernel's own loops may.
  if (!B)
    return sumsRowsOf32(*Kernel) ? BlockRows::Rows32 : BlockRows::Unknown;
  WarpNamed = B->WarpNamedNarrow;
  if (B->AllNarrow)
    return BlockRows::Narrow;
  return B->AllRows32 ? BlockRows::Rows32 : BlockRows::Unknown;
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
    return It->second.first;
  BlockRows Result = BlockRows::Narrow;
  bool SawKernel = false, WarpNamed = false;
  llvm::DenseSet<const Decl *> Seen{Key};
  llvm::SmallVector<const FunctionWarpFacts *, 8> Work{&F};
  while (!Work.empty() && Result != BlockRows::Unknown) {
    const FunctionWarpFacts *U = Work.pop_back_val();
    if (const auto *FD = dyn_cast<FunctionDecl>(U->D); FD && FD->hasAttr<CUDAGlobalAttr>()) {
      SawKernel = true;
      bool Named = false;
      Result = std::min(Result, kernelRows(FD, Named));
      WarpNamed = WarpNamed || Named;
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
  RowsMemo[Key] = {Result, WarpNamed};
  return Result;
}

bool WarpModel::narrowOnlyAsWarp(const FunctionWarpFacts &F) {
  return blockRows(F) == BlockRows::Narrow && RowsMemo[graphKey(F)].second;
}

} // namespace rocmtidy
