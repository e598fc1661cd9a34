#include "ast/KernelLaunch.h"

#include "clang/AST/RecursiveASTVisitor.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Analysis/Analyses/ExprMutationAnalyzer.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

namespace rocmtidy {

using namespace clang;
using namespace clang::ast_matchers;

// Deep enough for "constexpr int A = ...; int b = A * 2; dim3 block(b);", shallow enough that
// a pathological chain of variables costs nothing.
static constexpr unsigned MaxDepth = 8;

llvm::StringRef launchFormName(LaunchForm F) {
  switch (F) {
  case LaunchForm::Chevron:
    return "<<<>>>";
  case LaunchForm::HipLaunchKernelGGL:
    return "hipLaunchKernelGGL";
  case LaunchForm::HipLaunchKernel:
    return "hipLaunchKernel";
  case LaunchForm::HipLaunchCooperativeKernel:
    return "hipLaunchCooperativeKernel";
  case LaunchForm::HipModuleLaunchKernel:
    return "hipModuleLaunchKernel";
  case LaunchForm::HipExtLaunchKernelGGL:
    return "hipExtLaunchKernelGGL";
  case LaunchForm::HipExtLaunchKernel:
    return "hipExtLaunchKernel";
  case LaunchForm::CudaLaunchKernel:
    return "cudaLaunchKernel";
  case LaunchForm::CudaLaunchCooperativeKernel:
    return "cudaLaunchCooperativeKernel";
  case LaunchForm::CudaLaunchKernelEx:
    return "cudaLaunchKernelEx";
  }
  return "";
}

std::optional<uint64_t> Dim3Value::total() const {
  if (!X || !Y || !Z)
    return std::nullopt;
  // Three 32-bit components cannot overflow 64 bits, but a component evaluated through a
  // variable keeps the width of its initializer.
  uint64_t T = *X;
  if (*Y && T > UINT64_MAX / *Y)
    return std::nullopt;
  T *= *Y;
  if (*Z && T > UINT64_MAX / *Z)
    return std::nullopt;
  return T * *Z;
}

static bool isDependent(const Expr *E) {
  return E->isValueDependent() || E->isTypeDependent() || E->isInstantiationDependent() || E->containsErrors();
}

// Strips what does not change a value: parentheses, implicit conversions, temporaries, and
// explicit casts between integer types or to dim3.
static const Expr *stripValuePreserving(const Expr *E) {
  while (E) {
    const Expr *Next = E->IgnoreParens();
    if (const auto *C = dyn_cast<CastExpr>(Next)) {
      if (C->getCastKind() == CK_IntegralCast || C->getCastKind() == CK_NoOp ||
          C->getCastKind() == CK_LValueToRValue || C->getCastKind() == CK_ConstructorConversion ||
          C->getCastKind() == CK_IntegralToBoolean || C->getCastKind() == CK_UserDefinedConversion)
        Next = C->getSubExpr();
    } else if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(Next)) {
      Next = M->getSubExpr();
    } else if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(Next)) {
      Next = B->getSubExpr();
    } else if (const auto *F = dyn_cast<FullExpr>(Next)) {
      Next = F->getSubExpr();
    }
    if (Next == E)
      return E;
    E = Next;
  }
  return E;
}

static const FunctionDecl *enclosingFunction(const VarDecl &VD) {
  return dyn_cast_or_null<FunctionDecl>(VD.getParentFunctionOrMethod());
}

