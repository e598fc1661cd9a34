#include "buildscripts/BuildScripts.h"
#include "buildscripts/ScriptCommon.h"

#include <gtest/gtest.h>

using namespace rocmtidy::buildscripts;

TEST(NvccFlagTable, MatchesEachFormOnly) {
  const NvccFlagTable &T = nvccFlagTable();
  bool Next = false;
  ASSERT_NE(T.match("-arch=sm_80", "", Next), nullptr);
  EXPECT_FALSE(Next);
  EXPECT_EQ(T.match("-arch=sm_80", "", Next)->Hip, "--offload-arch=gfx90a");
  // A separate value: "-gencode arch=...", and "-arch sm_80" only with an NVIDIA value.
  ASSERT_NE(T.match("-gencode", "arch=compute_80,code=sm_80", Next), nullptr);
  EXPECT_TRUE(Next);
  EXPECT_NE(T.match("-arch", "sm_70", Next), nullptr);
  EXPECT_EQ(T.match("-arch", "x86_64", Next), nullptr);
  EXPECT_EQ(T.match("--use_fast_math", "", Next)->Hip, "-ffast-math");
  EXPECT_EQ(T.match("-rdc=true", "", Next)->Hip, "-fgpu-rdc");
  EXPECT_TRUE(T.match("--expt-relaxed-constexpr", "", Next)->Hip.empty());
  // hipcc's own flags and shared ones are not nvcc-only.
  for (const char *F : {"--offload-arch=gfx90a", "-O3", "-std=c++17", "-ffast-math", "-fgpu-rdc", "-march=native",
                        "-DX", "-U__CUDA_NO_HALF_OPERATORS__", "-lineinfo", "-Xcompiler"})
    EXPECT_EQ(T.match(F, "", Next), nullptr) << F;
}

TEST(NvccFlagTable, RejectsMalformedTables) {
  std::string Error;
  EXPECT_FALSE(parseNvccFlagJson("[]", Error));
  EXPECT_FALSE(parseNvccFlagJson(R"({"flags": [{"spelling": "-x", "form": "sometimes", "hip": "", "why": "w"}]})",
                                 Error));
  EXPECT_NE(Error.find("form must be"), std::string::npos);
  EXPECT_FALSE(parseNvccFlagJson(R"({"flags": [{"spelling": "x", "form": "exact", "hip": "", "why": "w"}]})", Error));
  EXPECT_FALSE(parseNvccFlagJson(R"({"flags": [{"spelling": "-x", "form": "exact"}]})", Error));
  auto T = parseNvccFlagJson(R"({"flags": [{"spelling": "-x", "form": "exact", "hip": "-y", "why": "w"}]})", Error);
  ASSERT_TRUE(T);
  bool Next;
  EXPECT_EQ(T->match("-x", "", Next)->Hip, "-y");
}

TEST(ToolkitPaths, RootsWhereAPathStarts) {
  EXPECT_EQ(toolkitRootOf("/opt/rocm"), "rocm");
  EXPECT_EQ(toolkitRootOf("/opt/rocm-6.2.0/lib"), "rocm");
  EXPECT_EQ(toolkitRootOf("/usr/local/cuda-12.4"), "cuda");
  EXPECT_EQ(toolkitRootOf("/opt/rocmfoo"), "");
  auto P = toolkitPathsIn("-I/opt/rocm/include x /home/opt/rocm \"/usr/local/cuda/lib64\" a=/opt/cuda");
  ASSERT_EQ(P.size(), 3u);
  EXPECT_EQ(P[0], (std::pair<size_t, size_t>{2, 17}));
  EXPECT_EQ(P[1].second, 21u);
  EXPECT_EQ(P[2].second, 9u);
}

TEST(ToolkitPaths, CudaLibrariesAndTheirRocmNames) {
  EXPECT_EQ(rocmLibraryFor("cudart"), "amdhip64");
  EXPECT_EQ(rocmLibraryFor("cublas"), "hipblas");
  EXPECT_EQ(rocmLibraryFor("cudnn"), "");
  EXPECT_TRUE(isCudaLibrary("cufft"));
  EXPECT_FALSE(isCudaLibrary("hipblas"));
  EXPECT_FALSE(isCudaLibrary("m"));
}

