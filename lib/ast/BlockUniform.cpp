#include "ast/BlockUniform.h"

#include "ast/ThreadIndex.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallVector.h"

using namespace clang;

namespace rocmtidy {

namespace {

// The locals and parameters of one body, with what is stored in them; a reference that is neither
// read, stored to, nor stepped ('&x', 'f(x)' by reference) lets the value change unseen.
class DefinitionIndex : public RecursiveASTVisitor<DefinitionIndex> {
public:
  DefinitionIndex(llvm::DenseMap<const ValueDecl *, std::vector<const Expr *>> &Values,
                  std::vector<const Stmt *> &Exits)
      : Values(Values), Exits(Exits) {}

  static const ValueDecl *tracked(const Expr *E) {
    const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E ? E->IgnoreParens() : nullptr);
    if (!DRE)
      return nullptr;
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    return VD && (VD->isLocalVarDecl() || isa<ParmVarDecl>(VD)) ? VD : nullptr;
  }

  bool VisitVarDecl(VarDecl *VD) {
    if (VD->isLocalVarDecl() && VD->getInit())
      Values[VD].push_back(VD->getInit());
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (const ValueDecl *VD = BO->isAssignmentOp() ? tracked(BO->getLHS()) : nullptr) {
      Values[VD].push_back(BO->getRHS());
      ++Seen[VD];
    } else if (!BO->isAssignmentOp() && BO->getOpcode() != BO_Comma) {
      read(BO->getLHS());
      read(BO->getRHS());
    }
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->getOpcode() != UO_AddrOf)
      read(UO->getSubExpr());
    return true;
  }
  bool VisitArraySubscriptExpr(ArraySubscriptExpr *AS) {
    read(AS->getIdx());
    return true;
  }
  bool VisitConditionalOperator(ConditionalOperator *CO) {
    read(CO->getCond());
    return true;
  }
  bool VisitImplicitCastExpr(ImplicitCastExpr *ICE) {
    if (ICE->getCastKind() != CK_LValueToRValue)
      return true;
    // 'p.n' reads p; a store to 'p.n' is not followed, so only reads of members count.
    const Expr *E = ICE->getSubExpr()->IgnoreParens();
    for (const auto *ME = dyn_cast<MemberExpr>(E); ME && !ME->isArrow(); ME = dyn_cast<MemberExpr>(E))
      E = ME->getBase()->IgnoreParens();
    if (const ValueDecl *VD = tracked(E))
      ++Seen[VD];
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *DRE) {
    if (const ValueDecl *VD = tracked(DRE))
      ++Refs[VD];
    return true;
  }
  bool VisitReturnStmt(ReturnStmt *S) { return exit(S); }
  bool VisitBreakStmt(BreakStmt *S) { return exit(S); }
  bool VisitContinueStmt(ContinueStmt *S) { return exit(S); }
  bool VisitGotoStmt(GotoStmt *S) { return exit(S); }

  /// References that are not plain reads, stores or steps.
  bool escapes(const ValueDecl *VD) const { return Refs.lookup(VD) > Seen.lookup(VD); }

private:
  // An operand written as the local itself: outside templates, reads come with a conversion to a
  // value, so this is a dependent expression's operand (no conversion yet) or a step ('i++').
  void read(const Expr *E) {
    if (const ValueDecl *VD = tracked(E))
      ++Seen[VD];
  }
  bool exit(const Stmt *S) {
    Exits.push_back(S);
    return true;
  }
  llvm::DenseMap<const ValueDecl *, std::vector<const Expr *>> &Values;
  std::vector<const Stmt *> &Exits;
  llvm::DenseMap<const ValueDecl *, unsigned> Refs, Seen;
};

bool isLoop(const Stmt *S) { return isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S); }

// The test of P that decides whether its child C runs, or null when C runs whenever P does.
const Expr *testGuarding(const Stmt *P, const Stmt *C) {
  if (const auto *If = dyn_cast<IfStmt>(P))
    return C == If->getCond() ? nullptr : If->getCond();
  if (const auto *For = dyn_cast<ForStmt>(P))
    return C == For->getInit() ? nullptr : For->getCond();
  if (const auto *While = dyn_cast<WhileStmt>(P))
    return While->getCond();
  if (const auto *Do = dyn_cast<DoStmt>(P))
    return Do->getCond();
  if (const auto *Switch = dyn_cast<SwitchStmt>(P))
    return C == Switch->getCond() ? nullptr : Switch->getCond();
  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(P))
    return C == CO->getCond() ? nullptr : CO->getCond();
  if (const auto *BO = dyn_cast<BinaryOperator>(P); BO && BO->isLogicalOp())
    return C == BO->getRHS() ? BO->getLHS() : nullptr;
  return nullptr;
}

bool isMinMax(const CallExpr *CE) {
  StringRef Name = calleeName(CE);
  return Name == "min" || Name == "max" || Name == "umin" || Name == "umax" || Name == "fminf" || Name == "fmaxf";
}

} // namespace

BlockUniformity::BlockUniformity(const FunctionDecl *FD, ASTContext &Ctx) : FD(FD), Ctx(Ctx) {
  if (FD && FD->getBody())
    index(FD->getBody());
}

void BlockUniformity::linkParents(const Stmt *S) {
  // A lambda's body runs where the lambda is called, which is not read here.
  if (isa<LambdaExpr>(S))
    return;
  for (const Stmt *C : S->children())
    if (C) {
      Parents[C] = S;
      linkParents(C);
    }
}

