// Shuffles: the width each one covers, the offsets its loop takes, and the reductions and scans
// that stop at 16 on the default (wavefront) width.

#include "ast/Compat.h"
#include "ast/StmtWalk.h"
#include "ast/warp/BodyScanner.h"
#include "ast/warp/WarpExprs.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace rocmtidy {

using namespace warp;

void WarpBodyScanner::shuffle(const CallExpr *CE, const ShuffleInfo &S) {
  // '__shfl_down(0xffffffff, v, o)': a *_sync call with the suffix dropped.
  if (!S.isSync() && explicitArg(CE, S.WidthArg) && explicitArg(CE, 0) && isNarrowFullMask(CE->getArg(0), Ctx) &&
      integerLiteralValue(CE->getArg(0))) {
    F.MaskAsValue.push_back(CE);
    return;
  }
  const bool MaskKept = S.isSync() && !projectOverloadDropsMask(CE);
  if (MaskKept && !narrowFullMask(CE, S.Name) && explicitArg(CE, 0) &&
      (isNarrowMaskValue(CE->getArg(0)) || isNarrowMaskType(CE->getArg(0))))
    F.NarrowMaskTypes.push_back({CE, S.Name});
  const Expr *Lane = explicitArg(CE, S.LaneArg);
  if (!Lane)
    return;
  if (const Expr *W = explicitArg(CE, S.WidthArg)) {
    explicitWidth(CE, S, W);
    return;
  }
  DefaultWidth.push_back({CE, &S});
  rowShuffle(CE, S, Lane);
  // The default width is the wavefront. The operation stays inside aligned groups of 32 lanes
  // when it is a xor below 32; a shift down by less than 32 reads across the boundary only into
  // lanes whose results a 32-lane reduction does not use, and a shift up only into lanes a 32-lane
  // scan discards ('if (lane >= k)', 'if ((lane & 15) == 8)' after a shift by 8). Loop counters
  // are settled later.
  if (S.Op != ShuffleInfo::Kind::Index) {
    if (auto V = evaluate(Lane); V && *V >= 0 && *V < 32) {
      F.Confined32 = true;
      return;
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(Lane->IgnoreParenImpCasts()))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl())) {
        ByCounter.push_back({CE, VD});
        return;
      }
    // Another computed offset ('1 << i', a parameter) of a xor or a shift down: over the
    // wavefront only if it comes from warpSize. Unknown offsets do not count: precision first.
    if (S.Op != ShuffleInfo::Kind::Up && !mentionsWarpSize(Lane))
      return;
  }
  F.FullOps.push_back({CE, calleeName(CE)});
}

// A shuffle given its width: the wavefront (warpSize, 64), or a segment of 32 lanes or fewer.
void WarpBodyScanner::explicitWidth(const CallExpr *CE, const ShuffleInfo &S, const Expr *W) {
  widthParameter(W);
  if (mentionsWarpSize(W)) {
    F.FullOps.push_back({CE, calleeName(CE)});
    DefaultWidth.push_back({CE, &S});
    rowShuffle(CE, S, CE->getArg(S.LaneArg));
    return;
  }
  if (W->isValueDependent()) {
    F.HasLogicalWidth = true;
    return;
  }
  auto V = evaluate(W);
  if (!V)
    return;
  if (*V >= 64) {
    F.FullOps.push_back({CE, calleeName(CE)});
    DefaultWidth.push_back({CE, &S});
    rowShuffle(CE, S, CE->getArg(S.LaneArg));
    return;
  }
  F.HasLogicalWidth = true;
  if (*V == 32 && W->IgnoreParenImpCasts()->getBeginLoc().isValid())
    Width32.push_back({CE, &S});
}

// 'hipcub::ShuffleIndex<32>(v, src, mask)': a library shuffle whose width is its template's first
// argument, read as a shuffle given that width.
bool WarpBodyScanner::templateWidthShuffle(const CallExpr *CE) {
  const FunctionDecl *FD = CE->getDirectCallee();
  const TemplateArgumentList *Args = FD ? FD->getTemplateSpecializationArgs() : nullptr;
  const ShuffleInfo *S = Args && Args->size() > 0 ? T.templateWidthShuffle(FD->getQualifiedNameAsString()) : nullptr;
  if (!S)
    return false;
  const TemplateArgument &W = Args->get(0);
  if (W.getKind() != TemplateArgument::Integral || !explicitArg(CE, S->LaneArg) ||
      M.Guards.at(CE->getBeginLoc(), SM) == Platform::CudaOnly)
    return true;
  uint64_t Width = W.getAsIntegral().getLimitedValue();
  if (Width >= 64) {
    F.FullOps.push_back({CE, FD->getName()});
    return true;
  }
  F.HasLogicalWidth = true;
  if (Width == 32)
    Width32.push_back({CE, S});
  return true;
}

