// HIP's hip_bfloat16 type: declared by the mapping's runtime header (see there).
#include <hip/hip_runtime.h>
