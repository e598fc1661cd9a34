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

#include <algorithm>

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
      Guards(rocmtidy::macroListOption(PlatformMacrosSpelling)), Targets(Options), Splits(Targets.targets()),
      Index(Options) {
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
  Index.store(Options, Opts);
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
    if (MD->getMacroInfo())
      recordNarrowingCasts(II->getName(), *MD->getMacroInfo());
    if (std::optional<std::string> Value = constantBody(II->getName(), MD->getMacroInfo())) {
      Check.StubMacros.push_back({II->getName().str(), Loc, std::move(*Value)});
      return;
    }
    if (T.takesMask(II->getName()) || T.shuffle(II->getName())) {
      Check.IntrinsicMacros.push_back({II->getName().str(), Loc});
      return;
    }
    // The compiler's own width macro set to 32 by the project ('#define __AMDGCN_WAVEFRONT_SIZE 32'
    // before hipCUB's headers, to make a 32-lane layout compile): every library and kernel below
    // lays out 32 lanes on a 64-lane target. A 64 for the host pass, where the compiler defines
    // none, is what a 64-lane device pass has.
    bool CompilerWidth = II->getName() == "__AMDGCN_WAVEFRONT_SIZE" || II->getName() == "__AMDGCN_WAVEFRONT_SIZE__";
    if (II->getName() != "warpSize" && !CompilerWidth)
      return;
    const MacroInfo *MI = MD->getMacroInfo();
    if (!MI || MI->isFunctionLike())
      return;
    std::string Body;
    for (const Token &T : MI->tokens())
      Body += (Body.empty() ? "" : " ") + PP.getSpelling(T);
    if (CompilerWidth) {
      std::string Packed = Body;
      Packed.erase(std::remove(Packed.begin(), Packed.end(), ' '), Packed.end());
      if (StringRef(Packed).trim("()") != "32")
        return;
      Body = "32";
    }
    Check.WarpSizeMacros.push_back({Loc, II->getName().str(), Body});
  }

  void SourceRangeSkipped(SourceRange Range, SourceLocation) override {
    if (Range.getBegin().isFileID() && !SM.isInSystemHeader(Range.getBegin()))
      Check.SkippedRanges.push_back(Range);
  }

private:
  // '(uint32_t)__ballot(p)' or 'static_cast<unsigned>(__activemask())' in a macro's body: the cast's
  // type as spelled and the intrinsic, whether or not this unit expands the macro.
  void recordNarrowingCasts(StringRef Name, const MacroInfo &MI) {
    const rocmtidy::WarpTables &T = rocmtidy::warpTables();
    ArrayRef<Token> B = MI.tokens();
    auto TypeWord = [](const Token &Tok) {
      return Tok.isOneOf(tok::identifier, tok::coloncolon, tok::kw_unsigned, tok::kw_signed, tok::kw_int, tok::kw_short,
                         tok::kw_long, tok::kw_char, tok::kw_const);
    };
    for (size_t I = 0; I < B.size(); ++I) {
      bool CStyle = B[I].is(tok::l_paren);
      if (!CStyle && !(B[I].is(tok::kw_static_cast) && I + 1 < B.size() && B[I + 1].is(tok::less)))
        continue;
      size_t J = CStyle ? I + 1 : I + 2;
      std::vector<std::string> Type;
      for (; J < B.size() && TypeWord(B[J]); ++J)
        Type.push_back(PP.getSpelling(B[J]));
      if (Type.empty() || J >= B.size() || !B[J].is(CStyle ? tok::r_paren : tok::greater))
        continue;
      size_t Open = 0;
      for (++J; J < B.size() && B[J].is(tok::l_paren); ++J)
        ++Open;
      if (J + 1 >= B.size() || !B[J].is(tok::identifier) || !B[J + 1].is(tok::l_paren))
        continue;
      StringRef Callee = B[J].getIdentifierInfo()->getName();
      // The cast must take the call itself: '(uint32_t)(__ballot(p) >> 32)' keeps a half on purpose.
      size_t End = J + 1;
      for (int Depth = 0; End < B.size(); ++End) {
        Depth += B[End].is(tok::l_paren) ? 1 : B[End].is(tok::r_paren) ? -1 : 0;
        if (Depth == 0)
          break;
      }
      bool WholeCall = End + Open < B.size();
      for (size_t K = 1; WholeCall && K <= Open; ++K)
        WholeCall = B[End + K].is(tok::r_paren);
      if (WholeCall && T.returnsLaneMask(Callee))
        Check.NarrowingMacros.push_back({Name.str(), Callee.str(), B[I].getLocation(), std::move(Type)});
    }
  }

  // The spelling of the constant a function-like macro named like a vote, ballot or active-mask
  // intrinsic expands to ('#define __any_sync(m, p) 1'): such a stub gives every caller a fixed
  // value instead of the lanes' own. A body that is anything else (a call, an expression) is a
  // replacement of the intrinsic, not a stub.
  std::optional<std::string> constantBody(StringRef Name, const MacroInfo *MI) const {
    const rocmtidy::WarpTables &T = rocmtidy::warpTables();
    if (!MI || !MI->isFunctionLike() || T.shuffle(Name) || !(T.isFullWavefront(Name) || T.returnsLaneMask(Name)))
      return std::nullopt;
    ArrayRef<Token> Body = MI->tokens();
    while (Body.size() >= 2 && Body.front().is(tok::l_paren) && Body.back().is(tok::r_paren))
      Body = Body.drop_front().drop_back();
    if (Body.size() != 1 || !Body.front().is(tok::numeric_constant))
      return std::nullopt;
    std::string Value = PP.getSpelling(Body.front());
    // A full 64-bit mask for the active lanes is the usual approximation of a converged wave.
    uint64_t Bits = 0;
    if (T.returnsLaneMask(Name) && !StringRef(Value).rtrim("uUlL").getAsInteger(0, Bits) && Bits == ~uint64_t(0))
      return std::nullopt;
    return Value;
  }

  WarpSizeAssumptionCheck &Check;
  const SourceManager &SM;
  Preprocessor &PP;
};

