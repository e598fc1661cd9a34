// Vote helpers in a header: a mask returned through a local, and one stored through a reference.
#include <hip/hip_runtime.h>
#include <stdint.h>

__device__ inline uint64_t header_votes(int p) {
  uint64_t m = __ballot(p);
  return m;
}
__device__ inline void header_vote_into(uint64_t &out, int p) { out = __ballot(p); }
