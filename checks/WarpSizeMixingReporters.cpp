// Mixing: a 32-lane grouping that meets an operation over the whole wavefront, shuffle widths of 32
// beside hardware-width groupings, reductions and scans that stop at offset 16, 'warpSize == 32'.

#include "WarpSizeReportState.h"
#include "ast/ThreadIndex.h"
#include "core/WarpTables.h"
#include "clang/Lex/Lexer.h"

#include "ast/StmtWalk.h"

namespace clang::tidy::rocm {

namespace {

const char *groupingMessage(rocmtidy::LaneGrouping32::Kind K, std::string &Replacement, bool &ReplaceOperator) {
  using G = rocmtidy::LaneGrouping32;
  ReplaceOperator = false;
  switch (K) {
  case G::LaneModulo:
    Replacement = "warpSize";
    return "lane index computed with a warp width of 32; %0: use 'warpSize'";
  case G::LaneMask:
    Replacement = "(warpSize - 1)";
    return "lane index computed with a lane mask of 31; %0: use 'warpSize - 1'";
  case G::WarpDivide:
    Replacement = "warpSize";
    return "warp index computed with a warp width of 32; %0: use 'warpSize'";
  case G::WarpShift:
    Replacement = "/ warpSize";
    ReplaceOperator = true;
    return "warp index computed with a shift by 5 (32 lanes); %0: divide by 'warpSize'";
  case G::ThreadShiftBack:
    Replacement = "* warpSize";
    ReplaceOperator = true;
    return "thread index rebuilt with a shift by 5 (32 lanes); %0: multiply by 'warpSize'";
  case G::WarpCount:
    Replacement = "warpSize";
    return "warp count computed with a warp width of 32; %0, so a block has half as many warps: use 'warpSize'";
  case G::FirstWarpTest:
    Replacement = "warpSize";
    return "first warp selected as threads 0-31; %0: compare with 'warpSize'";
  }
  return "";
}

} // namespace

// Lane groupings of 32 that meet an operation over the whole wavefront.
void WarpSizeAssumptionCheck::reportGroupings(const rocmtidy::FunctionWarpFacts &F, ReportState &S) {
  // Blocks of at most 32 threads: lanes 32-63 never run, so no operation reaches across groups.
  // Blocks 32 threads wide: the groups of 32 are the rows of the block, as the code meant; an
  // operation that crosses them is reported at the operation (reportRowShuffles).
  if (F.Groupings.empty() || S.Lanes < 64 || S.Model.feedsMatrixCore(F))
    return;
  const rocmtidy::CrossLaneOp *Op = S.Model.fullOpMet(F);
  if (!Op || S.Model.blockRows(F) != rocmtidy::BlockRows::Unknown)
    return;
  if (reportAmdBranchShuffles(F, S))
    return;
  // Fix-its only where the code meant the hardware width: no explicit widths of 32 beside.
  bool HardwareMeant = !S.Model.meetsLogicalWidth(F);
  for (const rocmtidy::LaneGrouping32 &G : F.Groupings) {
    SourceLocation OpLoc = G.Op->getOperatorLoc();
    if (platform(OpLoc, S.SM) != rocmtidy::Platform::Any || skipForMacro(OpLoc, S) ||
        (G.Origin.InOtherMacro && IgnoreMacros))
      continue;
    // A width chosen per vendor or target ('#if defined(__GFX9__) ... 64 #else ... 32'): the
    // host pass sees the other branch's 32, the AMD device pass the target's value, and a 32
    // there is what the guard picked for a 64-lane target.
    if (G.Origin.Defined.isValid() && Guards.inPlatformSwitch(G.Origin.Defined, S.SM) && !S.DevicePass64)
      continue;
    if (!S.once(OpLoc, 0))
      continue;
    reportGrouping(F, G, *Op, HardwareMeant, S);
    if (G.K == rocmtidy::LaneGrouping32::LaneMask || G.K == rocmtidy::LaneGrouping32::LaneModulo)
      reportLaneBits(F, G, S);
  }
}

// Lanes numbered in warps of 32 in code both vendors compile, and wavefront-wide shuffles that the
// port wrote in its AMD-only branch ('#if defined(__HIP_PLATFORM_AMD__) __shfl(v, lane + d) #else
// __shfl_sync(m, v, lane + d)'): the CUDA branch's warp is the 32 lanes the numbering means, so the
// AMD branch is where lanes cross between warps. Reported at those shuffles, with the numbering as
// a note; a width of 32 keeps each shuffle inside its warp, as in the other branch.
bool WarpSizeAssumptionCheck::reportAmdBranchShuffles(const rocmtidy::FunctionWarpFacts &F, ReportState &S) {
  const rocmtidy::WarpTables &T = rocmtidy::warpTables();
  std::vector<const CallExpr *> Shuffles;
  for (const rocmtidy::CrossLaneOp &Op : F.FullOps) {
    rocmtidy::Platform P = platform(Op.Call->getBeginLoc(), S.SM);
    if (P == rocmtidy::Platform::CudaOnly)
      continue;
    const rocmtidy::ShuffleInfo *Info = T.shuffle(Op.Name);
    if (P != rocmtidy::Platform::AmdOnly || !Info || Info->isSync() || Info->WidthArg != 2)
      return false;
    // A shuffle a project macro writes is the macro's business; the numbering is reported instead.
    if (!skipForMacro(Op.Call->getBeginLoc(), S))
      Shuffles.push_back(Op.Call);
  }
  // The lane's own numbering ('lane = id & 31') says most about what the shuffle should read.
  const rocmtidy::LaneGrouping32 *Shared = nullptr;
  for (const rocmtidy::LaneGrouping32 &G : F.Groupings) {
    SourceLocation Loc = G.Op->getOperatorLoc();
    if (platform(Loc, S.SM) != rocmtidy::Platform::Any || skipForMacro(Loc, S))
      continue;
    bool Lane = G.K == rocmtidy::LaneGrouping32::LaneMask || G.K == rocmtidy::LaneGrouping32::LaneModulo;
    if (!Shared || Lane)
      Shared = &G;
    if (Lane)
      break;
  }
  if (Shuffles.empty() || !Shared)
    return false;
  for (const CallExpr *Call : Shuffles) {
    SourceLocation Loc = Call->getBeginLoc();
    if (!S.once(Loc, 23))
      continue;
    diag(Loc, "'%0' in the AMD-only branch reads across the whole wavefront, but this code numbers its lanes in warps "
              "of 32; %1, so lanes 32-63 read the other warp's values: pass a width of 32, the warp the other "
              "branch has")
        << rocmtidy::calleeName(Call) << Wave64;
    diag(Shared->Op->getOperatorLoc(), "lanes numbered in warps of 32 here", DiagnosticIDs::Note);
    // A note, which --fix does not apply: the width changes what the shuffle reads.
    if (Call->getNumArgs() == 3 && isa<CXXDefaultArgExpr>(Call->getArg(2)) && Call->getRParenLoc().isFileID())
      diag(Call->getRParenLoc(), "give the shuffle a width of 32", DiagnosticIDs::Note)
          << FixItHint::CreateInsertion(Call->getRParenLoc(), ", 32");
  }
  return true;
}

// '(1 << lane) - 1' with 'lane = threadIdx.x & 31', in code that meets a wavefront-wide operation:
// a lane mask built from the lane's place in its 32-lane group, so lanes 32-63 take the bits of
// lanes 0-31 in the wavefront's masks it is combined with. Reported at each shift of a one (or two)
// by a local that holds the grouping.
void WarpSizeAssumptionCheck::reportLaneBits(const rocmtidy::FunctionWarpFacts &F, const rocmtidy::LaneGrouping32 &G,
                                             ReportState &S) {
  const VarDecl *Lane = nullptr;
  rocmtidy::walkStmts(F.Body, [&](const Stmt *St) {
    if (const auto *DS = dyn_cast<DeclStmt>(St))
      for (const Decl *D : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D); VD && VD->getInit() && VD->getInit()->IgnoreParenCasts() == G.Op)
          Lane = VD;
    return Lane ? rocmtidy::StmtWalk::Stop : rocmtidy::StmtWalk::Continue;
  });
  if (!Lane)
    return;
  rocmtidy::walkStmts(F.Body, [&](const Stmt *St) {
    const auto *BO = dyn_cast<BinaryOperator>(St);
    if (!BO || BO->getOpcode() != BO_Shl)
      return rocmtidy::StmtWalk::Continue;
    const auto *Amount = dyn_cast<DeclRefExpr>(BO->getRHS()->IgnoreParenImpCasts());
    auto One = rocmtidy::integerLiteralValue(BO->getLHS()->IgnoreParenCasts());
    SourceLocation Loc = BO->getOperatorLoc();
    if (!Amount || Amount->getDecl() != Lane || !One || (*One != 1 && *One != 2) ||
        platform(Loc, S.SM) != rocmtidy::Platform::Any || skipForMacro(Loc, S) || !S.once(Loc, 10))
      return rocmtidy::StmtWalk::Continue;
    diag(Loc, "lane bit built from '%0', the lane's place in its 32-lane group; %1, so lanes 32-63 take the bits of "
              "lanes 0-31 in the wavefront's lane masks: number the lane by 'warpSize' and shift a 64-bit one")
        << Lane->getName() << Wave64;
    diag(Lane->getLocation(), "'%0' numbers lanes within groups of 32 here", DiagnosticIDs::Note) << Lane->getName();
    return rocmtidy::StmtWalk::Continue;
  });
}

