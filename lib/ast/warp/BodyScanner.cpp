#include "ast/warp/BodyScanner.h"

#include "ast/StmtWalk.h"
#include "ast/ThreadIndex.h"
#include "ast/warp/WarpExprs.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Basic/CharInfo.h"
#include "clang/Basic/SourceManager.h"

#include "llvm/ADT/DenseSet.h"

#include <functional>

using namespace clang;

namespace rocmtidy {

using namespace warp;

namespace {
// Whether a qualified name of List ends with D's own name ('rocwmma::load_matrix_sync' for
// 'load_matrix_sync'). Every call and member call of a body is asked about; comparing the short
// name first spares building the qualified string for all but the few that may be listed.
bool endsAListedName(const NamedDecl &D, const std::vector<std::string> &List) {
  if (!D.getIdentifier())
    return false;
  StringRef N = D.getName();
  return llvm::any_of(List, [&](StringRef Q) {
    return Q.size() > N.size() + 1 && Q.ends_with(N) && Q[Q.size() - N.size() - 1] == ':';
  });
}

// Whether the identifier written at Loc is Name. Reads the file's characters where they are: no
// lexer is built for a question asked of every builtin call.
bool spelledAt(SourceLocation Loc, StringRef Name, const SourceManager &SM) {
  auto [File, Offset] = SM.getDecomposedLoc(Loc);
  bool Invalid = false;
  StringRef Text = SM.getBufferData(File, &Invalid);
  if (Invalid || Offset > Text.size())
    return false;
  Text = Text.drop_front(Offset);
  return Text.starts_with(Name) && (Text.size() == Name.size() || !isAsciiIdentifierContinue(Text[Name.size()]));
}
} // namespace

WarpBodyScanner::WarpBodyScanner(WarpModel &M, FunctionWarpFacts &F)
    : M(M), F(F), Ctx(M.Ctx), SM(Ctx.getSourceManager()), T(warpTables()) {}

void WarpBodyScanner::run() {
  seedSplitParameters();
  TraverseStmt(const_cast<Stmt *>(F.Body));
  memberInitialisers();
  settleCounters();
  settleWidth32();
  settleLoopReductions();
  settleWideStarts();
  settleLadders();
  settleScaledWarpIds();
  settleWideAmounts();
  settleNarrowing();
  settleShortArrays();
  settleLane0Tests();
  settleLaneStrides();
  settleHalfBallots();
  settleMaskOnlyVotes();
  dropWidth32Only();
  settleGroupShuffles();
  settleLaneGathers();
  settleFragmentTiles();
  settleSyncFreeSteps();
  settleBitWalks();
  dropGroupedLaneIds();
}

LaneValueAnalysis &WarpBodyScanner::analysis() {
  if (!Analysis) {
    Analysis.emplace(F.D, F.Body, Ctx);
    for (const auto &[P, S] : F.Seeds)
      Analysis->assumeParameter(P, S.V);
  }
  return *Analysis;
}

// A 32-bit full mask as the mask of a *_sync call: a constant, or a 64-bit local whose only
// definition is one. The local's type passes ROCm's 64-bit check, so nothing stops the build, and
// lanes 32-63 call with a mask that leaves them out.
bool WarpBodyScanner::narrowFullMask(const CallExpr *CE, StringRef Name) {
  const Expr *Arg = explicitArg(CE, 0);
  if (!Arg)
    return false;
  // Only threads 0-31 make the call ('if (tid < 32)'): a 64-bit mask of lanes 0-31 names exactly the
  // lanes taking part. A mask of a 32-bit type stays wrong there: ROCm rejects it.
  auto OnlyLanes0To31 = [&](const Expr *Mask) {
    return intBits(Mask->IgnoreParenImpCasts()->getType(), Ctx) >= 64 && InFirstThreads.contains(CE);
  };
  if (isNarrowFullMask(Arg, Ctx)) {
    if (!OnlyLanes0To31(Arg))
      F.NarrowMasks.push_back({CE, Name});
    return true;
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(Arg->IgnoreParenImpCasts());
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!VD || isa<ParmVarDecl>(VD) || !VD->isLocalVarDecl() || intBits(VD->getType(), Ctx) < 64)
    return false;
  const Expr *Def = analysis().singleDefinition(DRE);
  if (!Def || !isNarrowFullMask(Def, Ctx))
    return false;
  if (!OnlyLanes0To31(DRE))
    F.NarrowMasks.push_back({CE, Name, Def});
  return true;
}

// A condition only a few threads of the block meet. The block's first warp or wavefront: a thread
// index below a constant of at most 64 or below the warp width ('tid < warpSize', 'threadIdx.x <
// WARP_SIZE'), or a warp number equal to a constant. Some lanes of every warp: a lane number below a
// constant under 32 ('lane < 16'), which no warp width lets every lane meet. Either side of '&&'
// is enough.
WarpBodyScanner::BranchTakers WarpBodyScanner::fewThreadsTake(const Expr *Cond) {
  const auto *BO = dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts());
  if (!BO)
    return BranchTakers::All;
  if (BO->getOpcode() == BO_LAnd) {
    BranchTakers L = fewThreadsTake(BO->getLHS());
    return L != BranchTakers::All ? L : fewThreadsTake(BO->getRHS());
  }
  if (!BO->isComparisonOp() || BO->getOpcode() == BO_NE)
    return BranchTakers::All;
  for (bool Swap : {false, true}) {
    const Expr *Value = Swap ? BO->getRHS() : BO->getLHS();
    const Expr *Bound = Swap ? BO->getLHS() : BO->getRHS();
    ThreadValue V = analysis().classify(Value);
    // A lane number keeps its meaning in a template whose index type is a parameter (LaneValueAnalysis
    // follows its constant locals); a thread index compared there may be anything the instantiation
    // makes it.
    if (V != ThreadValue::LaneId && Value->isValueDependent())
      continue;
    // A template's body, which the dataflow may not follow: 'int tid = threadIdx.x' read directly.
    if (V == ThreadValue::None)
      if (const auto *DRE = dyn_cast<DeclRefExpr>(Value->IgnoreParenImpCasts()))
        if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
            VD && VD->isLocalVarDecl() && VD->getInit() && matchThreadIndex(VD->getInit()))
          V = ThreadValue::ThreadIndex;
    if (V == ThreadValue::WarpId && BO->getOpcode() == BO_EQ && evaluate(Bound))
      return BranchTakers::FirstWarp;
    bool Below = Swap ? (BO->getOpcode() == BO_GT || BO->getOpcode() == BO_GE)
                      : (BO->getOpcode() == BO_LT || BO->getOpcode() == BO_LE);
    if (!Below)
      continue;
    bool Inclusive = BO->getOpcode() == BO_LE || BO->getOpcode() == BO_GE;
    if (V == ThreadValue::LaneId) {
      // How many lane numbers pass: fewer than 32 leaves lanes of every warp outside.
      if (auto C = valueAt64Lanes(Bound, Ctx); C && *C + Inclusive > 0 && *C + Inclusive < 32)
        return BranchTakers::SomeLanes;
      continue;
    }
    if (V != ThreadValue::ThreadIndex)
      continue;
    if (isWarpSizeRef(Bound->IgnoreParenImpCasts()))
      return BranchTakers::FirstWarp;
    if (auto C = valueAt64Lanes(Bound, Ctx); C && *C > 0 && *C <= 64)
      return BranchTakers::FirstWarp;
  }
  return BranchTakers::All;
}

