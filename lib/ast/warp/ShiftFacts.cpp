// 32-bit shifts whose amount is computed from a lane number: a subwarp's bit field placed at
// 'k * (lane / k)', a lane's bit at the position '__ffsll' found in a 64-bit ballot, or the
// counter of a loop over the wavefront's lanes. On a 64-lane wavefront the amount passes 31 and
// the shift is undefined: the upper lanes' bits are lost, or garbage. Also a 32-bit one shifted by
// a variable that the same body uses to shift a 64-bit value: a bit position up to 63 there.

#include "ast/StmtWalk.h"
#include "ast/ThreadIndex.h"
#include "ast/warp/BodyScanner.h"
#include "ast/warp/WarpExprs.h"
#include "clang/AST/ParentMapContext.h"

using namespace clang;

namespace rocmtidy {

using namespace warp;

void WarpBodyScanner::laneShift(const BinaryOperator *BO) {
  if (BO->isTypeDependent() || BO->isValueDependent() || !BO->getType()->isIntegerType())
    return;
  unsigned Bits = intBits(BO->getType(), Ctx);
  const Expr *Amount = BO->getRHS();
  if ((Bits != 32 && Bits != 64) || Amount->isValueDependent() || Amount->isEvaluatable(Ctx))
    return;
  if (Bits == 64) {
    wideLaneShift(BO, Amount);
    return;
  }
  bool One = isLit(BO->getLHS(), 1);
  // The cheap test first: '1 << lane' with a lane straight from the hardware.
  if (One && reaches63(Amount)) {
    F.NarrowLaneBits.push_back(BO);
    return;
  }
  // '__popcll(votes & ~(-(1u << threadIdx.x)))': the thread index is used as the lane of a 64-bit
  // vote, so the block is one wavefront, whose threads 32-63 shift by 32 or more. Blocks of at most
  // 32 threads are left out where the finding is reported.
  if (One && meetsLaneMask(BO))
    if (std::optional<ThreadIndexRef> TI = matchThreadIndex(Amount);
        TI && TI->From == ThreadIndexRef::Source::ThreadIdx && TI->Axis == 0) {
      F.NarrowLaneBits.push_back(BO);
      return;
    }
  std::optional<uint64_t> Max = laneBound(Amount);
  if (!Max && One && isa<DeclRefExpr>(Amount->IgnoreParenImpCasts()) && !below32(Amount))
    OneShiftedByVariable.push_back(BO);
  if (!Max || *Max < 32)
    return;
  if (One && *Max == 63)
    F.NarrowLaneBits.push_back(BO);
  else
    F.LaneShifts.push_back({BO, *Max});
}

// '(1ull << (lane + 1)) - 1', the mask of the lanes up to this one: on a warp of 32 the amount stays
// below 33, on a 64-lane wavefront lane 63 shifts by 64 (undefined; AMD's shifter takes the amount
// modulo 64). Only a lane plus a constant is followed: other 64-bit shifts by variables are common
// and their bounds are not worth the analysis.
void WarpBodyScanner::wideLaneShift(const BinaryOperator *BO, const Expr *Amount) {
  const auto *Plus = dyn_cast<BinaryOperator>(Amount->IgnoreParenImpCasts());
  if (!Plus || Plus->getOpcode() != BO_Add ||
      !(Plus->getRHS()->isEvaluatable(Ctx) || Plus->getLHS()->isEvaluatable(Ctx)))
    return;
  if (std::optional<uint64_t> Max = laneBound(Amount); Max && *Max >= 64 && *Max < 128)
    F.LaneShifts.push_back({BO, *Max});
}

// Whether \p Shift, through negation, complement, casts and an offset by a constant, is an operand
// of a bitwise operation whose other operand is a 64-bit lane mask.
bool WarpBodyScanner::meetsLaneMask(const Expr *Shift) {
  const Expr *Child = Shift;
  for (unsigned Depth = 0; Depth < 6; ++Depth) {
    DynTypedNodeList Parents = Ctx.getParents(*Child);
    const Expr *P = Parents.empty() ? nullptr : Parents[0].get<Expr>();
    if (!P)
      return false;
    if (const auto *BO = dyn_cast<BinaryOperator>(P)) {
      if (BO->getOpcode() == BO_And || BO->getOpcode() == BO_Or || BO->getOpcode() == BO_Xor) {
        const Expr *Other = BO->getLHS() == Child ? BO->getRHS() : BO->getLHS();
        return intBits(Other->IgnoreParenImpCasts()->getType(), Ctx) == 64 && isLaneMaskValue(Other);
      }
      if ((BO->getOpcode() != BO_Sub && BO->getOpcode() != BO_Add) ||
          (!BO->getRHS()->isValueDependent() && !BO->getRHS()->isEvaluatable(Ctx)))
        return false;
    } else if (const auto *UO = dyn_cast<UnaryOperator>(P)) {
      if (UO->getOpcode() != UO_Minus && UO->getOpcode() != UO_Not)
        return false;
    } else if (!isa<ParenExpr, CastExpr>(P)) {
      return false;
    }
    Child = P;
  }
  return false;
}

// The largest value E takes on a 64-lane wavefront when it is computed from a lane number (up to
// 63) or from the bit position of a 64-bit word, through divisions, products, remainders, masks
// and offsets by constants; nothing when E is not computed so (then nothing is known of it).
std::optional<uint64_t> WarpBodyScanner::laneBound(const Expr *E, unsigned Depth) {
  if (!E || Depth > 6)
    return std::nullopt;
  E = E->IgnoreParenCasts();
  if (reaches63(E))
    return 63;
  if (const auto *CE = dyn_cast<CallExpr>(E)) {
    if (CE->getNumArgs() != 1 || intBits(CE->getArg(0)->IgnoreParenImpCasts()->getType(), Ctx) != 64)
      return std::nullopt;
    StringRef N = calleeName(CE);
    // __ffsll counts positions from 1 (0 for no bit set); ctz and clz count from 0.
    if (N == "__ffsll" || N == "__builtin_ffsll")
      return 64;
    if (N == "__builtin_ctzll" || N == "__clzll" || N == "__builtin_clzll")
      return 63;
    return std::nullopt;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return laneBoundOfOperator(BO, Depth);
  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    auto A = laneBound(CO->getTrueExpr(), Depth + 1), B = laneBound(CO->getFalseExpr(), Depth + 1);
    if (!A || !B)
      return A ? A : B;
    return std::max(*A, *B);
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  if (!DRE || !isa<VarDecl>(DRE->getDecl()) || isa<ParmVarDecl>(DRE->getDecl()))
    return std::nullopt;
  auto Defs = analysis().reaching(DRE);
  if (!Defs)
    return std::nullopt;
  // A loop counter over the lanes, when only its start and its step reach the read (nothing in
  // the body moves it elsewhere).
  const auto *VD = cast<VarDecl>(DRE->getDecl());
  if (auto Walk = LaneWalks.find(VD);
      Walk != LaneWalks.end() && llvm::all_of(*Defs, [&](const Expr *D) { return !D || D == VD->getInit(); }))
    return Walk->second;
  // A local: the largest of what its definitions that reach this read can hold.
  std::optional<uint64_t> Max;
  for (const Expr *D : *Defs)
    if (auto B = laneBound(D, Depth + 1))
      Max = std::max(Max.value_or(0), *B);
  return Max;
}

// Whatever it is computed from, E stays below 32: a remainder by 32 or less, a mask of 31 or less,
// a constant below 32, or a local whose every reaching definition is one of those.
bool WarpBodyScanner::below32(const Expr *E, unsigned Depth) {
  if (!E || Depth > 4)
    return false;
  E = E->IgnoreParenImpCasts();
  auto Constant = [&](const Expr *X) { return X->isValueDependent() ? std::nullopt : constantValue(X, Ctx); };
  if (auto V = Constant(E))
    return *V >= 0 && *V < 32;
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    auto R = Constant(BO->getRHS());
    if (BO->getOpcode() == BO_Rem)
      return R && *R > 0 && *R <= 32;
    if (BO->getOpcode() == BO_And) {
      auto L = Constant(BO->getLHS());
      return (R && *R >= 0 && *R < 32) || (L && *L >= 0 && *L < 32);
    }
    return false;
  }
  return everyDefinition(E, [&](const Expr *D) { return below32(D, Depth + 1); });
}

// E reads a local (not a parameter) whose every reaching definition satisfies Pred.
bool WarpBodyScanner::everyDefinition(const Expr *E, llvm::function_ref<bool(const Expr *)> Pred) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  if (!DRE || !isa<VarDecl>(DRE->getDecl()) || isa<ParmVarDecl>(DRE->getDecl()))
    return false;
  auto Defs = analysis().reaching(DRE);
  return Defs && !Defs->empty() && llvm::all_of(*Defs, Pred);
}

