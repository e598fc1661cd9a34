#include "ast/LaunchRecognizer.h"

#include "ast/ConstantValue.h"
#include "ast/LaunchConfig.h"
#include "core/LaunchApiTable.h"

#include "ast/MacroChain.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"

namespace rocmtidy {

using namespace clang;
using namespace clang::ast_matchers;

// How many '&' and casts kernelFromExpr looks through.
static constexpr unsigned MaxUnwrap = 8;

llvm::StringRef KernelLaunch::spelling() const { return Api ? llvm::StringRef(Api->Name) : "<<<>>>"; }

const FunctionDecl *kernelFromExpr(const Expr *E) {
  if (!E || isDependentExpr(*E))
    return nullptr;
  for (unsigned I = 0; I < MaxUnwrap; ++I) {
    E = E->IgnoreParenCasts();
    if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_AddrOf) {
      E = U->getSubExpr();
      continue;
    }
    break;
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return dyn_cast<FunctionDecl>(DRE->getDecl());
  return nullptr;
}


std::optional<uint64_t> declaredMaxThreads(const FunctionDecl &Kernel, ASTContext &Ctx, const Attr **AttrOut) {
  for (const FunctionDecl *R : Kernel.redecls()) {
    if (const auto *LB = R->getAttr<CUDALaunchBoundsAttr>()) {
      if (AttrOut)
        *AttrOut = LB;
      return evaluateConstantInteger(LB->getMaxThreads(), Ctx);
    }
    if (const auto *FW = R->getAttr<AMDGPUFlatWorkGroupSizeAttr>()) {
      if (AttrOut)
        *AttrOut = FW;
      return evaluateConstantInteger(FW->getMax(), Ctx);
    }
  }
  return std::nullopt;
}

StatementMatcher launchCandidateMatcher(llvm::StringRef Id) {
  std::vector<llvm::StringRef> Names;
  for (const LaunchApi &A : launchApiTable().Apis)
    Names.push_back(A.Name);
  return callExpr(anyOf(cudaKernelCallExpr(), callee(functionDecl(hasAnyName(Names))))).bind(Id);
}

// The launch macro of the table (hipLaunchKernelGGL) whose name \p Name starts with.
static const LaunchApi *launchMacro(llvm::StringRef Name) {
  for (const LaunchApi &A : launchApiTable().Apis)
    if (A.Macro && Name.starts_with(A.Name))
      return &A;
  return nullptr;
}

// The 'hipLaunchKernelGGL' token that produced \p InMacro (a location inside the macro's
// expansion), or an invalid location when no such macro is involved. The outermost one wins:
// ROCm's hipLaunchKernelGGL forwards to hipLaunchKernelGGLInternal.
static SourceLocation launchMacroToken(SourceLocation InMacro, const SourceManager &SM, const LangOptions &LO,
                                       const LaunchApi *&Macro) {
  SourceLocation Found;
  anyMacroCaller(InMacro, SM, LO, [&](StringRef Name, SourceLocation Step) {
    if (const LaunchApi *A = launchMacro(Name)) {
      Found = SM.getImmediateExpansionRange(Step).getBegin();
      Macro = A;
    }
    return false; // the outermost one wins: walk the whole chain
  });
  return Found;
}

// Where an API's grid is written: the three counts right before the three block dimensions
// (hipModuleLaunchKernel), or the argument right before the block argument; -1 when there is none.
static int gridCountsArg(const LaunchApi &Api) { return Api.BlockDimArgs.empty() ? -1 : Api.BlockDimArgs[0] - 3; }
static int gridArg(const LaunchApi &Api) { return Api.BlockArg - 1 != Api.KernelArg ? Api.BlockArg - 1 : -1; }

std::vector<const Expr *> launchShapeArgs(const CallExpr &E) {
  std::vector<const Expr *> Out;
  if (const auto *K = dyn_cast<CUDAKernelCallExpr>(&E)) {
    if (const CallExpr *Config = K->getConfig(); Config && Config->getNumArgs() >= 2)
      Out = {Config->getArg(0), Config->getArg(1)};
    return Out;
  }
  const FunctionDecl *Callee = E.getDirectCallee();
  const LaunchApi *Api = Callee && Callee->getIdentifier() ? launchApiTable().find(Callee->getName()) : nullptr;
  if (!Api || E.getNumArgs() < Api->MinArgs)
    return Out;
  auto Add = [&](int I) {
    if (I >= 0 && unsigned(I) < E.getNumArgs())
      Out.push_back(E.getArg(I));
  };
  if (!Api->BlockDimArgs.empty()) {
    for (int I = 0; I < 3; ++I)
      Add(Api->BlockDimArgs[I]);
    if (int First = gridCountsArg(*Api); First >= 0)
      for (int I = 0; I < 3; ++I)
        Add(First + I);
  } else if (Api->ConfigArg < 0) {
    Add(Api->BlockArg);
    Add(gridArg(*Api));
  }
  return Out;
}

std::optional<KernelLaunch> recogniseLaunch(const CallExpr &E, ASTContext &Ctx) {
  if (E.isInstantiationDependent() || E.containsErrors())
    return std::nullopt;
  const SourceManager &SM = Ctx.getSourceManager();
  KernelLaunch L;
  L.Call = &E;

  if (const auto *K = dyn_cast<CUDAKernelCallExpr>(&E)) {
    const CallExpr *Config = K->getConfig();
    if (!Config || Config->getNumArgs() < 2)
      return std::nullopt;
    // The HIP headers' own launch code (the function-template hipLaunchKernelGGL of newer HIP)
    // is reported where the user calls it, through the API match.
    if (SM.isInSystemHeader(SM.getExpansionLoc(E.getBeginLoc())))
      return std::nullopt;
    L.Kernel = E.getDirectCallee();
    L.Grid = evaluateDim3(Config->getArg(0), Ctx);
    L.BlockArg = Config->getArg(1);
    L.Block = evaluateDim3(L.BlockArg, Ctx);
    if (Config->getNumArgs() > 2) {
      const Expr *Smem = Config->getArg(2);
      if (!isa<CXXDefaultArgExpr>(Smem))
        L.SharedMemArg = Smem;
      L.SharedMemBytes = evaluateConstantInteger(Smem, Ctx);
    } else {
      L.SharedMemBytes = 0;
    }
    const LaunchApi *MacroApi = nullptr;
    SourceLocation Macro = launchMacroToken(Config->getBeginLoc(), SM, Ctx.getLangOpts(), MacroApi);
    if (Macro.isValid()) {
      L.Api = MacroApi;
      L.Loc = SM.getFileLoc(Macro);
    } else {
      // A chevron written in a macro of the user's is reported where the macro is used.
      L.Loc = Config->getBeginLoc().isMacroID() ? SM.getFileLoc(Config->getBeginLoc())
                                                : SM.getFileLoc(E.getBeginLoc());
    }
    return L;
  }

  const FunctionDecl *Callee = E.getDirectCallee();
  if (!Callee || !Callee->getIdentifier())
    return std::nullopt;
  const LaunchApi *Api = launchApiTable().find(Callee->getName());
  if (!Api || E.getNumArgs() < Api->MinArgs)
    return std::nullopt;
  L.Api = Api;
  L.Loc = SM.getFileLoc(E.getBeginLoc());
  auto arg = [&](int I) -> const Expr * { return I >= 0 && (unsigned)I < E.getNumArgs() ? E.getArg(I) : nullptr; };
  L.Kernel = kernelFromExpr(arg(Api->KernelArg));
  if (!Api->BlockDimArgs.empty()) {
    L.Block = {evaluateConstantInteger(arg(Api->BlockDimArgs[0]), Ctx),
               evaluateConstantInteger(arg(Api->BlockDimArgs[1]), Ctx),
               evaluateConstantInteger(arg(Api->BlockDimArgs[2]), Ctx)};
    if (int First = gridCountsArg(*Api); First >= 0)
      L.Grid = {evaluateConstantInteger(arg(First), Ctx), evaluateConstantInteger(arg(First + 1), Ctx),
                evaluateConstantInteger(arg(First + 2), Ctx)};
  } else if (const Expr *Config = arg(Api->ConfigArg)) {
    LaunchConfigValue V = evaluateLaunchConfig(Config, E, Ctx);
    L.Grid = V.Grid;
    L.Block = V.Block;
    L.SharedMemBytes = V.SharedMemBytes;
    return L;
  } else {
    L.BlockArg = arg(Api->BlockArg);
    if (!L.BlockArg)
      return std::nullopt;
    L.Block = evaluateDim3(L.BlockArg, Ctx);
    if (const Expr *G = arg(gridArg(*Api)))
      L.Grid = evaluateDim3(G, Ctx);
  }
  if (const Expr *Smem = arg(Api->SharedMemArg)) {
    if (!isa<CXXDefaultArgExpr>(Smem))
      L.SharedMemArg = Smem;
    L.SharedMemBytes = evaluateConstantInteger(Smem, Ctx);
  }
  return L;
}

StatementMatcher funcSetAttributeMatcher(llvm::StringRef Id) {
  std::vector<llvm::StringRef> Names(launchApiTable().FuncSetAttribute.begin(),
                                     launchApiTable().FuncSetAttribute.end());
  return callExpr(callee(functionDecl(hasAnyName(Names))), argumentCountIs(3))
      .bind(Id);
}

std::optional<DynamicSharedMemoryAttribute> recogniseDynamicSharedMemoryAttribute(const CallExpr &E,
                                                                                  ASTContext &Ctx) {
  if (E.getNumArgs() != 3 || E.isInstantiationDependent() || E.containsErrors())
    return std::nullopt;
  // The attribute is an enumerator (or something evaluating to one); compare by its name so
  // that HIP's and CUDA's enums both work.
  const Expr *AttrArg = E.getArg(1)->IgnoreParenImpCasts();
  const auto *ET = AttrArg->getType()->getAs<EnumType>();
  std::optional<uint64_t> AttrValue = evaluateConstantInteger(AttrArg, Ctx);
  if (!ET || !AttrValue)
    return std::nullopt;
  bool IsMaxDynamic = false;
  for (const EnumConstantDecl *C : ET->getDecl()->enumerators())
    if (C->getInitVal().getLimitedValue() == *AttrValue &&
        C->getName().ends_with("FuncAttributeMaxDynamicSharedMemorySize"))
      IsMaxDynamic = true;
  if (!IsMaxDynamic)
    return std::nullopt;
  DynamicSharedMemoryAttribute A;
  A.Call = &E;
  A.Loc = Ctx.getSourceManager().getFileLoc(E.getBeginLoc());
  A.Kernel = kernelFromExpr(E.getArg(0));
  A.Bytes = evaluateConstantInteger(E.getArg(2), Ctx);
  if (!A.Bytes)
    return std::nullopt;
  return A;
}

} // namespace rocmtidy
