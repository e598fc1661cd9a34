#include "ast/DeviceAllocFlow.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Analysis/Analyses/PostOrderCFGView.h"
#include "clang/Analysis/CFG.h"
#include "clang/Analysis/FlowSensitive/DataflowWorklist.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/PointerIntPair.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <tuple>

using namespace clang;

namespace rocmtidy {

// Free functions only: a method named "free" belongs to some user pool, not to the runtime. In a
// template, a call with dependent arguments names its callee through an unresolved lookup.
StringRef freeFunctionName(const CallExpr *Call) {
  if (const FunctionDecl *FD = Call->getDirectCallee()) {
    if (isa<CXXMethodDecl>(FD) || !FD->getDeclName().isIdentifier())
      return {};
    return FD->getName();
  }
  const Expr *Callee = Call->getCallee();
  if (const auto *U = dyn_cast_or_null<UnresolvedLookupExpr>(Callee ? Callee->IgnoreParenImpCasts() : nullptr))
    if (U->getName().isIdentifier() && !U->getQualifier())
      return U->getName().getAsIdentifierInfo()->getName();
  return {};
}

namespace {

// Possibilities for one pointer; a path-merged state holds several.
enum : unsigned char {
  Unallocated = 1,
  Allocated = 2,
  Freed = 4,
  Escaped = 8,
  AllocFailed = 16,
};

struct PtrState {
  unsigned char Mask = Unallocated;
  const CallExpr *Alloc = nullptr;  // the allocation behind the Allocated bit
  const Expr *FreedAt = nullptr;    // the free behind the Freed bit
  bool operator==(const PtrState &O) const {
    return Mask == O.Mask && Alloc == O.Alloc && FreedAt == O.FreedAt;
  }
};

// What the analysis tracks: a local pointer variable ("d"), or a pointer field of a local object
// the function owns ("layer.w" of a local struct, "s->buf" of an object it created with new or
// malloc). Interned: one Place per (variable, field).
struct Place {
  const VarDecl *Base;
  const FieldDecl *Field; // null for the variable itself
  std::string Name;
};
using PlaceRef = const Place *;

// What a local variable knows about an allocation: its status code (false: non-zero means it
// failed) or a success flag derived from it (true: non-zero means it succeeded).
using StatusRef = llvm::PointerIntPair<PlaceRef, 1, bool>;

struct FlowState {
  bool Reached = false;
  llvm::SmallDenseMap<PlaceRef, PtrState, 4> Ptrs;
  // Local variables holding an allocation's result: "hipError_t e = hipMalloc(&d, n)" maps e -> d.
  // "bool ok = e == hipSuccess" maps ok -> (d, success flag).
  llvm::SmallDenseMap<const VarDecl *, StatusRef, 4> Status;

  PtrState get(PlaceRef V) const {
    auto It = Ptrs.find(V);
    return It == Ptrs.end() ? PtrState() : It->second;
  }

