#ifndef ROCM_TIDY_TOOLS_ROCM_LINT_PROJECTPATHS_H
#define ROCM_TIDY_TOOLS_ROCM_LINT_PROJECTPATHS_H

// The path spellings live in lib/project (project/ProjectPaths.h); the tool uses the same names.
#include "project/ProjectPaths.h"

namespace rocmlint {
using rocmtidy::project::realPathOf;
using rocmtidy::project::relativeToCwd;
} // namespace rocmlint

#endif