// A wavefront-wide shuffle from a source lane below 32: a constant ('__shfl(v, 0)'), or a lane
// of a 32-lane group ('(threadIdx.x + 1) & 31'). Where blocks are 32 threads wide, lanes 32-63
// are the next row of the block, and they read this row's lanes.
void WarpBodyScanner::rowShuffle(const CallExpr *CE, const ShuffleInfo &S, const Expr *Lane) {
  if (S.Op != ShuffleInfo::Kind::Index || !Lane || Lane->isValueDependent())
    return;
  const auto *FD = dyn_cast<FunctionDecl>(F.D);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Lane->IgnoreParenImpCasts()); DRE && FD)
    if (const auto *P = dyn_cast<ParmVarDecl>(DRE->getDecl());
        P && P->getDeclContext() == FD && !llvm::is_contained(F.SourceLaneParams, P->getFunctionScopeIndex()))
      F.SourceLaneParams.push_back(P->getFunctionScopeIndex());
  if (auto V = evaluate(Lane)) {
    if (*V >= 0 && *V < 32)
      F.RowShuffles.push_back(CE);
    return;
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Lane->IgnoreParenImpCasts()))
    for (const CountedBy &L : loopsCounting(DRE->getDecl())) {
      if (L.Bound->isValueDependent() || mentionsWarpSize(L.Bound) ||
          !stepsByOne(L.Loop->getInc(), cast<VarDecl>(DRE->getDecl())) || evaluate(L.Start) != 0)
        continue;
      if (auto B = evaluate(L.Bound); B && *B + (L.Inclusive ? 1 : 0) == 32)
        LaneGatherCandidates.push_back({CE, L.Bound});
    }
  const Expr *Base = alignedLaneBase(Lane);
  if (analysis().classify(Base) == ThreadValue::LaneId && !reaches63(Base))
    F.RowShuffles.push_back(CE);
  else if (const auto *DRE = dyn_cast<DeclRefExpr>(Lane->IgnoreParenImpCasts()); DRE && isa<VarDecl>(DRE->getDecl()))
    ShuffleFromVariable.push_back({CE, DRE->getDecl()}); // settled with the body's comparisons
}

// The lane a source lane moves inside an aligned block of lanes ('lane ^ 1', '(lane & ~3) + k' with
// k below 4, 'lane & ~7'): such a lane stays in the 32-lane group its base lane is in. Otherwise
// the source lane itself.
const Expr *WarpBodyScanner::alignedLaneBase(const Expr *Lane) {
  const auto *BO = dyn_cast<BinaryOperator>(Lane->IgnoreParenImpCasts());
  if (!BO)
    return Lane;
  auto Constant = [&](const Expr *X) { return X->isValueDependent() ? std::nullopt : constantValue(X, Ctx); };
  if (BO->getOpcode() == BO_Xor)
    if (auto C = Constant(BO->getRHS()); C && *C >= 0 && *C < 32)
      return BO->getLHS();
  if (BO->getOpcode() == BO_And && Constant(BO->getRHS()))
    return BO->getLHS();
  if (BO->getOpcode() != BO_Add && BO->getOpcode() != BO_Or)
    return Lane;
  // '(base & ~m) + x': x must stay below the aligned block.
  const auto *Masked = dyn_cast<BinaryOperator>(BO->getLHS()->IgnoreParenImpCasts());
  auto Mask = Masked && Masked->getOpcode() == BO_And ? Constant(Masked->getRHS()) : std::nullopt;
  if (!Mask || *Mask == 0)
    return Lane;
  uint64_t Bits = static_cast<uint64_t>(*Mask);
  int64_t Block = static_cast<int64_t>(Bits & (~Bits + 1)); // the lowest bit the mask keeps
  std::optional<int64_t> Largest = Constant(BO->getRHS());
  if (const auto *DRE = dyn_cast<DeclRefExpr>(BO->getRHS()->IgnoreParenImpCasts()); !Largest && DRE)
    for (const CountedBy &L : loopsCounting(DRE->getDecl()))
      if (Constant(L.Start).value_or(-1) >= 0)
        if (auto B = Constant(L.Bound))
          Largest = *B - (L.Inclusive ? 0 : 1);
  return Largest && *Largest >= 0 && *Largest < Block ? Masked->getLHS() : Lane;
}

