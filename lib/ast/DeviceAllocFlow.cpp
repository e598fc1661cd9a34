#include "ast/DeviceAllocFlow.h"
#include "ast/DeviceAllocAnalysis.h"
#include "ast/DeviceAllocEscape.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Analysis/Analyses/PostOrderCFGView.h"
#include "clang/Analysis/FlowSensitive/DataflowWorklist.h"

#include <algorithm>

namespace rocmtidy::devicealloc {

void Analysis::scan(const Stmt *S) {
  if (!S)
    return;
  if (isa<CXXTryStmt>(S))
    HasTry = true;
  if (const auto *Call = dyn_cast<CallExpr>(S)) {
    if (const DeviceAllocator *A = Table.allocator(freeFunctionName(Call).str()); A && Call->getNumArgs() > 0) {
      if (PlaceRef V = allocationPlace(Call->getArg(0))) {
        Allocs[Call] = AllocSite{V, A};
        Tracked.insert(V);
      }
    }
  }
  // A method called on the object ("s->release()", "this->cleanup()", "s.get()" of a smart
  // pointer) may free its fields or hand the object out: only field accesses and conversions
  // ("if (s)") leave the object where it is.
  if (const auto *M = dyn_cast<MemberExpr>(S);
      M && (!isa<CXXMethodDecl>(M->getMemberDecl()) || isa<CXXConversionDecl>(M->getMemberDecl()))) {
    const Expr *Base = stripPointerExpr(M->getBase());
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Base);
        Op && (Op->getOperator() == OO_Arrow || Op->getOperator() == OO_Star) && Op->getNumArgs() > 0)
      Base = stripPointerExpr(Op->getArg(0)); // "s->buf" through a smart pointer
    if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(Base))
      InnerRefs.insert(DRE);
    else if (const auto *This = dyn_cast_or_null<CXXThisExpr>(Base))
      InnerThis.insert(This);
  }
  if (const auto *U = dyn_cast<UnaryOperator>(S); U && U->getOpcode() == UO_Deref)
    if (const auto *DRE = dyn_cast<DeclRefExpr>(stripPointerExpr(U->getSubExpr())))
      InnerRefs.insert(DRE);
  if (const auto *Del = dyn_cast<CXXDeleteExpr>(S))
    if (const auto *DRE = dyn_cast<DeclRefExpr>(stripPointerExpr(Del->getArgument())))
      InnerRefs.insert(DRE);
  if (const auto *Call = dyn_cast<CallExpr>(S); Call && Call->getNumArgs() == 1 && freeFunctionName(Call) == "free")
    if (const auto *DRE = dyn_cast<DeclRefExpr>(stripPointerExpr(Call->getArg(0))))
      InnerRefs.insert(DRE);
  // Lambda bodies are functions of their own, with their own CFG.
  if (const auto *L = dyn_cast<LambdaExpr>(S)) {
    for (const Expr *Init : L->capture_inits())
      scan(Init);
    return;
  }
  for (const Stmt *Child : S->children())
    scan(Child);
}

// A local variable of this function (not a parameter, static, reference or a lambda's capture).
static bool isOwnLocal(const VarDecl *V, const FunctionDecl &FD) {
  return V && V->hasLocalStorage() && !isa<ParmVarDecl>(V) && !V->getType()->isReferenceType() &&
         V->getDeclContext() == static_cast<const DeclContext *>(&FD);
}

// A struct whose destructor may free its fields is RAII: its fields are not ours to follow.
static bool hasUserDestructor(QualType T) {
  const auto *RD = T->getAsCXXRecordDecl();
  return RD && RD->hasDefinition() && RD->hasUserDeclaredDestructor();
}

