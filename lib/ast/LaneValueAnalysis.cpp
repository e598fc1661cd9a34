#include "ast/LaneValueAnalysis.h"

#include "ast/ThreadIndex.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Analysis/Analyses/PostOrderCFGView.h"
#include "clang/Analysis/CFG.h"
#include "clang/Analysis/FlowSensitive/DataflowWorklist.h"

#include <algorithm>

using namespace clang;

namespace rocmtidy {

namespace {

// Integers hold lane values; pointers are followed to the array they point into. In a template, a
// constant local of the index type parameter ('const IndexType lane = threadIdx.x & 63') holds its
// initialiser whatever the instantiation: one definition, no assignment to miss.
bool isTracked(const VarDecl *VD) {
  QualType T = VD->getType();
  return VD->hasLocalStorage() && !isa<ParmVarDecl>(VD) &&
         (T->isIntegralOrEnumerationType() || T->isPointerType() ||
          (T->isDependentType() && T.isConstQualified() && !T->isReferenceType()));
}

const VarDecl *trackedVar(const Expr *E) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParens());
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  return VD && isTracked(VD) ? VD : nullptr;
}

// A member of the analysed method's own object: 'lane' or 'this->lane'.
const FieldDecl *ownMember(const Expr *E) {
  const auto *ME = dyn_cast<MemberExpr>(E->IgnoreParens());
  if (!ME || !isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
    return nullptr;
  return dyn_cast<FieldDecl>(ME->getMemberDecl());
}

using DefList = llvm::SmallVector<const Expr *, 2>;

// The definitions of each tracked local reaching one program point. A missing local has none
// (not yet initialised).
struct DefState {
  llvm::SmallDenseMap<const VarDecl *, DefList, 4> Vars;

  // Union per local; true if anything was added.
  bool join(const DefState &O) {
    bool Changed = false;
    for (const auto &[VD, Defs] : O.Vars) {
      DefList &Mine = Vars[VD];
      for (const Expr *D : Defs)
        if (!llvm::is_contained(Mine, D)) {
          Mine.push_back(D);
          Changed = true;
        }
    }
    return Changed;
  }
};

} // namespace

// Everything the body says about its locals and members, flow-insensitively (every definition,
// which locals escape, which members the body changes), and the reaching definitions per read.
struct LaneValueAnalysis::Flow {
  llvm::DenseMap<const VarDecl *, DefList> AllDefs;
  llvm::DenseMap<const VarDecl *, std::pair<unsigned, unsigned>> Refs; ///< all, accounted for
  llvm::DenseSet<const FieldDecl *> ChangedMembers;
  llvm::DenseMap<const DeclRefExpr *, DefList> AtRead;
  llvm::DenseSet<const DeclRefExpr *> Reached;
  /// Locals a 'for' declares and steps in its increment ('for (int j = gid; j < n; j += s)'), and
  /// how many assignments or increments change each local.
  llvm::DenseSet<const VarDecl *> ForSteps;
  llvm::DenseMap<const VarDecl *, unsigned> Changes;
  /// The body and its function, kept for the dataflow, which runs on the first question about a
  /// local whose reaching definitions differ between reads; Ran says it has.
  const Decl *D = nullptr;
  const Stmt *Body = nullptr;
  bool Ran = false;

  // Locals whose every read is reached by every definition, so that the flow-insensitive list is
  // the answer and the CFG is not needed (most locals of a kernel):
  // - defined once, by the initialiser: C++ rejects a jump past an initialised declaration into
  //   its scope;
  // - a 'for' loop's own counter, changed only by the loop's increment: each read (condition,
  //   body, increment) follows both the initialiser (first iteration) and the step (later ones).
  bool sameAtEveryRead(const VarDecl *VD) const {
    auto It = AllDefs.find(VD);
    if (It == AllDefs.end())
      return true;
    const DefList &Defs = It->second;
    if (Defs.empty() || !Defs.front() || Defs.front() != VD->getInit())
      return false;
    return Defs.size() == 1 || (Defs.size() == 2 && Changes.lookup(VD) == 1 && ForSteps.contains(VD));
  }
  bool followed(const VarDecl *VD) const { return isTracked(VD) && !sameAtEveryRead(VD); }
  void run(ASTContext &Ctx);

  bool escapes(const VarDecl *VD) const {
    auto It = Refs.find(VD);
    return It != Refs.end() && It->second.first != It->second.second;
  }

