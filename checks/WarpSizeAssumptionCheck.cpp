#include "WarpSizeAssumptionCheck.h"

#include "ast/ThreadIndex.h"
#include "ast/WarpModel.h"
#include "clang-tidy/utils/OptionsUtils.h"
#include "core/GpuTargets.h"
#include "core/WarpTables.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/CharInfo.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/TargetInfo.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <functional>

using namespace clang::ast_matchers;

namespace clang::tidy::rocm {

static constexpr llvm::StringLiteral Wave64 = "AMD GPUs run 64-lane wavefronts";

WarpSizeAssumptionCheck::WarpSizeAssumptionCheck(StringRef Name, ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context), IgnoreMacros(Options.get("IgnoreMacros", true)),
      WarpSizeNameRegexSpelling(Options.get("WarpSizeNameRegex", rocmtidy::warpTables().WarpSizeNameRegex).str()),
      WarpSizeNameRegex(WarpSizeNameRegexSpelling, llvm::Regex::IgnoreCase),
      PlatformMacrosSpelling(
          Options
              .get("PlatformMacros",
                   Options.getLocalOrGlobal("RocmPlatformMacros", rocmtidy::defaultProjectPlatformMacrosSpelling()))
              .str()),
      Guards(rocmtidy::macroListOption(PlatformMacrosSpelling)), Targets(Options) {
  std::string Error;
  if (!WarpSizeNameRegex.isValid(Error))
    configurationDiag("invalid regular expression in option 'WarpSizeNameRegex' ('%0'): %1")
        << WarpSizeNameRegexSpelling << Error;
}

void WarpSizeAssumptionCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "IgnoreMacros", IgnoreMacros);
  Options.store(Opts, "WarpSizeNameRegex", WarpSizeNameRegexSpelling);
  Options.store(Opts, "PlatformMacros", PlatformMacrosSpelling);
  Targets.store(Options, Opts);
}

// '#define warpSize ...': hides the built-in device value from every use below it.
class WarpSizeMacroCallbacks : public PPCallbacks {
public:
  WarpSizeMacroCallbacks(WarpSizeAssumptionCheck &Check, const SourceManager &SM, Preprocessor &PP)
      : Check(Check), SM(SM), PP(PP) {}

  void MacroDefined(const Token &MacroNameTok, const MacroDirective *MD) override {
    SourceLocation Loc = MacroNameTok.getLocation();
    const IdentifierInfo *II = MacroNameTok.getIdentifierInfo();
    if (!II || Loc.isInvalid() || !Loc.isFileID() || SM.isInSystemHeader(Loc) || SM.isWrittenInBuiltinFile(Loc) ||
        SM.isWrittenInCommandLineFile(Loc))
      return;
    const rocmtidy::WarpTables &T = rocmtidy::warpTables();
    if (T.takesMask(II->getName()) || T.shuffle(II->getName())) {
      Check.IntrinsicMacros.push_back({II->getName().str(), Loc});
      return;
    }
    if (II->getName() != "warpSize")
      return;
    const MacroInfo *MI = MD->getMacroInfo();
    if (!MI || MI->isFunctionLike())
      return;
    std::string Body;
    for (const Token &T : MI->tokens())
      Body += (Body.empty() ? "" : " ") + PP.getSpelling(T);
    Check.WarpSizeMacros.push_back({Loc, Body});
  }

  void SourceRangeSkipped(SourceRange Range, SourceLocation) override {
    if (Range.getBegin().isFileID() && !SM.isInSystemHeader(Range.getBegin()))
      Check.SkippedRanges.push_back(Range);
  }

private:
  WarpSizeAssumptionCheck &Check;
  const SourceManager &SM;
  Preprocessor &PP;
};

