#include "ast/ThreadIndex.h"
#include "ast/WarpModel.h"
#include "ast/warp/BodyScanner.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/SmallPtrSet.h"

// Ports of CUDA hash tables and work queues (BGHT-style) replace 'tile.ballot(p)' by '__ballot(p)'
// because the tile class of their HIP build lacks a ballot, or keep a tile class whose ballot is
// the wavefront's. With tiles of 32 lanes on a 64-lane wavefront that mask holds two tiles, and
// '__ffsll(mask) - 1' is a wavefront lane that the code then uses as a tile rank.

using namespace clang;

namespace rocmtidy {
namespace {

bool hasThreadRank(const CXXRecordDecl *RD, unsigned Depth) {
  if (!RD || Depth > 6 || !RD->hasDefinition())
    return false;
  RD = RD->getDefinition();
  for (const CXXMethodDecl *M : RD->methods())
    if (M->getIdentifier() && M->getName() == "thread_rank")
      return true;
  return llvm::any_of(RD->bases(), [&](const CXXBaseSpecifier &B) {
    return hasThreadRank(B.getType()->getAsCXXRecordDecl(), Depth + 1);
  });
}

// HIP's thread_block_tile<N>, or a project's partition<N>: a class template specialisation whose
// first argument is the number of lanes and that ranks its threads.
std::optional<uint64_t> tileLanes(const CXXRecordDecl *RD) {
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(RD);
  if (!Spec)
    return std::nullopt;
  const TemplateArgumentList &Args = Spec->getTemplateArgs();
  if (Args.size() == 0 || Args[0].getKind() != TemplateArgument::Integral || !hasThreadRank(Spec, 0))
    return std::nullopt;
  return Args[0].getAsIntegral().getZExtValue();
}

// rocm-fixed-tile-size reports a concrete function given a 'thread_block_tile<32>' that calls a
// wavefront-wide operation, at the tile.
bool fixedTileOf32(QualType T) {
  const CXXRecordDecl *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  return RD && RD->getName() == "thread_block_tile" && tileLanes(RD) == 32u;
}

bool isBitFunction(StringRef Name) {
  return llvm::any_of(warpTables().BitOps, [&](const BitOp32 &B) { return Name == B.Name || Name == B.Wide; });
}

// What reads the ballots of one body: where their masks go, and which are taken apart.
class VoteUses : public RecursiveASTVisitor<VoteUses> {
public:
  bool VisitCallExpr(CallExpr *CE) {
    // A template's own body leaves calls with dependent arguments unresolved: their names still count.
    StringRef Name = calleeName(CE);
    if (Name.starts_with("__ballot") && warpTables().returnsLaneMask(Name))
      Ballots.push_back(CE);
    else if (isBitFunction(Name) && CE->getNumArgs() == 1)
      Read.insert(origin(CE->getArg(0)));
    return true;
  }
  bool VisitVarDecl(VarDecl *VD) {
    if (const Expr *Init = VD->getInit())
      Stored.push_back({VD, Init->IgnoreParenImpCasts()});
    if (VD->isLocalVarDecl())
      Locals.push_back(VD);
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->getOpcode() == BO_Assign) {
      if (const ValueDecl *To = target(BO->getLHS()))
        Stored.push_back({To, BO->getRHS()->IgnoreParenImpCasts()});
    } else if (BO->getOpcode() == BO_Shr || BO->getOpcode() == BO_And || BO->getOpcode() == BO_AndAssign) {
      // 'mask >> (32 * tile.meta_group_rank())', 'mask & tile_lanes': this tile's bits taken out.
      TakenApart.insert(origin(BO->getLHS()));
      TakenApart.insert(origin(BO->getRHS()));
    }
    return true;
  }
  bool VisitReturnStmt(ReturnStmt *RS) {
    if (RS->getRetValue())
      Returned.insert(origin(RS->getRetValue()));
    return true;
  }

  // A mask is read as the tile's when a bit function or the return takes it, directly or from
  // the variable or member it was stored in.
  bool readAsTile(const CallExpr *Ballot, bool ReturnsTileVote) const {
    auto Reads = [&](const void *Key) {
      return !TakenApart.contains(Key) && (Read.contains(Key) || (ReturnsTileVote && Returned.contains(Key)));
    };
    if (Reads(Ballot))
      return true;
    for (const auto &[To, From] : Stored)
      if (From == Ballot && Reads(To))
        return true;
    return false;
  }

  llvm::SmallVector<const CallExpr *, 4> Ballots;
  /// Objects of a type the template leaves open that the body uses as tiles ('t.thread_rank()',
  /// 't.shfl(v, l)'): the template's arguments choose their size.
  llvm::SmallPtrSet<const ValueDecl *, 4> OpenTiles;
  bool VisitCXXDependentScopeMemberExpr(CXXDependentScopeMemberExpr *E) {
    StringRef Member = E->getMember().isIdentifier() ? E->getMember().getAsIdentifierInfo()->getName() : "";
    if (E->isImplicitAccess() || (Member != "thread_rank" && !Member.starts_with("shfl")))
      return true;
    if (const ValueDecl *D = target(E->getBase()))
      OpenTiles.insert(D);
    return true;
  }
  llvm::SmallVector<const VarDecl *, 8> Locals;

private:
  static const ValueDecl *target(const Expr *E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      return DRE->getDecl();
    if (const auto *ME = dyn_cast<MemberExpr>(E); ME && isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
      return ME->getMemberDecl();
    return nullptr;
  }
  // The variable or member a value is read from, or the expression itself (casts looked through).
  static const void *origin(const Expr *E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *SC = dyn_cast<CXXStaticCastExpr>(E))
      E = SC->getSubExpr()->IgnoreParenImpCasts();
    if (const ValueDecl *D = target(E))
      return D;
    return E;
  }
  llvm::SmallVector<std::pair<const void *, const Expr *>, 8> Stored;
  llvm::DenseSet<const void *> Read, Returned, TakenApart;
};

struct TileSeen {
  uint64_t Lanes = 0;
  const NamedDecl *D = nullptr;
  void note(std::optional<uint64_t> L, const NamedDecl *Where) {
    if (L && *L > 0 && (!D || *L < Lanes)) {
      Lanes = *L;
      D = Where;
    }
  }
};

} // namespace

