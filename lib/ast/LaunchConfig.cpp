#include "ast/LaunchConfig.h"
#include "core/LaunchApiTable.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Analysis/Analyses/ExprMutationAnalyzer.h"
#include "clang/Basic/SourceManager.h"

namespace rocmtidy {

using namespace clang;
using namespace clang::ast_matchers;

// Only a local configuration whose fields are written by plain assignments in the block that
// declares it, before the launch, and nowhere else, is evaluated: a write in a branch, a loop or a
// lambda, or the address of the configuration reaching anything but a launch, makes it unknown.
LaunchConfigValue evaluateLaunchConfig(const Expr *ConfigArg, const CallExpr &Launch, ASTContext &Ctx) {
  LaunchConfigValue Out;
  const auto *U = dyn_cast<UnaryOperator>(ConfigArg->IgnoreParenImpCasts());
  if (!U || U->getOpcode() != UO_AddrOf)
    return Out;
  const auto *DRE = dyn_cast<DeclRefExpr>(U->getSubExpr()->IgnoreParens());
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!VD || !VD->hasLocalStorage() || isa<ParmVarDecl>(VD))
    return Out;
  const auto *FD = dyn_cast_or_null<FunctionDecl>(VD->getParentFunctionOrMethod());
  if (!FD || !FD->getBody())
    return Out;
  const auto *RD = VD->getType()->getAsRecordDecl();
  if (!RD)
    return Out;
  const SourceManager &SM = Ctx.getSourceManager();

  // The compound statement that declares the variable.
  const CompoundStmt *Home = nullptr;
  for (const DynTypedNode &P : Ctx.getParents(*VD))
    if (const auto *DS = P.get<DeclStmt>())
      for (const DynTypedNode &PP : Ctx.getParents(*DS))
        Home = PP.get<CompoundStmt>();
  if (!Home)
    return Out;

  struct FieldState {
    const Expr *Value = nullptr; // the value assigned (or the initializer)
    bool Unknown = false;
    unsigned Writes = 0;
  };
  auto fieldIndex = [&](StringRef Name) -> int {
    unsigned I = 0;
    for (const FieldDecl *F : RD->fields()) {
      if (F->getName() == Name)
        return I;
      ++I;
    }
    return -1;
  };
  // CUDA's cudaLaunchConfig_t and HIP's hipLaunchConfig_t share these field names.
  constexpr int NumFields = 3;
  const int Idx[NumFields] = {fieldIndex("gridDim"), fieldIndex("blockDim"), fieldIndex("dynamicSmemBytes")};
  if (Idx[0] < 0 || Idx[1] < 0 || Idx[2] < 0)
    return Out;
  FieldState Grid, Block, Smem;
  FieldState *States[NumFields] = {&Grid, &Block, &Smem};

  // Starting values from the initializer.
  if (const auto *IL = dyn_cast_or_null<InitListExpr>(VD->getInit() ? VD->getInit()->IgnoreImplicit() : nullptr)) {
    const InitListExpr *Sem = IL->isSemanticForm() ? IL : IL->getSemanticForm();
    if (!Sem)
      Sem = IL;
    for (int K = 0; K < NumFields; ++K)
      if ((unsigned)Idx[K] < Sem->getNumInits())
        States[K]->Value = Sem->getInit(Idx[K]);
  }

