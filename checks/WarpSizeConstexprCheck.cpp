#include "WarpSizeConstexprCheck.h"
#include "ast/StmtWalk.h"
#include "ast/ThreadIndex.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"

#include "llvm/Support/Regex.h"

using namespace clang::ast_matchers;

namespace clang::tidy::rocm {

WarpSizeConstexprCheck::WarpSizeConstexprCheck(StringRef Name, ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context), HostReads(Options.get("HostReads", true)) {}

void WarpSizeConstexprCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "HostReads", HostReads);
}

namespace {

// The syntactic places that need a constant expression. The check decides from where the name is
// written, not from what the headers say: HIP before 7.0 declares warpSize constexpr (the code
// compiles and breaks on upgrade), ROCm 7 and rocm-tidy's fallback header do not (the compiler
// already rejects some of these, and error recovery drops others from the AST).
enum class Use {
  Ignored, // unevaluated (sizeof, decltype) or nothing we can judge
  Runtime, // an ordinary read; a problem only on the host
  ArrayBound,
  SharedArrayBound,
  TemplateArgument,
  ConstexprInit,
  StaticMemberInit,
  DeviceVarInit,
  StaticAssert,
  CaseLabel,
  Enumerator,
  Alignment,
  BitFieldWidth,
  IfConstexpr,
  AttributeArgument,
  ConstantExpression,
  NarrowingInit,
};

const char *describe(Use U) {
  switch (U) {
  case Use::ArrayBound:
    return "an array bound";
  case Use::SharedArrayBound:
    return "the size of a __shared__ array";
  case Use::TemplateArgument:
    return "a template argument";
  case Use::ConstexprInit:
    return "a constexpr initializer";
  case Use::StaticMemberInit:
    return "the in-class initializer of a static member";
  case Use::DeviceVarInit:
    return "the initializer of a device variable";
  case Use::StaticAssert:
    return "a static_assert condition";
  case Use::CaseLabel:
    return "a case label";
  case Use::Enumerator:
    return "an enumerator value";
  case Use::Alignment:
    return "an alignment";
  case Use::BitFieldWidth:
    return "a bit-field width";
  case Use::IfConstexpr:
    return "an 'if constexpr' condition";
  case Use::AttributeArgument:
    return "an attribute argument";
  case Use::NarrowingInit:
    return "an element of a braced initializer that narrows it";
  case Use::ConstantExpression:
  default:
    return "a constant expression";
  }
}

// Sizes take the largest wavefront; everything that selects code by the width wants the width as a
// template parameter, so that each instantiation has its own constant.
const char *remedy(Use U) {
  switch (U) {
  case Use::ArrayBound:
  case Use::SharedArrayBound:
  case Use::Alignment:
  case Use::BitFieldWidth:
  case Use::AttributeArgument:
    return "size it by the largest wavefront (64), or by a template parameter chosen at launch from the "
           "device's warp size";
  case Use::NarrowingInit:
    return "initialize with '=' or convert explicitly (static_cast)";
  default:
    return "make the width a template parameter chosen at launch from the device's warp size "
           "(hipDeviceAttributeWarpSize)";
  }
}

bool isBuiltinWarpSize(const ValueDecl *D, const SourceManager &SM) {
  const auto *V = dyn_cast_or_null<VarDecl>(D);
  if (!V || !V->getDeclContext()->getRedeclContext()->isTranslationUnit())
    return false;
  const IdentifierInfo *II = V->getIdentifier();
  if (!II || II->getName() != "warpSize")
    return false;
  // HIP's own declaration lives in a system header (ROCm through -isystem or hipcc, the fallback
  // header, rocm-lint's built-in one) or, when a build names ROCm with a plain -I, in a header under
  // a hip/ directory; a user's global of that name is theirs to define.
  SourceLocation Loc = SM.getExpansionLoc(V->getLocation());
  if (SM.isInSystemHeader(Loc))
    return true;
  StringRef File = SM.getFilename(Loc);
  return File.contains("/hip/") || File.starts_with("hip/");
}

// clang's typo correction turns an undeclared name close to 'warpSize' (TVM's 'case kWarpSize:'
// when the header declaring it was not found) into a reference to warpSize at the same token: only
// a reference whose token is spelled 'warpSize' is one.
bool spelledWarpSize(const DeclRefExpr &R, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Spell = SM.getSpellingLoc(R.getLocation());
  return Lexer::getSourceText(CharSourceRange::getTokenRange(Spell), SM, Ctx.getLangOpts()) == "warpSize";
}

AST_MATCHER(DeclRefExpr, refersToBuiltinWarpSize) {
  const ASTContext &Ctx = Finder->getASTContext();
  return isBuiltinWarpSize(Node.getDecl(), Ctx.getSourceManager()) && spelledWarpSize(Node, Ctx);
}

// A const variable initialised from warpSize that is not itself constexpr: HIP before 7.0 lets it
// stand in for a constant; its constant uses are reported where they are.
AST_MATCHER(VarDecl, isInitializedFromWarpSize) {
  if (Node.isConstexpr() || !Node.getType().isConstQualified() || !Node.getType()->isIntegralOrEnumerationType())
    return false;
  const Expr *Init = Node.getInit();
  if (!Init)
    return false;
  const SourceManager &SM = Finder->getASTContext().getSourceManager();
  llvm::SmallVector<const Stmt *, 16> Stack{Init};
  while (!Stack.empty()) {
    const Stmt *S = Stack.pop_back_val();
    if (const auto *R = dyn_cast<DeclRefExpr>(S);
        R && isBuiltinWarpSize(R->getDecl(), SM) && spelledWarpSize(*R, Finder->getASTContext()))
      return true;
    for (const Stmt *C : S->children())
      if (C)
        Stack.push_back(C);
  }
  return false;
}

bool isCudaDeviceOrKernel(const Decl *D) { return D->hasAttr<CUDADeviceAttr>() || D->hasAttr<CUDAGlobalAttr>(); }

bool hasExplicitTemplateArgs(const Expr *E) {
  if (const auto *D = dyn_cast<DeclRefExpr>(E))
    return D->hasExplicitTemplateArgs();
  if (const auto *O = dyn_cast<OverloadExpr>(E))
    return O->hasExplicitTemplateArgs();
  if (const auto *M = dyn_cast<MemberExpr>(E))
    return M->hasExplicitTemplateArgs();
  if (const auto *D = dyn_cast<DependentScopeDeclRefExpr>(E))
    return D->hasExplicitTemplateArgs();
  if (const auto *M = dyn_cast<CXXDependentScopeMemberExpr>(E))
    return M->hasExplicitTemplateArgs();
  return false;
}

bool isStmtChild(const Expr *Parent, const Expr *Child) {
  for (const Stmt *C : Parent->children())
    if (C == Child)
      return true;
  return false;
}

struct UseSite {
  Use Kind = Use::Ignored;
  // For runtime reads: the function the read is in, or the variable whose initializer holds it.
  const FunctionDecl *Function = nullptr;
  const VarDecl *Global = nullptr;
};

struct WalkState {
  bool SawConstantExpr = false;
  bool InArrayBound = false; // decided: an array bound; looking for the declaration (__shared__?)
  ParentMapContext *Parents = nullptr; // the parents of the project's declarations
};

UseSite runtimeOr(const WalkState &St) {
  UseSite R;
  R.Kind = St.SawConstantExpr ? Use::ConstantExpression : Use::Runtime;
  return R;
}

UseSite decided(Use U) {
  UseSite R;
  R.Kind = U;
  return R;
}

UseSite walk(DynTypedNode Child, WalkState St, ASTContext &Ctx, unsigned Depth);

// 'unsigned n{warpSize / 2}': an element of a braced list converted from a signed integer to an
// unsigned or narrower integer, or to a floating type. That narrowing is allowed only for a
// constant whose value fits, which warpSize is no longer from ROCm 7 on.
bool narrowsInBraces(const Expr *List, const Expr *Element, const ASTContext &Ctx) {
  const auto *IL = dyn_cast<InitListExpr>(List);
  const auto *Cast = dyn_cast_or_null<ImplicitCastExpr>(Element);
  if (!IL || !Cast || List->isInstantiationDependent())
    return false;
  QualType From = Cast->getSubExpr()->getType(), To = Cast->getType();
  if (!From->isSignedIntegerType())
    return false;
  if (To->isRealFloatingType())
    return true;
  if (!To->isIntegerType() || To->isBooleanType())
    return false;
  return To->isUnsignedIntegerType() || Ctx.getTypeSize(To) < Ctx.getTypeSize(From);
}

// One step up: what the parent P says about the use that reached it through Child.
UseSite stepExpr(const Expr *E, const DynTypedNode &P, const Expr *ChildExpr, WalkState St, ASTContext &Ctx,
                 unsigned Depth) {
  if (isa<ConstantExpr>(E))
    St.SawConstantExpr = true;
  if (isa<UnaryExprOrTypeTraitExpr>(E) || isa<CXXNoexceptExpr>(E) || isa<CXXTypeidExpr>(E))
    return {};
  // The explicit template arguments of a name ('reduce<warpSize>(v)') hang off the expression
  // that names the template, not among its statement children.
  if (hasExplicitTemplateArgs(E) && ChildExpr && !isStmtChild(E, ChildExpr))
    return decided(Use::TemplateArgument);
  if (narrowsInBraces(E, ChildExpr, Ctx))
    return decided(Use::NarrowingInit);
  if (const auto *L = dyn_cast<LambdaExpr>(E)) {
    // A read in a lambda's body belongs to the lambda's call operator.
    UseSite R = runtimeOr(St);
    R.Function = L->getCallOperator();
    return R;
  }
  return walk(P, St, Ctx, Depth + 1);
}

UseSite stepTypeLoc(const TypeLoc &TL, const DynTypedNode &P, const Expr *ChildExpr, WalkState St, ASTContext &Ctx,
                    unsigned Depth) {
  if (TL.getAs<DecltypeTypeLoc>() || TL.getAs<TypeOfExprTypeLoc>())
    return {};
  if (TL.getAs<ArrayTypeLoc>() && ChildExpr) {
    St.InArrayBound = true;
    return walk(P, St, Ctx, Depth + 1);
  }
  if ((TL.getAs<TemplateSpecializationTypeLoc>() || TL.getAs<DependentTemplateSpecializationTypeLoc>()) && ChildExpr)
    return decided(Use::TemplateArgument);
  return walk(P, St, Ctx, Depth + 1);
}

UseSite stepStmt(const Stmt *S, const DynTypedNode &P, const Expr *ChildExpr, WalkState St, ASTContext &Ctx,
                 unsigned Depth) {
  if (const auto *C = dyn_cast<CaseStmt>(S); C && ChildExpr && (ChildExpr == C->getLHS() || ChildExpr == C->getRHS()))
    return decided(Use::CaseLabel);
  if (const auto *I = dyn_cast<IfStmt>(S); I && I->isConstexpr() && ChildExpr && ChildExpr == I->getCond())
    return decided(Use::IfConstexpr);
  // A statement: the value is read at run time; find the function it runs in.
  UseSite R = runtimeOr(St);
  // A copy: P may point into the ASTContext's parent map, which must not be written.
  DynTypedNode Cur = P;
  for (unsigned D = Depth; D < 512; ++D) {
    DynTypedNodeList Up = St.Parents->getParents(Cur);
    if (Up.empty())
      break;
    if (const auto *F = Up[0].get<FunctionDecl>()) {
      R.Function = F;
      return R;
    }
    if (const auto *L = Up[0].get<LambdaExpr>()) {
      R.Function = L->getCallOperator();
      return R;
    }
    Cur = Up[0];
  }
  return R;
}

UseSite stepVarInit(const VarDecl *V, const DynTypedNode &P, WalkState St, ASTContext &Ctx, unsigned Depth) {
  if (V->isConstexpr() || V->hasAttr<ConstInitAttr>())
    return decided(Use::ConstexprInit);
  if (V->isStaticDataMember() && !V->isOutOfLine())
    return decided(Use::StaticMemberInit);
  bool NamespaceScope = V->hasGlobalStorage() && !V->isStaticLocal() && !V->isStaticDataMember();
  if (NamespaceScope && (V->hasAttr<CUDADeviceAttr>() || V->hasAttr<CUDAConstantAttr>()))
    return decided(Use::DeviceVarInit);
  UseSite R = runtimeOr(St);
  if (NamespaceScope) {
    // Initialised on the host, before main.
    R.Global = V;
    return R;
  }
  return walk(P, St, Ctx, Depth + 1);
}

UseSite stepDecl(const Decl *D, const DynTypedNode &P, const Expr *ChildExpr, WalkState St, ASTContext &Ctx,
                 unsigned Depth) {
  if (const auto *V = dyn_cast<VarDecl>(D); V && ChildExpr && ChildExpr == V->getInit())
    return stepVarInit(V, P, St, Ctx, Depth);
  if (const auto *F = dyn_cast<FieldDecl>(D); F && ChildExpr && ChildExpr == F->getBitWidth())
    return decided(Use::BitFieldWidth);
  if (isa<EnumConstantDecl>(D))
    return decided(Use::Enumerator);
  if (isa<StaticAssertDecl>(D))
    return decided(Use::StaticAssert);
  if (isa<NonTypeTemplateParmDecl>(D))
    return decided(Use::TemplateArgument);
  // Default member initializers and default arguments are evaluated where they are used.
  if (isa<FieldDecl>(D) || isa<ParmVarDecl>(D))
    return {};
  if (const auto *F = dyn_cast<FunctionDecl>(D)) {
    UseSite R = runtimeOr(St);
    R.Function = F;
    return R;
  }
  if (isa<VarDecl>(D))
    return walk(P, St, Ctx, Depth + 1);
  return St.SawConstantExpr ? decided(Use::ConstantExpression) : UseSite{};
}

UseSite step(const DynTypedNode &P, const DynTypedNode &Child, WalkState St, ASTContext &Ctx, unsigned Depth) {
  const auto *ChildExpr = Child.get<Expr>();
  if (St.InArrayBound) {
    if (const auto *D = P.get<Decl>())
      return decided(D->hasAttr<CUDASharedAttr>() ? Use::SharedArrayBound : Use::ArrayBound);
    return walk(P, St, Ctx, Depth + 1);
  }
  if (const auto *E = P.get<Expr>())
    return stepExpr(E, P, ChildExpr, St, Ctx, Depth);
  if (P.get<TemplateArgumentLoc>() || P.get<TemplateArgument>())
    return decided(Use::TemplateArgument);
  if (const auto *TL = P.get<TypeLoc>())
    return stepTypeLoc(*TL, P, ChildExpr, St, Ctx, Depth);
  if (const auto *S = P.get<Stmt>())
    return stepStmt(S, P, ChildExpr, St, Ctx, Depth);
  if (const auto *A = P.get<Attr>())
    return decided(isa<AlignedAttr>(A) ? Use::Alignment : Use::AttributeArgument);
  if (const auto *D = P.get<Decl>())
    return stepDecl(D, P, ChildExpr, St, Ctx, Depth);
  return walk(P, St, Ctx, Depth + 1);
}

// Walks from the reference up to the construct that decides whether a constant is required. A
// non-dependent expression in a template is shared with the template's instantiations and has a
// parent in each; every parent is tried, and a constant context found through any of them wins
// (the syntax is the same).
UseSite walk(DynTypedNode Child, WalkState St, ASTContext &Ctx, unsigned Depth) {
  if (Depth > 256)
    return {};
  DynTypedNodeList Parents = St.Parents->getParents(Child);
  if (Parents.empty())
    return St.InArrayBound ? decided(Use::ArrayBound) : UseSite{};
  UseSite Best;
  bool HaveRuntime = false;
  for (const DynTypedNode &P : Parents) {
    UseSite R = step(P, Child, St, Ctx, Depth);
    if (R.Kind != Use::Ignored && R.Kind != Use::Runtime)
      return R;
    if (R.Kind == Use::Runtime && !HaveRuntime) {
      Best = R;
      HaveRuntime = true;
    }
  }
  return Best;
}

UseSite classify(const Expr *Ref, ASTContext &Ctx, ParentMapContext &Parents) {
  WalkState St;
  St.Parents = &Parents;
  return walk(DynTypedNode::create(*Ref), St, Ctx, 0);
}

// A local variable whose initializer is read when its declaration runs (what the walk above
// decides for such a variable: it goes on up to the function).
bool isRuntimeLocalInit(const DeclStmt &DS, const Stmt *Child) {
  for (const Decl *D : DS.decls())
    if (const auto *V = dyn_cast<VarDecl>(D); V && V->getInit() == Child)
      return V->isLocalVarDecl() && !V->isConstexpr() && !V->hasAttr<ConstInitAttr>();
  return false;
}

// The common case without the unit's parent map: a reference inside the body of \p FD whose
// statement parents up to the body hold nothing that could require a constant (no ConstantExpr,
// case label, if constexpr, unevaluated operand, template arguments, lambda, or declaration other
// than a plain local). Then it is a run-time read in FD, as the walk would find; anything else
// returns nothing and is left to the walk.
std::optional<UseSite> classifyInBody(const Expr *Ref, const FunctionDecl &FD, const ParentMap &PM) {
  const Stmt *Body = FD.getBody();
  const Stmt *Child = Ref;
  for (unsigned Depth = 0; Depth < 512; ++Depth) {
    const Stmt *P = PM.getParent(Child);
    if (!P)
      return std::nullopt;
    if (const auto *E = dyn_cast<Expr>(P)) {
      if (isa<ConstantExpr, UnaryExprOrTypeTraitExpr, CXXNoexceptExpr, CXXTypeidExpr, LambdaExpr, InitListExpr>(E) ||
          hasExplicitTemplateArgs(E))
        return std::nullopt;
    } else if (isa<CaseStmt>(P) || (isa<IfStmt>(P) && cast<IfStmt>(P)->isConstexpr())) {
      return std::nullopt;
    } else if (const auto *DS = dyn_cast<DeclStmt>(P); DS && !isRuntimeLocalInit(*DS, Child)) {
      return std::nullopt;
    }
    if (P == Body) {
      UseSite R;
      R.Kind = Use::Runtime;
      R.Function = &FD;
      return R;
    }
    Child = P;
  }
  return std::nullopt;
}

} // namespace

