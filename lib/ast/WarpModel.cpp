#include "ast/WarpModel.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <functional>

using namespace clang;

namespace rocmtidy {

namespace {

const Expr *explicitArg(const CallExpr *CE, unsigned I) {
  if (I >= CE->getNumArgs() || isa<CXXDefaultArgExpr>(CE->getArg(I)))
    return nullptr;
  return CE->getArg(I);
}

bool mentionsWarpSize(const Stmt *S) {
  if (const auto *E = dyn_cast<Expr>(S); E && isWarpSizeRef(E))
    return true;
  for (const Stmt *C : S->children())
    if (C && mentionsWarpSize(C))
      return true;
  return false;
}

bool refersTo(const Expr *E, const VarDecl *VD) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  return DRE && DRE->getDecl() == VD;
}

bool isLit(const Expr *E, uint64_t V) {
  auto L = integerLiteralValue(E);
  return L && *L == V;
}

// 'o /= 2', 'o >>= 1', 'o = o / 2', 'o = o >> 1' (Halve), or the doubling forms.
bool steps(const Expr *Inc, const VarDecl *VD, bool Halve) {
  if (!Inc)
    return false;
  BinaryOperatorKind DivAssign = Halve ? BO_DivAssign : BO_MulAssign, ShAssign = Halve ? BO_ShrAssign : BO_ShlAssign;
  BinaryOperatorKind Div = Halve ? BO_Div : BO_Mul, Sh = Halve ? BO_Shr : BO_Shl;
  Inc = Inc->IgnoreParens();
  if (const auto *CA = dyn_cast<CompoundAssignOperator>(Inc))
    return refersTo(CA->getLHS(), VD) && ((CA->getOpcode() == DivAssign && isLit(CA->getRHS(), 2)) ||
                                          (CA->getOpcode() == ShAssign && isLit(CA->getRHS(), 1)));
  if (const auto *BO = dyn_cast<BinaryOperator>(Inc); BO && BO->getOpcode() == BO_Assign && refersTo(BO->getLHS(), VD))
    if (const auto *R = dyn_cast<BinaryOperator>(BO->getRHS()->IgnoreParenImpCasts()); R && refersTo(R->getLHS(), VD))
      return (R->getOpcode() == Div && isLit(R->getRHS(), 2)) || (R->getOpcode() == Sh && isLit(R->getRHS(), 1));
  return false;
}

// The counter of a for-loop and its start: 'int o = 16' or 'o = 16'.
std::pair<const VarDecl *, const Expr *> loopStart(const ForStmt *FS) {
  if (!FS->getInit())
    return {nullptr, nullptr};
  if (const auto *DS = dyn_cast<DeclStmt>(FS->getInit())) {
    if (const auto *VD = dyn_cast_or_null<VarDecl>(DS->isSingleDecl() ? DS->getSingleDecl() : nullptr))
      return {VD, VD->getInit()};
  } else if (const auto *BO = dyn_cast<BinaryOperator>(FS->getInit()); BO && BO->getOpcode() == BO_Assign) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParens()))
      return {dyn_cast<VarDecl>(DRE->getDecl()), BO->getRHS()};
  }
  return {nullptr, nullptr};
}

// The bound of 'o < B' / 'o <= B'.
const Expr *loopBound(const ForStmt *FS, const VarDecl *VD, bool &Inclusive) {
  const auto *BO = dyn_cast_or_null<BinaryOperator>(FS->getCond() ? FS->getCond()->IgnoreParenImpCasts() : nullptr);
  if (!BO || !refersTo(BO->getLHS(), VD) || (BO->getOpcode() != BO_LT && BO->getOpcode() != BO_LE))
    return nullptr;
  Inclusive = BO->getOpcode() == BO_LE;
  return BO->getRHS()->IgnoreParenImpCasts();
}

// How a loop moves its counter through lane offsets.
struct LoopInfo {
  const ForStmt *Loop = nullptr;
  const VarDecl *Counter = nullptr;
  const Expr *Start = nullptr;
  bool Halves = false, Doubles = false;
  bool FromWarpSize = false;                     ///< the start or the bound is computed from warpSize
  std::optional<int64_t> StartValue, BoundValue; ///< BoundValue: the first offset not taken
};

} // namespace

void addBothWidthsTests(const BinaryOperator *Logical, llvm::DenseSet<const Expr *> &Out) {
  if (Logical->getOpcode() != BO_LAnd && Logical->getOpcode() != BO_LOr)
    return;
  auto width = [](const Expr *E) -> std::optional<uint64_t> {
    const auto *BO = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
    if (!BO || (BO->getOpcode() != BO_EQ && BO->getOpcode() != BO_NE))
      return std::nullopt;
    if (auto V = integerLiteralValue(BO->getRHS()))
      return V;
    return integerLiteralValue(BO->getLHS());
  };
  auto L = width(Logical->getLHS()), R = width(Logical->getRHS());
  if (L && R && ((*L == 32 && *R == 64) || (*L == 64 && *R == 32)))
    Out.insert((*L == 32 ? Logical->getLHS() : Logical->getRHS())->IgnoreParenImpCasts());
}

