// Parses a HIP snippet (host pass, gfx90a) against the test SDK header (test/Inputs/include), for
// the unit tests of the AST analyses.
#ifndef ROCM_TIDY_TEST_UNIT_HIPSNIPPET_H
#define ROCM_TIDY_TEST_UNIT_HIPSNIPPET_H

#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"

#include <memory>
#include <string>

inline std::unique_ptr<clang::ASTUnit> parseHipSnippet(const std::string &Body) {
  std::string Code = "#include <hip/hip_runtime.h>\n" + Body;
  std::vector<std::string> Args = {
      "-x",        "hip",       "--cuda-host-only", "--offload-arch=gfx90a",
      "-nogpulib", "-nogpuinc", "-isystem",         std::string(ROCM_TIDY_SOURCE_DIR) + "/test/Inputs/include"};
  return clang::tooling::buildASTFromCodeWithArgs(Code, Args, "snippet.hip");
}

#endif