  /// Joins \p O into this state; true when this state changed.
  bool join(const FlowState &O) {
    if (!O.Reached)
      return false;
    if (!Reached) {
      *this = O;
      return true;
    }
    bool Changed = false;
    for (const auto &[V, P] : O.Ptrs) {
      auto [It, Inserted] = Ptrs.try_emplace(V, PtrState());
      PtrState &Mine = It->second;
      PtrState Old = Mine;
      Mine.Mask |= P.Mask;
      if (!Mine.Alloc)
        Mine.Alloc = P.Alloc;
      if (!Mine.FreedAt)
        Mine.FreedAt = P.FreedAt;
      Changed |= !(Old == Mine) || Inserted;
    }
    // A pointer this state never touched is unallocated here; the other side may differ.
    for (auto &[V, P] : Ptrs)
      if (!O.Ptrs.count(V) && !(P.Mask & Unallocated)) {
        P.Mask |= Unallocated;
        Changed = true;
      }
    llvm::SmallVector<const VarDecl *, 4> Drop;
    for (const auto &[S, V] : Status) {
      auto It = O.Status.find(S);
      if (It == O.Status.end() || It->second != V)
        Drop.push_back(S);
    }
    for (const VarDecl *S : Drop)
      Status.erase(S);
    Changed |= !Drop.empty();
    return Changed;
  }
};

struct AllocSite {
  PlaceRef Var;
  const DeviceAllocator *Allocator;
};

const Expr *strip(const Expr *E) {
  if (!E)
    return nullptr;
  E = E->IgnoreParenCasts();
  if (const auto *C = dyn_cast<ExprWithCleanups>(E))
    return strip(C->getSubExpr());
  if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
    return strip(M->getSubExpr());
  return E;
}

const VarDecl *refVar(const Expr *E) {
  if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(strip(E)))
    return dyn_cast<VarDecl>(DRE->getDecl());
  return nullptr;
}

StringRef plainName(const NamedDecl *D) {
  if (!D || !D->getDeclName().isIdentifier())
    return {};
  return D->getName();
}

StringRef freeFunctionName(const CallExpr *Call) { return rocmtidy::freeFunctionName(Call); }

// A call in a template whose callee is not resolved until instantiation ("helper(p)" with a
// dependent argument): it may free or keep whatever it is given.
bool isUnresolvedCall(const CallExpr *Call) {
  const Expr *Callee = Call->getCallee();
  if (!Callee)
    return false;
  Callee = Callee->IgnoreParenImpCasts();
  return isa<UnresolvedLookupExpr>(Callee) || isa<UnresolvedMemberExpr>(Callee) ||
         isa<CXXDependentScopeMemberExpr>(Callee) || Call->isTypeDependent();
}

class Analysis {
public:
  Analysis(const FunctionDecl &FD, ASTContext &Ctx, const DeviceAllocTable &Table, const DeviceAllocFlowOptions &Opts)
      : FD(FD), Ctx(Ctx), Table(Table), Opts(Opts) {}

  std::vector<DeviceAllocFinding> run();

private:
  void scan(const Stmt *S);
  bool isTracked(PlaceRef V) const { return V && Tracked.count(V); }
  /// The allocation whose outcome \p E holds: an allocation call (also as one arm of ?:), a
  /// status variable, or a comparison of either with zero / hipSuccess, or its negation.
  StatusRef statusOf(const Expr *E, const FlowState &S) const;
  bool isZero(const Expr *E) const;
  /// The tracked place \p E names ("d", "layer.w", "s->buf"), if any.
  PlaceRef trackedRef(const Expr *E) const {
    PlaceRef V = lookupPlace(E);
    return isTracked(V) ? V : nullptr;
  }
  PlaceRef lookupPlace(const Expr *E) const;
  /// The place an allocator writes through "&d" / "&layer.w" / "&s->buf", created on first use;
  /// null when the memory would not be this function's to free.
  PlaceRef ownedPlace(const Expr *E);
  /// A whole-object use of a variable whose fields hold allocations: the object escapes.
  void escapeObject(const VarDecl *Base, FlowState &S);

  void transfer(const CFGBlock &B, FlowState &S, FlowState *BeforeLast);
  void transferStmt(const Stmt *St, FlowState &S);
  void transferCall(const CallExpr *Call, FlowState &S);
  void release(PlaceRef V, StringRef Name, const Expr *At, FlowState &S);
  void escape(PlaceRef V, FlowState &S) { S.Ptrs[V] = PtrState{Escaped, nullptr, nullptr}; }
  void escapeArgs(const CallExpr *Call, FlowState &S) {
    for (const Expr *A : Call->arguments())
      if (PlaceRef V = trackedRef(A))
        escape(V, S);
  }
  struct CalleeEffect {
    std::string Frees;  // the deallocator the callee hands the parameter to
    bool Keeps = false; // the callee stores or returns it
  };
  CalleeEffect calleeEffect(const FunctionDecl *Callee, unsigned Param);
  bool isOwnershipFunction(const FunctionDecl *Callee) const;

