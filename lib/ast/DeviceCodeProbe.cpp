#include "ast/DeviceCodeProbe.h"

#include "ast/DeviceSplitMacros.h"
#include "ast/UserCode.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace rocmtidy {

bool namesDeviceCompileSwitch(llvm::StringRef Name) {
  if (DeviceSplitMacros::isDeviceOnlyMacro(Name) || Name == "__CUDA_ARCH__" || Name == "__NVPTX__" ||
      Name == "__SYCL_DEVICE_ONLY__")
    return true;
  // Libraries wrap the compiler's switch in their own names (THRUST_IS_DEVICE_CODE, NV_IS_DEVICE,
  // KOKKOS_IF_ON_DEVICE, CUB_PTX_ARCH, a project's MY_DEVICE_COMPILE): any name that says so.
  for (llvm::StringRef Part : {"DEVICE_COMPILE", "CUDA_ARCH", "IS_DEVICE", "ON_DEVICE", "DEVICE_ONLY", "DEVICE_CODE",
                               "PTX_ARCH", "NV_IF_TARGET", "NV_DISPATCH_TARGET", "AMDGCN", "__gfx", "__GFX"})
    if (Name.contains(Part))
      return true;
  return false;
}

namespace {

std::string placeOf(const SourceManager &SM, SourceLocation Loc) {
  PresumedLoc P = SM.getPresumedLoc(SM.getFileLoc(Loc));
  if (P.isInvalid())
    return "";
  return std::string(" (") + P.getFilename() + ":" + std::to_string(P.getLine()) + ")";
}

// The first identifier of \p Text that names a device-compile switch; empty if none.
llvm::StringRef firstSwitchIn(llvm::StringRef Text) {
  size_t I = 0;
  while (I < Text.size()) {
    if (!llvm::isAlpha(Text[I]) && Text[I] != '_') {
      ++I;
      continue;
    }
    size_t J = I;
    while (J < Text.size() && (llvm::isAlnum(Text[J]) || Text[J] == '_'))
      ++J;
    llvm::StringRef Word = Text.slice(I, J);
    if (namesDeviceCompileSwitch(Word))
      return Word;
    I = J;
  }
  return {};
}

class SwitchCallbacks : public PPCallbacks {
public:
  SwitchCallbacks(const SourceManager &SM, const LangOptions &LO, DeviceCodeSeen &Out) : SM(SM), LO(LO), Out(Out) {}

  void Ifdef(SourceLocation Loc, const Token &Name, const MacroDefinition &) override { name(Loc, Name); }
  void Ifndef(SourceLocation Loc, const Token &Name, const MacroDefinition &) override { name(Loc, Name); }
  void Elifdef(SourceLocation Loc, const Token &Name, const MacroDefinition &) override { name(Loc, Name); }
  void Elifndef(SourceLocation Loc, const Token &Name, const MacroDefinition &) override { name(Loc, Name); }
  void If(SourceLocation Loc, SourceRange Cond, ConditionValueKind) override { condition(Loc, Cond); }
  void Elif(SourceLocation Loc, SourceRange Cond, ConditionValueKind, SourceLocation) override { condition(Loc, Cond); }
  // '#define ON_GPU defined(__HIP_DEVICE_COMPILE__)' tested later as '#if ON_GPU'.
  void MacroDefined(const Token &Name, const MacroDirective *MD) override {
    if (Out.found() || !MD || !isUserCode(SM, Name.getLocation()))
      return;
    if (const MacroInfo *MI = MD->getMacroInfo())
      for (const Token &T : MI->tokens())
        if (const IdentifierInfo *II = T.getIdentifierInfo(); II && namesDeviceCompileSwitch(II->getName())) {
          Out.Why = "'" + II->getName().str() + "' in the definition of macro '" +
                    (Name.getIdentifierInfo() ? Name.getIdentifierInfo()->getName().str() : std::string()) + "'" +
                    placeOf(SM, Name.getLocation());
          return;
        }
  }

private:
  void name(SourceLocation Loc, const Token &Name) {
    if (Out.found() || !isUserCode(SM, Loc))
      return;
    if (const IdentifierInfo *II = Name.getIdentifierInfo(); II && namesDeviceCompileSwitch(II->getName()))
      Out.Why = "'" + II->getName().str() + "' in a conditional" + placeOf(SM, Loc);
  }
  void condition(SourceLocation Loc, SourceRange Cond) {
    if (Out.found() || !isUserCode(SM, Loc) || Cond.isInvalid())
      return;
    bool Invalid = false;
    llvm::StringRef Text = Lexer::getSourceText(CharSourceRange::getTokenRange(Cond), SM, LO, &Invalid);
    if (Invalid)
      return;
    if (llvm::StringRef W = firstSwitchIn(Text); !W.empty())
      Out.Why = "'" + W.str() + "' in a conditional" + placeOf(SM, Loc);
  }