// A use of a variable that only reads it: an lvalue-to-rvalue conversion, a copy through a
// const-reference copy constructor ("dim3 b2 = block", a dim3 passed by value), or a field of
// it read by value ("block.x").
static bool isPlainRead(const Expr *Ref, const Stmt *Parent, const Stmt *GrandParent) {
  const auto *Cast = dyn_cast_or_null<ImplicitCastExpr>(Parent);
  if (Cast && Cast->getCastKind() == CK_LValueToRValue)
    return true;
  // dim3 -> const dim3 before binding to the copy constructor's parameter.
  if (Cast && Cast->getCastKind() == CK_NoOp && Cast->getType().isConstQualified()) {
    Ref = Cast;
    Parent = GrandParent;
    GrandParent = nullptr;
  }
  if (const auto *C = dyn_cast_or_null<CXXConstructExpr>(Parent)) {
    const CXXConstructorDecl *Ctor = C->getConstructor();
    return Ctor->isCopyConstructor() && C->getNumArgs() >= 1 && C->getArg(0) == Ref &&
           Ctor->getParamDecl(0)->getType()->getPointeeType().isConstQualified();
  }
  if (const auto *M = dyn_cast_or_null<MemberExpr>(Parent)) {
    const auto *Read = dyn_cast_or_null<ImplicitCastExpr>(GrandParent);
    return !M->isArrow() && isa<FieldDecl>(M->getMemberDecl()) && Read &&
           Read->getCastKind() == CK_LValueToRValue;
  }
  return false;
}

// True when every reference to \p VD in \p Body is a plain read (see isPlainRead). A walk of
// the body with parents at hand: far cheaper than ExprMutationAnalyzer, whose matchers build
// the parent map of the whole translation unit (the runtime headers included) and cost about
// a third of parse time on launch-heavy files (tools/bench/launch-bench.sh).
static bool onlyPlainReads(const VarDecl &VD, const Stmt &Body) {
  struct Item {
    const Stmt *S, *Parent, *GrandParent;
  };
  llvm::SmallVector<Item, 64> Stack{{&Body, nullptr, nullptr}};
  while (!Stack.empty()) {
    Item I = Stack.pop_back_val();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(I.S); DRE && DRE->getDecl() == &VD &&
                                                      !isPlainRead(DRE, I.Parent, I.GrandParent))
      return false;
    // A lambda's captures and body are its children; a capture by reference is no plain read.
    for (const Stmt *Child : I.S->children())
      if (Child)
        Stack.push_back({Child, I.S, I.Parent});
  }
  return true;
}

// A variable whose initial value is its value wherever it is read: an automatic variable that
// nothing in its function writes, takes a non-const reference to, or passes by pointer.
static bool isUnmodifiedLocal(const VarDecl &VD, ASTContext &Ctx) {
  if (!VD.hasLocalStorage() || isa<ParmVarDecl>(VD) || !VD.hasInit() || VD.getType().isVolatileQualified() ||
      VD.getType()->isReferenceType())
    return false;
  const FunctionDecl *FD = enclosingFunction(VD);
  if (!FD || !FD->getBody())
    return false;
  // The common case decided without the analyzer; anything else (a call, an address taken, an
  // assignment, a capture) goes to it.
  if (onlyPlainReads(VD, *FD->getBody()))
    return true;
  return !ExprMutationAnalyzer(*FD->getBody(), Ctx).isMutated(&VD);
}

// A variable whose initializer is its value everywhere: constexpr, a const object (writing one
// is undefined behaviour), or an unmodified local.
static bool hasFixedValue(const VarDecl &VD, ASTContext &Ctx) {
  if (!VD.hasInit() || VD.getType().isVolatileQualified())
    return false;
  if (VD.isConstexpr() || VD.getType().isConstQualified())
    return true;
  return isUnmodifiedLocal(VD, Ctx);
}

static std::optional<uint64_t> evalInt(const Expr *E, ASTContext &Ctx, unsigned Depth);

static std::optional<uint64_t> evalBinary(const BinaryOperator &B, ASTContext &Ctx, unsigned Depth) {
  std::optional<uint64_t> L = evalInt(B.getLHS(), Ctx, Depth + 1);
  if (!L)
    return std::nullopt;
  std::optional<uint64_t> R = evalInt(B.getRHS(), Ctx, Depth + 1);
  if (!R)
    return std::nullopt;
  uint64_t Out;
  switch (B.getOpcode()) {
  case BO_Add:
    if (__builtin_add_overflow(*L, *R, &Out))
      return std::nullopt;
    return Out;
  case BO_Sub:
    if (*R > *L)
      return std::nullopt;
    return *L - *R;
  case BO_Mul:
    if (__builtin_mul_overflow(*L, *R, &Out))
      return std::nullopt;
    return Out;
  case BO_Div:
    return *R ? std::optional<uint64_t>(*L / *R) : std::nullopt;
  case BO_Rem:
    return *R ? std::optional<uint64_t>(*L % *R) : std::nullopt;
  case BO_Shl:
    if (*R >= 32 || *L > (UINT64_MAX >> *R))
      return std::nullopt;
    return *L << *R;
  case BO_Shr:
    return *R >= 64 ? 0 : *L >> *R;
  default:
    return std::nullopt;
  }
}