  void refine(const CFGBlock &B, unsigned SuccIndex, FlowState &S);
  void refineSwitch(const SwitchStmt &Sw, const CFGBlock &B, unsigned SuccIndex, FlowState &S);
  void applyCondition(const Expr *E, bool Truth, FlowState &S);
  void applyTest(const Expr *Subject, bool NonZero, FlowState &S);

  PlaceRef helperTestedAllocation(const Expr *Cond, const FlowState &S) const;
  bool exitsEarly(const Stmt *Branch) const;
  bool isIgnoredEdge(const CFGBlock &B, unsigned SuccIndex) const;
  /// Runs \p B on \p In and hands each followed successor its refined out-state. A call that
  /// throws has not done its work: an exception edge carries the state from before that call.
  /// Blocks that end the process (exit, abort, std::terminate) have no edges to follow.
  template <class Fn> void forEachOutEdge(const CFGBlock &B, FlowState S, Fn &&Visit) {
    FlowState BeforeLast;
    bool HasEHEdges = HasTry && B.succ_size() > 1 && !B.getTerminatorStmt();
    transfer(B, S, HasEHEdges ? &BeforeLast : nullptr);
    if (B.hasNoReturnElement())
      return;
    unsigned I = 0;
    for (auto It = B.succ_begin(); It != B.succ_end(); ++It, ++I) {
      const CFGBlock *Succ = *It;
      if (!Succ || isIgnoredEdge(B, I))
        continue;
      FlowState Out = isExceptionEdge(B, I) ? BeforeLast : S;
      refine(B, I, Out);
      Visit(*Succ, Out);
    }
  }
  bool isExceptionEdge(const CFGBlock &B, unsigned SuccIndex) const {
    return HasTry && !B.getTerminatorStmt() && B.succ_size() > 1 && SuccIndex > 0;
  }
  void reportLeaks(const CFGBlock &B, const FlowState &S);
  void add(DeviceAllocFinding F);

  const FunctionDecl &FD;
  ASTContext &Ctx;
  const DeviceAllocTable &Table;
  const DeviceAllocFlowOptions &Opts;

  llvm::DenseMap<const CallExpr *, AllocSite> Allocs;
  llvm::SmallPtrSet<const Expr *, 8> AllocAddressArgs;
  llvm::SmallPtrSet<PlaceRef, 8> Tracked;
  std::map<std::pair<const VarDecl *, const FieldDecl *>, std::unique_ptr<Place>> Places;
  // Objects whose fields are tracked, and the references to them that do not hand the object on:
  // the base of a field access, the argument of free()/delete.
  llvm::DenseMap<const VarDecl *, llvm::SmallVector<PlaceRef, 2>> FieldsOf;
  llvm::SmallPtrSet<const DeclRefExpr *, 16> InnerRefs;
  bool HasTry = false;
  std::unique_ptr<CFG> Cfg;
  llvm::DenseMap<std::pair<const FunctionDecl *, unsigned>, CalleeEffect> CalleeCache;

  bool Reporting = false;
  std::vector<DeviceAllocFinding> Findings;
  std::set<std::tuple<unsigned, std::string, int>> Seen;
};

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
    if (const auto *DRE = dyn_cast<DeclRefExpr>(strip(M->getBase())))
      InnerRefs.insert(DRE);
  if (const auto *Del = dyn_cast<CXXDeleteExpr>(S))
    if (const auto *DRE = dyn_cast<DeclRefExpr>(strip(Del->getArgument())))
      InnerRefs.insert(DRE);
  if (const auto *Call = dyn_cast<CallExpr>(S); Call && Call->getNumArgs() == 1 && freeFunctionName(Call) == "free")
    if (const auto *DRE = dyn_cast<DeclRefExpr>(strip(Call->getArg(0))))
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
  E = strip(E);
  const VarDecl *Base = nullptr;
  const FieldDecl *Field = nullptr;
  if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E)) {
    Base = dyn_cast<VarDecl>(DRE->getDecl());
  } else if (const auto *M = dyn_cast_or_null<MemberExpr>(E)) {
    Field = dyn_cast<FieldDecl>(M->getMemberDecl());
    if (const auto *DRE = dyn_cast<DeclRefExpr>(strip(M->getBase())))
      Base = dyn_cast<VarDecl>(DRE->getDecl());
  }
  if (!Base)
    return nullptr;
  auto It = Places.find({Base, Field});
  return It == Places.end() ? nullptr : It->second.get();
}