void WarpSizeAssumptionCheck::reportGrouping(const rocmtidy::FunctionWarpFacts &F, const rocmtidy::LaneGrouping32 &G,
                                             const rocmtidy::CrossLaneOp &Op, bool HardwareMeant, ReportState &S) {
  SourceLocation OpLoc = G.Op->getOperatorLoc();
  std::string Replacement;
  bool ReplaceOperator = false;
  const char *Message = groupingMessage(G.K, Replacement, ReplaceOperator);
  if (G.Op->getOpcode() == BO_Shr) {
    Replacement = "/ warpSize";
    ReplaceOperator = true;
  }
  {
    auto D = diag(OpLoc, Message) << Wave64;
    const Expr *Lit = G.Constant->IgnoreParenImpCasts();
    SourceLocation LitLoc = Lit->getBeginLoc(), LitEnd = Lit->getEndLoc();
    // A helper's parameter or a template argument: other callers may mean something else.
    bool Fixable = HardwareMeant && G.Origin.IsLiteral && OpLoc.isFileID() && LitLoc.isFileID() && LitEnd.isFileID() &&
                   !isa_and_nonnull<ParmVarDecl>(G.Via) && !F.Instantiation;
    // '/' and '*' bind tighter than '>>' and '<<': replacing the operator keeps the grouping
    // only when the other operand is a primary expression.
    if (ReplaceOperator) {
      const Expr *L = G.Op->getLHS()->IgnoreImpCasts();
      Fixable = Fixable && (isa<ParenExpr, DeclRefExpr, CallExpr, MemberExpr, PseudoObjectExpr, IntegerLiteral>(L));
    }
    if (Fixable)
      D << FixItHint::CreateReplacement(CharSourceRange::getTokenRange(ReplaceOperator ? OpLoc : LitLoc, LitEnd),
                                        Replacement);
  }
  groupingNotes(F, G, S);
  diag(Op.Call->getBeginLoc(), "'%0' here covers all %1 lanes of a wavefront on %2, across the 32-lane groups",
       DiagnosticIDs::Note)
      << Op.Name << S.Lanes << S.Where;
}