// std::unique_ptr (with the default deleter) and std::shared_ptr: 'T' when \p Ty is one.
static QualType smartPointee(QualType Ty, bool &Unique) {
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(Ty->getAsCXXRecordDecl());
  if (!Spec || !Spec->isInStdNamespace() || Spec->getTemplateArgs().size() == 0 ||
      Spec->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
    return {};
  Unique = Spec->getName() == "unique_ptr";
  if (Unique && Spec->getTemplateArgs().size() > 1) {
    // A deleter of the project's own may free the fields.
    const TemplateArgument &D = Spec->getTemplateArgs()[1];
    const auto *Del = D.getKind() == TemplateArgument::Type ? D.getAsType()->getAsCXXRecordDecl() : nullptr;
    if (!Del || !Del->isInStdNamespace() || Del->getName() != "default_delete")
      return {};
  }
  if (!Unique && Spec->getName() != "shared_ptr")
    return {};
  return Spec->getTemplateArgs()[0].getAsType();
}

// The call a variable's initializer comes down to ("std::make_shared<S>()"), through the
// temporaries and copies around it.
static const CallExpr *initCall(const Expr *E) {
  while (E) {
    E = stripPointerExpr(E);
    if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(E))
      E = B->getSubExpr();
    else if (const auto *C = dyn_cast<CXXConstructExpr>(E); C && C->getNumArgs() == 1)
      E = C->getArg(0);
    else
      return dyn_cast<CallExpr>(E);
  }
  return nullptr;
}

// "s" is a local unique_ptr (or a shared_ptr made here by make_shared: no other owner, no custom
// deleter) whose object has no destructor of its own: the object dies with "s" when the function
// leaves without handing "s" on, and what its fields hold is lost.
static bool isOwningSmartPointer(const VarDecl *V) {
  bool Unique = false;
  QualType T = smartPointee(V->getType(), Unique);
  if (T.isNull() || hasUserDestructor(T))
    return false;
  if (Unique)
    return true;
  const CallExpr *Init = initCall(V->getInit());
  const FunctionDecl *Callee = Init ? Init->getDirectCallee() : nullptr;
  return Callee && Callee->isInStdNamespace() && plainName(Callee) == "make_shared";
}

// "s" was made here by new, malloc or calloc: the object, and what its fields own, is the
// function's until it hands "s" on.
static bool isFreshObject(const VarDecl *V) {
  const Expr *Init = V->getInit();
  if (!Init)
    return false;
  Init = Init->IgnoreParenCasts();
  if (isa<CXXNewExpr>(Init))
    return true;
  if (const auto *Call = dyn_cast<CallExpr>(Init)) {
    StringRef Name = freeFunctionName(Call);
    return Name == "malloc" || Name == "calloc";
  }
  return false;
}

// The base object of a field access: "s" of "s.f", "s->f" and (through a smart pointer's
// operator->) "s->f"; null with IsThis set for "this->f" and "f" in a method.
static const VarDecl *memberBase(const MemberExpr *M, bool &IsThis, bool &ViaSmartPointer) {
  const Expr *B = stripPointerExpr(M->getBase());
  IsThis = isa<CXXThisExpr>(B);
  ViaSmartPointer = false;
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(B);
      Op && (Op->getOperator() == OO_Arrow || Op->getOperator() == OO_Star) && Op->getNumArgs() > 0) {
    B = stripPointerExpr(Op->getArg(0));
    ViaSmartPointer = true;
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(B);
  return DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
}

// "*out" of a parameter.
static const ParmVarDecl *derefParam(const Expr *E) {
  const auto *U = dyn_cast_or_null<UnaryOperator>(stripPointerExpr(E));
  if (!U || U->getOpcode() != UO_Deref)
    return nullptr;
  const auto *DRE = dyn_cast<DeclRefExpr>(stripPointerExpr(U->getSubExpr()));
  return DRE ? dyn_cast<ParmVarDecl>(DRE->getDecl()) : nullptr;
}

PlaceRef Analysis::lookupPlace(const Expr *E) const {
  E = stripPointerExpr(E);
  const VarDecl *Base = nullptr;
  const FieldDecl *Field = nullptr;
  bool Deref = false;
  if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E)) {
    Base = dyn_cast<VarDecl>(DRE->getDecl());
  } else if (const auto *M = dyn_cast_or_null<MemberExpr>(E)) {
    Field = dyn_cast<FieldDecl>(M->getMemberDecl());
    bool IsThis = false, Smart = false;
    Base = memberBase(M, IsThis, Smart);
    if (!Base && !IsThis)
      return nullptr;
  } else if (const ParmVarDecl *P = derefParam(E)) {
    Base = P;
    Deref = true;
  }
  if (!Base && !Field)
    return nullptr;
  auto It = Places.find({Base, Field, Deref});
  return It == Places.end() ? nullptr : It->second.get();
}

PlaceRef Analysis::intern(const VarDecl *Base, const FieldDecl *Field, bool Deref, bool CallerOwned, std::string Name) {
  std::unique_ptr<Place> &P = Places[{Base, Field, Deref}];
  if (!P) {
    P = std::make_unique<Place>(Place{Base, Field, Deref, CallerOwned, std::move(Name)});
    if (Field || Deref)
      FieldsOf[Base].push_back(P.get());
  }
  return P.get();
}

