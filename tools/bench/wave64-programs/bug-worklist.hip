// Modeled on zjin-lcf/HeCBench 9464a4dd4039 ("[cc-hip] use the HIP warpSize"): a warp claims one
// worklist vertex at a time (lane 0 takes it with an atomic, a broadcast from lane 0 hands it to
// the warp), with the lane taken modulo a constant warpsize of 32. On a 64-lane wavefront lanes 0
// and 32 both claim a vertex but the broadcast hands out only lane 0's: every second claimed
// vertex is lost and its edges are never visited.
// -DFIXED takes the lane and the stride from warpSize.
#include "common.hpp"
#include <vector>

static const int warpsize = 32;
constexpr int kVertices = 20000;
constexpr int kThreads = 256;
constexpr int kBlocks = 16;

__device__ int Pos;

__global__ void visitEdges(const int *Work, int Top, const int *RowStart, int *Mark) {
#ifdef FIXED
  const int Lane = threadIdx.x % warpSize, Stride = warpSize;
#else
  const int Lane = threadIdx.x % warpsize, Stride = warpsize;
#endif
  int Idx = 0;
  if (Lane == 0)
    Idx = atomicAdd(&Pos, 1);
  Idx = __shfl(Idx, 0);
  while (Idx < Top) {
    const int V = Work[Idx];
    for (int E = RowStart[V] + Lane; E < RowStart[V + 1]; E += Stride)
      Mark[E] = V + 1;
    if (Lane == 0)
      Idx = atomicAdd(&Pos, 1);
    Idx = __shfl(Idx, 0);
  }
}

int main() {
  std::vector<int> RowStart(kVertices + 1), Work(kVertices);
  RowStart[0] = 0;
  for (int V = 0; V < kVertices; ++V)
    RowStart[V + 1] = RowStart[V] + 1 + static_cast<int>((w64Input(V, 4) + 1.0f) * 40.0f);
  for (int V = 0; V < kVertices; ++V)
    Work[V] = (V * 7919) % kVertices;
  const int Edges = RowStart[kVertices];
  int *DWork, *DRow, *DMark;
  W64_CHECK(hipMalloc(&DWork, kVertices * sizeof(int)));
  W64_CHECK(hipMalloc(&DRow, (kVertices + 1) * sizeof(int)));
  W64_CHECK(hipMalloc(&DMark, Edges * sizeof(int)));
  W64_CHECK(hipMemcpy(DWork, Work.data(), kVertices * sizeof(int), hipMemcpyHostToDevice));
  W64_CHECK(hipMemcpy(DRow, RowStart.data(), (kVertices + 1) * sizeof(int), hipMemcpyHostToDevice));
  W64_CHECK(hipMemset(DMark, 0, Edges * sizeof(int)));
  visitEdges<<<kBlocks, kThreads>>>(DWork, kVertices, DRow, DMark);
  W64_CHECK(hipGetLastError());
  std::vector<int> Mark(Edges);
  W64_CHECK(hipMemcpy(Mark.data(), DMark, Edges * sizeof(int), hipMemcpyDeviceToHost));
  long Bad = 0;
  for (int V = 0; V < kVertices; ++V)
    for (int E = RowStart[V]; E < RowStart[V + 1]; ++E)
      Bad += Mark[E] != V + 1;
  return w64Verdict("edges visited", Bad, Edges);
}
