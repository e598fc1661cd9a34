// rocm-unmatched-device-alloc, the bug: a batch routine of a long-running service allocates two
// device buffers and leaves on its error paths (a rejected batch returns early, a corrupt one
// throws) without hipFree. Every failed batch leaks 2 x 16 MiB; a server that runs for hours
// ends in hipErrorOutOfMemory.
//
// Self-check: runs 8 batches (every other one on a simulated failure path), compares each
// successful result with a CPU reference, and measures free device memory with hipMemGetInfo
// before and after. This version FAILs: the failed batches' buffers are still allocated.
#include "common/harness.h"

#include <stdexcept>
#include <vector>

__global__ void affine(const float *x, float *y, float a, float b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + b;
}

enum class Failure { None, Reject, Corrupt };

// y = a * x + b on the GPU; returns -1 for a rejected batch, throws for a corrupt one.
static int runBatch(const std::vector<float> &x, float a, float b, std::vector<float> &y, Failure fail) {
  const int n = int(x.size());
  const size_t bytes = x.size() * sizeof(float);
  float *dX = nullptr;
  float *dY = nullptr;
  HIP_CHECK(hipMalloc(&dX, bytes));
  HIP_CHECK(hipMalloc(&dY, bytes));
  HIP_CHECK(hipMemcpy(dX, x.data(), bytes, hipMemcpyHostToDevice));
  if (fail == Failure::Reject)
    return -1;  // BUG: dX and dY are never freed
  if (fail == Failure::Corrupt)
    throw std::runtime_error("corrupt batch");  // BUG: same on the exception path
  const int block = 256;
  affine<<<(n + block - 1) / block, block>>>(dX, dY, a, b, n);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipMemcpy(y.data(), dY, bytes, hipMemcpyDeviceToHost));
  HIP_CHECK(hipFree(dX));
  HIP_CHECK(hipFree(dY));
  return 0;
}

int main() {
  const int n = 1 << 22;  // 16 MiB per buffer: far above the allocator's granularity
  harness::Rng rng(20261129);
  std::vector<float> x(n), y(n);
  for (float &v : x)
    v = rng.uniform(-4.0f, 4.0f);

  HIP_CHECK(hipFree(nullptr));  // create the context before measuring
  size_t freeBefore = 0, freeAfter = 0, total = 0;
  HIP_CHECK(hipMemGetInfo(&freeBefore, &total));

  bool resultsOk = true;
  int failedBatches = 0;
  for (int batch = 0; batch < 8; ++batch) {
    Failure fail = batch % 2 == 0 ? Failure::None : (batch % 4 == 1 ? Failure::Reject : Failure::Corrupt);
    float a = 0.5f + 0.25f * float(batch), b = -1.0f + float(batch);
    int rc = 0;
    try {
      rc = runBatch(x, a, b, y, fail);
    } catch (const std::runtime_error &) {
      rc = -2;
    }
    if (rc != 0) {
      ++failedBatches;
      continue;
    }
    // One multiply and one add in float: the GPU may fuse them, so allow a few ulps.
    for (int i = 0; i < n; ++i)
      resultsOk &= harness::closeEnough(y[i], double(a) * double(x[i]) + double(b), 1e-5);
  }

  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipMemGetInfo(&freeAfter, &total));
  const double leakedMiB = freeAfter < freeBefore ? double(freeBefore - freeAfter) / (1 << 20) : 0.0;
  // Allow 8 MiB of allocator bookkeeping; every failed batch here leaks 32 MiB.
  const bool noLeak = leakedMiB < 8.0;
  char detail[160];
  std::snprintf(detail, sizeof detail, "%d failed batches, %.1f MiB of device memory not returned, results %s",
                failedBatches, leakedMiB, resultsOk ? "match" : "differ");
  return harness::report("rocm-unmatched-device-alloc/bad", resultsOk && noLeak, detail);
}