PlaceRef Analysis::allocationPlace(const Expr *Arg) {
  Arg = Arg->IgnoreParenCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(Arg); U && U->getOpcode() == UO_AddrOf) {
    PlaceRef V = ownedPlace(U->getSubExpr());
    if (V)
      AllocAddressArgs.insert(U);
    return V;
  }
  // "hipMalloc(out, n)" with a 'T **out' parameter: the memory goes to the caller through "*out".
  if (const auto *DRE = dyn_cast<DeclRefExpr>(stripPointerExpr(Arg)))
    if (const auto *P = dyn_cast<ParmVarDecl>(DRE->getDecl()); P && P->getType()->isPointerType() &&
                                                               P->getType()->getPointeeType()->isPointerType() &&
                                                               P->getDeclName().isIdentifier())
      return intern(P, nullptr, true, true, ("*" + P->getName()).str());
  return nullptr;
}

PlaceRef Analysis::ownedPlace(const Expr *E) {
  E = stripPointerExpr(E);
  const VarDecl *Base = nullptr;
  const FieldDecl *Field = nullptr;
  std::string Name;
  if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E)) {
    // Statics, globals and references outlive the function, and a lambda's captured variable
    // belongs to the enclosing function: the memory is someone else's to free.
    const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
    if (!V || !V->hasLocalStorage() || V->getType()->isReferenceType() ||
        V->getDeclContext() != static_cast<const DeclContext *>(&FD))
      return nullptr;
    Base = V;
    Name = V->getName().str();
  } else if (const auto *M = dyn_cast_or_null<MemberExpr>(E)) {
    // A field of an object the function owns: a local struct ("layer.w"), or one it created
    // ("s->buf" after "s = new S" / malloc, or held in a local smart pointer). Fields of
    // parameters and of "this" belong to the caller's object; fields of objects with
    // destructors, and of objects that may be someone else's, are not followed.
    Field = dyn_cast<FieldDecl>(M->getMemberDecl());
    if (!Field || !Field->getDeclName().isIdentifier())
      return nullptr;
    bool IsThis = false, Smart = false;
    const VarDecl *V = memberBase(M, IsThis, Smart);
    if (IsThis)
      return intern(nullptr, Field, false, true, Field->getName().str());
    if (const auto *P = dyn_cast_or_null<ParmVarDecl>(V); P && P->getDeclName().isIdentifier() && !Smart)
      return intern(P, Field, false, true, (P->getName() + (M->isArrow() ? "->" : ".") + Field->getName()).str());
    if (!isOwnLocal(V, FD))
      return nullptr;
    QualType T = V->getType();
    if (Smart) {
      if (!isOwningSmartPointer(V))
        return nullptr;
    } else if (M->isArrow()) {
      if (!T->isPointerType() || !isFreshObject(V) || hasUserDestructor(T->getPointeeType()))
        return nullptr;
    } else if (!T->isRecordType() || hasUserDestructor(T)) {
      return nullptr;
    }
    Base = V;
    Name = (V->getName() + (M->isArrow() ? "->" : ".") + Field->getName()).str();
  } else {
    return nullptr;
  }
  return intern(Base, Field, false, false, std::move(Name));
}

void Analysis::escapeObject(const VarDecl *Base, FlowState &S) {
  auto It = FieldsOf.find(Base);
  if (It == FieldsOf.end())
    return;
  for (PlaceRef P : It->second)
    if (isTracked(P))
      escape(P, S);
}

bool Analysis::isOwnershipFunction(const FunctionDecl *Callee) const {
  if (Opts.OwnershipFunctions.empty() || !Callee)
    return false;
  std::string Qualified = Callee->getQualifiedNameAsString();
  StringRef Plain = plainName(Callee);
  for (const std::string &O : Opts.OwnershipFunctions) {
    StringRef Name = StringRef(O).ltrim(':');
    if (Name == Qualified || (!Name.contains("::") && Name == Plain))
      return true;
  }
  return false;
}

