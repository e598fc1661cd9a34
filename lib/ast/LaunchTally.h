#ifndef ROCM_TIDY_AST_LAUNCHTALLY_H
#define ROCM_TIDY_AST_LAUNCHTALLY_H

// The launches, and every other mention, of each kernel in one translation unit: the blocks its
// code runs with. A wavefront takes the threads of one block in order, so a kernel launched only
// with blocks 32 threads wide holds two block rows per 64-lane wavefront, and one launched with
// blocks of at most 32 threads never runs lanes 32-63. Only what every mention says counts: a
// kernel named elsewhere than in a recognised launch (a pointer, a launch with a block computed
// at run time) may run with any block. The warp model reads it for its own unit; the facts of a
// translation unit (ast/KernelFacts) carry it to the project index for the kernels' other files.

#include "ast/ConstantValue.h"
#include "core/ProjectIndex.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/Regex.h"

namespace rocmtidy {

class LaunchTally {
public:
  struct Entry {
    unsigned References = 0; ///< expressions that name the kernel (each launch names it once)
    KernelLaunches Blocks;   ///< the recognised launches (no name: the key is the declaration)
    /// The grid argument of each recognised chevron launch (hipLaunchKernelGGL expands to one) as
    /// written: what the host sized the grid from.
    std::vector<const clang::Expr *> Grids;
    /// Whether every mention is a launch whose block is known.
    bool complete() const { return !Blocks.Unknown && Blocks.Launches > 0 && References <= Blocks.Launches; }
  };

  /// \p WarpNames: the names of warp-size constants (the table's default when null).
  explicit LaunchTally(clang::ASTContext &Ctx, const llvm::Regex *WarpNames = nullptr);

  /// A DeclRefExpr or OverloadExpr: counts for every kernel it may name.
  void noteReference(const clang::Expr *E);
  /// A call: a launch (chevrons, or a launch API of the table) is recorded for its kernel.
  void noteLaunch(const clang::CallExpr *CE);

  /// The entry of a kernel (any declaration or specialisation of it), or null.
  const Entry *find(const clang::FunctionDecl *Kernel) const;
  /// The canonical declaration of a kernel's pattern (every specialisation runs the same body);
  /// null for a function that is no kernel.
  static const clang::FunctionDecl *kernelKey(const clang::FunctionDecl *FD);
  const llvm::MapVector<const clang::FunctionDecl *, Entry> &entries() const { return Entries; }

private:
  void dependentLaunch(const clang::CUDAKernelCallExpr *K);
  void record(const clang::FunctionDecl *Kernel, const clang::Expr *BlockArg, const Dim3Value &Block);
  bool sizedByWarpName(const clang::Expr *BlockArg) const;

  clang::ASTContext &Ctx;
  const llvm::Regex &WarpNames;
  llvm::MapVector<const clang::FunctionDecl *, Entry> Entries;
};

} // namespace rocmtidy

#endif