class WavefrontMacroCallbacks : public PPCallbacks {
public:
  WavefrontMacroCallbacks(WarpSizeConstexprCheck &Check, const SourceManager &SM) : Check(Check), SM(SM) {}

  void SourceRangeSkipped(SourceRange Range, SourceLocation EndifLoc) override {
    if (SM.isWrittenInMainFile(Range.getBegin()))
      Check.SkippedRanges.push_back(Range);
    // '#ifndef __AMDGCN_WAVEFRONT_SIZE' / '#define __AMDGCN_WAVEFRONT_SIZE 64' skipped because the
    // compiler still defines it: the project's own definition for when it stops.
    if (FallbackIfndef.isValid() && SM.getFileID(Range.getBegin()) == SM.getFileID(FallbackIfndef) &&
        SM.isBeforeInTranslationUnit(FallbackIfndef, Range.getEnd())) {
      bool Invalid = false;
      StringRef Text = Lexer::getSourceText(CharSourceRange::getCharRange(Range), SM, LangOptions(), &Invalid);
      static const llvm::Regex Define("#[ \t]*define[ \t]+__AMDGCN_WAVEFRONT_SIZE(__)?([ \t]|$)");
      for (StringRef Rest = Text; !Invalid && !Rest.empty();) {
        auto [Line, Next] = Rest.split('\n');
        Rest = Next;
        if (Line.contains("define") && Define.match(Line))
          ProjectDefines = true;
      }
    }
    FallbackIfndef = SourceLocation();
  }