void WarpSizeAssumptionCheck::registerPPCallbacks(const SourceManager &SM, Preprocessor *PP, Preprocessor *) {
  WarpSizeMacros.clear();
  TargetListGaps.clear();
  IntrinsicMacros.clear();
  StubMacros.clear();
  NarrowingMacros.clear();
  SkippedRanges.clear();
  Targets.reportUnknown(*this, "rocm-warp-size-assumption");
  PP->addPPCallbacks(std::make_unique<WarpSizeMacroCallbacks>(*this, SM, *PP));
  PP->addPPCallbacks(Guards.callbacks(SM, *PP));
  PP->addPPCallbacks(targetListCallbacks(SM, PP->getLangOpts()));
  if (!PP->getLangOpts().CUDAIsDevice)
    PP->addPPCallbacks(Splits.callbacks(SM, *PP));
}

// ---------------------------------------------------------------------------------------------
// One matcher, on the translation unit: the check walks the user's own declarations itself and
// skips the system headers (the C++ library, ROCm's thousands of device functions) wholesale.
// Template instantiations, which only repeat their template, are not visited.

// 'cg::tiled_partition<warpSize>(block)', 'cg::thread_block_tile<warpSize>': a constant that sizes a
// tile is the tile's width, whatever it is named.
class TileWidthReader : public RecursiveASTVisitor<TileWidthReader> {
public:
  explicit TileWidthReader(llvm::SmallPtrSetImpl<const VarDecl *> &Widths) : Widths(Widths) {}

