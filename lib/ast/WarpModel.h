#ifndef ROCM_TIDY_AST_WARPMODEL_H
#define ROCM_TIDY_AST_WARPMODEL_H

// The warp model of a translation unit's device code: per function, the lane groupings the code
// uses and the width of every cross-lane operation, plus the calls between the unit's own
// functions. A literal 32 is not a hazard by itself: code that treats a warp as a logical group
// of 32 lanes is correct on a 64-lane wavefront as long as every cross-lane operation stays inside
// those 32 lanes. The hazard is a 32-lane grouping that meets an operation over the whole
// wavefront (a ballot, a default-width shuffle whose offsets reach 32 or that broadcasts), or a
// hardware-width grouping ('% warpSize') that meets a shuffle confined to 32 lanes.
//
// The model also collects what is wrong whatever the grouping (64-bit lane masks cut to 32 bits,
// 32-bit masks at *_sync calls, '1u << lane' with lanes up to 63, reductions that stop at 32
// lanes); the check rocm-warp-size-assumption reports from it.

#include "ast/ConstantValue.h"
#include "ast/LaneValueAnalysis.h"
#include "ast/LaunchTally.h"
#include "ast/PlatformGuards.h"
#include "ast/ThreadIndex.h"
#include "core/WarpTables.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Regex.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace rocmtidy {

/// Where a lane-count constant comes from: a literal, a macro or a declaration named like a warp
/// width ('WARP_SIZE', 'kWaveSize', a '#define warpSize 32'), possibly through a local variable.
struct ConstantOrigin {
  uint64_t Value = 0;            ///< the value of the whole operand ('WARP_SIZE - 1': 31)
  uint64_t NameValue = 0;        ///< the value of the name itself ('WARP_SIZE': 32)
  bool IsLiteral = false;        ///< a literal written at the use (fix-its are possible)
  bool InOtherMacro = false;     ///< a literal from a macro not named like a warp width
  std::string Name;              ///< the macro or declaration, when named
  clang::SourceLocation Defined; ///< where that name gets its value
  /// A template parameter ('threadIdx.x % WS'): where the template was instantiated with Value.
  clang::SourceLocation InstantiatedAt;
};

/// What a call of the unit's own function passes for one of its parameters.
struct ParamSeed {
  ThreadValue V = ThreadValue::None;
  bool Reaches63 = false; ///< a lane number that can reach 63 ('threadIdx.x % warpSize')
  const clang::CallExpr *Call = nullptr;
  /// No caller says so: the body splits the parameter into a lane and a warp of 32
  /// ('p & 31' and 'p >> 5'), the decomposition of a thread index (WarpBodyScanner).
  const clang::BinaryOperator *SplitAt = nullptr;
};

/// A lane mask stored in, returned as, or converted to a narrower integer type.
struct NarrowValue {
  const clang::Expr *Source; ///< the mask expression
  clang::QualType To;
  std::string What;
  /// Where the narrowing happens when that is not the mask itself: the operator of 'm |= vote'.
  clang::SourceLocation At = {};
  /// The cast as written ('(uint32_t)__ballot(p)'), when the code spells one.
  const clang::ExplicitCastExpr *Written = nullptr;
};

/// A grouping of 32 lanes: thread-index arithmetic with 32, 31 or 5, 'threadIdx.x < 32', or the
/// number of warps of a block counted as 'blockDim.x / 32'.
struct LaneGrouping32 {
  enum Kind { LaneModulo, LaneMask, WarpDivide, WarpShift, ThreadShiftBack, FirstWarpTest, WarpCount };
  Kind K;
  const clang::BinaryOperator *Op;
  const clang::Expr *Constant; ///< the operand holding 32, 31 or 5
  ConstantOrigin Origin;
  const clang::ValueDecl *Via = nullptr; ///< the thread index comes through this local, member or parameter
  /// Found in an instantiation, in the branch of an 'if constexpr' that its arguments chose: the
  /// template's own walk left it to the instantiations.
  bool ChosenBranch = false;
  /// Numbers lanes or warps within groups of 32 ('tid & 31', 'tid / 32'); a first-warp test or a
  /// count of warps does not.
  bool numbersLanes() const { return K != FirstWarpTest && K != WarpCount; }
  /// Numbers the warps of 32 lanes a thread is in ('tid / 32', 'tid >> 5').
  bool numbersWarps() const { return K == WarpDivide || K == WarpShift; }
};