// The intrinsics a text redefines: '#define __shfl_xor_sync(mask, var, m) __shfl_xor(var, m)'.
static void collectRemapped(StringRef Text, llvm::StringSet<> &Out) {
  const rocmtidy::WarpTables &T = rocmtidy::warpTables();
  static const llvm::Regex Define("#[ \t]*define[ \t]+(__[A-Za-z_]+)[ \t]*\\(");
  while (!Text.empty()) {
    auto [Line, Rest] = Text.split('\n');
    llvm::SmallVector<StringRef, 2> M;
    if (Line.contains("define") && Define.match(Line, &M) && (T.takesMask(M[1]) || T.shuffle(M[1])))
      Out.insert(M[1]);
    Text = Rest;
  }
}

// A header analysed on its own (rocm-lint lints headers as units of their own) does not include
// the compatibility header its includers put before it. Then its directory's files are read as
// text for *_sync intrinsics redefined under an AMD-only conditional ('#if defined(USE_ROCM)'):
// at most 64 files of at most 1 MiB, through the compiler's file system (clangd's unsaved
// buffers, rocm-lint's overlay), never the disk behind it.
static void collectRemappedInDirectory(StringRef Dir, FileManager &FM, const rocmtidy::PlatformGuards &G,
                                       llvm::StringSet<> &Out) {
  std::error_code EC;
  unsigned Files = 0;
  llvm::vfs::FileSystem &FS = FM.getVirtualFileSystem();
  for (llvm::vfs::directory_iterator It = FS.dir_begin(Dir, EC), End; It != End && !EC && Files < 64;
       It.increment(EC)) {
    StringRef Path = It->path();
    StringRef Ext = llvm::sys::path::extension(Path);
    if (Ext != ".h" && Ext != ".cuh" && Ext != ".hpp" && Ext != ".hip" && Ext != ".cu")
      continue;
    ++Files;
    auto Buffer = FM.getBufferForFile(Path);
    if (!Buffer || (*Buffer)->getBufferSize() > (1u << 20))
      continue;
    llvm::SmallVector<rocmtidy::Platform, 8> Open;
    for (StringRef Text = (*Buffer)->getBuffer(); !Text.empty();) {
      auto [Line, Rest] = Text.split('\n');
      Text = Rest;
      Line = Line.trim();
      if (!Line.consume_front("#"))
        continue;
      Line = Line.ltrim();
      StringRef Directive = Line.take_while([](char C) { return isAsciiIdentifierContinue(C); });
      StringRef Arg = Line.drop_front(Directive.size()).trim();
      StringRef Name = Arg.take_while([](char C) { return isAsciiIdentifierContinue(C); });
      if (Directive == "ifdef" || Directive == "ifndef")
        Open.push_back(G.classifyMacro(Name, Directive == "ifndef").IfTrue);
      else if (Directive == "if")
        Open.push_back(G.classifyCondition(Arg).IfTrue);
      else if (Directive == "elif" && !Open.empty())
        Open.back() = G.classifyCondition(Arg).IfTrue;
      else if (Directive == "else" && !Open.empty())
        Open.back() = rocmtidy::Platform::Any;
      else if (Directive == "endif" && !Open.empty())
        Open.pop_back();
      else if (Directive == "define" && llvm::is_contained(Open, rocmtidy::Platform::AmdOnly) &&
               Arg.drop_front(Name.size()).starts_with("(") &&
               (rocmtidy::warpTables().takesMask(Name) || rocmtidy::warpTables().shuffle(Name)))
        Out.insert(Name);
    }
  }
}

void WarpSizeAssumptionCheck::registerPPCallbacks(const SourceManager &SM, Preprocessor *PP, Preprocessor *) {
  WarpSizeMacros.clear();
  IntrinsicMacros.clear();
  SkippedRanges.clear();
  Targets.reportUnknown(*this, "rocm-warp-size-assumption");
  PP->addPPCallbacks(std::make_unique<WarpSizeMacroCallbacks>(*this, SM, *PP));
  PP->addPPCallbacks(Guards.callbacks(SM, *PP));
}

