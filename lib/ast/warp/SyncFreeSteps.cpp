// Warp-synchronous reduction steps: 'a[tid] += a[tid + s]' run by the threads of one warp without a
// barrier between the steps, on the premise that the warp runs in lock-step and every store is
// seen by the next step's loads. Nothing in the language orders one lane's store before another
// lane's load there unless the memory is volatile (or a wave barrier and fence separate the
// steps): the AMDGPU backend is free to issue the loads of 'a[tid + 8]', 'a[tid + 4]', ... before
// the stores of the step before, since for one thread they name other addresses. Whatever the
// grouping, the code reads partial sums that are not yet written. Older CUDA reductions (the
// classic unrolled last warp, a recursive template that skips '__syncthreads()' below a warp)
// carry this into HIP ports.

#include "BodyScanner.h"
#include "ast/StmtWalk.h"
#include "ast/ThreadIndex.h"

using namespace clang;

namespace rocmtidy {

namespace {

// The stride of 'a[tid + s]': the declaration 's' names (a local, parameter or non-type
// template parameter), or a constant.
struct Stride {
  const ValueDecl *Named = nullptr;
  std::optional<int64_t> Value;
};

// The array or pointer operand. In a template a subscript whose index is still a class object
// ('threadIdx.x' before its conversion) makes getBase() pick the index, so go by the types.
const Expr *subscriptBase(const ArraySubscriptExpr *ASE) {
  for (const Expr *Side : {ASE->getLHS(), ASE->getRHS()}) {
    QualType T = Side->IgnoreParenImpCasts()->getType();
    if (T->isPointerType() || T->isArrayType())
      return Side;
  }
  return ASE->getBase();
}

const Expr *subscriptIndex(const ArraySubscriptExpr *ASE) {
  return subscriptBase(ASE) == ASE->getLHS() ? ASE->getRHS() : ASE->getLHS();
}

const ValueDecl *baseDecl(const ArraySubscriptExpr *ASE) {
  const auto *DRE = dyn_cast<DeclRefExpr>(subscriptBase(ASE)->IgnoreParenImpCasts());
  return DRE ? DRE->getDecl() : nullptr;
}

// Volatile element: the lock-step idiom that is correct within one wavefront.
bool volatileElement(const ArraySubscriptExpr *ASE) {
  QualType BaseType = subscriptBase(ASE)->IgnoreParenImpCasts()->getType();
  if (const auto *PT = BaseType->getAs<PointerType>())
    return PT->getPointeeType().isVolatileQualified();
  if (const auto *AT = BaseType->getAsArrayTypeUnsafe())
    return AT->getElementType().isVolatileQualified();
  return ASE->getType().isVolatileQualified();
}

bool isWaveSyncCall(StringRef Name) {
  return Name == "__syncwarp" || Name == "__threadfence_block" || Name == "__threadfence" ||
         Name == "__builtin_amdgcn_wave_barrier" || Name == "__builtin_amdgcn_fence" ||
         Name == "__atomic_thread_fence" || Name == "atomic_thread_fence" || Name == "sync";
}

} // namespace

// 'a[T] = f(a[T], a[T + S])', 'a[T] += a[T + S]' with T the thread index: the read of the other
// lane's element, or null.
const ArraySubscriptExpr *WarpBodyScanner::stepRead(const Expr *E, const ValueDecl *&Base, const Expr *&Stride) {
  E = E->IgnoreParenImpCasts();
  const Expr *LHS = nullptr, *RHS = nullptr;
  if (const auto *BO = dyn_cast<BinaryOperator>(E); BO && BO->isAssignmentOp()) {
    LHS = BO->getLHS();
    RHS = BO->getRHS();
  } else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E); OC && OC->isAssignmentOp() && OC->getNumArgs() == 2) {
    LHS = OC->getArg(0);
    RHS = OC->getArg(1);
  }
  const auto *Own = LHS ? dyn_cast<ArraySubscriptExpr>(LHS->IgnoreParenImpCasts()) : nullptr;
  Base = Own ? baseDecl(Own) : nullptr;
  if (!Base)
    return nullptr;
  // The shape first ('a[x + y]' on the right); the dataflow only for a candidate.
  llvm::SmallVector<const ArraySubscriptExpr *, 2> Reads;
  walkStmts(RHS, [&](const Stmt *S) {
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(S); ASE && baseDecl(ASE) == Base)
      if (const auto *Sum = dyn_cast<BinaryOperator>(subscriptIndex(ASE)->IgnoreParenImpCasts());
          Sum && Sum->getOpcode() == BO_Add)
        Reads.push_back(ASE);
    return StmtWalk::Continue;
  });
  if (Reads.empty() || !isThreadValued(subscriptIndex(Own)))
    return nullptr;
  for (const ArraySubscriptExpr *ASE : Reads) {
    const auto *Sum = cast<BinaryOperator>(subscriptIndex(ASE)->IgnoreParenImpCasts());
    for (auto [T, S2] : {std::pair{Sum->getLHS(), Sum->getRHS()}, std::pair{Sum->getRHS(), Sum->getLHS()}})
      if (isThreadValued(T)) {
        Stride = S2->IgnoreParenImpCasts();
        return ASE;
      }
  }
  return nullptr;
}

bool WarpBodyScanner::isThreadValued(const Expr *E) {
  if (!E || E->isTypeDependent())
    return false;
  if (isa<IntegerLiteral>(E->IgnoreParenImpCasts()))
    return false;
  ThreadValue V = analysis().classify(E);
  return V == ThreadValue::ThreadIndex || V == ThreadValue::LaneId;
}

