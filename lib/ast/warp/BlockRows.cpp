// Block widths from the unit's launches (ast/LaunchTally), or the project's for a kernel the unit
// only defines. A wavefront takes the threads of one block in order:
// with blocks 32 threads wide (or 16, 8, ...), lanes 0-31 of a 64-lane wavefront hold one row
// of the block and lanes 32-63 the next, so 'threadIdx.x' numbers the lanes of a 32-lane row, not
// of the wavefront, and code confined to 32 lanes keeps each row to itself. With blocks of at most
// 32 threads lanes 32-63 never run at all. Only what every launch of the kernel the unit shows
// says counts; a kernel named anywhere else (a pointer, a template's launch) may run with any
// block.

#include "ast/LaunchRecognizer.h"
#include "ast/WarpModel.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace rocmtidy {

BlockRows WarpModel::kernelRows(const FunctionDecl *Kernel, bool &WarpNamed) {
  // '__launch_bounds__(32)': no launch can give it a wider block.
  if (auto Max = declaredMaxThreads(*Kernel, Ctx); Max && *Max <= 32)
    return BlockRows::Narrow;
  std::optional<KernelLaunches> B;
  if (const LaunchTally::Entry *E = Tally.find(Kernel)) {
    if (!E->complete())
      return BlockRows::Unknown;
    B = E->Blocks;
  } else if (LaunchesElsewhere) {
    // A kernel this unit only defines: what its launches in the project's other files say.
    B = LaunchesElsewhere(*Kernel);
    if (!B || B->Unknown || B->Launches == 0)
      return BlockRows::Unknown;
  } else {
    return BlockRows::Unknown;
  }
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