// A call that is the block barrier: '__syncthreads()', or a project function whose body is that
// call alone (a '__syncwarp' stand-in for ROCm before 7, whatever its name).
static bool isBlockBarrier(const CallExpr *CE, StringRef Name, const SourceManager &SM) {
  if (CE->getNumArgs() != 0)
    return false;
  if (Name == "__syncthreads")
    return true;
  const FunctionDecl *Callee = CE->getDirectCallee();
  const FunctionDecl *Def = nullptr;
  if (!Callee || !Callee->hasBody(Def) || !Def || SM.isInSystemHeader(SM.getExpansionLoc(Def->getLocation())))
    return false;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Def->getBody());
  if (!Body || Body->size() != 1)
    return false;
  const auto *Inner = dyn_cast<CallExpr>(*Body->body_begin());
  const FunctionDecl *InnerCallee = Inner ? Inner->getDirectCallee() : nullptr;
  return InnerCallee && InnerCallee->getIdentifier() && InnerCallee->getName() == "__syncthreads" &&
         Inner->getNumArgs() == 0;
}

// '__syncthreads()' where only the first warp goes ('if (tid < warpSize) { ... __syncthreads(); }'),
// often a '__syncwarp' a HIP port replaced: the block's other wavefronts never arrive.
void WarpBodyScanner::branchBarrier(const CallExpr *CE) {
  if (M.Guards.at(CE->getBeginLoc(), SM) == Platform::CudaOnly)
    return;
  DynTypedNode Node = DynTypedNode::create(*static_cast<const Stmt *>(CE));
  const Stmt *S = CE;
  for (unsigned Depth = 0; Depth < 64; ++Depth) {
    auto Parents = Ctx.getParents(Node);
    if (Parents.empty())
      return;
    Node = Parents[0];
    const Stmt *P = Node.get<Stmt>();
    if (!P || P == F.Body || isa<LambdaExpr>(P))
      return;
    const Expr *Cond = nullptr;
    if (const auto *IS = dyn_cast<IfStmt>(P); IS && IS->getThen() == S)
      Cond = IS->getCond();
    else if (const auto *WS = dyn_cast<WhileStmt>(P); WS && WS->getBody() == S)
      Cond = WS->getCond();
    if (BranchTakers Takers = Cond ? fewThreadsTake(Cond) : BranchTakers::All; Takers != BranchTakers::All) {
      F.BranchBarriers.push_back({CE, Cond, Takers == BranchTakers::SomeLanes});
      return;
    }
    S = P;
  }
}

// 'rocwmma::load_matrix_sync(frag, p, ldm)': performed by every lane of the wavefront together. In
// a template the call may stay unresolved; its lookup names the candidates.
bool WarpBodyScanner::fragmentOp(const CallExpr *CE) {
  auto Qualified = [&](const NamedDecl *D) {
    return D && endsAListedName(*D, T.WavefrontFragmentOps) && T.isWavefrontFragmentOp(D->getQualifiedNameAsString());
  };
  bool Is = Qualified(CE->getDirectCallee());
  if (const auto *ULE = dyn_cast<UnresolvedLookupExpr>(CE->getCallee()->IgnoreParenImpCasts()); ULE && !Is)
    Is = llvm::any_of(ULE->decls(), [&](const NamedDecl *D) { return Qualified(D->getUnderlyingDecl()); });
  if (Is && M.Guards.at(CE->getBeginLoc(), SM) != Platform::CudaOnly)
    F.FragmentOps.push_back(CE);
  return Is;
}

// A member call of a library warp primitive ('hipcub::WarpReduce<float>(s).Sum(v)'): one collective
// operation over its logical warp, which hipCUB and rocPRIM make the whole wavefront by default where
// CUB made it 32 lanes. Wider than 32 lanes, it is a wavefront-wide operation.
bool WarpBodyScanner::warpCollective(const CallExpr *CE) {
  const auto *MC = dyn_cast<CXXMemberCallExpr>(CE);
  const auto *Spec = MC ? dyn_cast_or_null<ClassTemplateSpecializationDecl>(MC->getRecordDecl()) : nullptr;
  if (!Spec || !endsAListedName(*Spec, T.WarpCollectiveClasses) ||
      !T.isWarpCollectiveClass(Spec->getQualifiedNameAsString()))
    return false;
  const TemplateArgumentList &Args = Spec->getTemplateArgs();
  if (Args.size() >= 2 && Args[1].getKind() == TemplateArgument::Integral &&
      Args[1].getAsIntegral().getLimitedValue() > 32 && M.Guards.at(CE->getBeginLoc(), SM) != Platform::CudaOnly)
    F.FullOps.push_back({CE, Spec->getName()});
  return true;
}

