// Options BlockSizes, CheckWavefrontMultiple and Targets (with the global RocmTargets).
// RUN: %clang_tidy -checks='-*,rocm-hardcoded-block-size' -config="{CheckOptions: {rocm-hardcoded-block-size.BlockSizes: '512;1024', rocm-hardcoded-block-size.CheckWavefrontMultiple: false}}" %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SIZES --implicit-check-not='warning:' --implicit-check-not='note:'
// RUN: %clang_tidy -checks='-*,rocm-hardcoded-block-size' -config="{CheckOptions: {RocmTargets: 'gfx1030'}}" %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --check-prefix=RDNA --implicit-check-not='warning:' --implicit-check-not='note:'
// RUN: %clang_tidy -checks='-*,rocm-hardcoded-block-size' -config="{CheckOptions: {rocm-hardcoded-block-size.Targets: 'gfx90a;gfx999'}}" %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNKNOWN
// RUN: %clang_tidy -checks='-*,rocm-hardcoded-block-size' -config="{CheckOptions: {rocm-hardcoded-block-size.BlockSizes: '1024;abc'}}" %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BADSIZE
// BADSIZE: warning: invalid block size 'abc' in option 'BlockSizes' of 'rocm-hardcoded-block-size'; expected positive integers separated by ';' [clang-tidy-config]
// RUN: %clang_tidy -checks='-*,rocm-hardcoded-block-size' --dump-config %s -- %hip_flags | FileCheck %s --check-prefix=DUMP
// DUMP-DAG: rocm-hardcoded-block-size.BlockSizes: '32;1024'
// DUMP-DAG: rocm-hardcoded-block-size.CheckWavefrontMultiple: 'true'
// DUMP-DAG: rocm-hardcoded-block-size.Targets: 'gfx90a;gfx942'
// UNKNOWN: warning: unknown GPU target 'gfx999' in option 'Targets' of 'rocm-hardcoded-block-size'
// UNKNOWN: warning: kernel 'scale' is launched with a hard-coded block of 32 threads

#include <hip/hip_runtime.h>

__global__ void scale(float *x, float a) { x[blockIdx.x * blockDim.x + threadIdx.x] *= a; }

void host(float *x) {
  scale<<<1, 32>>>(x, 1.0f);
  // Reason (RDNA): on targets that all run 32-lane wavefronts a 32-thread block is one full
  // wavefront; no lane idles (the default targets, gfx90a and gfx942, report it: 32 of 64 lanes).
  scale<<<1, 16>>>(x, 1.0f);
  // RDNA: :[[@LINE-1]]:3: warning: block of 16 threads is not a multiple of the 32-lane wavefront of gfx1030 (RX 6800/RX 6900 XT), so the last wavefront of every block runs 16 of 32 lanes; use a multiple of 32 such as 32 [rocm-hardcoded-block-size]
  scale<<<1, 512>>>(x, 1.0f);
  // SIZES: :[[@LINE-1]]:3: warning: kernel 'scale' is launched with a hard-coded block of 512 threads;
  scale<<<1, 1024>>>(x, 1.0f);
  // SIZES: :[[@LINE-1]]:3: warning: kernel 'scale' is launched with a hard-coded block of 1024 threads;
  // SIZES: :[[@LINE-2]]:3: note: 1024 threads is the largest workgroup gfx90a (MI210/MI250/MI250X) allows
  // RDNA: :[[@LINE-3]]:3: warning: kernel 'scale' is launched with a hard-coded block of 1024 threads;
  // RDNA: :[[@LINE-4]]:3: note: 1024 threads is the largest workgroup gfx1030 (RX 6800/RX 6900 XT) allows
  scale<<<1, 48>>>(x, 1.0f);
  // RDNA: :[[@LINE-1]]:3: warning: block of 48 threads is not a multiple of the 32-lane wavefront of gfx1030 (RX 6800/RX 6900 XT), so the last wavefront of every block runs 16 of 32 lanes; use a multiple of 32 such as 64 [rocm-hardcoded-block-size]
  // Reason (RDNA): a multiple of the 32-lane wavefront of wave32 targets.
  scale<<<1, 96>>>(x, 1.0f);
}
