// Correct code that must stay quiet: each function gives the reason.
// RUN: %clang_tidy -checks='-*,rocm-unmatched-device-alloc' %s -- %hip_flags -I %inputs/alloc 2>&1 \
// RUN:   | FileCheck %s --allow-empty --implicit-check-not='warning:' --implicit-check-not='note:'
// The same file with a leak switched on proves the analysis runs on it.
// RUN: %clang_tidy -checks='-*,rocm-unmatched-device-alloc' %s -- %hip_flags -I %inputs/alloc -DWITH_LEAK 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LEAK --implicit-check-not='warning:'

#include <hip/hip_runtime.h>
#include "alloc_std.h"

bool simulateFailure();
void compute(float *d, int n);

// The allocation failed on the returning paths: there is nothing to free.
int failedAllocation(int n) {
  float *a, *b, *c, *e, *f;
  if (hipMalloc(&a, n) != hipSuccess)
    return -1;
  hipError_t err = hipMalloc(&b, n);
  if (err) {
    hipFree(a);
    return -2;
  }
  if (hipSuccess != hipMalloc(&c, n)) {
    hipFree(a);
    hipFree(b);
    return -3;
  }
  if (hipError_t st = hipMalloc(&e, n)) {
    hipFree(a);
    hipFree(b);
    hipFree(c);
    return int(st);
  }
  if (!(hipMalloc(&f, n) == hipSuccess)) {
    hipFree(a);
    hipFree(b);
    hipFree(c);
    hipFree(e);
    return -5;
  }
  hipFree(a);
  hipFree(b);
  hipFree(c);
  hipFree(e);
  hipFree(f);
  return 0;
}

// A null pointer after the call also means the allocation failed.
int nullTested(int n) {
  float *d = nullptr;
  hipMalloc(&d, n);
  if (!d)
    return -1;
  hipFree(d);
  return 0;
}

