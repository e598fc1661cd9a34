// Host-side hard assumptions on the device's warp size (item 3, host forms): the device property
// or the queried attribute compared with 32. No fix-it: per-warp buffers and launch shapes must be
// sized from the queried value.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:' --implicit-check-not='note:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s \
// RUN:   -config="{CheckOptions: {rocm-warp-size-assumption.IgnoreMacros: false}}" -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=CHECK,MACROS --implicit-check-not='warning:' --implicit-check-not='error:' --implicit-check-not='note:'

#include <hip/hip_runtime.h>
#include <cassert>

#define REQUIRE_WARP32(p) ((p).warpSize == 32)

int setup(int dev) {
  hipDeviceProp_t prop;
  if (hipGetDeviceProperties(&prop, dev) != hipSuccess)
    return 1;
  // CHECK: :[[@LINE+1]]:24: warning: device property 'warpSize' compared with 32; AMD GPUs run 64-lane wavefronts, where this test fails: size per-warp work from the queried value [rocm-warp-size-assumption]
  assert(prop.warpSize == 32);
  // CHECK: :[[@LINE+1]]:21: warning: device property 'warpSize' compared with 32
  if (prop.warpSize != 32) {
    hipDeviceReset();
    return 1;
  }
  const hipDeviceProp_t *pp = &prop;
  // CHECK: :[[@LINE+1]]:10: warning: device property 'warpSize' compared with 32
  if (32 == pp->warpSize)
    return 0;
  // The 32 comes from inside a macro's body: reported with IgnoreMacros=false.
  // MACROS: :[[@LINE+2]]:7: warning: device property 'warpSize' compared with 32
  // MACROS: :13:41: note: expanded from macro 'REQUIRE_WARP32'
  if (REQUIRE_WARP32(prop))
    return 0;
  return 0;
}

int query(int dev) {
  int w = 0;
  hipDeviceGetAttribute(&w, hipDeviceAttributeWarpSize, dev);
  // CHECK: :[[@LINE+2]]:9: warning: warp size queried into 'w' compared with 32; AMD GPUs run 64-lane wavefronts, where this test fails: size per-warp work from the queried value [rocm-warp-size-assumption]
  // CHECK: :[[@LINE-2]]:3: note: 'w' holds the device's warp size from 'hipDeviceGetAttribute' here
  if (w != 32)
    return 1;
  return 0;
}

template <typename T> bool templ(const hipDeviceProp_t &p, T) {
  // Reported once, in the template, not per instantiation.
  // CHECK: :[[@LINE+1]]:21: warning: device property 'warpSize' compared with 32
  return p.warpSize == 32;
}
template bool templ<int>(const hipDeviceProp_t &, int);
template bool templ<float>(const hipDeviceProp_t &, float);

// Not reported (a limitation): the property's type is a template parameter, so the field is
// unknown until instantiation, and instantiations are not visited.
template <typename Prop> bool generic(const Prop &p) { return p.warpSize == 32; }
template bool generic<hipDeviceProp_t>(const hipDeviceProp_t &);

// A conjunction without an 'else': on 64 lanes the work is skipped, nothing takes it over.
int conjunction_without_else(int dev, int labels) {
  hipDeviceProp_t prop;
  hipGetDeviceProperties(&prop, dev);
  // CHECK: :[[@LINE+1]]:37: warning: device property 'warpSize' compared with 32; AMD GPUs run 64-lane wavefronts, where this test fails: size per-warp work from the queried value [rocm-warp-size-assumption]
  if (labels <= 32 && prop.warpSize == 32)
    return 1;
  return 0;
}

// Negative cases.
struct Config {
  int warpSize;
};
int negatives(int dev, const Config &cfg) {
  hipDeviceProp_t prop;
  hipGetDeviceProperties(&prop, dev);
  // A dispatch on the width handles both (an 'if' with an 'else', a '?:').
  int per_warp = prop.warpSize == 32 ? 1 : 2;
  if (prop.warpSize == 32)
    per_warp = 1;
  else
    per_warp = 2;
  // The width test as one operand of '&&' or '||' still picks between two paths: on 64 lanes the
  // 'else' runs, which handles the wider wavefront (a specialisation for 32 lanes and a fallback).
  int labels = per_warp * 16;
  if (labels <= 32 && prop.warpSize == 32)
    per_warp = 3;
  else if (labels <= 64)
    per_warp = 4;
  if (!(prop.warpSize == 32) || labels > 32)
    per_warp += 1;
  else
    per_warp += 2;
  // Sized from the queried value.
  int warps = 256 / prop.warpSize;
  // Comparisons with 64, and another struct's 'warpSize' field, say nothing about the device.
  if (prop.warpSize == 64 || cfg.warpSize == 32)
    return 1;
  // Another attribute queried into a variable.
  int t = 0;
  hipDeviceGetAttribute(&t, hipDeviceAttributeMaxThreadsPerBlock, dev);
  if (t == 32)
    return 1;
  return per_warp + warps;
}
