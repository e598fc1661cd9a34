#include "WarpSizeAssumptionCheck.h"

#include "ast/ThreadIndex.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSwitch.h"

#include <functional>
#include <optional>
#include <vector>

using namespace clang::ast_matchers;

namespace clang::tidy::rocm {

static constexpr llvm::StringLiteral DefaultWarpSizeNameRegex =
    "^(k_?|c_?|g_?)?(warp_?(size|width|threads|lanes)|(num_?)?(threads|lanes)_?per_?warp)$";

static constexpr llvm::StringLiteral Wave64 = "AMD GPUs run 64-lane wavefronts";

WarpSizeAssumptionCheck::WarpSizeAssumptionCheck(StringRef Name, ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context), IgnoreMacros(Options.get("IgnoreMacros", true)),
      WarpSizeNameRegexSpelling(Options.get("WarpSizeNameRegex", DefaultWarpSizeNameRegex).str()),
      WarpSizeNameRegex(WarpSizeNameRegexSpelling, llvm::Regex::IgnoreCase) {
  std::string Error;
  if (!WarpSizeNameRegex.isValid(Error))
    configurationDiag("invalid regular expression in option 'WarpSizeNameRegex' ('%0'): %1")
        << WarpSizeNameRegexSpelling << Error;
}

void WarpSizeAssumptionCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "IgnoreMacros", IgnoreMacros);
  Options.store(Opts, "WarpSizeNameRegex", WarpSizeNameRegexSpelling);
}

bool WarpSizeAssumptionCheck::isWarpSizeName(StringRef Name) const {
  return WarpSizeNameRegex.isValid() && WarpSizeNameRegex.match(Name);
}

void WarpSizeAssumptionCheck::reportConstant(SourceLocation Loc, StringRef Name) {
  // A constant in a template is seen once per instantiation; say it once.
  if (!ReportedConstants.insert(Loc).second)
    return;
  diag(Loc, "warp width '%0' is defined as 32; %1: use 'warpSize', or a per-target constant where a "
            "compile-time value is needed")
      << Name << Wave64;
}

// ---------------------------------------------------------------------------------------------
// Item 2, macros: '#define WARP_SIZE 32' at the definition, once.

// Macros whose test marks a conditional as a choice of the width per target or platform: a 32 in
// one branch of '#if defined(__GFX9__) ... #else' is the RDNA/NVIDIA value, not an assumption
// (the host pass, where no __GFX*__ macro is defined, takes that branch too).
static bool isTargetMacro(StringRef Name) {
  return Name.starts_with("__GFX") || Name.contains("WAVEFRONT") || Name.starts_with("__HIP_PLATFORM_") ||
         llvm::StringSwitch<bool>(Name)
             .Cases("__HIP_DEVICE_COMPILE__", "__CUDA_ARCH__", "__HIP__", "__HIPCC__", "__CUDACC__", "__NVCC__", true)
             .Cases("__AMDGCN__", "__AMDGPU__", "__gfx90a__", "__gfx942__", "USE_ROCM", "USE_HIP", true)
             .Default(false);
}

class WarpSizeMacroCallbacks : public PPCallbacks {
public:
  WarpSizeMacroCallbacks(WarpSizeAssumptionCheck &Check, const SourceManager &SM, Preprocessor &PP)
      : Check(Check), SM(SM), PP(PP) {}

  void If(SourceLocation Loc, SourceRange Cond, ConditionValueKind) override { open(Loc, mentionsTarget(Cond)); }
  void Ifdef(SourceLocation Loc, const Token &Name, const MacroDefinition &) override { open(Loc, isTarget(Name)); }
  void Ifndef(SourceLocation Loc, const Token &Name, const MacroDefinition &) override { open(Loc, isTarget(Name)); }
  void Elif(SourceLocation, SourceRange Cond, ConditionValueKind, SourceLocation) override {
    if (!Open.empty() && mentionsTarget(Cond))
      Open.back().second = true;
  }
  void Elifdef(SourceLocation, const Token &Name, const MacroDefinition &) override {
    if (!Open.empty() && isTarget(Name))
      Open.back().second = true;
  }
  void Elifndef(SourceLocation, const Token &Name, const MacroDefinition &) override {
    if (!Open.empty() && isTarget(Name))
      Open.back().second = true;
  }
  void Endif(SourceLocation Loc, SourceLocation) override {
    if (Open.empty())
      return;
    if (Open.back().second)
      Check.TargetBranches.push_back({Open.back().first, Loc});
    Open.pop_back();
  }

