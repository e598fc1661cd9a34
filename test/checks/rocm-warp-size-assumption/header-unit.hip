// A header linted as a unit of its own: *_sync intrinsics that the project redefines in an AMD-only
// conditional of a header in the same directory lose their masks on AMD, so their masks are quiet.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %S/Inputs/remap/kernel.cuh -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// Not redefined there: reported.
// CHECK: kernel.cuh:6:31: warning: 32-bit full mask passed to '__shfl_down_sync'