  // '#define WARP_SIZE warpSize', '(warpSize / 2)': uses of the macro in dropped code are uses of
  // 'warpSize'. A body with any other name ('Tile<warpSize>') is judged where it is used.
  void MacroDefined(const Token &Name, const MacroDirective *MD) override {
    const MacroInfo *MI = MD ? MD->getMacroInfo() : nullptr;
    if (!MI || !MI->isObjectLike() || SM.isInSystemHeader(MI->getDefinitionLoc()))
      return;
    if (isWavefrontMacro(Name) && userFile(MI->getDefinitionLoc()))
      ProjectDefines = true;
    bool Names = false;
    for (const Token &T : MI->tokens()) {
      if (const IdentifierInfo *II = T.getIdentifierInfo(); II && II->getName() == "warpSize")
        Names = true;
      else if (!T.isOneOf(tok::numeric_constant, tok::l_paren, tok::r_paren, tok::star, tok::slash) &&
               !T.isOneOf(tok::plus, tok::minus, tok::lessless, tok::greatergreater))
        return;
    }
    if (Names)
      Check.WarpSizeMacros.insert(Name.getIdentifierInfo()->getName());
  }

  // Conditionals that test whether the compiler still defines the wavefront macro and have another
  // branch ('#ifdef __AMDGCN_WAVEFRONT_SIZE ... #else 64 #endif'): the code in them was written for
  // its removal, which takes that branch. Without one ('#ifdef' alone around '#define W
  // __AMDGCN_WAVEFRONT_SIZE', 'W' tested below) the removal still breaks what follows.
  void Defined(const Token &Name, const MacroDefinition &, SourceRange) override {
    TestingDefined = TestingDefined || isWavefrontMacro(Name);
  }
  void If(SourceLocation Loc, SourceRange, ConditionValueKind) override { openIfTested(Loc); }
  void Elif(SourceLocation, SourceRange, ConditionValueKind, SourceLocation IfLoc) override {
    openIfTested(IfLoc);
    WithFallback.insert(IfLoc);
  }
  void Else(SourceLocation, SourceLocation IfLoc) override { WithFallback.insert(IfLoc); }
  void Ifdef(SourceLocation Loc, const Token &Name, const MacroDefinition &) override {
    TestingDefined = isWavefrontMacro(Name);
    openIfTested(Loc);
  }
  void Ifndef(SourceLocation Loc, const Token &Name, const MacroDefinition &) override {
    TestingDefined = isWavefrontMacro(Name);
    if (TestingDefined && userFile(Loc))
      FallbackIfndef = Loc;
    openIfTested(Loc);
  }
  void Endif(SourceLocation Loc, SourceLocation IfLoc) override {
    if (auto It = llvm::find(OpenGuards, IfLoc); It != OpenGuards.end()) {
      OpenGuards.erase(It);
      if (WithFallback.contains(IfLoc))
        ClosedGuards.push_back({IfLoc, Loc});
    }
  }

