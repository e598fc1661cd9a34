// Tests never use a real SDK: HIP's runtime header is rocm-tidy's own declarations-only header.
#include "../../../../lib/data/hip_fallback.h"
