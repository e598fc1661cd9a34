#include "ast/LaunchRecognizer.h"

#include "ast/ConstantValue.h"
#include "ast/LaunchConfig.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

namespace rocmtidy {

using namespace clang;
using namespace clang::ast_matchers;

// How many '&' and casts kernelFromExpr looks through.
static constexpr unsigned MaxUnwrap = 8;

llvm::StringRef launchFormName(LaunchForm F) {
  switch (F) {
  case LaunchForm::Chevron:
    return "<<<>>>";
  case LaunchForm::HipLaunchKernelGGL:
    return "hipLaunchKernelGGL";
  case LaunchForm::HipLaunchKernel:
    return "hipLaunchKernel";
  case LaunchForm::HipLaunchCooperativeKernel:
    return "hipLaunchCooperativeKernel";
  case LaunchForm::HipModuleLaunchKernel:
    return "hipModuleLaunchKernel";
  case LaunchForm::HipExtLaunchKernelGGL:
    return "hipExtLaunchKernelGGL";
  case LaunchForm::HipExtLaunchKernel:
    return "hipExtLaunchKernel";
  case LaunchForm::CudaLaunchKernel:
    return "cudaLaunchKernel";
  case LaunchForm::CudaLaunchCooperativeKernel:
    return "cudaLaunchCooperativeKernel";
  case LaunchForm::CudaLaunchKernelEx:
    return "cudaLaunchKernelEx";
  }
  return "";
}

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

namespace {

struct ApiShape {
  llvm::StringLiteral Name;
  LaunchForm Form;
  int KernelArg, BlockArg, SharedMemArg; // -1: not an argument of the call
};

// Argument positions from the HIP and CUDA runtime headers.
constexpr ApiShape ApiShapes[] = {
    {"hipLaunchKernelGGL", LaunchForm::HipLaunchKernelGGL, 0, 2, 3},
    {"hipLaunchKernel", LaunchForm::HipLaunchKernel, 0, 2, 4},
    {"hipLaunchCooperativeKernel", LaunchForm::HipLaunchCooperativeKernel, 0, 2, 4},
    {"hipModuleLaunchKernel", LaunchForm::HipModuleLaunchKernel, -1, -1, 7},
    {"hipExtLaunchKernelGGL", LaunchForm::HipExtLaunchKernelGGL, 0, 2, 3},
    {"hipExtLaunchKernel", LaunchForm::HipExtLaunchKernel, 0, 2, 4},
    {"cudaLaunchKernel", LaunchForm::CudaLaunchKernel, 0, 2, 4},
    {"cudaLaunchCooperativeKernel", LaunchForm::CudaLaunchCooperativeKernel, 0, 2, 4},
    {"cudaLaunchKernelEx", LaunchForm::CudaLaunchKernelEx, 1, -1, -1},
    {"cudaLaunchKernelExC", LaunchForm::CudaLaunchKernelEx, 1, -1, -1},
};

const ApiShape *findShape(llvm::StringRef Name) {
  for (const ApiShape &S : ApiShapes)
    if (S.Name == Name)
      return &S;
  return nullptr;
}

} // namespace

StatementMatcher launchCandidateMatcher(llvm::StringRef Id) {
  return callExpr(anyOf(cudaKernelCallExpr(),
                        callee(functionDecl(hasAnyName("hipLaunchKernelGGL", "hipLaunchKernel",
                                                       "hipLaunchCooperativeKernel", "hipModuleLaunchKernel",
                                                       "hipExtLaunchKernelGGL", "hipExtLaunchKernel",
                                                       "cudaLaunchKernel",
                                                       "cudaLaunchCooperativeKernel", "cudaLaunchKernelEx",
                                                       "cudaLaunchKernelExC")))))
      .bind(Id);
}

// The 'hipLaunchKernelGGL' token that produced \p InMacro (a location inside the macro's
// expansion), or an invalid location when no such macro is involved. The outermost one wins:
// ROCm's hipLaunchKernelGGL forwards to hipLaunchKernelGGLInternal.
static SourceLocation launchMacroToken(SourceLocation InMacro, const SourceManager &SM, const LangOptions &LO) {
  SourceLocation Found;
  SourceLocation L = InMacro;
  for (unsigned I = 0; L.isMacroID() && I < 32; ++I) {
    if (!SM.isMacroArgExpansion(L)) {
      StringRef Name = Lexer::getImmediateMacroName(L, SM, LO);
      if (Name.starts_with("hipLaunchKernelGGL"))
        Found = SM.getImmediateExpansionRange(L).getBegin();
    }
    L = SM.getImmediateMacroCallerLoc(L);
  }
  return Found;
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
    SourceLocation Macro = launchMacroToken(Config->getBeginLoc(), SM, Ctx.getLangOpts());
    if (Macro.isValid()) {
      L.Form = LaunchForm::HipLaunchKernelGGL;
      L.Loc = SM.getFileLoc(Macro);
    } else {
      L.Form = LaunchForm::Chevron;
      // A chevron written in a macro of the user's is reported where the macro is used.
      L.Loc = Config->getBeginLoc().isMacroID() ? SM.getFileLoc(Config->getBeginLoc())
                                                : SM.getFileLoc(E.getBeginLoc());
    }
    return L;
  }

  const FunctionDecl *Callee = E.getDirectCallee();
  if (!Callee || !Callee->getIdentifier())
    return std::nullopt;
  const ApiShape *Shape = findShape(Callee->getName());
  if (!Shape)
    return std::nullopt;
  L.Form = Shape->Form;
  L.Loc = SM.getFileLoc(E.getBeginLoc());
  auto arg = [&](int I) -> const Expr * { return I >= 0 && (unsigned)I < E.getNumArgs() ? E.getArg(I) : nullptr; };
  L.Kernel = kernelFromExpr(arg(Shape->KernelArg));
  if (Shape->Form == LaunchForm::HipModuleLaunchKernel) {
    if (E.getNumArgs() < 8)
      return std::nullopt;
    L.Block = {evaluateConstantInteger(E.getArg(4), Ctx), evaluateConstantInteger(E.getArg(5), Ctx), evaluateConstantInteger(E.getArg(6), Ctx)};
  } else if (Shape->Form == LaunchForm::CudaLaunchKernelEx) {
    if (E.getNumArgs() < 2)
      return std::nullopt;
    LaunchConfigValue Config = evaluateLaunchConfig(E.getArg(0), E, Ctx);
    L.Block = Config.Block;
    L.SharedMemBytes = Config.SharedMemBytes;
    return L;
  } else {
    L.BlockArg = arg(Shape->BlockArg);
    if (!L.BlockArg)
      return std::nullopt;
    L.Block = evaluateDim3(L.BlockArg, Ctx);
  }
  if (const Expr *Smem = arg(Shape->SharedMemArg)) {
    if (!isa<CXXDefaultArgExpr>(Smem))
      L.SharedMemArg = Smem;
    L.SharedMemBytes = evaluateConstantInteger(Smem, Ctx);
  }
  return L;
}

StatementMatcher funcSetAttributeMatcher(llvm::StringRef Id) {
  return callExpr(callee(functionDecl(hasAnyName("hipFuncSetAttribute", "cudaFuncSetAttribute"))),
                  argumentCountIs(3))
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