static std::optional<uint64_t> evalInt(const Expr *E, ASTContext &Ctx, unsigned Depth) {
  if (!E || Depth > MaxDepth || isDependent(E))
    return std::nullopt;
  if (const auto *D = dyn_cast<CXXDefaultArgExpr>(E))
    return evalInt(D->getExpr(), Ctx, Depth + 1);
  // Evaluated with its implicit conversions first: dim3(-1) means 4294967295 threads.
  for (const Expr *Form : {E, E->IgnoreParenImpCasts()}) {
    if (!Form->getType()->isIntegralOrEnumerationType())
      continue;
    Expr::EvalResult R;
    if (Form->EvaluateAsInt(R, Ctx)) {
      const llvm::APSInt &V = R.Val.getInt();
      if (V.isSigned() && V.isNegative())
        return std::nullopt;
      return V.getLimitedValue();
    }
  }
  const Expr *S = E->IgnoreParenCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (VD && VD->getType()->isIntegralOrEnumerationType() && hasFixedValue(*VD, Ctx))
      return evalInt(VD->getInit(), Ctx, Depth + 1);
    return std::nullopt;
  }
  if (const auto *B = dyn_cast<BinaryOperator>(S))
    return evalBinary(*B, Ctx, Depth);
  return std::nullopt;
}

std::optional<uint64_t> evaluateConstantInteger(const Expr *E, ASTContext &Ctx) { return evalInt(E, Ctx, 0); }

static bool isDim3Record(QualType T) {
  const auto *RD = T.getCanonicalType()->getAsCXXRecordDecl();
  return RD && RD->getName() == "dim3";
}

static Dim3Value evalDim3(const Expr *E, ASTContext &Ctx, unsigned Depth) {
  if (!E || Depth > MaxDepth || isDependent(E))
    return {};
  E = stripValuePreserving(E);
  if (const auto *F = dyn_cast<CXXFunctionalCastExpr>(E))
    return evalDim3(F->getSubExpr(), Ctx, Depth + 1);
  if (E->getType()->isIntegralOrEnumerationType())
    return {evalInt(E, Ctx, Depth + 1), 1, 1};
  if (!isDim3Record(E->getType()))
    return {};
  if (const auto *C = dyn_cast<CXXConstructExpr>(E)) {
    const CXXConstructorDecl *Ctor = C->getConstructor();
    if (Ctor->isCopyOrMoveConstructor() && C->getNumArgs() == 1)
      return evalDim3(C->getArg(0), Ctx, Depth + 1);
    // dim3(x, y, z) with default arguments filled in; any other constructor (CUDA's from
    // uint3) is not evaluated.
    if (C->getNumArgs() != 3)
      return {};
    for (const Expr *A : C->arguments())
      if (!A->getType()->isIntegralOrEnumerationType())
        return {};
    return {evalInt(C->getArg(0), Ctx, Depth + 1), evalInt(C->getArg(1), Ctx, Depth + 1),
            evalInt(C->getArg(2), Ctx, Depth + 1)};
  }
  if (const auto *IL = dyn_cast<InitListExpr>(E)) {
    // An aggregate dim3 {x, y, z}: missing trailing members are value-initialised to 0 in an
    // aggregate, which no launch means; only a complete list is evaluated.
    if (IL->getNumInits() != 3)
      return {};
    return {evalInt(IL->getInit(0), Ctx, Depth + 1), evalInt(IL->getInit(1), Ctx, Depth + 1),
            evalInt(IL->getInit(2), Ctx, Depth + 1)};
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (VD && hasFixedValue(*VD, Ctx))
      return evalDim3(VD->getInit(), Ctx, Depth + 1);
  }
  return {};
}

Dim3Value evaluateDim3(const Expr *E, ASTContext &Ctx) { return evalDim3(E, Ctx, 0); }

