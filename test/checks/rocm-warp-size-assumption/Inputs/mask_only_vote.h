// A project header: a neighbour exchange among the lanes that vote.
#pragma once
__device__ inline short fromLeftNeighbour(short v, bool ok) {
  int lane = threadIdx.x & 31;
  unsigned long long voters = __ballot_sync(__activemask(), ok);
  return __shfl_sync(voters, v, lane - 1, 32);
}
