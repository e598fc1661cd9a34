// Lane groupings: which operands are thread indices or lane numbers, which constants are warp
// widths and where they come from, and what callers pass to the unit's own helpers.

#include "ast/MacroChain.h"
#include "ast/StmtWalk.h"
#include "ast/warp/BodyScanner.h"
#include "ast/warp/WarpExprs.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace rocmtidy {

using namespace warp;

std::optional<int64_t> WarpBodyScanner::evaluate(const Expr *E) {
  if (!E || E->isValueDependent())
    return std::nullopt;
  if (auto V = constantValue(E, Ctx))
    return V;
  // A local whose one reaching definition is a constant.
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()); VD && LaneValueAnalysis::follows(VD))
      if (const Expr *Def = analysis().singleDefinition(DRE); Def && Def != E)
        return evaluate(Def);
  // Arithmetic on such a local: 'for (int off = ws / 2; ...)' after 'int ws = 32;'.
  const auto *BO = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
  if (!BO || !BO->getType()->isIntegerType())
    return std::nullopt;
  // Only operands that can fold: literals, locals, constants, arithmetic on them ('threadIdx.x / 32'
  // stops here, without the dataflow).
  auto Foldable = [](const Expr *X) {
    X = X->IgnoreParenImpCasts();
    if (isa<IntegerLiteral, BinaryOperator>(X))
      return true;
    const auto *DRE = dyn_cast<DeclRefExpr>(X);
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    return VD && (VD->isLocalVarDecl() || VD->getType().isConstQualified());
  };
  if (!Foldable(BO->getLHS()) || !Foldable(BO->getRHS()))
    return std::nullopt;
  auto L = evaluate(BO->getLHS());
  if (!L)
    return std::nullopt;
  auto R = evaluate(BO->getRHS());
  if (!R || *L < 0 || *R < 0 || *L > (1 << 20) || *R > (1 << 20))
    return std::nullopt;
  return foldBinary(BO->getOpcode(), *L, *R);
}

// A warp number of 32-lane groups ('tid / 32', 'tid >> 5', or a local holding one) times the
// wavefront width ('warpSize', or a project constant that is 64 for this target).
void WarpBodyScanner::settleScaledWarpIds() {
  if (Products.empty() || llvm::none_of(F.Groupings, [](const LaneGrouping32 &G) { return G.numbersWarps(); }))
    return;
  auto WarpOf32 = [&](const Expr *E) -> const BinaryOperator * {
    E = E->IgnoreParenImpCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()); VD && LaneValueAnalysis::follows(VD))
        if (const Expr *Def = analysis().singleDefinition(DRE))
          E = Def->IgnoreParenImpCasts();
    for (const LaneGrouping32 &G : F.Groupings)
      if (G.numbersWarps() && G.Op == E)
        return G.Op;
    return nullptr;
  };
  for (const BinaryOperator *Mul : Products)
    for (bool Swap : {false, true}) {
      const Expr *Width = Swap ? Mul->getLHS() : Mul->getRHS();
      const BinaryOperator *Group = WarpOf32(Swap ? Mul->getRHS() : Mul->getLHS());
      if (Group && (isWarpSizeRef(Width) || namedWavefront(Width, 64))) {
        F.ScaledWarpIds.push_back({Mul, Group});
        break;
      }
    }
}

// A count rounded up by one width and divided by the other ('(blockDim.x + warpSize - 1) >> 5'):
// the terms added to the numerator, not those subtracted, hold the rounding.
void WarpBodyScanner::mixedRounding(const BinaryOperator *BO) {
  bool ByWarpSize = BO->getOpcode() == BO_Div && isWarpSizeRef(BO->getRHS());
  // Constants as written: a division by a local does not build the function's dataflow.
  std::optional<int64_t> D = ByWarpSize ? std::nullopt : constantValue(BO->getRHS(), Ctx);
  bool By32 = D && *D == (BO->getOpcode() == BO_Div ? 32 : 5);
  if (!ByWarpSize && !By32)
    return;
  std::function<bool(const Expr *)> Adds = [&](const Expr *E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *Sum = dyn_cast<BinaryOperator>(E); Sum && Sum->isAdditiveOp())
      return Adds(Sum->getLHS()) || (Sum->getOpcode() == BO_Add && Adds(Sum->getRHS()));
    if (By32)
      return isWarpSizeRef(E);
    std::optional<int64_t> V = constantValue(E, Ctx);
    return V && *V == 31;
  };
  const auto *Num = dyn_cast<BinaryOperator>(BO->getLHS()->IgnoreParenImpCasts());
  if (Num && Num->isAdditiveOp() && Adds(Num))
    F.MixedRoundings.push_back({BO, ByWarpSize});
}