// The body's for-loops that count Counter from a start to a bound ('for (int i = 0; i < 32; ++i)',
// or 'for (i = 0; ...)' of an outer local), with that start and bound.
llvm::SmallVector<WarpBodyScanner::CountedBy, 2> WarpBodyScanner::loopsCounting(const Decl *Counter) {
  llvm::SmallVector<CountedBy, 2> Loops;
  for (const ForStmt *FS : CountedLoops) {
    auto [VD, Start] = loopStart(FS);
    bool Inclusive = false;
    if (const Expr *Bound = VD && VD == Counter ? loopBound(FS, VD, Inclusive) : nullptr)
      Loops.push_back({FS, Start, Bound, Inclusive});
  }
  return Loops;
}

// A call of the unit's broadcast helper with a source lane below 32 ('warpBroadcast(x, 0)') is
// that helper's wavefront-wide shuffle from the caller's point of view. The helper is defined
// before its callers in the usual header order; one defined later is not seen here.
void WarpBodyScanner::broadcastCall(const CallExpr *CE) {
  const FunctionDecl *Callee = CE->getDirectCallee();
  const FunctionWarpFacts *G = Callee ? M.definition(Callee) : nullptr;
  if (!G || G == &F)
    return;
  for (unsigned I : G->SourceLaneParams)
    if (I < CE->getNumArgs())
      if (auto V = evaluate(CE->getArg(I)); V && *V >= 0 && *V < 32) {
        F.RowShuffles.push_back(CE);
        return;
      }
}

// Code that numbers its lanes within warps of 32 and broadcasts from a lane below 32 over the
// default width: on CUDA each warp reads its own lane, on a 64-lane wavefront lanes 32-63 read the
// lower warp's. Code written for the wavefront has no such numbering; a test that only the first
// warp of 32 passes ('threadIdx.x < 32') leaves lanes 32-63 idle, so no lane reads across.
void WarpBodyScanner::settleGroupShuffles() {
  // 'if (lane == joinRow) ...' beside '__shfl(v, joinRow)', with 'lane' a number within a warp of
  // 32 ('tid & 31', directly or through a local): the source is a lane of a warp of 32.
  llvm::DenseSet<const ValueDecl *> Lane32Names;
  for (auto [Lane, D] : ComparedWithLane) {
    if (ShuffleFromVariable.empty())
      break; // no shuffle asks: the reaching definitions are not computed
    const Expr *Def = Lane;
    if (isa<DeclRefExpr>(Lane))
      if (const Expr *Single = analysis().singleDefinition(Lane))
        Def = Single->IgnoreParenImpCasts();
    if (llvm::any_of(F.Groupings, [&](const LaneGrouping32 &G) {
          return G.Op == Def && (G.K == LaneGrouping32::LaneMask || G.K == LaneGrouping32::LaneModulo);
        }))
      Lane32Names.insert(D);
  }
  for (auto [CE, D] : ShuffleFromVariable)
    if (Lane32Names.contains(D))
      F.RowShuffles.push_back(CE);
  if (F.RowShuffles.empty())
    return;
  if (llvm::none_of(F.Groupings, [](const LaneGrouping32 &G) { return G.numbersLanes(); }))
    return;
  for (const CallExpr *CE : F.RowShuffles)
    if (!inWidth32Only(CE->getBeginLoc()) && !underOneGroup(CE))
      F.GroupShuffles.push_back(CE);
}

// A loop that reads lanes 0-31 one by one over the whole wavefront is wrong wherever lanes 32-63
// run: they are never read, and in code numbering warps of 32 the upper warp reads the lower one.
// Code only the first 32 threads take, or a branch kept for 32-lane widths, has no lanes 32-63.
void WarpBodyScanner::settleLaneGathers() {
  for (const FunctionWarpFacts::LaneGather &G : LaneGatherCandidates) {
    SourceLocation Loc = G.Call->getBeginLoc();
    bool InDispatch =
        llvm::any_of(WidthDispatch, [&](SourceRange R) { return SM.isPointWithin(Loc, R.getBegin(), R.getEnd()); });
    if (!InDispatch && !inWidth32Only(Loc) && !underOneGroup(G.Call))
      F.LaneGathers32.push_back(G);
  }
}

