// Shuffle reductions that start further away than a wavefront has lanes ('for (o = 64; o > 0; o /= 2)
// v += __shfl_xor(v, o)', or 'BK / 2' instantiated with BK = 128, code written for a 128-element
// row). HIP returns a lane its own value when the source lane is outside the width, so on a 64-lane
// wavefront the first step adds every lane to itself and the sum doubles; the lanes the author meant
// to reach are in another wavefront, where no shuffle goes. A maximum or a minimum taken that way is
// unharmed, so only sums are reported (the model records only loops that add the shuffled value).

#include "WarpSizeReportState.h"

namespace clang::tidy::rocm {

void WarpSizeAssumptionCheck::reportWideStarts(const rocmtidy::FunctionWarpFacts &F, ReportState &S) {
  if (S.Lanes < 64)
    return;
  for (const rocmtidy::WideStart &W : F.WideStarts) {
    if (W.Offset < static_cast<int64_t>(S.Lanes))
      continue;
    SourceLocation Loc = S.SM.getExpansionLoc(W.At->getBeginLoc());
    if (platform(Loc, S.SM) == rocmtidy::Platform::CudaOnly || skipForMacro(W.Shuffle->getBeginLoc(), S) ||
        !S.once(Loc, 25))
      continue;
    diag(Loc, "shuffle reduction starts at lane offset %0%select{| in an instantiation}1, beyond the last lane of a "
              "%2-lane wavefront: '%3' from a lane outside the width returns the lane's own value, so the step "
              "adds each lane to itself; start at 'warpSize / 2' and sum across wavefronts through shared memory")
        << static_cast<unsigned>(W.Offset) << W.FromTemplate << S.Lanes << rocmtidy::calleeName(W.Shuffle);
  }
}

} // namespace clang::tidy::rocm
