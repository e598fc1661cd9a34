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
      const Expr *Arg = Call->getArg(0)->IgnoreParenCasts();
      if (const auto *U = dyn_cast<UnaryOperator>(Arg); U && U->getOpcode() == UO_AddrOf) {
        if (PlaceRef V = ownedPlace(U->getSubExpr())) {
          Allocs[Call] = AllocSite{V, A};
          AllocAddressArgs.insert(U);
          Tracked.insert(V);
        }
      }
    }
  }
  if (const auto *M = dyn_cast<MemberExpr>(S))
    if (const auto *DRE = dyn_cast<DeclRefExpr>(stripPointerExpr(M->getBase())))
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

PlaceRef Analysis::lookupPlace(const Expr *E) const {
  E = stripPointerExpr(E);
  const VarDecl *Base = nullptr;
  const FieldDecl *Field = nullptr;
  if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E)) {
    Base = dyn_cast<VarDecl>(DRE->getDecl());
  } else if (const auto *M = dyn_cast_or_null<MemberExpr>(E)) {
    Field = dyn_cast<FieldDecl>(M->getMemberDecl());
    if (const auto *DRE = dyn_cast<DeclRefExpr>(stripPointerExpr(M->getBase())))
      Base = dyn_cast<VarDecl>(DRE->getDecl());
  }
  if (!Base)
    return nullptr;
  auto It = Places.find({Base, Field});
  return It == Places.end() ? nullptr : It->second.get();
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
    // ("s->buf" after "s = new S" / malloc). Fields of parameters, of "this" and of objects
    // with destructors belong to whoever owns the object.
    Field = dyn_cast<FieldDecl>(M->getMemberDecl());
    const auto *DRE = dyn_cast<DeclRefExpr>(stripPointerExpr(M->getBase()));
    const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (!Field || !isOwnLocal(V, FD))
      return nullptr;
    QualType T = V->getType();
    if (M->isArrow()) {
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
  std::unique_ptr<Place> &P = Places[{Base, Field}];
  if (!P) {
    P = std::make_unique<Place>(Place{Base, Field, std::move(Name)});
    if (Field)
      FieldsOf[Base].push_back(P.get());
  }
  return P.get();
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
    S.Ptrs[A->second.Var] = PtrState{Allocated, Call, nullptr};
    return;
  }
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
          if (auto It = Places.find({V, nullptr}); It != Places.end() && isTracked(It->second.get()))
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
    if (!(P.Mask & Allocated) || !P.Alloc)
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
        if (&Succ == &Cfg->getExit())
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