// The 32-lane warp numbers and 'threadIdx.y' reads that reach the arguments of fragment
// operations: what picks a tile that the two halves of one 64-lane wavefront share.
void WarpBodyScanner::settleFragmentTiles() {
  if (F.FragmentOps.empty())
    return;
  llvm::DenseSet<const Expr *> WarpNumbers;
  for (const LaneGrouping32 &G : F.Groupings)
    if (G.K == LaneGrouping32::WarpDivide || G.K == LaneGrouping32::WarpShift)
      WarpNumbers.insert(G.Op);
  for (const CallExpr *CE : F.FragmentOps) {
    llvm::DenseSet<const Expr *> Seen, Found;
    llvm::SmallVector<const Expr *, 16> Work(CE->arguments().begin(), CE->arguments().end());
    while (!Work.empty() && Seen.size() < 256) {
      const Expr *E = Work.pop_back_val();
      if (!E || !Seen.insert(E).second)
        continue;
      walkStmts(E, [&](const Stmt *St) {
        const auto *X = dyn_cast<Expr>(St);
        if (!X)
          return StmtWalk::Continue;
        if (WarpNumbers.contains(X) ||
            (isa<MemberExpr, PseudoObjectExpr, MSPropertyRefExpr, CXXMemberCallExpr>(X) && [&] {
              auto R = matchThreadIndex(X);
              return R && R->From == ThreadIndexRef::Source::ThreadIdx && R->Axis == 1;
            }())) {
          if (Found.insert(X).second)
            F.FragmentTiles.push_back({X, CE});
          return StmtWalk::SkipChildren;
        }
        const auto *DRE = dyn_cast<DeclRefExpr>(X);
        const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
        if (!VD || !VD->isLocalVarDecl())
          return StmtWalk::Continue;
        if (auto Defs = analysis().reaching(DRE))
          Work.append(Defs->begin(), Defs->end());
        else // a local the dataflow does not track (a pointer): at least its initialiser
          Work.push_back(VD->getInit());
        return StmtWalk::Continue;
      });
    }
  }
}

bool WarpBodyScanner::TraverseLambdaExpr(LambdaExpr *LE) {
  ++LambdaDepth;
  bool R = RecursiveASTVisitor::TraverseLambdaExpr(LE);
  --LambdaDepth;
  return R;
}

// In a template definition a ballot of a dependent value has no conversion yet: the narrowing
// is read from the declared type it is stored in or returned as.
bool WarpBodyScanner::VisitDeclRefExpr(DeclRefExpr *DRE) {
  if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()); VD && VD->isLocalVarDecl())
    ++Named[VD];
  return true;
}

bool WarpBodyScanner::VisitVarDecl(VarDecl *VD) {
  if (const Expr *Init = VD->getInit(); Init && VD->isLocalVarDecl())
    if (const auto *Call = dyn_cast<CallExpr>(Init->IgnoreParenCasts()))
      CallInits[VD] = Call;
  if (VD->getType()->isArrayType() && VD->getIdentifier())
    LocalArrays[VD->getName()] = VD;
  arrayRegion(VD);
  emptyArray(VD);
  if (const Expr *Init = VD->getInit())
    dependentNarrowing(Init, VD->getType());
  return true;
}

bool WarpBodyScanner::VisitReturnStmt(ReturnStmt *RS) {
  if (LambdaDepth == 0 && RS->getRetValue())
    if (const auto *FD = dyn_cast<FunctionDecl>(F.D)) {
      dependentNarrowing(RS->getRetValue(), FD->getReturnType());
      templateReturnNarrowing(RS->getRetValue(), FD);
    }
  return true;
}

// 'template <class T> T vote(T v) { return __ballot(v); }': the ballot is returned as T, and an
// instantiation with a narrow T (bool, a 32-bit colour type) keeps at most its low bits (ripples).
void WarpBodyScanner::templateReturnNarrowing(const Expr *E, const FunctionDecl *FD) {
  const FunctionTemplateDecl *FTD = FD->getDescribedFunctionTemplate();
  const auto *CE = dyn_cast<CallExpr>(E->IgnoreParenImpCasts());
  if (!FTD || !FD->getReturnType()->isDependentType() || !CE || !T.returnsLaneMask(calleeName(CE)))
    return;
  for (const FunctionDecl *Spec : FTD->specializations()) {
    QualType R = Spec->getReturnType();
    if (R->isIntegerType() && (R->isBooleanType() || intBits(R, Ctx) < 64)) {
      F.NarrowCasts.push_back({E, R, ("result of '" + calleeName(CE) + "'").str()});
      return;
    }
  }
  // Nothing in this translation unit instantiates it (its callers are templates themselves), but
  // the return type is the type of a parameter the vote reads: the predicate's type, which is a
  // bool or a 32-bit integer wherever a predicate is voted on.
  if (!FTD->specializations().empty())
    return;
  QualType Ret = FD->getReturnType().getCanonicalType();
  if (!isa<TemplateTypeParmType>(Ret))
    return;
  for (const ParmVarDecl *P : FD->parameters())
    if (P->getType().getNonReferenceType().getCanonicalType().getUnqualifiedType() == Ret &&
        anyStmtOutsideLambdas(CE, [P](const Stmt *S) {
          const auto *DRE = dyn_cast<DeclRefExpr>(S);
          return DRE && DRE->getDecl() == P;
        })) {
      F.NarrowCasts.push_back({E, FD->getReturnType(), ("result of '" + calleeName(CE) + "'").str()});
      return;
    }
}