  bool VisitDeclRefExpr(DeclRefExpr *DRE) {
    if (const IdentifierInfo *II = DRE->getDecl()->getIdentifier())
      note(II->getName(), DRE->template_arguments());
    return true;
  }
  bool VisitOverloadExpr(OverloadExpr *OE) {
    if (OE->getName().isIdentifier())
      note(OE->getName().getAsIdentifierInfo()->getName(), OE->template_arguments());
    return true;
  }
  bool VisitTemplateSpecializationTypeLoc(TemplateSpecializationTypeLoc TL) {
    const TemplateDecl *TD = TL.getTypePtr()->getTemplateName().getAsTemplateDecl();
    if (!TD || !TD->getIdentifier())
      return true;
    llvm::SmallVector<TemplateArgumentLoc, 2> Args;
    for (unsigned I = 0; I < TL.getNumArgs(); ++I)
      Args.push_back(TL.getArgLoc(I));
    note(TD->getName(), Args);
    return true;
  }

private:
  void note(StringRef Template, ArrayRef<TemplateArgumentLoc> Args) {
    if (Template != "tiled_partition" && Template != "thread_block_tile")
      return;
    for (const TemplateArgumentLoc &A : Args) {
      if (A.getArgument().getKind() != TemplateArgument::Expression)
        continue;
      if (const auto *Ref = dyn_cast<DeclRefExpr>(A.getArgument().getAsExpr()->IgnoreParenImpCasts()))
        if (const auto *VD = dyn_cast<VarDecl>(Ref->getDecl()))
          Widths.insert(VD->getCanonicalDecl());
    }
  }
  llvm::SmallPtrSetImpl<const VarDecl *> &Widths;
};

// The 'warpSize' constants device code names. A constant only host code reads (a launch
// configuration's 'static const int warpSize = 32' that sizes blocks) hides nothing from a kernel;
// a header's constant that device code elsewhere names is reported where that code is read.
class DeviceNameUses : public RecursiveASTVisitor<DeviceNameUses> {
public:
  DeviceNameUses(const llvm::SmallPtrSetImpl<const VarDecl *> &Wanted, llvm::SmallPtrSetImpl<const VarDecl *> &Used)
      : Wanted(Wanted), Used(Used) {}

  // A member of a class template named through one of its specialisations is its pattern's.
  static const VarDecl *origin(const VarDecl *VD) {
    if (const VarDecl *Pattern = VD->getInstantiatedFromStaticDataMember())
      VD = Pattern;
    return VD->getCanonicalDecl();
  }

  bool TraverseDecl(Decl *D) {
    const auto *FD = dyn_cast_or_null<FunctionDecl>(D);
    if (!FD)
      return RecursiveASTVisitor::TraverseDecl(D);
    bool Outer = InDevice;
    InDevice = rocmtidy::isDeviceCode(FD);
    bool Continue = RecursiveASTVisitor::TraverseDecl(D);
    InDevice = Outer;
    return Continue;
  }
  bool TraverseLambdaExpr(LambdaExpr *LE) {
    bool Outer = InDevice;
    InDevice = InDevice || rocmtidy::isDeviceCode(LE->getCallOperator());
    bool Continue = RecursiveASTVisitor::TraverseLambdaExpr(LE);
    InDevice = Outer;
    return Continue;
  }
  bool VisitDeclRefExpr(DeclRefExpr *DRE) { return note(DRE->getDecl()); }
  bool VisitMemberExpr(MemberExpr *ME) { return note(ME->getMemberDecl()); }

private:
  bool note(const ValueDecl *D) {
    if (const auto *VD = dyn_cast<VarDecl>(D); VD && InDevice && Wanted.contains(origin(VD)))
      Used.insert(origin(VD));
    return true;
  }
  const llvm::SmallPtrSetImpl<const VarDecl *> &Wanted;
  llvm::SmallPtrSetImpl<const VarDecl *> &Used;
  bool InDevice = false;
};

// Drops the constants no device code of the unit names.
void keepDeviceNamed(std::vector<const VarDecl *> &Constants, const TranslationUnitDecl &TU, const SourceManager &SM) {
  llvm::SmallPtrSet<const VarDecl *, 4> Wanted, Used;
  for (const VarDecl *VD : Constants)
    Wanted.insert(DeviceNameUses::origin(VD));
  DeviceNameUses Uses(Wanted, Used);
  for (Decl *D : TU.decls())
    if (!D->isImplicit() && !SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation())))
      Uses.TraverseDecl(D);
  llvm::erase_if(Constants, [&](const VarDecl *VD) { return !Used.contains(DeviceNameUses::origin(VD)); });
}

class UserCodeVisitor : public RecursiveASTVisitor<UserCodeVisitor> {
public:
  UserCodeVisitor(WarpSizeAssumptionCheck &Check, ASTContext &Ctx, rocmtidy::WarpModel &Model)
      : Check(Check), Ctx(Ctx), Model(Model) {}

  bool VisitVarDecl(VarDecl *VD) {
    Check.noteWarpSizeConstant(VD, Ctx);
    return true;
  }

