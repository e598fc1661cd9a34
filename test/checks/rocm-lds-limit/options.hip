// Targets: the smallest LDS among the configured targets is the limit.
// RUN: %clang_tidy -checks='-*,rocm-lds-limit' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DEFAULT --implicit-check-not='warning:' --implicit-check-not='note:'
// RUN: %clang_tidy -checks='-*,rocm-lds-limit' -config="{CheckOptions: {rocm-lds-limit.Targets: 'gfx950'}}" %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --check-prefix=GFX950 --implicit-check-not='warning:' --implicit-check-not='note:'
// RUN: %clang_tidy -checks='-*,rocm-lds-limit' -config="{CheckOptions: {RocmTargets: 'gfx950;gfx1100'}}" %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MIXED --implicit-check-not='warning:' --implicit-check-not='note:'
// RUN: %clang_tidy -checks='-*,rocm-lds-limit' -config="{CheckOptions: {rocm-lds-limit.Targets: 'gfx950,mi300'}}" %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNKNOWN
// RUN: %clang_tidy -checks='-*,rocm-lds-limit' --dump-config %s -- %hip_flags | FileCheck %s --check-prefix=DUMP
// DUMP: rocm-lds-limit.Targets: 'gfx90a;gfx942'
// UNKNOWN: warning: unknown GPU target 'mi300' in option 'Targets' of 'rocm-lds-limit'
// UNKNOWN: warning: kernel 'huge' uses 192 KiB of LDS (static 192 KiB); gfx950 (MI350X/MI355X) gives a workgroup 160 KiB

#include <hip/hip_runtime.h>

__global__ void tile96(float *x) {
  // DEFAULT: :[[@LINE-1]]:17: warning: kernel 'tile96' uses 96 KiB of LDS (static 96 KiB); gfx90a (MI210/MI250/MI250X) gives a workgroup 64 KiB
  // DEFAULT: :[[@LINE+3]]:20: note: 'tile' takes 96 KiB
  // MIXED: :[[@LINE-3]]:17: warning: kernel 'tile96' uses 96 KiB of LDS (static 96 KiB); gfx1100 (RX 7900 XTX/RX 7900 XT) gives a workgroup 64 KiB
  // MIXED: :[[@LINE+1]]:20: note: 'tile' takes 96 KiB
  __shared__ float tile[96 * 256];
  x[threadIdx.x] = tile[threadIdx.x];
}

__global__ void huge(float *x) {
  // DEFAULT: :[[@LINE-1]]:17: warning: kernel 'huge' uses 192 KiB of LDS (static 192 KiB); gfx90a (MI210/MI250/MI250X) gives a workgroup 64 KiB
  // DEFAULT: :[[@LINE+5]]:20: note: 'tile' takes 192 KiB
  // GFX950: :[[@LINE-3]]:17: warning: kernel 'huge' uses 192 KiB of LDS (static 192 KiB); gfx950 (MI350X/MI355X) gives a workgroup 160 KiB
  // GFX950: :[[@LINE+3]]:20: note: 'tile' takes 192 KiB
  // MIXED: :[[@LINE-5]]:17: warning: kernel 'huge' uses 192 KiB of LDS (static 192 KiB); gfx1100
  // MIXED: :[[@LINE+1]]:20: note: 'tile' takes 192 KiB
  __shared__ float tile[192 * 256];
  x[threadIdx.x] = tile[threadIdx.x];
}