// Where the thread index and the 32 of a grouping come from.
void WarpSizeAssumptionCheck::groupingNotes(const rocmtidy::FunctionWarpFacts &F, const rocmtidy::LaneGrouping32 &G,
                                            ReportState &) {
  if (const auto *P = dyn_cast_or_null<ParmVarDecl>(G.Via)) {
    auto Seed = F.Seeds.find(P);
    if (Seed != F.Seeds.end() && Seed->second.Call)
      diag(Seed->second.Call->getBeginLoc(), "the call here passes a thread index as '%0'", DiagnosticIDs::Note)
          << P->getName();
    else if (Seed != F.Seeds.end() && Seed->second.SplitAt && Seed->second.SplitAt != G.Op)
      diag(Seed->second.SplitAt->getOperatorLoc(),
           "'%0' is split into a lane and a warp of 32 lanes, as a thread index is, here", DiagnosticIDs::Note)
          << P->getName();
  } else if (G.Via) {
    diag(G.Via->getLocation(), "'%0' is computed from a thread index here", DiagnosticIDs::Note) << G.Via->getName();
  }
  if (G.Origin.InstantiatedAt.isValid())
    diag(G.Origin.InstantiatedAt, "template argument '%0' is %1 in the instantiation here", DiagnosticIDs::Note)
        << G.Origin.Name << static_cast<unsigned>(G.Origin.NameValue);
  else if (!G.Origin.Name.empty() && G.Origin.Defined.isValid())
    diag(G.Origin.Defined, "'%0' is defined as %1 here", DiagnosticIDs::Note)
        << G.Origin.Name << static_cast<unsigned>(G.Origin.NameValue);
}