  void MacroDefined(const Token &MacroNameTok, const MacroDirective *MD) override {
    SourceLocation Loc = MacroNameTok.getLocation();
    const IdentifierInfo *II = MacroNameTok.getIdentifierInfo();
    if (!II || Loc.isInvalid() || !Loc.isFileID() || SM.isInSystemHeader(Loc) || SM.isWrittenInBuiltinFile(Loc) ||
        SM.isWrittenInCommandLineFile(Loc))
      return;
    const MacroInfo *MI = MD->getMacroInfo();
    if (!MI || MI->isFunctionLike() || !Check.isWarpSizeName(II->getName()))
      return;
    for (const auto &[Start, IsTargetSwitch] : Open)
      if (IsTargetSwitch)
        return;
    // The body is one number, possibly parenthesised: 32, (32), 32u.
    const Token *Number = nullptr;
    for (const Token &T : MI->tokens()) {
      if (T.isOneOf(tok::l_paren, tok::r_paren))
        continue;
      if (Number || T.isNot(tok::numeric_constant))
        return;
      Number = &T;
    }
    if (!Number)
      return;
    StringRef Text = StringRef(PP.getSpelling(*Number, Buffer)).rtrim("uUlLzZ");
    uint64_t Value = 0;
    if (Text.getAsInteger(0, Value) || Value != 32)
      return;
    Check.reportConstant(Loc, II->getName());
  }

private:
  void open(SourceLocation Loc, bool IsTargetSwitch) { Open.push_back({Loc, IsTargetSwitch}); }
  static bool isTarget(const Token &Tok) {
    const IdentifierInfo *II = Tok.getIdentifierInfo();
    return II && isTargetMacro(II->getName());
  }
  bool mentionsTarget(SourceRange Range) const {
    if (Range.isInvalid())
      return false;
    StringRef Text = Lexer::getSourceText(CharSourceRange::getTokenRange(Range), SM, PP.getLangOpts());
    for (size_t I = 0; I < Text.size();) {
      if (!isAsciiIdentifierStart(Text[I])) {
        ++I;
        continue;
      }
      size_t J = I;
      while (J < Text.size() && isAsciiIdentifierContinue(Text[J]))
        ++J;
      if (isTargetMacro(Text.slice(I, J)))
        return true;
      I = J;
    }
    return false;
  }

  WarpSizeAssumptionCheck &Check;
  const SourceManager &SM;
  Preprocessor &PP;
  llvm::SmallString<16> Buffer;
  /// The open conditionals: where each starts and whether it tests a target macro.
  llvm::SmallVector<std::pair<SourceLocation, bool>, 8> Open;
};

void WarpSizeAssumptionCheck::registerPPCallbacks(const SourceManager &SM, Preprocessor *PP, Preprocessor *) {
  ReportedConstants.clear();
  TargetBranches.clear();
  PP->addPPCallbacks(std::make_unique<WarpSizeMacroCallbacks>(*this, SM, *PP));
}

// ---------------------------------------------------------------------------------------------
// One matcher, on the translation unit: the check walks the user's own declarations itself and
// skips the system headers (the C++ library, ROCm's thousands of device functions) wholesale.
// Per-node matchers would be tried on every declaration of those headers; this costs one visit of
// the user's code, and template instantiations, which only repeat their template, are not visited.

class UserCodeVisitor : public RecursiveASTVisitor<UserCodeVisitor> {
public:
  UserCodeVisitor(WarpSizeAssumptionCheck &Check, ASTContext &Ctx) : Check(Check), Ctx(Ctx) {}

  bool VisitFunctionDecl(FunctionDecl *FD) {
    // Lambdas are scanned with the function that defines them, or on their own below.
    const auto *MD = dyn_cast<CXXMethodDecl>(FD);
    if (FD->doesThisDeclarationHaveABody() && !(MD && MD->getParent()->isLambda()) &&
        rocmtidy::hasExplicitDeviceAttr(FD))
      Check.scanDeviceBody(FD->getBody(), Ctx);
    return true;
  }

  bool VisitLambdaExpr(LambdaExpr *LE) {
    // A '__device__' lambda in host code (passed to a parallel algorithm). Inside device code
    // the enclosing function's scan covers it.
    const CXXMethodDecl *Op = LE->getCallOperator();
    if (!Op || !rocmtidy::hasExplicitDeviceAttr(Op))
      return true;
    for (const DeclContext *DC = LE->getLambdaClass()->getDeclContext(); DC; DC = DC->getParent())
      if (const auto *Outer = dyn_cast<FunctionDecl>(DC); Outer && rocmtidy::isDeviceCode(Outer))
        return true;
    Check.scanDeviceBody(LE->getBody(), Ctx);
    return true;
  }