// ---------------------------------------------------------------------------------------------

class WarpBodyScanner : public RecursiveASTVisitor<WarpBodyScanner> {
public:
  WarpBodyScanner(WarpModel &M, FunctionWarpFacts &F)
      : M(M), F(F), Ctx(M.Ctx), SM(Ctx.getSourceManager()), T(warpTables()) {}

  bool shouldVisitLambdaBody() const { return true; }

  bool TraverseLambdaExpr(LambdaExpr *LE) {
    ++LambdaDepth;
    bool R = RecursiveASTVisitor::TraverseLambdaExpr(LE);
    --LambdaDepth;
    return R;
  }

  // In a template definition a ballot of a dependent value has no conversion yet: the narrowing
  // is read from the declared type it is stored in or returned as.
  bool VisitVarDecl(VarDecl *VD) {
    if (const Expr *Init = VD->getInit())
      dependentNarrowing(Init, VD->getType());
    return true;
  }
  bool VisitReturnStmt(ReturnStmt *RS) {
    if (LambdaDepth == 0 && RS->getRetValue())
      if (const auto *FD = dyn_cast<FunctionDecl>(F.D))
        dependentNarrowing(RS->getRetValue(), FD->getReturnType());
    return true;
  }

  void run() {
    TraverseStmt(const_cast<Stmt *>(F.Body));
    memberInitialisers();
    finish();
  }

  // A lane or warp number kept in a member ('int lane = threadIdx.x % 32;', or set in a
  // constructor's initialiser list) is part of every device method of its class: the method that
  // ballots meets the grouping the member was initialised with.
  void memberInitialisers() {
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
  bool TraverseIfStmt(IfStmt *IS) {
    const Expr *Cond = IS->getCond();
    if (!IS->isConstexpr() || !Cond || Cond->isValueDependent())
      return RecursiveASTVisitor::TraverseIfStmt(IS);
    bool Taken = false;
    if (!Cond->EvaluateAsBooleanCondition(Taken, Ctx))
      return RecursiveASTVisitor::TraverseIfStmt(IS);
    if (IS->getInit())
      TraverseStmt(IS->getInit());
    return TraverseStmt(Taken ? IS->getThen() : IS->getElse());
  }

  bool VisitIfStmt(IfStmt *IS) {
    if (IS->getElse() && IS->getCond()) {
      Dispatch.insert(IS->getCond()->IgnoreParenImpCasts());
      // 'if (width == physical_warp_size()) __all_sync(...); else <shuffles>': each branch is
      // taken for its own width, so neither branch's operations meet the other's groupings.
      if (isWidthTest(IS->getCond()))
        WidthDispatch.push_back(IS->getSourceRange());
    }
    return true;
  }
  bool VisitConditionalOperator(ConditionalOperator *CO) {
    Dispatch.insert(CO->getCond()->IgnoreParenImpCasts());
    return true;
  }

  bool VisitForStmt(ForStmt *FS) {
    auto [VD, Start] = loopStart(FS);
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
      if (Bound)
        if (auto B = evaluate(Bound))
          L.BoundValue = *B + (Inclusive ? 1 : 0);
    }
    Loops[VD] = L;
    return true;
  }

  bool VisitBinaryOperator(BinaryOperator *BO) {
    addBothWidthsTests(BO, Dispatch);
    switch (BO->getOpcode()) {
    case BO_Rem:
    case BO_Div:
      if (isWarpSizeRef(BO->getRHS()))
        hardware(BO, BO->getLHS());
      else
        candidate(BO, BO->getLHS(), BO->getRHS(), 32,
                  BO->getOpcode() == BO_Rem ? LaneGrouping32::LaneModulo : LaneGrouping32::WarpDivide);
      break;
    case BO_And:
      if (isWarpSizeMinusOne(BO->getRHS()))
        hardware(BO, BO->getLHS());
      else if (isWarpSizeMinusOne(BO->getLHS()))
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
      else if (isLit(BO->getLHS(), 1) && !BO->isTypeDependent() && BO->getType()->isIntegerType() &&
               Ctx.getIntWidth(BO->getType()) == 32 && reaches63(BO->getRHS()))
        F.NarrowLaneBits.push_back(BO);
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
      // 'lane == 31' / '31 == lane' with a lane number that reaches 63: the last lane of a 32-lane
      // warp is the middle of a wavefront.
      if ((isLit(BO->getRHS(), 31) && reaches63(BO->getLHS())) || (isLit(BO->getLHS(), 31) && reaches63(BO->getRHS())))
        F.LastLane31Tests.push_back(BO);
      if (!Dispatch.contains(BO) && ((isLit(BO->getRHS(), 32) && isWarpSizeRef(BO->getLHS())) ||
                                     (isLit(BO->getLHS(), 32) && isWarpSizeRef(BO->getRHS()))))
        F.WarpSizeTests.push_back(BO);
      break;
    default:
      break;
    }
    return true;
  }