  void transfer(const Stmt *S, DefState &St, bool Record) {
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D); VD && followed(VD)) {
          DefList &L = St.Vars[VD];
          L.clear();
          if (const Expr *Init = VD->getInit())
            L.push_back(Init);
        }
      return;
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
      const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
      if (Record && VD && followed(VD)) {
        DefList &Out = AtRead[DRE];
        Reached.insert(DRE);
        auto It = St.Vars.find(VD);
        if (It != St.Vars.end())
          for (const Expr *D : It->second)
            if (!llvm::is_contained(Out, D))
              Out.push_back(D);
      }
      return;
    }
    const VarDecl *Target = nullptr;
    const Expr *Def = nullptr;
    if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
      if (BO->isAssignmentOp())
        Target = trackedVar(BO->getLHS());
      if (BO->getOpcode() == BO_Assign)
        Def = BO->getRHS();
    } else if (const auto *UO = dyn_cast<UnaryOperator>(S); UO && UO->isIncrementDecrementOp()) {
      Target = trackedVar(UO->getSubExpr());
    }
    if (Target && !sameAtEveryRead(Target)) {
      DefList &L = St.Vars[Target];
      L.clear();
      L.push_back(Def); // null: a value the analysis does not follow
    }
  }
};

namespace {

// The flow-insensitive facts: definitions, references, escapes, changed members. Lambdas in the
// body are part of it.
class BodyFacts : public RecursiveASTVisitor<BodyFacts> {
public:
  explicit BodyFacts(LaneValueAnalysis::Flow &F) : F(F) {}
  bool shouldVisitLambdaBody() const { return true; }

  bool VisitVarDecl(VarDecl *VD) {
    if (isTracked(VD)) {
      DefList &L = F.AllDefs[VD];
      if (const Expr *Init = VD->getInit())
        L.push_back(Init);
    }
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *DRE) {
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()); VD && isTracked(VD))
      ++F.Refs[VD].first;
    return true;
  }
  bool VisitImplicitCastExpr(ImplicitCastExpr *ICE) {
    if (ICE->getCastKind() == CK_LValueToRValue)
      readValue(ICE->getSubExpr());
    return true;
  }
  // A call a template leaves unresolved ('WARP_SHFL(v, src)' with a dependent 'v') has no
  // conversions yet: a local handed to it is read, as it is by every shuffle, vote or helper
  // such a call can become (a lane value passed by non-const reference would be a rare design).
  bool VisitCallExpr(CallExpr *CE) {
    if (isa<UnresolvedLookupExpr, UnresolvedMemberExpr>(CE->getCallee()->IgnoreParenImpCasts()))
      readArguments(CE->arguments());
    return true;
  }
  // The same call of an undeclared name outside a template, kept as a recovery expression over
  // the name and the written arguments.
  bool VisitRecoveryExpr(RecoveryExpr *RE) {
    ArrayRef<Expr *> Subs = RE->subExpressions();
    if (Subs.size() >= 2 && isa_and_nonnull<UnresolvedLookupExpr>(Subs.front()))
      readArguments(Subs.drop_front());
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp())
      changed(BO->getLHS(), BO->getOpcode() == BO_Assign ? BO->getRHS() : nullptr);
    // A template's dependent operator has no conversions yet: its operands are read all the same
    // ('sm[tid] += v' with 'sm' sized by a template parameter).
    if (BO->isTypeDependent()) {
      if (!BO->isAssignmentOp())
        readValue(BO->getLHS());
      readValue(BO->getRHS());
    }
    return true;
  }
  bool VisitForStmt(ForStmt *FS) {
    const auto *Init = dyn_cast_or_null<DeclStmt>(FS->getInit());
    const Expr *Inc = FS->getInc() ? FS->getInc()->IgnoreParens() : nullptr;
    const Expr *Stepped = nullptr;
    if (const auto *BO = dyn_cast_or_null<BinaryOperator>(Inc); BO && BO->isAssignmentOp())
      Stepped = BO->getLHS();
    else if (const auto *UO = dyn_cast_or_null<UnaryOperator>(Inc); UO && UO->isIncrementDecrementOp())
      Stepped = UO->getSubExpr();
    const VarDecl *VD = Stepped ? trackedVar(Stepped) : nullptr;
    if (Init && VD && llvm::is_contained(Init->decls(), VD))
      F.ForSteps.insert(VD);
    return true;
  }
  bool VisitArraySubscriptExpr(ArraySubscriptExpr *ASE) {
    if (ASE->isTypeDependent())
      readValue(ASE->getIdx());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->isIncrementDecrementOp())
      changed(UO->getSubExpr(), nullptr);
    return true;
  }

