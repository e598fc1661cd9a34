// rocWMMA fragment operations (fill, load, store, mma) are performed by the whole wavefront
// together. A tile picked per 32-lane warp ('tid / 32', '>> 5', WARP_SIZE 32) or per row of a block
// 32 threads wide gives the two halves of a 64-lane wavefront different tiles of one fragment.
// The declarations are rocm-lint's stand-in for rocWMMA (the one served when rocWMMA is missing).
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='.*' %s -- %hip_flags -include %S/../../../lib/data/rocwmma_standin.h -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='.*' %s -- %hip_device_flags -include %S/../../../lib/data/rocwmma_standin.h -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>

using rocwmma::float16_t;
using FragA = rocwmma::fragment<rocwmma::matrix_a, 16, 16, 16, float16_t, rocwmma::row_major>;
using FragB = rocwmma::fragment<rocwmma::matrix_b, 16, 16, 16, float16_t, rocwmma::col_major>;
using Acc = rocwmma::fragment<rocwmma::accumulator, 16, 16, 16, float>;

// The header's helper takes its tile from a warp number of 32 lanes (its findings come first: clang-tidy
// sorts them by path).
// CHECK: fragment_tiles.h:5:48: warning: warp index of 32-lane warps picks the tile of 'rocwmma::store_matrix_sync'
// CHECK: fragment_tiles.h:6:3: note: 'rocwmma::store_matrix_sync' is performed by all 64 lanes of a wavefront
#include "fragment_tiles.h"

#define WARP_SIZE 32
__global__ void gemm_macro(const float16_t *a, const float16_t *b, float *c, int K, int N) {
  // CHECK: :[[@LINE+1]]:55: warning: warp index of 32-lane warps picks the tile of 'rocwmma::load_matrix_sync', which the whole wavefront performs together; AMD GPUs run 64-lane wavefronts, so its two halves ask for different tiles of one fragment: number the warps by 'warpSize' [rocm-warp-size-assumption]
  int warpM = (blockIdx.x * blockDim.x + threadIdx.x) / WARP_SIZE;
  // CHECK: :[[@LINE-4]]:19: note: 'WARP_SIZE' is defined as 32 here
  FragA fa;
  FragB fb;
  Acc acc;
  rocwmma::fill_fragment(acc, 0.0f);
  for (int k = 0; k < K; k += 16) {
    int row = warpM * 16;
    // CHECK: :[[@LINE+1]]:5: note: 'rocwmma::load_matrix_sync' is performed by all 64 lanes of a wavefront on gfx90a
    rocwmma::load_matrix_sync(fa, a + row * K + k, K);
    rocwmma::load_matrix_sync(fb, b + k, K);
    rocwmma::mma_sync(acc, fa, fb, acc);
  }
  rocwmma::store_matrix_sync(c, acc, N, rocwmma::mem_row_major);
}

// A shift by 5, straight into the store's pointer.
__global__ void store_shift(float *c, int N) {
  Acc acc;
  rocwmma::fill_fragment(acc, 1.0f);
  // CHECK: :[[@LINE+1]]:56: warning: warp index of 32-lane warps picks the tile of 'rocwmma::store_matrix_sync'
  rocwmma::store_matrix_sync(c + 16 * N * (threadIdx.x >> 5), acc, N, rocwmma::mem_row_major);
  // CHECK: :[[@LINE-1]]:3: note: 'rocwmma::store_matrix_sync' is performed by all 64 lanes
}

// A template: reported in its instantiation.
template <int Warp> __global__ void store_template(float *c, int N) {
  Acc acc;
  rocwmma::fill_fragment(acc, 1.0f);
  // CHECK: :[[@LINE+1]]:26: warning: warp index of 32-lane warps picks the tile of 'rocwmma::store_matrix_sync'
  int tile = threadIdx.x / Warp;
  // CHECK: :[[@LINE+4]]:26: note: template argument 'Warp' is 32 in the instantiation here
  rocwmma::store_matrix_sync(c + 16 * tile, acc, N, rocwmma::mem_row_major);
  // CHECK: :[[@LINE-1]]:3: note: 'rocwmma::store_matrix_sync' is performed by all 64 lanes
}
template __global__ void store_template<32>(float *, int);