  void MacroExpands(const Token &Name, const MacroDefinition &, SourceRange Range, const MacroArgs *) override {
    if (!isWavefrontMacro(Name))
      return;
    const IdentifierInfo *II = Name.getIdentifierInfo();
    // Where the name is written: the user's own macro body when one wraps it.
    SourceLocation Loc = SM.getSpellingLoc(Name.getLocation());
    if (Loc.isInvalid() || SM.isInSystemHeader(Loc) || SM.isWrittenInBuiltinFile(Loc) ||
        SM.isWrittenInCommandLineFile(Loc) || SM.isInSystemHeader(SM.getExpansionLoc(Range.getBegin())) ||
        underDefinedTest(Loc) || ProjectDefines)
      return;
    if (!Check.Reported.insert(Loc).second)
      return;
    Check.diag(Loc, "'%0' is deprecated and is being removed from the compiler; ROCm 7 warns about it: use "
                    "'warpSize' in device code, a template parameter chosen at launch where a constant is "
                    "needed, and the device's warp size (hipDeviceAttributeWarpSize) on the host")
        << II->getName();
  }

private:
  bool userFile(SourceLocation Loc) const {
    return Loc.isValid() && !SM.isInSystemHeader(Loc) && !SM.isWrittenInBuiltinFile(Loc) &&
           !SM.isWrittenInCommandLineFile(Loc);
  }
  static bool isWavefrontMacro(const Token &Name) {
    const IdentifierInfo *II = Name.getIdentifierInfo();
    return II && (II->getName() == "__AMDGCN_WAVEFRONT_SIZE" || II->getName() == "__AMDGCN_WAVEFRONT_SIZE__");
  }
  void openIfTested(SourceLocation IfLoc) {
    if (TestingDefined && !llvm::is_contained(OpenGuards, IfLoc))
      OpenGuards.push_back(IfLoc);
    TestingDefined = false;
  }
  bool underDefinedTest(SourceLocation Loc) const {
    auto SameFileBefore = [&](SourceLocation Begin) {
      return SM.getFileID(Begin) == SM.getFileID(Loc) && SM.isBeforeInTranslationUnit(Begin, Loc);
    };
    auto OpenWithFallback = [&](SourceLocation Begin) { return WithFallback.contains(Begin) && SameFileBefore(Begin); };
    return llvm::any_of(OpenGuards, OpenWithFallback) || llvm::any_of(ClosedGuards, [&](const SourceRange &R) {
             return SameFileBefore(R.getBegin()) && SM.isBeforeInTranslationUnit(Loc, R.getEnd());
           });
  }

