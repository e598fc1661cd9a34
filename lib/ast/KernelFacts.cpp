#include "ast/KernelFacts.h"

#include "ast/LaunchTally.h"
#include "ast/StaticLds.h"
#include "ast/UserCode.h"
#include "core/BuildSwitches.h"

#include "ast/MacroChain.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"

using namespace clang;

namespace rocmtidy {

namespace {

// The bound of a kernel template when it is one of its own non-type parameters
// (__launch_bounds__(B)): other files evaluate it with their launch's template arguments.
const NonTypeTemplateParmDecl *boundParameter(const Expr *E) {
  if (!E)
    return nullptr;
  if (const auto *R = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    return dyn_cast<NonTypeTemplateParmDecl>(R->getDecl());
  return nullptr;
}

std::string realPathOf(const SourceManager &SM, FileID FID) {
  OptionalFileEntryRef File = SM.getFileEntryRefForID(FID);
  if (!File)
    return "";
  StringRef Real = File->getFileEntry().tryGetRealPathName();
  return (Real.empty() ? File->getName() : Real).str();
}

class KernelVisitor : public RecursiveASTVisitor<KernelVisitor> {
  // HIP's headers define __launch_bounds__ as amdgpu_flat_work_group_size(1, N): a note names the
  // attribute as the user wrote it.
  bool writtenAsLaunchBounds(const Attr &A) const {
    return writtenThroughMacro(A.getLocation(), "__launch_bounds__", SM, Ctx.getLangOpts());
  }

public:
  KernelVisitor(ASTContext &Ctx, std::vector<KernelDefinition> &Out) : Ctx(Ctx), SM(Ctx.getSourceManager()), Out(Out) {}

  bool shouldVisitTemplateInstantiations() const { return false; }

  // A kernel in a system header is no fact of the project (below), and a system header's
  // declarations nest only its own: the walk leaves them, most of a HIP unit, out.
  bool TraverseDecl(Decl *D) {
    if (D && !isa<TranslationUnitDecl>(D) && !isUserCode(SM, D->getLocation()))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }

  bool VisitFunctionDecl(FunctionDecl *F) {
    if (!F->hasAttr<CUDAGlobalAttr>() || !F->doesThisDeclarationHaveABody() || F->isTemplateInstantiation())
      return true;
    // Internal kernels cannot be launched from another file.
    if (F->isInAnonymousNamespace() || F->getStorageClass() == SC_Static)
      return true;
    SourceLocation Loc = SM.getFileLoc(F->getLocation());
    if (Loc.isInvalid() || !isUserCode(SM, Loc))
      return true;
    KernelDefinition K;
    K.File = realPathOf(SM, SM.getFileID(Loc));
    if (K.File.empty())
      return true;
    K.Display = K.File;
    K.Name = F->getQualifiedNameAsString();
    K.Params = F->getNumParams();
    K.Line = SM.getSpellingLineNumber(Loc);
    if (const FunctionTemplateDecl *Template = F->getDescribedFunctionTemplate())
      for (const NamedDecl *P : *Template->getTemplateParameters())
        K.TemplateParams.push_back(P->getName().str());

    const Expr *Bound = nullptr;
    if (const auto *A = F->getAttr<CUDALaunchBoundsAttr>()) {
      Bound = A->getMaxThreads();
    } else if (const auto *A = F->getAttr<AMDGPUFlatWorkGroupSizeAttr>()) {
      Bound = A->getMax();
      K.FlatWorkGroupSize = !writtenAsLaunchBounds(*A);
    }
    if (Bound) {
      K.HasBounds = true;
      if (!Bound->isValueDependent()) {
        if (std::optional<llvm::APSInt> V = Bound->getIntegerConstantExpr(Ctx); V && V->isStrictlyPositive())
          K.MaxThreads = V->getZExtValue();
      } else if (const NonTypeTemplateParmDecl *P = boundParameter(Bound)) {
        K.BoundParam = P->getName().str();
      }
    }
    // A template's storage may depend on its arguments; its pattern has no sizes yet.
    if (!F->isDependentContext())
      K.StaticLdsBytes = computeStaticLds(*F, Ctx).Bytes;
    Out.push_back(std::move(K));
    return true;
  }

private:
  ASTContext &Ctx;
  const SourceManager &SM;
  std::vector<KernelDefinition> &Out;
};

// The quoted #include directives of each skipped block, read with clang's raw lexer (the block is
// not preprocessed, so its tokens are raw).
class SkippedIncludeRecorder : public PPCallbacks {
public:
  SkippedIncludeRecorder(Preprocessor &PP, std::vector<SkippedInclude> &Out)
      : PP(PP), SM(PP.getSourceManager()), LO(PP.getLangOpts()), Out(Out) {}

  void SourceRangeSkipped(SourceRange Range, SourceLocation EndifLoc) override {
    SourceLocation B = Range.getBegin(), E = Range.getEnd();
    if (B.isInvalid() || E.isInvalid() || !B.isFileID() || !E.isFileID() || !isUserCode(SM, B))
      return;
    FileID FID = SM.getFileID(B);
    if (SM.getFileID(E) != FID)
      return;
    bool Invalid = false;
    StringRef Buf = SM.getBufferData(FID, &Invalid);
    unsigned BOff = SM.getFileOffset(B), EOff = SM.getFileOffset(E);
    if (Invalid || BOff > EOff || EOff > Buf.size())
      return;
    std::string Includer = realPathOf(SM, FID);
    if (Includer.empty())
      return;
    Lexer L(SM.getLocForStartOfFile(FID), LO, Buf.begin(), Buf.begin() + BOff, Buf.end());
    L.SetCommentRetentionState(false);
    // One entry per conditional open in the range, true while its current arm tests a HIP switch
    // this parse did not define; the range's first directive opens the outermost arm.
    std::vector<bool> Unsettled;
    Token T;
    while (!L.LexFromRawLexer(T) && SM.getFileOffset(T.getLocation()) < EOff) {
      if (!T.is(tok::hash) || !T.isAtStartOfLine())
        continue;
      Token Name;
      if (L.LexFromRawLexer(Name) || !Name.is(tok::raw_identifier))
        continue;
      StringRef Directive = Name.getRawIdentifier();
      if (Directive.starts_with("if") || Directive.starts_with("el")) {
        bool Opens = Directive.starts_with("if") || Unsettled.empty();
        bool Hip = Directive != "else" && Directive != "ifndef" && Directive != "elifndef" &&
                   conditionTestsUndefinedHipSwitch(L);
        if (Opens)
          Unsettled.push_back(Hip);
        else
          Unsettled.back() = Hip;
        continue;
      }
      if (Directive == "endif") {
        if (!Unsettled.empty())
          Unsettled.pop_back();
        continue;
      }
      if (Directive != "include" && Directive != "include_next" && Directive != "import")
        continue;
      Token Arg;
      L.LexFromRawLexer(Arg);
      if (!Arg.is(tok::string_literal) || Arg.isAtStartOfLine())
        continue;
      StringRef Text(Arg.getLiteralData(), Arg.getLength());
      if (Text.size() < 2 || !Text.starts_with("\"") || !Text.ends_with("\""))
        continue;
      // An arm of the project's HIP switch (UMPIRE_ENABLE_HIP, USE_ROCM) was skipped because this
      // parse lacks the define, which the HIP build gets from a configured header or a flag the walk
      // did not reach; that build takes the arm, so its includes are no evidence of code outside it.
      if (std::find(Unsettled.begin(), Unsettled.end(), true) != Unsettled.end())
        continue;
      Out.push_back(
          {Includer, SM.getLineNumber(FID, SM.getFileOffset(T.getLocation())), Text.drop_front().drop_back().str()});
    }
  }

private:
  // Reads the rest of a directive's line from \p L.
  bool conditionTestsUndefinedHipSwitch(Lexer &L) {
    const BuildSwitchTable &Switches = buildSwitchTable();
    bool Found = false;
    Token T;
    while (!L.LexFromRawLexer(T) && !T.isAtStartOfLine()) {
      if (!T.is(tok::raw_identifier) || Found)
        continue;
      StringRef Name = T.getRawIdentifier();
      std::string Lower = Name.lower();
      bool Hip = Switches.Hip.count(Lower) != 0 || Switches.vendorByParts(Lower) == BuildSwitchTable::Vendor::Hip;
      Found = Hip && !PP.isMacroDefined(Name);
    }
    // The token that ended the line starts the next one: a directive's '#' must not be lost.
    if (T.isAtStartOfLine())
      L.seek(SM.getFileOffset(T.getLocation()), /*IsAtStartOfLine=*/true);
    return Found;
  }

  Preprocessor &PP;
  const SourceManager &SM;
  const LangOptions &LO;
  std::vector<SkippedInclude> &Out;
};

class FactsConsumer : public ASTConsumer {
public:
  explicit FactsConsumer(TranslationUnitFacts &Out) : Out(Out) {}
  void HandleTranslationUnit(ASTContext &Ctx) override {
    std::vector<KernelDefinition> Found = collectKernelDefinitions(Ctx);
    Out.Kernels.insert(Out.Kernels.end(), std::make_move_iterator(Found.begin()), std::make_move_iterator(Found.end()));
    std::vector<KernelLaunches> Launched = collectKernelLaunches(Ctx);
    Out.Launches.insert(Out.Launches.end(), std::make_move_iterator(Launched.begin()),
                        std::make_move_iterator(Launched.end()));
  }

private:
  TranslationUnitFacts &Out;
};

// Every launch and mention of a kernel in the unit's own code (system headers are skipped whole,
// as the kernels' walk does); template patterns only, as the warp check reads them.
class LaunchVisitor : public RecursiveASTVisitor<LaunchVisitor> {
public:
  LaunchVisitor(ASTContext &Ctx, LaunchTally &Tally) : SM(Ctx.getSourceManager()), Tally(Tally) {}
  bool TraverseDecl(Decl *D) {
    if (D && !isa<TranslationUnitDecl>(D) && !isUserCode(SM, D->getLocation()))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    Tally.noteReference(E);
    return true;
  }
  bool VisitOverloadExpr(OverloadExpr *E) {
    Tally.noteReference(E);
    return true;
  }
  bool VisitCallExpr(CallExpr *E) {
    Tally.noteLaunch(E);
    return true;
  }

private:
  const SourceManager &SM;
  LaunchTally &Tally;
};

} // namespace

std::vector<KernelLaunches> collectKernelLaunches(ASTContext &Ctx) {
  LaunchTally Tally(Ctx);
  LaunchVisitor(Ctx, Tally).TraverseDecl(Ctx.getTranslationUnitDecl());
  std::vector<KernelLaunches> Out;
  for (const auto &[Kernel, E] : Tally.entries()) {
    // Internal kernels cannot be defined in another file; their own unit sees their launches.
    if (Kernel->isInAnonymousNamespace() || Kernel->getStorageClass() == SC_Static)
      continue;
    KernelLaunches L = E.Blocks;
    L.Name = Kernel->getQualifiedNameAsString();
    L.Params = Kernel->getNumParams();
    L.Unknown = !E.complete();
    Out.push_back(std::move(L));
  }
  return Out;
}

std::vector<KernelDefinition> collectKernelDefinitions(ASTContext &Ctx) {
  std::vector<KernelDefinition> Out;
  KernelVisitor(Ctx, Out).TraverseDecl(Ctx.getTranslationUnitDecl());
  return Out;
}

std::unique_ptr<ASTConsumer> makeFactsCollector(CompilerInstance &CI, TranslationUnitFacts &Out) {
  CI.getPreprocessor().addPPCallbacks(
      std::make_unique<SkippedIncludeRecorder>(CI.getPreprocessor(), Out.SkippedIncludes));
  return std::make_unique<FactsConsumer>(Out);
}

} // namespace rocmtidy