// Shuffle widths of 32 where the code groups lanes by the hardware width.
void WarpSizeAssumptionCheck::reportWidths(const rocmtidy::FunctionWarpFacts &F, ReportState &S) {
  auto reportWidth = [&](const CallExpr *CE) {
    const rocmtidy::ShuffleInfo *Info = rocmtidy::warpTables().shuffle(rocmtidy::calleeName(CE));
    const Expr *Width = CE->getArg(Info->WidthArg)->IgnoreParenImpCasts();
    SourceLocation Loc = Width->getBeginLoc();
    if (platform(Loc, S.SM) != rocmtidy::Platform::Any || skipForMacro(CE->getBeginLoc(), S))
      return;
    // A 32 from a macro's body is a named width (a tile size), unless the same macro writes the
    // whole shuffle.
    if (S.inMacroBody(Loc) &&
        !(S.inMacroBody(CE->getBeginLoc()) && S.SM.getExpansionLoc(Loc) == S.SM.getExpansionLoc(CE->getBeginLoc())))
      return;
    if (!rocmtidy::integerLiteralValue(Width) && !S.inMacroBody(Loc))
      return; // a named width: the author chose a segment
    auto D = diag(Loc, "shuffle width of 32 splits the reduction into 32-lane halves; %0, so lanes 32-63 get a "
                       "separate result: use 'warpSize'")
             << Wave64;
    if (Loc.isFileID())
      D << FixItHint::CreateReplacement(Width->getSourceRange(), "warpSize");
  };
  if ((F.Width32FromWarpSize.empty() && F.Width32Reductions.empty()) ||
      S.Model.blockRows(F) == rocmtidy::BlockRows::Narrow)
    return;
  for (const CallExpr *CE : F.Width32FromWarpSize)
    reportWidth(CE);
  if (!F.Width32Reductions.empty() && S.Model.meetsHardwareGrouping(F) && !S.Model.meetsGrouping32(F))
    for (const CallExpr *CE : F.Width32Reductions)
      reportWidth(CE);
}

StringRef wrapperMacroUse(const CallExpr *CE, const Expr *Arg, const SourceManager &SM, const LangOptions &LO,
                          SourceLocation &Use) {
  SourceLocation Callee = CE->getCallee()->getBeginLoc();
  if (!Callee.isMacroID() || !Arg->getBeginLoc().isValid())
    return {};
  CharSourceRange Written = SM.getExpansionRange(Callee);
  SourceLocation ArgAt = SM.getSpellingLoc(Arg->getBeginLoc());
  if (!Written.getBegin().isFileID() || !ArgAt.isFileID() ||
      !SM.isPointWithin(ArgAt, Written.getBegin(), Written.getEnd()))
    return {};
  Use = Written.getBegin();
  return Lexer::getSourceText(CharSourceRange::getTokenRange(Use, Use), SM, LO);
}

// Reductions and scans over the default width that stop at 16.
// Code that groups lanes by 32 and whose other cross-lane operations stay inside 32 lanes is
// logical 32-lane code: a width of 32 on the reduction keeps its meaning. Where a full-wavefront
// operation is met, the groupings themselves are reported (and rewritten to warpSize).
static bool allDown(const rocmtidy::ShortReduction &R) {
  return llvm::all_of(R.Shuffles, [](const CallExpr *CE) {
    const rocmtidy::ShuffleInfo *Info = rocmtidy::warpTables().shuffle(rocmtidy::calleeName(CE));
    return Info && Info->Op == rocmtidy::ShuffleInfo::Kind::Down;
  });
}

// Whether a full-wavefront operation met by F can move a value between the halves of a wavefront.
// A vote ('__ballot', '__any', the active mask) gives every lane one bit from each lane and moves
// no value: a sum kept inside a 32-lane group stays right beside it. Where the vote meets a
// grouping of 32, that is reported at the grouping, not at the reductions.
static bool movesValuesAcrossHalves(const rocmtidy::FunctionWarpFacts &F, rocmtidy::WarpModel &Model) {
  const rocmtidy::CrossLaneOp *Met = Model.fullOpMet(F);
  if (!Met)
    return false;
  auto Moves = [](const rocmtidy::CrossLaneOp &Op) { return !rocmtidy::warpTables().isVote(Op.Name); };
  return F.FullOps.empty() ? Moves(*Met) : llvm::any_of(F.FullOps, Moves);
}