PlaceRef Analysis::ownedPlace(const Expr *E) {
  E = strip(E);
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
    const auto *DRE = dyn_cast<DeclRefExpr>(strip(M->getBase()));
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

static bool bindsToReference(const CallExpr *Call, unsigned Arg) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee)
    return false;
  unsigned Offset = isa<CXXOperatorCallExpr>(Call) && isa<CXXMethodDecl>(Callee) ? 1 : 0;
  if (Arg < Offset || Arg - Offset >= Callee->getNumParams())
    return false;
  return Callee->getParamDecl(Arg - Offset)->getType()->isReferenceType();
}

// One level of look-through into helpers defined in this translation unit: one that hands its
// parameter to a deallocator ("void release(float *p) { hipFree(p); }") frees the caller's
// pointer; one that stores or returns it ("void Pool::add(float *p) { items.push_back(p); }")
// takes it over.
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
      if (const auto *Call = dyn_cast<CallExpr>(S)) {
        StringRef Name = freeFunctionName(Call);
        if (Call->getNumArgs() > 0 && Table.deallocator(Name.str()) && refVar(Call->getArg(0)) == P)
          Result.Frees = Name.str();
        for (unsigned I = 0; I < Call->getNumArgs(); ++I)
          if (refVar(Call->getArg(I)) == P && bindsToReference(Call, I))
            Result.Keeps = true;
        if (const auto *M = dyn_cast<CXXMemberCallExpr>(Call); M && plainName(M->getMethodDecl()) == "reset")
          for (const Expr *A : Call->arguments())
            Result.Keeps |= refVar(A) == P;
      } else if (const auto *Del = dyn_cast<CXXDeleteExpr>(S)) {
        if (refVar(Del->getArgument()) == P)
          Result.Frees = Del->isArrayForm() ? "delete[]" : "delete";
      } else if (const auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->getOpcode() == BO_Assign) {
        const VarDecl *L = refVar(BO->getLHS());
        if (refVar(BO->getRHS()) == P && !(L && L->hasLocalStorage()))
          Result.Keeps = true;
      } else if (const auto *Ctor = dyn_cast<CXXConstructExpr>(S)) {
        for (const Expr *A : Ctor->arguments())
          Result.Keeps |= refVar(A) == P;
      } else if (const auto *Init = dyn_cast<InitListExpr>(S)) {
        for (const Expr *A : Init->inits())
          Result.Keeps |= refVar(A) == P;
      } else if (const auto *Ret = dyn_cast<ReturnStmt>(S)) {
        Result.Keeps |= refVar(Ret->getRetValue()) == P;
      }
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

void Analysis::transferCall(const CallExpr *Call, FlowState &S) {
  auto A = Allocs.find(Call);
  if (A != Allocs.end()) {
    S.Ptrs[A->second.Var] = PtrState{Allocated, Call, nullptr};
    return;
  }
  StringRef Name = freeFunctionName(Call);
  if (!Name.empty() && Call->getNumArgs() > 0 && Table.deallocator(Name.str())) {
    if (PlaceRef V = trackedRef(Call->getArg(0)))
      release(V, Name, Call, S);
    return;
  }
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (isOwnershipFunction(Callee)) {
    escapeArgs(Call, S);
    return;
  }
  // unique_ptr::reset, shared_ptr::reset and look-alikes take ownership.
  if (const auto *M = dyn_cast<CXXMemberCallExpr>(Call); M && plainName(M->getMethodDecl()) == "reset") {
    escapeArgs(Call, S);
    return;
  }
  if (!Callee) {
    if (isUnresolvedCall(Call))
      escapeArgs(Call, S);
    return;
  }
  // Operator calls on a method carry the object as argument 0.
  unsigned Offset = isa<CXXOperatorCallExpr>(Call) && isa<CXXMethodDecl>(Callee) ? 1 : 0;
  for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
    PlaceRef V = trackedRef(Call->getArg(I));
    if (!V || I < Offset)
      continue;
    unsigned ParamIndex = I - Offset;
    if (ParamIndex >= Callee->getNumParams())
      continue;  // variadic: printf("%p", d) only reads it
    QualType PT = Callee->getParamDecl(ParamIndex)->getType();
    // Bound to T*& (or T*&&, or a container's push_back(const T&)): the callee may keep it.
    if (PT->isReferenceType()) {
      escape(V, S);
      continue;
    }
    CalleeEffect Effect = calleeEffect(Callee, ParamIndex);
    if (!Effect.Frees.empty())
      release(V, Effect.Frees, Call, S);
    else if (Effect.Keeps)
      escape(V, S);
  }
}

