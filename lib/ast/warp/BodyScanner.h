#ifndef ROCM_TIDY_AST_WARP_BODYSCANNER_H
#define ROCM_TIDY_AST_WARP_BODYSCANNER_H

// The walk over one device function body that fills its FunctionWarpFacts. Private to the warp
// model. Its members are defined by responsibility:
//   BodyScanner.cpp   the traversal, and what it records per statement kind
//   LaneFacts.cpp     lane groupings: constants and their origins, thread-index operands, seeds,
//                     loops from a lane of 32 that step by the wavefront width
//   ShuffleFacts.cpp  shuffle widths and offsets, loops of offsets, reductions that stop at 16
//   MaskFacts.cpp     lane masks: 32-bit masks at *_sync calls (directly or through wrappers),
//                     64-bit masks cut to 32 bits
//   ShiftFacts.cpp    32-bit shifts by amounts computed from lane numbers that exceed 31
//   ArrayFacts.cpp    arrays shorter than a wavefront indexed by a lane number up to 63
//   WidthBranches.cpp code that runs only on 32-lane wavefronts ('if (warpSize == 32)')
//   SyncFreeSteps.cpp warp-synchronous reduction steps on memory that is not volatile

#include "ast/LaneValueAnalysis.h"
#include "ast/ThreadIndex.h"
#include "ast/WarpModel.h"
#include "core/WarpTables.h"
#include "clang/AST/RecursiveASTVisitor.h"

#include <optional>
#include <vector>

namespace rocmtidy {

/// The instantiations of a function template, of a method of a class template, and of a method
/// template of a class template (one per class instantiation, each with its own specialisations).
llvm::SmallVector<const clang::FunctionDecl *, 8> instancesOf(const clang::FunctionDecl *FD);

/// How a loop moves its counter through lane offsets.
struct LoopInfo {
  const clang::ForStmt *Loop = nullptr;
  const clang::VarDecl *Counter = nullptr;
  const clang::Expr *Start = nullptr;
  bool Halves = false, Doubles = false;
  bool FromWarpSize = false; ///< the start or the bound is computed from warpSize
  /// The start is a template parameter's value ('warp_size / 2'): the largest its instantiations give.
  bool FromTemplate = false;
  std::optional<int64_t> StartValue, BoundValue; ///< BoundValue: the first offset not taken
  /// A bound written from the function template's own parameters ('o < H * H'): the largest its
  /// instantiations give. Only for telling whether the offsets stay inside 32-lane groups.
  std::optional<int64_t> TemplateBound;
  /// A halving loop whose offsets end above 1 ('o >= 4'): it combines the lanes that differ in a few
  /// chosen bits (a tile layout's column), not a whole warp.
  bool StopsAbove1 = false;
};

class WarpBodyScanner : public clang::RecursiveASTVisitor<WarpBodyScanner> {
public:
  WarpBodyScanner(WarpModel &M, FunctionWarpFacts &F);

  /// Walks the body (and the member initialisers of a method's class), then settles what needs
  /// the whole body: loop offsets, reductions, narrowed masks.
  void run();

  bool shouldVisitLambdaBody() const { return true; }
  bool TraverseLambdaExpr(clang::LambdaExpr *LE);
  bool TraverseIfStmt(clang::IfStmt *IS);
  bool VisitVarDecl(clang::VarDecl *VD);
  bool VisitReturnStmt(clang::ReturnStmt *RS);
  bool VisitIfStmt(clang::IfStmt *IS);
  bool VisitConditionalOperator(clang::ConditionalOperator *CO);
  bool VisitForStmt(clang::ForStmt *FS);
  bool VisitBinaryOperator(clang::BinaryOperator *BO);
  bool VisitCallExpr(clang::CallExpr *CE);
  bool VisitRecoveryExpr(clang::RecoveryExpr *RE);
  bool VisitCastExpr(clang::CastExpr *CE);
  bool VisitArraySubscriptExpr(clang::ArraySubscriptExpr *ASE);
  bool VisitCompoundStmt(clang::CompoundStmt *CS);
  bool VisitCXXOperatorCallExpr(clang::CXXOperatorCallExpr *OC);
  bool VisitDeclRefExpr(clang::DeclRefExpr *DRE);

private:
  // BodyScanner.cpp
  void memberInitialisers();
  void comparison(const clang::BinaryOperator *BO);
  void maskAndBitCalls(const clang::CallExpr *CE, llvm::StringRef Name);
  void callees(const clang::CallExpr *CE);
  static bool nothingToSeeThrough(const clang::CallExpr *CE);
  void settleHalfBallots();
  void settleMaskOnlyVotes();
  void mixedRounding(const clang::BinaryOperator *BO);
  bool selectsLaneHalf(const clang::Expr *E, unsigned Depth = 0) const;
  LaneValueAnalysis &analysis();
  bool fragmentOp(const clang::CallExpr *CE);
  bool warpCollective(const clang::CallExpr *CE);
  void settleFragmentTiles();
  bool narrowFullMask(const clang::CallExpr *CE, llvm::StringRef Name);