// The name of the warp-width macro whose body wrote Loc, if any; Other is set when a macro not
// named like a warp width wrote it.
StringRef WarpBodyScanner::macroName(SourceLocation Loc, bool &Other) {
  StringRef Found;
  anyMacroCaller(Loc, SM, Ctx.getLangOpts(), [&](StringRef Name, SourceLocation) {
    if (M.isWarpSizeName(Name))
      Found = Name;
    else
      Other = true;
    return !Found.empty();
  });
  return Found;
}

// Where the lane-count constant E comes from, if it is one: a literal, or a value named like a
// warp width (macro, constant at any scope, member, or a local initialised from one).
std::optional<ConstantOrigin> WarpBodyScanner::origin(const Expr *E, unsigned Depth) {
  if (!E || E->isValueDependent() || Depth > 4)
    return std::nullopt;
  const Expr *S = E->IgnoreParenImpCasts();
  ConstantOrigin O;
  bool OtherMacro = false;
  // The whole operand written by one macro ('WARP_SIZE', not 'WARP_SIZE - 1').
  bool OneMacro = S->getBeginLoc().isMacroID() && S->getEndLoc().isMacroID() &&
                  SM.getExpansionLoc(S->getBeginLoc()) == SM.getExpansionLoc(S->getEndLoc());
  StringRef Macro = OneMacro || isa<IntegerLiteral>(S) ? macroName(S->getBeginLoc(), OtherMacro) : StringRef();
  if (!Macro.empty()) {
    auto V = evaluate(S);
    if (!V)
      return std::nullopt;
    O.Value = O.NameValue = *V;
    O.Name = Macro.str();
    // The macro's body: where the value is spelled.
    O.Defined = SM.getSpellingLoc(S->getBeginLoc());
    return O;
  }
  if (const auto *IL = dyn_cast<IntegerLiteral>(S)) {
    O.Value = IL->getValue().getZExtValue();
    O.IsLiteral = !OtherMacro && IL->getBeginLoc().isFileID();
    O.InOtherMacro = OtherMacro;
    return O;
  }
  const ValueDecl *Named = nullptr;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    Named = DRE->getDecl();
  else if (const auto *ME = dyn_cast<MemberExpr>(S))
    Named = ME->getMemberDecl();
  else if (const auto *BO = dyn_cast<BinaryOperator>(S);
           BO && (BO->getOpcode() == BO_Sub || BO->getOpcode() == BO_Div || BO->getOpcode() == BO_Add)) {
    // 'WARP_SIZE - 1', 'kWarpSize / 2': named by its first operand.
    auto L = origin(BO->getLHS(), Depth + 1);
    auto V = evaluate(S);
    if (!L || !V)
      return std::nullopt;
    // '(32 - 1)': literals on both sides, the grouping spelled out (no fix-it rewrites it).
    if (L->Name.empty() && !(L->IsLiteral && isa<IntegerLiteral>(BO->getRHS()->IgnoreParenImpCasts())))
      return std::nullopt;
    if (L->Name.empty())
      L->IsLiteral = false;
    L->Value = *V;
    return L;
  }
  return namedOrigin(S, Named, Depth);
}