/// A cross-lane operation that covers the whole wavefront.
struct CrossLaneOp {
  const clang::CallExpr *Call;
  llvm::StringRef Name;
};

/// A shuffle reduction or scan whose offsets stop at 16 with the default width.
struct ShortReduction {
  enum Kind { LoopFrom16, LadderFrom16, ScanTo16 };
  Kind K;
  const clang::Expr *At;                         ///< the 16 (or the scan's bound)
  std::vector<const clang::CallExpr *> Shuffles; ///< the shuffles without width
};

/// A halving loop of default-width shuffles, their values summed, that starts at a lane offset a
/// wavefront may not have ('for (o = 64; o > 0; o /= 2) v += __shfl_xor(v, o)', or 'BK / 2' in an
/// instantiation with BK = 128). HIP gives a lane whose source is beyond the width its own value, so
/// on a wavefront no wider than the offset that step adds every lane to itself.
struct WideStart {
  const clang::Expr *At;          ///< the start
  int64_t Offset;                 ///< the first offset (the largest any instantiation gives)
  bool FromTemplate;              ///< the start is written from a template parameter
  const clang::CallExpr *Shuffle; ///< a shuffle of the loop whose value is added
};

/// An array of fewer elements than a wavefront has lanes, indexed by a lane number that reaches 63
/// ('sums[lane]' with 'float sums[1024 / warpSize]' and 'lane = threadIdx.x % warpSize').
struct ShortLaneArray {
  const clang::ArraySubscriptExpr *At;
  const clang::VarDecl *Array;
  uint64_t Extent;     ///< elements on a 64-lane wavefront
  uint64_t Offset = 0; ///< 'tmp[lane + 32]': the constant added to the lane number
};

/// A shift of a 32-bit value by an amount computed from a lane number or a bit position of a
/// 64-bit mask ('m << (4 * (lane / 4))', '1 << (__ffsll(ballot) - 1)') that can exceed 31.
struct LaneShift {
  const clang::BinaryOperator *Shift;
  uint64_t MaxAmount; ///< the largest amount on a 64-lane wavefront
};

/// A mask handed to one of the unit's functions whose parameter reaches a *_sync builtin's mask.
struct WrapperMask {
  const clang::CallExpr *Call;
  const clang::Expr *Arg;
  llvm::StringRef Builtin; ///< the *_sync builtin the parameter reaches
  bool FullConstant;       ///< 0xffffffff; otherwise a run-time value of a 32-bit type
};

/// A ballot over the whole wavefront in code that works on cooperative-group tiles of fewer lanes
/// than a wavefront has, whose mask is read as the tile's: its bits counted or searched
/// ('__ffsll', '__popcll'), or returned as the tile's vote. On 64 lanes the mask also holds the
/// other tiles' lanes, numbered by wavefront lane rather than by tile rank.
struct TileVote {
  const clang::CallExpr *Call; ///< in the body analysed (a template's instantiation)
  llvm::StringRef Name;
  uint64_t TileLanes;           ///< 0: a template's tile whose size its (unseen) arguments choose
  const clang::NamedDecl *Tile; ///< the parameter, local, member or class that is the tile
};

/// The lanes of a cooperative-group tile type: HIP's 'thread_block_tile<N>' or a project's tile
/// class, a class template specialisation whose first argument is N and that has 'thread_rank()'
/// (references looked through). std::nullopt for any other type.
std::optional<uint64_t> tileLanes(clang::QualType T);

