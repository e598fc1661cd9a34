// 32-bit shifts whose amount is computed from a lane number: a subwarp's bit field placed at
// 'k * (lane / k)', or a lane's bit at the position '__ffsll' found in a 64-bit ballot. On a
// 64-lane wavefront the amount passes 31 and the shift is undefined: the upper lanes' bits are
// lost, or garbage.

#include "ast/warp/BodyScanner.h"
#include "ast/warp/WarpExprs.h"

using namespace clang;

namespace rocmtidy {

using namespace warp;

void WarpBodyScanner::laneShift(const BinaryOperator *BO) {
  if (BO->isTypeDependent() || BO->isValueDependent() || !BO->getType()->isIntegerType() ||
      intBits(BO->getType(), Ctx) != 32)
    return;
  const Expr *Amount = BO->getRHS();
  if (Amount->isValueDependent() || Amount->isEvaluatable(Ctx))
    return;
  bool One = isLit(BO->getLHS(), 1);
  // The cheap test first: '1 << lane' with a lane straight from the hardware.
  if (One && reaches63(Amount)) {
    F.NarrowLaneBits.push_back(BO);
    return;
  }
  std::optional<uint64_t> Max = laneBound(Amount);
  if (!Max || *Max < 32)
    return;
  if (One && *Max == 63)
    F.NarrowLaneBits.push_back(BO);
  else
    F.LaneShifts.push_back({BO, *Max});
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
  // A local: the largest of what its definitions that reach this read can hold.
  std::optional<uint64_t> Max;
  if (auto Defs = analysis().reaching(DRE))
    for (const Expr *D : *Defs)
      if (auto B = laneBound(D, Depth + 1))
        Max = std::max(Max.value_or(0), *B);
  return Max;
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

} // namespace rocmtidy