// ---------------------------------------------------------------------------------------------
// One matcher, on the translation unit: the check walks the user's own declarations itself and
// skips the system headers (the C++ library, ROCm's thousands of device functions) wholesale.
// Template instantiations, which only repeat their template, are not visited.

class UserCodeVisitor : public RecursiveASTVisitor<UserCodeVisitor> {
public:
  UserCodeVisitor(WarpSizeAssumptionCheck &Check, ASTContext &Ctx, rocmtidy::WarpModel &Model)
      : Check(Check), Ctx(Ctx), Model(Model) {}

  bool VisitVarDecl(VarDecl *VD) {
    Check.reportWarpSizeConstant(VD, Ctx);
    return true;
  }

  bool VisitFunctionDecl(FunctionDecl *FD) {
    Check.reportMaskOverload(FD, Ctx.getSourceManager());
    // Lambdas are part of the function that defines them, or are added on their own below.
    const auto *MD = dyn_cast<CXXMethodDecl>(FD);
    if (FD->doesThisDeclarationHaveABody() && !(MD && MD->getParent()->isLambda()) &&
        rocmtidy::hasExplicitDeviceAttr(FD))
      Model.addFunction(FD, FD->getBody());
    return true;
  }

  bool VisitLambdaExpr(LambdaExpr *LE) {
    // A '__device__' lambda in host code (passed to a parallel algorithm).
    const CXXMethodDecl *Op = LE->getCallOperator();
    if (!Op || !rocmtidy::hasExplicitDeviceAttr(Op))
      return true;
    for (const DeclContext *DC = LE->getLambdaClass()->getDeclContext(); DC; DC = DC->getParent())
      if (const auto *Outer = dyn_cast<FunctionDecl>(DC); Outer && rocmtidy::isDeviceCode(Outer))
        return true;
    Model.addFunction(Op, LE->getBody());
    return true;
  }

