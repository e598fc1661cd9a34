#include "core/Hash.h"

namespace rocmtidy {

uint64_t fnv1a64(std::string_view Bytes) {
  uint64_t H = 1469598103934665603ull;
  for (unsigned char C : Bytes) {
    H ^= C;
    H *= 1099511628211ull;
  }
  return H;
}

} // namespace rocmtidy