  WarpSizeConstexprCheck &Check;
  const SourceManager &SM;
  /// The condition being read tests the wavefront macro with 'defined'.
  bool TestingDefined = false;
  /// Conditionals testing it: still open (their '#if'), and closed with a fallback (to their '#endif').
  llvm::SmallVector<SourceLocation, 2> OpenGuards;
  llvm::SmallVector<SourceRange, 2> ClosedGuards;
  /// Conditionals (their '#if') with an '#else' or '#elif' seen.
  llvm::DenseSet<SourceLocation> WithFallback;
  /// The '#ifndef __AMDGCN_WAVEFRONT_SIZE' whose block is being read or skipped.
  SourceLocation FallbackIfndef;
  /// The project defines the macro itself (in a block the compiler's own definition skips, or
  /// taken): its uses keep a value once the compiler stops defining it.
  bool ProjectDefines = false;
};

void WarpSizeConstexprCheck::registerPPCallbacks(const SourceManager &SM, Preprocessor *PP, Preprocessor *) {
  Reported.clear();
  this->PP = PP;
  PP->addPPCallbacks(std::make_unique<WavefrontMacroCallbacks>(*this, SM));
}

// Templates: a non-dependent reference is one node shared by the template and its instantiations
// (isInTemplateInstantiation() would drop it); a dependent one is rebuilt per instantiation at the
// same location. Either way one finding per location is kept.
void WarpSizeConstexprCheck::registerMatchers(MatchFinder *Finder) {
  // Seen from the function first (the traversal reaches a function before its body), so most
  // references are settled from the body's own statement parents; the second matcher sees the
  // rest (namespace scope, types, template arguments) through the unit's parent map.
  Finder->addMatcher(
      functionDecl(isDefinition(), unless(isExpansionInSystemHeader()),
                   hasBody(forEachDescendant(
                       declRefExpr(refersToBuiltinWarpSize(), unless(isExpansionInSystemHeader())).bind("in-body"))))
          .bind("function"),
      this);
  Finder->addMatcher(declRefExpr(refersToBuiltinWarpSize(), unless(isExpansionInSystemHeader())).bind("ref"), this);
  // The project's own entities named 'warpSize': the text of dropped code cannot tell them apart.
  Finder->addMatcher(valueDecl(hasName("warpSize"), unless(isExpansionInSystemHeader())).bind("user-name"), this);
  // A constant holding warpSize, used where a constant is required.
  Finder->addMatcher(
      declRefExpr(to(varDecl(isInitializedFromWarpSize()).bind("holder")), unless(isExpansionInSystemHeader()))
          .bind("held"),
      this);
  // Host functions calling __host__ __device__ ones; and where the main file names the latter.
  auto HostDevice = functionDecl(hasAttr(attr::CUDAHost), hasAttr(attr::CUDADevice));
  Finder->addMatcher(functionDecl(isDefinition(), unless(isExpansionInSystemHeader()),
                                  unless(hasAttr(attr::CUDADevice)), unless(hasAttr(attr::CUDAGlobal)),
                                  hasBody(forEachDescendant(
                                      callExpr(callee(functionDecl(HostDevice).bind("hd-callee"))).bind("host-call"))))
                         .bind("host-caller"),
                     this);
  Finder->addMatcher(declRefExpr(isExpansionInMainFile(), to(HostDevice)).bind("hd-ref"), this);
  Finder->addMatcher(functionDecl(isExpansionInMainFile(), HostDevice).bind("hd-decl"), this);
}