  // Host-side tests of the device's warp size: 'prop.warpSize == 32', and a variable filled by
  // 'hipDeviceGetAttribute(&w, hipDeviceAttributeWarpSize, dev)' compared with 32. A test that picks
  // one of two paths (an 'if' with an 'else', a '?:') is a dispatch on the width and stays quiet.
  bool VisitIfStmt(IfStmt *IS) {
    if (IS->getElse() && IS->getCond())
      Dispatch.insert(IS->getCond()->IgnoreParenImpCasts());
    return true;
  }
  bool VisitConditionalOperator(ConditionalOperator *CO) {
    Dispatch.insert(CO->getCond()->IgnoreParenImpCasts());
    return true;
  }
  bool VisitCallExpr(CallExpr *CE) {
    StringRef Name = rocmtidy::calleeName(CE);
    if (CE->getNumArgs() < 2 || (Name != "hipDeviceGetAttribute" && Name != "cudaDeviceGetAttribute"))
      return true;
    const auto *Attr = dyn_cast<DeclRefExpr>(CE->getArg(1)->IgnoreParenImpCasts());
    const auto *Addr = dyn_cast<UnaryOperator>(CE->getArg(0)->IgnoreParenImpCasts());
    if (!Attr || !Addr || Addr->getOpcode() != UO_AddrOf || !Attr->getDecl()->getIdentifier() ||
        (Attr->getDecl()->getName() != "hipDeviceAttributeWarpSize" &&
         Attr->getDecl()->getName() != "cudaDevAttrWarpSize"))
      return true;
    if (const auto *Var = dyn_cast<DeclRefExpr>(Addr->getSubExpr()->IgnoreParens()))
      if (const auto *VD = dyn_cast<VarDecl>(Var->getDecl()))
        QueriedWarpSize.try_emplace(VD, CE);
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    rocmtidy::addBothWidthsTests(BO, Dispatch);
    if (BO->getOpcode() != BO_EQ && BO->getOpcode() != BO_NE)
      return true;
    auto is32 = [](const Expr *E) {
      auto V = rocmtidy::integerLiteralValue(E);
      return V && *V == 32;
    };
    const Expr *Other = is32(BO->getRHS()) ? BO->getLHS() : is32(BO->getLHS()) ? BO->getRHS() : nullptr;
    if (!Other || Dispatch.contains(BO))
      return true;
    Other = Other->IgnoreParenImpCasts();
    const SourceManager &SM = Ctx.getSourceManager();
    SourceLocation Loc = BO->getOperatorLoc();
    if (Check.IgnoreMacros && Loc.isMacroID() && SM.getTopMacroCallerLoc(Loc).isMacroID())
      return true;
    if (Check.Guards.at(Loc, SM) != rocmtidy::Platform::Any)
      return true;
    if (const auto *ME = dyn_cast<MemberExpr>(Other)) {
      const auto *Field = dyn_cast<FieldDecl>(ME->getMemberDecl());
      if (!Field || !Field->getIdentifier() || Field->getName() != "warpSize")
        return true;
      const RecordDecl *RD = Field->getParent();
      StringRef Record = RD->getIdentifier() ? RD->getName() : StringRef();
      if (!Record.starts_with("hipDeviceProp") && !Record.starts_with("cudaDeviceProp"))
        return true;
      Check.diag(Loc, "device property 'warpSize' compared with 32; %0, where this test fails: size per-warp work "
                      "from the queried value")
          << Wave64;
      return true;
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(Other)) {
      const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
      auto It = VD ? QueriedWarpSize.find(VD) : QueriedWarpSize.end();
      if (It == QueriedWarpSize.end())
        return true;
      Check.diag(Loc, "warp size queried into '%0' compared with 32; %1, where this test fails: size per-warp work "
                      "from the queried value")
          << VD->getName() << Wave64;
      Check.diag(It->second->getBeginLoc(), "'%0' holds the device's warp size from '%1' here", DiagnosticIDs::Note)
          << VD->getName() << rocmtidy::calleeName(It->second);
    }
    return true;
  }

private:
  WarpSizeAssumptionCheck &Check;
  ASTContext &Ctx;
  rocmtidy::WarpModel &Model;
  llvm::DenseSet<const Expr *> Dispatch;
  llvm::DenseMap<const VarDecl *, const CallExpr *> QueriedWarpSize;
};

void WarpSizeAssumptionCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(translationUnitDecl().bind("tu"), this);
}

// ---------------------------------------------------------------------------------------------
// The reporter: reads the warp model of the unit and says what it shows.

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

// What one run of the reporters shares: the unit's model, where the findings go, what was
// already said.
struct WarpSizeAssumptionCheck::ReportState {
  ASTContext &Ctx;
  const SourceManager &SM;
  rocmtidy::WarpModel &Model;
  unsigned Lanes;
  std::string Where;
  /// The AMD device pass of a 64-lane target: a per-target '#if' chose the values seen here.
  bool DevicePass64 = false;
  /// Intrinsics the project replaces by macros in its AMD-only code.
  llvm::StringSet<> RemappedForAmd;
  /// Template instantiations and helpers analysed with their callers' arguments can meet the
  /// same code twice: each finding is reported once.
  llvm::DenseSet<std::pair<SourceLocation, unsigned>> Reported;
  /// Masks written by a macro are reported once, at the macro, with the uses as notes.
  llvm::MapVector<SourceLocation, std::pair<std::string, std::vector<const CallExpr *>>> MaskMacros;

  bool once(SourceLocation Loc, unsigned Kind) { return Reported.insert({Loc, Kind}).second; }
  // Spelled inside a macro's body (not merely passed to a macro as an argument).
  bool inMacroBody(SourceLocation Loc) const { return Loc.isMacroID() && SM.getTopMacroCallerLoc(Loc).isMacroID(); }
};

rocmtidy::Platform WarpSizeAssumptionCheck::platform(SourceLocation Loc, const SourceManager &SM) const {
  return Guards.at(Loc, SM);
}