// A declaration named like a warp width, or a local initialised from one ('int ws = WARP_SIZE;').
std::optional<ConstantOrigin> WarpBodyScanner::namedOrigin(const Expr *S, const ValueDecl *Named, unsigned Depth) {
  if (!Named || !Named->getIdentifier())
    return std::nullopt;
  if (M.isWarpSizeName(Named->getName())) {
    std::optional<int64_t> V = evaluate(S);
    if (!V)
      if (const auto *FD = dyn_cast<FieldDecl>(Named); FD && FD->getInClassInitializer())
        V = evaluate(FD->getInClassInitializer());
    if (!V)
      return std::nullopt;
    ConstantOrigin O;
    O.Value = O.NameValue = *V;
    O.Name = Named->getName().str();
    O.Defined = Named->getLocation();
    return O;
  }
  if (const auto *VD = dyn_cast<VarDecl>(Named); VD && VD->isLocalVarDecl())
    if (const Expr *Def = analysis().singleDefinition(S))
      if (auto Inner = origin(Def, Depth + 1); Inner && !Inner->Name.empty())
        return Inner;
  return std::nullopt;
}

// In an instantiation only what the template argument decides counts; the rest is the
// template's own finding.
std::optional<ConstantOrigin> WarpBodyScanner::instantiatedOrigin(const Expr *Constant) {
  const SubstNonTypeTemplateParmExpr *Sub = templateArgument(Constant);
  auto V = Sub ? evaluate(Constant) : std::nullopt;
  if (!V || !Sub->getParameter()->getIdentifier())
    return std::nullopt;
  ConstantOrigin O;
  O.Value = *V;
  O.NameValue = evaluate(Sub).value_or(*V);
  O.Name = Sub->getParameter()->getName().str();
  O.Defined = Sub->getParameter()->getLocation();
  O.InstantiatedAt = F.Instantiation->getPointOfInstantiation();
  return O;
}

bool WarpBodyScanner::candidate(const BinaryOperator *BO, const Expr *Operand, const Expr *Constant, uint64_t Want,
                                LaneGrouping32::Kind K) {
  // The tile<I, J> layouts of matrix-core code ('if constexpr (I == 32 && J == 32) return threadIdx.x % 32;'):
  // a branch no instantiation compiles is not this target's code.
  if ((Constant->isValueDependent() || DependentBranchDepth) && !Operand->isTypeDependent()) {
    F.DependentCandidate = true;
    return false;
  }
  // 'off > 0': a literal is no thread's index, and the constant side need not be looked up.
  if (isa<IntegerLiteral>(Operand->IgnoreParenImpCasts()))
    return false;
  std::optional<ConstantOrigin> O = F.Instantiation ? instantiatedOrigin(Constant) : origin(Constant);
  // An instantiation's chosen branch was left to it by the template's walk: a 32 written there (a
  // literal, or a name that is 32 itself) is read; one the arguments compute ('warp_size / cols_per_warp'
  // with a warp_size of 64) is a layout of the instantiation's, not a warp width.
  if (!O && F.Instantiation && ChosenBranchDepth) {
    O = origin(Constant);
    if (O && !O->IsLiteral && (O->Name.empty() || O->NameValue != O->Value))
      O.reset();
  }
  if (!O || O->Value != Want)
    return false;
  // 'lane % 32', 'lane / 32' of a 'lane = tid % WARP_SIZE' with a width of 64: the code numbers the
  // halves of a wavefront it knows to be 64 lanes wide.
  if (K != LaneGrouping32::FirstWarpTest && K != LaneGrouping32::ThreadShiftBack)
    if (const auto *Use = dyn_cast<DeclRefExpr>(Operand->IgnoreParenImpCasts()))
      if (const Expr *Def = analysis().singleDefinition(Use);
          Def && llvm::is_contained(F.HardwareGroupings, Def->IgnoreParenImpCasts()))
        F.HalfSplits = true;
  const ValueDecl *Via = nullptr;
  ThreadValue V = analysis().classify(Operand, &Via);
  bool Lane = V == ThreadValue::ThreadIndex || V == ThreadValue::LaneId;
  switch (K) {
  case LaneGrouping32::ThreadShiftBack:
    // Only a warp number shifted back ('warp << 5'); 'tid << 5' scales an element offset.
    if (V != ThreadValue::WarpId)
      return false;
    break;
  case LaneGrouping32::WarpShift:
  case LaneGrouping32::WarpDivide:
    // 'blockDim.x / 32': the number of warps in the block.
    if (!Lane && isBlockDimX(Operand))
      K = LaneGrouping32::WarpCount;
    else if (!Lane)
      return false;
    break;
  case LaneGrouping32::FirstWarpTest:
    if (V != ThreadValue::ThreadIndex)
      return false;
    break;
  default:
    if (!Lane)
      return false;
  }
  F.Groupings.push_back({K, BO, Constant, *O, Via, ChosenBranchDepth > 0});
  return true;
}