  // WidthBranches.cpp
  void widthBranches(const clang::Expr *Cond, const clang::Stmt *Then, const clang::Stmt *Else, bool IsIf);
  bool isWidthOperand(const clang::Expr *E);
  std::optional<uint64_t> widthTested(const clang::Expr *E, bool &Equal);
  void dropWidth32Only();
  bool inWidth32Only(clang::SourceLocation Loc) const;

  // ShiftFacts.cpp
  void laneShift(const clang::BinaryOperator *BO);
  void wideLaneShift(const clang::BinaryOperator *BO, const clang::Expr *Amount);
  void laneWalk(const clang::ForStmt *FS);
  bool widthShift(const clang::BinaryOperator *BO);
  bool isRunTimeWidth(const clang::Expr *E, unsigned Depth = 0);
  bool inWidthChoice(const clang::Expr *E);
  void dependentWidthShift(const clang::Expr *Shift, const clang::Expr *Value, const clang::Expr *Amount);
  void bitWalk(const clang::ForStmt *FS);
  void settleBitWalks();
  void dropGroupedLaneIds();
  void dropHalvedMasks();
  bool below32(const clang::Expr *E, unsigned Depth = 0);
  bool everyDefinition(const clang::Expr *E, llvm::function_ref<bool(const clang::Expr *)> Pred);
  void noteWideShift(const clang::BinaryOperator *BO);
  void settleWideAmounts();
  std::optional<uint64_t> laneBound(const clang::Expr *E, unsigned Depth = 0);
  std::optional<uint64_t> laneBoundOfOperator(const clang::BinaryOperator *BO, unsigned Depth);

  // ArrayFacts.cpp
  void settleShortArrays();
  const clang::VarDecl *subscriptedArray(const clang::ArraySubscriptExpr *ASE);
  llvm::SmallVector<const clang::Expr *, 4> testsAround(const clang::ArraySubscriptExpr *ASE);
  bool guardedBy(const clang::ArraySubscriptExpr *ASE, const clang::Expr *Index);
  bool wavefrontBounded(const clang::ArraySubscriptExpr *ASE, const clang::Expr *Index);
  void arrayRegion(const clang::VarDecl *VD);
  void emptyArray(const clang::VarDecl *VD);
  std::optional<int64_t> extentOf(const clang::ArraySubscriptExpr *ASE, const clang::VarDecl *VD);

  // LaneFacts.cpp
  std::optional<int64_t> evaluate(const clang::Expr *E);
  llvm::StringRef macroName(clang::SourceLocation Loc, bool &Other);
  std::optional<ConstantOrigin> origin(const clang::Expr *E, unsigned Depth = 0);
  std::optional<ConstantOrigin> namedOrigin(const clang::Expr *S, const clang::ValueDecl *Named, unsigned Depth);
  std::optional<ConstantOrigin> instantiatedOrigin(const clang::Expr *Constant);
  bool candidate(const clang::BinaryOperator *BO, const clang::Expr *Operand, const clang::Expr *Constant,
                 uint64_t Want, LaneGrouping32::Kind K);
  bool namedWavefront(const clang::Expr *E, uint64_t Want);
  void hardware(const clang::BinaryOperator *BO, const clang::Expr *Operand);
  bool reaches63(const clang::Expr *E, unsigned Depth = 0);
  void seedArguments(const clang::CallExpr *CE);
  void seedSplitParameters();
  void settleLane0Tests();
  void settleLaneStrides();
  const LaneGrouping32 *laneOf32(const clang::Expr *E, unsigned Depth = 0);