// A lane or warp number kept in a member ('int lane = threadIdx.x % 32;', or set in a
// constructor's initialiser list) is part of every device method of its class: the method that
// ballots meets the grouping the member was initialised with.
void WarpBodyScanner::memberInitialisers() {
  const auto *MD = dyn_cast<CXXMethodDecl>(F.D);
  if (!MD || F.Instantiation || MD->getParent()->isLambda())
    return;
  const CXXRecordDecl *RD = MD->getParent();
  for (const FieldDecl *FD : RD->fields())
    if (const Expr *Init = FD->getInClassInitializer(); Init && !SM.isInSystemHeader(FD->getLocation()))
      TraverseStmt(const_cast<Expr *>(Init));
  for (const CXXConstructorDecl *C : RD->ctors())
    if (C->isThisDeclarationADefinition() && !C->isImplicit())
      for (const CXXCtorInitializer *I : C->inits())
        if (I->isWritten() && I->getInit())
          TraverseStmt(const_cast<Expr *>(I->getInit()));
}

// 'if constexpr (kWarp == 32) { <offsets from 16> } else { ... }': the branch the condition
// discards is never compiled, so its operations say nothing about this target.
bool WarpBodyScanner::TraverseIfStmt(IfStmt *IS) {
  const Expr *Cond = IS->getCond();
  if (!IS->isConstexpr() && Cond && boundsThreadsBelow32(Cond) && oneGroupTakes(Cond, /*FirstThreadsOnly=*/true)) {
    // Walked here rather than through a parent map afterwards: building one costs a walk of the
    // whole unit. What the branch holds runs on threads 0-31 only.
    if (!WalkUpFromIfStmt(IS))
      return false;
    for (Stmt *Child : IS->children()) {
      bool Then = Child == IS->getThen();
      FirstThreadsDepth += Then;
      bool Ok = TraverseStmt(Child);
      FirstThreadsDepth -= Then;
      if (!Ok)
        return false;
    }
    return true;
  }
  if (IS->isConstexpr() && Cond && Cond->isValueDependent()) {
    ++DependentBranchDepth;
    bool Ok = RecursiveASTVisitor::TraverseIfStmt(IS);
    --DependentBranchDepth;
    return Ok;
  }
  if (!IS->isConstexpr() || !Cond)
    return RecursiveASTVisitor::TraverseIfStmt(IS);
  bool Taken = false;
  if (!Cond->EvaluateAsBooleanCondition(Taken, Ctx))
    return RecursiveASTVisitor::TraverseIfStmt(IS);
  if (IS->getInit())
    TraverseStmt(IS->getInit());
  ChosenBranchDepth += F.Instantiation != nullptr;
  bool Ok = TraverseStmt(Taken ? IS->getThen() : IS->getElse());
  ChosenBranchDepth -= F.Instantiation != nullptr;
  return Ok;
}

// A cheap look at a condition before the lane analysis is asked: a comparison (or a conjunct of one)
// with a constant of at most 32 or a count of warps of 32 on one side.
bool WarpBodyScanner::boundsThreadsBelow32(const Expr *Cond) {
  const auto *BO = dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts());
  if (!BO)
    return false;
  if (BO->getOpcode() == BO_LAnd)
    return boundsThreadsBelow32(BO->getLHS()) || boundsThreadsBelow32(BO->getRHS());
  if (!BO->isComparisonOp() || BO->getOpcode() == BO_NE)
    return false;
  auto Small = [&](const Expr *X) {
    if (X->isValueDependent())
      return false;
    auto V = constantValue(X, Ctx);
    return (V && *V <= 32) || isWarpCountBound(X);
  };
  return Small(BO->getLHS()) || Small(BO->getRHS());
}

bool WarpBodyScanner::VisitIfStmt(IfStmt *IS) {
  barrierGate(IS);
  if (IS->getCond())
    widthBranches(IS->getCond(), IS->getThen(), IS->getElse(), true);
  if (IS->getElse() && IS->getCond()) {
    Dispatch.insert(IS->getCond()->IgnoreParenImpCasts());
    // 'if (width == physical_warp_size()) __all_sync(...); else <shuffles>': each branch is
    // taken for its own width, so neither branch's operations meet the other's groupings.
    if (isWidthTest(IS->getCond()))
      WidthDispatch.push_back(IS->getSourceRange());
  }
  return true;
}

bool WarpBodyScanner::VisitConditionalOperator(ConditionalOperator *CO) {
  Dispatch.insert(CO->getCond()->IgnoreParenImpCasts());
  widthBranches(CO->getCond(), CO->getTrueExpr(), CO->getFalseExpr(), false);
  return true;
}

bool WarpBodyScanner::VisitArraySubscriptExpr(ArraySubscriptExpr *ASE) {
  Subscripts.push_back(ASE);
  return true;
}