TEST(BuildScripts, KindsByName) {
  EXPECT_EQ(scriptKind("a/Makefile"), ScriptKind::Make);
  EXPECT_EQ(scriptKind("GNUmakefile"), ScriptKind::Make);
  EXPECT_EQ(scriptKind("x/rules.mk"), ScriptKind::Make);
  EXPECT_EQ(scriptKind(".mk"), ScriptKind::None);
  EXPECT_EQ(scriptKind("p/setup.py"), ScriptKind::SetupPy);
  EXPECT_EQ(scriptKind("pyproject.toml"), ScriptKind::SetupPy);
  EXPECT_EQ(scriptKind("CMakeLists.txt"), ScriptKind::CMake);
  EXPECT_EQ(scriptKind("Makefile.am"), ScriptKind::None);
  EXPECT_EQ(scriptKind("Makefile.in"), ScriptKind::None);
  // `make -f makefile.hip`: a Makefile named for a backend value.
  EXPECT_EQ(scriptKind("src/makefile.hip"), ScriptKind::Make);
  EXPECT_EQ(scriptKind("Makefile.cuda"), ScriptKind::Make);
  EXPECT_EQ(scriptKind("Makefile.win"), ScriptKind::None);
  EXPECT_EQ(scriptKind("my_setup.py"), ScriptKind::None);
  // Configurations Makefiles include (make.defs.hip would otherwise be taken for a HIP source).
  EXPECT_EQ(scriptKind("p/make.defs.hip"), ScriptKind::Make);
  EXPECT_EQ(scriptKind("config/make.def"), ScriptKind::Make);
  EXPECT_EQ(scriptKind("make.inc.cuda"), ScriptKind::Make);
  EXPECT_EQ(scriptKind("src/make.cu"), ScriptKind::None);
  EXPECT_EQ(scriptKind("make.hip"), ScriptKind::None);
}

TEST(BuildScripts, MakefileFindingsCarryPositionsAndNoFixes) {
  ScriptOptions Opts;
  auto All = [](std::string_view) { return true; };
  ScriptResult R = lintMakefile("Makefile", "F = -arch=sm_80\na: a.hip\n\thipcc $(F) -o a a.hip\n", All, Opts);
  ASSERT_EQ(R.Findings.size(), 1u);
  EXPECT_EQ(R.Findings[0].Check, "rocm-make-nvcc-flag");
  EXPECT_EQ(R.Findings[0].Line, 1u);
  EXPECT_EQ(R.Findings[0].Column, 5u);
  EXPECT_EQ(R.Findings[0].Offset, 4u);
  EXPECT_TRUE(R.Findings[0].Fixes.empty());
  // The same flag given to nvcc for a .cu file is the CUDA build's business.
  R = lintMakefile("Makefile", "F = -arch=sm_80\na: a.cu\n\tnvcc $(F) -o a a.cu\n", All, Opts);
  EXPECT_TRUE(R.Findings.empty());
  // Disabled rules are not reported.
  R = lintMakefile("Makefile", "F = -arch=sm_80\na: a.hip\n\thipcc $(F) -o a a.hip\n",
                   [](std::string_view) { return false; }, Opts);
  EXPECT_TRUE(R.Findings.empty());
}

TEST(BuildScripts, SetupPyErrorsAreLocated) {
  auto All = [](std::string_view) { return true; };
  EXPECT_EQ(lintSetupPy("setup.py", "x = (1,\n", All).Error, "2:1: unclosed bracket at the end of the file");
  EXPECT_EQ(lintSetupPy("setup.py", "x = 1)\n", All).Error, "1:6: unmatched ')'");
  EXPECT_TRUE(lintSetupPy("setup.py", "", All).Error.empty());
}