/// Everything the model knows about one device function (or device lambda) body.
struct FunctionWarpFacts {
  const clang::Decl *D = nullptr;
  const clang::Stmt *Body = nullptr;
  std::vector<LaneGrouping32> Groupings;
  /// Thread-index arithmetic with the hardware width ('% warpSize', '/ warpSize', '& (warpSize-1)').
  std::vector<const clang::Expr *> HardwareGroupings;
  std::vector<CrossLaneOp> FullOps;
  /// Shuffles given an explicit width of 32 in a reduction whose offsets come from warpSize.
  std::vector<const clang::CallExpr *> Width32FromWarpSize;
  /// Index shuffles given a width of 32 whose source lane is computed from warpSize ('warpSize - 1'):
  /// on 64 lanes each 32-lane half reads its own lane 31, not the wavefront's last lane.
  std::vector<const clang::CallExpr *> Width32WavefrontLanes;
  /// Shuffles given an explicit literal width of 32 (logical 32-lane code) in reductions.
  std::vector<const clang::CallExpr *> Width32Reductions;
  /// Any explicit width of 32 or less: the routine works on 32-lane (or smaller) segments.
  bool HasLogicalWidth = false;
  /// Default-width shuffles whose offsets stay below 32 (a scan to 16, a reduction from 16, a
  /// constant step of 8).
  bool Confined32 = false;
  std::vector<ShortReduction> ShortReductions;
  std::vector<WideStart> WideStarts;
  /// Wavefront-wide index shuffles from a source lane below 32 (a constant, a lane of a 32-lane
  /// group): where blocks are 32 threads wide, lanes 32-63 hold the next row and read this one.
  std::vector<const clang::CallExpr *> RowShuffles;
  /// Arrays of no element declared in the body (an instantiation's, or a macro setting's
  /// 'part[BLOCK / 64]' with a block narrower than the wavefront).
  std::vector<const clang::VarDecl *> EmptyArrays;
  /// Wavefront-wide index shuffles whose source lane is the counter of a loop from 0 to 32
  /// ('for (i = 0; i < WARP_SIZE; ++i) any |= __shfl(v, i)'), outside code only lanes 0-31 run:
  /// the loop reads lanes 0-31 alone, and lanes 32-63 of a 64-lane wavefront are never read.
  struct LaneGather {
    const clang::CallExpr *Call;
    const clang::Expr *Bound;
  };
  std::vector<LaneGather> LaneGathers32;
  /// Those of them in code that numbers its lanes within warps of 32 ('threadIdx.x & 31',
  /// 'threadIdx.x / 32'), outside a branch that only one such warp takes: each warp of 32 expects
  /// its own lane's value, and on a 64-lane wavefront lanes 32-63 read the lower warp's.
  std::vector<const clang::CallExpr *> GroupShuffles;
  /// 'warpSize == 32' / '!= 32' that is not one arm of a dispatch on the width.
  std::vector<const clang::BinaryOperator *> WarpSizeTests;
  /// *_sync calls whose mask is a 32-bit full mask: a constant, or a 64-bit local whose one
  /// reaching definition is one ('unsigned long long mask = ~0u'); Def is that definition.
  struct NarrowMask {
    const clang::CallExpr *Call;
    llvm::StringRef Name;
    const clang::Expr *Def = nullptr;
  };
  std::vector<NarrowMask> NarrowMasks;
  /// *_sync calls whose mask is a run-time value of a 32-bit type ('unsigned mask'): ROCm 6.2+
  /// rejects it, and it cannot name lanes 32-63.
  std::vector<std::pair<const clang::CallExpr *, llvm::StringRef>> NarrowMaskTypes;
  /// Non-sync shuffles given a 32-bit full mask as their first (value) argument.
  std::vector<const clang::CallExpr *> MaskAsValue;
  /// 32-bit bit functions given a 64-bit lane mask.
  std::vector<std::pair<const clang::CallExpr *, const BitOp32 *>> NarrowBitOps;
  /// Lane masks converted to a narrower integer (and what the value is); in a template
  /// definition also a dependent ballot stored in, or returned as, a 32-bit type.
  std::vector<NarrowValue> NarrowCasts;
  /// 'lane == 31' with a lane number that reaches 63 (the last lane of a 32-lane warp).
  std::vector<const clang::BinaryOperator *> LastLane31Tests;
  /// '1u << lane' with a lane number that reaches 63.
  std::vector<const clang::BinaryOperator *> NarrowLaneBits;
  /// Those whose result is widened to 64 bits where it is used: '1ull' there keeps the value of
  /// lanes 0-31 and gives lanes 32-63 their bit.
  llvm::DenseSet<const clang::BinaryOperator *> WidenedLaneBits;
  /// '1 << v' in 32 bits, widened to 64, whose amount v also shifts a 64-bit value in the body:
  /// v is a bit position up to 63 there (the second of each pair is that 64-bit shift).
  std::vector<std::pair<const clang::BinaryOperator *, const clang::BinaryOperator *>> WideAmountBits;
  std::vector<ShortLaneArray> ShortArrays;
  /// 32-bit shifts by lane-derived amounts above 31 (other than '1u << lane', above); kept for
  /// instantiations too, where the amount may scale with a template argument.
  std::vector<LaneShift> LaneShifts;
  /// '(1ull << warpSize) - 1': a shift by the wavefront's run-time width, 64 on AMD, as many bits
  /// as a 64-bit value has (undefined; AMD's shifter takes the amount modulo 64, giving 1 << 0).
  std::vector<const clang::Expr *> WidthShifts; ///< a BinaryOperator, or a template's operator call
  /// '(1 << i) & x' in 32 bits with i the counter of a loop over the 64 bit positions of x:
  /// undefined for positions 32-63 (second: the loop's largest position).
  std::vector<std::pair<const clang::BinaryOperator *, uint64_t>> BitWalkShifts;
  /// '(n + warpSize - 1) >> 5', '(n + warpSize - 1) / 32' (second: false), '(n + 31) / warpSize' (true):
  /// a count rounded up by one width and divided by the other. Equal on 32-lane warps; on 64 lanes
  /// the first counts one 32-lane group more than n threads have, the second can count one
  /// wavefront fewer.
  std::vector<std::pair<const clang::BinaryOperator *, bool>> MixedRoundings;
  /// '(tid / 32) * warpSize': the number of a 32-lane group scaled by the wavefront width (second:
  /// the grouping). Consecutive groups land 64 apart on 64 lanes: half the rows are skipped and the
  /// index runs past what 32-lane rows need.
  std::vector<std::pair<const clang::BinaryOperator *, const clang::BinaryOperator *>> ScaledWarpIds;
  /// Tests the first lane of a 32-lane group ('lane == 0' with 'lane = tid & 31'): a shuffle-down
  /// tree from offset 16 read there stays inside the group on 64 lanes too.
  bool Lane0Of32 = false;
  /// Tests both 'tid == 0' and 'tid == 32': the first thread of each half of a 64-thread block
  /// reads a result, so a shuffle-down tree from 16 serves each half on its own.
  bool HalfLeaders = false;
  /// Groups a lane number of the hardware width by 32 ('lane % 32' with 'lane = tid % 64'): the
  /// code splits a wavefront it knows to be 64 lanes wide into halves.
  bool HalfSplits = false;
  std::vector<WrapperMask> WrapperMasks;
  /// Calls a matrix-core builtin (MFMA, WMMA).
  bool MatrixCore = false;
  /// Calls a ballot (outside code only the CUDA build compiles).
  bool HasBallot = false;
  /// Its ballots in code working on narrower tiles (a template's: found in its instantiations).
  std::vector<TileVote> TileVotes;
  /// Block barriers ('__syncthreads()', or a project function that is that call alone) in a branch
  /// that only the first warp or wavefront of the block takes ('if (tid < warpSize)', 'if (warp == 0)')
  /// or only some lanes of each warp take ('if (lane < 16)'): Cond is the branch's condition.
  struct BranchBarrier {
    const clang::CallExpr *Call;
    const clang::Expr *Cond;
    /// The branch is taken by a few lanes of every warp rather than by the first warp.
    bool SomeLanes = false;
  };
  std::vector<BranchBarrier> BranchBarriers;
  /// Warp-synchronous reduction steps ('a[tid] += a[tid + s]' with no barrier or wave barrier
  /// between the steps) on memory that is not volatile: Read is the other lane's element; Why is
  /// the condition that skips the barrier ('if (s > 16) __syncthreads()'), the halving loop with no
  /// barrier, or null for unrolled steps.
  struct SyncFreeStep {
    const clang::ArraySubscriptExpr *Read;
    const clang::Stmt *Why;
    const clang::ValueDecl *Array;
  };
  std::vector<SyncFreeStep> SyncFreeSteps;
  /// Calls of cross-lane builtins confined to 32-lane groups ('__builtin_amdgcn_ds_swizzle').
  std::vector<const clang::CallExpr *> HalfConfinedSwaps;
  /// Any other cross-lane operation (a shuffle, a wavefront-wide operation, a permute, DPP, a lane
  /// read): something that may carry values between the halves of a wavefront.
  bool CrossesHalves = false;
  /// Calls of matrix-core builtins that need a 32-lane wavefront ('..._w32').
  std::vector<const clang::CallExpr *> Wave32Builtins;
  /// Loops that start at a lane number of a 32-lane warp ('col = tid & 31') and step by the
  /// wavefront width ('col += warpSize'): on 64 lanes, elements 32-63 of every 64 are skipped.
  struct LaneStride {
    const clang::ForStmt *Loop;
    const clang::Expr *Step;         ///< the width the counter steps by
    const clang::BinaryOperator *Op; ///< the grouping that numbers the lanes within 32
  };
  std::vector<LaneStride> LaneStrides;
  /// Calls of library fragment operations the whole wavefront performs together (rocWMMA).
  std::vector<const clang::CallExpr *> FragmentOps;
  /// What picks their tiles: a 32-lane warp number (a WarpDivide or WarpShift grouping's operator)
  /// or a 'threadIdx.y' that reaches an argument of the call, through locals.
  struct FragmentTile {
    const clang::Expr *By;
    const clang::CallExpr *Op;
  };
  std::vector<FragmentTile> FragmentTiles;
  /// The unit's functions this body calls, by canonical declaration (a template's pattern for
  /// its specialisations; every candidate of a call a template leaves unresolved).
  llvm::SmallVector<const clang::FunctionDecl *, 8> Callees;
  /// The entries of Callees whose call sits in a branch only threads or lanes 0-31 take ('if
  /// (lane < 32)' with a lane of the wavefront): lanes 32-63 run none of the callee's operations.
  llvm::SmallVector<const clang::FunctionDecl *, 2> FirstThreadsCallees;
  /// Those calls themselves.
  llvm::SmallPtrSet<const clang::CallExpr *, 2> FirstThreadsCalls;
  /// Calls of functions declared outside system headers: where a helper's width parameter is
  /// given its value.
  std::vector<const clang::CallExpr *> UnitCalls;
  /// The summary of this function for its callers: the parameters (function parameters by
  /// index, non-type template parameters by index) that are the width of one of its shuffles.
  /// A call that passes the wavefront width ('warpSize', 64) for one makes that shuffle cover
  /// the whole wavefront in the caller.
  llvm::SmallVector<unsigned, 2> WidthParams, WidthTemplateParams;
  /// Parameters (by index) that are the source lane of one of its wavefront-wide index shuffles:
  /// a broadcast helper ('warpBroadcast(x, 0)'), whose callers read that lane across the wavefront.
  llvm::SmallVector<unsigned, 1> SourceLaneParams;
  /// Thread indices and lane numbers this body passes to the unit's own functions.
  struct ArgSeed {
    const clang::FunctionDecl *Callee; ///< canonical declaration of the callee's definition
    unsigned Index;
    ParamSeed Seed;
  };
  std::vector<ArgSeed> ArgSeeds;
  /// Parameters analysed as thread indices, with the call that passes one.
  llvm::DenseMap<const clang::ParmVarDecl *, ParamSeed> Seeds;
  /// A lane-arithmetic operand is a template parameter ('threadIdx.x % WS'): the instantiations
  /// say what it is.
  bool DependentCandidate = false;
  /// Where a template hands a type-dependent value to a bit function ('__popc(tile.ballot(p))',
  /// the call) or to a project function ('ffs32(m)' with 'auto m = tile.ballot(p)', the
  /// argument): whether a 64-bit lane mask is narrowed there is known in each instantiation only,
  /// which keeps its narrowings at these places.
  llvm::SmallVector<clang::SourceLocation, 2> DependentMaskSites;
  /// Facts of an instantiation: only the groupings whose constant is a template argument (the
  /// rest repeats the template's own findings).
  const clang::FunctionDecl *Instantiation = nullptr;
};

