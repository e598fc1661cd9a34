// A braced initializer that converts warpSize to an unsigned, narrower or floating type narrows
// it: allowed while warpSize is a constant that fits (HIP before ROCm 7), an error once ROCm 7
// makes it a run-time value ("non-constant-expression cannot be narrowed"). Reported at the name,
// in a header, through a macro and in a template too; '=' and explicit conversions stay quiet.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-constexpr' -header-filter='braced_width\.h' %s -- -isystem %S/Inputs/hip-before-7 -I %S/Inputs %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-constexpr' -header-filter='braced_width\.h' %s -- -isystem %S/Inputs/hip-before-7 -I %S/Inputs %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// With ROCm 7's declaration the compiler rejects the same line itself, and the check names the remedy.
// RUN: not %clang_tidy -checks='-*,rocm-warp-size-constexpr' %s -- -I %S/Inputs %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ROCM7

#include <hip/hip_runtime.h>
// CHECK: braced_width.h:5:19: warning: 'warpSize' used as an element of a braced initializer that narrows it
#include "braced_width.h"

struct Span {
  unsigned Begin, Count;
};
#define HALF_WAVE (warpSize / 2)

__global__ void tree(float *Out, float V) {
  // CHECK: :[[@LINE+3]]:23: warning: 'warpSize' used as an element of a braced initializer that narrows it, which needs a compile-time constant; ROCm 7 makes 'warpSize' a run-time value and this stops compiling: initialize with '=' or convert explicitly (static_cast) [rocm-warp-size-constexpr]
  // ROCM7: :[[@LINE+2]]:23: error: non-constant-expression cannot be narrowed from type 'int' to 'unsigned int' in initializer list
  // ROCM7: :[[@LINE+1]]:23: warning: 'warpSize' used as an element of a braced initializer that narrows it
  unsigned int Offset{warpSize / 2};
  // CHECK: :[[@LINE+1]]:27: warning: 'warpSize' used as an element of a braced initializer
  unsigned long long Wide{warpSize};
  // CHECK: :[[@LINE+1]]:15: warning: 'warpSize' used as an element of a braced initializer
  float Lanes{warpSize};
  // CHECK: :[[@LINE+1]]:16: warning: 'warpSize' used as an element of a braced initializer
  Span Row{0u, warpSize};
  // CHECK: :[[@LINE+1]]:17: warning: 'warpSize' used as an element of a braced initializer
  unsigned Half{HALF_WAVE};
  Out[0] = V + Offset + Wide + Lanes + Row.Count + Half + half_tree(V);
}

template <typename T> __global__ void scaled(T *Out) {
  // CHECK: :[[@LINE+1]]:17: warning: 'warpSize' used as an element of a braced initializer
  unsigned Step{warpSize};
  Out[Step] = T(1);
}
template __global__ void scaled<float>(float *);

// Quiet: the same type or a wider signed one, copy or direct initialization, an explicit
// conversion, and a braced list whose element is already converted by its arithmetic.
__global__ void quiet(float *Out) {
  int Same{warpSize / 2};
  long long Wider{warpSize};
  unsigned Copy = warpSize / 2;
  unsigned Paren(warpSize);
  unsigned Cast{static_cast<unsigned>(warpSize)};
  Span Row{0u, 0u + warpSize};
  Out[0] = Same + Wider + Copy + Paren + Cast + Row.Count;
}
