// Arrays with fewer elements than a 64-lane wavefront has lanes, indexed by a lane number that
// reaches 63: per-warp partials sized 'sums[1024 / warpSize]' (16 on 64 lanes) or 'sums[32]'
// and read back as 'sums[lane]' read (or write) past the end on lanes 16-63 or 32-63. A subscript
// under a test of its index ('lane < num_warps ? sums[lane] : 0') is bounded and stays quiet.

#include "ast/warp/BodyScanner.h"
#include "ast/warp/WarpExprs.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include "ast/StmtWalk.h"
#include "ast/ThreadIndex.h"

using namespace clang;

namespace rocmtidy {

using namespace warp;

// The local array a subscript reads. A '__shared__' array sized by 'warpSize' is a variable
// length array when warpSize is no constant (ROCm 7, the shipped header): clang keeps the
// subscript with a recovery expression for its base, named here by its spelling.
const VarDecl *WarpBodyScanner::subscriptedArray(const ArraySubscriptExpr *ASE) {
  const Expr *Base = ASE->getBase()->IgnoreParenImpCasts();
  if (const auto *RE = dyn_cast<RecoveryExpr>(Base)) {
    if (!RE->subExpressions().empty()) {
      Base = RE->subExpressions().front()->IgnoreParenImpCasts();
    } else {
      SourceLocation Loc = RE->getBeginLoc();
      if (!Loc.isFileID())
        return nullptr;
      StringRef Name = Lexer::getSourceText(CharSourceRange::getTokenRange(Loc), SM, Ctx.getLangOpts());
      return LocalArrays.lookup(Name);
    }
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(Base);
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (VD && VD->getType()->isArrayType())
    return VD;
  // 'float *sums = scratch;': a pointer to the start of a local array.
  if (const Expr *Def = VD && VD->getType()->isPointerType() ? analysis().singleDefinition(DRE) : nullptr)
    if (const auto *Arr = dyn_cast<DeclRefExpr>(Def->IgnoreParenImpCasts()))
      if (const auto *AVD = dyn_cast<VarDecl>(Arr->getDecl()); AVD && AVD->getType()->isArrayType())
        return VD;
  return nullptr;
}

// Arrays of no element ('__shared__ float part[BlockSize / WAVE]' with a block narrower than the
// wavefront), for the check's empty-slot report. Their template is a candidate for the
// instantiation scan when a division counts its dependent size: only instantiations reach zero.
void WarpBodyScanner::emptyArray(const VarDecl *VD) {
  QualType Ty = VD->getType();
  if (const ConstantArrayType *CAT = Ctx.getAsConstantArrayType(Ty); CAT && CAT->getSize() == 0) {
    F.EmptyArrays.push_back(VD);
    return;
  }
  const auto *DAT = F.Instantiation ? nullptr : dyn_cast<DependentSizedArrayType>(Ty.getCanonicalType());
  const Expr *Size = DAT ? DAT->getSizeExpr() : nullptr;
  // The division may sit in a constant the size names ('part[kSlots]', 'kSlots = Block / WAVE').
  if (Size && findDivision(Size, 3))
    F.DependentCandidate = true;
}

// 'float *cache = scratch + kSlots;': the buffer is split, and what starts at 'scratch' ends at
// kSlots elements.
void WarpBodyScanner::arrayRegion(const VarDecl *VD) {
  const auto *BO = VD->getInit() ? dyn_cast<BinaryOperator>(VD->getInit()->IgnoreParenImpCasts()) : nullptr;
  if (!VD->getType()->isPointerType() || !BO || BO->getOpcode() != BO_Add)
    return;
  const auto *Arr = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts());
  const auto *AVD = Arr ? dyn_cast<VarDecl>(Arr->getDecl()) : nullptr;
  auto Offset = AVD && AVD->getType()->isArrayType() ? constantValue(BO->getRHS(), Ctx) : std::nullopt;
  if (!Offset || *Offset <= 0)
    return;
  auto [It, New] = RegionEnds.try_emplace(AVD, *Offset);
  if (!New)
    It->second = std::min(It->second, *Offset);
}

// The elements a subscript of VD (an array, or a pointer to one's start) may reach.
std::optional<int64_t> WarpBodyScanner::extentOf(const ArraySubscriptExpr *ASE, const VarDecl *VD) {
  const VarDecl *Array = VD;
  if (VD->getType()->isPointerType()) {
    const auto *DRE = cast<DeclRefExpr>(ASE->getBase()->IgnoreParenImpCasts());
    Array = cast<VarDecl>(cast<DeclRefExpr>(analysis().singleDefinition(DRE)->IgnoreParenImpCasts())->getDecl());
  }
  std::optional<int64_t> Extent;
  if (const auto *CAT = Ctx.getAsConstantArrayType(Array->getType()))
    Extent = CAT->getSize().getZExtValue();
  else if (const auto *VAT = Ctx.getAsVariableArrayType(Array->getType()))
    Extent = valueAt64Lanes(VAT->getSizeExpr(), Ctx);
  if (auto End = RegionEnds.find(Array); Extent && VD != Array && End != RegionEnds.end())
    Extent = std::min(*Extent, End->second);
  return Extent;
}

// The tests that decide whether the subscript runs, from the innermost out: the condition of an
// 'if' whose then-branch holds it, of a '?:' whose true arm does, the left side of a '&&'.
llvm::SmallVector<const Expr *, 4> WarpBodyScanner::testsAround(const ArraySubscriptExpr *ASE) {
  llvm::SmallVector<const Expr *, 4> Tests;
  const Stmt *Child = ASE;
  for (unsigned Depth = 0; Depth < 64 && Child != F.Body; ++Depth) {
    DynTypedNodeList Parents = Ctx.getParents(*Child);
    const Stmt *P = Parents.empty() ? nullptr : Parents[0].get<Stmt>();
    if (!P)
      break;
    if (const auto *IS = dyn_cast<IfStmt>(P); IS && IS->getThen() == Child && IS->getCond())
      Tests.push_back(IS->getCond());
    else if (const auto *CO = dyn_cast<ConditionalOperator>(P); CO && CO->getTrueExpr() == Child)
      Tests.push_back(CO->getCond());
    else if (const auto *BO = dyn_cast<BinaryOperator>(P); BO && BO->getOpcode() == BO_LAnd && BO->getRHS() == Child)
      Tests.push_back(BO->getLHS());
    Child = P;
  }
  return Tests;
}

// A relational test of the index (or of the variable holding it) on the way from the subscript
// up to the body. A lane number kept as the remainder of a thread coordinate ('lane = threadIdx.x
// % 64') is bounded by a test of that coordinate too: 'threadIdx.x < n' keeps 'threadIdx.x % 64'
// below n.
bool WarpBodyScanner::guardedBy(const ArraySubscriptExpr *ASE, const Expr *Index) {
  const auto *IndexRef = dyn_cast<DeclRefExpr>(Index->IgnoreParenImpCasts());
  std::optional<ThreadIndexRef> RemainderOf;
  const Expr *Def = IndexRef ? analysis().singleDefinition(IndexRef) : nullptr;
  if (const auto *Rem = Def ? dyn_cast<BinaryOperator>(Def->IgnoreParenImpCasts()) : nullptr;
      Rem && (Rem->getOpcode() == BO_Rem || Rem->getOpcode() == BO_And))
    RemainderOf = matchThreadIndex(Rem->getLHS());
  auto TestsIndex = [&](const Expr *Side) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(Side->IgnoreParenImpCasts());
        DRE && DRE->getDecl() == IndexRef->getDecl())
      return true;
    std::optional<ThreadIndexRef> Coord = RemainderOf ? matchThreadIndex(Side) : std::nullopt;
    return Coord && Coord->From == RemainderOf->From && Coord->Axis == RemainderOf->Axis;
  };
  auto Bounds = [&](const Stmt *Root) {
    return !walkStmts(Root, [&](const Stmt *S) {
      const auto *BO = dyn_cast<BinaryOperator>(S);
      if (!BO || !BO->isRelationalOp())
        return StmtWalk::Continue;
      if (!IndexRef)
        return StmtWalk::Stop;
      for (const Expr *Side : {BO->getLHS(), BO->getRHS()})
        if (TestsIndex(Side))
          return StmtWalk::Stop;
      return StmtWalk::Continue;
    });
  };
  return llvm::any_of(testsAround(ASE), Bounds);
}