// F reads its reduction at the first lane of each 32-lane group (logical 32-lane code), or returns
// it to callers that each do ('v = reduce(v); if (lane == 0) smem[warp] = v;' with 'lane = tid %
// 32', and no lane numbers or operations of the wavefront's own) or call it only where lanes 32-63 are idle ('if
// (lane < 32)' after folding 64 values into 32): every result read holds all the lanes that took part.
static bool readAtLane0Of32(const rocmtidy::FunctionWarpFacts &F, rocmtidy::WarpModel &Model, bool Logical32) {
  if (F.Lane0Of32)
    return Logical32;
  const auto *FD = dyn_cast<FunctionDecl>(F.D);
  const FunctionDecl *Self = FD ? FD->getCanonicalDecl() : nullptr;
  auto OnlyFirstThreads = [&](const rocmtidy::FunctionWarpFacts *G) {
    return Self && llvm::is_contained(G->Callees, Self) &&
           llvm::count(G->FirstThreadsCallees, Self) == llvm::count(G->Callees, Self);
  };
  llvm::ArrayRef<rocmtidy::FunctionWarpFacts *> Callers = Model.callers(F);
  // A wavefront-wide operation on the way ('__shfl(v, 0)' after the tree) moves lane 0's sum into
  // lane 32.
  bool FullOp = movesValuesAcrossHalves(F, Model);
  return !Callers.empty() && llvm::all_of(Callers, [&](const rocmtidy::FunctionWarpFacts *G) {
    return (G->Lane0Of32 && (Logical32 || (G->HardwareGroupings.empty() && !FullOp))) || OnlyFirstThreads(G);
  });
}

void WarpSizeAssumptionCheck::reportShortReductions(const rocmtidy::FunctionWarpFacts &F, ReportState &S) {
  // Blocks 32 threads wide (or less): 'threadIdx.x' numbers the lanes of a 32-lane row, the
  // halves of a wavefront are rows, and a reduction over 32 lanes is one over the row.
  if (F.ShortReductions.empty() || S.Model.blockRows(F) != rocmtidy::BlockRows::Unknown)
    return;
  rocmtidy::WarpModel &Model = S.Model;
  bool Moves = movesValuesAcrossHalves(F, Model);
  bool Logical32 = Model.meetsGrouping32(F) && !Model.meetsHardwareGrouping(F) && !Moves;
  for (const rocmtidy::ShortReduction &R : F.ShortReductions) {
    SourceLocation Loc = R.At->getBeginLoc();
    if (platform(Loc, S.SM) != rocmtidy::Platform::Any || skipForMacro(Loc, S) || !Loc.isFileID())
      continue;
    // A xor reduction over offsets below 32 keeps every lane inside its 32-lane group, exactly as a
    // width of 32 would: logical 32-lane code, unless the code around it numbers lanes by the
    // hardware width or uses a full-wavefront operation. Code that splits its hardware lane
    // numbers into halves ('lane % 32' of a lane below 64) reduces each half on purpose.
    bool XorOnly = llvm::all_of(R.Shuffles, [](const CallExpr *CE) {
      const rocmtidy::ShuffleInfo *Info = rocmtidy::warpTables().shuffle(rocmtidy::calleeName(CE));
      return Info && Info->Op == rocmtidy::ShuffleInfo::Kind::Xor;
    });
    if (R.K != rocmtidy::ShortReduction::ScanTo16 && XorOnly &&
        ((!Model.meetsHardwareGrouping(F) && !Moves) || F.HalfSplits))
      continue;
    // A shuffle-down tree from 16 read by the first lane of each 32-lane group: that lane's sum
    // takes lanes of its own group only, on 64 lanes as on 32.
    if (R.K != rocmtidy::ShortReduction::ScanTo16 && readAtLane0Of32(F, Model, Logical32) && allDown(R))
      continue;
    if (R.K != rocmtidy::ShortReduction::ScanTo16 && F.HalfLeaders && allDown(R) && !Model.meetsHardwareGrouping(F) &&
        !Moves)
      continue;
    if (R.K == rocmtidy::ShortReduction::ScanTo16) {
      // A scan guarded by a lane number of 32 ('if (lane >= d)' with 'lane = tid % 32') adds only
      // values from its own 32-lane group: logical 32-lane code.
      if (!(Model.meetsGrouping32(F) && !Model.meetsHardwareGrouping(F) && !Moves))
        diag(Loc, "shuffle scan stops at lane offset 16 and combines 32 lanes only; %0: loop while the offset is "
                  "below 'warpSize'")
            << Wave64;
      continue;
    }
    reportShortReduction(R, Logical32);
  }
}

