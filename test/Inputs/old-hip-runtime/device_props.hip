#include <hip/hip_runtime.h>
#include <cstdio>

int describe(int dev) {
  hipDeviceProp_t prop;
  if (hipGetDeviceProperties(&prop, dev) != hipSuccess)
    return 1;
  std::printf("%s: unified %d, copy engines %d, opt-in LDS %zu\n", prop.name, prop.unifiedAddressing,
              prop.asyncEngineCount, prop.sharedMemPerBlockOptin);
  if (prop.warpSize == 32)
    return 2;
  return 0;
}