bool WarpBodyScanner::VisitForStmt(ForStmt *FS) {
  if (FirstThreadsDepth)
    InFirstThreads.insert(FS);
  laneWalk(FS);
  bitWalk(FS);
  auto [VD, Start] = loopStart(FS);
  if (VD && Start && FS->getInc())
    CountedLoops.push_back(FS);
  if (!VD || !Start || !FS->getInc())
    return true;
  LoopInfo L;
  L.Loop = FS;
  L.Counter = VD;
  L.Start = Start;
  L.Halves = steps(FS->getInc(), VD, true);
  L.Doubles = steps(FS->getInc(), VD, false);
  if (!L.Halves && !L.Doubles)
    return true;
  bool Inclusive = false;
  const Expr *Bound = loopBound(FS, VD, Inclusive);
  L.FromWarpSize = mentionsWarpSize(Start) || (Bound && mentionsWarpSize(Bound));
  if (!L.FromWarpSize) {
    L.StartValue = evaluate(Start);
    if (Bound) {
      if (auto B = evaluate(Bound))
        L.BoundValue = *B + (Inclusive ? 1 : 0);
      else if (auto T = largestInInstantiations(Bound))
        L.TemplateBound = *T + (Inclusive ? 1 : 0);
    }
    // 'o > 1', 'o >= 4': the last offset the halving loop takes is above 1.
    const auto *Cond = dyn_cast_or_null<BinaryOperator>(FS->getCond() ? FS->getCond()->IgnoreParenImpCasts() : nullptr);
    if (L.Halves && Cond && (Cond->getOpcode() == BO_GT || Cond->getOpcode() == BO_GE) && refersTo(Cond->getLHS(), VD))
      if (auto B = evaluate(Cond->getRHS()))
        L.StopsAbove1 = Cond->getOpcode() == BO_GE ? *B > 1 : *B >= 1;
    if (!L.StartValue && L.Halves) {
      L.StartValue = templateStart(Start);
      L.FromTemplate = L.StartValue.has_value();
    }
  }
  Loops[VD] = L;
  return true;
}

bool WarpBodyScanner::VisitCompoundStmt(CompoundStmt *CS) {
  unrolledSteps(CS);
  return true;
}

bool WarpBodyScanner::VisitCXXOperatorCallExpr(CXXOperatorCallExpr *OC) {
  if (OC->isAssignmentOp())
    noteStep(OC);
  // A template's '<<' on a dependent type: its instantiations show whether it shifts by the width.
  if (OC->getOperator() == OO_LessLess && OC->getNumArgs() == 2 && OC->isTypeDependent())
    dependentWidthShift(OC, OC->getArg(0), OC->getArg(1));
  return true;
}

bool WarpBodyScanner::VisitBinaryOperator(BinaryOperator *BO) {
  if (BO->isAssignmentOp())
    noteStep(BO);
  if (BO->getOpcode() == BO_OrAssign || BO->getOpcode() == BO_AndAssign || BO->getOpcode() == BO_XorAssign)
    MaskCompounds.push_back(BO);
  if (BO->getOpcode() == BO_Shr || BO->getOpcode() == BO_ShrAssign)
    RightShifts.push_back({BO->getLHS()->IgnoreParenCasts(), BO->getRHS()});
  if (BO->getOpcode() == BO_Assign)
    if (const auto *DRE = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParens()))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()); VD && VD->isLocalVarDecl()) {
        ++Assigned[VD];
        if (const auto *Call = dyn_cast<CallExpr>(BO->getRHS()->IgnoreParenCasts()))
          CallStores.push_back({VD, Call});
      }
  addBothWidthsTests(BO, Dispatch);
  noteWideShift(BO);
  if (BO->getOpcode() == BO_Div || BO->getOpcode() == BO_Shr)
    mixedRounding(BO);
  if (BO->getOpcode() == BO_Mul && !BO->isTypeDependent())
    Products.push_back(BO);
  switch (BO->getOpcode()) {
  case BO_Rem:
  case BO_Div:
    if (isWarpSizeRef(BO->getRHS()) || namedWavefront(BO->getRHS(), 64))
      hardware(BO, BO->getLHS());
    else
      candidate(BO, BO->getLHS(), BO->getRHS(), 32,
                BO->getOpcode() == BO_Rem ? LaneGrouping32::LaneModulo : LaneGrouping32::WarpDivide);
    break;
  case BO_And:
    if (isWarpSizeMinusOne(BO->getRHS()) || namedWavefront(BO->getRHS(), 63))
      hardware(BO, BO->getLHS());
    else if (isWarpSizeMinusOne(BO->getLHS()) || namedWavefront(BO->getLHS(), 63))
      hardware(BO, BO->getRHS());
    else if (!candidate(BO, BO->getLHS(), BO->getRHS(), 31, LaneGrouping32::LaneMask))
      candidate(BO, BO->getRHS(), BO->getLHS(), 31, LaneGrouping32::LaneMask);
    break;
  case BO_Shr:
    if (isLit(BO->getRHS(), 5))
      candidate(BO, BO->getLHS(), BO->getRHS(), 5, LaneGrouping32::WarpShift);
    break;
  case BO_Shl:
    if (isLit(BO->getRHS(), 5))
      candidate(BO, BO->getLHS(), BO->getRHS(), 5, LaneGrouping32::ThreadShiftBack);
    else if (!widthShift(BO))
      laneShift(BO);
    break;
  case BO_LT:
  case BO_GE:
    candidate(BO, BO->getLHS(), BO->getRHS(), 32, LaneGrouping32::FirstWarpTest);
    break;
  case BO_GT:
  case BO_LE:
    // '32 > threadIdx.x': the same test with the constant first.
    candidate(BO, BO->getRHS(), BO->getLHS(), 32, LaneGrouping32::FirstWarpTest);
    break;
  case BO_EQ:
  case BO_NE:
    comparison(BO);
    break;
  default:
    break;
  }
  return true;
}