// The number of warps of a block: 'NT / 32', 'blockDim.x >> 5', or a constant local holding one. A
// block has at most 1024 threads, so at most 32.
bool WarpBodyScanner::isWarpCountBound(const Expr *B) {
  B = B->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(B))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()); VD && VD->getType().isConstQualified() && VD->getInit())
      B = VD->getInit()->IgnoreParenImpCasts();
  const auto *Div = dyn_cast<BinaryOperator>(B);
  if (!Div || (Div->getOpcode() != BO_Div && Div->getOpcode() != BO_Shr))
    return false;
  // Dividing by more than 32 ('(n + 63) / 64' with a 64-lane WARP_SIZE) only lowers the count.
  std::optional<int64_t> By = evaluate(Div->getRHS());
  return By && (Div->getOpcode() == BO_Div ? *By >= 32 : *By >= 5);
}

static bool isZeroValue(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *FL = dyn_cast<FloatingLiteral>(E))
    return FL->getValue().isZero();
  return isLit(E, 0);
}

// The shuffled value of CE is a local that only threads 0-31 hold ('v = tid < nwarps ? part[tid] :
// 0' with at most 32 warps) and that changes only by adding shuffled copies of itself: lanes 32-63
// add zero, so a shuffle-down tree over 32 lanes gives lane 0 the whole sum.
bool WarpBodyScanner::zeroBeyondFirstThreads(const CallExpr *CE) {
  const ShuffleInfo *S = T.shuffle(calleeName(CE));
  if (!S || S->Op != ShuffleInfo::Kind::Down || S->LaneArg == 0 || CE->getNumArgs() <= S->LaneArg)
    return false;
  const auto *DRE = dyn_cast<DeclRefExpr>(CE->getArg(S->LaneArg - 1)->IgnoreParenImpCasts());
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!VD || isa<ParmVarDecl>(VD) || !VD->hasLocalStorage() || !VD->getInit())
    return false;
  const auto *CO = dyn_cast<ConditionalOperator>(VD->getInit()->IgnoreParenImpCasts());
  if (!CO || !isZeroValue(CO->getFalseExpr()) || !oneGroupTakes(CO->getCond(), true))
    return false;
  return walkStmts(F.Body, [&](const Stmt *St) {
    if (const auto *UO = dyn_cast<UnaryOperator>(St);
        UO && UO->getOpcode() == UO_AddrOf && refersTo(UO->getSubExpr(), VD))
      return StmtWalk::Stop;
    const auto *BO = dyn_cast<BinaryOperator>(St);
    if (!BO || !BO->isAssignmentOp() || !refersTo(BO->getLHS(), VD))
      return StmtWalk::Continue;
    const auto *Call = dyn_cast<CallExpr>(BO->getRHS()->IgnoreParenImpCasts());
    const ShuffleInfo *Added = Call ? T.shuffle(calleeName(Call)) : nullptr;
    bool AddsOwnCopy = BO->getOpcode() == BO_AddAssign && Added && Added->Op == ShuffleInfo::Kind::Down &&
                       Call->getNumArgs() > Added->LaneArg && refersTo(Call->getArg(Added->LaneArg - 1), VD);
    return AddsOwnCopy ? StmtWalk::Continue : StmtWalk::Stop;
  });
}