void WarpSizeAssumptionCheck::reportShortReduction(const rocmtidy::ShortReduction &R, bool Logical32) {
  SourceLocation Loc = R.At->getBeginLoc();
  bool CanAddWidth = Logical32;
  for (const CallExpr *CE : R.Shuffles) {
    const rocmtidy::ShuffleInfo *Info = rocmtidy::warpTables().shuffle(rocmtidy::calleeName(CE));
    // In a template the call lists only what is written.
    CanAddWidth = CanAddWidth && Info &&
                  (CE->getNumArgs() <= Info->WidthArg || isa<CXXDefaultArgExpr>(CE->getArg(Info->WidthArg))) &&
                  CE->getRParenLoc().isFileID();
  }
  if (CanAddWidth) {
    auto D = diag(Loc, "shuffle reduction starts at lane offset 16 but shuffles the whole wavefront; %0 and "
                       "this code groups lanes by 32: give its shuffles a width of 32");
    D << Wave64;
    for (const CallExpr *CE : R.Shuffles)
      D << FixItHint::CreateInsertion(CE->getRParenLoc(), ", 32");
    return;
  }
  if (R.K == rocmtidy::ShortReduction::LoopFrom16)
    diag(Loc, "shuffle reduction starts at lane offset 16 and combines 32 lanes only; %0: start at "
              "'warpSize / 2'")
        << Wave64;
  else
    diag(Loc, "shuffle reduction starts at lane offset 16 and combines 32 lanes only; %0: add a step at "
              "offset 32, or loop from 'warpSize / 2'")
        << Wave64;
}

// Blocks 32 threads wide with more than one row: a wavefront-wide shuffle from a source lane below
// 32 gives the row in lanes 32-63 the values of the row in lanes 0-31.
void WarpSizeAssumptionCheck::reportRowShuffles(const rocmtidy::FunctionWarpFacts &F, ReportState &S) {
  if (F.RowShuffles.empty() || S.Lanes < 64 || S.Model.blockRows(F) != rocmtidy::BlockRows::Rows32)
    return;
  for (const CallExpr *CE : F.RowShuffles) {
    SourceLocation Loc = CE->getBeginLoc();
    if (platform(Loc, S.SM) != rocmtidy::Platform::Any || skipForMacro(Loc, S) || !S.once(Loc, 6))
      continue;
    const rocmtidy::ShuffleInfo *Info = rocmtidy::warpTables().shuffle(rocmtidy::calleeName(CE));
    auto D = diag(Loc, "'%0' reads a lane below 32 across the whole wavefront, but every launch of this kernel has "
                       "blocks at most 32 threads wide; %1, so lanes 32-63 run the next row of the block and read "
                       "this row's values: give the shuffle a width of 32")
             << rocmtidy::calleeName(CE) << Wave64;
    // Only a call written without its width: a width of warpSize was chosen, and may be meant.
    if (Info && (CE->getNumArgs() <= Info->WidthArg || isa<CXXDefaultArgExpr>(CE->getArg(Info->WidthArg))) &&
        CE->getRParenLoc().isFileID())
      D << FixItHint::CreateInsertion(CE->getRParenLoc(), ", 32");
  }
}