  bool VisitCallExpr(CallExpr *CE) {
    StringRef Name = calleeName(CE);
    if (Name.empty())
      return true;
    if (!CE->getBeginLoc().isValid())
      return true;
    F.Callees.push_back(Name);
    if (!Name.starts_with("__") && Name != "coalesced_threads") {
      seedArguments(CE);
      return true;
    }
    // A call clang repaired ('__shfl_xor_sync' undeclared with old HIP headers: "did you mean
    // '__shfl_xor'?") keeps the written arguments under another function: it says nothing.
    if (SourceLocation NameLoc = CE->getCallee()->getExprLoc();
        NameLoc.isFileID() &&
        Lexer::getSourceText(CharSourceRange::getTokenRange(NameLoc), SM, Ctx.getLangOpts()) != Name)
      return true;
    bool CudaOnly = M.Guards.at(CE->getBeginLoc(), SM) == Platform::CudaOnly;
    if (const ShuffleInfo *S = T.shuffle(Name)) {
      // '#ifdef USE_ROCM __shfl_down(v, i) #else __shfl_down_sync(m, v, i) #endif' inside one loop:
      // the CUDA spelling stands for the AMD one the parse skipped, for the loop's offsets only.
      if (CudaOnly) {
        if (!explicitArg(CE, S->WidthArg) && explicitArg(CE, S->LaneArg))
          DefaultWidth.push_back({CE, S});
        return true;
      }
      shuffle(CE, *S);
      return true;
    }
    if (CudaOnly)
      return true;
    if (T.takesMask(Name) && explicitArg(CE, 0) && isNarrowFullMask(CE->getArg(0)))
      F.NarrowMasks.push_back({CE, Name});
    else if (T.takesMask(Name) && explicitArg(CE, 0) && isNarrowMaskValue(CE->getArg(0)))
      F.NarrowMaskTypes.push_back({CE, Name});
    if (T.isFullWavefront(Name))
      F.FullOps.push_back({CE, Name});
    if (T.isMatrixCore(Name))
      F.MatrixCore = true;
    if (const BitOp32 *B = T.bitOp(Name); B && CE->getNumArgs() == 1) {
      BitOps.push_back({CE, B});
      BitOpArgs.insert(CE->getArg(0));
    }
    return true;
  }