// Blocks 32 threads wide (the launch below): each 'threadIdx.y' row is a CUDA warp, two to a wavefront.
__global__ void rows_kernel(const float16_t *a, float *c, int K) {
  FragA fa;
  Acc acc;
  rocwmma::fill_fragment(acc, 0.0f);
  // CHECK: :[[@LINE+1]]:46: warning: block row picks the tile of 'rocwmma::load_matrix_sync', which the whole wavefront performs together; the launches make blocks 32 threads wide and AMD GPUs run 64-lane wavefronts, so two rows share one fragment: launch blocks 'warpSize' threads wide
  rocwmma::load_matrix_sync(fa, a + 16 * K * threadIdx.y, K);
  // CHECK: :[[@LINE-1]]:3: note: 'rocwmma::load_matrix_sync' is performed by all 64 lanes
  rocwmma::store_matrix_sync(c, acc, K, rocwmma::mem_row_major);
}
void launch_rows(const float16_t *a, float *c, int K) { rows_kernel<<<1, dim3(32, 4)>>>(a, c, K); }

// Negative cases.
// Warps numbered by the wavefront width: one tile per wavefront.
__global__ void by_wavefront(const float16_t *a, float *c, int K) {
  FragA fa;
  Acc acc;
  rocwmma::fill_fragment(acc, 0.0f);
  int w = threadIdx.x / warpSize;
  int w2 = threadIdx.x / rocwmma::Constants::AMDGCN_WAVE_SIZE;
  int w3 = threadIdx.x / 64;
  rocwmma::load_matrix_sync(fa, a + 16 * K * (w + w2 + w3), K);
  rocwmma::store_matrix_sync(c, acc, K, rocwmma::mem_row_major);
}

// A lane index within 32 used for the fragment's own elements, not for its tile: the element layout
// is the library's business, and the operations get wavefront-uniform arguments.
__global__ void elements(float *c, int K) {
  Acc acc;
  rocwmma::fill_fragment(acc, 0.0f);
  int lane = threadIdx.x % 32;
  acc.x[0] = float(lane);
  rocwmma::store_matrix_sync(c, acc, K, rocwmma::mem_row_major);
}

// A warp number of 32 lanes that picks no tile (it indexes shared memory elsewhere).
__global__ void unrelated(float *c, float *out, int K) {
  __shared__ float partial[32];
  Acc acc;
  rocwmma::fill_fragment(acc, 0.0f);
  int warp = threadIdx.x / 32;
  partial[warp] = 1.0f;
  rocwmma::store_matrix_sync(c, acc, K, rocwmma::mem_row_major);
  out[threadIdx.x] = partial[0];
}

// Blocks of 32 threads: one 32-lane warp per block, every warp number is 0.
__global__ void narrow(float *c, int K) {
  Acc acc;
  rocwmma::fill_fragment(acc, 0.0f);
  rocwmma::store_matrix_sync(c + 16 * (threadIdx.x / 32), acc, K, rocwmma::mem_row_major);
}
void launch_narrow(float *c, int K) { narrow<<<8, 32>>>(c, K); }

// A 'threadIdx.y' row picks the tile, but no launch shows the block's width.
__global__ void rows_unknown(float *c, int K) {
  Acc acc;
  rocwmma::fill_fragment(acc, 0.0f);
  rocwmma::store_matrix_sync(c + 16 * threadIdx.y, acc, K, rocwmma::mem_row_major);
}

// Raw MFMA builtins: 'threadIdx.x / 32' is the lane's half of a 32x32 tile layout.
typedef float float16v __attribute__((ext_vector_type(16)));
__global__ void raw_mfma(float *c, float a, float b) {
  float16v acc = {};
  acc = __builtin_amdgcn_mfma_f32_32x32x2f32(a, b, acc, 0, 0, 0);
  c[(threadIdx.x / 32) * 32 + threadIdx.x % 32] = acc[0];
}