void Analysis::transferStmt(const Stmt *St, FlowState &S) {
  if (const auto *Call = dyn_cast<CallExpr>(St)) {
    transferCall(Call, S);
  } else if (const auto *Ctor = dyn_cast<CXXConstructExpr>(St)) {
    // A smart pointer or any RAII wrapper built from the pointer now owns it.
    for (const Expr *A : Ctor->arguments())
      if (PlaceRef V = trackedRef(A))
        escape(V, S);
  } else if (const auto *Init = dyn_cast<InitListExpr>(St)) {
    for (const Expr *A : Init->inits())
      if (PlaceRef V = trackedRef(A))
        escape(V, S);
  } else if (const auto *Unresolved = dyn_cast<CXXUnresolvedConstructExpr>(St)) {
    // "Holder<T>(d)" in a template: a wrapper built from the pointer.
    for (const Expr *A : Unresolved->arguments())
      if (PlaceRef V = trackedRef(A))
        escape(V, S);
  } else if (const auto *Del = dyn_cast<CXXDeleteExpr>(St)) {
    if (PlaceRef V = trackedRef(Del->getArgument()))
      release(V, Del->isArrayForm() ? "delete[]" : "delete", Del, S);
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
    const VarDecl *L = refVar(BO->getLHS());
    // Stored anywhere else (member, global, *out, array slot, another local): no longer ours.
    if (PlaceRef R = trackedRef(BO->getRHS()))
      escape(R, S);
    if (L && L->hasLocalStorage()) {
      if (StatusRef P = statusOf(BO->getRHS(), S); P.getPointer())
        S.Status[L] = P;
      else
        S.Status.erase(L);
    }
  } else if (const auto *DS = dyn_cast<DeclStmt>(St)) {
    for (const Decl *D : DS->decls()) {
      const auto *VD = dyn_cast<VarDecl>(D);
      if (!VD || !VD->getInit())
        continue;
      if (PlaceRef R = trackedRef(VD->getInit()))
        escape(R, S);
      if (StatusRef P = statusOf(VD->getInit(), S); P.getPointer())
        S.Status[VD] = P;
    }
  } else if (const auto *Ret = dyn_cast<ReturnStmt>(St)) {
    if (PlaceRef V = trackedRef(Ret->getRetValue()))
      escape(V, S);
  } else if (const auto *Throw = dyn_cast<CXXThrowExpr>(St)) {
    if (PlaceRef V = trackedRef(Throw->getSubExpr()))
      escape(V, S);
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

StatusRef Analysis::statusOf(const Expr *E, const FlowState &S) const {
  E = strip(E);
  if (!E)
    return {};
  if (const auto *C = dyn_cast<ConditionalOperator>(E)) {
    if (StatusRef R = statusOf(C->getTrueExpr(), S); R.getPointer())
      return R;
    return statusOf(C->getFalseExpr(), S);
  }
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    auto It = Allocs.find(Call);
    return It == Allocs.end() ? StatusRef() : StatusRef(It->second.Var, false);
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_LNot) {
    StatusRef R = statusOf(U->getSubExpr(), S);
    return R.getPointer() ? StatusRef(R.getPointer(), !R.getInt()) : R;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E); BO && (BO->getOpcode() == BO_EQ || BO->getOpcode() == BO_NE)) {
    const Expr *Subject = isZero(strip(BO->getRHS())) ? BO->getLHS()
                          : isZero(strip(BO->getLHS())) ? BO->getRHS()
                                                        : nullptr;
    StatusRef R = Subject ? statusOf(Subject, S) : StatusRef();
    // "x == 0" is non-zero exactly when x is zero.
    return R.getPointer() && BO->getOpcode() == BO_EQ ? StatusRef(R.getPointer(), !R.getInt()) : R;
  }
  if (const VarDecl *V = refVar(E)) {
    auto It = S.Status.find(V);
    if (It != S.Status.end())
      return It->second;
  }
  return {};
}

