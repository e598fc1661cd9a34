// Leaving 'main' ends the process, which releases its device memory as 'exit' does: a test
// program that returns on a failed step, or never frees before its closing brace, is quiet. What
// is wrong while it runs is still reported in 'main' (memory lost when its pointer is set to
// null, a wrong deallocator), and the same exits of any other function are leaks.
// RUN: %clang_tidy -checks='-*,rocm-unmatched-device-alloc' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:'

#include <hip/hip_runtime.h>

#define CHECK_HIP(x) do { if ((x) != hipSuccess) return 1; } while (0)

__global__ void fill(float *d) { d[threadIdx.x] = 1.f; }

// Reported: a helper's early return leaks for the rest of the run.
int run_once(int n) {
  float *d = nullptr;
  CHECK_HIP(hipMalloc(&d, n * sizeof(float)));
  fill<<<1, 64>>>(d);
  if (hipDeviceSynchronize() != hipSuccess)
    return 1;
  // CHECK: :[[@LINE-1]]:5: warning: device memory allocated into 'd' by 'hipMalloc' is not freed on this path
  hipFree(d);
  return 0;
}

int main(int argc, char **argv) {
  // Quiet: every exit of main ends the process (the macro's return, the early return, the
  // closing brace without a free).
  float *in = nullptr, *out = nullptr;
  CHECK_HIP(hipMalloc(&in, 256 * sizeof(float)));
  CHECK_HIP(hipMalloc(&out, 256 * sizeof(float)));
  if (argc > 3)
    return 2;
  fill<<<1, 64>>>(in);
  // Reported: a host allocation released with the device deallocator is wrong in main too.
  float *host = nullptr;
  CHECK_HIP(hipHostMalloc(&host, 256 * sizeof(float)));
  hipFree(host);
  // CHECK: :[[@LINE-1]]:3: warning: 'hipFree' cannot release
  // Reported: memory lost while the program still runs.
  for (int i = 0; i < argc; ++i) {
    float *tmp = nullptr;
    CHECK_HIP(hipMalloc(&tmp, 64));
    tmp = nullptr;
    // CHECK: :[[@LINE-1]]:5: warning: device memory allocated into 'tmp' by 'hipMalloc' is lost when 'tmp' is set to null here
  }
  return run_once(argc);
}