// A constant named like a warp width whose value is 64, the width of the wavefront this parse
// targets ('WARP_SIZE' under a wave64 define, 'kWaveSize' for gfx9), or Want computed from it
// ('WARP_SIZE - 1'): grouping lanes by it is grouping by the hardware width.
bool WarpBodyScanner::namedWavefront(const Expr *E, uint64_t Want) {
  if (!E || E->isValueDependent() || F.Instantiation)
    return false;
  std::optional<ConstantOrigin> O = origin(E);
  return O && !O->Name.empty() && O->NameValue == 64 && O->Value == Want;
}

void WarpBodyScanner::hardware(const BinaryOperator *BO, const Expr *Operand) {
  ThreadValue V = analysis().classify(Operand);
  if (V == ThreadValue::ThreadIndex || V == ThreadValue::LaneId)
    F.HardwareGroupings.push_back(BO);
}

bool WarpModel::returnsHardwareLane(const FunctionDecl *FD, unsigned Depth) {
  if (!FD || Depth > 3)
    return false;
  return everyReturn(
      FD, Ctx, HardwareLaneReturns, [](const FunctionDecl &Def) { return Def.getReturnType()->isIntegerType(); },
      [&](const FunctionDecl &, const Expr *R) {
        const auto *CE = R ? dyn_cast<CallExpr>(R->IgnoreParenImpCasts()) : nullptr;
        return CE && (isHardwareLaneCall(CE) || returnsHardwareLane(CE->getDirectCallee(), Depth + 1));
      });
}

// '__lane_id() & 31' numbers lanes inside 32-lane groups: the call is what the grouping divides,
// not an operation across the groups, so it meets none of them. A local holding the call counts
// only when every read of it is grouped so ('lane == 0' beside it is the hardware numbering). A
// half number ('__lane_id() / 32') still counts: it says which 32 lanes the code takes a warp for.
void WarpBodyScanner::dropGroupedLaneIds() {
  auto Grouped = [&](const Expr *E) {
    return llvm::any_of(F.Groupings, [&](const LaneGrouping32 &G) {
      bool Lane = G.K == LaneGrouping32::LaneMask || G.K == LaneGrouping32::LaneModulo;
      return Lane && (G.Op->getLHS()->IgnoreParenImpCasts() == E || G.Op->getRHS()->IgnoreParenImpCasts() == E);
    });
  };
  auto OnlyGrouped = [&](const VarDecl *VD) {
    return walkStmts(F.Body, [&](const Stmt *S) {
      const auto *DRE = dyn_cast<DeclRefExpr>(S);
      return DRE && DRE->getDecl() == VD && !Grouped(DRE) ? StmtWalk::Stop : StmtWalk::Continue;
    });
  };
  llvm::erase_if(F.FullOps, [&](const CrossLaneOp &Op) {
    if (Op.Name != "__lane_id")
      return false;
    if (Grouped(Op.Call))
      return true;
    return llvm::any_of(F.Groupings, [&](const LaneGrouping32 &G) {
      const auto *VD = dyn_cast_or_null<VarDecl>(G.Via);
      return VD && VD->hasLocalStorage() && VD->getInit() && VD->getInit()->IgnoreParenImpCasts() == Op.Call &&
             OnlyGrouped(VD);
    });
  });
}

