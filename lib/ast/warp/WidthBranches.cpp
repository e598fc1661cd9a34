// Code that runs only where the wavefront has 32 lanes: the branch a test of the width takes for
// 32 ('if (warpSize == 32) { ... }', the other arm of 'warpSize == 64 ? ... : ...'). A ballot kept
// in 32 bits there, or 'lane == 31', is what a 32-lane wavefront needs; the 64-lane path is the
// other branch. The test itself is a dispatch on the width, not an assumption of it.

#include "ast/MacroChain.h"
#include "ast/warp/BodyScanner.h"
#include "ast/warp/WarpExprs.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace rocmtidy {

using namespace warp;

// 'warpSize', or a macro named like a wavefront width ('WARP_SIZE', '__AMDGCN_WAVEFRONT_SIZE',
// which the device pass has already replaced by the target's value).
bool WarpBodyScanner::isWidthOperand(const Expr *E) {
  if (isWarpSizeRef(E))
    return true;
  return anyMacroCaller(
      E->IgnoreParenImpCasts()->getBeginLoc(), SM, Ctx.getLangOpts(), [&](StringRef Name, SourceLocation) {
        return Name == "__AMDGCN_WAVEFRONT_SIZE" || Name == "__AMDGCN_WAVEFRONT_SIZE__" || M.isWarpSizeName(Name);
      });
}

// 'W == 32' / 'W != 64' (Equal: true when the test holds on 32 lanes) and the width it names.
std::optional<uint64_t> WarpBodyScanner::widthTested(const Expr *E, bool &Equal) {
  const auto *BO = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
  if (!BO || (BO->getOpcode() != BO_EQ && BO->getOpcode() != BO_NE))
    return std::nullopt;
  const Expr *Width = BO->getLHS(), *Value = BO->getRHS();
  if (!isWidthOperand(Width))
    std::swap(Width, Value);
  auto V = isWidthOperand(Width) ? integerLiteralValue(Value) : std::nullopt;
  if (!V || (*V != 32 && *V != 64))
    return std::nullopt;
  Equal = BO->getOpcode() == BO_EQ;
  return V;
}

static bool leaves(const Stmt *S) {
  if (!S)
    return false;
  if (isa<ReturnStmt, BreakStmt, ContinueStmt, GotoStmt>(S))
    return true;
  if (const auto *CE = dyn_cast<CallExpr>(S)) {
    StringRef N = calleeName(CE);
    if (N == "__builtin_trap" || N == "abort" || N == "__assert_fail" || N == "assert")
      return true;
  }
  for (const Stmt *C : S->children())
    if (leaves(C))
      return true;
  return false;
}

void WarpBodyScanner::widthBranches(const Expr *Cond, const Stmt *Then, const Stmt *Else, bool IsIf) {
  // The conjuncts of the condition: 'warpSize == 32 && lane == 32' runs its branch on 32 lanes only.
  llvm::SmallVector<const Expr *, 4> Work{Cond}, Conjuncts;
  while (!Work.empty()) {
    const Expr *E = Work.pop_back_val()->IgnoreParenImpCasts();
    if (const auto *BO = dyn_cast<BinaryOperator>(E); BO && BO->getOpcode() == BO_LAnd) {
      Work.push_back(BO->getLHS());
      Work.push_back(BO->getRHS());
    } else {
      Conjuncts.push_back(E);
    }
  }
  bool ThenOn32 = false, ElseOn32 = false;
  for (const Expr *C : Conjuncts) {
    bool Equal = false;
    auto V = widthTested(C, Equal);
    if (!V)
      continue;
    bool HoldsOn32 = (*V == 32) == Equal;
    ThenOn32 = ThenOn32 || HoldsOn32;
    // The else branch runs on 32 lanes only when the whole condition is this one test.
    ElseOn32 = ElseOn32 || (!HoldsOn32 && Conjuncts.size() == 1);
    // A branch taken on 32 lanes that does not leave: extra work for 32-lane wavefronts, with the
    // 64-lane path going on below ('if (warpSize != 32) return;' stays an assumption).
    if (HoldsOn32 && *V == 32 && (!IsIf || !leaves(Then)))
      Dispatch.insert(C);
  }
  if (ThenOn32 && Then)
    Width32Only.push_back(Then->getSourceRange());
  if (ElseOn32 && Else)
    Width32Only.push_back(Else->getSourceRange());
}

bool WarpBodyScanner::inWidth32Only(SourceLocation Loc) const {
  Loc = SM.getExpansionLoc(Loc);
  return llvm::any_of(Width32Only, [&](SourceRange R) {
    SourceLocation B = SM.getExpansionLoc(R.getBegin()), E = SM.getExpansionLoc(R.getEnd());
    return !SM.isBeforeInTranslationUnit(Loc, B) && !SM.isBeforeInTranslationUnit(E, Loc);
  });
}

// What is wrong only on 64 lanes says nothing in code that runs on 32 lanes only.
void WarpBodyScanner::dropWidth32Only() {
  if (Width32Only.empty())
    return;
  auto At = [&](const Stmt *S) { return inWidth32Only(S->getBeginLoc()); };
  llvm::erase_if(F.NarrowCasts, [&](const NarrowValue &N) { return At(N.Source); });
  llvm::erase_if(F.NarrowBitOps, [&](const auto &B) { return At(B.first); });
  llvm::erase_if(F.NarrowLaneBits, At);
  llvm::erase_if(F.WideAmountBits, [&](const auto &W) { return At(W.first); });
  llvm::erase_if(F.LaneShifts, [&](const LaneShift &L) { return At(L.Shift); });
  llvm::erase_if(F.LastLane31Tests, At);
  llvm::erase_if(F.ShortArrays, [&](const ShortLaneArray &A) { return At(A.At); });
  llvm::erase_if(F.LaneStrides, [&](const FunctionWarpFacts::LaneStride &L) { return At(L.Loop); });
}

} // namespace rocmtidy