private:
  template <typename Range> void readArguments(Range Args) {
    for (const Expr *Arg : Args)
      if (const VarDecl *VD = Arg ? trackedVar(Arg) : nullptr; VD && VD->getType()->isIntegralOrEnumerationType())
        ++F.Refs[VD].second;
  }
  // 'c ? lane : first' of two lvalues is one lvalue, converted to a value as a whole: each arm is
  // read, not escaped.
  void readValue(const Expr *E) {
    E = E->IgnoreParens();
    if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
      readValue(CO->getTrueExpr());
      readValue(CO->getFalseExpr());
    } else if (const VarDecl *VD = trackedVar(E)) {
      ++F.Refs[VD].second;
    }
  }
  void changed(const Expr *LHS, const Expr *Def) {
    if (const FieldDecl *FD = ownMember(LHS))
      F.ChangedMembers.insert(FD);
    const VarDecl *VD = trackedVar(LHS);
    if (!VD)
      return;
    ++F.Changes[VD];
    ++F.Refs[VD].second;
    F.AllDefs[VD].push_back(Def); // null for '+=' and '++': a value not followed
  }
  LaneValueAnalysis::Flow &F;
};

} // namespace

LaneValueAnalysis::LaneValueAnalysis(const Decl *D, const Stmt *Body, ASTContext &Ctx)
    : Results(std::make_unique<Flow>()), Ctx(Ctx) {
  if (const auto *MD = dyn_cast_or_null<CXXMethodDecl>(D); MD && !MD->getParent()->isLambda())
    Class = MD->getParent();
  if (!Body)
    return;
  BodyFacts(*Results).TraverseStmt(const_cast<Stmt *>(Body));
  Results->D = D;
  Results->Body = Body;
}

void LaneValueAnalysis::Flow::run(ASTContext &Ctx) {
  Ran = true;
  if (AllDefs.empty() || !D)
    return;
  CFG::BuildOptions BO;
  BO.setAllAlwaysAdd();
  std::unique_ptr<CFG> Cfg = CFG::buildCFG(D, const_cast<Stmt *>(Body), &Ctx, BO);
  if (!Cfg)
    return;
  PostOrderCFGView POV(Cfg.get());
  std::vector<DefState> In(Cfg->getNumBlockIDs());
  std::vector<bool> Seen(Cfg->getNumBlockIDs());
  auto Transfer = [&](const CFGBlock &B, DefState St, bool Record) {
    for (const CFGElement &E : B)
      if (auto CS = E.getAs<CFGStmt>())
        transfer(CS->getStmt(), St, Record);
    return St;
  };
  ForwardDataflowWorklist Worklist(*Cfg, &POV);
  Worklist.enqueueBlock(&Cfg->getEntry());
  Seen[Cfg->getEntry().getBlockID()] = true;
  while (const CFGBlock *B = Worklist.dequeue()) {
    DefState Out = Transfer(*B, In[B->getBlockID()], false);
    for (const CFGBlock *Succ : B->succs()) {
      if (!Succ)
        continue;
      bool First = !Seen[Succ->getBlockID()];
      Seen[Succ->getBlockID()] = true;
      if (In[Succ->getBlockID()].join(Out) || First)
        Worklist.enqueueBlock(Succ);
    }
  }
  for (const CFGBlock *B : *Cfg)
    if (Seen[B->getBlockID()])
      Transfer(*B, In[B->getBlockID()], true);
}

LaneValueAnalysis::~LaneValueAnalysis() = default;

std::optional<llvm::ArrayRef<const Expr *>> LaneValueAnalysis::reaching(const Expr *Use) const {
  const auto *DRE = dyn_cast_or_null<DeclRefExpr>(Use ? Use->IgnoreParenImpCasts() : nullptr);
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  // A template's reads are not loads yet, so a dependent constant looks escaped; it cannot change.
  if (!VD || !isTracked(VD) || (Results->escapes(VD) && !VD->getType()->isDependentType()))
    return std::nullopt;
  if (Results->sameAtEveryRead(VD)) {
    auto All = Results->AllDefs.find(VD);
    return All == Results->AllDefs.end() ? llvm::ArrayRef<const Expr *>() : llvm::ArrayRef<const Expr *>(All->second);
  }
  if (!Results->Ran)
    Results->run(Ctx);
  if (Results->Reached.contains(DRE)) {
    auto It = Results->AtRead.find(DRE);
    return llvm::ArrayRef<const Expr *>(It->second);
  }
  auto All = Results->AllDefs.find(VD);
  if (All == Results->AllDefs.end())
    return llvm::ArrayRef<const Expr *>();
  return llvm::ArrayRef<const Expr *>(All->second);
}

bool LaneValueAnalysis::follows(const VarDecl *VD) { return isTracked(VD); }