static Stride strideOf(const Expr *S, ASTContext &Ctx) {
  Stride R;
  S = S->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
    R.Named = DRE->getDecl();
    return R;
  }
  if (!S->isValueDependent())
    if (auto V = S->getIntegerConstantExpr(Ctx))
      R.Value = V->getExtValue();
  return R;
}

// 'if (s > 16) __syncthreads();': the steps with smaller strides run without a barrier.
void WarpBodyScanner::barrierGate(const IfStmt *IS) {
  if (IS->getElse() || !IS->getCond() || F.Instantiation)
    return;
  const Stmt *Then = IS->getThen();
  if (const auto *CS = dyn_cast<CompoundStmt>(Then); CS && CS->size() == 1)
    Then = CS->body_front();
  const auto *Call = dyn_cast<CallExpr>(Then);
  if (!Call || calleeName(Call) != "__syncthreads")
    return;
  const auto *Cmp = dyn_cast<BinaryOperator>(IS->getCond()->IgnoreParenImpCasts());
  if (!Cmp)
    return;
  const Expr *Var = Cmp->getLHS(), *Limit = Cmp->getRHS();
  BinaryOperatorKind Op = Cmp->getOpcode();
  if (Op == BO_LT || Op == BO_LE) {
    std::swap(Var, Limit);
    Op = Op == BO_LT ? BO_GT : BO_GE;
  }
  if (Op != BO_GT && Op != BO_GE)
    return;
  Stride S = strideOf(Var, Ctx);
  auto C = Limit->isValueDependent() ? std::nullopt : Limit->getIntegerConstantExpr(Ctx);
  if (!S.Named || !C)
    return;
  // The largest stride that skips the barrier: 16 or 32, a warp's half or a warp.
  int64_t Skips = C->getExtValue() - (Op == BO_GT ? 0 : 1);
  if (Skips >= 16 && Skips <= 32)
    Gates.push_back({IS, S.Named});
}

// Two or more steps in a row with constant strides of a warp or less ('a[tid] += a[tid + 16];
// a[tid] += a[tid + 8]; ...'), each possibly under its own 'if (blockSize >= 32)'.
void WarpBodyScanner::unrolledSteps(const CompoundStmt *CS) {
  if (F.Instantiation)
    return;
  const ArraySubscriptExpr *First = nullptr;
  const ValueDecl *RunBase = nullptr;
  int64_t Last = 0;
  unsigned Run = 0;
  for (const Stmt *S : CS->body()) {
    if (const auto *IS = dyn_cast<IfStmt>(S); IS && !IS->getElse() && !IS->getInit())
      S = IS->getThen();
    if (const auto *Inner = dyn_cast<CompoundStmt>(S); Inner && Inner->size() == 1)
      S = Inner->body_front();
    const ValueDecl *Base = nullptr;
    const Expr *StrideE = nullptr;
    const auto *E = dyn_cast<Expr>(S);
    const ArraySubscriptExpr *Read = E ? stepRead(E, Base, StrideE) : nullptr;
    Stride St = Read ? strideOf(StrideE, Ctx) : Stride();
    bool Continues = Read && St.Value && *St.Value > 0 && *St.Value <= 32 && Base == RunBase && *St.Value < Last;
    if (Continues) {
      Last = *St.Value;
      if (++Run == 2 && !volatileElement(First))
        SyncFree.push_back({First, nullptr, RunBase});
      continue;
    }
    bool Starts = Read && St.Value && *St.Value > 0 && *St.Value <= 32;
    First = Starts ? Read : nullptr;
    RunBase = Starts ? Base : nullptr;
    Last = Starts ? *St.Value : 0;
    Run = Starts ? 1 : 0;
  }
}

void WarpBodyScanner::noteStep(const Expr *E) {
  if (F.Instantiation)
    return;
  const ValueDecl *Base = nullptr;
  const Expr *StrideE = nullptr;
  if (const ArraySubscriptExpr *Read = stepRead(E, Base, StrideE))
    if (Stride S = strideOf(StrideE, Ctx); S.Named)
      StrideSteps.push_back({Read, S.Named});
}

// A gated barrier, or a halving loop from a warp or less with no barrier in it, around steps by
// its stride; quiet where the body synchronises the wavefront some other way.
void WarpBodyScanner::settleSyncFreeSteps() {
  if (StrideSteps.empty() && SyncFree.empty())
    return;
  auto Synchronises = [](const Stmt *Root, bool BlockToo) {
    return anyStmtOutsideLambdas(Root, [BlockToo](const Stmt *S) {
      const auto *CE = dyn_cast<CallExpr>(S);
      StringRef Name = CE ? calleeName(CE) : StringRef();
      return CE && (isWaveSyncCall(Name) || (BlockToo && Name == "__syncthreads"));
    });
  };
  if (Synchronises(F.Body, false))
    return;
  for (const auto &[Read, By] : StrideSteps) {
    if (volatileElement(Read))
      continue;
    const Stmt *Why = nullptr;
    for (const auto &[IS, Var] : Gates)
      if (Var == By)
        Why = IS->getCond();
    const auto *VD = dyn_cast<VarDecl>(By);
    auto It = VD && !Why ? Loops.find(VD) : Loops.end();
    if (It != Loops.end() && It->second.Halves) {
      int64_t Start = It->second.StartValue.value_or(0);
      if (Start > 0 && Start <= 32 && !Synchronises(It->second.Loop->getBody(), true))
        Why = It->second.Loop;
    }
    if (Why)
      SyncFree.push_back({Read, Why, baseDecl(Read)});
  }
  llvm::erase_if(SyncFree, [&](const FunctionWarpFacts::SyncFreeStep &S) {
    return M.Guards.at(S.Read->getBeginLoc(), SM) == Platform::CudaOnly;
  });
  F.SyncFreeSteps = std::move(SyncFree);
}

} // namespace rocmtidy
