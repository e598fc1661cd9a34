// A loop whose counter starts at a lane number of a 32-lane warp ('tid & 31', 'tid % 32') and
// steps by the wavefront width: on 64 lanes each step spans 64 elements, and the 32 lanes never
// visit elements 32-63 of each. Reported at the step, with the lane computation as a note; in a
// template and through a macro and a header too.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='lane_stride\.h' %s -- %hip_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='lane_stride\.h' %s -- %hip_device_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>
// CHECK: lane_stride.h:6:42: warning: loop over the lanes of a 32-lane warp steps by the wavefront width
// CHECK: lane_stride.h:5:26: note: the loop starts at this lane number, below 32
#include "lane_stride.h"

__global__ void rows(const float *In, float *Out, int N, int Dim) {
  unsigned Lane = threadIdx.x & 31;
  unsigned Row = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  unsigned Width = warpSize;
  if (Row >= N)
    return;
  // CHECK: :[[@LINE+2]]:47: warning: loop over the lanes of a 32-lane warp steps by the wavefront width; AMD GPUs run 64-lane wavefronts, so each step spans 64 elements and the 32 lanes never visit elements 32-63 of them: step by 32, or number the lanes with 'warpSize' [rocm-warp-size-assumption]
  // CHECK: :[[@LINE-6]]:31: note: the loop starts at this lane number, below 32
  for (unsigned Col = Lane; Col < Dim; Col += Width)
    Out[Row * Dim + Col] = In[Row * Dim + Col];
}

template <typename T> __global__ void scale(T *Data, int N) {
  // CHECK: :[[@LINE+2]]:49: warning: loop over the lanes of a 32-lane warp steps by the wavefront width
  // CHECK: :[[@LINE+1]]:28: note: the loop starts at this lane number, below 32
  for (int I = threadIdx.x % 32; I < N; I = I + warpSize)
    Data[I] *= T(2);
}
template __global__ void scale<float>(float *, int);

// The lane number from a project macro: the note shows the expansion.
#define LANE_OF_32 (threadIdx.x & 31)
__global__ void fill(int *Data, int N) {
  // CHECK: :[[@LINE+3]]:40: warning: loop over the lanes of a 32-lane warp steps by the wavefront width
  // CHECK: :[[@LINE+2]]:16: note: the loop starts at this lane number, below 32
  // CHECK: :[[@LINE-4]]:33: note: expanded from macro 'LANE_OF_32'
  for (int I = LANE_OF_32; I < N; I += warpSize)
    Data[I] = 0;
}

// Quiet: the lanes and the step agree (a 32-lane warp stepping by 32, the wavefront's lanes by
// warpSize), the lane is offset by the warp's half ('lane + 32 * half', a second group), or the
// loop runs where the wavefront has 32 lanes only.
__global__ void quiet(float *Data, int N) {
  unsigned Lane32 = threadIdx.x & 31;
  for (unsigned I = Lane32; I < N; I += 32)
    Data[I] += 1.0f;
  unsigned Lane = threadIdx.x % warpSize;
  for (unsigned I = Lane; I < N; I += warpSize)
    Data[I] += 1.0f;
  unsigned Half = (threadIdx.x >> 5) & 1;
  for (unsigned I = Lane32 + 32 * Half; I < N; I += warpSize)
    Data[I] += 1.0f;
  if (warpSize == 32)
    for (unsigned I = Lane32; I < N; I += warpSize)
      Data[I] += 1.0f;
  // A counter reassigned before the loop is another value than the lane.
  unsigned Start = Lane32;
  Start = threadIdx.x;
  for (unsigned I = Start; I < N; I += warpSize)
    Data[I] += 1.0f;
}
