// Masks and narrowing, wrong whatever the grouping: 32-bit masks at *_sync calls (directly, through
// a macro or through the project's wrappers), 64-bit lane masks cut to 32 bits, '1u << lane' and
// 'lane == 31' with lanes up to 63, 32-bit shifts by lane-derived amounts, short arrays indexed by
// such a lane, and *_sync overloads that take a 32-bit mask.

#include "WarpSizeReportState.h"
#include "ast/ThreadIndex.h"
#include "core/WarpTables.h"
#include "clang/Lex/Lexer.h"

#include "ast/StmtWalk.h"

namespace clang::tidy::rocm {

// 32-bit masks at *_sync calls: constant full masks, run-time masks of a 32-bit type, and a
// mask passed as the value of a shuffle that takes none.
void WarpSizeAssumptionCheck::reportMasks(const rocmtidy::FunctionWarpFacts &F, ReportState &S) {
  const SourceManager &SM = S.SM;
  // Blocks of at most 32 threads: lanes 0-31 are every lane that runs, and a 64-bit mask of them
  // is the full mask (a 32-bit one still stops the build, as its type does).
  const bool Narrow = !F.NarrowMasks.empty() && S.Model.blockRows(F) == rocmtidy::BlockRows::Narrow;
  for (auto [CE, Name, Def] : F.NarrowMasks) {
    const Expr *Arg = CE->getArg(0)->IgnoreImpCasts();
    if (platform(CE->getBeginLoc(), SM) == rocmtidy::Platform::CudaOnly || skipForMacro(CE->getBeginLoc(), S) ||
        S.RemappedForAmd.contains(Name) || (Narrow && S.Ctx.getIntWidth(Arg->getType()) >= 64))
      continue;
    SourceLocation ArgLoc = Arg->getBeginLoc();
    if (ArgLoc.isMacroID() && !SM.isMacroArgExpansion(ArgLoc)) {
      auto &Entry = S.MaskMacros[SM.getSpellingLoc(ArgLoc)];
      if (Entry.first.empty())
        Entry.first = Lexer::getImmediateMacroName(ArgLoc, SM, S.Ctx.getLangOpts()).str();
      Entry.second.push_back(CE);
      continue;
    }
    reportFullMask(Name, Arg);
    // 'unsigned long long mask = ~0u': the 64-bit type passes ROCm's check; the value is the fault.
    if (Def && Def->getBeginLoc().isValid())
      diag(Def->getBeginLoc(), "'%0' is given a 32-bit full mask here; a 64-bit type does not widen it",
           DiagnosticIDs::Note)
          << cast<DeclRefExpr>(Arg->IgnoreParenImpCasts())->getDecl()->getName();
  }
  for (auto [CE, Name] : F.NarrowMaskTypes) {
    const Expr *Arg = CE->getArg(0)->IgnoreParenImpCasts();
    if (platform(CE->getBeginLoc(), SM) == rocmtidy::Platform::CudaOnly || skipForMacro(CE->getBeginLoc(), S) ||
        S.RemappedForAmd.contains(Name) || perTargetTypeInHostPass(Arg->getType(), S) || !S.once(Arg->getBeginLoc(), 3))
      continue;
    // A named constant ('static constexpr uint mask = ...'): its declaration is what a fix changes,
    // and every call that passes it is one finding there.
    const auto *Ref = dyn_cast<DeclRefExpr>(Arg);
    const auto *Named = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (Named && !isa<ParmVarDecl>(Named) && Named->getType().isConstQualified() &&
        Named->getTypeSpecStartLoc().isFileID() && !SM.isInSystemHeader(Named->getLocation())) {
      if (!S.once(Named->getTypeSpecStartLoc(), 3))
        continue;
      diag(Named->getTypeSpecStartLoc(), "mask '%0' of the 32-bit type %1 is passed to '%2'; ROCm 6.2 and later "
                                         "require a 64-bit mask type and stop the build at a narrower one: declare "
                                         "it as a 64-bit integer")
          << Named->getName() << Named->getType().getUnqualifiedType() << Name;
      diag(Arg->getBeginLoc(), "passed to '%0' here", DiagnosticIDs::Note) << Name;
      continue;
    }
    // A constant names the lanes it wants; only its type is wrong (HIP's builtins deduce the mask
    // type from the argument and static_assert that it is 64 bits wide).
    if (!Arg->isValueDependent() && Arg->isEvaluatable(S.Ctx)) {
      diag(Arg->getBeginLoc(), "mask of the 32-bit type %0 passed to '%1'; ROCm 6.2 and later require a 64-bit "
                               "mask type and stop the build at a narrower one: write the constant as a 64-bit "
                               "integer ('ull' suffix)")
          << Arg->getType().getUnqualifiedType() << Name;
      continue;
    }
    diag(Arg->getBeginLoc(), "mask of the 32-bit type %0 passed to '%1'; %2 and ROCm 6.2 and later require a "
                             "64-bit mask, which this one cannot hold: keep the mask in a 64-bit integer")
        << Arg->getType().getUnqualifiedType() << Name << Wave64;
  }
  for (const CallExpr *CE : F.MaskAsValue) {
    if (platform(CE->getBeginLoc(), SM) == rocmtidy::Platform::CudaOnly || skipForMacro(CE->getBeginLoc(), S))
      continue;
    diag(CE->getArg(0)->getBeginLoc(), "32-bit full mask passed as the value of '%0', which takes no mask: the "
                                       "shuffle moves the mask and reads its lane and width from the wrong "
                                       "arguments; drop the mask, or call '%0_sync' with a 64-bit mask")
        << rocmtidy::calleeName(CE);
  }
}

void WarpSizeAssumptionCheck::reportFullMask(StringRef Name, const Expr *Arg) {
  SourceLocation ArgLoc = Arg->getBeginLoc();
  diag(ArgLoc, "32-bit full mask passed to '%0' selects lanes 0-31 only; %1: use '~0ull'") << Name << Wave64;
  SourceRange Range = Arg->getSourceRange();
  bool Named = !rocmtidy::walkStmts(Arg, [](const Stmt *St) {
    return isa<DeclRefExpr>(St) ? rocmtidy::StmtWalk::Stop : rocmtidy::StmtWalk::Continue;
  });
  // A note, which --fix does not apply: under 'if (threadIdx.x < 32)' the 32 lanes are meant.
  if (Range.getBegin().isFileID() && Range.getEnd().isFileID() && !Named)
    diag(ArgLoc, "replace it with '~0ull' where every lane of the wavefront takes part", DiagnosticIDs::Note)
        << FixItHint::CreateReplacement(CharSourceRange::getTokenRange(Range), "~0ull");
}

// 64-bit lane masks cut to 32 bits, and 32-bit lane bits for lanes up to 63.
// The macro whose body spells the call CE, when user code invokes it (perhaps inside another
// macro's arguments) and the call's first argument comes from the macro's arguments
// ('popcount(mask)', 'popcount(BALLOT(p))'); empty when the macro's body writes the argument too,
// or another macro's body invokes it. Use is where the user wrote the macro's name.
static StringRef renamingMacro(const CallExpr *CE, const SourceManager &SM, const LangOptions &LO,
                               SourceLocation &Use) {
  SourceLocation Callee = SM.getTopMacroCallerLoc(CE->getCallee()->getBeginLoc());
  if (CE->getNumArgs() == 0 || !Callee.isMacroID())
    return {};
  Use = SM.getTopMacroCallerLoc(SM.getImmediateExpansionRange(Callee).getBegin());
  if (!Use.isFileID())
    return {};
  FileID Body = SM.getFileID(Callee);
  for (SourceLocation L = CE->getArg(0)->getBeginLoc(); L.isMacroID();) {
    if (SM.getFileID(L) == Body)
      return {};
    if (!SM.isMacroArgExpansion(L)) {
      L = SM.getImmediateExpansionRange(L).getBegin();
      continue;
    }
    if (SM.getFileID(SM.getImmediateExpansionRange(L).getBegin()) == Body)
      return Lexer::getImmediateMacroName(Callee, SM, LO);
    L = SM.getImmediateSpellingLoc(L);
  }
  return {};
}

// A cast to a 32-bit type written in a project macro's body ('#define __ballot_sync(m, p)
// ((uint32_t)__ballot(p))', a port's shim): every use loses lanes 32-63, and the definition is the
// one place that mends them all. Reported once there; each use is reported where it stores the value.
void WarpSizeAssumptionCheck::reportMacroNarrowing(const rocmtidy::NarrowValue &N, ReportState &S) {
  const SourceManager &SM = S.SM;
  if (!N.Written || !S.inMacroBody(N.Written->getBeginLoc()))
    return;
  SourceLocation Def = SM.getSpellingLoc(N.Written->getBeginLoc());
  if (!Def.isFileID() || SM.isInSystemHeader(Def) || platform(Def, SM) == rocmtidy::Platform::CudaOnly ||
      perTargetTypeInHostPass(N.To, S) || !S.once(Def, 19))
    return;
  StringRef Macro = Lexer::getImmediateMacroName(N.Written->getBeginLoc(), SM, S.Ctx.getLangOpts());
  diagMacroNarrowing(Def, Macro, N.What, N.To.getUnqualifiedType(), S);
}

void WarpSizeAssumptionCheck::diagMacroNarrowing(SourceLocation Def, StringRef Macro, StringRef What, QualType To,
                                                 ReportState &S) {
  diag(Def, "macro '%0' narrows the %1 to the %2-bit type %3 for every use; %4, so lanes 32-63 are lost: keep it in "
            "a 64-bit integer")
      << Macro << What << S.Ctx.getIntWidth(To) << To << Wave64;
}

// The integer type a macro's cast spells ('uint32_t', 'unsigned int', 'std::uint32_t'), as the unit
// declares it; null when the words name none.
static QualType spelledIntegerType(ArrayRef<std::string> Words, ASTContext &Ctx) {
  unsigned Longs = 0;
  bool Unsigned = false, Short = false, Char = false, Keywords = true;
  for (const std::string &W : Words) {
    Unsigned |= W == "unsigned";
    Short |= W == "short";
    Char |= W == "char";
    Longs += W == "long";
    Keywords &=
        W == "unsigned" || W == "signed" || W == "int" || W == "short" || W == "char" || W == "long" || W == "const";
  }
  if (Keywords) {
    if (Char)
      return Unsigned ? Ctx.UnsignedCharTy : Ctx.CharTy;
    if (Short)
      return Unsigned ? Ctx.UnsignedShortTy : Ctx.ShortTy;
    if (Longs)
      return Longs == 1 ? (Unsigned ? Ctx.UnsignedLongTy : Ctx.LongTy)
                        : (Unsigned ? Ctx.UnsignedLongLongTy : Ctx.LongLongTy);
    return Unsigned ? Ctx.UnsignedIntTy : Ctx.IntTy;
  }
  // A name, perhaps qualified ('std::uint32_t'), looked up from the unit's top level.
  const DeclContext *DC = Ctx.getTranslationUnitDecl();
  for (size_t I = 0; I < Words.size(); ++I) {
    if (Words[I] == "::" || Words[I] == "const")
      continue;
    const NamedDecl *Found = nullptr;
    for (const NamedDecl *ND : DC->lookup(&Ctx.Idents.get(Words[I])))
      Found = ND->getUnderlyingDecl();
    if (I + 1 == Words.size() || (I + 2 == Words.size() && Words.back() == "const")) {
      const auto *TD = dyn_cast_or_null<TypedefNameDecl>(Found);
      return TD ? Ctx.getTypedefType(TD) : QualType();
    }
    DC = dyn_cast_or_null<NamespaceDecl>(Found);
    if (!DC)
      return {};
  }
  return {};
}

// A cast to a narrower type in a macro's body that this unit does not expand (a port's shim
// header checked alone, or read by a file that does not call it): the definition is still what
// every future use loses lanes through. Expanded casts were reported at the same place already.
void WarpSizeAssumptionCheck::reportNarrowingMacros(ReportState &S) {
  const SourceManager &SM = S.SM;
  for (const NarrowingMacro &M : NarrowingMacros) {
    QualType To = spelledIntegerType(M.Type, S.Ctx);
    if (To.isNull() || !To->isIntegerType() || To->isBooleanType() || S.Ctx.getIntWidth(To) >= 64 ||
        SM.isInSystemHeader(M.Cast) || platform(M.Cast, SM) == rocmtidy::Platform::CudaOnly ||
        perTargetTypeInHostPass(To, S) || !S.once(M.Cast, 19))
      continue;
    diagMacroNarrowing(M.Cast, M.Name, "result of '" + M.Intrinsic + "'", To, S);
  }
}

// 64-bit lane masks given to 32-bit bit functions, directly or through a project macro that
// renames one ('#define popcount(x) __popc(x)'): the mask is written at the macro's use, so the
// use is where the lanes are lost. A macro that writes the mask too is the macro's own business.
void WarpSizeAssumptionCheck::reportNarrowBitOps(const rocmtidy::FunctionWarpFacts &F, ReportState &S) {
  const SourceManager &SM = S.SM;
  for (auto [CE, B] : F.NarrowBitOps) {
    SourceLocation Loc = CE->getBeginLoc();
    StringRef Macro;
    if (IgnoreMacros && S.inMacroBody(Loc)) {
      Macro = renamingMacro(CE, SM, S.Ctx.getLangOpts(), Loc);
      if (Macro.empty())
        continue;
    }
    if (platform(Loc, SM) == rocmtidy::Platform::CudaOnly ||
        platform(SM.getSpellingLoc(CE->getBeginLoc()), SM) == rocmtidy::Platform::CudaOnly || !S.once(Loc, 7))
      continue;
    if (!Macro.empty()) {
      diag(Loc, "64-bit lane mask passed to 32-bit '%0' through the macro '%1'; %2, so lanes 32-63 are lost: use "
                "'%3'")
          << B->Name << Macro << Wave64 << B->Wide;
      continue;
    }
    diag(Loc, "64-bit lane mask passed to 32-bit '%0'; %1, so lanes 32-63 are lost: use '%2'")
        << B->Name << Wave64 << B->Wide;
    // A note, which --fix does not apply: code that treats lanes 32-63 as a second 32-lane warp
    // wants its own half counted, not the whole wavefront.
    SourceLocation NameLoc = CE->getCallee()->IgnoreImpCasts()->getBeginLoc();
    if (B->SafeRename && NameLoc.isFileID())
      diag(NameLoc, "call '%0' where the code counts the lanes of the whole wavefront", DiagnosticIDs::Note)
          << B->Wide << FixItHint::CreateReplacement(CharSourceRange::getTokenRange(NameLoc, NameLoc), B->Wide);
  }
}

// 'using mask_t = uint32_t;' in the '#else' of '#if defined(__GFX9__)': the host pass reads the
// narrow type the 64-lane device pass never sees. The device pass judges the code with its own.
bool WarpSizeAssumptionCheck::perTargetTypeInHostPass(QualType Ty, const ReportState &S) const {
  if (S.DevicePass64)
    return false;
  for (const auto *TT = Ty->getAs<TypedefType>(); TT; TT = TT->getDecl()->getUnderlyingType()->getAs<TypedefType>())
    if (Guards.inPlatformSwitch(TT->getDecl()->getLocation(), S.SM))
      return true;
  return false;
}

void WarpSizeAssumptionCheck::reportNarrowing(const rocmtidy::FunctionWarpFacts &F, ReportState &S) {
  const SourceManager &SM = S.SM;
  reportNarrowBitOps(F, S);
  // Blocks of at most 32 threads leave lanes 32-63 idle: the vote's upper half is always zero, so
  // a 32-bit copy loses nothing (a macro that narrows is still wrong for its other uses). Not when
  // a block is one 'WARP_SIZE' of 32: set right for AMD, it gives the lanes back to the vote.
  const bool IdleUpperHalf =
      !F.NarrowCasts.empty() && S.Model.blockRows(F) == rocmtidy::BlockRows::Narrow && !S.Model.narrowOnlyAsWarp(F);
  for (const rocmtidy::NarrowValue &N : F.NarrowCasts) {
    reportMacroNarrowing(N, S);
    if (IdleUpperHalf)
      continue;
    const Expr *Source = N.Source;
    SourceLocation Loc = Source->getBeginLoc();
    // As for the bit functions above: a macro that only renames the vote ('#define __ballot_sync(m,
    // p) __ballot(p)') leaves the narrowing to the code that stores its result.
    StringRef Macro;
    if (skipForMacro(Loc, S)) {
      const auto *Call = dyn_cast<CallExpr>(Source->IgnoreParenImpCasts());
      Macro = Call ? renamingMacro(Call, SM, S.Ctx.getLangOpts(), Loc) : StringRef();
      if (Macro.empty())
        continue;
    }
    // 'mask |= vote' narrows at the store: reported at the operator, the vote as written.
    if (N.At.isValid() && N.At.isFileID())
      Loc = N.At;
    if (platform(Loc, SM) == rocmtidy::Platform::CudaOnly || perTargetTypeInHostPass(N.To, S) || !S.once(Loc, 1))
      continue;
    if (N.To->isDependentType()) {
      // The declared return type is what a fix changes; the vote is where the mask comes from.
      const auto *FD = dyn_cast<FunctionDecl>(F.D);
      SourceLocation RetLoc = FD ? FD->getReturnTypeSourceRange().getBegin() : SourceLocation();
      if (RetLoc.isInvalid() || !RetLoc.isFileID())
        RetLoc = Loc;
      diag(RetLoc, "%0 returned as the predicate's type %1; %2, so a bool or 32-bit predicate keeps at most "
                   "lanes 0-31: return a 64-bit integer")
          << N.What << N.To.getUnqualifiedType() << Wave64;
      if (RetLoc != Loc)
        diag(Loc, "the 64-bit vote is returned here", DiagnosticIDs::Note);
      continue;
    }
    if (!Macro.empty()) {
      diag(Loc, "%0 narrowed to the %1-bit type %2 through the macro '%3'; %4, so lanes 32-63 are lost: keep it in "
                "a 64-bit integer")
          << N.What << S.Ctx.getIntWidth(N.To) << N.To.getUnqualifiedType() << Macro << Wave64;
      continue;
    }
    diag(Loc, "%0 narrowed to the %1-bit type %2; %3, so lanes 32-63 are lost: keep it in a "
              "64-bit integer")
        << N.What << S.Ctx.getIntWidth(N.To) << N.To.getUnqualifiedType() << Wave64;
  }
  // Blocks of at most 32 threads: no lane number reaches 32. (Asked only when there is something
  // to report: the answer may come from the project index, and each question is recorded.)
  if ((F.LastLane31Tests.empty() && F.NarrowLaneBits.empty() && F.WideAmountBits.empty()) ||
      S.Model.blockRows(F) == rocmtidy::BlockRows::Narrow)
    return;
  reportLastLaneTests(F, SM);
  for (const BinaryOperator *BO : F.NarrowLaneBits) {
    if (platform(BO->getOperatorLoc(), SM) == rocmtidy::Platform::CudaOnly || skipForMacro(BO->getOperatorLoc(), S) ||
        !S.once(BO->getOperatorLoc(), 2))
      continue;
    auto D = diag(BO->getOperatorLoc(), "32-bit one shifted by a lane number that reaches 63; %0, so lanes 32-63 "
                                        "get no bit (the shift is undefined): shift a 64-bit one ('1ull')")
             << Wave64;
    // Only an unsigned one whose result is widened to 64 bits anyway: lanes 0-31 keep their bit
    // ('1 << 31' is negative, and widening it sets every upper bit: a different value).
    const auto *One = dyn_cast<IntegerLiteral>(BO->getLHS()->IgnoreParenImpCasts());
    if (One && F.WidenedLaneBits.contains(BO) && One->getType()->isUnsignedIntegerType() &&
        One->getBeginLoc().isFileID() && BO->getOperatorLoc().isFileID())
      D << FixItHint::CreateReplacement(One->getSourceRange(), "1ull");
  }
  reportWideAmountBits(F, S);
}

// 'mask &= 1 << base' next to '~0ull << base': one amount, two widths.
void WarpSizeAssumptionCheck::reportWideAmountBits(const rocmtidy::FunctionWarpFacts &F, ReportState &S) {
  for (const auto &[BO, Wide] : F.WideAmountBits) {
    SourceLocation Loc = BO->getOperatorLoc();
    if (platform(Loc, S.SM) == rocmtidy::Platform::CudaOnly || skipForMacro(Loc, S) || !S.once(Loc, 2))
      continue;
    const auto *Amount = cast<DeclRefExpr>(BO->getRHS()->IgnoreParenImpCasts());
    diag(Loc, "32-bit one shifted by '%0', which this function also uses to shift a 64-bit value; %1, so for "
              "positions 32-63 of a 64-bit lane mask the shift is undefined and sets no bit: shift a 64-bit one "
              "('1ull')")
        << Amount->getDecl()->getName() << Wave64;
    diag(Wide->getOperatorLoc(), "'%0' shifts a 64-bit value here", DiagnosticIDs::Note)
        << Amount->getDecl()->getName();
  }
}

void WarpSizeAssumptionCheck::reportMaskMacros(ReportState &S) {
  for (const auto &[Def, Entry] : S.MaskMacros) {
    const auto &[Name, Uses] = Entry;
    if (platform(Def, S.SM) == rocmtidy::Platform::CudaOnly)
      continue;
    diag(Def, "32-bit full mask '%0' passed to '%1'%select{| and other *_sync calls}2 selects lanes 0-31 only; %3: "
              "define it as '~0ull'")
        << Name << rocmtidy::calleeName(Uses.front()) << (Uses.size() > 1) << Wave64;
    for (const CallExpr *CE : Uses)
      diag(S.SM.getExpansionLoc(CE->getArg(0)->getBeginLoc()), "'%0' is used as the mask of '%1' here",
           DiagnosticIDs::Note)
          << Name << rocmtidy::calleeName(CE);
  }
}

// 'lane == 31' with a lane number that reaches 63: the code meant the last lane of its warp.
void WarpSizeAssumptionCheck::reportLastLaneTests(const rocmtidy::FunctionWarpFacts &F, const SourceManager &SM) {
  for (const BinaryOperator *BO : F.LastLane31Tests) {
    SourceLocation Loc = BO->getOperatorLoc();
    if (Guards.at(Loc, SM) == rocmtidy::Platform::CudaOnly || (IgnoreMacros && Loc.isMacroID()))
      continue;
    diag(Loc, "lane number that reaches 63 compared with 31, the last lane of a 32-lane warp; %0, so lane 31 is in "
              "the middle of the wavefront: compare with 'warpSize - 1'")
        << Wave64;
  }
}

// '(mask << (4 * (lane / 4)))' in 32 bits: the subwarps of lanes 32-63 shift past the type.
void WarpSizeAssumptionCheck::reportLaneShifts(const rocmtidy::FunctionWarpFacts &F, ReportState &S) {
  if (F.LaneShifts.empty() || S.Model.blockRows(F) == rocmtidy::BlockRows::Narrow)
    return;
  for (const rocmtidy::LaneShift &L : F.LaneShifts) {
    SourceLocation Loc = L.Shift->getOperatorLoc();
    if (platform(Loc, S.SM) == rocmtidy::Platform::CudaOnly || skipForMacro(Loc, S) || !S.once(Loc, 2))
      continue;
    if (S.Ctx.getIntWidth(L.Shift->getType()) == 64) {
      diag(Loc, "64-bit value shifted by an amount computed from the lane number, which reaches %0; %1, so the "
                "shift is undefined for lane 63: keep the amount below 64 ('~0ull >> (63 - lane)' for the lanes up "
                "to this one)")
          << static_cast<unsigned>(L.MaxAmount) << Wave64;
      diag(L.Shift->getRHS()->getBeginLoc(), "the amount, at most 32 on a 32-lane warp", DiagnosticIDs::Note);
      continue;
    }
    diag(Loc, "32-bit value shifted by an amount computed from the lane number, which reaches %0; %1, so the "
              "shift is undefined for the lanes past 31 bits: shift a 64-bit value")
        << static_cast<unsigned>(L.MaxAmount) << Wave64;
    diag(L.Shift->getRHS()->getBeginLoc(), "the amount, at most 31 on a 32-lane warp", DiagnosticIDs::Note);
  }
}

// Shifts by the wavefront's run-time width ('(1ull << warpSize) - 1' for "every lane"), and 32-bit
// bits of a walk over a 64-bit word's positions ('(1 << i) & x', i up to 63).
void WarpSizeAssumptionCheck::reportWidthShifts(const rocmtidy::FunctionWarpFacts &F, ReportState &S) {
  for (const Expr *Shift : F.WidthShifts) {
    const auto *BO = dyn_cast<BinaryOperator>(Shift);
    SourceLocation Loc = BO ? BO->getOperatorLoc() : cast<CXXOperatorCallExpr>(Shift)->getOperatorLoc();
    if (platform(Loc, S.SM) == rocmtidy::Platform::CudaOnly || skipForMacro(Loc, S) || !S.once(Loc, 16))
      continue;
    diag(Loc, "shift by the wavefront width, which is 64 on AMD Instinct GPUs: a shift by as many bits as the "
              "value has is undefined (the mask of every lane comes out 0); write the all-lanes mask as '~0ull' "
              "when the width is 64")
        << Shift->getSourceRange();
  }
  for (const auto &[BO, Max] : F.BitWalkShifts) {
    SourceLocation Loc = BO->getOperatorLoc();
    if (platform(Loc, S.SM) == rocmtidy::Platform::CudaOnly || skipForMacro(Loc, S) || !S.once(Loc, 2))
      continue;
    diag(Loc, "32-bit '1 << %0' tests a bit of a 64-bit value while '%0' runs up to %1: the shift is undefined for "
              "positions 32-%1, whose bits (lanes 32-63 of a 64-lane mask) are never seen; shift '1ull'")
        << cast<DeclRefExpr>(BO->getRHS()->IgnoreParenImpCasts())->getDecl()->getName() << static_cast<unsigned>(Max);
  }
}

// Arrays of fewer elements than the wavefront has lanes, indexed by a lane number up to 63.
void WarpSizeAssumptionCheck::reportShortArrays(const rocmtidy::FunctionWarpFacts &F, ReportState &S) {
  if (!F.ShortArrays.empty() && S.Model.blockRows(F) == rocmtidy::BlockRows::Narrow)
    return;
  for (const rocmtidy::ShortLaneArray &A : F.ShortArrays) {
    // At the array's name: the index may be a project macro ('sums[LANE_OF(tid)]').
    SourceLocation Loc = A.At->getBeginLoc();
    if (platform(Loc, S.SM) == rocmtidy::Platform::CudaOnly || skipForMacro(Loc, S) || !S.once(Loc, 4))
      continue;
    if (A.Offset)
      diag(Loc, "lane number that reaches 63, plus %3, indexes '%0', which has %1 elements; %2, so lanes %4-63 reach "
                "past its end: test the lane first, or size the array for the wavefront")
          << A.Array->getName() << static_cast<unsigned>(A.Extent) << Wave64 << static_cast<unsigned>(A.Offset)
          << static_cast<unsigned>(A.Extent - A.Offset);
    else
      diag(Loc, "lane number that reaches 63 indexes '%0', which has %1 elements on a 64-lane wavefront; %2, so "
                "lanes %1-63 reach past its end: test the lane against the number of elements first")
          << A.Array->getName() << static_cast<unsigned>(A.Extent) << Wave64;
    diag(A.Array->getLocation(), "'%0' is declared here", DiagnosticIDs::Note) << A.Array->getName();
  }
}

// Masks that reach a *_sync builtin through the project's wrappers.
void WarpSizeAssumptionCheck::reportWrapperMasks(const rocmtidy::FunctionWarpFacts &F, ReportState &S) {
  for (const rocmtidy::WrapperMask &W : F.WrapperMasks) {
    SourceLocation Loc = W.Arg->getBeginLoc();
    if (skipForMacro(W.Call->getBeginLoc(), S) || S.RemappedForAmd.contains(W.Builtin) || !S.once(Loc, 5))
      continue;
    const FunctionDecl *Callee = W.Call->getDirectCallee();
    if (W.FullConstant)
      diag(Loc, "32-bit full mask passed to '%0', whose mask reaches '%1', selects lanes 0-31 only; %2: use "
                "'~0ull' and a 64-bit mask parameter")
          << Callee->getName() << W.Builtin << Wave64;
    else
      diag(Loc, "mask of the 32-bit type %0 passed to '%1', whose mask reaches '%2'; %3 and ROCm 6.2 and later "
                "require a 64-bit mask, which this one cannot hold: keep the mask in a 64-bit integer")
          << W.Arg->IgnoreParenImpCasts()->getType().getUnqualifiedType() << Callee->getName() << W.Builtin << Wave64;
  }
}

// 'at::Half __shfl_up_sync(unsigned mask, at::Half v, unsigned d)': the project's overload of a
// *_sync builtin keeps the mask in 32 bits and hands it to HIP's builtin, which ROCm 6.2 and later
// reject (a 32-bit mask cannot name lanes 32-63). Reported even when the body did not parse (a
// type from a missing header), since the declaration alone decides it; quiet when the parsed body
// hands the mask to no builtin (qsim's shim calls the maskless __shfl_down).
void WarpSizeAssumptionCheck::reportMaskOverload(const FunctionDecl *FD, const SourceManager &SM,
                                                 rocmtidy::WarpModel &Model) {
  if (!FD->getIdentifier() || FD->getNumParams() == 0 || !rocmtidy::warpTables().takesMask(FD->getName()) ||
      FD->getPreviousDecl() || !rocmtidy::hasExplicitDeviceAttr(FD))
    return;
  const ParmVarDecl *Mask = FD->getParamDecl(0);
  QualType Ty = Mask->getType();
  SourceLocation Loc = Mask->getLocation();
  if (!Ty->isIntegerType() || Ty->isDependentType() || FD->getASTContext().getIntWidth(Ty) > 32 || Loc.isInvalid() ||
      SM.isInSystemHeader(SM.getExpansionLoc(Loc)) || Guards.at(Loc, SM) != rocmtidy::Platform::Any ||
      (IgnoreMacros && Loc.isMacroID()))
    return;
  const FunctionDecl *Def = nullptr;
  if (FD->hasBody(Def) && Def && !Def->isInvalidDecl() && Model.maskParameterTarget(FD, 0).empty())
    return;
  diag(Loc, "overload of '%0' takes its mask as the 32-bit type %1; %2 and ROCm 6.2 and later require a 64-bit mask, "
            "which this one cannot hold: take the mask as a 64-bit integer")
      << FD->getName() << Ty.getUnqualifiedType() << Wave64;
}

} // namespace clang::tidy::rocm