// 'for (int i = 0; i < warpSize; ++i)': a walk over the lanes of the wavefront, its counter a lane
// number up to 63. Only a bound that names the width ('warpSize', a macro or constant named like
// a wave size) says so: 'i < 64' may count anything.
void WarpBodyScanner::laneWalk(const ForStmt *FS) {
  auto [VD, Start] = loopStart(FS);
  if (!VD || !Start || !FS->getInc() || !isa<DeclStmt>(FS->getInit()) || !stepsByOne(FS->getInc(), VD))
    return;
  std::optional<int64_t> From = evaluate(Start);
  bool Inclusive = false;
  const Expr *Bound = loopBound(FS, VD, Inclusive);
  if (!From || *From < 0 || !Bound || Bound->isValueDependent())
    return;
  if (!isWidthOperand(Bound) && !mentionsWidthName(Bound))
    return;
  std::optional<int64_t> Width = valueAt64Lanes(Bound, Ctx);
  if (!Width || *Width <= 32 || *Width > 64)
    return;
  LaneWalks[VD] = static_cast<uint64_t>(*Width - (Inclusive ? 0 : 1));
}

// Shifts of 64-bit values by a variable ('~0ull << base'): the body's author counts that variable
// as a bit position of a 64-bit word.
void WarpBodyScanner::noteWideShift(const BinaryOperator *BO) {
  BinaryOperatorKind Op = BO->getOpcode();
  if ((Op != BO_Shl && Op != BO_Shr && Op != BO_ShlAssign && Op != BO_ShrAssign) || BO->isTypeDependent() ||
      intBits(BO->getType(), Ctx) != 64)
    return;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(BO->getRHS()->IgnoreParenImpCasts()))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      WideShiftAmounts.try_emplace(VD, BO);
}