const FunctionDecl *kernelFromExpr(const Expr *E) {
  if (!E || isDependent(E))
    return nullptr;
  for (unsigned I = 0; I < MaxDepth; ++I) {
    E = E->IgnoreParenCasts();
    if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_AddrOf) {
      E = U->getSubExpr();
      continue;
    }
    break;
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return dyn_cast<FunctionDecl>(DRE->getDecl());
  return nullptr;
}

static constexpr llvm::StringLiteral InstantiationId = "enclosing-instantiation";

void InstantiationTracker::registerMatchers(ast_matchers::MatchFinder *Finder,
                                            ast_matchers::MatchFinder::MatchCallback *Callback) {
  using namespace ast_matchers;
  Finder->addMatcher(functionDecl(isTemplateInstantiation(), isDefinition()).bind(InstantiationId), Callback);
}

bool InstantiationTracker::record(const ast_matchers::MatchFinder::MatchResult &Result) {
  const auto *FD = Result.Nodes.getNodeAs<FunctionDecl>(InstantiationId);
  if (!FD)
    return false;
  if (Context != Result.Context) {
    Context = Result.Context;
    Instantiations.clear();
  }
  if (FD->getPointOfInstantiation().isValid() && FD->getBody())
    Instantiations.push_back(FD);
  return true;
}

namespace {
class FindStmt : public RecursiveASTVisitor<FindStmt> {
public:
  explicit FindStmt(const Stmt &Target) : Target(Target) {}
  bool TraverseStmt(Stmt *S) {
    if (Found || !S)
      return !Found;
    if (S == &Target) {
      Found = true;
      return false;
    }
    return RecursiveASTVisitor<FindStmt>::TraverseStmt(S);
  }
  // Local classes are functions of their own.
  bool TraverseDecl(Decl *D) { return isa_and_nonnull<CXXRecordDecl>(D) ? true : RecursiveASTVisitor::TraverseDecl(D); }
  const Stmt &Target;
  bool Found = false;
};
} // namespace

const FunctionDecl *InstantiationTracker::enclosing(const Stmt &S, const SourceManager &SM) const {
  // An instantiated body carries its template's source locations, so the range test keeps the
  // search to the instantiations of the template that spells the statement.
  SourceLocation Loc = SM.getExpansionLoc(S.getBeginLoc());
  for (auto It = Instantiations.rbegin(); It != Instantiations.rend(); ++It) {
    const FunctionDecl *FD = *It;
    SourceRange R = FD->getSourceRange();
    SourceLocation B = SM.getExpansionLoc(R.getBegin()), E = SM.getExpansionLoc(R.getEnd());
    if (Loc.isInvalid() || B.isInvalid() || E.isInvalid() || SM.isBeforeInTranslationUnit(Loc, B) ||
        SM.isBeforeInTranslationUnit(E, Loc))
      continue;
    FindStmt Finder(S);
    Finder.TraverseStmt(FD->getBody());
    if (Finder.Found)
      return FD;
  }
  return nullptr;
}

std::optional<uint64_t> declaredMaxThreads(const FunctionDecl &Kernel, ASTContext &Ctx, const Attr **AttrOut) {
  for (const FunctionDecl *R : Kernel.redecls()) {
    if (const auto *LB = R->getAttr<CUDALaunchBoundsAttr>()) {
      if (AttrOut)
        *AttrOut = LB;
      return evalInt(LB->getMaxThreads(), Ctx, 0);
    }
    if (const auto *FW = R->getAttr<AMDGPUFlatWorkGroupSizeAttr>()) {
      if (AttrOut)
        *AttrOut = FW;
      return evalInt(FW->getMax(), Ctx, 0);
    }
  }
  return std::nullopt;
}

