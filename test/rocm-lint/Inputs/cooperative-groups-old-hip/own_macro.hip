#include <hip/hip_runtime.h>
// A macro of the project's own, defined before the header: HIP 5's helper skipped every declaration
// when it saw one; the macro stays the project's.
#define WAVEFRONT_SIZE 32
#include <hip/hip_cooperative_groups.h>

namespace cg = cooperative_groups;
static_assert(WAVEFRONT_SIZE == 32, "the project's macro is kept");

__global__ void ranks(int *out) {
  cg::thread_block block = cg::this_thread_block();
  out[block.thread_rank()] = static_cast<int>(block.size());
}
