#include "project/CompilerFlags.h"

#include "gtest/gtest.h"

#include <set>
#include <string>
#include <vector>

using rocmtidy::project::anchorPathArguments;

namespace {

// The files that "exist" for the table below: /base/pre.h only.
std::vector<std::string> anchor(std::vector<std::string> Args) {
  anchorPathArguments(Args, "/base", [](const std::string &P) { return P == "/base/pre.h"; });
  return Args;
}

struct Row {
  std::vector<std::string> In, Out;
};

TEST(CompilerFlags, EachSpellingKeepsTheCompilersMeaning) {
  const Row Table[] = {
      // Directories: absolute against where the user wrote them, joined or separate.
      {{"-Iinc"}, {"-I/base/inc"}},
      {{"-I", "inc"}, {"-I", "/base/inc"}},
      {{"-I../up/inc"}, {"-I/up/inc"}},
      {{"-isystem", "sys"}, {"-isystem", "/base/sys"}},
      {{"-isystemsys"}, {"-isystem/base/sys"}},
      {{"-iquote", "q"}, {"-iquote", "/base/q"}},
      {{"-idirafter", "late"}, {"-idirafter", "/base/late"}},
      {{"-idirafterlate"}, {"-idirafter/base/late"}},
      {{"--include-directory=d"}, {"--include-directory=/base/d"}},
      {{"--include-directory", "d"}, {"--include-directory", "/base/d"}},
      {{"--include-directory-after=d"}, {"--include-directory-after=/base/d"}},
      {{"-F", "fw"}, {"-F", "/base/fw"}},
      {{"--sysroot=sr"}, {"--sysroot=/base/sr"}},
      {{"--rocm-path=rocm"}, {"--rocm-path=/base/rocm"}},
      // Included files: looked up like #include "..." -- anchored only when present there.
      {{"-include", "hip/hip_runtime.h"}, {"-include", "hip/hip_runtime.h"}},
      {{"-includehip/hip_runtime.h"}, {"-includehip/hip_runtime.h"}},
      {{"-include", "pre.h"}, {"-include", "/base/pre.h"}},
      {{"-includepre.h"}, {"-include/base/pre.h"}},
      {{"-imacros", "pre.h"}, {"-imacros", "/base/pre.h"}},
      {{"-imacros", "macros.h"}, {"-imacros", "macros.h"}},
      {{"--include=pre.h"}, {"--include=/base/pre.h"}},
      {{"--include", "cuda_fp16.h"}, {"--include", "cuda_fp16.h"}},
      // Kept: absolute paths, sysroot-relative ones, -iwithprefix (relative to -iprefix), others.
      {{"-I/abs"}, {"-I/abs"}},
      {{"-I=/usr/inc"}, {"-I=/usr/inc"}},
      {{"-iwithprefix", "sub"}, {"-iwithprefix", "sub"}},
      {{"-DX=inc", "-O2"}, {"-DX=inc", "-O2"}},
      // An option at the end without its value, and the inputs after "--", are left alone.
      {{"-I"}, {"-I"}},
      {{"--", "-Iinc"}, {"--", "-Iinc"}},
  };
  for (const Row &R : Table)
    EXPECT_EQ(anchor(R.In), R.Out) << R.In.front();
}

TEST(CompilerFlags, LongerNamesAreNotReadAsShorterOnes) {
  // "-include" is not "-I" + "nclude", "-isysroot" not "-isystem".
  EXPECT_EQ(anchor({"-isysrootroot"}), std::vector<std::string>{"-isysroot/base/root"});
  EXPECT_EQ(anchor({"-includex.h"}), std::vector<std::string>{"-includex.h"});
}

} // namespace