const Expr *LaneValueAnalysis::singleDefinition(const Expr *Use) const {
  auto Defs = reaching(Use);
  return Defs && Defs->size() == 1 ? Defs->front() : nullptr;
}

namespace {

bool isWarpWidth(const Expr *E) {
  auto V = integerLiteralValue(E);
  return (V && *V == 32) || isWarpSizeRef(E) || isWarpSizeCall(E);
}

bool isLaneMask(const Expr *E) {
  if (auto V = integerLiteralValue(E))
    return *V == 31;
  // warpSize - 1, getWarpSize() - 1
  if (const auto *BO = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts()))
    if (BO->getOpcode() == BO_Sub && (isWarpSizeRef(BO->getLHS()) || isWarpSizeCall(BO->getLHS())))
      if (auto V = integerLiteralValue(BO->getRHS()))
        return *V == 1;
  return false;
}

bool isLaneVarying(ThreadValue V) { return V == ThreadValue::ThreadIndex || V == ThreadValue::LaneId; }

} // namespace

// Every definition that reaches must agree: a variable reset to 0 on some path is not a thread
// index.
ThreadValue LaneValueAnalysis::classifyDefs(const Expr *Use, const ValueDecl *VD) {
  auto [It, Inserted] = Memo.try_emplace(Use, State::InProgress, ThreadValue::None);
  if (!Inserted)
    return It->second.first == State::Done ? It->second.second : ThreadValue::None;
  ThreadValue Result = ThreadValue::None;
  if (auto List = reaching(Use); List && !List->empty() && !llvm::is_contained(*List, nullptr)) {
    Result = classify(List->front());
    for (const Expr *D : List->drop_front())
      if (classify(D) != Result) {
        Result = ThreadValue::None;
        break;
      }
  }
  Memo[Use] = {State::Done, Result};
  return Result;
}

// A member every constructor initialises to the same lane value, which this body does not change.
ThreadValue LaneValueAnalysis::classifyMember(const FieldDecl *FD) {
  if (!Class || FD->getParent() != Class || Results->ChangedMembers.contains(FD) ||
      !FD->getType()->isIntegralOrEnumerationType())
    return ThreadValue::None;
  auto [It, Inserted] = Memo.try_emplace(FD, State::InProgress, ThreadValue::None);
  if (!Inserted)
    return It->second.first == State::Done ? It->second.second : ThreadValue::None;
  llvm::SmallVector<const Expr *, 4> Inits;
  if (const Expr *Init = FD->getInClassInitializer())
    Inits.push_back(Init);
  bool Missing = false;
  for (const CXXConstructorDecl *C : Class->ctors()) {
    if (!C->isThisDeclarationADefinition() || C->isImplicit())
      continue;
    bool Here = false;
    for (const CXXCtorInitializer *I : C->inits())
      if (I->isWritten() && I->getMember() == FD && I->getInit()) {
        Inits.push_back(I->getInit());
        Here = true;
      }
    Missing = Missing || (!Here && !FD->getInClassInitializer());
  }
  ThreadValue Result = ThreadValue::None;
  if (!Inits.empty() && !Missing) {
    Result = classify(Inits.front());
    for (const Expr *E : llvm::ArrayRef(Inits).drop_front())
      if (classify(E) != Result)
        Result = ThreadValue::None;
  }
  Memo[FD] = {State::Done, Result};
  return Result;
}

ThreadValue LaneValueAnalysis::classify(const Expr *E, const ValueDecl **Via) {
  E = E ? E->IgnoreParenImpCasts() : nullptr;
  while (const auto *MC = dyn_cast_or_null<CXXMemberCallExpr>(E)) {
    if (!isa_and_nonnull<CXXConversionDecl>(MC->getMethodDecl()))
      break;
    E = MC->getImplicitObjectArgument()->IgnoreParenImpCasts();
  }
  if (!E)
    return ThreadValue::None;
  if (const auto *CE = dyn_cast<ExplicitCastExpr>(E))
    return CE->getType()->isIntegerType() ? classify(CE->getSubExpr(), Via) : ThreadValue::None;
  if (auto Ref = matchThreadIndex(E)) {
    if (Ref->From == ThreadIndexRef::Source::LaneId)
      return ThreadValue::LaneId;
    return Ref->Axis == 0 ? ThreadValue::ThreadIndex : ThreadValue::None;
  }
  auto Through = [&](ThreadValue V, const ValueDecl *D) {
    if (V != ThreadValue::None && Via)
      *Via = D;
    return V;
  };
  if (const FieldDecl *FD = ownMember(E))
    return Through(classifyMember(FD), FD);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (const auto *P = dyn_cast_or_null<ParmVarDecl>(VD)) {
      auto It = Params.find(P);
      return It == Params.end() ? ThreadValue::None : Through(It->second, P);
    }
    if (!VD || !isTracked(VD))
      return ThreadValue::None;
    return Through(classifyDefs(DRE, VD), VD);
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return classifyBinary(BO, Via);
  return ThreadValue::None;
}