namespace {

struct ApiShape {
  llvm::StringLiteral Name;
  LaunchForm Form;
  int KernelArg, BlockArg, SharedMemArg; // -1: not an argument of the call
};

// Argument positions from the HIP and CUDA runtime headers.
constexpr ApiShape ApiShapes[] = {
    {"hipLaunchKernelGGL", LaunchForm::HipLaunchKernelGGL, 0, 2, 3},
    {"hipLaunchKernel", LaunchForm::HipLaunchKernel, 0, 2, 4},
    {"hipLaunchCooperativeKernel", LaunchForm::HipLaunchCooperativeKernel, 0, 2, 4},
    {"hipModuleLaunchKernel", LaunchForm::HipModuleLaunchKernel, -1, -1, 7},
    {"hipExtLaunchKernelGGL", LaunchForm::HipExtLaunchKernelGGL, 0, 2, 3},
    {"hipExtLaunchKernel", LaunchForm::HipExtLaunchKernel, 0, 2, 4},
    {"cudaLaunchKernel", LaunchForm::CudaLaunchKernel, 0, 2, 4},
    {"cudaLaunchCooperativeKernel", LaunchForm::CudaLaunchCooperativeKernel, 0, 2, 4},
    {"cudaLaunchKernelEx", LaunchForm::CudaLaunchKernelEx, 1, -1, -1},
    {"cudaLaunchKernelExC", LaunchForm::CudaLaunchKernelEx, 1, -1, -1},
};

const ApiShape *findShape(llvm::StringRef Name) {
  for (const ApiShape &S : ApiShapes)
    if (S.Name == Name)
      return &S;
  return nullptr;
}

} // namespace

StatementMatcher launchCandidateMatcher(llvm::StringRef Id) {
  return callExpr(anyOf(cudaKernelCallExpr(),
                        callee(functionDecl(hasAnyName("hipLaunchKernelGGL", "hipLaunchKernel",
                                                       "hipLaunchCooperativeKernel", "hipModuleLaunchKernel",
                                                       "hipExtLaunchKernelGGL", "hipExtLaunchKernel",
                                                       "cudaLaunchKernel",
                                                       "cudaLaunchCooperativeKernel", "cudaLaunchKernelEx",
                                                       "cudaLaunchKernelExC")))))
      .bind(Id);
}

// The 'hipLaunchKernelGGL' token that produced \p InMacro (a location inside the macro's
// expansion), or an invalid location when no such macro is involved. The outermost one wins:
// ROCm's hipLaunchKernelGGL forwards to hipLaunchKernelGGLInternal.
static SourceLocation launchMacroToken(SourceLocation InMacro, const SourceManager &SM, const LangOptions &LO) {
  SourceLocation Found;
  SourceLocation L = InMacro;
  for (unsigned I = 0; L.isMacroID() && I < 32; ++I) {
    if (!SM.isMacroArgExpansion(L)) {
      StringRef Name = Lexer::getImmediateMacroName(L, SM, LO);
      if (Name.starts_with("hipLaunchKernelGGL"))
        Found = SM.getImmediateExpansionRange(L).getBegin();
    }
    L = SM.getImmediateMacroCallerLoc(L);
  }
  return Found;
}