// The matches that only gather facts for the end of the unit.
bool WarpSizeConstexprCheck::gather(const MatchFinder::MatchResult &Result) {
  const SourceManager &SM = *Result.SourceManager;
  if (const auto *Call = Result.Nodes.getNodeAs<CallExpr>("host-call")) {
    noteHostCall(*Call, *Result.Nodes.getNodeAs<FunctionDecl>("host-caller"),
                 *Result.Nodes.getNodeAs<FunctionDecl>("hd-callee"));
    return true;
  }
  if (const auto *R = Result.Nodes.getNodeAs<DeclRefExpr>("hd-ref")) {
    NamedHostDevice.insert(SM.getSpellingLoc(R->getLocation()));
    return true;
  }
  if (const auto *F = Result.Nodes.getNodeAs<FunctionDecl>("hd-decl")) {
    NamedHostDevice.insert(SM.getSpellingLoc(F->getLocation()));
    return true;
  }
  if (const auto *Named = Result.Nodes.getNodeAs<ValueDecl>("user-name")) {
    // A template parameter, member or local of another file is out of the main file's reach (a
    // member spelled 'Cfg::warpSize' is told apart by its qualifier).
    bool Reaches = (isa<VarDecl>(Named) && Named->getDeclContext()->getRedeclContext()->isFileContext()) ||
                   SM.isInMainFile(SM.getExpansionLoc(Named->getLocation()));
    UserNamesWarpSize |= Reaches && !isBuiltinWarpSize(Named, SM);
    return true;
  }
  return false;
}