bool WarpSizeAssumptionCheck::skipForMacro(SourceLocation Loc, const ReportState &S) const {
  return IgnoreMacros && S.inMacroBody(Loc);
}

// The device pass for an AMD target whose wavefront has 64 lanes.
static bool devicePass64(const ASTContext &Ctx) {
  const TargetInfo &TI = Ctx.getTargetInfo();
  if (!Ctx.getLangOpts().CUDAIsDevice || !TI.getTriple().isAMDGCN())
    return false;
  for (const std::string &Feature : TI.getTargetOpts().FeaturesAsWritten)
    if (Feature == "+wavefrontsize32")
      return false;
  const rocmtidy::GpuTarget *T = rocmtidy::findGpuTarget(TI.getTargetOpts().CPU);
  return !T || T->defaultWavefront() >= 64;
}

void WarpSizeAssumptionCheck::check(const MatchFinder::MatchResult &Result) {
  const auto *TU = Result.Nodes.getNodeAs<TranslationUnitDecl>("tu");
  if (!TU)
    return;
  ASTContext &Ctx = *Result.Context;
  const SourceManager &SM = *Result.SourceManager;
  rocmtidy::WarpModel Model(Ctx, WarpSizeNameRegex, Guards);
  UserCodeVisitor Visitor(*this, Ctx, Model);
  for (Decl *D : TU->decls()) {
    if (D->isImplicit())
      continue;
    SourceLocation Loc = D->getLocation();
    if (Loc.isInvalid() || SM.isInSystemHeader(SM.getExpansionLoc(Loc)))
      continue;
    Visitor.TraverseDecl(D);
  }
  Model.finish();

  const rocmtidy::GpuTarget *Widest = Targets.widestDefaultWavefront();
  ReportState S{Ctx,
                SM,
                Model,
                Widest ? Widest->defaultWavefront() : 64,
                Widest ? Widest->displayName() : std::string("a CDNA GPU"),
                {},
                {},
                {},
                {}};
  S.DevicePass64 = devicePass64(Ctx);

  for (const WarpSizeMacro &M : WarpSizeMacros)
    if (platform(M.Loc, SM) == rocmtidy::Platform::Any)
      diag(M.Loc, "'warpSize' redefined as '%0'; the macro hides the device's wavefront width from every use "
                  "below it, and %1: remove the definition")
          << M.Body << Wave64;

  collectRemappedForAmd(S);
  for (const auto &FP : Model.functions()) {
    const rocmtidy::FunctionWarpFacts &F = *FP;
    reportGroupings(F, S);
    reportWidths(F, S);
    reportShortReductions(F, S);
    reportWarpSizeTests(F, S);
    // Always: masks and narrowing (AMD-only code too).
    reportMasks(F, S);
    reportNarrowing(F, S);
    reportShortArrays(F, S);
    reportWrapperMasks(F, S);
  }
  reportMaskMacros(S);
}