void WarpBodyScanner::comparison(const BinaryOperator *BO) {
  if (BO->getOpcode() == BO_EQ && (isLit(BO->getRHS(), 0) || isLit(BO->getLHS(), 0)))
    ZeroTests.push_back(isLit(BO->getRHS(), 0) ? BO->getLHS() : BO->getRHS());
  if (BO->getOpcode() == BO_EQ && (isLit(BO->getRHS(), 32) || isLit(BO->getLHS(), 32)))
    UpperLeaderTests.push_back(isLit(BO->getRHS(), 32) ? BO->getLHS() : BO->getRHS());
  // 'lane == 31' / '31 == lane' with a lane number that reaches 63: the last lane of a 32-lane
  // warp is the middle of a wavefront.
  if ((isLit(BO->getRHS(), 31) && reaches63(BO->getLHS())) || (isLit(BO->getLHS(), 31) && reaches63(BO->getRHS())))
    F.LastLane31Tests.push_back(BO);
  if (BO->getOpcode() == BO_EQ)
    for (bool Swap : {false, true}) {
      const auto *DRE = dyn_cast<DeclRefExpr>((Swap ? BO->getLHS() : BO->getRHS())->IgnoreParenImpCasts());
      const Expr *Lane = (Swap ? BO->getRHS() : BO->getLHS())->IgnoreParenImpCasts();
      if (DRE && isa<VarDecl>(DRE->getDecl()) && !Lane->isValueDependent() && !evaluate(DRE))
        ComparedWithLane.push_back({Lane, DRE->getDecl()}); // settled once the groupings are known
    }
  if (!Dispatch.contains(BO) && ((isLit(BO->getRHS(), 32) && isWarpSizeRef(BO->getLHS())) ||
                                 (isLit(BO->getLHS(), 32) && isWarpSizeRef(BO->getRHS()))))
    F.WarpSizeTests.push_back(BO);
}

// Outside a template, a call of a library shuffle whose header is missing ('WARP_SHFL(mu, src)'
// in an explicit specialisation, with ATen's DeviceUtils.cuh not found) is kept by clang as a
// RecoveryExpr over the unresolved name and the written arguments. Read as the call it was
// written as, exactly as the same call in the template is (an unresolved callee there too).
bool WarpBodyScanner::VisitRecoveryExpr(RecoveryExpr *RE) {
  ArrayRef<Expr *> Subs = RE->subExpressions();
  const auto *ULE = Subs.size() >= 2 ? dyn_cast_or_null<UnresolvedLookupExpr>(Subs.front()) : nullptr;
  if (!ULE || ULE->getNumDecls() != 0 || !ULE->getName().isIdentifier() || RE->getBeginLoc() != ULE->getBeginLoc() ||
      llvm::any_of(Subs, [](const Expr *E) { return !E; }))
    return true;
  const ShuffleInfo *S = T.shuffle(ULE->getName().getAsIdentifierInfo()->getName());
  if (!S || !S->Library)
    return true;
  CallExpr *CE = CallExpr::Create(Ctx, Subs.front(), Subs.drop_front(), Ctx.DependentTy, VK_PRValue, RE->getEndLoc(),
                                  FPOptionsOverride());
  return VisitCallExpr(CE);
}

bool WarpBodyScanner::VisitCallExpr(CallExpr *CE) {
  if (FirstThreadsDepth)
    InFirstThreads.insert(CE);
  StringRef Name = calleeName(CE);
  if (Name.empty())
    return true;
  if (!CE->getBeginLoc().isValid())
    return true;
  callees(CE);
  if (const FunctionDecl *Callee = CE->getDirectCallee();
      Callee && !isa<CXXOperatorCallExpr>(CE) && !SM.isInSystemHeader(SM.getExpansionLoc(Callee->getLocation())))
    F.UnitCalls.push_back(CE);
  if (fragmentOp(CE) || warpCollective(CE) || (Name.starts_with("Shuffle") && templateWidthShuffle(CE)))
    return true;
  if (isBlockBarrier(CE, Name, SM))
    branchBarrier(CE);
  if (!Name.starts_with("__") && Name != "coalesced_threads") {
    if (const ShuffleInfo *S = T.shuffle(Name); S && S->Library && nothingToSeeThrough(CE)) {
      if (M.Guards.at(CE->getBeginLoc(), SM) != Platform::CudaOnly) {
        F.CrossesHalves = true;
        shuffle(CE, *S);
      }
      return true;
    }
    seedArguments(CE);
    dependentMaskArguments(CE);
    if (M.Guards.at(CE->getBeginLoc(), SM) != Platform::CudaOnly)
      broadcastCall(CE);
    if (M.Guards.at(CE->getBeginLoc(), SM) != Platform::CudaOnly)
      wrapperMasks(CE);
    return true;
  }
  // A call clang repaired ('__shfl_xor_sync' undeclared with old HIP headers: "did you mean
  // '__shfl_xor'?") keeps the written arguments under another function: it says nothing.
  if (SourceLocation NameLoc = CE->getCallee()->getExprLoc(); NameLoc.isFileID() && !spelledAt(NameLoc, Name, SM))
    return true;
  bool CudaOnly = M.Guards.at(CE->getBeginLoc(), SM) == Platform::CudaOnly;
  if (!CudaOnly && Name.starts_with("__ballot"))
    F.HasBallot = true;
  if (const Expr *Mask = T.takesMask(Name) ? explicitArg(CE, 0) : nullptr) {
    const Expr *Bare = Mask->IgnoreParenImpCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(Bare))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()); VD && VD->isLocalVarDecl())
        ++MaskArgUses[VD];
    MaskArgCalls.insert(Bare);
  }
  if (const ShuffleInfo *S = T.shuffle(Name)) {
    // '#ifdef USE_ROCM __shfl_down(v, i) #else __shfl_down_sync(m, v, i) #endif' inside one loop:
    // the CUDA spelling stands for the AMD one the parse skipped, for the loop's offsets only.
    if (CudaOnly) {
      if (!explicitArg(CE, S->WidthArg) && explicitArg(CE, S->LaneArg))
        DefaultWidth.push_back({CE, S});
      return true;
    }
    F.CrossesHalves = true;
    shuffle(CE, *S);
    return true;
  }
  if (!CudaOnly)
    maskAndBitCalls(CE, Name);
  return true;
}