/// How a body writes one variable, member or reference parameter: with lane masks (ballots,
/// active masks, the unit's wrappers of them), or otherwise.
struct MaskWrites {
  unsigned Masks = 0;
  unsigned Other = 0;
};

/// What the launches a unit shows say about the blocks that run a function.
enum class BlockRows {
  Unknown, ///< a launch the unit does not show, or one whose block width is not constant
  /// Every block is a power of two of at most 32 threads wide: 'threadIdx.x' numbers the lanes of
  /// a 32-lane (or narrower) row, and the rows fill the halves of a 64-lane wavefront in step.
  Rows32,
  /// Every block has at most 32 threads: lanes 32-63 of a wavefront never run.
  Narrow,
};

/// 'w != 32 && w != 64', 'w == 32 || w == 64': a test that accepts both widths is no assumption of
/// either. Adds the comparisons with 32 of such a condition to Out.
void addBothWidthsTests(const clang::BinaryOperator *Logical, llvm::DenseSet<const clang::Expr *> &Out);

class WarpModel {
public:
  /// NameRegex decides which constants are warp widths; Guards says which code CUDA alone sees
  /// (operations there do not count).
  WarpModel(clang::ASTContext &Ctx, const llvm::Regex &NameRegex, const PlatformGuards &Guards);
  ~WarpModel();