// Code that numbers lanes in warps of 32 broadcasting from a lane below 32 over the whole wavefront:
// lanes 32-63, the second warp of 32, read the first warp's lane. Blocks 32 threads wide are
// reportRowShuffles'; narrower blocks never run lanes 32-63.
void WarpSizeAssumptionCheck::reportGroupShuffles(const rocmtidy::FunctionWarpFacts &F, ReportState &S) {
  if (F.GroupShuffles.empty() || S.Lanes < 64 || S.Model.feedsMatrixCore(F) ||
      S.Model.blockRows(F) != rocmtidy::BlockRows::Unknown)
    return;
  // The numbering the report names: not one the guards choose per target, nor a 32 from a macro
  // not named like a warp width (a tile). A project macro that writes the numbering
  // ('#define LANE (threadIdx.x & (WARP_THREADS - 1))') counts: the shuffle is the user's.
  auto Numbering = llvm::find_if(F.Groupings, [&](const rocmtidy::LaneGrouping32 &G) {
    SourceLocation OpLoc = G.Op->getOperatorLoc();
    return G.numbersLanes() && platform(OpLoc, S.SM) == rocmtidy::Platform::Any &&
           !(G.Origin.InOtherMacro && IgnoreMacros) &&
           !(G.Origin.Defined.isValid() && Guards.inPlatformSwitch(G.Origin.Defined, S.SM) && !S.DevicePass64);
  });
  if (Numbering == F.Groupings.end())
    return;
  for (const CallExpr *CE : F.GroupShuffles) {
    SourceLocation Loc = CE->getBeginLoc();
    StringRef Name = rocmtidy::calleeName(CE);
    // A port's shim ('#define __shfl_sync(m, v, l) __shfl(v, l, warpSize)'): the source lane is the
    // user's, written at the macro's use, which is where the report goes.
    if (skipForMacro(Loc, S)) {
      const rocmtidy::ShuffleInfo *Info = rocmtidy::warpTables().shuffle(Name);
      Name = Info && Info->LaneArg < CE->getNumArgs()
                 ? wrapperMacroUse(CE, CE->getArg(Info->LaneArg), S.SM, S.Ctx.getLangOpts(), Loc)
                 : StringRef();
      if (Name.empty())
        continue;
    }
    if (platform(Loc, S.SM) != rocmtidy::Platform::Any || !S.once(Loc, 6))
      continue;
    diag(Loc, "'%0' reads a lane below 32 across the whole wavefront, but this code numbers its lanes in warps of "
              "32; %1, so lanes 32-63 read that lane of the first warp instead of their own: give the shuffle a "
              "width of 32, or number the lanes by 'warpSize'")
        << Name << Wave64;
    diag(Numbering->Op->getOperatorLoc(), "lanes are numbered in warps of 32 here", DiagnosticIDs::Note);
    // A note, which --fix does not apply: where the code broadcasts over the wavefront on purpose
    // (every lane wants lane 0's value), the width of 32 would split it.
    const rocmtidy::ShuffleInfo *Info = rocmtidy::warpTables().shuffle(rocmtidy::calleeName(CE));
    if (Info && (CE->getNumArgs() <= Info->WidthArg || isa<CXXDefaultArgExpr>(CE->getArg(Info->WidthArg))) &&
        CE->getRParenLoc().isFileID())
      diag(CE->getRParenLoc(), "add a width of 32 where each warp of 32 reads its own lane", DiagnosticIDs::Note)
          << FixItHint::CreateInsertion(CE->getRParenLoc(), ", 32");
  }
}

// 'warpSize == 32' that is not a dispatch on the width.
void WarpSizeAssumptionCheck::reportWarpSizeTests(const rocmtidy::FunctionWarpFacts &F, ReportState &S) {
  for (const BinaryOperator *BO : F.WarpSizeTests) {
    if (platform(BO->getOperatorLoc(), S.SM) != rocmtidy::Platform::Any || skipForMacro(BO->getOperatorLoc(), S))
      continue;
    diag(BO->getOperatorLoc(), "'warpSize' compared with 32; %0, where this test fails: handle both widths") << Wave64;
  }
}

// 'for (col = lane; ...; col += warpSize)' with 'lane = tid & 31': the 32 lanes of a warp of 32
// step by 64 on AMD, and elements 32-63 of every 64 are never visited, whatever the block shape.
void WarpSizeAssumptionCheck::reportLaneStrides(const rocmtidy::FunctionWarpFacts &F, ReportState &S) {
  for (const rocmtidy::FunctionWarpFacts::LaneStride &L : F.LaneStrides) {
    SourceLocation Loc = L.Step->getBeginLoc();
    if (platform(Loc, S.SM) == rocmtidy::Platform::CudaOnly || skipForMacro(Loc, S) || !S.once(Loc, 4))
      continue;
    diag(Loc, "loop over the lanes of a 32-lane warp steps by the wavefront width; %0, so each step spans 64 "
              "elements and the 32 lanes never visit elements 32-63 of them: step by 32, or number the lanes "
              "with 'warpSize'")
        << Wave64;
    diag(L.Op->getOperatorLoc(), "the loop starts at this lane number, below 32", DiagnosticIDs::Note);
  }
}

// A warp number of 32-lane groups scaled by the wavefront width.
void WarpSizeAssumptionCheck::reportScaledWarpIds(const rocmtidy::FunctionWarpFacts &F, ReportState &S) {
  for (const auto &[Mul, Group] : F.ScaledWarpIds) {
    SourceLocation Loc = Mul->getOperatorLoc();
    if (platform(Loc, S.SM) == rocmtidy::Platform::CudaOnly || skipForMacro(Loc, S) || !S.once(Loc, 20))
      continue;
    diag(Loc, "number of a 32-lane warp scaled by the wavefront width; %0, so consecutive warps start 64 apart and "
              "half the rows are skipped: number and scale warps by the same width")
        << Wave64 << Mul->getSourceRange();
    diag(Group->getOperatorLoc(), "the warp is numbered in groups of 32 here", DiagnosticIDs::Note);
  }
}

