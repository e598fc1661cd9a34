// A __shared__ array in the arm of an if whose condition is a constant for the instantiation is
// never allocated: clang does not emit that arm. Templates use this to size a static buffer only
// for small tiles and take dynamic LDS otherwise; the dead arm's size may be huge on purpose.
// RUN: %clang_tidy -checks='-*,rocm-lds-limit' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='note:'

#include <hip/hip_runtime.h>

template <int SharedKB, int Elems>
__global__ void tiles(float *x) {
// CHECK: :[[@LINE-1]]:17: warning: kernel 'tiles<40, 20000>' uses 80000 bytes of LDS (static 80000 bytes); gfx90a (MI210/MI250/MI250X) gives a workgroup 64 KiB; use smaller tiles or fewer shared buffers [rocm-lds-limit]
  float *buf;
  if (SharedKB <= 48) {
    // Reason (for SharedKB 96): this arm is not emitted, so its 64 MiB array is never allocated.
    __shared__ float st[(SharedKB > 48) ? (1 << 24) : Elems];
    // CHECK: :[[@LINE-1]]:22: note: 'st' takes 80000 bytes
    // CHECK: :59:3: note: 'tiles<40, 20000>' is instantiated here
    buf = st;
  } else {
    extern __shared__ float dyn[];
    buf = dyn;
  }
  buf[threadIdx.x] = x[threadIdx.x];
  __syncthreads();
  x[threadIdx.x] = buf[(threadIdx.x + 1) % blockDim.x];
}

// A branch decided at run time does not shrink the allocation: the array is still counted.
__global__ void runtimeBranch(float *x, int n) {
// CHECK: :[[@LINE-1]]:17: warning: kernel 'runtimeBranch' uses 80 KiB of LDS (static 80 KiB)
  if (n > 0) {
    __shared__ float big[20480];
    // CHECK: :[[@LINE-1]]:22: note: 'big' takes 80 KiB
    big[threadIdx.x] = x[threadIdx.x];
    __syncthreads();
    x[threadIdx.x] = big[threadIdx.x ^ 1];
  }
}

// A constant-false arm that a label inside may still reach is emitted: counted.
__global__ void labelled(float *x, int n) {
// CHECK: :[[@LINE-1]]:17: warning: kernel 'labelled' uses 80 KiB of LDS (static 80 KiB)
  if (n == 3)
    goto inside;
  if (false) {
  inside:
    __shared__ float big[20480];
    // CHECK: :[[@LINE-1]]:22: note: 'big' takes 80 KiB
    big[threadIdx.x] = x[threadIdx.x];
    x[threadIdx.x] = big[threadIdx.x ^ 1];
  }
}

void host(float *x) {
  // Reason: 96 KiB tiles go through the dynamic arm; their launch asks for 48 KiB.
  tiles<96, 20000><<<1, 256, 48 * 1024>>>(x);
  // Reason: 4096 floats (16 KiB) in the static arm.
  tiles<16, 4096><<<1, 256>>>(x);
  tiles<40, 20000><<<1, 256>>>(x);
  runtimeBranch<<<1, 256>>>(x, 1);
  labelled<<<1, 256>>>(x, 1);
}