// A checking macro that branches on the result and exits on failure.
#define CHECK_HIP(expr)                                                                              \
  do {                                                                                               \
    hipError_t e_ = (expr);                                                                          \
    if (e_ != hipSuccess) {                                                                          \
      printf("%s failed\n", #expr);                                                                  \
      exit(1);                                                                                       \
    }                                                                                                \
  } while (0)
// A macro that returns the status: quiet for the allocation it checks.
#define RETURN_IF_ERROR(expr)                                                                        \
  do {                                                                                               \
    hipError_t s_ = (expr);                                                                          \
    if (s_ != hipSuccess)                                                                            \
      return s_;                                                                                     \
  } while (0)

hipError_t macros(int n) {
  float *d, *h;
  RETURN_IF_ERROR(hipHostMalloc(&h, n));
  CHECK_HIP(hipMalloc(&d, n));
  CHECK_HIP(hipMemset(d, 0, n));
  hipHostFree(h);
  return hipFree(d);
}

// The process ends on these paths: the driver reclaims everything.
void noReturn(int n) {
  float *d;
  CHECK_HIP(hipMalloc(&d, n));
  if (simulateFailure())
    abort();
  if (n < 0)
    std::terminate();
  if (n > 1000)
    exit(3);
  hipFree(d);
}

struct Buffer {
  float *Data = nullptr;
  float *Scratch = nullptr;
  hipError_t init(int n);
};
float *GlobalScratch;
void keep(float **slot);
void adopt(float *&p);

// The pointer escapes: someone else frees it.
float *returned(int n) {
  float *d = nullptr;
  if (hipMalloc(&d, n) != hipSuccess)
    return nullptr;
  return d;
}
hipError_t Buffer::init(int n) {
  float *d;
  hipError_t e = hipMalloc(&d, n);
  Data = d;  // stored to a member
  return e;
}
void toGlobal(int n) {
  float *d;
  hipMalloc(&d, n);
  GlobalScratch = d;
}
void toOutParam(float **out, int n) {
  float *d;
  hipMalloc(&d, n);
  *out = d;
}
void toContainer(std::vector<float *> &v, int n) {
  float *a, *b, *c;
  hipMalloc(&a, n);
  hipMalloc(&b, n);
  hipMalloc(&c, n);
  v.push_back(a);
  v.emplace_back(b);
  v[0] = c;
}
void byAddressOrReference(int n) {
  float *a, *b;
  hipMalloc(&a, n);
  hipMalloc(&b, n);
  keep(&a);   // T**: the callee may keep or free it
  adopt(b);   // T*&: likewise
}
struct DeviceDeleter { void operator()(float *p) const { hipFree(p); } };
void smartPointers(int n) {
  float *a, *b;
  hipMalloc(&a, n);
  std::unique_ptr<float, DeviceDeleter> owner(a);
  hipMalloc(&b, n);
  std::unique_ptr<float, DeviceDeleter> later;
  later.reset(b);
  if (simulateFailure())
    return;
}
struct Pool {
  std::vector<std::function<void()>> Cleanups;
};
void storedLambda(Pool &pool, int n) {
  float *d;
  hipMalloc(&d, n);
  pool.Cleanups.emplace_back([&d] { hipFree(d); });
}
Buffer aggregate(int n) {
  float *d;
  hipMalloc(&d, n);
  return Buffer{d};
}

// Allocation through the enclosing function's parameters: the caller owns the memory.
hipError_t allocateFor(float **out, float *&ref, int n) {
  hipError_t e = hipMalloc(out, n);
  if (e != hipSuccess)
    return e;
  return hipMalloc(&ref, n);
}
static float *Cache;
void staticStorage(int n) {
  static float *once;
  hipMalloc(&once, n);  // lives for the whole program
  hipMalloc(&Cache, n);
}

// goto cleanup: every exit goes through the free.
int gotoCleanup(int n) {
  int rc = -1;
  float *a = nullptr, *b = nullptr;
  if (hipMalloc(&a, n) != hipSuccess)
    goto cleanup;
  if (hipMalloc(&b, n) != hipSuccess)
    goto cleanup;
  if (simulateFailure())
    goto cleanup;
  compute(a, n);
  rc = 0;
cleanup:
  if (b)
    hipFree(b);
  hipFree(a);
  return rc;
}

// Freed on every path, including the exception path into the handler.
int tryCatchFrees(int n) {
  float *d = nullptr;
  if (hipMalloc(&d, n) != hipSuccess)
    return -1;
  try {
    compute(d, n);
  } catch (...) {
    hipFree(d);
    throw;
  }
  hipFree(d);
  return 0;
}

// A helper in this file that frees its parameter.
static void release(float *p) { hipFree(p); }
int helperFrees(int n) {
  float *d;
  if (hipMalloc(&d, n) != hipSuccess)
    return -1;
  if (simulateFailure()) {
    release(d);
    return -2;
  }
  release(d);
  return 0;
}

// Allocated and freed in each iteration; the loop exit carries nothing.
void loopFrees(int n, int iters) {
  for (int i = 0; i < iters; ++i) {
    float *d;
    if (hipMalloc(&d, n) != hipSuccess)
      continue;
    compute(d, n);
    hipFree(d);
  }
}

// Freed, reset to null, freed again: the second free is of a null pointer.
void resetAfterFree(int n) {
  float *d;
  hipMalloc(&d, n);
  hipFree(d);
  d = nullptr;
  hipFree(d);
}

// The lambda allocates into the enclosing function's variable: the enclosing function frees it.
int allocatingLambda(int n) {
  float *d = nullptr;
  auto get = [&]() { return hipMalloc(&d, n); };
  if (get() != hipSuccess)
    return -1;
  compute(d, n);
  hipFree(d);
  return 0;
}

// The status comes from one arm of a conditional: its test still guards the failed allocation.
void conditionalStatus(int n) {
  float *d;
  hipError_t e = simulateFailure() ? hipErrorOutOfMemory : hipMalloc(&d, n);
  if (e != hipSuccess)
    return;
  hipFree(d);
}

// Success and failure flags derived from the status.
void statusFlags(int n) {
  float *a, *b, *c;
  bool ok = hipMalloc(&a, n) == hipSuccess;
  if (!ok)
    return;
  hipError_t e = hipMalloc(&b, n);
  const bool failed = e != hipSuccess;
  if (failed) {
    hipFree(a);
    return;
  }
  bool good = !hipMalloc(&c, n);
  if (good)
    hipFree(c);
  hipFree(a);
  hipFree(b);
}

// Helpers of this file that keep the pointer they are given by value.
struct Registry {
  std::vector<float *> Items;
  float *Last = nullptr;
  void add(float *p) { Items.push_back(p); }
  void remember(float *p) { Last = p; }
};
float *passThrough(float *p) { return p; }
void keptByHelpers(Registry &r, int n) {
  float *a, *b, *c;
  hipMalloc(&a, n);
  r.add(a);
  hipMalloc(&b, n);
  r.remember(b);
  hipMalloc(&c, n);
  r.Last = passThrough(c);
}

#ifdef WITH_LEAK
void leaks(int n) {
  float *d;
  hipMalloc(&d, n);
}
// LEAK: :[[@LINE-1]]:1: warning: device memory allocated into 'd' by 'hipMalloc' is not freed on this path
#endif

// A project's own [[noreturn]] error handler ends the path like exit().
[[noreturn]] void fatal(const char *what);
void userNoReturn(int n) {
  float *d;
  if (hipMalloc(&d, n) != hipSuccess)
    fatal("hipMalloc");
  if (simulateFailure())
    fatal("simulated");
  hipFree(d);
}