  bool VisitCastExpr(CastExpr *CE) {
    if (CE->getCastKind() == CK_IntegralCast)
      Casts.push_back(CE);
    else if (isa<ExplicitCastExpr>(CE) && CE->getCastKind() == CK_Dependent)
      dependentNarrowing(CE->getSubExpr(), CE->getType());
    return true;
  }

private:
  // Mentions the wavefront width: warpSize, or a name such as 'physical_warp_size()'.
  static bool mentionsWidthName(const Stmt *S) {
    if (const auto *E = dyn_cast<Expr>(S); E && isWarpSizeRef(E))
      return true;
    StringRef Name;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S); DRE && DRE->getDecl()->getIdentifier())
      Name = DRE->getDecl()->getName();
    else if (const auto *CE = dyn_cast<CallExpr>(S))
      Name = calleeName(CE);
    if (!Name.empty()) {
      std::string L = Name.lower();
      if (StringRef(L).contains("warp_size") || StringRef(L).contains("warpsize") ||
          StringRef(L).contains("wave_size") || StringRef(L).contains("wavesize") || StringRef(L).contains("wavefront"))
        return true;
    }
    for (const Stmt *C : S->children())
      if (C && mentionsWidthName(C))
        return true;
    return false;
  }
  static bool isWidthTest(const Expr *Cond) {
    const auto *BO = dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts());
    return BO && (BO->getOpcode() == BO_EQ || BO->getOpcode() == BO_NE) &&
           (mentionsWidthName(BO->getLHS()) || mentionsWidthName(BO->getRHS()));
  }

  std::optional<int64_t> evaluate(const Expr *E) {
    if (!E || E->isValueDependent())
      return std::nullopt;
    Expr::EvalResult R;
    if (E->EvaluateAsInt(R, Ctx))
      return R.Val.getInt().getExtValue();
    // A local assigned one constant.
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
        if (auto Defs = analysis().definitions().definitions(VD); Defs && Defs->size() == 1 && Defs->front() != E)
          return evaluate(Defs->front());
    return std::nullopt;
  }

  static bool isWarpSizeMinusOne(const Expr *E) {
    const auto *BO = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
    return BO && BO->getOpcode() == BO_Sub && isWarpSizeRef(BO->getLHS()) && isLit(BO->getRHS(), 1);
  }

  // The name of the warp-width macro whose body wrote Loc, if any; Other is set when a macro not
  // named like a warp width wrote it.
  StringRef macroName(SourceLocation Loc, bool &Other) {
    const LangOptions &LO = Ctx.getLangOpts();
    for (; Loc.isMacroID(); Loc = SM.getImmediateMacroCallerLoc(Loc)) {
      if (SM.isMacroArgExpansion(Loc))
        continue;
      StringRef Name = Lexer::getImmediateMacroName(Loc, SM, LO);
      if (M.isWarpSizeName(Name))
        return Name;
      Other = true;
    }
    return {};
  }

  // Where the lane-count constant E comes from, if it is one: a literal, or a value named like a
  // warp width (macro, constant at any scope, member, or a local initialised from one).
  std::optional<ConstantOrigin> origin(const Expr *E, unsigned Depth = 0) {
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
      if (!L || L->Name.empty() || !V)
        return std::nullopt;
      L->Value = *V;
      return L;
    }
    if (!Named || !Named->getIdentifier())
      return std::nullopt;
    if (M.isWarpSizeName(Named->getName())) {
      std::optional<int64_t> V = evaluate(S);
      if (!V)
        if (const auto *FD = dyn_cast<FieldDecl>(Named); FD && FD->getInClassInitializer())
          V = evaluate(FD->getInClassInitializer());
      if (!V)
        return std::nullopt;
      O.Value = O.NameValue = *V;
      O.Name = Named->getName().str();
      O.Defined = Named->getLocation();
      return O;
    }
    // A local initialised from a named width: 'int ws = WARP_SIZE;'.
    if (const auto *VD = dyn_cast<VarDecl>(Named); VD && VD->isLocalVarDecl())
      if (auto Defs = analysis().definitions().definitions(VD); Defs && Defs->size() == 1)
        if (auto Inner = origin(Defs->front(), Depth + 1); Inner && !Inner->Name.empty())
          return Inner;
    return std::nullopt;
  }

  // The template parameter an instantiated operand stands for: 'WS' or 'WS - 1'.
  static const SubstNonTypeTemplateParmExpr *templateArgument(const Expr *E) {
    for (;;) {
      E = E->IgnoreParens();
      if (const auto *ICE = dyn_cast<ImplicitCastExpr>(E))
        E = ICE->getSubExpr();
      else
        break;
    }
    if (const auto *Sub = dyn_cast<SubstNonTypeTemplateParmExpr>(E))
      return Sub;
    if (const auto *BO = dyn_cast<BinaryOperator>(E); BO && (BO->getOpcode() == BO_Sub || BO->getOpcode() == BO_Div))
      return templateArgument(BO->getLHS());
    return nullptr;
  }

  bool candidate(const BinaryOperator *BO, const Expr *Operand, const Expr *Constant, uint64_t Want,
                 LaneGrouping32::Kind K) {
    if (Constant->isValueDependent() && !Operand->isTypeDependent()) {
      F.DependentCandidate = true;
      return false;
    }
    std::optional<ConstantOrigin> O;
    if (F.Instantiation) {
      // Only what the template argument decides; the rest is the template's own finding.
      const SubstNonTypeTemplateParmExpr *Sub = templateArgument(Constant);
      auto V = Sub ? evaluate(Constant) : std::nullopt;
      if (!V || !Sub->getParameter()->getIdentifier())
        return false;
      O.emplace();
      O->Value = *V;
      O->NameValue = evaluate(Sub).value_or(*V);
      O->Name = Sub->getParameter()->getName().str();
      O->Defined = Sub->getParameter()->getLocation();
      O->InstantiatedAt = F.Instantiation->getPointOfInstantiation();
    } else {
      O = origin(Constant);
    }
    if (!O || O->Value != Want)
      return false;
    const VarDecl *Via = nullptr;
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
    F.Groupings.push_back({K, BO, Constant, *O, Via});
    return true;
  }

  // blockDim.x in any of its spellings (a field, a property, hipBlockDim_x).
  static bool isBlockDimX(const Expr *E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *PO = dyn_cast<PseudoObjectExpr>(E))
      E = PO->getSyntacticForm()->IgnoreParenImpCasts();
    const Expr *Base = nullptr;
    StringRef Member;
    if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      Base = ME->getBase();
      Member = ME->getMemberDecl()->getIdentifier() ? ME->getMemberDecl()->getName() : StringRef();
    } else if (const auto *MP = dyn_cast<MSPropertyRefExpr>(E)) {
      Base = MP->getBaseExpr();
      Member = MP->getPropertyDecl()->getIdentifier() ? MP->getPropertyDecl()->getName() : StringRef();
    } else if (const auto *CE = dyn_cast<CXXMemberCallExpr>(E)) {
      // HIP 5's coordinate objects: a conversion operator on blockDim.x.
      return isBlockDimX(CE->getImplicitObjectArgument());
    }
    if (!Base || !(Member == "x" || Member == "__fetch_builtin_x"))
      return false;
    Base = Base->IgnoreParenImpCasts();
    if (const auto *OV = dyn_cast<OpaqueValueExpr>(Base); OV && OV->getSourceExpr())
      Base = OV->getSourceExpr()->IgnoreParenImpCasts();
    const auto *DRE = dyn_cast<DeclRefExpr>(Base);
    return DRE && DRE->getDecl()->getIdentifier() && DRE->getDecl()->getName() == "blockDim";
  }

  void hardware(const BinaryOperator *BO, const Expr *Operand) {
    ThreadValue V = analysis().classify(Operand);
    if (V == ThreadValue::ThreadIndex || V == ThreadValue::LaneId)
      F.HardwareGroupings.push_back(BO);
  }

  // A lane number that can reach 63 on a 64-lane wavefront.
  bool reaches63(const Expr *E, unsigned Depth = 0) {
    if (!E || Depth > 4)
      return false;
    E = E->IgnoreParenImpCasts();
    if (const auto *CE = dyn_cast<CallExpr>(E)) {
      StringRef N = calleeName(CE);
      return N == "__lane_id" || N == "__builtin_amdgcn_mbcnt_hi";
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
      bool Hw = false;
      if (BO->getOpcode() == BO_Rem)
        Hw = isWarpSizeRef(BO->getRHS()) || isLit(BO->getRHS(), 64);
      else if (BO->getOpcode() == BO_And)
        Hw = isWarpSizeMinusOne(BO->getRHS()) || isLit(BO->getRHS(), 63);
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
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
        if (auto Defs = analysis().definitions().definitions(VD))
          for (const Expr *D : *Defs)
            if (reaches63(D, Depth + 1))
              return true;
    }
    return false;
  }

  // Thread indices and lane numbers passed to the unit's own functions: the helper is analysed
  // again with them (WarpModel::finish).
  void seedArguments(const CallExpr *CE) {
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

  void dependentNarrowing(const Expr *E, QualType To) {
    if (To.isNull() || To->isDependentType() || !To->isIntegerType() || To->isBooleanType() || bits(To) >= 64)
      return;
    E = E->IgnoreParens();
    const auto *CE = dyn_cast<CallExpr>(E);
    if (!CE || !E->isTypeDependent() || !T.returnsLaneMask(calleeName(CE)))
      return;
    F.NarrowCasts.push_back({E, To, ("result of '" + calleeName(CE) + "'").str()});
  }

  bool isNarrowFullMask(const Expr *Arg) {
    Arg = Arg->IgnoreImpCasts();
    if (Arg->isValueDependent())
      return false;
    Expr::EvalResult R;
    if (!Arg->EvaluateAsInt(R, Ctx))
      return false;
    llvm::APSInt Mask = R.Val.getInt();
    // Widened as the call widens it: '~0u' stays 0xffffffff, '-1' becomes all ones.
    return Mask.getBitWidth() <= 64 && Mask.extend(64).getZExtValue() == 0xffffffffULL;
  }

  // A mask computed at run time in a 32-bit type. Constants are left to isNarrowFullMask (a
  // partial constant mask is a choice); a variable holding a narrowed ballot was reported where
  // it was narrowed.
  bool isNarrowMaskValue(const Expr *Arg) {
    const Expr *E = Arg->IgnoreParenImpCasts();
    if (E->isTypeDependent() || E->isValueDependent() || !E->getType()->isIntegerType() || bits(E->getType()) > 32 ||
        E->isEvaluatable(Ctx))
      return false;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()); VD && VD->isLocalVarDecl())
        if (auto Defs = analysis().definitions().definitions(VD))
          for (const Expr *D : *Defs)
            if (isLaneMaskValue(D))
              return false;
    return true;
  }

  void shuffle(const CallExpr *CE, const ShuffleInfo &S) {
    // '__shfl_down(0xffffffff, v, o)': a *_sync call with the suffix dropped.
    if (!S.isSync() && explicitArg(CE, S.WidthArg) && explicitArg(CE, 0) && isNarrowFullMask(CE->getArg(0)) &&
        integerLiteralValue(CE->getArg(0))) {
      F.MaskAsValue.push_back(CE);
      return;
    }
    if (S.isSync() && explicitArg(CE, 0) && isNarrowFullMask(CE->getArg(0)))
      F.NarrowMasks.push_back({CE, S.Name});
    else if (S.isSync() && explicitArg(CE, 0) && isNarrowMaskValue(CE->getArg(0)))
      F.NarrowMaskTypes.push_back({CE, S.Name});
    const Expr *Lane = explicitArg(CE, S.LaneArg);
    if (!Lane)
      return;
    if (const Expr *W = explicitArg(CE, S.WidthArg)) {
      if (mentionsWarpSize(W)) {
        F.FullOps.push_back({CE, calleeName(CE)});
        DefaultWidth.push_back({CE, &S});
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
        return;
      }
      F.HasLogicalWidth = true;
      if (*V == 32 && W->IgnoreParenImpCasts()->getBeginLoc().isValid())
        Width32.push_back({CE, &S});
      return;
    }
    DefaultWidth.push_back({CE, &S});
    // The default width is the wavefront. The operation stays inside aligned groups of 32 lanes
    // when it is a xor below 32; a shift down by less than 32 reads across the boundary only into
    // lanes whose results a 32-lane reduction does not use. Loop counters are settled in finish().
    if (S.Op == ShuffleInfo::Kind::Xor || S.Op == ShuffleInfo::Kind::Down) {
      if (auto V = evaluate(Lane); V && *V >= 0 && *V < 32)
        return;
      if (const auto *DRE = dyn_cast<DeclRefExpr>(Lane->IgnoreParenImpCasts()))
        if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl())) {
          ByCounter.push_back({CE, VD});
          return;
        }
      // Another computed offset ('1 << i', a parameter): over the wavefront only if it comes from
      // warpSize. Unknown offsets do not count: precision first.
      if (!mentionsWarpSize(Lane))
        return;
    }
    if (S.Op == ShuffleInfo::Kind::Up)
      if (const auto *DRE = dyn_cast<DeclRefExpr>(Lane->IgnoreParenImpCasts()))
        if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl())) {
          ByCounter.push_back({CE, VD});
          return;
        }
    F.FullOps.push_back({CE, calleeName(CE)});
  }

  // A loop whose offsets stay below 32: from 16 or less halving, or doubling below 32.
  static bool staysBelow32(const LoopInfo &L) {
    if (L.FromWarpSize)
      return false;
    if (L.Halves)
      return L.StartValue && *L.StartValue <= 16;
    return L.Doubles && L.BoundValue && *L.BoundValue <= 32;
  }

  bool isLaneMaskValue(const Expr *E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *CE = dyn_cast<CallExpr>(E))
      return T.returnsLaneMask(calleeName(CE)) || M.returnsLaneMask(CE->getDirectCallee());
    if (const auto *UO = dyn_cast<UnaryOperator>(E))
      return UO->getOpcode() == UO_Not && isLaneMaskValue(UO->getSubExpr());
    if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
      // 'votes & __lanemask_lt()' is still a mask; 'votes & 1' and 'votes >> 32' pick bits on
      // purpose, and narrowing them loses nothing.
      auto isConstant = [&](const Expr *Op) { return !Op->isValueDependent() && Op->isEvaluatable(Ctx); };
      switch (BO->getOpcode()) {
      case BO_And:
        return (isLaneMaskValue(BO->getLHS()) && !isConstant(BO->getRHS())) ||
               (isLaneMaskValue(BO->getRHS()) && !isConstant(BO->getLHS()));
      case BO_Or:
      case BO_Xor:
        return isLaneMaskValue(BO->getLHS()) || isLaneMaskValue(BO->getRHS());
      default:
        return false;
      }
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
      if (!VD)
        return false;
      auto [It, Inserted] = MaskVars.try_emplace(VD, false);
      if (!Inserted)
        return It->second;
      auto Defs = analysis().definitions().definitions(VD);
      bool All = Defs && !Defs->empty();
      if (All)
        for (const Expr *Def : *Defs)
          All = All && isLaneMaskValue(Def);
      MaskVars[VD] = All;
      return All;
    }
    return false;
  }

  unsigned bits(QualType Ty) { return Ty->isIntegerType() ? Ctx.getIntWidth(Ty) : 0; }

  void finish() {
    // Default-width shuffles by a loop counter: within 32 lanes or over the wavefront.
    for (auto [CE, VD] : ByCounter) {
      // A variable that is no halving or doubling loop's counter here (a parameter of a wrapper)
      // has offsets the model does not know: it does not count.
      auto It = Loops.find(VD);
      if (It != Loops.end() && !staysBelow32(It->second))
        F.FullOps.push_back({CE, calleeName(CE)});
      else if (It != Loops.end())
        F.Confined32 = true;
    }

    // Operations inside a dispatch on the width do not count.
    if (!WidthDispatch.empty())
      llvm::erase_if(F.FullOps, [&](const CrossLaneOp &Op) {
        for (SourceRange R : WidthDispatch)
          if (SM.isPointWithin(Op.Call->getBeginLoc(), R.getBegin(), R.getEnd()))
            return true;
        return false;
      });

    // Explicit widths of 32 in reductions: offsets from warpSize mean the code wanted the whole
    // wavefront; a ladder or loop from 16 is logical 32-lane code.
    for (auto [CE, S] : Width32) {
      const Expr *Lane = CE->getArg(S->LaneArg)->IgnoreParenImpCasts();
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

    // Reductions and scans over the default width whose offsets stop at 16.
    for (const auto &[VD, L] : Loops) {
      if (L.FromWarpSize || !L.StartValue)
        continue;
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
      if (Shuffles.empty())
        continue;
      if (L.Halves && *L.StartValue == 16) {
        R.K = ShortReduction::LoopFrom16;
        R.At = L.Start;
      } else if (L.Doubles && *L.StartValue == 1 && L.BoundValue && *L.BoundValue > 16 && *L.BoundValue <= 32 &&
                 llvm::any_of(Shuffles, [&](const CallExpr *CE) {
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
    // A ladder of constant steps through 16 and 8 and no further.
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
    if (Largest == 16 && HasEight)
      for (const CallExpr *CE : Sixteen) {
        ShortReduction R;
        R.K = ShortReduction::LadderFrom16;
        R.At = CE->getArg(T.shuffle(calleeName(CE))->LaneArg);
        R.Shuffles = Ladder;
        F.ShortReductions.push_back(std::move(R));
      }

    // Lane masks narrowed to 32 bits: by a bit function, or by a conversion.
    for (auto [CE, B] : BitOps) {
      const Expr *Arg = CE->getArg(0)->IgnoreImpCasts();
      if (Arg->isTypeDependent() || bits(Arg->getType()) != 64 || !isLaneMaskValue(Arg))
        continue;
      F.NarrowBitOps.push_back({CE, B});
    }
    for (const CastExpr *Cast : Casts) {
      const Expr *Sub = Cast->getSubExpr();
      if (BitOpArgs.contains(Cast) || Sub->isTypeDependent() || bits(Sub->getType()) != 64)
        continue;
      unsigned To = bits(Cast->getType());
      if (To == 0 || To >= 64 || Cast->getType()->isBooleanType() || !isLaneMaskValue(Sub))
        continue;
      const Expr *Source = Sub->IgnoreParenImpCasts();
      std::string What = "lane mask";
      if (const auto *Call = dyn_cast<CallExpr>(Source))
        What = ("result of '" + calleeName(Call) + "'").str();
      F.NarrowCasts.push_back({Source, Cast->getType(), What});
    }
  }

  WarpModel &M;
  FunctionWarpFacts &F;
  ASTContext &Ctx;
  const SourceManager &SM;
  const WarpTables &T;
  // Built only when a candidate needs it: most device functions have none.
  std::optional<ThreadIndexAnalysis> Analysis;
  ThreadIndexAnalysis &analysis() {
    if (!Analysis) {
      Analysis.emplace(F.Body);
      for (const auto &[P, S] : F.Seeds)
        Analysis->assumeParameter(P, S.V);
    }
    return *Analysis;
  }
  unsigned LambdaDepth = 0;
  llvm::DenseSet<const Expr *> Dispatch;
  std::vector<SourceRange> WidthDispatch;
  llvm::DenseMap<const VarDecl *, LoopInfo> Loops;
  std::vector<std::pair<const CallExpr *, const VarDecl *>> ByCounter;
  std::vector<std::pair<const CallExpr *, const ShuffleInfo *>> DefaultWidth, Width32;
  std::vector<std::pair<const CallExpr *, const BitOp32 *>> BitOps;
  llvm::DenseSet<const Expr *> BitOpArgs;
  std::vector<const CastExpr *> Casts;
  llvm::DenseMap<const VarDecl *, bool> MaskVars;
};

// ---------------------------------------------------------------------------------------------

WarpModel::WarpModel(ASTContext &Ctx, const llvm::Regex &NameRegex, const PlatformGuards &Guards)
    : Ctx(Ctx), NameRegex(NameRegex), Guards(Guards) {}
WarpModel::~WarpModel() = default;

// A project wrapper of a ballot or an active mask ('auto activemask() { return __activemask(); }'):
// every value it returns is a lane mask of 64 bits. Keyed by the canonical declaration, so
// overloads of one name stay apart.
bool WarpModel::returnsLaneMask(const FunctionDecl *FD, unsigned Depth) {
  if (!FD || Depth > 3)
    return false;
  FD = FD->getCanonicalDecl();
  if (auto It = LaneMaskReturns.find(FD); It != LaneMaskReturns.end())
    return It->second;
  LaneMaskReturns[FD] = false; // recursion
  const FunctionDecl *Def = nullptr;
  const SourceManager &SM = Ctx.getSourceManager();
  bool Result = false;
  if (FD->hasBody(Def) && Def && !SM.isInSystemHeader(SM.getExpansionLoc(Def->getLocation())) &&
      Def->getReturnType()->isIntegerType() && !Def->getReturnType()->isDependentType() &&
      Ctx.getIntWidth(Def->getReturnType()) == 64) {
    std::vector<const Expr *> Returned;
    std::function<void(const Stmt *)> Collect = [&](const Stmt *S) {
      if (const auto *RS = dyn_cast<ReturnStmt>(S)) {
        Returned.push_back(RS->getRetValue());
        return;
      }
      if (isa<LambdaExpr>(S))
        return;
      for (const Stmt *C : S->children())
        if (C)
          Collect(C);
    };
    Collect(Def->getBody());
    Result = !Returned.empty() && llvm::all_of(Returned, [&](const Expr *R) {
      const auto *CE = R ? dyn_cast<CallExpr>(R->IgnoreParenImpCasts()) : nullptr;
      return CE && (warpTables().returnsLaneMask(calleeName(CE)) || returnsLaneMask(CE->getDirectCallee(), Depth + 1));
    });
  }
  LaneMaskReturns[FD] = Result;
  return Result;
}

bool WarpModel::feedsMatrixCore(const FunctionWarpFacts &F) {
  if (F.MatrixCore)
    return true;
  auto Name = NameOf.find(&F);
  if (Name == NameOf.end() || Name->second.empty())
    return false;
  auto Callers = CallersOf.find(Name->second);
  return Callers != CallersOf.end() &&
         llvm::any_of(Callers->second, [](const FunctionWarpFacts *C) { return C->MatrixCore; });
}

bool WarpModel::isWarpSizeName(StringRef Name) const {
  return !Name.empty() && NameRegex.isValid() && NameRegex.match(Name);
}

void WarpModel::addFunction(const Decl *D, StringRef Name, const Stmt *Body) { add(D, Name, Body, nullptr); }

void WarpModel::scan(FunctionWarpFacts &F) {
  WarpBodyScanner(*this, F).run();
  if (!F.Instantiation)
    return;
  // An instantiation repeats its template: keep what the template arguments decide, and what
  // connects it to other code (its calls, its full-wavefront operations, its widths).
  llvm::erase_if(F.Groupings, [](const LaneGrouping32 &G) { return !G.Origin.InstantiatedAt.isValid(); });
  F.HardwareGroupings.clear();
  F.Width32FromWarpSize.clear();
  F.Width32Reductions.clear();
  F.ShortReductions.clear();
  F.WarpSizeTests.clear();
  F.NarrowMasks.clear();
  F.NarrowMaskTypes.clear();
  F.MaskAsValue.clear();
  F.NarrowBitOps.clear();
  F.NarrowCasts.clear();
  F.NarrowLaneBits.clear();
  F.ArgSeeds.clear();
}

FunctionWarpFacts *WarpModel::add(const Decl *D, StringRef Name, const Stmt *Body, const FunctionDecl *Instantiation) {
  if (!Body)
    return nullptr;
  auto F = std::make_unique<FunctionWarpFacts>();
  F->D = D;
  F->Body = Body;
  F->Instantiation = Instantiation;
  scan(*F);
  FunctionWarpFacts *P = F.get();
  if (!Name.empty()) {
    ByName[Name].push_back(P);
    NameOf[P] = Name;
  }
  if (const auto *FD = dyn_cast<FunctionDecl>(D); FD && !Instantiation)
    ByDecl.try_emplace(FD->getCanonicalDecl(), P);
  for (StringRef Callee : P->Callees)
    CallersOf[Callee].push_back(P);
  Functions.push_back(std::move(F));
  return P;
}

void WarpModel::finish() {
  // Templates whose lane arithmetic uses a template argument: each instantiation once.
  size_t Patterns = Functions.size();
  for (size_t I = 0; I < Patterns; ++I) {
    FunctionWarpFacts &F = *Functions[I];
    const auto *FD = dyn_cast<FunctionDecl>(F.D);
    if (!F.DependentCandidate || !FD)
      continue;
    llvm::SmallVector<const FunctionDecl *, 8> Instances;
    if (const FunctionTemplateDecl *FTD = FD->getDescribedFunctionTemplate()) {
      for (const FunctionDecl *Spec : FTD->specializations())
        Instances.push_back(Spec);
    } else if (const auto *MD = dyn_cast<CXXMethodDecl>(FD)) {
      if (const ClassTemplateDecl *CTD = MD->getParent()->getDescribedClassTemplate())
        for (const ClassTemplateSpecializationDecl *Spec : CTD->specializations())
          for (const CXXMethodDecl *M : Spec->methods())
            if (M->getInstantiatedFromMemberFunction() == MD)
              Instances.push_back(M);
    }
    StringRef Name = NameOf.lookup(&F);
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
      if (Spec->getTemplateSpecializationKind() == TSK_ImplicitInstantiation && Spec->hasBody() &&
          Spec->getBody() != F.Body)
        if (FunctionWarpFacts *P = add(Spec, Name, Spec->getBody(), Spec))
          Added.push_back(P);
    }
    if (llvm::any_of(Widths, [](const auto &W) { return W.second.first && W.second.second; }))
      for (FunctionWarpFacts *P : Added)
        P->Groupings.clear();
  }

  // Helpers given thread indices by their callers: analysed again with those parameters known,
  // a few rounds deep (a helper passing its parameter on).
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
  FullOpMemo.clear();
  HardwareMemo.clear();
  LogicalMemo.clear();
  Grouping32Memo.clear();
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
    if (auto It = NameOf.find(U); It != NameOf.end())
      if (auto C = CallersOf.find(It->second); C != CallersOf.end())
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
    for (StringRef Callee : G->Callees)
      if (auto It = ByName.find(Callee); It != ByName.end())
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
  bool SelfContained = F.Confined32 || F.HasLogicalWidth;
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