// Reads blockDim and dynamicSmemBytes of a cudaLaunchConfig_t passed as '&cfg'. Only a local
// configuration whose fields are written by plain assignments in the block that declares it,
// before the launch, and nowhere else, is evaluated.
static void evalLaunchConfig(const Expr *ConfigArg, const CallExpr &Launch, ASTContext &Ctx, KernelLaunch &Out) {
  const auto *U = dyn_cast<UnaryOperator>(ConfigArg->IgnoreParenImpCasts());
  if (!U || U->getOpcode() != UO_AddrOf)
    return;
  const auto *DRE = dyn_cast<DeclRefExpr>(U->getSubExpr()->IgnoreParens());
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!VD || !VD->hasLocalStorage() || isa<ParmVarDecl>(VD))
    return;
  const FunctionDecl *FD = enclosingFunction(*VD);
  if (!FD || !FD->getBody())
    return;
  const auto *RD = VD->getType()->getAsRecordDecl();
  if (!RD)
    return;
  const SourceManager &SM = Ctx.getSourceManager();

  // The compound statement that declares the variable.
  const CompoundStmt *Home = nullptr;
  for (const DynTypedNode &P : Ctx.getParents(*VD))
    if (const auto *DS = P.get<DeclStmt>())
      for (const DynTypedNode &PP : Ctx.getParents(*DS))
        Home = PP.get<CompoundStmt>();
  if (!Home)
    return;

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
  const int BlockIdx = fieldIndex("blockDim"), SmemIdx = fieldIndex("dynamicSmemBytes");
  if (BlockIdx < 0 || SmemIdx < 0)
    return;
  FieldState Block, Smem;
  FieldState *States[2] = {&Block, &Smem};
  const int Idx[2] = {BlockIdx, SmemIdx};

  // Starting values from the initializer.
  if (const auto *IL = dyn_cast_or_null<InitListExpr>(VD->getInit() ? VD->getInit()->IgnoreImplicit() : nullptr)) {
    const InitListExpr *Sem = IL->isSemanticForm() ? IL : IL->getSemanticForm();
    if (!Sem)
      Sem = IL;
    for (int K = 0; K < 2; ++K)
      if ((unsigned)Idx[K] < Sem->getNumInits())
        States[K]->Value = Sem->getInit(Idx[K]);
  }

  ExprMutationAnalyzer Mutation(*FD->getBody(), Ctx);
  auto Refs = match(findAll(declRefExpr(to(varDecl(equalsNode(VD)))).bind("ref")), *FD->getBody(), Ctx);
  for (const BoundNodes &BN : Refs) {
    const auto *Ref = BN.getNodeAs<DeclRefExpr>("ref");
    DynTypedNodeList Parents = Ctx.getParents(*Ref);
    if (Parents.empty())
      return;
    if (const auto *ME = Parents[0].get<MemberExpr>()) {
      const auto *Field = dyn_cast<FieldDecl>(ME->getMemberDecl());
      if (!Field)
        continue;
      for (int K = 0; K < 2; ++K) {
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
    if (const auto *AddrOf = Parents[0].get<UnaryOperator>(); AddrOf && AddrOf->getOpcode() == UO_AddrOf) {
      const Expr *Outer = AddrOf;
      for (unsigned I = 0; I < 4 && !LaunchArg; ++I) {
        DynTypedNodeList PP = Ctx.getParents(*Outer);
        if (PP.empty())
          break;
        if (const auto *Call = PP[0].get<CallExpr>()) {
          const FunctionDecl *Callee = Call->getDirectCallee();
          LaunchArg = Callee && Callee->getName().starts_with("cudaLaunchKernelEx");
          break;
        }
        Outer = PP[0].get<Expr>();
        if (!Outer || !isa<ImplicitCastExpr, ParenExpr>(Outer))
          break;
      }
    }
    if (!LaunchArg)
      return;
  }
  for (int K = 0; K < 2; ++K)
    if (States[K]->Writes > 1)
      States[K]->Unknown = true;
  if (!Block.Unknown && Block.Value)
    Out.Block = evalDim3(Block.Value, Ctx, 1);
  if (!Smem.Unknown && Smem.Value)
    Out.SharedMemBytes = evalInt(Smem.Value, Ctx, 1);
}

std::optional<KernelLaunch> recogniseLaunch(const CallExpr &E, ASTContext &Ctx) {
  if (E.isInstantiationDependent() || E.containsErrors())
    return std::nullopt;
  const SourceManager &SM = Ctx.getSourceManager();
  KernelLaunch L;
  L.Call = &E;

  if (const auto *K = dyn_cast<CUDAKernelCallExpr>(&E)) {
    const CallExpr *Config = K->getConfig();
    if (!Config || Config->getNumArgs() < 2)
      return std::nullopt;
    // The HIP headers' own launch code (the function-template hipLaunchKernelGGL of newer HIP)
    // is reported where the user calls it, through the API match.
    if (SM.isInSystemHeader(SM.getExpansionLoc(E.getBeginLoc())))
      return std::nullopt;
    L.Kernel = E.getDirectCallee();
    L.BlockArg = Config->getArg(1);
    L.Block = evalDim3(L.BlockArg, Ctx, 0);
    if (Config->getNumArgs() > 2) {
      const Expr *Smem = Config->getArg(2);
      if (!isa<CXXDefaultArgExpr>(Smem))
        L.SharedMemArg = Smem;
      L.SharedMemBytes = evalInt(Smem, Ctx, 0);
    } else {
      L.SharedMemBytes = 0;
    }
    SourceLocation Macro = launchMacroToken(Config->getBeginLoc(), SM, Ctx.getLangOpts());
    if (Macro.isValid()) {
      L.Form = LaunchForm::HipLaunchKernelGGL;
      L.Loc = SM.getFileLoc(Macro);
    } else {
      L.Form = LaunchForm::Chevron;
      // A chevron written in a macro of the user's is reported where the macro is used.
      L.Loc = Config->getBeginLoc().isMacroID() ? SM.getFileLoc(Config->getBeginLoc())
                                                : SM.getFileLoc(E.getBeginLoc());
    }
    return L;
  }

  const FunctionDecl *Callee = E.getDirectCallee();
  if (!Callee || !Callee->getIdentifier())
    return std::nullopt;
  const ApiShape *Shape = findShape(Callee->getName());
  if (!Shape)
    return std::nullopt;
  L.Form = Shape->Form;
  L.Loc = SM.getFileLoc(E.getBeginLoc());
  auto arg = [&](int I) -> const Expr * { return I >= 0 && (unsigned)I < E.getNumArgs() ? E.getArg(I) : nullptr; };
  L.Kernel = kernelFromExpr(arg(Shape->KernelArg));
  if (Shape->Form == LaunchForm::HipModuleLaunchKernel) {
    if (E.getNumArgs() < 8)
      return std::nullopt;
    L.Block = {evalInt(E.getArg(4), Ctx, 0), evalInt(E.getArg(5), Ctx, 0), evalInt(E.getArg(6), Ctx, 0)};
  } else if (Shape->Form == LaunchForm::CudaLaunchKernelEx) {
    if (E.getNumArgs() < 2)
      return std::nullopt;
    evalLaunchConfig(E.getArg(0), E, Ctx, L);
    return L;
  } else {
    L.BlockArg = arg(Shape->BlockArg);
    if (!L.BlockArg)
      return std::nullopt;
    L.Block = evalDim3(L.BlockArg, Ctx, 0);
  }
  if (const Expr *Smem = arg(Shape->SharedMemArg)) {
    if (!isa<CXXDefaultArgExpr>(Smem))
      L.SharedMemArg = Smem;
    L.SharedMemBytes = evalInt(Smem, Ctx, 0);
  }
  return L;
}

StatementMatcher funcSetAttributeMatcher(llvm::StringRef Id) {
  return callExpr(callee(functionDecl(hasAnyName("hipFuncSetAttribute", "cudaFuncSetAttribute"))),
                  argumentCountIs(3))
      .bind(Id);
}

std::optional<DynamicSharedMemoryAttribute> recogniseDynamicSharedMemoryAttribute(const CallExpr &E,
                                                                                  ASTContext &Ctx) {
  if (E.getNumArgs() != 3 || E.isInstantiationDependent() || E.containsErrors())
    return std::nullopt;
  // The attribute is an enumerator (or something evaluating to one); compare by its name so
  // that HIP's and CUDA's enums both work.
  const Expr *AttrArg = E.getArg(1)->IgnoreParenImpCasts();
  const auto *ET = AttrArg->getType()->getAs<EnumType>();
  std::optional<uint64_t> AttrValue = evalInt(AttrArg, Ctx, 0);
  if (!ET || !AttrValue)
    return std::nullopt;
  bool IsMaxDynamic = false;
  for (const EnumConstantDecl *C : ET->getDecl()->enumerators())
    if (C->getInitVal().getLimitedValue() == *AttrValue &&
        C->getName().ends_with("FuncAttributeMaxDynamicSharedMemorySize"))
      IsMaxDynamic = true;
  if (!IsMaxDynamic)
    return std::nullopt;
  DynamicSharedMemoryAttribute A;
  A.Call = &E;
  A.Loc = Ctx.getSourceManager().getFileLoc(E.getBeginLoc());
  A.Kernel = kernelFromExpr(E.getArg(0));
  A.Bytes = evalInt(E.getArg(2), Ctx, 0);
  if (!A.Bytes)
    return std::nullopt;
  return A;
}

} // namespace rocmtidy