  /// Analyses one device function body (a function, or a lambda outside device code).
  void addFunction(const clang::Decl *D, const clang::Stmt *Body);

  /// After every function is added: analyses the instantiations of templates whose lane
  /// arithmetic depends on a template argument, and the unit's helpers again with the thread
  /// indices their callers pass.
  void finish();

  const std::vector<std::unique_ptr<FunctionWarpFacts>> &functions() const { return Functions; }

  /// A full-wavefront operation the code of F meets: F's own, one in a function it calls
  /// (transitively), or one met in a function that calls F. Null when there is none.
  const CrossLaneOp *fullOpMet(const FunctionWarpFacts &F);
  /// True if F, or a function connected to it by calls, groups lanes by the hardware width.
  bool meetsHardwareGrouping(const FunctionWarpFacts &F);
  /// True if F, or a function connected to it, uses explicit shuffle widths of 32 or less.
  bool meetsLogicalWidth(const FunctionWarpFacts &F);
  /// True if F, or a function connected to it, groups lanes by 32.
  bool meetsGrouping32(const FunctionWarpFacts &F);

  bool isWarpSizeName(llvm::StringRef Name) const;

  /// The unit's functions that call F directly (none for a kernel, or a helper no one calls).
  llvm::ArrayRef<FunctionWarpFacts *> callers(const FunctionWarpFacts &F) const {
    auto It = CallersOf.find(graphKey(F));
    return It == CallersOf.end() ? llvm::ArrayRef<FunctionWarpFacts *>() : llvm::ArrayRef(It->second);
  }