// '1 << v' whose result is widened to 64 bits ('mask &= 1 << base') while the same body shifts a
// 64-bit value by v: the 32-bit one was meant as a bit of that 64-bit word, and positions 32-63
// are undefined for it.
void WarpBodyScanner::settleWideAmounts() {
  for (const BinaryOperator *BO : OneShiftedByVariable) {
    const auto *VD = dyn_cast<VarDecl>(cast<DeclRefExpr>(BO->getRHS()->IgnoreParenImpCasts())->getDecl());
    auto Wide = VD ? WideShiftAmounts.find(VD) : WideShiftAmounts.end();
    if (Wide == WideShiftAmounts.end())
      continue;
    bool Widened = llvm::any_of(Casts, [&](const CastExpr *C) {
      return C->getSubExpr()->IgnoreParens() == BO && intBits(C->getType(), Ctx) == 64;
    });
    if (Widened)
      F.WideAmountBits.push_back({BO, Wide->second});
  }
}

std::optional<uint64_t> WarpBodyScanner::laneBoundOfOperator(const BinaryOperator *BO, unsigned Depth) {
  auto Constant = [&](const Expr *X) -> std::optional<uint64_t> {
    auto V = X->isValueDependent() ? std::nullopt : constantValue(X, Ctx);
    if (!V || *V < 0 || *V > 4096)
      return std::nullopt;
    return static_cast<uint64_t>(*V);
  };
  const Expr *L = BO->getLHS(), *R = BO->getRHS();
  std::optional<uint64_t> C = Constant(R);
  const Expr *Lane = L;
  if (!C && (BO->getOpcode() == BO_Mul || BO->getOpcode() == BO_Add || BO->getOpcode() == BO_And)) {
    C = Constant(L); // commutative: the constant may come first
    Lane = R;
  }
  if (!C)
    return std::nullopt;
  std::optional<uint64_t> B = laneBound(Lane, Depth + 1);
  if (!B)
    return std::nullopt;
  switch (BO->getOpcode()) {
  case BO_Div:
    return *C ? std::optional<uint64_t>(*B / *C) : std::nullopt;
  case BO_Mul:
    return *B * *C;
  case BO_Rem:
    return *C ? std::optional<uint64_t>(std::min(*B, *C - 1)) : std::nullopt;
  case BO_And:
    return std::min(*B, *C);
  case BO_Add:
    return *B + *C;
  case BO_Sub:
    return *B >= *C ? *B - *C : 0;
  case BO_Shr:
    return *C < 64 ? std::optional<uint64_t>(*B >> *C) : std::nullopt;
  default:
    return std::nullopt;
  }
}

