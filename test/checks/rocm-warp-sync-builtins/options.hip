// MinRocmVersion: which releases the team supports; the opt-in macro on the command line.
// RUN: %clang_tidy -checks='-*,rocm-warp-sync-builtins' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DEFAULT --implicit-check-not='warning:'
// RUN: %clang_tidy -checks='-*,rocm-warp-sync-builtins' -config="{CheckOptions: {rocm-warp-sync-builtins.MinRocmVersion: '7.0'}}" %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SEVEN --allow-empty --implicit-check-not='warning:'
// RUN: %clang_tidy -checks='-*,rocm-warp-sync-builtins' -config="{CheckOptions: {rocm-warp-sync-builtins.MinRocmVersion: '6.1'}}" %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OLD --implicit-check-not='warning:'
// RUN: %clang_tidy -checks='-*,rocm-warp-sync-builtins' -config="{CheckOptions: {RocmMinVersion: '7'}}" %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SEVEN --allow-empty --implicit-check-not='warning:'
// RUN: %clang_tidy -checks='-*,rocm-warp-sync-builtins' %s -- %hip_flags -DHIP_ENABLE_WARP_SYNC_BUILTINS 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OPTIN --implicit-check-not='warning:'
// RUN: %clang_tidy -checks='-*,rocm-warp-sync-builtins' -config="{CheckOptions: {rocm-warp-sync-builtins.MinRocmVersion: 'six'}}" %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BAD
// RUN: %clang_tidy -checks='-*,rocm-warp-sync-builtins' --dump-config %s -- %hip_flags | FileCheck %s --check-prefix=DUMP
// DUMP: rocm-warp-sync-builtins.MinRocmVersion: '6.2'
// SEVEN-NOT: warning:
// BAD: invalid value 'six' for option 'MinRocmVersion' of rocm-warp-sync-builtins; expected a ROCm release such as 6.2, using 6.2
// BAD: warning: '__shfl_xor_sync' is declared before ROCm 7.0

#include <hip/hip_runtime.h>

__device__ float sum(float V) {
  V += __shfl_xor_sync(~0ull, V, 1);
  // DEFAULT: :[[@LINE-1]]:8: warning: '__shfl_xor_sync' is declared before ROCm 7.0 only when 'HIP_ENABLE_WARP_SYNC_BUILTINS' is defined and MinRocmVersion is 6.2
  // OLD: :[[@LINE-2]]:8: warning: '__shfl_xor_sync' does not exist before ROCm 6.2 and MinRocmVersion is 6.1; guard the call with '#if HIP_VERSION >= 70000000' and use __shfl_xor(var, laneMask, width) on older ROCm
  // OLD: :[[@LINE-3]]:8: note: ROCm 6.1 stops here
  __syncwarp();
  // DEFAULT: :[[@LINE-1]]:3: warning: '__syncwarp' does not exist before ROCm 7.0
  // OLD: :[[@LINE-2]]:3: warning: '__syncwarp' does not exist before ROCm 7.0 and MinRocmVersion is 6.1
  // OPTIN: :[[@LINE-3]]:3: warning: '__syncwarp' does not exist before ROCm 7.0
  return V;
}