// A branch that one warp of 32 takes at most: 'warp == 0' with a warp number, or a thread index
// below a constant of at most 32 or below the block's number of warps. FirstThreadsOnly: only the
// thread-index bounds, where the lanes taking the branch are 0-31 of the first wavefront ('warp'
// may number 64-lane wavefronts).
bool WarpBodyScanner::oneGroupTakes(const Expr *Cond, bool FirstThreadsOnly) {
  const auto *BO = dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts());
  if (!BO)
    return false;
  if (BO->getOpcode() == BO_LAnd)
    return oneGroupTakes(BO->getLHS(), FirstThreadsOnly) || oneGroupTakes(BO->getRHS(), FirstThreadsOnly);
  if (!BO->isComparisonOp() || BO->getOpcode() == BO_NE)
    return false;
  for (bool Swap : {false, true}) {
    const Expr *Value = Swap ? BO->getRHS() : BO->getLHS();
    const Expr *Bound = Swap ? BO->getLHS() : BO->getRHS();
    auto C = evaluate(Bound);
    if (!C && isWarpCountBound(Bound))
      C = 32;
    if (!C || Value->isValueDependent())
      continue;
    ThreadValue V = analysis().classify(Value);
    // A helper's 'tid' parameter that no caller in the unit seeds is a thread index by its name
    // (the answer only quiets findings).
    if (const auto *DRE = dyn_cast<DeclRefExpr>(Value->IgnoreParenImpCasts()); V == ThreadValue::None && DRE)
      if (const auto *P = dyn_cast<ParmVarDecl>(DRE->getDecl());
          P && P->getIdentifier() && (P->getName() == "tid" || P->getName() == "thread_id"))
        V = ThreadValue::ThreadIndex;
    if (V == ThreadValue::WarpId && BO->getOpcode() == BO_EQ && !FirstThreadsOnly)
      return true;
    bool Below = Swap ? (BO->getOpcode() == BO_GT || BO->getOpcode() == BO_GE)
                      : (BO->getOpcode() == BO_LT || BO->getOpcode() == BO_LE);
    if (V == ThreadValue::ThreadIndex && (Below || BO->getOpcode() == BO_EQ) && *C <= 32)
      return true;
    // 'lane < 32' with a lane of the wavefront ('tid % 64', '__lane_id()'): lanes 0-31 of each
    // wavefront, so lanes 32-63 take no part, as under a thread bound.
    if (FirstThreadsOnly && Below && *C <= 32 && reaches63(Value))
      return true;
  }
  return false;
}

// S lies in the branch of an 'if', a loop or a '?:' that one warp of 32 takes at most.
bool WarpBodyScanner::underOneGroup(const Stmt *S) {
  DynTypedNode Node = DynTypedNode::create(*S);
  for (unsigned Depth = 0; Depth < 64; ++Depth) {
    auto Parents = Ctx.getParents(Node);
    if (Parents.empty())
      return false;
    Node = Parents[0];
    const Stmt *P = Node.get<Stmt>();
    if (!P && Node.get<VarDecl>())
      continue; // an initialiser: on to its declaration statement
    if (!P || P == F.Body)
      return false;
    const Expr *Cond = nullptr;
    if (const auto *IS = dyn_cast<IfStmt>(P); IS && IS->getThen() == S)
      Cond = IS->getCond();
    else if (const auto *WS = dyn_cast<WhileStmt>(P))
      Cond = WS->getCond();
    else if (const auto *CO = dyn_cast<ConditionalOperator>(P); CO && CO->getTrueExpr() == S)
      Cond = CO->getCond();
    if (Cond && oneGroupTakes(Cond))
      return true;
    S = P;
  }
  return false;
}

static bool ownTemplateParameter(const FunctionDecl *FD, const NonTypeTemplateParmDecl *TP) {
  const TemplateParameterList *Params = FD->getDescribedFunctionTemplate()->getTemplateParameters();
  return TP->getIndex() < Params->size() && Params->getParam(TP->getIndex()) == TP;
}

// A halving loop's start written from the function template's own parameter ('warp_size',
// 'warp_size / 2', 'warp_size >> 1'): the largest start its instantiations give, or the default
// argument's when the unit instantiates none. Unknown when one instantiation's value is not known.
std::optional<int64_t> WarpBodyScanner::templateStart(const Expr *Start) {
  const auto *FD = dyn_cast<FunctionDecl>(F.D);
  if (!FD || !FD->getDescribedFunctionTemplate() || !Start->isValueDependent())
    return std::nullopt;
  const Expr *E = Start->IgnoreParenImpCasts();
  unsigned Shift = 0;
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    auto R = integerLiteralValue(BO->getRHS());
    if (!R || !((BO->getOpcode() == BO_Div && *R == 2) || (BO->getOpcode() == BO_Shr && *R == 1)))
      return std::nullopt;
    Shift = 1;
    E = BO->getLHS()->IgnoreParenImpCasts();
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  const auto *TP = DRE ? dyn_cast<NonTypeTemplateParmDecl>(DRE->getDecl()) : nullptr;
  if (!TP || !ownTemplateParameter(FD, TP))
    return std::nullopt;
  std::optional<int64_t> Largest;
  for (const FunctionDecl *Spec : FD->getDescribedFunctionTemplate()->specializations()) {
    const TemplateArgumentList *Args = Spec->getTemplateSpecializationArgs();
    if (!Args || TP->getIndex() >= Args->size() || Args->get(TP->getIndex()).getKind() != TemplateArgument::Integral)
      return std::nullopt;
    Largest = std::max(Largest.value_or(0), Args->get(TP->getIndex()).getAsIntegral().getExtValue());
  }
  if (!Largest)
    if (const Expr *Default = compat::defaultArgument(TP))
      Largest = evaluate(Default);
  if (!Largest)
    return std::nullopt;
  return *Largest >> Shift;
}

