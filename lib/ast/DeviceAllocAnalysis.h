#ifndef ROCM_TIDY_AST_DEVICEALLOCANALYSIS_H
#define ROCM_TIDY_AST_DEVICEALLOCANALYSIS_H

// Internal to rocm-unmatched-device-alloc's dataflow (DeviceAllocFlow.cpp: places, transfer and
// reports; DeviceAllocConditions.cpp: what branch conditions say about an allocation): the
// per-path state and the analysis of one function.

#include "ast/DeviceAllocFlow.h"

#include "clang/AST/StmtCXX.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/FoldingSet.h"
#include "llvm/ADT/PointerIntPair.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"

#include <map>
#include <memory>
#include <set>
#include <tuple>
#include <utility>
#include <vector>

namespace rocmtidy::devicealloc {

using namespace clang;

// Possibilities for one pointer; a path-merged state holds several.
enum : unsigned char {
  Unallocated = 1,
  Allocated = 2,
  Freed = 4,
  Escaped = 8,
  AllocFailed = 16,
};

// A branch condition the function tests more than once ("if (n > 0)" around an allocation and
// again around its free), by its index in Analysis::Tests, and the value it had.
using TestFact = std::pair<unsigned, bool>;
using TestFacts = llvm::SmallVector<TestFact, 2>;

struct PtrState {
  unsigned char Mask = Unallocated;
  const CallExpr *Alloc = nullptr; // the allocation behind the Allocated bit
  const Expr *FreedAt = nullptr;   // the free behind the Freed bit
  // What every path that allocated knew when it did (sorted): a later test of the same condition
  // that goes the other way cannot hold the allocation.
  TestFacts Guards;
  bool operator==(const PtrState &O) const {
    return Mask == O.Mask && Alloc == O.Alloc && FreedAt == O.FreedAt && Guards == O.Guards;
  }
};

/// The facts both \p A and \p B hold.
inline TestFacts commonFacts(const TestFacts &A, const TestFacts &B) {
  TestFacts Out;
  for (const TestFact &F : A)
    if (llvm::is_contained(B, F))
      Out.push_back(F);
  return Out;
}

// What the analysis tracks: a local pointer variable ("d"), or a pointer field of a local object
// the function owns ("layer.w" of a local struct, "s->buf" of an object it created with new or
// malloc or holds in a local unique_ptr/shared_ptr). Interned: one Place per (variable, field,
// dereference).
// Places of the caller's objects ("weights" of 'this', "l->w" of a parameter, "*out" of an
// out-parameter) are followed too, but only for what the function itself does wrong with them:
// the caller frees what is left there, so leaving the function is no leak, yet setting the only
// pointer to null is.
struct Place {
  const VarDecl *Base;    // null for a field of 'this'
  const FieldDecl *Field; // null for the variable itself (or what it points to, with Deref)
  bool Deref;             // "*out"
  bool CallerOwned;
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
  // Conditions that held one way on every path here, and still test the same values (sorted).
  TestFacts Known;
  // The allocation that was the last call on every path here: hipGetLastError() then reports its
  // status ("hipMalloc(&d, n); if (hipGetLastError() != hipSuccess) return;").
  PlaceRef LastCallAlloc = nullptr;

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
      if ((Mine.Mask & Allocated) && (P.Mask & Allocated))
        Mine.Guards = commonFacts(Mine.Guards, P.Guards);
      else if (P.Mask & Allocated)
        Mine.Guards = P.Guards;
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
    TestFacts Both = commonFacts(Known, O.Known);
    Changed |= Both.size() != Known.size();
    Known = std::move(Both);
    if (LastCallAlloc && LastCallAlloc != O.LastCallAlloc) {
      LastCallAlloc = nullptr;
      Changed = true;
    }
    return Changed;
  }
};

struct AllocSite {
  PlaceRef Var;
  const DeviceAllocator *Allocator;
};

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
  /// The place behind an allocator's first argument: "&d", "&s->buf", or an out-parameter
  /// "out" (the allocation goes to "*out").
  PlaceRef allocationPlace(const Expr *Arg);
  PlaceRef intern(const VarDecl *Base, const FieldDecl *Field, bool Deref, bool CallerOwned, std::string Name);
  /// A whole-object use of a variable whose fields hold allocations: the object escapes.
  void escapeObject(const VarDecl *Base, FlowState &S);

  void transfer(const CFGBlock &B, FlowState &S, FlowState *BeforeLast);
  void transferStmt(const Stmt *St, FlowState &S);
  void transferCall(const CallExpr *Call, FlowState &S);
  /// What \p St frees, hands on or copies of the tracked pointers (DeviceAllocEscape's rules).
  void applyPointerUses(const Stmt *St, FlowState &S);
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
  /// A condition tested again: the edge that contradicts what the path knows is not taken, and an
  /// allocation made under the other outcome is not held on it. False when the edge is not taken.
  bool applyRepeatedTest(const Expr *Cond, bool Truth, FlowState &S);
  /// The index in Tests of \p Cond, when it only reads locals, parameters, fields and constants
  /// ("n > 0", "!isResized", "stride * height > limit"); -1 otherwise. \p Negated: a leading '!'.
  int testIndex(const Expr *Cond, bool &Negated);
  /// What \p St writes (assignments, ++/--, '&x', non-const reference arguments, non-const member
  /// calls on 'this'): facts about conditions that read it are forgotten.
  void forgetWrites(const Stmt *St, FlowState &S) const;
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
  // The calls that free a tracked pointer (directly or through a helper), by call: a branch that
  // finds one failing ('if (hipFree(d) != hipSuccess)') does not know what it left.
  llvm::DenseMap<const CallExpr *, PlaceRef> FreeCalls;
  llvm::SmallPtrSet<const Expr *, 8> AllocAddressArgs;
  llvm::SmallPtrSet<PlaceRef, 8> Tracked;
  std::map<std::tuple<const VarDecl *, const FieldDecl *, bool>, std::unique_ptr<Place>> Places;
  // Objects whose fields are tracked, and the references to them that do not hand the object on:
  // the base of a field access, the argument of free()/delete.
  llvm::DenseMap<const VarDecl *, llvm::SmallVector<PlaceRef, 2>> FieldsOf;
  llvm::SmallPtrSet<const DeclRefExpr *, 16> InnerRefs;
  // The same for 'this': the base of a member access ('this' is the key null in FieldsOf).
  llvm::SmallPtrSet<const CXXThisExpr *, 16> InnerThis;
  bool HasTry = false;
  std::unique_ptr<CFG> Cfg;
  llvm::DenseMap<std::pair<const FunctionDecl *, unsigned>, CalleeEffect> CalleeCache;

  // Conditions the function tests, each with what it reads (a null entry: a field of 'this').
  struct Test {
    const Expr *Cond;
    llvm::FoldingSetNodeID Id; // the condition's canonical profile: the same test spelled again
    llvm::SmallPtrSet<const ValueDecl *, 4> Reads;
    bool ReadsThis = false;
  };
  std::vector<Test> Tests;
  llvm::DenseMap<const Expr *, int> TestOf; // each condition seen, its index in Tests or -1

  bool Reporting = false;
  std::vector<DeviceAllocFinding> Findings;
  std::set<std::tuple<unsigned, std::string, int>> Seen;
};

} // namespace rocmtidy::devicealloc

#endif