  // Warp width constants: 'constexpr int kWarpSize = 32', 'enum { WARP_SIZE = 32 }',
  // 'template <int WarpSize = 32>'. The value is tested before the name.
  bool VisitVarDecl(VarDecl *VD) {
    if (isa<ParmVarDecl>(VD) || !VD->getIdentifier() || !VD->getType()->isIntegerType() ||
        !(VD->isConstexpr() || VD->getType().isConstQualified()))
      return true;
    if (auto V = rocmtidy::integerLiteralValue(VD->getInit()); V && *V == 32)
      constant(VD);
    return true;
  }
  bool VisitEnumConstantDecl(EnumConstantDecl *EC) {
    if (EC->getInitExpr() && EC->getInitVal() == 32)
      constant(EC);
    return true;
  }
  bool VisitNonTypeTemplateParmDecl(NonTypeTemplateParmDecl *P) {
    if (P->hasDefaultArgument())
      if (auto V = rocmtidy::integerLiteralValue(P->getDefaultArgument().getArgument().getAsExpr()); V && *V == 32)
        constant(P);
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
  void constant(const NamedDecl *D) {
    if (!D->getIdentifier() || !D->getLocation().isFileID() || !Check.isWarpSizeName(D->getName()))
      return;
    const SourceManager &SM = Ctx.getSourceManager();
    for (const auto &[Start, End] : Check.TargetBranches)
      if (SM.isBeforeInTranslationUnit(Start, D->getLocation()) && SM.isBeforeInTranslationUnit(D->getLocation(), End))
        return;
    Check.reportConstant(D->getLocation(), D->getName());
  }

  WarpSizeAssumptionCheck &Check;
  ASTContext &Ctx;
  llvm::DenseSet<const Expr *> Dispatch;
  llvm::DenseMap<const VarDecl *, const CallExpr *> QueriedWarpSize;
};

void WarpSizeAssumptionCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(translationUnitDecl().bind("tu"), this);
}

void WarpSizeAssumptionCheck::check(const MatchFinder::MatchResult &Result) {
  const auto *TU = Result.Nodes.getNodeAs<TranslationUnitDecl>("tu");
  if (!TU)
    return;
  const SourceManager &SM = *Result.SourceManager;
  UserCodeVisitor Visitor(*this, *Result.Context);
  for (Decl *D : TU->decls()) {
    if (D->isImplicit())
      continue;
    SourceLocation Loc = D->getLocation();
    if (Loc.isInvalid() || SM.isInSystemHeader(SM.getExpansionLoc(Loc)))
      continue;
    Visitor.TraverseDecl(D);
  }
}

// ---------------------------------------------------------------------------------------------
// The scan of one device function body.

namespace {

bool isShuffle(StringRef Name) {
  return llvm::StringSwitch<bool>(Name)
      .Cases("__shfl_down", "__shfl_xor", "__shfl_down_sync", "__shfl_xor_sync", true)
      .Default(false);
}

bool takesMask(StringRef Name) {
  return llvm::StringSwitch<bool>(Name)
      .Cases("__shfl_sync", "__shfl_up_sync", "__shfl_down_sync", "__shfl_xor_sync", true)
      .Cases("__ballot_sync", "__any_sync", "__all_sync", "__uni_sync", "__syncwarp", true)
      .Cases("__match_any_sync", "__match_all_sync", true)
      .Cases("__reduce_add_sync", "__reduce_min_sync", "__reduce_max_sync", true)
      .Cases("__reduce_and_sync", "__reduce_or_sync", "__reduce_xor_sync", true)
      .Default(false);
}

bool returnsLaneMask(StringRef Name) {
  return llvm::StringSwitch<bool>(Name)
      .Cases("__ballot", "__ballot_sync", "__activemask", true)
      .Cases("__lanemask_lt", "__lanemask_le", "__lanemask_gt", "__lanemask_ge", "__lanemask_eq", true)
      .Default(false);
}

// The 64-bit form of a 32-bit bit operation, and whether swapping the name keeps the meaning on a
// 32-bit value (it does for counting and finding the first set bit, not for leading zeros or bit
// reversal, whose results depend on the width).
struct BitOp {
  StringRef Wide;
  bool SafeRename;
};
std::optional<BitOp> bitOp(StringRef Name) {
  return llvm::StringSwitch<std::optional<BitOp>>(Name)
      .Case("__popc", BitOp{"__popcll", true})
      .Case("__ffs", BitOp{"__ffsll", true})
      .Case("__clz", BitOp{"__clzll", false})
      .Case("__brev", BitOp{"__brevll", false})
      .Default(std::nullopt);
}

// The lane offset and width arguments of a shuffle: (var, delta[, width]) or (mask, var, delta[, width]).
unsigned deltaIndex(StringRef Name) { return Name.ends_with("_sync") ? 2 : 1; }

const Expr *explicitArg(const CallExpr *CE, unsigned I) {
  if (I >= CE->getNumArgs() || isa<CXXDefaultArgExpr>(CE->getArg(I)))
    return nullptr;
  return CE->getArg(I);
}

bool mentionsDecl(const Stmt *S) {
  if (isa<DeclRefExpr>(S))
    return true;
  for (const Stmt *C : S->children())
    if (C && mentionsDecl(C))
      return true;
  return false;
}

// A shuffle with an explicit constant width below 32 works on segments on purpose.
bool isSegmented(const CallExpr *CE, StringRef Name, const ASTContext &Ctx) {
  const Expr *W = explicitArg(CE, deltaIndex(Name) + 1);
  if (!W || W->isValueDependent())
    return false;
  Expr::EvalResult R;
  return W->EvaluateAsInt(R, Ctx) && R.Val.getInt().getExtValue() < 32;
}

class DeviceBodyScanner : public RecursiveASTVisitor<DeviceBodyScanner> {
public:
  std::vector<const BinaryOperator *> Arithmetic;
  std::vector<const BinaryOperator *> WarpSizeTests;
  std::vector<std::pair<const CallExpr *, StringRef>> MaskCalls, BitOps;
  std::vector<const CastExpr *> Narrowing;
  llvm::DenseSet<const Expr *> BitOpArgs;
  std::vector<const ForStmt *> Loops;
  std::vector<std::pair<const CallExpr *, uint64_t>> LadderSteps;
  std::vector<std::pair<const CallExpr *, StringRef>> Width32;