// One level of look-through into helpers defined in this translation unit, with the same rules as
// the function itself: one that hands its parameter to a deallocator ("void release(float *p) {
// hipFree(p); }") frees the caller's pointer; one that stores or returns it ("void Pool::add(float
// *p) { items.push_back(p); }") takes it over.
Analysis::CalleeEffect Analysis::calleeEffect(const FunctionDecl *Callee, unsigned Param) {
  auto Key = std::make_pair(Callee, Param);
  auto It = CalleeCache.find(Key);
  if (It != CalleeCache.end())
    return It->second;
  CalleeEffect Result;
  const FunctionDecl *Def = nullptr;
  if (Callee->hasBody(Def) && Def && Param < Def->getNumParams()) {
    const ParmVarDecl *P = Def->getParamDecl(Param);
    llvm::SmallVector<const Stmt *, 32> Stack{Def->getBody()};
    while (!Stack.empty() && Result.Frees.empty()) {
      const Stmt *S = Stack.pop_back_val();
      if (!S)
        continue;
      classifyPointerUses(S, Table, [&](const PointerUse &U) {
        if (referencedVar(U.Ptr) != P)
          return;
        if (U.Kind == PointerUse::Frees)
          Result.Frees = U.Deallocator.str();
        else if (U.Kind == PointerUse::Escapes)
          Result.Keeps = true;
      });
      for (const Stmt *Child : S->children())
        Stack.push_back(Child);
    }
  }
  return CalleeCache[Key] = Result;
}

void Analysis::add(DeviceAllocFinding F) {
  if (!Reporting)
    return;
  if (!Seen.insert({F.Loc.getRawEncoding(), F.Name, int(F.Kind)}).second)
    return;
  Findings.push_back(std::move(F));
}

void Analysis::release(PlaceRef V, StringRef Name, const Expr *At, FlowState &S) {
  PtrState &P = S.Ptrs[V];
  if (P.Mask & Freed) {
    DeviceAllocFinding F{DeviceAllocFinding::DoubleFree};
    F.Loc = At->getBeginLoc();
    F.Var = V->Base;
    F.Name = V->Name;
    F.Alloc = P.Alloc;
    F.Allocator = P.Alloc ? Allocs.lookup(P.Alloc).Allocator : nullptr;
    F.FreeName = Name.str();
    F.PrevFree = P.FreedAt ? P.FreedAt->getBeginLoc() : SourceLocation();
    add(std::move(F));
  } else if ((P.Mask & Allocated) && P.Alloc) {
    const DeviceAllocator *A = Allocs.lookup(P.Alloc).Allocator;
    if (A && !Table.releases(Name.str(), *A)) {
      DeviceAllocFinding F{DeviceAllocFinding::WrongFree};
      F.Loc = At->getBeginLoc();
      F.Var = V->Base;
    F.Name = V->Name;
      F.Alloc = P.Alloc;
      F.Allocator = A;
      F.FreeName = Name.str();
      add(std::move(F));
    }
  }
  if (const auto *Call = dyn_cast<CallExpr>(At))
    FreeCalls[Call] = V;
  // Freeing a null or failed pointer is harmless and changes nothing.
  if (P.Mask & (Allocated | Freed)) {
    P.Mask = Freed;
    P.FreedAt = At;
  }
}

void Analysis::applyPointerUses(const Stmt *St, FlowState &S) {
  classifyPointerUses(St, Table, [&](const PointerUse &U) {
    PlaceRef V = trackedRef(U.Ptr);
    if (!V)
      return;
    switch (U.Kind) {
    case PointerUse::Frees:
      release(V, U.Deallocator, cast<Expr>(St), S);
      break;
    case PointerUse::Escapes:
    case PointerUse::Copied: // a copy is not followed: whoever holds it may free it
      escape(V, S);
      break;
    case PointerUse::Passed: {
      CalleeEffect Effect = calleeEffect(U.Callee, U.Param);
      if (!Effect.Frees.empty())
        release(V, Effect.Frees, cast<Expr>(St), S);
      else if (Effect.Keeps)
        escape(V, S);
      break;
    }
    }
  });
}

void Analysis::transferCall(const CallExpr *Call, FlowState &S) {
  auto A = Allocs.find(Call);
  if (A != Allocs.end()) {
    S.Ptrs[A->second.Var] = PtrState{Allocated, Call, nullptr, S.Known};
    S.LastCallAlloc = A->second.Var;
    return;
  }
  if (!isLastErrorQuery(Call))
    S.LastCallAlloc = nullptr;
  StringRef Name = freeFunctionName(Call);
  bool Frees = !Name.empty() && Call->getNumArgs() > 0 && Table.deallocator(Name.str());
  if (!Frees && isOwnershipFunction(Call->getDirectCallee())) {
    escapeArgs(Call, S);
    return;
  }
  applyPointerUses(Call, S);
}