// A lane number that can reach 63 on a 64-lane wavefront.
bool WarpBodyScanner::reaches63(const Expr *E, unsigned Depth) {
  if (!E || Depth > 4)
    return false;
  E = E->IgnoreParenImpCasts();
  if (const auto *CE = dyn_cast<CallExpr>(E))
    return isHardwareLaneCall(CE) || M.returnsHardwareLane(CE->getDirectCallee());
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    bool Hw = false;
    // The constant may be the project's own wave size, 64 for the target parsed ('WarpSize').
    auto Is = [&](const Expr *X, int64_t V) {
      auto C = X->isValueDependent() ? std::nullopt : constantValue(X, Ctx);
      return C && *C == V;
    };
    if (BO->getOpcode() == BO_Rem)
      Hw = isWarpSizeRef(BO->getRHS()) || Is(BO->getRHS(), 64);
    else if (BO->getOpcode() == BO_And)
      Hw = isWarpSizeMinusOne(BO->getRHS()) || Is(BO->getRHS(), 63);
    if (!Hw)
      return false;
    ThreadValue V = analysis().classify(BO->getLHS());
    return V == ThreadValue::ThreadIndex || V == ThreadValue::LaneId;
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *P = dyn_cast<ParmVarDecl>(DRE->getDecl())) {
      auto It = F.Seeds.find(P);
      return It != F.Seeds.end() && It->second.Reaches63;
    }
    if (auto Defs = analysis().reaching(DRE))
      for (const Expr *D : *Defs)
        if (reaches63(D, Depth + 1))
          return true;
  }
  return false;
}

// Thread indices and lane numbers passed to the unit's own functions: the helper is analysed
// again with them (WarpModel::finish).
void WarpBodyScanner::seedArguments(const CallExpr *CE) {
  const FunctionDecl *Callee = CE->getDirectCallee();
  if (!Callee || isa<CXXOperatorCallExpr>(CE) || Callee->getNumParams() == 0 ||
      SM.isInSystemHeader(SM.getExpansionLoc(Callee->getLocation())))
    return;
  if (const FunctionDecl *Pattern = Callee->getTemplateInstantiationPattern())
    Callee = Pattern;
  for (unsigned I = 0, N = std::min(CE->getNumArgs(), Callee->getNumParams()); I < N; ++I) {
    const Expr *Arg = CE->getArg(I);
    if (isa<CXXDefaultArgExpr>(Arg) || Arg->isTypeDependent() || !Arg->getType()->isIntegerType())
      continue;
    ParamSeed S;
    S.V = analysis().classify(Arg);
    S.Reaches63 = reaches63(Arg);
    S.Call = CE;
    if (S.V != ThreadValue::None || S.Reaches63)
      F.ArgSeeds.push_back({Callee->getCanonicalDecl(), I, S});
  }
}

namespace {
// Parameters of one body used as both a lane of 32 ('p & 31', 'p % 32') and a warp of 32
// ('p >> 5', 'p / 32').
struct SplitUses {
  llvm::DenseMap<const ParmVarDecl *, const BinaryOperator *> Lanes, Warps;
};

SplitUses findSplitUses(const FunctionDecl *FD, const Stmt *Body, const ASTContext &Ctx) {
  SplitUses U;
  walkStmts(Body, [&](const Stmt *St) {
    const auto *BO = dyn_cast<BinaryOperator>(St);
    const auto *DRE = BO ? dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts()) : nullptr;
    const auto *P = DRE ? dyn_cast<ParmVarDecl>(DRE->getDecl()) : nullptr;
    if (!P || P->getDeclContext() != FD || !P->getType()->isIntegerType() || BO->getRHS()->isValueDependent())
      return StmtWalk::Continue;
    auto V = constantValue(BO->getRHS(), Ctx);
    if (!V)
      return StmtWalk::Continue;
    BinaryOperatorKind Op = BO->getOpcode();
    if ((Op == BO_And && *V == 31) || (Op == BO_Rem && *V == 32))
      U.Lanes[P] = BO;
    else if ((Op == BO_Shr && *V == 5) || (Op == BO_Div && *V == 32))
      U.Warps[P] = BO;
    return StmtWalk::Continue;
  });
  return U;
}
} // namespace