// The parents of the nodes of the project's own declarations. Every walk starts at a project's
// reference and stops at its function or declaration, so the system headers are left out: clang's
// parent map of the whole unit walks the HIP headers too, about 8% of a parse (the rocm-* checks
// on tools/bench/warp-size-bench.sh's 100-kernel file).
ParentMapContext &WarpSizeConstexprCheck::projectParents(ASTContext &Ctx) {
  if (ProjectParents)
    return *ProjectParents;
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<Decl *> Saved = Ctx.getTraversalScope(), Project;
  auto Keep = [&](Decl *D) {
    if (!SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation())))
      Project.push_back(D);
  };
  // Within the context's own scope: the whole unit for clang-tidy, the main file's declarations in
  // clangd (whose preamble is not to be loaded for this).
  for (Decl *D : Saved)
    if (const auto *TU = dyn_cast<TranslationUnitDecl>(D))
      llvm::for_each(TU->decls(), Keep);
    else
      Keep(D);
  // The map is built from the context's traversal scope when first asked, and the scope is given
  // back at once. (Setting a scope drops the context's own parent map; nothing of this check uses it.)
  Ctx.setTraversalScope(Project);
  ProjectParents = std::make_unique<ParentMapContext>(Ctx);
  ProjectParents->setTraversalKind(Ctx.getParentMapContext().getTraversalKind());
  ProjectParents->getParents(DynTypedNode::create(*Ctx.getTranslationUnitDecl()));
  Ctx.setTraversalScope(Saved);
  return *ProjectParents;
}

void WarpSizeConstexprCheck::check(const MatchFinder::MatchResult &Result) {
  ASTContext &Ctx = *Result.Context;
  if (gather(Result))
    return;
  const auto *Ref = Result.Nodes.getNodeAs<DeclRefExpr>("ref");
  const auto *Held = Result.Nodes.getNodeAs<DeclRefExpr>("held");
  std::optional<UseSite> Site;
  for (const DeclRefExpr *R : {Ref, Result.Nodes.getNodeAs<DeclRefExpr>("in-body")})
    if (R) {
      SeenRefs.insert(Result.SourceManager->getSpellingLoc(R->getLocation()));
      SeenExpansions.insert(Result.SourceManager->getExpansionLoc(R->getLocation()));
    }
  if (const auto *InBody = Result.Nodes.getNodeAs<DeclRefExpr>("in-body")) {
    const auto *FD = Result.Nodes.getNodeAs<FunctionDecl>("function");
    if (FD->getBody() != BodyOf) {
      BodyOf = FD->getBody();
      BodyParents = std::make_unique<ParentMap>(const_cast<Stmt *>(BodyOf));
    }
    Site = classifyInBody(InBody, *FD, *BodyParents);
    if (!Site)
      return;
    Settled.insert(InBody);
    Ref = InBody;
  } else if (Ref && Settled.contains(Ref)) {
    return;
  }
  const DeclRefExpr *E = Ref ? Ref : Held;
  if (!E)
    return;
  UseSite C = Site ? *Site : classify(E, Ctx, projectParents(Ctx));
  if (C.Kind == Use::Ignored)
    return;
  SourceLocation Loc = E->getLocation();
  if (C.Kind == Use::Runtime) {
    // A use of a constant holding warpSize is fine at run time; its initializer is judged on its own.
    if (Ref)
      reportRuntimeRead(*Ref, C.Function, C.Global, Site ? BodyParents.get() : nullptr, Ctx);
    return;
  }
  if (!Reported.insert(Loc).second)
    return;
  if (Ref) {
    diag(Loc, "'warpSize' used as %0, which needs a compile-time constant; ROCm 7 makes 'warpSize' a run-time "
              "value and this stops compiling: %1")
        << describe(C.Kind) << remedy(C.Kind);
    if (C.Kind != Use::NarrowingInit)
      noteTargetMacros(Loc);
  } else {
    const auto *Holder = Result.Nodes.getNodeAs<VarDecl>("holder");
    diag(Loc, "'%0' holds 'warpSize' and is used as %1, which needs a compile-time constant; ROCm 7 makes "
              "'warpSize' a run-time value and this stops compiling: %2")
        << Holder->getName() << describe(C.Kind) << remedy(C.Kind);
    diag(Holder->getLocation(), "'%0' is initialized from 'warpSize' here", DiagnosticIDs::Note) << Holder->getName();
    noteTargetMacros(Loc);
  }
}