  // ShuffleFacts.cpp
  void shuffle(const clang::CallExpr *CE, const ShuffleInfo &S);
  void rowShuffle(const clang::CallExpr *CE, const ShuffleInfo &S, const clang::Expr *Lane);
  void broadcastCall(const clang::CallExpr *CE);
  const clang::Expr *alignedLaneBase(const clang::Expr *Lane);
  struct CountedBy {
    const clang::ForStmt *Loop;
    const clang::Expr *Start;
    const clang::Expr *Bound;
    bool Inclusive;
  };
  llvm::SmallVector<CountedBy, 2> loopsCounting(const clang::Decl *Counter);
  void explicitWidth(const clang::CallExpr *CE, const ShuffleInfo &S, const clang::Expr *W);
  bool templateWidthShuffle(const clang::CallExpr *CE);
  void widthParameter(const clang::Expr *W);
  std::optional<int64_t> templateStart(const clang::Expr *Start);
  std::optional<int64_t> largestInInstantiations(const clang::Expr *E);
  void settleCounters();
  void settleWidth32();
  void settleLoopReductions();
  void settleWideStarts();
  bool summedInLoop(const clang::CallExpr *CE, const clang::ForStmt *Loop);
  void settleLadders();
  void settleScaledWarpIds();
  void settleGroupShuffles();
  void settleLaneGathers();
  bool oneGroupTakes(const clang::Expr *Cond, bool FirstThreadsOnly = false);
  bool isWarpCountBound(const clang::Expr *B);
  bool zeroBeyondFirstThreads(const clang::CallExpr *CE);
  bool underOneGroup(const clang::Stmt *S);
  bool boundsThreadsBelow32(const clang::Expr *Cond);
  enum class BranchTakers { All, FirstWarp, SomeLanes };
  BranchTakers fewThreadsTake(const clang::Expr *Cond);
  void branchBarrier(const clang::CallExpr *CE);

  // SyncFreeSteps.cpp
  const clang::ArraySubscriptExpr *stepRead(const clang::Expr *E, const clang::ValueDecl *&Base,
                                            const clang::Expr *&Stride);
  bool isThreadValued(const clang::Expr *E);
  void barrierGate(const clang::IfStmt *IS);
  void unrolledSteps(const clang::CompoundStmt *CS);
  void noteStep(const clang::Expr *E);
  void settleSyncFreeSteps();

  // MaskFacts.cpp
  void dependentNarrowing(const clang::Expr *E, clang::QualType To);
  void templateReturnNarrowing(const clang::Expr *E, const clang::FunctionDecl *FD);
  void dependentMaskArguments(const clang::CallExpr *CE);
  bool isNarrowMaskValue(const clang::Expr *Arg);
  bool isLaneMaskValue(const clang::Expr *E);
  bool isNarrowMaskType(const clang::Expr *Arg);
  bool meetsLaneMask(const clang::Expr *Shift);
  bool writtenOnlyMasks(const clang::ValueDecl *D);
  void settleNarrowing();
  void wrapperMasks(const clang::CallExpr *CE);
  bool isOverloadMaskParameter(const clang::Expr *E) const;
  bool projectOverloadDropsMask(const clang::CallExpr *CE) const;