// The wavefront's width as the program reads it at run time: 'warpSize', a project's width
// function ('getWarpSize()'), a portability layer's 'warp::getSize(acc)', or a local holding one.
bool WarpBodyScanner::isRunTimeWidth(const Expr *E, unsigned Depth) {
  if (!E || Depth > 3)
    return false;
  E = E->IgnoreParenImpCasts();
  if (const auto *Cast = dyn_cast<ExplicitCastExpr>(E))
    return Cast->getType()->isIntegerType() && isRunTimeWidth(Cast->getSubExpr(), Depth + 1);
  if (isWarpSizeRef(E) || isWarpSizeCall(E))
    return true;
  if (const auto *CE = dyn_cast<CallExpr>(E)) {
    const auto *FD = CE->getDirectCallee();
    const auto *NS = FD ? dyn_cast<NamedDecl>(FD->getDeclContext()) : nullptr;
    return FD && FD->getIdentifier() && NS && NS->getIdentifier() && CE->getType()->isIntegerType() &&
           (NS->getName() == "warp" || NS->getName() == "wavefront") &&
           (FD->getName() == "getSize" || FD->getName() == "size" || FD->getName() == "get_size");
  }
  return everyDefinition(E, [&](const Expr *D) { return isRunTimeWidth(D, Depth + 1); });
}

namespace {
// In a template: an amount that may be the width once instantiated ('warp::getSize(acc)' not yet
// resolved, a local initialised from it).
bool mayBeWidth(const Expr *E, unsigned Depth = 0) {
  if (!E || Depth > 3)
    return false;
  E = E->IgnoreParenCasts();
  if (isWarpSizeRef(E) || isWarpSizeCall(E))
    return true;
  if (const auto *CE = dyn_cast<CallExpr>(E))
    if (const auto *ULE = dyn_cast<UnresolvedLookupExpr>(CE->getCallee()->IgnoreParenImpCasts())) {
      const NestedNameSpecifier *Q = ULE->getQualifier();
      const NamespaceDecl *NS = Q ? Q->getAsNamespace() : nullptr;
      const IdentifierInfo *Id = ULE->getName().getAsIdentifierInfo();
      return NS && NS->getIdentifier() && NS->getName() == "warp" && Id && Id->getName() == "getSize";
    }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()); VD && VD->isLocalVarDecl() && VD->getInit())
      return mayBeWidth(VD->getInit(), Depth + 1);
  return false;
}

// A comparison in Cond that tests the width or a type's size: the shift is one arm of a choice
// that handles the full width separately ('w == 64 ? ~0ull : (1ull << w) - 1').
bool testsWidth(const Expr *Cond) {
  return anyStmtOutsideLambdas(Cond, [](const Stmt *S) {
    const auto *Cmp = dyn_cast<BinaryOperator>(S);
    if (!Cmp || !Cmp->isComparisonOp())
      return false;
    return anyStmtOutsideLambdas(Cmp, [](const Stmt *X) {
      const auto *E = dyn_cast<Expr>(X);
      return E && (isa<UnaryExprOrTypeTraitExpr>(E) || isWarpSizeRef(E) || isWarpSizeCall(E) || mayBeWidth(E));
    });
  });
}
} // namespace

bool WarpBodyScanner::inWidthChoice(const Expr *E) {
  DynTypedNode Node = DynTypedNode::create(*static_cast<const Stmt *>(E));
  for (unsigned Depth = 0; Depth < 12; ++Depth) {
    auto Parents = Ctx.getParents(Node);
    if (Parents.empty())
      return false;
    Node = Parents[0];
    if (const auto *CO = Node.get<ConditionalOperator>(); CO && testsWidth(CO->getCond()))
      return true;
    if (const auto *IS = Node.get<IfStmt>(); IS && IS->getCond() && testsWidth(IS->getCond()))
      return true;
    if (Node.get<Decl>() && !Node.get<VarDecl>())
      return false;
  }
  return false;
}