  ExprMutationAnalyzer Mutation(*FD->getBody(), Ctx);
  auto Refs = match(findAll(declRefExpr(to(varDecl(equalsNode(VD)))).bind("ref")), *FD->getBody(), Ctx);
  for (const BoundNodes &BN : Refs) {
    const auto *Ref = BN.getNodeAs<DeclRefExpr>("ref");
    DynTypedNodeList Parents = Ctx.getParents(*Ref);
    if (Parents.empty())
      return Out;
    if (const auto *ME = Parents[0].get<MemberExpr>()) {
      const auto *Field = dyn_cast<FieldDecl>(ME->getMemberDecl());
      if (!Field)
        continue;
      for (int K = 0; K < NumFields; ++K) {
        if ((int)Field->getFieldIndex() != Idx[K])
          continue;
        const BinaryOperator *Assign = nullptr;
        for (const DynTypedNode &P : Ctx.getParents(*ME))
          if (const auto *B = P.get<BinaryOperator>(); B && B->getOpcode() == BO_Assign && B->getLHS() == ME)
            Assign = B;
        // A class-type assignment (dim3) is an operator call, not a BinaryOperator.
        const CXXOperatorCallExpr *OpAssign = nullptr;
        if (!Assign)
          for (const DynTypedNode &P : Ctx.getParents(*ME))
            if (const auto *O = P.get<CXXOperatorCallExpr>();
                O && O->getOperator() == OO_Equal && O->getNumArgs() == 2 && O->getArg(0) == ME)
              OpAssign = O;
        const Stmt *Write = Assign ? static_cast<const Stmt *>(Assign) : OpAssign;
        if (!Write) {
          if (Mutation.isMutated(ME))
            States[K]->Unknown = true;
          continue;
        }
        ++States[K]->Writes;
        // Unconditional: a statement of the declaring block itself, before the launch.
        bool Straight = false;
        for (const DynTypedNode &P : Ctx.getParents(*Write)) {
          const Stmt *Parent = P.get<Stmt>();
          if (Parent && isa<ExprWithCleanups>(Parent)) {
            DynTypedNodeList PP = Ctx.getParents(*Parent);
            Parent = PP.empty() ? nullptr : PP[0].get<Stmt>();
          }
          Straight = Parent == Home;
        }
        if (!Straight || !SM.isBeforeInTranslationUnit(Write->getEndLoc(), Launch.getBeginLoc()))
          States[K]->Unknown = true;
        States[K]->Value = Assign ? Assign->getRHS() : OpAssign->getArg(1);
      }
      continue;
    }
    // '&cfg' handed to a launch reads it; anything else could write it.
    bool LaunchArg = false;
    // A launch macro's '&(cfg)' puts parentheses between the reference and the '&'.
    while (!Parents.empty() && Parents[0].get<ParenExpr>())
      Parents = Ctx.getParents(Parents[0]);
    if (Parents.empty())
      return Out;
    if (const auto *AddrOf = Parents[0].get<UnaryOperator>(); AddrOf && AddrOf->getOpcode() == UO_AddrOf) {
      const Expr *Outer = AddrOf;
      for (unsigned I = 0; I < 4 && !LaunchArg; ++I) {
        DynTypedNodeList PP = Ctx.getParents(*Outer);
        if (PP.empty())
          break;
        if (const auto *Call = PP[0].get<CallExpr>()) {
          const FunctionDecl *Callee = Call->getDirectCallee();
          const LaunchApi *Api = Callee && Callee->getIdentifier() ? launchApiTable().find(Callee->getName()) : nullptr;
          LaunchArg = Api && Api->ConfigArg >= 0;
          break;
        }
        Outer = PP[0].get<Expr>();
        if (!Outer || !isa<ImplicitCastExpr, ParenExpr>(Outer))
          break;
      }
    }
    if (!LaunchArg)
      return Out;
  }
  for (int K = 0; K < NumFields; ++K)
    if (States[K]->Writes > 1)
      States[K]->Unknown = true;
  if (!Grid.Unknown && Grid.Value)
    Out.Grid = evaluateDim3(Grid.Value, Ctx, 1);
  if (!Block.Unknown && Block.Value)
    Out.Block = evaluateDim3(Block.Value, Ctx, 1);
  if (!Smem.Unknown && Smem.Value)
    Out.SharedMemBytes = evaluateConstantInteger(Smem.Value, Ctx, 1);
  return Out;
}

} // namespace rocmtidy