void Analysis::transferStmt(const Stmt *St, FlowState &S) {
  if (const auto *Call = dyn_cast<CallExpr>(St)) {
    transferCall(Call, S);
  } else if (const auto *BO = dyn_cast<BinaryOperator>(St); BO && BO->getOpcode() == BO_Assign) {
    if (PlaceRef LP = trackedRef(BO->getLHS())) {
      PlaceRef L = LP;
      if (BO->getRHS()->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull)) {
        // "d = nullptr" while d still holds the allocation on this path: the last pointer to it
        // is gone, and no later free can reach it.
        if (PtrState P = S.get(L); (P.Mask & Allocated) && P.Alloc) {
          DeviceAllocFinding F{DeviceAllocFinding::Leak};
          F.Exit = DeviceAllocFinding::Overwrite;
          F.Loc = BO->getBeginLoc();
          F.Var = L->Base;
          F.Name = L->Name;
          F.Alloc = P.Alloc;
          F.Allocator = Allocs.lookup(P.Alloc).Allocator;
          add(std::move(F));
        }
        S.Ptrs[L] = PtrState();
      } else if (trackedRef(BO->getRHS()) != L)
        escape(L, S);  // overwritten with something we do not follow
      return;
    }
    applyPointerUses(BO, S);
    const VarDecl *L = referencedVar(BO->getLHS());
    if (L && L->hasLocalStorage()) {
      if (StatusRef P = statusOf(BO->getRHS(), S); P.getPointer())
        S.Status[L] = P;
      else
        S.Status.erase(L);
    }
  } else if (const auto *DS = dyn_cast<DeclStmt>(St)) {
    applyPointerUses(DS, S);
    for (const Decl *D : DS->decls()) {
      const auto *VD = dyn_cast<VarDecl>(D);
      if (!VD || !VD->getInit())
        continue;
      if (StatusRef P = statusOf(VD->getInit(), S); P.getPointer())
        S.Status[VD] = P;
    }
  } else if (const auto *L = dyn_cast<LambdaExpr>(St)) {
    // A lambda that captures the pointer may free it later (a scope guard) or keep it.
    for (const LambdaCapture &C : L->captures())
      if (C.capturesVariable())
        if (const auto *V = dyn_cast<VarDecl>(C.getCapturedVar())) {
          if (auto It = Places.find({V, nullptr, false}); It != Places.end() && isTracked(It->second.get()))
            escape(It->second.get(), S);
          escapeObject(V, S);
        }
  } else if (const auto *U = dyn_cast<UnaryOperator>(St); U && U->getOpcode() == UO_AddrOf) {
    // &d handed to anything but the allocator: whoever holds the address may free or keep it.
    if (!AllocAddressArgs.count(U))
      if (PlaceRef V = trackedRef(U->getSubExpr()))
        escape(V, S);
  } else if (const auto *DRE = dyn_cast<DeclRefExpr>(St)) {
    // The object itself handed on, copied, assigned or returned: its fields go with it.
    if (!InnerRefs.count(DRE))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
        escapeObject(V, S);
  } else if (const auto *This = dyn_cast<CXXThisExpr>(St)) {
    if (!InnerThis.count(This))
      escapeObject(nullptr, S);
  } else {
    // Constructors, initializer lists, delete, return and throw.
    applyPointerUses(St, S);
  }
}

void Analysis::transfer(const CFGBlock &B, FlowState &S, FlowState *BeforeLast) {
  const Stmt *Last = nullptr;
  for (auto It = B.rbegin(); It != B.rend() && !Last; ++It)
    if (auto CS = It->getAs<CFGStmt>())
      Last = CS->getStmt();
  for (const CFGElement &E : B) {
    auto CS = E.getAs<CFGStmt>();
    if (!CS)
      continue;
    if (BeforeLast && CS->getStmt() == Last)
      *BeforeLast = S;
    forgetWrites(CS->getStmt(), S);
    transferStmt(CS->getStmt(), S);
  }
  if (BeforeLast && !Last)
    *BeforeLast = S;
}