  /// The analysed body of FD's definition (a template's pattern for its specialisations); null
  /// when the unit has none.
  const FunctionWarpFacts *definition(const clang::FunctionDecl *FD) const {
    if (const clang::FunctionDecl *Pattern = FD->getTemplateInstantiationPattern())
      FD = Pattern;
    return ByDecl.lookup(FD->getCanonicalDecl());
  }

  /// A call anywhere in the unit's own code: a kernel launch records the block it launches with.
  void noteLaunch(const clang::CallExpr *CE) { Tally.noteLaunch(CE); }
  /// An expression of the unit's own code that names a function ('k', 'k<float>', an overload
  /// set in a template): a kernel named other than by a recognised launch may run with any block.
  void noteReference(const clang::Expr *E) { Tally.noteReference(E); }
  /// The unit's launches, per kernel.
  const LaunchTally &launches() const { return Tally; }
  /// For a kernel the unit never names: what the project's other files launch it with (the
  /// project index), or std::nullopt.
  using LaunchesElsewhereFn = std::function<std::optional<KernelLaunches>(const clang::FunctionDecl &)>;
  void setLaunchesElsewhere(LaunchesElsewhereFn Fn) { LaunchesElsewhere = std::move(Fn); }
  /// What the launches of every kernel that runs F (F itself, or the kernels that call it
  /// through the unit's functions) say about its blocks; Unknown when one of them is not seen.
  BlockRows blockRows(const FunctionWarpFacts &F);
  /// Narrow blocks, one of whose launches writes its block with a warp-size name of 32: lanes
  /// 32-63 idle only until that constant says 64.
  bool narrowOnlyAsWarp(const FunctionWarpFacts &F);

  /// True if F calls a matrix-core builtin, or a function that calls F does: its lane groupings
  /// are the layout of a matrix tile (a 32x32 MFMA fragment), not a warp width.
  bool feedsMatrixCore(const FunctionWarpFacts &F);

  /// True if FD is one of the unit's functions whose every return value is a 64-bit lane mask
  /// (a ballot or an active mask, directly or through another such function).
  bool returnsLaneMask(const clang::FunctionDecl *FD, unsigned Depth = 0);