  bool VisitBinaryOperator(BinaryOperator *BO) {
    auto Lit = [](const Expr *E, uint64_t V) {
      auto L = rocmtidy::integerLiteralValue(E);
      return L && *L == V;
    };
    switch (BO->getOpcode()) {
    case BO_Rem:
    case BO_Div:
      if (Lit(BO->getRHS(), 32))
        Arithmetic.push_back(BO);
      break;
    case BO_And:
      if (Lit(BO->getRHS(), 31) || Lit(BO->getLHS(), 31))
        Arithmetic.push_back(BO);
      break;
    case BO_Shr:
    case BO_Shl:
      if (Lit(BO->getRHS(), 5))
        Arithmetic.push_back(BO);
      break;
    case BO_EQ:
    case BO_NE:
      if ((Lit(BO->getRHS(), 32) && rocmtidy::isWarpSizeRef(BO->getLHS())) ||
          (Lit(BO->getLHS(), 32) && rocmtidy::isWarpSizeRef(BO->getRHS())))
        WarpSizeTests.push_back(BO);
      break;
    default:
      break;
    }
    return true;
  }

  bool VisitCallExpr(CallExpr *CE) {
    StringRef Name = rocmtidy::calleeName(CE);
    if (!Name.starts_with("__"))
      return true;
    if (takesMask(Name) && explicitArg(CE, 0))
      MaskCalls.push_back({CE, Name});
    if (bitOp(Name) && CE->getNumArgs() == 1) {
      BitOps.push_back({CE, Name});
      BitOpArgs.insert(CE->getArg(0));
    }
    if (isShuffle(Name)) {
      if (const Expr *D = explicitArg(CE, deltaIndex(Name)))
        if (auto V = rocmtidy::integerLiteralValue(D))
          LadderSteps.push_back({CE, *V});
      if (auto W = rocmtidy::integerLiteralValue(explicitArg(CE, deltaIndex(Name) + 1)); W && *W == 32)
        Width32.push_back({CE, Name});
    }
    return true;
  }

  bool VisitCastExpr(CastExpr *CE) {
    if (CE->getCastKind() == CK_IntegralCast)
      Narrowing.push_back(CE);
    return true;
  }

  bool VisitForStmt(ForStmt *FS) {
    if (FS->getInit() && FS->getInc() && FS->getBody())
      Loops.push_back(FS);
    return true;
  }
};

// The variable a for-loop counts with and its start: 'int o = 16' or 'o = 16'.
std::pair<const VarDecl *, const Expr *> loopStart(const ForStmt *FS) {
  if (const auto *DS = dyn_cast<DeclStmt>(FS->getInit())) {
    if (const auto *VD = dyn_cast_or_null<VarDecl>(DS->isSingleDecl() ? DS->getSingleDecl() : nullptr))
      return {VD, VD->getInit()};
  } else if (const auto *BO = dyn_cast<BinaryOperator>(FS->getInit()); BO && BO->getOpcode() == BO_Assign) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParens()))
      return {dyn_cast<VarDecl>(DRE->getDecl()), BO->getRHS()};
  }
  return {nullptr, nullptr};
}

bool refersTo(const Expr *E, const VarDecl *VD) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  return DRE && DRE->getDecl() == VD;
}