std::optional<uint64_t> tileLanes(QualType T) {
  return T.isNull() ? std::nullopt : tileLanes(T.getNonReferenceType()->getAsCXXRecordDecl());
}

// A template's ballots are resolved in its instantiations only, where the tile's type is known too.
// A concrete function's own 'thread_block_tile<32>' (a local or a parameter) is rocm-fixed-tile-size's;
// here the tile reaches the body as another parameter, a member, the class itself, or a template's local.
void WarpModel::findTileVotes(FunctionWarpFacts &F) {
  const auto *FD = dyn_cast<FunctionDecl>(F.D);
  if (!FD)
    return;
  llvm::SmallVector<const FunctionDecl *, 8> Bodies;
  const bool Template = FD->isDependentContext();
  if (Template)
    Bodies = instancesOf(FD);
  else
    Bodies.push_back(FD);
  bool Instantiated = false;
  for (const FunctionDecl *Body : Bodies) {
    if (!Body->hasBody() || (Template && Body->getBody() == F.Body))
      continue;
    Instantiated = true;
    TileSeen Tile;
    for (const ParmVarDecl *P : Body->parameters())
      if (Template || !fixedTileOf32(P->getType()))
        Tile.note(tileLanes(P->getType()), P);
    const auto *MD = dyn_cast<CXXMethodDecl>(Body);
    bool TileMethod = false;
    if (MD) {
      Tile.note(tileLanes(MD->getParent()), MD->getParent());
      TileMethod = Tile.D == MD->getParent();
      for (const FieldDecl *Field : MD->getParent()->fields())
        Tile.note(tileLanes(Field->getType()), Field);
    }
    const bool TileParam = Tile.D && isa<ParmVarDecl>(Tile.D);
    // Only a template's locals are looked at in the body: a concrete function without a tile
    // parameter or member is done (most functions with a ballot).
    if (!Template && !Tile.D)
      continue;
    VoteUses Uses;
    Uses.TraverseStmt(const_cast<Stmt *>(Body->getBody()));
    if (Uses.Ballots.empty())
      continue;
    if (Template)
      for (const VarDecl *VD : Uses.Locals)
        Tile.note(tileLanes(VD->getType()), VD);
    if (!Tile.D || Tile.Lanes >= 64)
      continue;
    for (const CallExpr *B : Uses.Ballots)
      if (Guards.at(B->getBeginLoc(), Ctx.getSourceManager()) != Platform::CudaOnly &&
          Uses.readAsTile(B, TileMethod || TileParam))
        F.TileVotes.push_back({B, calleeName(B), Tile.Lanes, Tile.D});
  }
  if (Template && !Instantiated)
    findOpenTileVotes(F, *FD);
}

// A template the unit never instantiates (a header-only library linted alone): a tile it takes as
// a parameter, keeps as a member or makes as a local has a size its arguments choose. Unless that
// is always the wavefront's, a ballot of the wavefront read as the tile's is wrong; TileLanes 0.
void WarpModel::findOpenTileVotes(FunctionWarpFacts &F, const FunctionDecl &FD) {
  VoteUses Uses;
  Uses.TraverseStmt(const_cast<Stmt *>(F.Body));
  if (Uses.Ballots.empty())
    return;
  const NamedDecl *Tile = nullptr;
  // The first one written, so that the note does not depend on the set's order.
  const SourceManager &SM = Ctx.getSourceManager();
  for (const ValueDecl *D : Uses.OpenTiles)
    if (isa<VarDecl>(D) && (!Tile || SM.isBeforeInTranslationUnit(D->getLocation(), Tile->getLocation())))
      Tile = D;
  const bool TileParam = isa_and_nonnull<ParmVarDecl>(Tile);
  // A member is a tile where any method of the class uses it as one.
  const auto *MD = dyn_cast<CXXMethodDecl>(&FD);
  if (!Tile && MD)
    for (const CXXMethodDecl *M : MD->getParent()->methods()) {
      VoteUses Other;
      if (M->hasBody())
        Other.TraverseStmt(M->getBody());
      for (const ValueDecl *D : Other.OpenTiles)
        if (isa<FieldDecl>(D) && cast<FieldDecl>(D)->getParent() == MD->getParent() &&
            (!Tile || SM.isBeforeInTranslationUnit(D->getLocation(), Tile->getLocation())))
          Tile = D;
      if (Tile)
        break;
    }
  if (!Tile)
    return;
  for (const CallExpr *B : Uses.Ballots)
    if (Guards.at(B->getBeginLoc(), SM) != Platform::CudaOnly && Uses.readAsTile(B, TileParam))
      F.TileVotes.push_back({B, calleeName(B), 0, Tile});
}

} // namespace rocmtidy
