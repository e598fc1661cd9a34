// Findings in a project header show with -header-filter, as for every clang-tidy check.
// RUN: %clang_tidy -checks='-*,rocm-lds-limit,rocm-hardcoded-block-size' %s -- %hip_flags -I %inputs/launch 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --allow-empty --implicit-check-not='warning:' --implicit-check-not='note:'
// RUN: %clang_tidy -checks='-*,rocm-lds-limit,rocm-hardcoded-block-size' -header-filter='tiles\.h' %s -- %hip_flags -I %inputs/launch 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='note:'
// CHECK: tiles.h:4:17: warning: kernel 'headerTile' uses 128 KiB of LDS (static 128 KiB); gfx90a (MI210/MI250/MI250X) gives a workgroup 64 KiB; use smaller tiles or fewer shared buffers [rocm-lds-limit]
// CHECK: tiles.h:5:20: note: 'tile' takes 128 KiB
// CHECK: tiles.h:9:42: warning: kernel 'headerTile' is launched with a hard-coded block of 1024 threads;
// CHECK: tiles.h:9:42: note: 1024 threads is the largest workgroup
// QUIET-NOT: warning:

#include "tiles.h"

void run(float *x) { launchHeaderTile(x); }