// E with the template's own non-type parameters replaced by one instantiation's arguments, for
// the arithmetic a loop bound is written in.
static std::optional<int64_t> valueWith(const Expr *E, const FunctionDecl *FD, const TemplateArgumentList &Args,
                                        ASTContext &Ctx, unsigned Depth = 0) {
  E = E->IgnoreParenImpCasts();
  if (!E->isValueDependent())
    return constantValue(E, Ctx);
  if (Depth > 8)
    return std::nullopt;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *TP = dyn_cast<NonTypeTemplateParmDecl>(DRE->getDecl());
    if (!TP || !ownTemplateParameter(FD, TP) || TP->getIndex() >= Args.size() ||
        Args.get(TP->getIndex()).getKind() != TemplateArgument::Integral)
      return std::nullopt;
    return Args.get(TP->getIndex()).getAsIntegral().getExtValue();
  }
  const auto *BO = dyn_cast<BinaryOperator>(E);
  if (!BO)
    return std::nullopt;
  auto L = valueWith(BO->getLHS(), FD, Args, Ctx, Depth + 1);
  auto R = valueWith(BO->getRHS(), FD, Args, Ctx, Depth + 1);
  // Small values only: a bound far outside a wavefront says nothing here, and stays clear of overflow.
  constexpr int64_t Limit = int64_t(1) << 30;
  if (!L || !R || *L < -Limit || *L > Limit || *R < -Limit || *R > Limit)
    return std::nullopt;
  switch (BO->getOpcode()) {
  case BO_Add:
    return *L + *R;
  case BO_Sub:
    return *L - *R;
  case BO_Mul:
    return *L * *R;
  case BO_Div:
    return *R != 0 ? std::optional<int64_t>(*L / *R) : std::nullopt;
  case BO_Shl:
    return *R >= 0 && *R < 31 && *L >= 0 && *L < (int64_t(1) << 31) ? std::optional<int64_t>(*L << *R) : std::nullopt;
  case BO_Shr:
    return *R >= 0 && *R < 63 ? std::optional<int64_t>(*L >> *R) : std::nullopt;
  default:
    return std::nullopt;
  }
}

// The largest value an expression of the function template's own parameters takes in the unit's
// instantiations ('H * H' with H = 4 and H = 8 gives 64). Unknown where one instantiation's value
// is not known, and where the unit instantiates none: a bound no use settles says nothing.
std::optional<int64_t> WarpBodyScanner::largestInInstantiations(const Expr *E) {
  const auto *FD = dyn_cast<FunctionDecl>(F.D);
  const FunctionTemplateDecl *FTD = FD ? FD->getDescribedFunctionTemplate() : nullptr;
  if (!FTD || !E->isValueDependent())
    return std::nullopt;
  std::optional<int64_t> Largest;
  for (const FunctionDecl *Spec : FTD->specializations()) {
    const TemplateArgumentList *Args = Spec->getTemplateSpecializationArgs();
    std::optional<int64_t> V = Args ? valueWith(E, FD, *Args, Ctx) : std::nullopt;
    if (!V)
      return std::nullopt;
    Largest = std::max(Largest.value_or(*V), *V);
  }
  return Largest;
}

// A width that is the function's own parameter: its callers choose it (the call summary).
void WarpBodyScanner::widthParameter(const Expr *W) {
  const auto *DRE = dyn_cast<DeclRefExpr>(W->IgnoreParenImpCasts());
  if (!DRE || LambdaDepth > 0)
    return;
  const auto *FD = dyn_cast<FunctionDecl>(F.D);
  if (const auto *P = dyn_cast<ParmVarDecl>(DRE->getDecl()); P && FD && P->getDeclContext() == FD) {
    if (!llvm::is_contained(F.WidthParams, P->getFunctionScopeIndex()))
      F.WidthParams.push_back(P->getFunctionScopeIndex());
  } else if (const auto *TP = dyn_cast<NonTypeTemplateParmDecl>(DRE->getDecl());
             TP && FD && FD->getDescribedFunctionTemplate() && ownTemplateParameter(FD, TP)) {
    if (!llvm::is_contained(F.WidthTemplateParams, TP->getIndex()))
      F.WidthTemplateParams.push_back(TP->getIndex());
  }
}