// A run-time read: in host code it stops compiling with ROCm 7; in a __host__ __device__ function
// only when the host emits it (a host call, reported at the end of the unit); in device code it
// is wrong only when asserted to be 32. \p Body is the parent map of the function's body when the
// read was classified from it.
void WarpSizeConstexprCheck::reportRuntimeRead(const DeclRefExpr &Ref, const FunctionDecl *Function,
                                               const VarDecl *Global, const ParentMap *Body, ASTContext &Ctx) {
  SourceLocation Loc = Ref.getLocation();
  if (Function && isReturnedFromConstexpr(*Function, &Ref)) {
    if (Reported.insert(Loc).second)
      reportConstexprReturn(*Function, Loc);
    return;
  }
  bool Host = false;
  if (Function)
    Host = !isCudaDeviceOrKernel(Function) && !rocmtidy::bodyActsAsDeviceCode(Function);
  else if (Global)
    Host = !Global->hasAttr<CUDADeviceAttr>() && !Global->hasAttr<CUDAConstantAttr>() &&
           !Global->hasAttr<CUDASharedAttr>();
  if (!Host) {
    if (Function && Function->hasAttr<CUDAHostAttr>() && Function->hasAttr<CUDADeviceAttr>())
      noteHostDeviceRead(*Function, Loc);
    if (Body)
      reportAssertedWidth(Ref, *Body, Ctx);
    return;
  }
  if (!HostReads || !Reported.insert(Loc).second)
    return;
  diag(Loc, "'warpSize' read in host code; ROCm 7 makes it a device-only value and this stops compiling: "
            "query the device's warp size at run time (hipDeviceProp_t::warpSize or "
            "hipDeviceGetAttribute with hipDeviceAttributeWarpSize)");
}

// 'constexpr int warp_size() { return warpSize; }': written to be used where a constant is needed
// (template arguments, array bounds); with ROCm 7 it never yields one, and clang rejects the
// function itself. Lambdas, whose constexpr is implicit, are left to their uses.
bool WarpSizeConstexprCheck::isReturnedFromConstexpr(const FunctionDecl &FD, const Expr *Ref) {
  if (FD.getConstexprKind() == ConstexprSpecKind::Unspecified || !FD.getBody() ||
      (isa<CXXMethodDecl>(FD) && cast<CXXMethodDecl>(FD).getParent()->isLambda()))
    return false;
  llvm::SmallVector<const Stmt *, 32> Stack{FD.getBody()};
  bool InReturn = false;
  auto Contains = [&](const Stmt *Root) {
    return rocmtidy::anyStmtOutsideLambdas(Root, [&](const Stmt *S) { return S == Ref; });
  };
  while (!Stack.empty() && !InReturn) {
    const Stmt *S = Stack.pop_back_val();
    if (const auto *RS = dyn_cast<ReturnStmt>(S)) {
      InReturn = RS->getRetValue() && Contains(RS->getRetValue());
      continue;
    }
    for (const Stmt *C : S->children())
      if (C && !isa<LambdaExpr>(C))
        Stack.push_back(C);
  }
  return InReturn;
}

void WarpSizeConstexprCheck::reportConstexprReturn(const FunctionDecl &FD, SourceLocation Loc) {
  diag(Loc, "'warpSize' returned from constexpr function '%0', which then never yields a compile-time "
            "constant; ROCm 7 makes 'warpSize' a run-time value and this stops compiling: %1")
      << FD.getNameAsString() << remedy(Use::TemplateArgument);
  noteTargetMacros(Loc);
}

void WarpSizeConstexprCheck::reportDroppedConstexprReturn(StringRef Function, SourceLocation Loc) {
  diag(Loc, "'warpSize' returned from constexpr function '%0', which then never yields a compile-time "
            "constant; ROCm 7 makes 'warpSize' a run-time value and this stops compiling: %1")
      << Function << remedy(Use::TemplateArgument);
  diag(Loc, "read from the source text: the compiler dropped this code after an earlier error (a missing header)",
       DiagnosticIDs::Note);
}

void WarpSizeConstexprCheck::noteTargetMacros(SourceLocation Loc) {
  diag(Loc,
       "a per-target constant (64 under __GFX9__, 32 otherwise) is the last resort: it cannot be chosen in "
       "--offload-arch=amdgcnspirv builds, which pick the target at run time",
       DiagnosticIDs::Note);
}

} // namespace clang::tidy::rocm
