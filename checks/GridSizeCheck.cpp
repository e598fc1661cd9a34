#include "GridSizeCheck.h"

#include "ast/KernelLaunch.h"
#include "core/LaunchLimits.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"

#include <string>

using namespace clang::ast_matchers;

namespace clang::tidy::rocm {

GridSizeCheck::GridSizeCheck(StringRef Name, ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context), CudaGridLimits(Options.get("CudaGridLimits", true)) {}

void GridSizeCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "CudaGridLimits", CudaGridLimits);
}

void GridSizeCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(rocmtidy::launchCandidateMatcher("launch"), this);
}

static std::string kernelName(const FunctionDecl &K, const ASTContext &Ctx) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  K.getNameForDiagnostic(OS, Ctx.getPrintingPolicy(), /*Qualified=*/false);
  return S;
}

void GridSizeCheck::check(const MatchFinder::MatchResult &Result) {
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>("launch");
  if (!Call)
    return;
  ASTContext &Ctx = *Result.Context;
  const SourceManager &SM = *Result.SourceManager;
  std::optional<rocmtidy::KernelLaunch> L = rocmtidy::recogniseLaunch(*Call, Ctx);
  if (!L || L->Loc.isInvalid() || SM.isInSystemHeader(L->Loc))
    return;
  const rocmtidy::Dim3Value Grid = L->Grid;
  const std::optional<uint64_t> GridDims[3] = {Grid.X, Grid.Y, Grid.Z};
  const std::optional<uint64_t> BlockDims[3] = {L->Block.X, L->Block.Y, L->Block.Z};
  const rocmtidy::LaunchLimits &Limits = rocmtidy::launchLimits();
  const std::string Subject = L->Kernel ? "the launch of '" + kernelName(*L->Kernel, Ctx) + "'" : "the launch";
  const unsigned Key = SM.getFileOffset(L->Loc) ^ SM.getFileID(L->Loc).getHashValue();
  static const char *const Axis[3] = {"x", "y", "z"};

  for (unsigned D = 0; D < 3; ++D) {
    if (!GridDims[D] || *GridDims[D] == 0)
      continue;
    const uint64_t Blocks = *GridDims[D];
    // Blocks and threads are 32-bit on both platforms, so their product fits in 64 bits.
    if (BlockDims[D] && *BlockDims[D] > 0 && Blocks * *BlockDims[D] > Limits.HipMaxWorkItemsPerDimension) {
      if (!Reported.insert({Key, D, Blocks * *BlockDims[D]}).second)
        continue;
      diag(L->Loc, "grid %0 of %1 blocks of %2 threads is %3 work-items, more than the %4 HIP launches in one "
                   "dimension, so %5 fails with hipErrorInvalidConfiguration (CUDA counts blocks and accepts it); "
                   "launch fewer blocks and loop over the rest in the kernel (a grid-stride loop), or split the "
                   "launch")
          << Axis[D] << std::to_string(Blocks) << std::to_string(*BlockDims[D])
          << std::to_string(Blocks * *BlockDims[D]) << std::to_string(Limits.HipMaxWorkItemsPerDimension)
          << Subject;
      continue;
    }
    if (CudaGridLimits && D > 0 && Blocks > Limits.CudaMaxGridBlocks[D] && Reported.insert({Key, D, Blocks}).second) {
      diag(L->Loc, "grid %0 of %1 blocks is more than the %2 blocks CUDA allows in %0 (and than the %3 "
                   "hipDeviceProp_t::maxGridSize[%4] reports on AMD), so %5 fails with "
                   "cudaErrorInvalidConfiguration wherever this code is built for NVIDIA; put the large count in "
                   "grid x, or loop over it in the kernel")
          << Axis[D] << std::to_string(Blocks) << std::to_string(Limits.CudaMaxGridBlocks[D])
          << std::to_string(Limits.HipReportedMaxGridSize[D]) << D << Subject;
    }
  }
}

} // namespace clang::tidy::rocm