// 'Result{1} << w' in a template, Result a dependent integer type: an integer one shifted by the
// width is undefined whatever the instantiation, so the template itself is reported (its
// instantiations may be out of sight in a partial parse); otherwise its instantiations decide.
void WarpBodyScanner::dependentWidthShift(const Expr *Shift, const Expr *Value, const Expr *Amount) {
  if (!mayBeWidth(Amount))
    return;
  F.DependentCandidate = true;
  const Expr *One = Value->IgnoreParenImpCasts();
  if (const auto *UC = dyn_cast<CXXUnresolvedConstructExpr>(One); UC && UC->getNumArgs() == 1)
    One = UC->getArg(0)->IgnoreParenImpCasts();
  if (const auto *IL = dyn_cast<InitListExpr>(One); IL && IL->getNumInits() == 1)
    One = IL->getInit(0)->IgnoreParenImpCasts();
  if (isLit(One, 1) && !inWidthChoice(Shift))
    F.WidthShifts.push_back(Shift);
}

// '(1ull << warpSize) - 1' for the mask of every lane.
bool WarpBodyScanner::widthShift(const BinaryOperator *BO) {
  if (BO->isTypeDependent())
    dependentWidthShift(BO, BO->getLHS(), BO->getRHS());
  if (BO->isTypeDependent() || !BO->getType()->isIntegerType() || intBits(BO->getType(), Ctx) > 64)
    return false;
  // Older HIP headers make 'warpSize' a constant of 64: the shift is just as undefined.
  const Expr *Amount = BO->getRHS();
  if (Amount->isValueDependent() || !isRunTimeWidth(Amount))
    return false;
  if (auto V = constantValue(Amount, Ctx); V && *V != 64)
    return false;
  if (inWidthChoice(BO))
    return true;
  F.WidthShifts.push_back(BO);
  return true;
}

// 'for (int i = 63; i >= 0; --i)' / 'for (int i = 0; i < 64; ++i)': a walk over the bit positions of
// a 64-bit word (the constant end is 63 or 64 whichever way it runs).
void WarpBodyScanner::bitWalk(const ForStmt *FS) {
  auto [VD, Start] = loopStart(FS);
  if (!VD || !Start || !FS->getInc() || Start->isValueDependent())
    return;
  std::optional<int64_t> From = evaluate(Start);
  if (!From || *From < 0)
    return;
  if (*From == 63) {
    BitWalks[VD] = 63;
    return;
  }
  bool Inclusive = false;
  const Expr *Bound = loopBound(FS, VD, Inclusive);
  std::optional<int64_t> To = Bound && !Bound->isValueDependent() ? evaluate(Bound) : std::nullopt;
  if (To && *To - (Inclusive ? 0 : 1) == 63)
    BitWalks[VD] = 63;
}

// The 32-bit shift by such a counter whose result meets a 64-bit value ('(1 << i) & x'): the bit
// was meant as one of x's 64, and positions 32-63 shift past the int.
void WarpBodyScanner::settleBitWalks() {
  if (BitWalks.empty())
    return;
  walkStmts(F.Body, [&](const Stmt *S) {
    const auto *Op = dyn_cast<BinaryOperator>(S);
    if (!Op || (Op->getOpcode() != BO_And && Op->getOpcode() != BO_Or && Op->getOpcode() != BO_Xor) ||
        Op->isTypeDependent() || intBits(Op->getType(), Ctx) != 64)
      return StmtWalk::Continue;
    for (const Expr *Side : {Op->getLHS(), Op->getRHS()}) {
      const auto *Shift = dyn_cast<BinaryOperator>(Side->IgnoreParenImpCasts());
      if (!Shift || Shift->getOpcode() != BO_Shl || Shift->isTypeDependent() || intBits(Shift->getType(), Ctx) != 32 ||
          !isLit(Shift->getLHS(), 1))
        continue;
      const auto *DRE = dyn_cast<DeclRefExpr>(Shift->getRHS()->IgnoreParenImpCasts());
      const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
      if (auto It = VD ? BitWalks.find(VD) : BitWalks.end(); It != BitWalks.end())
        F.BitWalkShifts.push_back({Shift, It->second});
    }
    return StmtWalk::Continue;
  });
}

} // namespace rocmtidy