// A project that replaces a *_sync intrinsic by a macro in its AMD-only code ('#if
// defined(USE_ROCM) #define __shfl_xor_sync(mask, var, m) __shfl_xor(var, m)') drops the mask in
// its HIP build: calls reaching the intrinsic here are its CUDA build.
// Such a block is usually skipped here (the parse does not define the project's HIP macro), so
// its text is read, and that of the project headers it includes.
void WarpSizeAssumptionCheck::collectRemappedForAmd(ReportState &S) {
  const SourceManager &SM = S.SM;
  for (const auto &[Name, Loc] : IntrinsicMacros)
    if (platform(Loc, SM) == rocmtidy::Platform::AmdOnly)
      S.RemappedForAmd.insert(Name);
  for (SourceRange R : SkippedRanges) {
    if (platform(R.getBegin().getLocWithOffset(1), SM) != rocmtidy::Platform::AmdOnly)
      continue;
    bool Invalid = false;
    StringRef Text = Lexer::getSourceText(CharSourceRange::getCharRange(R), SM, S.Ctx.getLangOpts(), &Invalid);
    if (Invalid)
      continue;
    collectRemapped(Text, S.RemappedForAmd);
    static const llvm::Regex Include("#[ \t]*include[ \t]*\"([^\"]+)\"");
    StringRef Dir = llvm::sys::path::parent_path(SM.getFilename(R.getBegin()));
    for (StringRef Rest = Text; !Rest.empty();) {
      auto [Line, Next] = Rest.split('\n');
      Rest = Next;
      llvm::SmallVector<StringRef, 2> M;
      if (!Line.contains("include") || !Include.match(Line, &M))
        continue;
      llvm::SmallString<256> Path(Dir);
      llvm::sys::path::append(Path, M[1]);
      if (auto File = SM.getFileManager().getBufferForFile(Path))
        collectRemapped((*File)->getBuffer(), S.RemappedForAmd);
    }
  }
  if (auto Main = SM.getFileEntryRefForID(SM.getMainFileID())) {
    StringRef Ext = llvm::sys::path::extension(Main->getName());
    if (Ext == ".h" || Ext == ".cuh" || Ext == ".hpp")
      collectRemappedInDirectory(llvm::sys::path::parent_path(Main->getName()), SM.getFileManager(), Guards,
                                 S.RemappedForAmd);
  }
}

// Lane groupings of 32 that meet an operation over the whole wavefront.
void WarpSizeAssumptionCheck::reportGroupings(const rocmtidy::FunctionWarpFacts &F, ReportState &S) {
  if (F.Groupings.empty() || S.Lanes < 64 || S.Model.feedsMatrixCore(F))
    return;
  const rocmtidy::CrossLaneOp *Op = S.Model.fullOpMet(F);
  if (!Op)
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
  }
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
  for (const CallExpr *CE : F.Width32FromWarpSize)
    reportWidth(CE);
  if (!F.Width32Reductions.empty() && S.Model.meetsHardwareGrouping(F) && !S.Model.meetsGrouping32(F))
    for (const CallExpr *CE : F.Width32Reductions)
      reportWidth(CE);
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