  WarpModel &M;
  FunctionWarpFacts &F;
  clang::ASTContext &Ctx;
  const clang::SourceManager &SM;
  const WarpTables &T;
  // Built only when a candidate needs it: most device functions have none.
  std::optional<LaneValueAnalysis> Analysis;
  unsigned LambdaDepth = 0;
  // Branches of 'if (tid < 32)' being walked, and the calls and loops met inside one: code that
  // threads 0-31 alone run.
  unsigned FirstThreadsDepth = 0;
  // Inside an 'if constexpr' of a template whose condition depends on its arguments: which branch
  // is compiled is up to each instantiation, so a grouping here is judged in the instantiations.
  unsigned DependentBranchDepth = 0;
  // In an instantiation: inside the branch of an 'if constexpr' that was taken.
  unsigned ChosenBranchDepth = 0;
  llvm::DenseSet<const clang::Stmt *> InFirstThreads;
  // Right shifts of the body (value, amount) and the locals a call initialises: a ballot shifted by
  // the lane's 32-lane half is a vote of that half (settleHalfBallots).
  std::vector<std::pair<const clang::Expr *, const clang::Expr *>> RightShifts;
  // Products of the body, read once the groupings are known (settleScaledWarpIds).
  std::vector<const clang::BinaryOperator *> Products;
  llvm::DenseMap<const clang::VarDecl *, const clang::Expr *> CallInits;
  // Locals assigned from a call, and how often each local is named and assigned: a vote stored in a
  // local nothing reads loses nothing.
  std::vector<std::pair<const clang::VarDecl *, const clang::Expr *>> CallStores;
  llvm::DenseMap<const clang::VarDecl *, unsigned> Named, Assigned;
  // The mask arguments of *_sync calls: a vote that only ever names the lanes taking part in one
  // spans no data across the 32-lane groups (settleMaskOnlyVotes).
  llvm::DenseMap<const clang::VarDecl *, unsigned> MaskArgUses;
  llvm::DenseSet<const clang::Expr *> MaskArgCalls;
  llvm::DenseSet<const clang::Expr *> Dispatch;
  std::vector<clang::SourceRange> WidthDispatch;
  llvm::DenseMap<const clang::VarDecl *, LoopInfo> Loops;
  std::vector<std::pair<const clang::CallExpr *, const clang::VarDecl *>> ByCounter;
  std::vector<std::pair<const clang::CallExpr *, const ShuffleInfo *>> DefaultWidth, Width32;
  std::vector<std::pair<const clang::CallExpr *, const BitOp32 *>> BitOps;
  llvm::DenseSet<const clang::Expr *> BitOpArgs;
  std::vector<const clang::CastExpr *> Casts;
  llvm::DenseMap<const clang::CastExpr *, const clang::ExplicitCastExpr *> WrittenCasts;
  /// 'mask |= v', '&=', '^=': the computation is as wide as v, the stored result as narrow as mask.
  std::vector<const clang::BinaryOperator *> MaskCompounds;
  llvm::DenseMap<const clang::Expr *, bool> MaskVars; ///< per read of a local
  std::vector<const clang::ArraySubscriptExpr *> Subscripts;
  std::vector<const clang::Expr *> ZeroTests;
  /// 'tid == 32': the first thread of a wavefront's upper 32 lanes, tested beside 'tid == 0'.
  std::vector<const clang::Expr *> UpperLeaderTests;
  llvm::StringMap<const clang::VarDecl *> LocalArrays;
  /// Local arrays split by pointers into them: the first such offset ends the region at the start.
  llvm::DenseMap<const clang::VarDecl *, int64_t> RegionEnds;
  /// Counters of loops over the bit positions of a 64-bit word ('for (i = 63; i >= 0; --i)'), with
  /// their largest value, and the 32-bit '1 << i' shifts by such a counter.
  llvm::DenseMap<const clang::VarDecl *, uint64_t> BitWalks;
  std::vector<std::pair<const clang::BinaryOperator *, const clang::VarDecl *>> OneShiftedByCounter;
  /// Counters of loops over the wavefront's lanes ('i < warpSize'), with their largest value.
  llvm::DenseMap<const clang::VarDecl *, uint64_t> LaneWalks;
  /// '1 << v' in 32 bits with v of no known range, and the first 64-bit shift by each variable.
  std::vector<const clang::BinaryOperator *> OneShiftedByVariable;
  llvm::DenseMap<const clang::VarDecl *, const clang::BinaryOperator *> WideShiftAmounts;
  /// Default-width index shuffles whose source lane is a variable, and the variables a body
  /// compares for equality with a lane number of a warp of 32 ('lane == src', 'lane = tid & 31'):
  /// such a variable names a lane below 32.
  std::vector<std::pair<const clang::CallExpr *, const clang::ValueDecl *>> ShuffleFromVariable;
  /// Wavefront-wide index shuffles by a loop counter from 0 to 32, before the body's branches are known.
  std::vector<FunctionWarpFacts::LaneGather> LaneGatherCandidates;
  std::vector<std::pair<const clang::Expr *, const clang::ValueDecl *>> ComparedWithLane;
  /// Code that runs only where the wavefront has 32 lanes ('if (warpSize == 32) { ... }').
  std::vector<clang::SourceRange> Width32Only;
  /// Reduction steps by a named stride, barriers skipped below a stride, and what settles from them.
  std::vector<std::pair<const clang::ArraySubscriptExpr *, const clang::ValueDecl *>> StrideSteps;
  std::vector<std::pair<const clang::IfStmt *, const clang::ValueDecl *>> Gates;
  std::vector<FunctionWarpFacts::SyncFreeStep> SyncFree;
  /// Every for-loop of the body with a counter (its start may be a grouping the walk records later).
  std::vector<const clang::ForStmt *> CountedLoops;
};

} // namespace rocmtidy

#endif