  bool VisitFunctionDecl(FunctionDecl *FD) {
    Check.reportMaskOverload(FD, Ctx.getSourceManager(), Model);
    // Lambdas are part of the function that defines them, or are added on their own below.
    const auto *MD = dyn_cast<CXXMethodDecl>(FD);
    if (!FD->doesThisDeclarationHaveABody() || (MD && MD->getParent()->isLambda()) ||
        !rocmtidy::hasExplicitDeviceAttr(FD))
      return true;
    Model.addFunction(FD, FD->getBody());
    // The warp model has just read this body. What else this visitor looks for there is host code
    // (launches, device-property tests, host lambdas), so a function only the device runs is not
    // walked a second time; its tile widths are read later, and only if a 'warpSize' constant needs them.
    if (FD->hasAttr<CUDAGlobalAttr>() || (FD->hasAttr<CUDADeviceAttr>() && !FD->hasAttr<CUDAHostAttr>()))
      DeviceOnlyBodies.push_back(FD->getBody());
    return true;
  }

  bool TraverseStmt(Stmt *S, DataRecursionQueue *Queue = nullptr) {
    if (S && !DeviceOnlyBodies.empty() && DeviceOnlyBodies.back() == S)
      return true;
    return RecursiveASTVisitor::TraverseStmt(S, Queue);
  }

  // Tile widths in the bodies the first walk left to the warp model.
  void readSkippedTileWidths() {
    for (Stmt *Body : DeviceOnlyBodies)
      Tiles.TraverseStmt(Body);
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
    return Tiles.VisitDeclRefExpr(DRE);
  }
  bool VisitOverloadExpr(OverloadExpr *OE) {
    Model.noteReference(OE);
    return Tiles.VisitOverloadExpr(OE);
  }
  bool VisitTemplateSpecializationTypeLoc(TemplateSpecializationTypeLoc TL) {
    return Tiles.VisitTemplateSpecializationTypeLoc(TL);
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
  llvm::SmallVector<Stmt *, 16> DeviceOnlyBodies;
  TileWidthReader Tiles{Check.TileWidths};
};

void WarpSizeAssumptionCheck::registerMatchers(MatchFinder *Finder) {
  Index.reportProblems(*this, "rocm-warp-size-assumption");
  // One matcher, on the unit: a matcher on a node kind as common as VarDecl is run on every such node
  // of the HIP headers too, a fixed cost of about 1% of a parse (tools/bench/warp-size-bench.sh).
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
  Model.setLaunchesElsewhere([this](const FunctionDecl &K) { return Index.lookupLaunches(K); });
  WarpSizeConstants.clear();
  TileWidths.clear();
  UserCodeVisitor Visitor(*this, Ctx, Model);
  for (Decl *D : TU->decls())
    if (!D->isImplicit() && D->getLocation().isValid() && !SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation())))
      Visitor.TraverseDecl(D);
  if (!WarpSizeConstants.empty()) {
    Visitor.readSkippedTileWidths();
    keepDeviceNamed(WarpSizeConstants, *TU, SM);
  }
  Model.finish();
  reportWarpSizeConstants();
  for (const auto &F : Model.functions())
    for (const VarDecl *VD : F->EmptyArrays)
      reportEmptyWarpSlots(*VD, Ctx);

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

  for (const WarpSizeMacro &M : WarpSizeMacros) {
    if (M.Name == "warpSize" && platform(M.Loc, SM) == rocmtidy::Platform::Any)
      diag(M.Loc, "'warpSize' redefined as '%0'; the macro hides the device's wavefront width from every use "
                  "below it, and %1: remove the definition")
          << M.Body << Wave64;
    else if (M.Name != "warpSize" && platform(M.Loc, SM) != rocmtidy::Platform::CudaOnly)
      diag(M.Loc, "'%0' defined as '%1' overrides the width the compiler gives each target; %2, and hipCUB, rocPRIM "
                  "and the code below then lay out warps of 32 lanes: remove the definition")
          << M.Name << M.Body << Wave64;
  }

  reportStubMacros(SM);
  reportTargetListGaps();
  collectRemappedForAmd(S);
  for (const auto &FP : Model.functions())
    reportFunction(*FP, S);
  reportMaskMacros(S);
  reportNarrowingMacros(S);
  reportHostSplits(S);
  reportHostGrids(S);
}