// 'if (threadIdx.x < WARP_SIZE) sums[threadIdx.x] = 0' with 'sums[32]' and a width of 64: a
// thread index whose every upper bound on the way to the subscript is the wavefront's width runs
// to 63, past an array of fewer elements. A bound of another value or none the analysis can read,
// and an '||' (a way in that the tests do not bound), keep it quiet.
bool WarpBodyScanner::wavefrontBounded(const ArraySubscriptExpr *ASE, const Expr *Index) {
  Index = Index->IgnoreParenImpCasts();
  std::optional<ThreadIndexRef> Coord = matchThreadIndex(Index);
  const auto *Ref = dyn_cast<DeclRefExpr>(Index);
  if (Coord ? Coord->From != ThreadIndexRef::Source::ThreadIdx
            : !Ref || analysis().classify(Ref) != ThreadValue::ThreadIndex)
    return false;
  auto IsIndex = [&](const Expr *Side) {
    Side = Side->IgnoreParenCasts();
    if (Coord) {
      std::optional<ThreadIndexRef> C = matchThreadIndex(Side);
      return C && C->From == Coord->From && C->Axis == Coord->Axis;
    }
    const auto *D = dyn_cast<DeclRefExpr>(Side);
    return D && D->getDecl() == Ref->getDecl();
  };
  auto mentions = [&](const Stmt *Root) {
    return !walkStmts(Root, [&](const Stmt *S) {
      const auto *E = dyn_cast<Expr>(S);
      return E && IsIndex(E) ? StmtWalk::Stop : StmtWalk::Continue;
    });
  };
  bool Bounded = false, AllWidth = true;
  auto Upper = [&](const Expr *Limit, int64_t Past) {
    std::optional<int64_t> V = valueAt64Lanes(Limit, Ctx);
    Bounded = true;
    AllWidth &= V && *V + Past == 64;
  };
  auto Read = [&](const Stmt *S) {
    const auto *BO = dyn_cast<BinaryOperator>(S);
    if (!BO)
      return StmtWalk::Continue;
    if (BO->getOpcode() == BO_LOr)
      AllWidth = false;
    const Expr *L = BO->getLHS(), *R = BO->getRHS();
    const auto *Div = dyn_cast<BinaryOperator>(L->IgnoreParenImpCasts());
    BinaryOperatorKind Op = BO->getOpcode();
    if (!BO->isComparisonOp())
      return StmtWalk::Continue;
    if (Op == BO_EQ && Div && Div->getOpcode() == BO_Div && IsIndex(Div->getLHS()) && valueAt64Lanes(R, Ctx) == 0)
      Upper(Div->getRHS(), 0); // 'threadIdx.x / WARP_SIZE == 0'
    else if ((Op == BO_LT || Op == BO_LE) && IsIndex(L))
      Upper(R, Op == BO_LE);
    else if ((Op == BO_GT || Op == BO_GE) && IsIndex(R))
      Upper(L, Op == BO_GE);
    else if (Op == BO_EQ && (IsIndex(L) || IsIndex(R)))
      Upper(IsIndex(L) ? R : L, 1);
    else if (!((Op == BO_GT || Op == BO_GE) && IsIndex(L)) && !((Op == BO_LT || Op == BO_LE) && IsIndex(R)) &&
             mentions(BO))
      AllWidth = false; // a test of the index this reading does not value ('tid + 1 < n')
    return StmtWalk::Continue;
  };
  for (const Expr *Test : testsAround(ASE))
    walkStmts(Test, Read);
  return Bounded && AllWidth;
}