  /// True if FD is one of the unit's functions whose every return value is the lane's number in
  /// the hardware wavefront, 0-63 on 64 lanes ('__lane_id()', the mbcnt pair, or another such
  /// function): a project's own 'laneid()' wrapper.
  bool returnsHardwareLane(const clang::FunctionDecl *FD, unsigned Depth = 0);

  /// How Body writes D (a local, a member, or a reference parameter whose callers' variables
  /// receive what it stores), following reference parameters of the unit's functions.
  MaskWrites maskWrites(const clang::Stmt *Body, const clang::ValueDecl *D, unsigned Depth = 0);

  /// The *_sync builtin whose mask parameter Index of FD reaches, through any number of the unit's
  /// wrappers; empty when it reaches none. Keyed by the canonical declaration: overloads of one
  /// name stay apart.
  llvm::StringRef maskParameterTarget(const clang::FunctionDecl *FD, unsigned Index, unsigned Depth = 0);

private:
  /// Visits F and the functions connected to it (callees transitively, and callers with their
  /// callees) until Pred holds for one.
  template <class PredT> bool anyConnected(const FunctionWarpFacts &F, PredT Pred, bool WithCallers = true);
  FunctionWarpFacts *add(const clang::Decl *D, const clang::Stmt *Body, const clang::FunctionDecl *Instantiation);
  void scan(FunctionWarpFacts &F);
  void analyseInstantiations();
  void seedHelpers();
  void applyCallSummaries();
  void passWidthParameters();
  void findTileVotes(FunctionWarpFacts &F); // warp/TileVotes.cpp
  void findOpenTileVotes(FunctionWarpFacts &F, const clang::FunctionDecl &FD);
  const FunctionWarpFacts *calleeFacts(const clang::CallExpr *CE) const;

  clang::ASTContext &Ctx;
  const llvm::Regex &NameRegex;
  /// llvm::Regex backtracks (tens of thousands of instructions a match) and a unit asks about the
  /// same few names at every use.
  mutable llvm::StringMap<bool> NameVerdicts;
  const PlatformGuards &Guards;
  std::vector<std::unique_ptr<FunctionWarpFacts>> Functions;
  /// The call graph of the unit's device code, by canonical declaration (templates: their
  /// pattern): the bodies of each function (its definition and analysed instantiations), and the
  /// bodies that call it. Overloads and same-named functions of other scopes stay apart.
  llvm::DenseMap<const clang::Decl *, llvm::SmallVector<FunctionWarpFacts *, 1>> Bodies;
  llvm::DenseMap<const clang::Decl *, llvm::SmallVector<FunctionWarpFacts *, 2>> CallersOf;
  /// Definitions by canonical declaration (templates: their pattern), for parameter seeds.
  llvm::DenseMap<const clang::Decl *, FunctionWarpFacts *> ByDecl;
  /// Answers already computed, per function: the calls are walked once per question.
  llvm::DenseMap<const FunctionWarpFacts *, const CrossLaneOp *> FullOpMemo;
  llvm::DenseMap<const FunctionWarpFacts *, bool> HardwareMemo, LogicalMemo, Grouping32Memo;
  llvm::DenseMap<const clang::FunctionDecl *, bool> LaneMaskReturns, HardwareLaneReturns;
  /// The launches the unit shows, per kernel; and the project's, for kernels it never names.
  LaunchTally Tally;
  LaunchesElsewhereFn LaunchesElsewhere;
  /// Per function: its blocks, and whether a launch that makes them narrow names its block as a warp.
  llvm::DenseMap<const clang::Decl *, std::pair<BlockRows, bool>> RowsMemo;
  BlockRows kernelRows(const clang::FunctionDecl *Kernel, bool &WarpNamed);
  bool sumsRowsOf32(const clang::FunctionDecl &Kernel);
  /// The node of a body in the call graph: its function's canonical declaration, the template's
  /// pattern for an instantiation.
  static const clang::Decl *graphKey(const FunctionWarpFacts &F);
  /// Per canonical declaration: the builtin each parameter's mask reaches (empty: none).
  llvm::DenseMap<const clang::FunctionDecl *, llvm::SmallVector<llvm::StringRef, 4>> MaskParams;
  friend class WarpBodyScanner;
};

} // namespace rocmtidy

#endif