// 'o /= 2', 'o >>= 1', 'o = o / 2', 'o = o >> 1'.
bool halves(const Expr *Inc, const VarDecl *VD) {
  auto Lit = [](const Expr *E, uint64_t V) {
    auto L = rocmtidy::integerLiteralValue(E);
    return L && *L == V;
  };
  Inc = Inc->IgnoreParens();
  if (const auto *CA = dyn_cast<CompoundAssignOperator>(Inc))
    return refersTo(CA->getLHS(), VD) && ((CA->getOpcode() == BO_DivAssign && Lit(CA->getRHS(), 2)) ||
                                          (CA->getOpcode() == BO_ShrAssign && Lit(CA->getRHS(), 1)));
  if (const auto *BO = dyn_cast<BinaryOperator>(Inc); BO && BO->getOpcode() == BO_Assign && refersTo(BO->getLHS(), VD))
    if (const auto *R = dyn_cast<BinaryOperator>(BO->getRHS()->IgnoreParenImpCasts()); R && refersTo(R->getLHS(), VD))
      return (R->getOpcode() == BO_Div && Lit(R->getRHS(), 2)) || (R->getOpcode() == BO_Shr && Lit(R->getRHS(), 1));
  return false;
}

bool isShuffleUp(StringRef Name) { return Name == "__shfl_up" || Name == "__shfl_up_sync"; }

// 'o *= 2', 'o <<= 1', 'o = o * 2', 'o = o << 1'.
bool doubles(const Expr *Inc, const VarDecl *VD) {
  auto Lit = [](const Expr *E, uint64_t V) {
    auto L = rocmtidy::integerLiteralValue(E);
    return L && *L == V;
  };
  Inc = Inc->IgnoreParens();
  if (const auto *CA = dyn_cast<CompoundAssignOperator>(Inc))
    return refersTo(CA->getLHS(), VD) && ((CA->getOpcode() == BO_MulAssign && Lit(CA->getRHS(), 2)) ||
                                          (CA->getOpcode() == BO_ShlAssign && Lit(CA->getRHS(), 1)));
  if (const auto *BO = dyn_cast<BinaryOperator>(Inc); BO && BO->getOpcode() == BO_Assign && refersTo(BO->getLHS(), VD))
    if (const auto *R = dyn_cast<BinaryOperator>(BO->getRHS()->IgnoreParenImpCasts()); R && refersTo(R->getLHS(), VD))
      return (R->getOpcode() == BO_Mul && Lit(R->getRHS(), 2)) || (R->getOpcode() == BO_Shl && Lit(R->getRHS(), 1));
  return false;
}

// The bound of 'o < 32' or 'o <= 16' when it is a literal written in the file; else null.
const Expr *stopsAt32(const Expr *Cond, const VarDecl *VD) {
  const auto *BO = dyn_cast_or_null<BinaryOperator>(Cond ? Cond->IgnoreParenImpCasts() : nullptr);
  if (!BO || !refersTo(BO->getLHS(), VD))
    return nullptr;
  const Expr *Bound = BO->getRHS()->IgnoreParenImpCasts();
  auto V = rocmtidy::integerLiteralValue(Bound);
  if (!V || !Bound->getBeginLoc().isFileID())
    return nullptr;
  return ((BO->getOpcode() == BO_LT && *V == 32) || (BO->getOpcode() == BO_LE && *V == 16)) ? Bound : nullptr;
}

// A shuffle in S whose lane offset is VD (and that is not deliberately segmented); with WithUp,
// __shfl_up counts too (scans).
const CallExpr *shuffleBy(const Stmt *S, const VarDecl *VD, const ASTContext &Ctx, bool WithUp = false) {
  if (const auto *CE = dyn_cast<CallExpr>(S)) {
    StringRef Name = rocmtidy::calleeName(CE);
    if (isShuffle(Name) || (WithUp && isShuffleUp(Name)))
      if (const Expr *D = explicitArg(CE, deltaIndex(Name)); D && refersTo(D, VD) && !isSegmented(CE, Name, Ctx))
        return CE;
  }
  for (const Stmt *C : S->children())
    if (C)
      if (const CallExpr *Found = shuffleBy(C, VD, Ctx, WithUp))
        return Found;
  return nullptr;
}

} // namespace