void BlockUniformity::index(const Stmt *Body) {
  linkParents(Body);
  llvm::DenseMap<const ValueDecl *, std::vector<const Expr *>> Values;
  DefinitionIndex Index(Values, Exits);
  Index.TraverseStmt(const_cast<Stmt *>(Body));
  const bool Kernel = FD->hasAttr<CUDAGlobalAttr>();
  for (const ParmVarDecl *P : FD->parameters()) {
    Local &L = Locals[P];
    L.Varies = !Kernel || P->getType()->isReferenceType() || Index.escapes(P);
  }
  for (auto &[VD, Stored] : Values) {
    Local &L = Locals[VD];
    L.Values = std::move(Stored);
    const auto *Var = cast<VarDecl>(VD);
    // Shared memory is written by other threads; an uninitialised local has no value to follow.
    L.Varies |= Index.escapes(VD) || Var->hasAttr<CUDASharedAttr>() || Var->getType()->isReferenceType() ||
                (!isa<ParmVarDecl>(Var) && !Var->getInit());
  }
  settle();
}

// The largest set of locals consistent with their stores: start from all of them and drop each
// one that is given a varying value, until none is.
void BlockUniformity::settle() {
  for (const auto &[VD, L] : Locals)
    if (!L.Varies)
      Uniform.insert(VD);
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const auto &[VD, L] : Locals)
      if (Uniform.contains(VD) && !llvm::all_of(L.Values, [&](const Expr *V) { return isUniform(V); })) {
        Uniform.erase(VD);
        Changed = true;
      }
  }
}

bool BlockUniformity::isUniform(const Expr *E) const {
  if (!E)
    return true;
  E = E->IgnoreParenImpCasts();
  if (isa<IntegerLiteral, FloatingLiteral, CXXBoolLiteralExpr, CharacterLiteral, CXXNullPtrLiteralExpr,
          UnaryExprOrTypeTraitExpr, SizeOfPackExpr>(E))
    return true;
  if (matchThreadIndex(E))
    return false;
  if (isBlockIndex(E) || isLaunchShape(E) || isWarpSizeRef(E))
    return true;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const ValueDecl *D = DRE->getDecl();
    if (isa<NonTypeTemplateParmDecl, EnumConstantDecl>(D))
      return true;
    if (Locals.count(D))
      return Uniform.contains(D);
    const auto *VD = dyn_cast<VarDecl>(D);
    return VD && VD->getType().isConstQualified() && VD->hasGlobalStorage();
  }
  if (const auto *DSDRE = dyn_cast<DependentScopeDeclRefExpr>(E))
    return DSDRE->getQualifier() != nullptr;
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return isUniform(ME->getBase());
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
    return isUniform(AS->getBase()) && isUniform(AS->getIdx());
  if (const auto *Cast = dyn_cast<ExplicitCastExpr>(E))
    return isUniform(Cast->getSubExpr());
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return UO->getOpcode() != UO_AddrOf && isUniform(UO->getSubExpr());
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return (BO->isAssignmentOp() || isUniform(BO->getLHS())) && isUniform(BO->getRHS());
  if (const auto *CO = dyn_cast<ConditionalOperator>(E))
    return isUniform(CO->getCond()) && isUniform(CO->getTrueExpr()) && isUniform(CO->getFalseExpr());
  if (const auto *CE = dyn_cast<CallExpr>(E); CE && isMinMax(CE))
    return llvm::all_of(CE->arguments(), [&](const Expr *A) { return isUniform(A); });
  return false;
}

const Stmt *BlockUniformity::varyingTestAround(const Stmt *S, bool *InLoop) const {
  const Stmt *Body = FD->getBody();
  for (const Stmt *C = S; C && C != Body;) {
    // A lambda's body, or a statement outside this body: who runs it is not known here.
    const Stmt *P = Parents.lookup(C);
    if (!P)
      return S;
    if (InLoop && isLoop(P))
      *InLoop = true;
    if (isa<CXXForRangeStmt>(P) || (isa<IfStmt>(P) && cast<IfStmt>(P)->getConditionVariable()))
      return P;
    if (const Expr *Test = testGuarding(P, C); Test && !isUniform(Test))
      return P;
    C = P;
  }
  return nullptr;
}

llvm::SmallVector<const FunctionDecl *, 2> BlockUniformity::enclosingFunctions(const Stmt *S, ASTContext &Ctx) {
  // A template's instantiation may share a node with its pattern: such a node has a parent in each.
  llvm::SmallVector<const FunctionDecl *, 2> Found;
  llvm::SmallVector<DynTypedNode, 8> Work{DynTypedNode::create(*S)};
  llvm::DenseSet<const void *> Seen;
  while (!Work.empty()) {
    DynTypedNode N = Work.pop_back_val();
    for (const DynTypedNode &P : Ctx.getParents(N)) {
      if (!Seen.insert(P.getMemoizationData()).second || P.get<LambdaExpr>())
        continue;
      if (const auto *FD = P.get<FunctionDecl>())
        Found.push_back(FD);
      else
        Work.push_back(P);
    }
  }
  return Found;
}

bool BlockUniformity::reachedByWholeBlock(const Stmt *S) const {
  bool InLoop = false;
  if (!S || varyingTestAround(S, &InLoop))
    return false;
  const SourceManager &SM = Ctx.getSourceManager();
  // An exit before S, or anywhere in a loop around S (a thread that breaks out misses later
  // passes), skips S for the threads that take it.
  for (const Stmt *X : Exits)
    if ((InLoop || SM.isBeforeInTranslationUnit(X->getBeginLoc(), S->getBeginLoc())) && varyingTestAround(X))
      return false;
  return true;
}

} // namespace rocmtidy
