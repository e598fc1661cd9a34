// Allocations into fields of a heap object held by a local smart pointer die with the object when
// an error path returns without handing it on; a field of the caller's object ('this', a
// parameter) or an out-parameter set to null while it holds the only pointer to live memory loses
// that memory. Objects that escape on the path, or whose destructor frees the field, stay quiet.
// RUN: %clang_tidy -checks='-*,rocm-unmatched-device-alloc' %s -- %hip_flags -std=c++17 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='note:'
// Allocation is host code: the device pass has nothing to say here.

#include <hip/hip_runtime.h>
#include <cstdlib> // clang's HIP wrapper of <new> uses ::malloc
#include <memory>
#include <utility>

bool simulateFailure();

struct Buffers {
  float *a = nullptr;
  float *b = nullptr;
};

// The object is returned to the caller on success; on the error path it dies with 's'.
std::unique_ptr<Buffers> makeBuffers(int n) {
  auto s = std::make_unique<Buffers>();
  if (hipMalloc(&s->a, n) != hipSuccess)
    return nullptr;
  if (hipMalloc(&s->b, n) != hipSuccess)
    return nullptr;
  // CHECK-DAG: :[[@LINE-1]]:5: warning: device memory allocated into 's->a' by 'hipMalloc' is not freed on this path; free it with 'hipFree' before returning or own it with a RAII wrapper [rocm-unmatched-device-alloc]
  // CHECK-DAG: :[[@LINE-5]]:7: note: 's->a' is allocated here
  return s;
}

// The same with a shared_ptr made here.
std::shared_ptr<Buffers> makeShared(int n) {
  std::shared_ptr<Buffers> s = std::make_shared<Buffers>();
  if (hipMalloc(&s->a, n) != hipSuccess)
    return nullptr;
  if (simulateFailure())
    return nullptr;
  // CHECK-DAG: :[[@LINE-1]]:5: warning: device memory allocated into 's->a' by 'hipMalloc' is not freed on this path
  // CHECK-DAG: :[[@LINE-5]]:7: note: 's->a' is allocated here
  return s;
}

// Through a macro that returns, as HIP_CHECK-style wrappers do.
#define TRY(call) do { if ((call) != hipSuccess) return nullptr; } while (0)
std::unique_ptr<Buffers> viaMacro(int n) {
  std::unique_ptr<Buffers> s(new Buffers);
  TRY(hipMalloc(&s->a, n));
  TRY(hipMalloc(&s->b, n));
  // CHECK-DAG: :[[@LINE-1]]:3: warning: device memory allocated into 's->a' by 'hipMalloc' is not freed on this path
  // CHECK-DAG: :[[@LINE-3]]:7: note: 's->a' is allocated here
  return s;
}

// A member of 'this' set to null on an error path while it holds the only pointer.
struct Model {
  float *weights = nullptr;
  int load(int n) {
    if (hipMalloc(&weights, n) != hipSuccess)
      return 1;
    if (simulateFailure()) {
      weights = nullptr;
      // CHECK-DAG: :[[@LINE-1]]:7: warning: device memory allocated into 'weights' by 'hipMalloc' is lost when 'weights' is set to null here; free it with 'hipFree' first
      // CHECK-DAG: :[[@LINE-5]]:9: note: 'weights' is allocated here
      return 2;
    }
    return 0;
  }
  ~Model() { (void)hipFree(weights); }
};

// An out-parameter reset the same way.
hipError_t allocZeroed(float **out, size_t n) {
  hipError_t e = hipMalloc(out, n);
  if (e != hipSuccess)
    return e;
  if (hipMemset(*out, 0, n) != hipSuccess) {
    *out = nullptr;
    // CHECK-DAG: :[[@LINE-1]]:5: warning: device memory allocated into '*out' by 'hipMalloc' is lost when '*out' is set to null here; free it with 'hipFree' first
    // CHECK-DAG: :[[@LINE-6]]:18: note: '*out' is allocated here
    return hipErrorOutOfMemory;
  }
  return hipSuccess;
}

