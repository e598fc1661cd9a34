#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/ClangTidyModuleRegistry.h"

#include "CudaHeaderCheck.h"
#include "FixedTileSizeCheck.h"
#include "GridSizeCheck.h"
#include "HardcodedBlockSizeCheck.h"
#include "InlinePtxCheck.h"
#include "LaunchBoundsCheck.h"
#include "LdsLimitCheck.h"
#include "RemovedPlatformMacroCheck.h"
#include "UnmatchedDeviceAllocCheck.h"
#include "WarpSizeAssumptionCheck.h"
#include "WarpSizeConstexprCheck.h"
#include "WarpSyncBuiltinsCheck.h"

namespace clang::tidy::rocm {

class RocmModule : public ClangTidyModule {
public:
  void addCheckFactories(ClangTidyCheckFactories &Factories) override {
    // Sorted by check name.
    Factories.registerCheck<CudaHeaderCheck>("rocm-cuda-header");
    Factories.registerCheck<FixedTileSizeCheck>("rocm-fixed-tile-size");
    Factories.registerCheck<GridSizeCheck>("rocm-grid-size");
    Factories.registerCheck<HardcodedBlockSizeCheck>("rocm-hardcoded-block-size");
    Factories.registerCheck<InlinePtxCheck>("rocm-inline-ptx");
    Factories.registerCheck<LaunchBoundsCheck>("rocm-launch-bounds");
    Factories.registerCheck<LdsLimitCheck>("rocm-lds-limit");
    Factories.registerCheck<RemovedPlatformMacroCheck>("rocm-removed-platform-macro");
    Factories.registerCheck<UnmatchedDeviceAllocCheck>("rocm-unmatched-device-alloc");
    Factories.registerCheck<WarpSizeAssumptionCheck>("rocm-warp-size-assumption");
    Factories.registerCheck<WarpSizeConstexprCheck>("rocm-warp-size-constexpr");
    Factories.registerCheck<WarpSyncBuiltinsCheck>("rocm-warp-sync-builtins");
  }
};

static ClangTidyModuleRegistry::Add<RocmModule> X("rocm", "Checks for porting CUDA code to AMD GPUs with HIP.");

} // namespace clang::tidy::rocm

// Referenced by rocm-lint and rocm-clangd so that static linking keeps the registration.
// NOLINTNEXTLINE(misc-use-internal-linkage)
volatile int RocmTidyModuleAnchorSource = 0;
