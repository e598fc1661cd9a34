#include "ast/WarpModel.h"

#include "ast/warp/BodyScanner.h"
#include "ast/warp/WarpExprs.h"
#include "clang/AST/DeclTemplate.h"

using namespace clang;

namespace rocmtidy {

WarpModel::WarpModel(ASTContext &Ctx, const llvm::Regex &NameRegex, const PlatformGuards &Guards)
    : Ctx(Ctx), NameRegex(NameRegex), Guards(Guards), Tally(Ctx, &NameRegex) {}
WarpModel::~WarpModel() = default;

const Decl *WarpModel::graphKey(const FunctionWarpFacts &F) {
  const auto *FD = dyn_cast<FunctionDecl>(F.D);
  if (!FD)
    return F.D->getCanonicalDecl();
  if (const FunctionDecl *Pattern = F.Instantiation ? FD->getTemplateInstantiationPattern() : nullptr)
    FD = Pattern;
  return FD->getCanonicalDecl();
}

bool WarpModel::feedsMatrixCore(const FunctionWarpFacts &F) {
  if (F.MatrixCore)
    return true;
  auto Callers = CallersOf.find(graphKey(F));
  return Callers != CallersOf.end() &&
         llvm::any_of(Callers->second, [](const FunctionWarpFacts *C) { return C->MatrixCore; });
}

bool WarpModel::isWarpSizeName(StringRef Name) const {
  if (Name.empty() || !NameRegex.isValid())
    return false;
  auto [It, New] = NameVerdicts.try_emplace(Name, false);
  if (New)
    It->second = NameRegex.match(Name);
  return It->second;
}

void WarpModel::addFunction(const Decl *D, const Stmt *Body) { add(D, Body, nullptr); }

void WarpModel::scan(FunctionWarpFacts &F) {
  WarpBodyScanner(*this, F).run();
  if (!F.Instantiation) {
    if (F.HasBallot)
      findTileVotes(F);
    return;
  }
  // An instantiation repeats its template: keep what the template arguments decide, and what
  // connects it to other code (its calls, its full-wavefront operations, its widths).
  llvm::erase_if(F.Groupings,
                 [](const LaneGrouping32 &G) { return !G.Origin.InstantiatedAt.isValid() && !G.ChosenBranch; });
  F.HardwareGroupings.clear();
  F.Width32FromWarpSize.clear();
  F.Width32Reductions.clear();
  F.ShortReductions.clear();
  F.RowShuffles.clear();
  F.LaneGathers32.clear();
  F.GroupShuffles.clear();
  F.WarpSizeTests.clear();
  F.NarrowMasks.clear();
  F.FragmentOps.clear();
  F.Wave32Builtins.clear();
  F.BranchBarriers.clear();
  llvm::erase_if(F.FragmentTiles, [&](const FunctionWarpFacts::FragmentTile &T) {
    return llvm::none_of(F.Groupings, [&](const LaneGrouping32 &G) { return G.Op == T.By; });
  });
  F.NarrowMaskTypes.clear();
  F.MaskAsValue.clear();
  // NarrowBitOps and NarrowCasts: a narrowing the template's own parse saw is its finding; one
  // where its argument was dependent is the instantiation's (analyseInstantiations keeps those).
  F.NarrowLaneBits.clear();
  F.WidenedLaneBits.clear();
  F.WideAmountBits.clear();
  F.ShortArrays.clear();
  F.WideStarts.clear();
  F.LaneStrides.clear();
  F.WrapperMasks.clear();
  F.ArgSeeds.clear();
}

FunctionWarpFacts *WarpModel::add(const Decl *D, const Stmt *Body, const FunctionDecl *Instantiation) {
  if (!Body)
    return nullptr;
  auto F = std::make_unique<FunctionWarpFacts>();
  F->D = D;
  F->Body = Body;
  F->Instantiation = Instantiation;
  scan(*F);
  FunctionWarpFacts *P = F.get();
  Bodies[graphKey(*P)].push_back(P);
  if (const auto *FD = dyn_cast<FunctionDecl>(D); FD && !Instantiation)
    ByDecl.try_emplace(FD->getCanonicalDecl(), P);
  for (const FunctionDecl *Callee : P->Callees)
    CallersOf[Callee].push_back(P);
  Functions.push_back(std::move(F));
  return P;
}

void WarpModel::finish() {
  analyseInstantiations();
  seedHelpers();
  applyCallSummaries();
  FullOpMemo.clear();
  HardwareMemo.clear();
  LogicalMemo.clear();
  Grouping32Memo.clear();
}

llvm::SmallVector<const FunctionDecl *, 8> instancesOf(const FunctionDecl *FD) {
  llvm::SmallVector<const FunctionDecl *, 8> Instances;
  const FunctionTemplateDecl *FTD = FD->getDescribedFunctionTemplate();
  if (FTD)
    llvm::append_range(Instances, FTD->specializations());
  const auto *MD = dyn_cast<CXXMethodDecl>(FD);
  const ClassTemplateDecl *CTD = MD ? MD->getParent()->getDescribedClassTemplate() : nullptr;
  if (!CTD)
    return Instances;
  for (const ClassTemplateSpecializationDecl *Spec : CTD->specializations())
    for (const Decl *D : Spec->decls()) {
      if (const auto *M = dyn_cast<CXXMethodDecl>(D); M && !FTD && M->getInstantiatedFromMemberFunction() == MD)
        Instances.push_back(M);
      const auto *MT = dyn_cast<FunctionTemplateDecl>(D);
      const FunctionTemplateDecl *From = MT ? MT->getInstantiatedFromMemberTemplate() : nullptr;
      if (FTD && From && From->getCanonicalDecl() == FTD->getCanonicalDecl())
        llvm::append_range(Instances, MT->specializations());
    }
  return Instances;
}

// Templates whose lane arithmetic uses a template argument: each instantiation once.
void WarpModel::analyseInstantiations() {
  size_t Patterns = Functions.size();
  for (size_t I = 0; I < Patterns; ++I) {
    FunctionWarpFacts &F = *Functions[I];
    const auto *FD = dyn_cast<FunctionDecl>(F.D);
    if (!F.DependentCandidate || !FD)
      continue;
    llvm::SmallVector<const FunctionDecl *, 8> Instances = instancesOf(FD);
    llvm::SmallVector<FunctionWarpFacts *, 8> Added;
    // A template instantiated with 32 and with 64 for the same parameter is written for both
    // widths (the host picks one per device): its 32 is no assumption.
    llvm::DenseMap<unsigned, std::pair<bool, bool>> Widths;
    for (const FunctionDecl *Spec : Instances) {
      const TemplateArgumentList *Args = Spec->getTemplateSpecializationArgs();
      if (!Args)
        if (const auto *CTS = dyn_cast<ClassTemplateSpecializationDecl>(Spec->getParent()))
          Args = &CTS->getTemplateArgs();
      for (unsigned I = 0; Args && I < Args->size(); ++I)
        if (Args->get(I).getKind() == TemplateArgument::Integral) {
          llvm::APSInt V = Args->get(I).getAsIntegral();
          Widths[I].first |= V == 32;
          Widths[I].second |= V == 64;
        }
      // 'template __global__ void k<32>(...);' compiles the body for its arguments as a use does.
      TemplateSpecializationKind Kind = Spec->getTemplateSpecializationKind();
      if ((Kind == TSK_ImplicitInstantiation || Kind == TSK_ExplicitInstantiationDefinition) && Spec->hasBody() &&
          Spec->getBody() != F.Body)
        if (FunctionWarpFacts *P = add(Spec, Spec->getBody(), Spec)) {
          auto Kept = [&](const Expr *E) { return llvm::is_contained(F.DependentMaskSites, E->getBeginLoc()); };
          llvm::erase_if(P->NarrowBitOps, [&](const auto &B) { return !Kept(B.first); });
          llvm::erase_if(P->NarrowCasts, [&](const NarrowValue &N) { return !Kept(N.Source); });
          Added.push_back(P);
        }
    }
    if (llvm::any_of(Widths, [](const auto &W) { return W.second.first && W.second.second; }))
      for (FunctionWarpFacts *P : Added)
        P->Groupings.clear();
  }
}

// Helpers given thread indices by their callers: analysed again with those parameters known,
// a few rounds deep (a helper passing its parameter on).
void WarpModel::seedHelpers() {
  for (unsigned Round = 0; Round < 3; ++Round) {
    llvm::DenseMap<FunctionWarpFacts *, llvm::DenseMap<const ParmVarDecl *, ParamSeed>> New;
    for (const auto &FP : Functions)
      for (const FunctionWarpFacts::ArgSeed &A : FP->ArgSeeds) {
        FunctionWarpFacts *G = ByDecl.lookup(A.Callee);
        const auto *FD = G ? dyn_cast<FunctionDecl>(G->D) : nullptr;
        if (!FD || A.Index >= FD->getNumParams())
          continue;
        const ParmVarDecl *P = FD->getParamDecl(A.Index);
        if (G->Seeds.count(P))
          continue;
        // Callers that disagree (a thread index here, a lane number there) keep the first.
        New[G].try_emplace(P, A.Seed);
      }
    if (New.empty())
      break;
    for (auto &[G, Seeds] : New) {
      auto Kept = std::move(G->Seeds);
      FunctionWarpFacts Fresh;
      Fresh.D = G->D;
      Fresh.Body = G->Body;
      Fresh.Seeds = std::move(Kept);
      for (auto &[P, S] : Seeds)
        Fresh.Seeds.try_emplace(P, S);
      *G = std::move(Fresh);
      scan(*G);
    }
  }
}

template <class PredT> bool WarpModel::anyConnected(const FunctionWarpFacts &F, PredT Pred, bool WithCallers) {
  // Callees (transitively) of F and of every caller of F (transitively): the code that runs in
  // the same kernels as F.
  llvm::DenseSet<const FunctionWarpFacts *> Seen, SeenUp;
  llvm::SmallVector<const FunctionWarpFacts *, 8> Up{&F}, Down;
  SeenUp.insert(&F);
  while (!Up.empty()) {
    const FunctionWarpFacts *U = Up.pop_back_val();
    Down.push_back(U);
    if (!WithCallers)
      continue;
    if (auto C = CallersOf.find(graphKey(*U)); C != CallersOf.end())
      for (FunctionWarpFacts *Caller : C->second)
        if (SeenUp.insert(Caller).second)
          Up.push_back(Caller);
  }
  while (!Down.empty()) {
    const FunctionWarpFacts *G = Down.pop_back_val();
    if (!Seen.insert(G).second)
      continue;
    if (Pred(*G))
      return true;
    for (const FunctionDecl *Callee : G->Callees)
      if (auto It = Bodies.find(Callee); It != Bodies.end())
        for (FunctionWarpFacts *C : It->second)
          if (!Seen.contains(C))
            Down.push_back(C);
  }
  return false;
}

const CrossLaneOp *WarpModel::fullOpMet(const FunctionWarpFacts &F) {
  if (!F.FullOps.empty())
    return &F.FullOps.front();
  if (auto It = FullOpMemo.find(&F); It != FullOpMemo.end())
    return It->second;
  const CrossLaneOp *Found = nullptr;
  // A routine whose own shuffles stay inside 32-lane groups (offsets below 32, widths of 32 or
  // less) keeps its lane groups to itself: what its callers do across the wavefront does not
  // reach them, only what it calls.
  // The same holds for one whose cross-lane work is a call of such a routine (a 32-lane scan
  // helper) and which has no wavefront-wide operation of its own.
  auto Confined = [](const FunctionWarpFacts &G) { return G.Confined32 || G.HasLogicalWidth; };
  bool SelfContained = Confined(F) || llvm::any_of(F.Callees, [&](const FunctionDecl *Callee) {
                         auto It = Bodies.find(Callee);
                         return It != Bodies.end() && llvm::any_of(It->second, [&](const FunctionWarpFacts *G) {
                                  return Confined(*G) && G->FullOps.empty();
                                });
                       });
  anyConnected(
      F,
      [&](const FunctionWarpFacts &G) {
        if (G.FullOps.empty())
          return false;
        Found = &G.FullOps.front();
        return true;
      },
      !SelfContained);
  FullOpMemo[&F] = Found;
  return Found;
}

template <class PredT>
static bool memoized(llvm::DenseMap<const FunctionWarpFacts *, bool> &Memo, const FunctionWarpFacts &F, PredT Compute) {
  if (auto It = Memo.find(&F); It != Memo.end())
    return It->second;
  bool R = Compute();
  Memo[&F] = R;
  return R;
}

bool WarpModel::meetsHardwareGrouping(const FunctionWarpFacts &F) {
  return memoized(HardwareMemo, F, [&] {
    return anyConnected(F, [](const FunctionWarpFacts &G) { return !G.HardwareGroupings.empty(); });
  });
}

bool WarpModel::meetsLogicalWidth(const FunctionWarpFacts &F) {
  return memoized(LogicalMemo, F,
                  [&] { return anyConnected(F, [](const FunctionWarpFacts &G) { return G.HasLogicalWidth; }); });
}

bool WarpModel::meetsGrouping32(const FunctionWarpFacts &F) {
  return memoized(Grouping32Memo, F,
                  [&] { return anyConnected(F, [](const FunctionWarpFacts &G) { return !G.Groupings.empty(); }); });
}

} // namespace rocmtidy
