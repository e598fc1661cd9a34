#include <hip/hip_runtime.h>

// Written for ROCm 6: the memory type is 'type', and managed memory counts as device memory.
bool on_device(const void *p) {
  hipPointerAttribute_t attr{};
  if (hipPointerGetAttributes(&attr, p) != hipSuccess)
    return false;
  return attr.type == hipMemoryTypeDevice || attr.type == hipMemoryTypeManaged;
}

// ROCm's stream query, which HIP 5.2 does not declare.
int stream_device(hipStream_t s) {
  hipDevice_t d = -1;
  return hipStreamGetDevice(s, &d) == hipSuccess ? d : -1;
}

// Written for HIP 5: still analysed.
bool on_host_hip5(const void *p) {
  hipPointerAttribute_t attr{};
  return hipPointerGetAttributes(&attr, p) == hipSuccess && attr.memoryType == hipMemoryTypeHost;
}

int tiles_per_warp(int dev) {
  hipDeviceProp_t prop;
  if (hipGetDeviceProperties(&prop, dev) != hipSuccess)
    return 0;
  if (prop.warpSize == 32)
    return 1;
  return 4;
}
