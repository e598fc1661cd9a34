// OwnershipFunctions: functions that take ownership of a pointer passed to them by value.
// RUN: %clang_tidy -checks='-*,rocm-unmatched-device-alloc' %s -- %hip_flags -I %inputs/alloc 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DEFAULT --implicit-check-not='warning:'
// RUN: %clang_tidy -checks='-*,rocm-unmatched-device-alloc' \
// RUN:   -config="{CheckOptions: {rocm-unmatched-device-alloc.OwnershipFunctions: 'registerBuffer;mylib::Arena::adopt'}}" \
// RUN:   %s -- %hip_flags -I %inputs/alloc 2>&1 | FileCheck %s --check-prefix=OWN --allow-empty --implicit-check-not='warning:'
// The option is written back as given.
// RUN: %clang_tidy -checks='-*,rocm-unmatched-device-alloc' \
// RUN:   -config="{CheckOptions: {rocm-unmatched-device-alloc.OwnershipFunctions: 'registerBuffer;mylib::Arena::adopt'}}" \
// RUN:   --dump-config %s -- %hip_flags | FileCheck %s --check-prefix=CONFIG
// CONFIG: rocm-unmatched-device-alloc.OwnershipFunctions: 'registerBuffer;mylib::Arena::adopt'

#include <hip/hip_runtime.h>

void registerBuffer(void *p);  // defined in another file: stores p in a registry
namespace mylib {
struct Arena {
  void adopt(float *p);
};
} // namespace mylib
namespace other {
struct Arena {
  void adopt(float *p);  // same plain name, other class: not listed
};
} // namespace other

void handedOver(mylib::Arena &arena, other::Arena &o, int n) {
  float *a, *b, *c;
  hipMalloc(&a, n);
  registerBuffer(a);
  hipMalloc(&b, n);
  arena.adopt(b);
  hipMalloc(&c, n);
  o.adopt(c);
}
// DEFAULT: :[[@LINE-1]]:1: warning: device memory allocated into 'a' by 'hipMalloc' is not freed on this path
// DEFAULT: :[[@LINE-2]]:1: warning: device memory allocated into 'b' by 'hipMalloc' is not freed on this path
// DEFAULT: :[[@LINE-3]]:1: warning: device memory allocated into 'c' by 'hipMalloc' is not freed on this path
// OWN: :[[@LINE-4]]:1: warning: device memory allocated into 'c' by 'hipMalloc' is not freed on this path