bool Analysis::isZero(const Expr *E) const {
  if (E->isValueDependent())
    return false;
  if (E->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull))
    return true;
  Expr::EvalResult R;
  // hipSuccess / cudaSuccess are enumerators with value 0.
  return E->EvaluateAsInt(R, Ctx) && R.Val.isInt() && R.Val.getInt() == 0;
}

void Analysis::applyTest(const Expr *Subject, bool NonZero, FlowState &S) {
  Subject = strip(Subject);
  if (const auto *BO = dyn_cast<BinaryOperator>(Subject); BO && BO->getOpcode() == BO_Assign)
    Subject = strip(BO->getRHS());
  PlaceRef Failed = nullptr;
  if (const auto *Call = dyn_cast<CallExpr>(Subject)) {
    auto A = Allocs.find(Call);
    if (A == Allocs.end())
      return;
    if (NonZero)
      Failed = A->second.Var;
  } else if (const VarDecl *SV = refVar(Subject); SV && S.Status.count(SV)) {
    StatusRef St = S.Status.find(SV)->second;
    if (NonZero != St.getInt())
      Failed = St.getPointer();
  } else if (PlaceRef V = trackedRef(Subject)) {
    {
      PtrState &P = S.Ptrs[V];
      if (NonZero) {
        P.Mask &= ~(Unallocated | AllocFailed);
      } else if (P.Mask & Allocated) {
        P.Mask = (P.Mask & ~Allocated) | AllocFailed;  // a null result: the allocation failed
      }
      return;
    }
  }
  if (Failed) {
    PtrState &P = S.Ptrs[Failed];
    if (P.Mask & Allocated)
      P.Mask = (P.Mask & ~Allocated) | AllocFailed;
  }
}

void Analysis::applyCondition(const Expr *E, bool Truth, FlowState &S) {
  E = strip(E);
  if (!E)
    return;
  if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_LNot)
    return applyCondition(U->getSubExpr(), !Truth, S);
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    switch (BO->getOpcode()) {
    case BO_LAnd:
    case BO_LOr:
      // The CFG evaluates the left operand in a block of its own; the block that branches on
      // the whole condition has decided it by the right operand.
      return applyCondition(BO->getRHS(), Truth, S);
    case BO_EQ:
    case BO_NE: {
      const Expr *Subject = nullptr;
      if (isZero(strip(BO->getRHS())))
        Subject = BO->getLHS();
      else if (isZero(strip(BO->getLHS())))
        Subject = BO->getRHS();
      if (!Subject)
        return;
      bool SubjectZero = BO->getOpcode() == BO_EQ ? Truth : !Truth;
      return applyTest(Subject, !SubjectZero, S);
    }
    case BO_Assign:
      return applyTest(E, Truth, S);
    default:
      return;
    }
  }
  applyTest(E, Truth, S);
}