bool Analysis::isIgnoredEdge(const CFGBlock &B, unsigned SuccIndex) const {
  // "Any call may throw" edges that leave the function: reporting each would flag every call
  // after an allocation. Edges into a handler of this function are kept.
  if (!isExceptionEdge(B, SuccIndex))
    return false;
  const CFGBlock *Succ = *(B.succ_begin() + SuccIndex);
  return Succ == &Cfg->getExit();
}

void Analysis::reportLeaks(const CFGBlock &B, const FlowState &S) {
  // Leaving 'main' (a return, its closing brace, an exception nothing catches) ends the process,
  // which releases its device memory, as 'exit' does.
  if (FD.isMain())
    return;
  DeviceAllocFinding Proto{DeviceAllocFinding::Leak};
  const Stmt *Last = nullptr;
  for (auto It = B.rbegin(); It != B.rend() && !Last; ++It)
    if (auto CS = It->getAs<CFGStmt>())
      Last = CS->getStmt();
  if (const Stmt *T = B.getTerminatorStmt(); T && isa<CXXTryStmt>(T))
    return;  // an exception no handler here matched: its type is unknown, and so is the path
  if (Last && isa<ReturnStmt>(Last)) {
    Proto.Exit = DeviceAllocFinding::Return;
    Proto.Loc = Last->getBeginLoc();
  } else if (Last && isa<CXXThrowExpr>(Last)) {
    Proto.Exit = DeviceAllocFinding::Throw;
    Proto.Loc = Last->getBeginLoc();
  } else {
    Proto.Exit = DeviceAllocFinding::EndOfFunction;
    Proto.Loc = FD.getBody()->getEndLoc();
  }
  for (const auto &[V, P] : S.Ptrs) {
    if (!(P.Mask & Allocated) || !P.Alloc || V->CallerOwned)
      continue;
    DeviceAllocFinding F = Proto;
    F.Var = V->Base;
    F.Name = V->Name;
    F.Alloc = P.Alloc;
    F.Allocator = Allocs.lookup(P.Alloc).Allocator;
    add(std::move(F));
  }
}

std::vector<DeviceAllocFinding> Analysis::run() {
  Stmt *Body = FD.getBody();
  if (!Body)
    return {};
  scan(Body);
  if (Allocs.empty())
    return {};

  CFG::BuildOptions BO;
  BO.setAllAlwaysAdd();
  // Exception edges only pay off where a handler can receive them.
  BO.AddEHEdges = HasTry;
  Cfg = CFG::buildCFG(&FD, Body, &Ctx, BO);
  if (!Cfg)
    return {};

  PostOrderCFGView POV(Cfg.get());
  std::vector<FlowState> In(Cfg->getNumBlockIDs());
  In[Cfg->getEntry().getBlockID()].Reached = true;
  ForwardDataflowWorklist Worklist(*Cfg, &POV);
  Worklist.enqueueBlock(&Cfg->getEntry());
  while (const CFGBlock *B = Worklist.dequeue())
    forEachOutEdge(*B, In[B->getBlockID()], [&](const CFGBlock &Succ, const FlowState &Out) {
      if (In[Succ.getBlockID()].join(Out))
        Worklist.enqueueBlock(&Succ);
    });

  Reporting = true;
  for (const CFGBlock *B : *Cfg)
    if (In[B->getBlockID()].Reached)
      forEachOutEdge(*B, In[B->getBlockID()], [&](const CFGBlock &Succ, const FlowState &Out) {
        if (&Succ == &Cfg->getExit() && Out.Reached)
          reportLeaks(*B, Out);
      });
  // Path-merged maps iterate in pointer order; the caller gets a stable order.
  std::sort(Findings.begin(), Findings.end(), [](const DeviceAllocFinding &A, const DeviceAllocFinding &B) {
    return std::make_tuple(A.Loc.getRawEncoding(), A.Name, int(A.Kind)) <
           std::make_tuple(B.Loc.getRawEncoding(), B.Name, int(B.Kind));
  });
  return std::move(Findings);
}

} // namespace rocmtidy::devicealloc

namespace rocmtidy {

std::vector<DeviceAllocFinding> analyzeDeviceAllocations(const clang::FunctionDecl &FD, clang::ASTContext &Ctx,
                                                         const DeviceAllocTable &Table,
                                                         const DeviceAllocFlowOptions &Opts) {
  return devicealloc::Analysis(FD, Ctx, Table, Opts).run();
}

} // namespace rocmtidy