// A loop whose offsets stay below 32: from 16 or less halving, or doubling below 32.
static bool staysBelow32(const LoopInfo &L) {
  if (L.FromWarpSize)
    return false;
  if (L.Halves)
    return L.StartValue && *L.StartValue <= 16;
  std::optional<int64_t> Bound = L.BoundValue ? L.BoundValue : L.TemplateBound;
  return L.Doubles && Bound && *Bound <= 32;
}

// Default-width shuffles by a loop counter: within 32 lanes or over the wavefront. Operations
// inside a dispatch on the width do not count.
void WarpBodyScanner::settleCounters() {
  for (auto [CE, VD] : ByCounter) {
    // A variable that is no halving or doubling loop's counter here (a parameter of a wrapper)
    // has offsets the model does not know: it does not count.
    auto It = Loops.find(VD);
    if (It != Loops.end() && !staysBelow32(It->second))
      F.FullOps.push_back({CE, calleeName(CE)});
    else if (It != Loops.end())
      F.Confined32 = true;
  }
  if (!WidthDispatch.empty())
    llvm::erase_if(F.FullOps, [&](const CrossLaneOp &Op) {
      for (SourceRange R : WidthDispatch)
        if (SM.isPointWithin(Op.Call->getBeginLoc(), R.getBegin(), R.getEnd()))
          return true;
      return false;
    });
}

// Explicit widths of 32 in reductions: offsets from warpSize mean the code wanted the whole
// wavefront; a ladder or loop from 16 is logical 32-lane code.
void WarpBodyScanner::settleWidth32() {
  for (auto [CE, S] : Width32) {
    const Expr *Lane = CE->getArg(S->LaneArg)->IgnoreParenImpCasts();
    // 'warpSize - 1' inside 32 lanes: the wavefront's last lane was wanted.
    if (S->Op == ShuffleInfo::Kind::Index && mentionsWarpSize(Lane)) {
      F.Width32WavefrontLanes.push_back(CE);
      continue;
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(Lane))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl())) {
        auto It = Loops.find(VD);
        if (It == Loops.end())
          continue;
        if (It->second.FromWarpSize)
          F.Width32FromWarpSize.push_back(CE);
        else
          F.Width32Reductions.push_back(CE);
        continue;
      }
    if (integerLiteralValue(Lane) && S->Op != ShuffleInfo::Kind::Index)
      F.Width32Reductions.push_back(CE);
  }
}

// Loops of default-width shuffles whose offsets stop at 16: a reduction from 16, a scan to 16.
void WarpBodyScanner::settleLoopReductions() {
  for (const auto &[VD, L] : Loops) {
    // A start from a template parameter: the template serves every width its callers pick.
    if (L.FromWarpSize || L.FromTemplate || !L.StartValue)
      continue;
    int64_t Start = L.StartValue.value_or(0), Bound = L.BoundValue.value_or(0);
    ShortReduction R;
    std::vector<const CallExpr *> Shuffles;
    for (auto [CE, S] : DefaultWidth) {
      bool Scan = L.Doubles;
      if (S->Op == ShuffleInfo::Kind::Index || (S->Op == ShuffleInfo::Kind::Up && !Scan))
        continue;
      if (refersTo(CE->getArg(S->LaneArg), VD) && L.Loop->getBody() &&
          SM.isPointWithin(CE->getBeginLoc(), L.Loop->getSourceRange().getBegin(), L.Loop->getSourceRange().getEnd()))
        Shuffles.push_back(CE);
    }
    // Only threads 0-31 run the loop ('if (tid < 32)' after a fold through shared memory): lanes
    // 32-63 have nothing to lose.
    if (Shuffles.empty() || InFirstThreads.contains(L.Loop))
      continue;
    if (L.Halves && Start == 16 && !L.StopsAbove1) {
      // Partials only the first threads hold: lanes 32-63 add zero (walked only for a tree from 16).
      if (llvm::all_of(Shuffles, [&](const CallExpr *CE) { return zeroBeyondFirstThreads(CE); }))
        continue;
      R.K = ShortReduction::LoopFrom16;
      R.At = L.Start;
    } else if (L.Doubles && Start == 1 && Bound > 16 && Bound <= 32 && llvm::any_of(Shuffles, [&](const CallExpr *CE) {
                 return T.shuffle(calleeName(CE))->Op == ShuffleInfo::Kind::Up;
               })) {
      // A scan: '__shfl_up' by 1, 2, 4, 8, 16. A xor butterfly over the same offsets stays inside
      // each 32-lane group, exactly as with a width of 32: logical 32-lane code, not a scan.
      bool Inclusive = false;
      R.K = ShortReduction::ScanTo16;
      R.At = loopBound(L.Loop, VD, Inclusive);
    } else {
      continue;
    }
    R.Shuffles = std::move(Shuffles);
    F.ShortReductions.push_back(std::move(R));
  }
}

