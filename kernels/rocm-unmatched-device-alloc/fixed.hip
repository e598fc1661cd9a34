// rocm-unmatched-device-alloc, the fix: each device buffer is owned by a small RAII type, so
// every path out of the batch routine (success, early return, exception) frees it.
//
// Self-check: runs 8 batches (every other one on a simulated failure path), compares each
// successful result with a CPU reference (relative error 1e-5), and measures free device memory
// with hipMemGetInfo before and after: PASS when no memory is left behind.
#include "common/harness.h"

#include <stdexcept>
#include <vector>

// kernel-launch: affine block=256 dynamic-lds=0
__global__ void affine(const float *x, float *y, float a, float b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + b;
}

// Owns one device allocation for the lifetime of a scope.
class DeviceBuffer {
public:
  explicit DeviceBuffer(size_t bytes) { HIP_CHECK(hipMalloc(&Ptr, bytes)); }
  ~DeviceBuffer() { (void)hipFree(Ptr); }
  DeviceBuffer(const DeviceBuffer &) = delete;
  DeviceBuffer &operator=(const DeviceBuffer &) = delete;
  float *get() const { return Ptr; }

private:
  float *Ptr = nullptr;
};

enum class Failure { None, Reject, Corrupt };

// y = a * x + b on the GPU; returns -1 for a rejected batch, throws for a corrupt one.
static int runBatch(const std::vector<float> &x, float a, float b, std::vector<float> &y, Failure fail) {
  const int n = int(x.size());
  const size_t bytes = x.size() * sizeof(float);
  DeviceBuffer dX(bytes);
  DeviceBuffer dY(bytes);
  HIP_CHECK(hipMemcpy(dX.get(), x.data(), bytes, hipMemcpyHostToDevice));
  if (fail == Failure::Reject)
    return -1;  // both buffers are freed by their destructors
  if (fail == Failure::Corrupt)
    throw std::runtime_error("corrupt batch");  // and during unwinding
  const int block = 256;
  affine<<<(n + block - 1) / block, block>>>(dX.get(), dY.get(), a, b, n);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipMemcpy(y.data(), dY.get(), bytes, hipMemcpyDeviceToHost));
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
  // Allow 8 MiB of allocator bookkeeping; a leaking failed batch would leave 32 MiB.
  const bool noLeak = leakedMiB < 8.0;
  char detail[160];
  std::snprintf(detail, sizeof detail, "%d failed batches, %.1f MiB of device memory not returned, results %s",
                failedBatches, leakedMiB, resultsOk ? "match" : "differ");
  return harness::report("rocm-unmatched-device-alloc/fixed", resultsOk && noLeak, detail);
}