void WarpSizeAssumptionCheck::reportShortReductions(const rocmtidy::FunctionWarpFacts &F, ReportState &S) {
  if (F.ShortReductions.empty())
    return;
  rocmtidy::WarpModel &Model = S.Model;
  bool Logical32 = Model.meetsGrouping32(F) && !Model.meetsHardwareGrouping(F) && !Model.fullOpMet(F);
  for (const rocmtidy::ShortReduction &R : F.ShortReductions) {
    SourceLocation Loc = R.At->getBeginLoc();
    if (platform(Loc, S.SM) != rocmtidy::Platform::Any || skipForMacro(Loc, S) || !Loc.isFileID())
      continue;
    // A xor reduction over offsets below 32 keeps every lane inside its 32-lane group, exactly as a
    // width of 32 would: logical 32-lane code, unless the code around it numbers lanes by the
    // hardware width or uses a full-wavefront operation.
    bool XorOnly = llvm::all_of(R.Shuffles, [](const CallExpr *CE) {
      const rocmtidy::ShuffleInfo *Info = rocmtidy::warpTables().shuffle(rocmtidy::calleeName(CE));
      return Info && Info->Op == rocmtidy::ShuffleInfo::Kind::Xor;
    });
    if (R.K != rocmtidy::ShortReduction::ScanTo16 && XorOnly && !Model.meetsHardwareGrouping(F) && !Model.fullOpMet(F))
      continue;
    // A shuffle-down tree from 16 read by the first lane of each 32-lane group: that lane's sum
    // takes lanes of its own group only, on 64 lanes as on 32.
    if (R.K != rocmtidy::ShortReduction::ScanTo16 && Logical32 && F.Lane0Of32 && allDown(R))
      continue;
    if (R.K == rocmtidy::ShortReduction::ScanTo16) {
      // A scan guarded by a lane number of 32 ('if (lane >= d)' with 'lane = tid % 32') adds only
      // values from its own 32-lane group: logical 32-lane code.
      if (!(Model.meetsGrouping32(F) && !Model.meetsHardwareGrouping(F) && !Model.fullOpMet(F)))
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

// 'warpSize == 32' that is not a dispatch on the width.
void WarpSizeAssumptionCheck::reportWarpSizeTests(const rocmtidy::FunctionWarpFacts &F, ReportState &S) {
  for (const BinaryOperator *BO : F.WarpSizeTests) {
    if (platform(BO->getOperatorLoc(), S.SM) != rocmtidy::Platform::Any || skipForMacro(BO->getOperatorLoc(), S))
      continue;
    diag(BO->getOperatorLoc(), "'warpSize' compared with 32; %0, where this test fails: handle both widths") << Wave64;
  }
}

// 32-bit masks at *_sync calls: constant full masks, run-time masks of a 32-bit type, and a
// mask passed as the value of a shuffle that takes none.
void WarpSizeAssumptionCheck::reportMasks(const rocmtidy::FunctionWarpFacts &F, ReportState &S) {
  const SourceManager &SM = S.SM;
  for (auto [CE, Name] : F.NarrowMasks) {
    const Expr *Arg = CE->getArg(0)->IgnoreImpCasts();
    if (platform(CE->getBeginLoc(), SM) == rocmtidy::Platform::CudaOnly || skipForMacro(CE->getBeginLoc(), S) ||
        S.RemappedForAmd.contains(Name))
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
  }
  for (auto [CE, Name] : F.NarrowMaskTypes) {
    const Expr *Arg = CE->getArg(0)->IgnoreParenImpCasts();
    if (platform(CE->getBeginLoc(), SM) == rocmtidy::Platform::CudaOnly || skipForMacro(CE->getBeginLoc(), S) ||
        S.RemappedForAmd.contains(Name) || !S.once(Arg->getBeginLoc(), 3))
      continue;
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
  bool Named = false;
  std::function<void(const Stmt *)> Scan = [&](const Stmt *St) {
    Named = Named || isa<DeclRefExpr>(St);
    for (const Stmt *C : St->children())
      if (C)
        Scan(C);
  };
  Scan(Arg);
  // A note, which --fix does not apply: under 'if (threadIdx.x < 32)' the 32 lanes are meant.
  if (Range.getBegin().isFileID() && Range.getEnd().isFileID() && !Named)
    diag(ArgLoc, "replace it with '~0ull' where every lane of the wavefront takes part", DiagnosticIDs::Note)
        << FixItHint::CreateReplacement(CharSourceRange::getTokenRange(Range), "~0ull");
}

// 64-bit lane masks cut to 32 bits, and 32-bit lane bits for lanes up to 63.
void WarpSizeAssumptionCheck::reportNarrowing(const rocmtidy::FunctionWarpFacts &F, ReportState &S) {
  const SourceManager &SM = S.SM;
  for (auto [CE, B] : F.NarrowBitOps) {
    if (platform(CE->getBeginLoc(), SM) == rocmtidy::Platform::CudaOnly || skipForMacro(CE->getBeginLoc(), S))
      continue;
    diag(CE->getBeginLoc(), "64-bit lane mask passed to 32-bit '%0'; %1, so lanes 32-63 are lost: use '%2'")
        << B->Name << Wave64 << B->Wide;
    // A note, which --fix does not apply: code that treats lanes 32-63 as a second 32-lane warp
    // wants its own half counted, not the whole wavefront.
    SourceLocation NameLoc = CE->getCallee()->IgnoreImpCasts()->getBeginLoc();
    if (B->SafeRename && NameLoc.isFileID())
      diag(NameLoc, "call '%0' where the code counts the lanes of the whole wavefront", DiagnosticIDs::Note)
          << B->Wide << FixItHint::CreateReplacement(CharSourceRange::getTokenRange(NameLoc, NameLoc), B->Wide);
  }
  for (const rocmtidy::NarrowValue &N : F.NarrowCasts) {
    const Expr *Source = N.Source;
    if (platform(Source->getBeginLoc(), SM) == rocmtidy::Platform::CudaOnly || skipForMacro(Source->getBeginLoc(), S) ||
        !S.once(Source->getBeginLoc(), 1))
      continue;
    diag(Source->getBeginLoc(), "%0 narrowed to the %1-bit type %2; %3, so lanes 32-63 are lost: keep it in a "
                                "64-bit integer")
        << N.What << S.Ctx.getIntWidth(N.To) << N.To.getUnqualifiedType() << Wave64;
  }
  reportLastLaneTests(F, SM);
  for (const BinaryOperator *BO : F.NarrowLaneBits) {
    if (platform(BO->getOperatorLoc(), SM) == rocmtidy::Platform::CudaOnly || skipForMacro(BO->getOperatorLoc(), S) ||
        !S.once(BO->getOperatorLoc(), 2))
      continue;
    diag(BO->getOperatorLoc(), "32-bit one shifted by a lane number that reaches 63; %0, so lanes 32-63 get no "
                               "bit (the shift is undefined): shift a 64-bit one ('1ull')")
        << Wave64;
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

// Arrays of fewer elements than the wavefront has lanes, indexed by a lane number up to 63.
void WarpSizeAssumptionCheck::reportShortArrays(const rocmtidy::FunctionWarpFacts &F, ReportState &S) {
  for (const rocmtidy::ShortLaneArray &A : F.ShortArrays) {
    // At the array's name: the index may be a project macro ('sums[LANE_OF(tid)]').
    SourceLocation Loc = A.At->getBeginLoc();
    if (platform(Loc, S.SM) == rocmtidy::Platform::CudaOnly || skipForMacro(Loc, S) || !S.once(Loc, 4))
      continue;
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
// type from a missing header), since the declaration alone decides it.
void WarpSizeAssumptionCheck::reportMaskOverload(const FunctionDecl *FD, const SourceManager &SM) {
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
  diag(Loc, "overload of '%0' takes its mask as the 32-bit type %1; %2 and ROCm 6.2 and later require a 64-bit mask, "
            "which this one cannot hold: take the mask as a 64-bit integer")
      << FD->getName() << Ty.getUnqualifiedType() << Wave64;
}

// 'namespace lib { constexpr auto warpSize = 32; }' (chosen for device code by an '#if'): every
// use of 'warpSize' in that scope gets 32 instead of the device's width.
void WarpSizeAssumptionCheck::reportWarpSizeConstant(const VarDecl *VD, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Loc = VD->getLocation();
  if (!VD->getIdentifier() || VD->getName() != "warpSize" || isa<ParmVarDecl>(VD) || !VD->getInit() ||
      Loc.isInvalid() || !Loc.isFileID() || SM.isInSystemHeader(Loc) || platform(Loc, SM) != rocmtidy::Platform::Any)
    return;
  // A local of host code (a host function, or a lambda inside one) is seen by host code alone,
  // which has no built-in 'warpSize' to hide: it sizes launches in its own terms.
  if (const auto *Fn = dyn_cast_or_null<FunctionDecl>(VD->getParentFunctionOrMethod());
      Fn && !rocmtidy::isDeviceCode(Fn))
    return;
  const Expr *Init = VD->getInit();
  Expr::EvalResult R;
  if (Init->isValueDependent() || !Init->EvaluateAsInt(R, Ctx) || R.Val.getInt() != 32)
    return;
  diag(Loc, "'%0' defined as 32 hides the device's 'warpSize' from the code that names it in this scope; %1: use "
            "the built-in 'warpSize'")
      << VD->getQualifiedNameAsString() << Wave64;
}

} // namespace clang::tidy::rocm