// A call whose name the parse found no declaration for ('WARP_SHFL(v, 0)' in a template, with
// PyTorch's header missing): clang keeps it as a lookup of nothing, to be resolved by argument-
// dependent lookup at instantiation. Or one whose every candidate is declared without a body
// anywhere in the unit (rocm-lint's declarations-only PyTorch stand-in): nothing to see through.
bool WarpBodyScanner::nothingToSeeThrough(const CallExpr *CE) {
  auto Bodiless = [](const NamedDecl *D) {
    D = D->getUnderlyingDecl();
    if (const auto *FTD = dyn_cast<FunctionTemplateDecl>(D))
      D = FTD->getTemplatedDecl();
    const auto *FD = dyn_cast<FunctionDecl>(D);
    if (FD && FD->getPrimaryTemplate())
      FD = FD->getPrimaryTemplate()->getTemplatedDecl();
    return FD && !FD->isDefined();
  };
  if (const FunctionDecl *Callee = CE->getDirectCallee())
    return Bodiless(Callee);
  const auto *ULE = dyn_cast<UnresolvedLookupExpr>(CE->getCallee()->IgnoreParenImpCasts());
  return ULE && llvm::all_of(ULE->decls(), Bodiless);
}

// The unit's functions a call can reach, by canonical declaration: the callee (a template's
// pattern for a specialisation), or in a template every candidate of the unresolved name.
void WarpBodyScanner::callees(const CallExpr *CE) {
  if (isa<CXXOperatorCallExpr>(CE))
    return;
  auto Add = [&](const FunctionDecl *FD) {
    if (!FD || SM.isInSystemHeader(SM.getExpansionLoc(FD->getLocation())))
      return;
    if (const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern())
      FD = Pattern;
    F.Callees.push_back(FD->getCanonicalDecl());
    if (FirstThreadsDepth) {
      F.FirstThreadsCallees.push_back(FD->getCanonicalDecl());
      F.FirstThreadsCalls.insert(CE);
    }
  };
  if (const FunctionDecl *Callee = CE->getDirectCallee()) {
    Add(Callee);
    return;
  }
  const auto *ULE = dyn_cast_or_null<UnresolvedLookupExpr>(CE->getCallee()->IgnoreParenImpCasts());
  if (!ULE)
    return;
  for (const NamedDecl *D : ULE->decls()) {
    D = D->getUnderlyingDecl();
    if (const auto *FTD = dyn_cast<FunctionTemplateDecl>(D))
      Add(FTD->getTemplatedDecl());
    else
      Add(dyn_cast<FunctionDecl>(D));
  }
}

// A template's local of a type the template decides, given to a project function
// ('auto m = tile.ballot(p); ffs32(m)'): an instantiation may narrow a 64-bit mask there.
void WarpBodyScanner::dependentMaskArguments(const CallExpr *CE) {
  if (F.Instantiation)
    return;
  for (const Expr *Arg : CE->arguments()) {
    const auto *DRE = dyn_cast<DeclRefExpr>(Arg->IgnoreParenImpCasts());
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (VD && VD->isLocalVarDecl() && VD->getType()->isDependentType() && VD->getInit() &&
        isa<CallExpr>(VD->getInit()->IgnoreParenImpCasts())) {
      F.DependentCandidate = true;
      F.DependentMaskSites.push_back(DRE->getBeginLoc());
    }
  }
}

// The intrinsics other than shuffles: masks, whole-wavefront votes, matrix cores, bit counts.
void WarpBodyScanner::maskAndBitCalls(const CallExpr *CE, StringRef Name) {
  const bool MaskKept = T.takesMask(Name) && !projectOverloadDropsMask(CE);
  if (MaskKept && !narrowFullMask(CE, Name) && explicitArg(CE, 0) &&
      (isNarrowMaskValue(CE->getArg(0)) || isNarrowMaskType(CE->getArg(0))))
    F.NarrowMaskTypes.push_back({CE, Name});
  if (T.isFullWavefront(Name))
    F.FullOps.push_back({CE, Name});
  if (T.isHalfConfined(Name))
    F.HalfConfinedSwaps.push_back(CE);
  F.CrossesHalves |= T.isFullWavefront(Name) || T.isLaneCrossingBuiltin(Name);
  if (T.isMatrixCore(Name))
    F.MatrixCore = true;
  if (T.isWave32OnlyBuiltin(Name))
    F.Wave32Builtins.push_back(CE);
  if (const BitOp32 *B = T.bitOp(Name); B && CE->getNumArgs() == 1) {
    BitOps.push_back({CE, B});
    BitOpArgs.insert(CE->getArg(0));
    if (CE->getArg(0)->isTypeDependent()) {
      F.DependentCandidate = true;
      F.DependentMaskSites.push_back(CE->getBeginLoc());
    }
  }
}

bool WarpBodyScanner::VisitCastExpr(CastExpr *CE) {
  // C++ spells '(uint32_t)v' as a no-op cast around the implicit conversion that does the work.
  if (const auto *EC = dyn_cast<ExplicitCastExpr>(CE))
    if (const auto *IC = dyn_cast<ImplicitCastExpr>(EC->getSubExpr());
        IC && IC->isPartOfExplicitCast() && IC->getCastKind() == CK_IntegralCast)
      WrittenCasts[IC] = EC;
  if (CE->getCastKind() == CK_IntegralCast)
    Casts.push_back(CE);
  else if (isa<ExplicitCastExpr>(CE) && CE->getCastKind() == CK_Dependent)
    dependentNarrowing(CE->getSubExpr(), CE->getType());
  return true;
}

