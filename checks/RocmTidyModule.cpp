#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/ClangTidyModuleRegistry.h"

#include "CudaHeaderCheck.h"
#include "UnmatchedDeviceAllocCheck.h"

namespace clang::tidy::rocm {

class RocmModule : public ClangTidyModule {
public:
  void addCheckFactories(ClangTidyCheckFactories &Factories) override {
    // Sorted by check name.
    Factories.registerCheck<CudaHeaderCheck>("rocm-cuda-header");
    Factories.registerCheck<UnmatchedDeviceAllocCheck>("rocm-unmatched-device-alloc");
  }
};

static ClangTidyModuleRegistry::Add<RocmModule> X("rocm-module", "Checks for porting CUDA code to AMD GPUs with HIP.");

} // namespace clang::tidy::rocm

// Referenced by rocm-lint and rocm-clangd so that static linking keeps the registration.
// NOLINTNEXTLINE(misc-use-internal-linkage)
volatile int RocmTidyModuleAnchorSource = 0;