  const SourceManager &SM;
  const LangOptions &LO;
  DeviceCodeSeen &Out;
};

bool explicitAttr(const Attr *A) { return A && !A->isImplicit(); }

class DeviceDeclFinder : public RecursiveASTVisitor<DeviceDeclFinder> {
public:
  DeviceDeclFinder(const SourceManager &SM, DeviceCodeSeen &Out) : SM(SM), Out(Out) {}
  bool shouldVisitTemplateInstantiations() const { return false; }
  bool shouldVisitLambdaBody() const { return true; }

  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (FD->hasAttr<CUDAGlobalAttr>())
      return record("kernel", FD);
    // A declaration alone is no code; constexpr functions are device functions implicitly in HIP,
    // as callable there, not as device code of the user's.
    if (FD->doesThisDeclarationHaveABody() && explicitAttr(FD->getAttr<CUDADeviceAttr>()))
      return record("device function", FD);
    return true;
  }
  bool VisitVarDecl(VarDecl *VD) {
    if (explicitAttr(VD->getAttr<CUDASharedAttr>()) || explicitAttr(VD->getAttr<CUDAConstantAttr>()) ||
        explicitAttr(VD->getAttr<CUDADeviceAttr>()))
      return record("device variable", VD);
    return true;
  }
  bool VisitLambdaExpr(LambdaExpr *LE) {
    if (const CXXMethodDecl *Call = LE->getCallOperator(); Call && explicitAttr(Call->getAttr<CUDADeviceAttr>())) {
      Out.Why = "a device lambda" + placeOf(SM, LE->getBeginLoc());
      return false;
    }
    return true;
  }

private:
  bool record(const char *What, const NamedDecl *D) {
    Out.Why = std::string(What) + " '" + D->getNameAsString() + "'" + placeOf(SM, D->getLocation());
    return false; // one reason is enough
  }
  const SourceManager &SM;
  DeviceCodeSeen &Out;
};

class Probe : public ASTConsumer {
public:
  explicit Probe(DeviceCodeSeen &Out) : Out(Out) {}
  void HandleTranslationUnit(ASTContext &Ctx) override {
    if (Out.found())
      return;
    DeviceDeclFinder Finder(Ctx.getSourceManager(), Out);
    for (Decl *D : userTopLevelDecls(Ctx))
      if (!Finder.TraverseDecl(D))
        return;
  }

private:
  DeviceCodeSeen &Out;
};

} // namespace

std::unique_ptr<ASTConsumer> makeDeviceCodeProbe(CompilerInstance &CI, DeviceCodeSeen &Out) {
  Out = DeviceCodeSeen();
  Preprocessor &PP = CI.getPreprocessor();
  PP.addPPCallbacks(std::make_unique<SwitchCallbacks>(CI.getSourceManager(), CI.getLangOpts(), Out));
  return std::make_unique<Probe>(Out);
}

} // namespace rocmtidy