// A field of a parameter's object.
int fill(Buffers *dst, int n) {
  if (hipMalloc(&dst->a, n) != hipSuccess)
    return 1;
  if (simulateFailure()) {
    dst->a = nullptr;
    // CHECK-DAG: :[[@LINE-1]]:5: warning: device memory allocated into 'dst->a' by 'hipMalloc' is lost when 'dst->a' is set to null here
    // CHECK-DAG: :[[@LINE-5]]:7: note: 'dst->a' is allocated here
    return 2;
  }
  return 0;
}

// Not reported: the caller's objects keep what the function leaves in them on return.
int leaveInMember(Buffers *dst, int n) {
  if (hipMalloc(&dst->a, n) != hipSuccess)
    return 1;
  if (simulateFailure())
    return 2;
  return 0;
}
hipError_t leaveInOut(float **out, size_t n) {
  if (hipMalloc(out, n) != hipSuccess)
    return hipErrorOutOfMemory;
  return simulateFailure() ? hipErrorUnknown : hipSuccess;
}

// Not reported: null after a failed allocation, or after the memory was freed or handed on.
struct Cache {
  float *data = nullptr;
  float *keep = nullptr;
  int init(int n) {
    if (hipMalloc(&data, n) != hipSuccess) {
      data = nullptr;
      return 1;
    }
    if (simulateFailure()) {
      (void)hipFree(data);
      data = nullptr;
      return 2;
    }
    keep = data;
    data = nullptr;
    return 0;
  }
};
hipError_t handedBack(float **out, float **spare, size_t n) {
  if (hipMalloc(out, n) != hipSuccess) {
    *out = nullptr;
    return hipErrorOutOfMemory;
  }
  *spare = *out;
  *out = nullptr;
  return hipSuccess;
}

// Not reported: the object escapes on the error path too (moved out, released, stored).
void adopt(std::unique_ptr<Buffers> b);
int movedOut(int n) {
  auto s = std::make_unique<Buffers>();
  if (hipMalloc(&s->a, n) != hipSuccess)
    return 1;
  if (simulateFailure()) {
    adopt(std::move(s));
    return 2;
  }
  adopt(std::move(s));
  return 0;
}
Buffers *released(int n) {
  auto s = std::make_unique<Buffers>();
  if (hipMalloc(&s->a, n) != hipSuccess)
    return nullptr;
  return s.release();
}

// Not reported: the object's destructor frees its fields.
struct OwnedBuffers {
  float *a = nullptr;
  ~OwnedBuffers() { (void)hipFree(a); }
};
std::unique_ptr<OwnedBuffers> makeOwned(int n) {
  auto s = std::make_unique<OwnedBuffers>();
  if (hipMalloc(&s->a, n) != hipSuccess)
    return nullptr;
  if (simulateFailure())
    return nullptr;
  return s;
}

// Not reported: a custom deleter may free the fields; a shared_ptr not made here may have other owners.
struct FreeBuffers {
  void operator()(Buffers *b) const { (void)hipFree(b->a); delete b; }
};
int customDeleter(int n) {
  std::unique_ptr<Buffers, FreeBuffers> s(new Buffers);
  if (hipMalloc(&s->a, n) != hipSuccess)
    return 1;
  return simulateFailure() ? 2 : 0;
}
std::shared_ptr<Buffers> shared();
int sharedElsewhere(int n) {
  std::shared_ptr<Buffers> s = shared();
  if (hipMalloc(&s->a, n) != hipSuccess)
    return 1;
  return simulateFailure() ? 2 : 0;
}

// Not reported: a method of the object may have freed the field before it is reset.
struct Pool {
  float *buf = nullptr;
  void release();
  int grow(int n) {
    if (hipMalloc(&buf, n) != hipSuccess)
      return 1;
    if (simulateFailure()) {
      release();
      buf = nullptr;
      return 2;
    }
    return 0;
  }
};