void WarpBodyScanner::settleShortArrays() {
  for (const ArraySubscriptExpr *ASE : Subscripts) {
    const Expr *Index = ASE->getIdx();
    if (!Index || Index->isTypeDependent())
      continue;
    // 'tmp[lane + 32]' in a tree written for 32 lanes: the lane number plus a constant.
    int64_t Offset = 0;
    if (const auto *Add = dyn_cast<BinaryOperator>(Index->IgnoreParenImpCasts()); Add && Add->getOpcode() == BO_Add)
      for (auto [Lane, Constant] : {std::pair(Add->getLHS(), Add->getRHS()), std::pair(Add->getRHS(), Add->getLHS())})
        if (auto C = constantValue(Constant, Ctx); C && *C > 0 && *C < 64 && reaches63(Lane)) {
          Offset = *C;
          Index = Lane;
          break;
        }
    const VarDecl *VD = subscriptedArray(ASE);
    if (!VD)
      continue;
    std::optional<int64_t> Extent = extentOf(ASE, VD);
    if (!Extent || *Extent <= Offset || *Extent >= 64 + Offset)
      continue;
    // A lane number unless a test bounds it; a thread index when its tests stop it at the width.
    if (Offset != 0 || reaches63(Index) ? guardedBy(ASE, Index) : !wavefrontBounded(ASE, Index))
      continue;
    F.ShortArrays.push_back({ASE, VD, static_cast<uint64_t>(*Extent), static_cast<uint64_t>(Offset)});
  }
}

} // namespace rocmtidy
