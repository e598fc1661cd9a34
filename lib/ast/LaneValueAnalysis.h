#ifndef ROCM_TIDY_AST_LANEVALUEANALYSIS_H
#define ROCM_TIDY_AST_LANEVALUEANALYSIS_H

// What the values of one device function body hold in lane terms: a thread index, a lane number,
// a warp number, a constant (and the expression it comes from), or nothing known. Locals are
// followed by a forward dataflow over the body's CFG (reaching definitions, joined at merges), so
// a local reassigned after a use is a different value at the later use. Members of the function's
// class count as values too when every constructor (and the in-class initialiser) gives them one
// and no method of the class is seen changing them.
//
// The warp model asks it two questions: which definitions reach a read of a local (to find where
// a constant comes from, or whether a lane number reaches 63), and what an expression holds.

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <memory>
#include <optional>

namespace rocmtidy {

/// What a value is, as far as lanes and warps go.
enum class ThreadValue {
  None,        ///< not known to depend on the thread's position in its warp
  ThreadIndex, ///< a thread index along x, possibly flattened or offset by block-uniform terms
  LaneId,      ///< a lane number: __lane_id(), or a thread index modulo a warp width
  WarpId,      ///< a warp number: a thread index divided by a warp width
};

/// The value a local holds at one read, as the dataflow sees it.
struct LaneValue {
  enum Kind {
    Unknown,  ///< several disagreeing definitions reach, or one the analysis cannot follow
    Lane,     ///< a thread index, lane number or warp number (see Thread)
    Constant, ///< an integer constant (see Value)
    Width,    ///< the wavefront width: 'warpSize'
  };
  Kind K = Unknown;
  ThreadValue Thread = ThreadValue::None;
  int64_t Value = 0;
  /// The one definition that reaches (null when several do): where the value comes from.
  const clang::Expr *Def = nullptr;
};

class LaneValueAnalysis {
public:
  /// D is the function (or lambda call operator) whose body Body is; Ctx evaluates constants.
  LaneValueAnalysis(const clang::Decl *D, const clang::Stmt *Body, clang::ASTContext &Ctx);
  ~LaneValueAnalysis();
  LaneValueAnalysis(const LaneValueAnalysis &) = delete;
  LaneValueAnalysis &operator=(const LaneValueAnalysis &) = delete;

  /// The definitions of the local that Use reads which reach it: its initialiser and the
  /// right-hand sides of plain assignments. A null entry is a definition the analysis cannot
  /// follow ('x += 1', 'x++'). std::nullopt when Use reads no tracked local, or the local's address
  /// escapes (taken, bound to a reference). A read the CFG does not reach (inside a lambda, a
  /// member initialiser) gets every definition of the local.
  std::optional<llvm::ArrayRef<const clang::Expr *>> reaching(const clang::Expr *Use) const;

  /// The single definition that reaches Use, or null.
  const clang::Expr *singleDefinition(const clang::Expr *Use) const;

  /// Whether reads of VD are followed to their definitions (locals of the function, not its
  /// parameters): a caller can skip building the analysis for any other read.
  static bool follows(const clang::VarDecl *VD);

  /// Classifies E. If the answer comes through a local variable (or a member, a parameter), *Via
  /// is set to the first such declaration (for a note pointing at its definition).
  ThreadValue classify(const clang::Expr *E, const clang::ValueDecl **Via = nullptr);

  /// What E holds: a lane value, a constant, the wavefront width, or nothing known.
  LaneValue value(const clang::Expr *E, unsigned Depth = 0);

  /// Takes parameter P to hold V: what every caller in the unit passes for it (a helper called
  /// with 'threadIdx.x'). Parameters are otherwise not followed.
  void assumeParameter(const clang::ParmVarDecl *P, ThreadValue V) { Params[P] = V; }

  /// The per-body facts and the dataflow's results (defined in the .cpp).
  struct Flow;

private:
  ThreadValue classifyDefs(const clang::Expr *Use, const clang::ValueDecl *VD);
  ThreadValue classifyMember(const clang::FieldDecl *FD);
  ThreadValue classifyBinary(const clang::BinaryOperator *BO, const clang::ValueDecl **Via);
  std::unique_ptr<Flow> Results;
  clang::ASTContext &Ctx;
  const clang::CXXRecordDecl *Class = nullptr;
  llvm::DenseMap<const clang::ParmVarDecl *, ThreadValue> Params;
  /// Memo per read; InProgress breaks cycles ('a = b; b = a') conservatively.
  enum class State { InProgress, Done };
  llvm::DenseMap<const void *, std::pair<State, ThreadValue>> Memo;
};

} // namespace rocmtidy

#endif
