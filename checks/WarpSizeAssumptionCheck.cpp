#include "WarpSizeAssumptionCheck.h"

#include "WarpSizeReportState.h"
#include "ast/ThreadIndex.h"
#include "ast/WarpModel.h"
#include "clang-tidy/utils/OptionsUtils.h"
#include "core/GpuTargets.h"
#include "core/WarpTables.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/TargetInfo.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"

using namespace clang::ast_matchers;

namespace clang::tidy::rocm {

WarpSizeAssumptionCheck::WarpSizeAssumptionCheck(StringRef Name, ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context), IgnoreMacros(Options.get("IgnoreMacros", true)),
      WarpSizeNameRegexSpelling(Options.get("WarpSizeNameRegex", rocmtidy::warpTables().WarpSizeNameRegex).str()),
      WarpSizeNameRegex(WarpSizeNameRegexSpelling, llvm::Regex::IgnoreCase),
      PlatformMacrosSpelling(
          Options
              .get("PlatformMacros",
                   Options.getLocalOrGlobal("RocmPlatformMacros", rocmtidy::defaultProjectPlatformMacrosSpelling()))
              .str()),
      Guards(rocmtidy::macroListOption(PlatformMacrosSpelling)), Targets(Options), Splits(Targets.targets()) {
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

void WarpSizeAssumptionCheck::registerPPCallbacks(const SourceManager &SM, Preprocessor *PP, Preprocessor *) {
  WarpSizeMacros.clear();
  IntrinsicMacros.clear();
  SkippedRanges.clear();
  Targets.reportUnknown(*this, "rocm-warp-size-assumption");
  PP->addPPCallbacks(std::make_unique<WarpSizeMacroCallbacks>(*this, SM, *PP));
  PP->addPPCallbacks(Guards.callbacks(SM, *PP));
  if (!PP->getLangOpts().CUDAIsDevice)
    PP->addPPCallbacks(Splits.callbacks(SM, *PP));
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
    Check.reportMaskOverload(FD, Ctx.getSourceManager(), Model);
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
  // The width test may be one operand of '&&'/'||' ('n <= 32 && prop.warpSize == 32'): whichever
  // way it goes on 64 lanes, the other path still runs, so each operand is part of the dispatch.
  void addDispatch(const Expr *Cond) {
    Cond = Cond->IgnoreParenImpCasts();
    Dispatch.insert(Cond);
    if (const auto *BO = dyn_cast<BinaryOperator>(Cond); BO && BO->isLogicalOp()) {
      addDispatch(BO->getLHS());
      addDispatch(BO->getRHS());
    } else if (const auto *UO = dyn_cast<UnaryOperator>(Cond); UO && UO->getOpcode() == UO_LNot) {
      addDispatch(UO->getSubExpr());
    }
  }
  bool VisitIfStmt(IfStmt *IS) {
    if (IS->getElse() && IS->getCond())
      addDispatch(IS->getCond());
    return true;
  }
  bool VisitConditionalOperator(ConditionalOperator *CO) {
    addDispatch(CO->getCond());
    return true;
  }
  // Launches, and every other mention of a kernel: the blocks its code runs with.
  bool VisitDeclRefExpr(DeclRefExpr *DRE) {
    Model.noteReference(DRE);
    return true;
  }
  bool VisitOverloadExpr(OverloadExpr *OE) {
    Model.noteReference(OE);
    return true;
  }
  bool VisitCallExpr(CallExpr *CE) {
    Model.noteLaunch(CE);
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
    reportRowShuffles(F, S);
    reportGroupShuffles(F, S);
    reportWarpSizeTests(F, S);
    reportReducerCalls(F, S);
    reportReducerParameters(F, S);
    // Always: masks and narrowing (AMD-only code too).
    reportMasks(F, S);
    reportNarrowing(F, S);
    reportShortArrays(F, S);
    reportLaneShifts(F, S);
    reportWrapperMasks(F, S);
  }
  reportMaskMacros(S);
  reportHostSplits(S);
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