void WarpSizeAssumptionCheck::scanDeviceBody(const Stmt *Body, ASTContext &Ctx) {
  if (!Body)
    return;
  DeviceBodyScanner Scan;
  Scan.TraverseStmt(const_cast<Stmt *>(Body));
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();

  // Built only when a candidate needs it: most device functions have none.
  std::optional<rocmtidy::ThreadIndexAnalysis> Analysis;
  auto analysis = [&]() -> rocmtidy::ThreadIndexAnalysis & {
    if (!Analysis)
      Analysis.emplace(Body);
    return *Analysis;
  };
  // Spelled inside a macro's body (not merely passed to a macro as an argument).
  auto inMacroBody = [&](SourceLocation Loc) { return Loc.isMacroID() && SM.getTopMacroCallerLoc(Loc).isMacroID(); };
  auto skipForMacro = [&](SourceLocation Loc) { return IgnoreMacros && inMacroBody(Loc); };
  // A literal whose value comes from a warp-size macro: reported at the '#define' instead.
  auto fromWarpSizeMacro = [&](SourceLocation Loc) {
    for (; Loc.isMacroID(); Loc = SM.getImmediateMacroCallerLoc(Loc))
      if (!SM.isMacroArgExpansion(Loc) && isWarpSizeName(Lexer::getImmediateMacroName(Loc, SM, LO)))
        return true;
    return false;
  };

  // Items 1 and 7: lane and warp arithmetic on thread indices.
  for (const BinaryOperator *BO : Scan.Arithmetic) {
    BinaryOperatorKind Op = BO->getOpcode();
    bool LiteralLeft = Op == BO_And && !rocmtidy::integerLiteralValue(BO->getRHS());
    const Expr *Literal = LiteralLeft ? BO->getLHS() : BO->getRHS();
    const Expr *Operand = LiteralLeft ? BO->getRHS() : BO->getLHS();
    SourceLocation LitLoc = Literal->IgnoreParenImpCasts()->getBeginLoc();
    if (fromWarpSizeMacro(LitLoc) || skipForMacro(BO->getOperatorLoc()) || skipForMacro(LitLoc))
      continue;
    const VarDecl *Via = nullptr;
    rocmtidy::ThreadValue V = analysis().classify(Operand, &Via);
    const char *Message = nullptr;
    std::string Replacement;
    bool ReplaceOperator = false;
    switch (Op) {
    case BO_Rem:
      if (V != rocmtidy::ThreadValue::ThreadIndex && V != rocmtidy::ThreadValue::LaneId)
        continue;
      Message = "lane index computed with a warp width of 32; %0: use 'warpSize'";
      Replacement = "warpSize";
      break;
    case BO_And:
      if (V != rocmtidy::ThreadValue::ThreadIndex && V != rocmtidy::ThreadValue::LaneId)
        continue;
      Message = "lane index computed with a lane mask of 31; %0: use 'warpSize - 1'";
      Replacement = "(warpSize - 1)";
      break;
    case BO_Div:
      if (V != rocmtidy::ThreadValue::ThreadIndex && V != rocmtidy::ThreadValue::LaneId)
        continue;
      Message = "warp index computed with a warp width of 32; %0: use 'warpSize'";
      Replacement = "warpSize";
      break;
    case BO_Shr:
      if (V != rocmtidy::ThreadValue::ThreadIndex && V != rocmtidy::ThreadValue::LaneId)
        continue;
      Message = "warp index computed with a shift by 5 (32 lanes); %0: divide by 'warpSize'";
      Replacement = "/ warpSize";
      ReplaceOperator = true;
      break;
    case BO_Shl:
      // Only a warp number shifted back ('warp << 5'); 'tid << 5' scales an element offset.
      if (V != rocmtidy::ThreadValue::WarpId)
        continue;
      Message = "thread index rebuilt with a shift by 5 (32 lanes); %0: multiply by 'warpSize'";
      Replacement = "* warpSize";
      ReplaceOperator = true;
      break;
    default:
      continue;
    }
    {
      auto D = diag(BO->getOperatorLoc(), Message) << Wave64;
      SourceLocation OpLoc = BO->getOperatorLoc();
      SourceLocation LitEnd = Literal->IgnoreParenImpCasts()->getEndLoc();
      bool Fixable = OpLoc.isFileID() && LitLoc.isFileID() && LitEnd.isFileID();
      // '/' and '*' bind tighter than '>>' and '<<': replacing the operator keeps the grouping
      // only when the other operand is a primary expression.
      if (ReplaceOperator) {
        const Expr *L = BO->getLHS()->IgnoreImpCasts();
        Fixable = Fixable && (isa<ParenExpr, DeclRefExpr, CallExpr, MemberExpr, PseudoObjectExpr, IntegerLiteral>(L));
      }
      if (Fixable) {
        if (ReplaceOperator)
          D << FixItHint::CreateReplacement(CharSourceRange::getTokenRange(OpLoc, LitEnd), Replacement);
        else
          D << FixItHint::CreateReplacement(CharSourceRange::getTokenRange(LitLoc, LitEnd), Replacement);
      }
    }
    if (Via)
      diag(Via->getLocation(), "'%0' is computed from a thread index here", DiagnosticIDs::Note) << Via->getName();
  }

  // Item 3: 'warpSize == 32'.
  for (const BinaryOperator *BO : Scan.WarpSizeTests) {
    if (skipForMacro(BO->getOperatorLoc()))
      continue;
    diag(BO->getOperatorLoc(), "'warpSize' compared with 32; %0, where this test fails: handle both widths")
        << Wave64;
  }

  // Item 4: 32-bit full masks.
  for (auto [CE, Name] : Scan.MaskCalls) {
    const Expr *Arg = CE->getArg(0)->IgnoreImpCasts();
    if (Arg->isValueDependent() || skipForMacro(CE->getBeginLoc()))
      continue;
    Expr::EvalResult R;
    if (!Arg->EvaluateAsInt(R, Ctx))
      continue;
    llvm::APSInt Mask = R.Val.getInt();
    // Widened as the call widens it: '~0u' stays 0xffffffff, '-1' becomes all ones.
    if (Mask.getBitWidth() > 64 || Mask.extend(64).getZExtValue() != 0xffffffffULL)
      continue;
    auto D = diag(Arg->getBeginLoc(), "32-bit full mask passed to '%0' selects lanes 0-31 only; %1: use '~0ull'")
             << Name << Wave64;
    SourceRange Range = Arg->getSourceRange();
    if (Range.getBegin().isFileID() && Range.getEnd().isFileID() && !mentionsDecl(Arg))
      D << FixItHint::CreateReplacement(CharSourceRange::getTokenRange(Range), "~0ull");
  }

  // Item 5: lane masks narrowed to 32 bits. A value is a lane mask if it comes from a ballot,
  // the active mask or a lanemask function, directly, through bit operations, or through local
  // variables assigned only such values.
  llvm::DenseMap<const VarDecl *, bool> MaskVars;
  std::function<bool(const Expr *)> isLaneMaskValue = [&](const Expr *E) -> bool {
    E = E->IgnoreParenImpCasts();
    if (const auto *CE = dyn_cast<CallExpr>(E))
      return returnsLaneMask(rocmtidy::calleeName(CE));
    if (const auto *UO = dyn_cast<UnaryOperator>(E))
      return UO->getOpcode() == UO_Not && isLaneMaskValue(UO->getSubExpr());
    if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
      // 'votes & __lanemask_lt()' is still a mask; 'votes & 1' and 'votes >> 32' pick bits on
      // purpose, and narrowing them loses nothing.
      auto isConstant = [&](const Expr *Op) { return !Op->isValueDependent() && Op->isEvaluatable(Ctx); };
      switch (BO->getOpcode()) {
      case BO_And:
        return (isLaneMaskValue(BO->getLHS()) && !isConstant(BO->getRHS())) ||
               (isLaneMaskValue(BO->getRHS()) && !isConstant(BO->getLHS()));
      case BO_Or:
      case BO_Xor:
        return isLaneMaskValue(BO->getLHS()) || isLaneMaskValue(BO->getRHS());
      default:
        return false;
      }
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
      if (!VD)
        return false;
      auto [It, Inserted] = MaskVars.try_emplace(VD, false);
      if (!Inserted)
        return It->second;
      auto Defs = analysis().definitions().definitions(VD);
      bool All = Defs && !Defs->empty();
      if (All)
        for (const Expr *Def : *Defs)
          All = All && isLaneMaskValue(Def);
      MaskVars[VD] = All;
      return All;
    }
    return false;
  };
  auto bits = [&](QualType T) { return T->isIntegerType() ? Ctx.getIntWidth(T) : 0; };
  for (auto [CE, Name] : Scan.BitOps) {
    const Expr *Arg = CE->getArg(0)->IgnoreImpCasts();
    if (Arg->isTypeDependent() || bits(Arg->getType()) != 64 || !isLaneMaskValue(Arg) ||
        skipForMacro(CE->getBeginLoc()))
      continue;
    BitOp Op = *bitOp(Name);
    auto D = diag(CE->getBeginLoc(), "64-bit lane mask passed to 32-bit '%0'; %1, so lanes 32-63 are lost: use '%2'")
             << Name << Wave64 << Op.Wide;
    SourceLocation NameLoc = CE->getCallee()->IgnoreImpCasts()->getBeginLoc();
    if (Op.SafeRename && NameLoc.isFileID())
      D << FixItHint::CreateReplacement(CharSourceRange::getTokenRange(NameLoc, NameLoc), Op.Wide);
  }
  for (const CastExpr *Cast : Scan.Narrowing) {
    const Expr *Sub = Cast->getSubExpr();
    if (Scan.BitOpArgs.contains(Cast) || Sub->isTypeDependent() || bits(Sub->getType()) != 64)
      continue;
    unsigned To = bits(Cast->getType());
    if (To == 0 || To >= 64 || Cast->getType()->isBooleanType() || !isLaneMaskValue(Sub) ||
        skipForMacro(Sub->getBeginLoc()))
      continue;
    const Expr *Source = Sub->IgnoreParenImpCasts();
    std::string What = "lane mask";
    if (const auto *Call = dyn_cast<CallExpr>(Source))
      What = ("result of '" + rocmtidy::calleeName(Call) + "'").str();
    diag(Source->getBeginLoc(), "%0 narrowed to the %1-bit type %2; %3, so lanes 32-63 are lost: keep it in a "
                                "64-bit integer")
        << What << To << Cast->getType().getUnqualifiedType() << Wave64;
  }

  // Item 6: shuffle reductions that start at offset 16.
  for (const ForStmt *FS : Scan.Loops) {
    auto [VD, Start] = loopStart(FS);
    if (!VD || !Start || Start->isValueDependent() || mentionsDecl(Start) || !Start->getBeginLoc().isFileID() ||
        !Start->getEndLoc().isFileID())
      continue;
    Expr::EvalResult R;
    if (!Start->EvaluateAsInt(R, Ctx))
      continue;
    if (R.Val.getInt() == 16 && halves(FS->getInc(), VD) && shuffleBy(FS->getBody(), VD, Ctx)) {
      diag(Start->getBeginLoc(), "shuffle reduction starts at lane offset 16 and combines 32 lanes only; %0: start "
                                 "at 'warpSize / 2'")
          << Wave64;
      continue;
    }
    // The same assumption in a scan: offsets 1, 2, 4, 8, 16 and no further.
    if (R.Val.getInt() == 1 && doubles(FS->getInc(), VD))
      if (const Expr *Bound = stopsAt32(FS->getCond(), VD); Bound && shuffleBy(FS->getBody(), VD, Ctx, true))
        diag(Bound->getBeginLoc(), "shuffle scan stops at lane offset 16 and combines 32 lanes only; %0: loop while "
                                   "the offset is below 'warpSize'")
            << Wave64;
  }
  uint64_t Largest = 0;
  bool HasEight = false, HasSixteen = false;
  for (auto [CE, Offset] : Scan.LadderSteps) {
    Largest = std::max(Largest, Offset);
    HasEight |= Offset == 8;
    HasSixteen |= Offset == 16;
  }

  // Item 6, widths: a literal width of 32 on a shuffle whose offset steps through a reduction (the
  // counter of a loop that halves or doubles it, or a constant step of a ladder through 16 and 8)
  // confines the reduction to 32-lane segments, so each half of a wavefront gets its own result.
  // Widths below 32, and widths named by a macro or a constant (a tile size), are deliberate.
  if (!Scan.Width32.empty()) {
    llvm::SmallPtrSet<const VarDecl *, 4> Counters;
    for (const ForStmt *FS : Scan.Loops)
      if (auto [VD, Start] = loopStart(FS); VD && (halves(FS->getInc(), VD) || doubles(FS->getInc(), VD)))
        Counters.insert(VD);
    for (auto [CE, Name] : Scan.Width32) {
      const Expr *Delta = CE->getArg(deltaIndex(Name))->IgnoreParenImpCasts();
      const Expr *Width = CE->getArg(deltaIndex(Name) + 1)->IgnoreParenImpCasts();
      bool Ladder = HasSixteen && HasEight && rocmtidy::integerLiteralValue(Delta);
      const auto *DRE = dyn_cast<DeclRefExpr>(Delta);
      const auto *Counter = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
      if (!Ladder && !(Counter && Counters.contains(Counter)))
        continue;
      SourceLocation Loc = Width->getBeginLoc();
      // A 32 from a macro's body is a named width (a tile size, or a warp-size macro reported at its
      // definition), unless the same macro writes the whole shuffle.
      if (fromWarpSizeMacro(Loc) || skipForMacro(CE->getBeginLoc()))
        continue;
      if (inMacroBody(Loc) &&
          !(inMacroBody(CE->getBeginLoc()) && SM.getExpansionLoc(Loc) == SM.getExpansionLoc(CE->getBeginLoc())))
        continue;
      auto D = diag(Loc, "shuffle width of 32 splits the reduction into 32-lane halves; %0, so lanes 32-63 get a "
                         "separate result: use 'warpSize'")
               << Wave64;
      if (Loc.isFileID())
        D << FixItHint::CreateReplacement(Width->getSourceRange(), "warpSize");
    }
  }

  if (Largest == 16 && HasEight)
    for (auto [CE, Offset] : Scan.LadderSteps) {
      StringRef Name = rocmtidy::calleeName(CE);
      const Expr *Delta = CE->getArg(deltaIndex(Name));
      if (Offset != 16 || isSegmented(CE, Name, Ctx) || skipForMacro(Delta->getBeginLoc()) ||
          fromWarpSizeMacro(Delta->getBeginLoc()))
        continue;
      diag(Delta->getBeginLoc(), "shuffle reduction starts at lane offset 16 and combines 32 lanes only; %0: add "
                                 "a step at offset 32, or loop from 'warpSize / 2'")
          << Wave64;
    }
}

} // namespace clang::tidy::rocm