// Arithmetic on thread indices: offsets keep the kind, a warp width makes lanes or warps.
ThreadValue LaneValueAnalysis::classifyBinary(const BinaryOperator *BO, const ValueDecl **Via) {
  auto Through = [&](ThreadValue V, const ValueDecl *D) {
    if (V != ThreadValue::None && Via)
      *Via = D;
    return V;
  };
  const ValueDecl *LVia = nullptr, *RVia = nullptr;
  switch (BO->getOpcode()) {
  case BO_Add: {
    // tid + offset, threadIdx.y * blockDim.x + threadIdx.x, blockIdx.x * blockDim.x + threadIdx.x.
    ThreadValue L = classify(BO->getLHS(), &LVia);
    ThreadValue R = classify(BO->getRHS(), &RVia);
    if (L == ThreadValue::ThreadIndex || R == ThreadValue::ThreadIndex)
      return Through(ThreadValue::ThreadIndex, L == ThreadValue::ThreadIndex ? LVia : RVia);
    if (L == ThreadValue::LaneId || R == ThreadValue::LaneId)
      return Through(ThreadValue::LaneId, L == ThreadValue::LaneId ? LVia : RVia);
    return ThreadValue::None;
  }
  case BO_Sub: {
    ThreadValue L = classify(BO->getLHS(), &LVia);
    return isLaneVarying(L) ? Through(L, LVia) : ThreadValue::None;
  }
  case BO_Rem:
    if (isWarpWidth(BO->getRHS()))
      if (ThreadValue L = classify(BO->getLHS(), &LVia); isLaneVarying(L))
        return Through(ThreadValue::LaneId, LVia);
    return ThreadValue::None;
  case BO_And:
    if (isLaneMask(BO->getRHS()))
      if (ThreadValue L = classify(BO->getLHS(), &LVia); isLaneVarying(L))
        return Through(ThreadValue::LaneId, LVia);
    if (isLaneMask(BO->getLHS()))
      if (ThreadValue R = classify(BO->getRHS(), &RVia); isLaneVarying(R))
        return Through(ThreadValue::LaneId, RVia);
    return ThreadValue::None;
  case BO_Div:
    if (isWarpWidth(BO->getRHS()))
      if (classify(BO->getLHS(), &LVia) == ThreadValue::ThreadIndex)
        return Through(ThreadValue::WarpId, LVia);
    return ThreadValue::None;
  case BO_Shr:
    if (auto V = integerLiteralValue(BO->getRHS()); V && *V == 5)
      if (classify(BO->getLHS(), &LVia) == ThreadValue::ThreadIndex)
        return Through(ThreadValue::WarpId, LVia);
    return ThreadValue::None;
  case BO_Comma:
    return classify(BO->getRHS(), Via);
  default:
    return ThreadValue::None;
  }
}

LaneValue LaneValueAnalysis::value(const Expr *E, unsigned Depth) {
  LaneValue V;
  if (!E || Depth > 8)
    return V;
  const Expr *S = E->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    V.Def = singleDefinition(DRE);
  if (ThreadValue T = classify(E); T != ThreadValue::None) {
    V.K = LaneValue::Lane;
    V.Thread = T;
    return V;
  }
  if (isWarpSizeRef(S)) {
    V.K = LaneValue::Width;
    return V;
  }
  if (!S->isValueDependent() && S->getType()->isIntegralOrEnumerationType()) {
    Expr::EvalResult R;
    if (S->EvaluateAsInt(R, Ctx)) {
      V.K = LaneValue::Constant;
      V.Value = R.Val.getInt().getExtValue();
      return V;
    }
  }
  // A local: the definitions that reach this read, which must agree.
  auto Defs = reaching(S);
  if (!Defs || Defs->empty() || llvm::is_contained(*Defs, nullptr))
    return V;
  LaneValue First = value(Defs->front(), Depth + 1);
  for (const Expr *D : Defs->drop_front()) {
    LaneValue Other = value(D, Depth + 1);
    if (Other.K != First.K || Other.Value != First.Value || Other.Thread != First.Thread)
      return V;
  }
  First.Def = V.Def;
  return First;
}

} // namespace rocmtidy