// Whether the loop adds the shuffle's value: an operand of '+', or the right side of '+=', directly
// or through a local it initialises ('float t = __shfl_xor(v, o); v += t;'). A maximum, a minimum or
// a bitwise or takes a lane's own value again without harm; a sum counts it twice.
bool WarpBodyScanner::summedInLoop(const CallExpr *CE, const ForStmt *Loop) {
  const VarDecl *Via = nullptr;
  walkStmts(Loop->getBody(), [&](const Stmt *St) {
    if (const auto *DS = dyn_cast<DeclStmt>(St))
      for (const Decl *D : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D); VD && VD->getInit() && VD->getInit()->IgnoreParenImpCasts() == CE)
          Via = VD;
    return Via ? StmtWalk::Stop : StmtWalk::Continue;
  });
  auto IsValue = [&](const Expr *E) {
    E = E->IgnoreParenImpCasts();
    const auto *DRE = dyn_cast<DeclRefExpr>(E);
    return E == CE || (Via && DRE && DRE->getDecl() == Via);
  };
  return !walkStmts(Loop->getBody(), [&](const Stmt *St) {
    bool Sum = false;
    if (const auto *BO = dyn_cast<BinaryOperator>(St))
      Sum = (BO->getOpcode() == BO_AddAssign && IsValue(BO->getRHS())) ||
            (BO->getOpcode() == BO_Add && (IsValue(BO->getLHS()) || IsValue(BO->getRHS())));
    else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(St); OC && OC->getNumArgs() == 2)
      Sum = (OC->getOperator() == OO_PlusEqual && IsValue(OC->getArg(1))) ||
            (OC->getOperator() == OO_Plus && (IsValue(OC->getArg(0)) || IsValue(OC->getArg(1))));
    return Sum ? StmtWalk::Stop : StmtWalk::Continue;
  });
}

// Halving loops of summed default-width shuffles that start 64 or more lanes away: beyond every lane
// of a 64-lane wavefront (the reporter compares with the widest wavefront of the targets).
void WarpBodyScanner::settleWideStarts() {
  for (const auto &[VD, L] : Loops) {
    int64_t Start = L.StartValue.value_or(0);
    if (!L.Halves || L.FromWarpSize || Start < 64 || !L.Loop->getBody())
      continue;
    for (auto [CE, S] : DefaultWidth) {
      if ((S->Op != ShuffleInfo::Kind::Xor && S->Op != ShuffleInfo::Kind::Down) ||
          !refersTo(CE->getArg(S->LaneArg), VD) ||
          !SM.isPointWithin(CE->getBeginLoc(), L.Loop->getBeginLoc(), L.Loop->getEndLoc()) || !summedInLoop(CE, L.Loop))
        continue;
      F.WideStarts.push_back({L.Start, Start, L.FromTemplate, CE});
      break;
    }
  }
}

// A ladder of constant steps through 16 and 8 and no further.
void WarpBodyScanner::settleLadders() {
  uint64_t Largest = 0;
  bool HasEight = false;
  std::vector<const CallExpr *> Sixteen, Ladder;
  for (auto [CE, S] : DefaultWidth) {
    if (S->Op == ShuffleInfo::Kind::Index || S->Op == ShuffleInfo::Kind::Up)
      continue;
    auto V = integerLiteralValue(CE->getArg(S->LaneArg));
    if (!V)
      continue;
    Largest = std::max(Largest, *V);
    HasEight |= *V == 8;
    if (*V == 16)
      Sixteen.push_back(CE);
    Ladder.push_back(CE);
  }
  if (Largest != 16 || !HasEight || llvm::all_of(Ladder, [&](const CallExpr *CE) {
        return InFirstThreads.contains(CE) || zeroBeyondFirstThreads(CE);
      }))
    return;
  for (const CallExpr *CE : Sixteen) {
    ShortReduction R;
    R.K = ShortReduction::LadderFrom16;
    R.At = CE->getArg(T.shuffle(calleeName(CE))->LaneArg);
    R.Shuffles = Ladder;
    F.ShortReductions.push_back(std::move(R));
  }
}

} // namespace rocmtidy