// 'ShuffleIndex<32>(sum, warpSize - 1)' after a scan over the whole wavefront: the lane asked for is
// the wavefront's last, the width keeps the read inside each 32-lane half, so lanes 0-31 read lane 31's
// partial result.
void WarpSizeAssumptionCheck::reportWavefrontLanes(const rocmtidy::FunctionWarpFacts &F, ReportState &S) {
  if (F.Width32WavefrontLanes.empty() || S.Lanes < 64 || S.Model.blockRows(F) == rocmtidy::BlockRows::Narrow)
    return;
  const rocmtidy::CrossLaneOp *Op = S.Model.fullOpMet(F);
  if (!Op)
    return;
  for (const CallExpr *CE : F.Width32WavefrontLanes) {
    SourceLocation Loc = CE->getBeginLoc();
    if (platform(Loc, S.SM) == rocmtidy::Platform::CudaOnly || skipForMacro(Loc, S) || !S.once(Loc, 22))
      continue;
    diag(Loc, "shuffle within 32 lanes from a lane computed with 'warpSize'; %0, so each 32-lane half reads its "
              "own lane 31 instead of the wavefront's last lane: shuffle over the wavefront's width")
        << Wave64 << CE->getSourceRange();
    diag(Op->Call->getBeginLoc(), "'%0' here works on all 64 lanes of the wavefront", DiagnosticIDs::Note) << Op->Name;
  }
}

// A count rounded up by one width and divided by the other.
void WarpSizeAssumptionCheck::reportMixedRoundings(const rocmtidy::FunctionWarpFacts &F, ReportState &S) {
  for (const auto &[BO, ByWarpSize] : F.MixedRoundings) {
    SourceLocation Loc = BO->getOperatorLoc();
    if (platform(Loc, S.SM) == rocmtidy::Platform::CudaOnly || skipForMacro(Loc, S) || !S.once(Loc, 17))
      continue;
    if (ByWarpSize)
      diag(Loc, "count rounded up by 31 but divided by 'warpSize'; %0, so it counts one wavefront too few when 1-32 "
                "threads are left over: round up by 'warpSize - 1'")
          << Wave64 << BO->getSourceRange();
    else
      diag(Loc, "count rounded up by 'warpSize' but divided by 32; %0, so it counts one 32-lane group more than "
                "there are: round up by 31, or divide by 'warpSize'")
          << Wave64 << BO->getSourceRange();
  }
}

} // namespace clang::tidy::rocm

namespace clang::tidy::rocm {

// A wavefront's ballot read as the vote of a narrower tile.
void WarpSizeAssumptionCheck::reportTileVotes(const rocmtidy::FunctionWarpFacts &F, ReportState &S) {
  for (const rocmtidy::TileVote &V : F.TileVotes) {
    SourceLocation Loc = V.Call->getBeginLoc();
    // Where every selected target runs 32-lane wavefronts the text's premise (64 lanes) does not hold.
    if (S.Lanes < 64 || V.TileLanes >= S.Lanes || skipForMacro(Loc, S) || !S.once(Loc, 18))
      continue;
    if (V.TileLanes == 0) {
      diag(Loc, "'%0' votes across the whole wavefront in code that works on tiles of a size the template leaves "
                "open; %1, so unless each tile has 64 lanes the mask also holds other tiles' lanes, numbered by "
                "wavefront lane rather than tile rank: use the tile's ballot, or keep the tile's bits")
          << V.Name << Wave64;
      diag(V.Tile->getLocation(), "the tile", DiagnosticIDs::Note);
      continue;
    }
    diag(Loc, "'%0' votes across the whole wavefront in code that works on tiles of %1 lanes; %2, so the mask also "
              "holds the other tiles' lanes, numbered by wavefront lane rather than tile rank: keep the tile's bits "
              "(shift the mask right by the tile's first lane and cut it to %1 bits), as 'tile.ballot' does")
        << V.Name << static_cast<unsigned>(V.TileLanes) << Wave64;
    diag(V.Tile->getLocation(), "the tile of %0 lanes", DiagnosticIDs::Note) << static_cast<unsigned>(V.TileLanes);
  }
}

} // namespace clang::tidy::rocm