void Analysis::refineSwitch(const SwitchStmt &Sw, const CFGBlock &B, unsigned SuccIndex, FlowState &S) {
  // The switch block's successors are its case blocks, then the default (or what follows the
  // switch when it has none). Only a status switched on as a whole is a test: "switch (err)".
  const CFGBlock *Succ = *(B.succ_begin() + SuccIndex);
  if (!Succ)
    return;
  const Expr *Cond = Sw.getCond();
  if (const auto *CS = dyn_cast_or_null<CaseStmt>(Succ->getLabel())) {
    // "case A ... B:" (a GNU range) says too little.
    if (CS->caseStmtIsGNURange())
      return;
    return applyTest(Cond, !isZero(strip(CS->getLHS())), S);
  }
  if (SuccIndex + 1 != B.succ_size())
    return;
  // The default path: a failure exactly when some case took the success value.
  for (const SwitchCase *C = Sw.getSwitchCaseList(); C; C = C->getNextSwitchCase())
    if (const auto *CS = dyn_cast<CaseStmt>(C); CS && !CS->caseStmtIsGNURange() && isZero(strip(CS->getLHS())))
      return applyTest(Cond, true, S);
}

void Analysis::refine(const CFGBlock &B, unsigned SuccIndex, FlowState &S) {
  if (const auto *Sw = dyn_cast_or_null<SwitchStmt>(B.getTerminatorStmt()))
    return refineSwitch(*Sw, B, SuccIndex, S);
  if (B.succ_size() != 2 || SuccIndex > 1)
    return;
  const Stmt *T = B.getTerminatorStmt();
  if (!T || isa<CXXTryStmt>(T) || isa<GotoStmt>(T) || isa<IndirectGotoStmt>(T))
    return;
  const auto *Cond = dyn_cast_or_null<Expr>(B.getTerminatorCondition());
  // A range-for or other statement without a tested expression.
  if (!Cond)
    return;
  // "if (!checkHip(hipMalloc(&d, n), __FILE__, __LINE__)) return false;": the allocation's status
  // goes through a helper whose answer we cannot read, but the branch that leaves the function at
  // once is the one where it failed.
  if (PlaceRef V = helperTestedAllocation(Cond, S)) {
    const auto *If = dyn_cast<IfStmt>(T);
    if (!If)
      return;
    bool ThenExits = exitsEarly(If->getThen());
    bool ElseExits = If->getElse() && exitsEarly(If->getElse());
    if (ThenExits != ElseExits && ThenExits == (SuccIndex == 0)) {
      PtrState &P = S.Ptrs[V];
      if (P.Mask & Allocated)
        P.Mask = (P.Mask & ~Allocated) | AllocFailed;
    }
    return;
  }
  applyCondition(Cond, SuccIndex == 0, S);
}

PlaceRef Analysis::helperTestedAllocation(const Expr *E, const FlowState &S) const {
  E = strip(E);
  while (E) {
    if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_LNot) {
      E = strip(U->getSubExpr());
    } else if (const auto *BO = dyn_cast<BinaryOperator>(E); BO && (BO->getOpcode() == BO_EQ || BO->getOpcode() == BO_NE)) {
      if (isZero(strip(BO->getRHS())))
        E = strip(BO->getLHS());
      else if (isZero(strip(BO->getLHS())))
        E = strip(BO->getRHS());
      else
        return nullptr;
    } else {
      break;
    }
  }
  const auto *Call = dyn_cast_or_null<CallExpr>(E);
  if (!Call || Allocs.count(Call))
    return nullptr;
  for (const Expr *A : Call->arguments())
    if (StatusRef R = statusOf(A, S); R.getPointer() && !R.getInt())
      return R.getPointer();
  return nullptr;
}

// A branch that returns or throws, possibly after a few statements of its own (logging).
bool Analysis::exitsEarly(const Stmt *Branch) const {
  while (const auto *C = dyn_cast_or_null<CompoundStmt>(Branch))
    Branch = C->body_empty() ? nullptr : C->body_back();
  if (const auto *E = dyn_cast_or_null<Expr>(Branch); E && isa<CXXThrowExpr>(E->IgnoreParenImpCasts()))
    return true;
  return Branch && isa<ReturnStmt>(Branch);
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

} // namespace

std::vector<DeviceAllocFinding> analyzeDeviceAllocations(const FunctionDecl &FD, ASTContext &Ctx,
                                                         const DeviceAllocTable &Table,
                                                         const DeviceAllocFlowOptions &Opts) {
  return Analysis(FD, Ctx, Table, Opts).run();
}

} // namespace rocmtidy
