#include "Lint.h"
#include <cstdio>
namespace rocmlint {
int runExplain(const std::vector<std::string> &) {
  std::fprintf(stderr, "rocm-lint: error: 'explain' is not available in this build\n");
  return 2;
}
} // namespace rocmlint