// Every reporter that reads one function's facts.
void WarpSizeAssumptionCheck::reportFunction(const rocmtidy::FunctionWarpFacts &F, ReportState &S) {
  reportGroupings(F, S);
  reportWidths(F, S);
  reportShortReductions(F, S);
  reportMixedRoundings(F, S);
  reportScaledWarpIds(F, S);
  reportWavefrontLanes(F, S);
  reportRowShuffles(F, S);
  reportGroupShuffles(F, S);
  reportLaneGathers(F, S);
  reportWarpSizeTests(F, S);
  reportTileVotes(F, S);
  reportReducerCalls(F, S);
  reportReducerParameters(F, S);
  // Always: masks and narrowing (AMD-only code too).
  reportMasks(F, S);
  reportNarrowing(F, S);
  reportShortArrays(F, S);
  reportLaneStrides(F, S);
  reportLaneShifts(F, S);
  reportWidthShifts(F, S);
  reportWrapperMasks(F, S);
  reportFragmentTiles(F, S);
  reportHalfConfinedReductions(F, S);
  reportWideStarts(F, S);
  reportBranchBarriers(F, S);
  reportSyncFreeSteps(F, S);
}

// '#define __activemask() 0x3F' in the HIP build: the lanes that are active, and the votes and
// ballots of their predicates, become one fixed value. Code the HIP build never sees is the CUDA
// build's business.
void WarpSizeAssumptionCheck::reportStubMacros(const SourceManager &SM) {
  const rocmtidy::WarpTables &T = rocmtidy::warpTables();
  for (const StubMacro &M : StubMacros) {
    if (platform(M.Loc, SM) == rocmtidy::Platform::CudaOnly)
      continue;
    StringRef Name = M.Name;
    std::string Hip = Name.str();
    if (StringRef Maskless = Name; Maskless.consume_back("_sync") && T.isFullWavefront(Maskless))
      Hip = Maskless.str();
    diag(M.Loc, "'%0' defined as the constant '%1' gives every caller a fixed value in place of the wavefront's "
                "lanes: remove the macro and call HIP's '%2'")
        << Name << M.Value << Hip;
  }
}

// 'namespace lib { constexpr auto warpSize = 32; }' (chosen for device code by an '#if'): every
// use of 'warpSize' in that scope gets 32 instead of the device's width.
void WarpSizeAssumptionCheck::noteWarpSizeConstant(const VarDecl *VD, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Loc = VD->getLocation();
  if (!VD->getIdentifier() || VD->getName() != "warpSize" || isa<ParmVarDecl>(VD) || !VD->getInit() ||
      Loc.isInvalid() || !Loc.isFileID() || SM.isInSystemHeader(Loc) || platform(Loc, SM) != rocmtidy::Platform::Any)
    return;
  // A local hides the built-in from one function only, whose uses the warp model reads with the
  // local's value: a 32-lane grouping that meets a wavefront-wide operation is reported there, and
  // one that keeps every cross-lane operation inside its 32 lanes is logical-32 code (lc0's softmax).
  if (VD->isLocalVarDecl() || isa_and_nonnull<FunctionDecl>(VD->getParentFunctionOrMethod()))
    return;
  const Expr *Init = VD->getInit();
  Expr::EvalResult R;
  if (Init->isValueDependent() || !Init->EvaluateAsInt(R, Ctx) || R.Val.getInt() != 32)
    return;
  WarpSizeConstants.push_back(VD);
}

// Reported once the unit is read: one that sizes cooperative-group tiles ('tiled_partition<warpSize>')
// is a tile width the code chose, and its uses stay inside the tile.
void WarpSizeAssumptionCheck::reportWarpSizeConstants() {
  for (const VarDecl *VD : WarpSizeConstants)
    if (!TileWidths.contains(VD->getCanonicalDecl()))
      diag(VD->getLocation(),
           "'%0' defined as 32 hides the device's 'warpSize' from the code that names it in this scope; %1: use "
           "the built-in 'warpSize'")
          << VD->getQualifiedNameAsString() << Wave64;
}

} // namespace clang::tidy::rocm