// A parameter that no caller in the unit gives a lane value, split in the body into a lane and a
// warp of 32 ('lane = tid & 31; warp = tid >> 5'): the pair is what code does to a thread index,
// so the parameter is read as one (a helper called only from other files, or not yet). A lone
// '& 31' (a bit of a 32-bit word) is not enough.
void WarpBodyScanner::seedSplitParameters() {
  const auto *FD = dyn_cast<FunctionDecl>(F.D);
  if (!FD || !F.Body)
    return;
  if (llvm::none_of(FD->parameters(), [](const ParmVarDecl *P) { return P->getType()->isIntegerType(); }))
    return;
  SplitUses Uses = findSplitUses(FD, F.Body, Ctx);
  for (const auto &[P, Lane] : Uses.Lanes) {
    auto Warp = Uses.Warps.find(P);
    if (Warp == Uses.Warps.end() || F.Seeds.count(P))
      continue;
    ParamSeed S;
    S.V = ThreadValue::ThreadIndex;
    S.SplitAt = Warp->second;
    F.Seeds[P] = S;
  }
}

// 'lane == 0' where 'lane' is a lane of a 32-lane group (the grouping itself, or a local that
// holds it).
void WarpBodyScanner::settleLane0Tests() {
  // 'if (tid == 0) ... if (tid == 32) ...': each 32-lane half's first thread reads its own half.
  auto ThreadIndex = [&](const Expr *E) { return analysis().classify(E) == ThreadValue::ThreadIndex; };
  if (!UpperLeaderTests.empty() && llvm::any_of(UpperLeaderTests, ThreadIndex) && llvm::any_of(ZeroTests, ThreadIndex))
    F.HalfLeaders = true;
  llvm::DenseSet<const Expr *> Lanes;
  for (const LaneGrouping32 &G : F.Groupings)
    if (G.K == LaneGrouping32::LaneModulo || G.K == LaneGrouping32::LaneMask)
      Lanes.insert(G.Op);
  if (Lanes.empty())
    return;
  for (const Expr *E : ZeroTests) {
    E = E->IgnoreParenImpCasts();
    if (const Expr *Def = analysis().singleDefinition(E))
      E = Def->IgnoreParenImpCasts();
    if (Lanes.contains(E)) {
      F.Lane0Of32 = true;
      return;
    }
  }
}

// The grouping that numbers lanes within 32 ('tid & 31', 'tid % 32') and whose value E is, read
// through locals with one reaching definition; null for anything else (an offset lane included).
const LaneGrouping32 *WarpBodyScanner::laneOf32(const Expr *E, unsigned Depth) {
  if (!E || Depth > 3)
    return nullptr;
  const Expr *X = E->IgnoreParenImpCasts();
  for (const LaneGrouping32 &G : F.Groupings)
    if (G.Op == X && (G.K == LaneGrouping32::LaneModulo || G.K == LaneGrouping32::LaneMask))
      return &G;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(X))
    if (const Expr *Def = analysis().singleDefinition(DRE); Def && Def != X)
      return laneOf32(Def, Depth + 1);
  return nullptr;
}

// 'for (col = tid & 31; col < n; col += warpSize)': the lanes of a 32-lane warp walk the row in
// steps of the wavefront width. On 64 lanes each step is 64 elements, and the 32 lanes cover only
// the first 32 of them: the rest are never visited. The width comes as 'warpSize', through a local
// that holds it, or as a name of the width that is 64 on AMD.
void WarpBodyScanner::settleLaneStrides() {
  for (const ForStmt *FS : CountedLoops) {
    auto [VD, Start] = loopStart(FS);
    const Expr *Step = addedStep(FS->getInc(), VD);
    if (!Step || Step->isValueDependent())
      continue;
    const LaneGrouping32 *Lane = laneOf32(Start);
    if (!Lane)
      continue;
    bool Width = analysis().value(Step).K == LaneValue::Width;
    if (!Width && (isWidthOperand(Step) || mentionsWidthName(Step)))
      Width = valueAt64Lanes(Step, Ctx) == std::optional<int64_t>(64);
    if (Width)
      F.LaneStrides.push_back({FS, Step, Lane->Op});
  }
}

} // namespace rocmtidy