// Whether E (through the locals it names) is the bit offset of the lane's own 32-lane half of the
// wavefront, 0 or 32: 'lane & 32' (any mask that keeps bit 5 and clears bits 0-4 of a lane id), or
// 32 times the half index ('32 * ((threadIdx.x % warpSize) / 32)'). A lane id itself
// ('(votes >> lane) & 1', one bit per lane) is no half offset.
bool WarpBodyScanner::selectsLaneHalf(const Expr *E, unsigned Depth) const {
  E = E->IgnoreParenCasts();
  auto Local = [&](const Expr *X) -> const Expr * {
    const auto *DRE = dyn_cast<DeclRefExpr>(X->IgnoreParenCasts());
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    return VD && VD->isLocalVarDecl() && VD->getInit() && Depth < 3 ? VD->getInit() : nullptr;
  };
  if (const Expr *Init = Local(E))
    return selectsLaneHalf(Init, Depth + 1);
  // A lane or thread index, seen through the locals it was computed in.
  std::function<bool(const Expr *, unsigned)> FromLane = [&](const Expr *X, unsigned D) {
    X = X->IgnoreParenCasts();
    if (matchThreadIndex(X))
      return true;
    if (const auto *CE = dyn_cast<CallExpr>(X); CE && calleeName(CE) == "__lane_id")
      return true;
    if (const Expr *Init = D < 3 ? Local(X) : nullptr)
      return FromLane(Init, D + 1);
    return llvm::any_of(X->children(), [&](const Stmt *C) {
      const auto *CX = dyn_cast_or_null<Expr>(C);
      return CX && FromLane(CX, D);
    });
  };
  // The half index: a lane or thread index divided by 32.
  std::function<bool(const Expr *, unsigned)> HalfIndex = [&](const Expr *X, unsigned D) {
    X = X->IgnoreParenCasts();
    if (const Expr *Init = D < 3 ? Local(X) : nullptr)
      return HalfIndex(Init, D + 1);
    const auto *BO = dyn_cast<BinaryOperator>(X);
    if (!BO)
      return false;
    std::optional<uint64_t> R = integerLiteralValue(BO->getRHS()->IgnoreParenCasts());
    return ((BO->getOpcode() == BO_Div && R == 32u) || (BO->getOpcode() == BO_Shr && R == 5u)) &&
           FromLane(BO->getLHS(), D);
  };
  const auto *BO = dyn_cast<BinaryOperator>(E);
  if (!BO)
    return false;
  for (auto [C, Other] : {std::pair(BO->getRHS(), BO->getLHS()), std::pair(BO->getLHS(), BO->getRHS())}) {
    std::optional<uint64_t> V = integerLiteralValue(C->IgnoreParenCasts());
    if (!V)
      continue;
    if (BO->getOpcode() == BO_And && (*V & 0x3f) == 0x20 && FromLane(Other, Depth))
      return true;
    if (BO->getOpcode() == BO_Mul && *V == 32 && HalfIndex(Other, Depth))
      return true;
  }
  return false;
}

// A ballot whose result is shifted right by the lane's half offset before use is a vote of the
// caller's 32 lanes (the sub-warp ballot of ports that keep a 32-bit mask layout: aihwkit's
// pulse words, RXMesh's bitmasks), not an operation across the wavefront's 32-lane groups.
void WarpBodyScanner::settleHalfBallots() {
  llvm::DenseSet<const CallExpr *> Quiet;
  // The calls an amount is computed from, through the locals it names: the lane id that picks the
  // half is part of that vote too.
  std::function<void(const Stmt *, unsigned)> Calls = [&](const Stmt *S, unsigned Depth) {
    if (!S)
      return;
    if (const auto *CE = dyn_cast<CallExpr>(S))
      Quiet.insert(CE);
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()); VD && VD->isLocalVarDecl() && Depth < 3)
        Calls(VD->getInit(), Depth + 1);
    for (const Stmt *C : S->children())
      Calls(C, Depth);
  };
  for (const CrossLaneOp &Op : F.FullOps) {
    if (!Op.Call || !T.returnsLaneMask(Op.Name))
      continue;
    for (const auto &[Value, Amount] : RightShifts) {
      const auto *DRE = dyn_cast<DeclRefExpr>(Value);
      const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
      auto It = VD ? CallInits.find(VD) : CallInits.end();
      bool OfBallot = Value == Op.Call || (It != CallInits.end() && It->second == Op.Call);
      if (OfBallot && selectsLaneHalf(Amount)) {
        Quiet.insert(Op.Call);
        Calls(Amount, 0);
      }
    }
  }
  llvm::erase_if(F.FullOps, [&](const CrossLaneOp &Op) { return Op.Call && Quiet.contains(Op.Call); });
  // A narrowed vote stored in a local that nothing reads loses nothing: PuReMD's mask, whose only use
  // is the mask argument of a shuffle macro that drops it on AMD.
  auto Unread = [&](const VarDecl *VD) { return Named.lookup(VD) <= Assigned.lookup(VD); };
  llvm::erase_if(F.NarrowCasts, [&](const NarrowValue &N) {
    const Expr *Source = N.Source->IgnoreParenImpCasts();
    return llvm::any_of(CallInits, [&](const auto &Init) { return Init.second == Source && Unread(Init.first); }) ||
           llvm::any_of(CallStores, [&](const auto &Store) { return Store.second == Source && Unread(Store.first); });
  });
}

// A vote whose every use is the mask argument of a *_sync call ('m = __ballot_sync(__activemask(),
// ok); v = __shfl_sync(m, v, lane - 1, 32)') names the lanes taking part: on AMD the mask moves
// no data between the 32-lane groups, so it is not the wavefront-wide operation a 32-lane grouping
// can meet. A narrowed one is still a narrowing.
void WarpBodyScanner::settleMaskOnlyVotes() {
  auto OnlyMask = [&](const CrossLaneOp &Op) {
    if (!Op.Call || !T.returnsLaneMask(Op.Name))
      return false;
    if (MaskArgCalls.contains(Op.Call))
      return true;
    for (const auto &[VD, Init] : CallInits)
      if (Init == Op.Call)
        return Assigned.lookup(VD) == 0 && Named.lookup(VD) > 0 && Named.lookup(VD) == MaskArgUses.lookup(VD);
    return false;
  };
  llvm::erase_if(F.FullOps, OnlyMask);
}

} // namespace rocmtidy
