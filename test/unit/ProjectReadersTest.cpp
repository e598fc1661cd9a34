// The project readers moved from rocm-lint into lib/project: build-script branches, the #include
// line scanner, CUDA-only sources, HIP-build membership and the build style, on small temp trees.
#include "cmake/CMakeParser.h"
#include "project/BuildBranch.h"
#include "project/BuildStyle.h"
#include "project/BuildTargets.h"
#include "project/BuildTextInputs.h"
#include "project/CacheScripts.h"
#include "project/CudaOnlySources.h"
#include "project/HipMembership.h"
#include "project/IncludeScan.h"
#include "project/MakeSources.h"
#include "project/ProjectModel.h"

#include "gtest/gtest.h"

#include <climits>
#include <cstdlib>
#include <fstream>
#include <map>
#include <optional>
#include <unistd.h>

using namespace rocmtidy::project;

namespace {

class ProjectReadersTest : public ::testing::Test {
protected:
  void SetUp() override {
    char Tmpl[] = "/tmp/rocm-project-readers-XXXXXX";
    ASSERT_NE(mkdtemp(Tmpl), nullptr);
    char Real[PATH_MAX];
    ASSERT_NE(realpath(Tmpl, Real), nullptr);
    Dir = std::string(Real) + "/repo";
    mkdir(".git");
  }
  void TearDown() override { std::system(("rm -rf '" + Dir + "/..'").c_str()); }
  void mkdir(const std::string &Rel) { std::system(("mkdir -p '" + Dir + "/" + Rel + "'").c_str()); }
  void write(const std::string &Rel, const std::string &Text) {
    std::string Path = Dir + "/" + Rel;
    mkdir(Rel.substr(0, Rel.find_last_of('/') == std::string::npos ? 0 : Rel.find_last_of('/')));
    std::ofstream(Path) << Text;
  }
  ProjectModel walked() {
    LoadOptions L;
    L.Cwd = Dir;
    L.InputDirs = {Dir};
    L.ProjectDirs = {Dir};
    return ProjectModel::load(L);
  }
  std::string Dir;
};

TEST(BuildBranch, ClassifiesConditionsByBackend) {
  EXPECT_EQ(classifyCondition({"build_cuda"}), Branch::Cuda);
  EXPECT_EQ(classifyCondition({"not", "use_rocm"}), Branch::Cuda);
  EXPECT_EQ(classifyCondition({"use_rocm"}), Branch::Hip);
  EXPECT_EQ(classifyCondition({"compute_backend", "strequal", "cuda"}), Branch::Cuda);
  EXPECT_EQ(classifyCondition({"gpu_backend", "==", "\"rocm\""}), Branch::Hip);
  // Either side of an 'or' may hold: it is one vendor's only when every side is; unknown names
  // decide nothing, and an 'or' inside parentheses is not split.
  EXPECT_EQ(classifyCondition({"build_cuda", "or", "use_rocm"}), Branch::Other);
  EXPECT_EQ(classifyCondition({"have_cuda", "or", "have_sub_project_cuda"}), Branch::Cuda);
  EXPECT_EQ(classifyCondition({"use_hip", "or", "not", "use_cuda"}), Branch::Hip); // as "not use_cuda" alone
  EXPECT_EQ(classifyCondition({"use_rocm", "or", "gpu_backend", "strequal", "hip"}), Branch::Hip);
  EXPECT_EQ(classifyCondition({"build_cuda", "or", "with_cpu_kernels"}), Branch::Other);
  EXPECT_EQ(classifyCondition({"(", "build_cuda", "or", "use_cuda", ")", "and", "with_tests"}), Branch::Other);
  EXPECT_EQ(classifyCondition({"build_cuda", "or"}), Branch::Other);
  // A bare vendor name is a switch (QUICK's option(CUDA ...) and -DHIP=TRUE).
  EXPECT_EQ(classifyCondition({"hip"}), Branch::Hip);
  EXPECT_EQ(classifyCondition({"cuda", "and", "not", "hip"}), Branch::Cuda);
  EXPECT_EQ(classifyCondition({"with_tests"}), Branch::Other);
  EXPECT_EQ(classifyCondition({"build_cuda", "and", "use_rocm"}), Branch::Other);
  // Python: 'x is None' negates, 'x is not None' does not.
  EXPECT_EQ(classifyCondition({"torch.version.hip", "is", "none"}), Branch::Cuda);
  EXPECT_EQ(classifyCondition({"torch.version.hip", "is", "not", "none"}), Branch::Hip);
  bool NamesHip = false;
  classifyCondition({"${use_rocm}"}, &NamesHip);
  EXPECT_TRUE(NamesHip);
  NamesHip = false;
  classifyCondition({"build_cuda"}, &NamesHip);
  EXPECT_FALSE(NamesHip);
}

TEST(BuildBranch, ElseOfASingleHipTestIsTheCudaBuild) {
  BranchFrame F = BranchFrame::open(Branch::Hip, "if(USE_ROCM)", 3);
  F.next(/*IsElse=*/true, Branch::Other, "", 7, "else()");
  EXPECT_EQ(F.Current, Branch::Cuda);
  EXPECT_EQ(F.Condition, "if(USE_ROCM) ... else()");
  EXPECT_EQ(F.Line, 7u);
  // After an elseif, else is anything.
  BranchFrame G = BranchFrame::open(Branch::Hip, "if(USE_ROCM)", 3);
  G.next(false, Branch::Other, "elseif(CPU)", 5, "else()");
  G.next(true, Branch::Other, "", 7, "else()");
  EXPECT_EQ(G.Current, Branch::Other);
  EXPECT_EQ(G.Branches, 3u);
}

TEST(BuildBranch, TargetsNamedForABackend) {
  // 'if(TARGET ${APP_CUDA_BACKEND_LIBRARY})' holds only where the CUDA backend was configured.
  EXPECT_EQ(classifyCondition({"target", "${plssvm_cuda_backend_library_name}"}), Branch::Cuda);
  EXPECT_EQ(classifyCondition({"target", "hip::host"}), Branch::Hip);
  EXPECT_EQ(classifyCondition({"not", "target", "cuda::cudart"}), Branch::Other);
  EXPECT_EQ(classifyCondition({"target", "torch_cuda"}), Branch::Other);
}

TEST(BuildBranch, WhatFollowsAReturnGuard) {
  // 'if(NOT X_ENABLE_CUDA) return()': the rest is built only with the switch on.
  EXPECT_EQ(branchAfterReturn({"not", "mars_enable_cuda"}), Branch::Cuda);
  EXPECT_EQ(branchAfterReturn({"not", "with_examples", "or", "not", "mars_enable_cuda"}), Branch::Cuda);
  EXPECT_EQ(branchAfterReturn({"use_rocm"}), Branch::Cuda); // 'NOT USE_ROCM' remains
  EXPECT_EQ(branchAfterReturn({"not", "use_rocm"}), Branch::Hip);
  // A setting that is no backend, and shapes whose negation is not read, decide nothing.
  EXPECT_EQ(branchAfterReturn({"not", "with_tests"}), Branch::Other);
  EXPECT_EQ(branchAfterReturn({"not", "a", "and", "not", "build_cuda"}), Branch::Other);
  EXPECT_EQ(branchAfterReturn({"backend", "strequal", "hip"}), Branch::Other);
  EXPECT_EQ(branchAfterReturn({"(", "not", "build_cuda", ")"}), Branch::Other);
  EXPECT_EQ(branchAfterReturn({"not", "build_cuda", "or"}), Branch::Other);
  EXPECT_EQ(branchAfterReturn({}), Branch::Other);
}

TEST(BuildBranch, DeclaredVendorOptionsAreSwitches) {
  rocmtidy::cmake::ParsedFile F;
  rocmtidy::cmake::ParseError E;
  ASSERT_TRUE(
      rocmtidy::cmake::parseCMake("option(SOLVER_CUDA \"CUDA solver\" OFF)\noption(SOLVER_HIP \"HIP port\" OFF)\n"
                                  "option(WITH_TESTS \"tests\" ON)\noption(ENABLE_CUDA \"switch\" OFF)\n"
                                  "if(SOLVER_CUDA)\nendif()\nif(NOT ${SOLVER_HIP} AND SOLVER_CUDA_ARCH)\nendif()\n"
                                  "if(ENABLE_CUDA OR WITH_TESTS)\nendif()\n",
                                  F, E));
  VendorOptions Options;
  for (const rocmtidy::cmake::Command &C : F.Commands)
    Options.note(C);
  // Declared options with a vendor word read as that vendor's switch; undeclared names and options
  // that are already switches (or name no vendor) are left as written.
  EXPECT_EQ(Options.words(F.Commands[4]), (std::vector<std::string>{"use_cuda"}));
  EXPECT_EQ(classifyCondition(Options.words(F.Commands[4])), Branch::Cuda);
  EXPECT_EQ(Options.words(F.Commands[6]), (std::vector<std::string>{"not", "use_hip", "and", "solver_cuda_arch"}));
  EXPECT_EQ(Options.words(F.Commands[8]), (std::vector<std::string>{"enable_cuda", "or", "with_tests"}));
  EXPECT_EQ(classifyCondition(conditionWords(F.Commands[4])), Branch::Other);
}

TEST(IncludeScan, DirectivesAndNames) {
  std::string Text = "#include \"a.h\"\n  #  include <hip/hip_runtime.h>\n#include MACRO\n"
                     "#include_next <x.h>\n#include \"bad>name.h\"\n#include <open\n// #include \"c.h\"\n";
  std::vector<IncludeLine> Lines = scanIncludeLines(Text);
  ASSERT_EQ(Lines.size(), 6u);
  EXPECT_EQ(Lines[0].Open, '"');
  EXPECT_EQ(Lines[0].Name, "a.h");
  EXPECT_EQ(Lines[1].Open, '<');
  EXPECT_EQ(Lines[1].Name, "hip/hip_runtime.h");
  EXPECT_EQ(Lines[1].Line, 2u);
  EXPECT_EQ(Lines[2].Open, 0);
  EXPECT_EQ(Lines[3].Open, 0); // include_next: not an include of a name this scanner reads
  EXPECT_FALSE(Lines[5].Closed);
  EXPECT_EQ(Lines[5].Name, "open");
  EXPECT_EQ(includedNames(Text), (std::vector<std::string>{"a.h", "hip/hip_runtime.h"}));
  EXPECT_TRUE(includedNames("int x;\n").empty());
}

TEST(IncludeScan, ArmsTheDefinesRuleOut) {
  std::string Text =
      "#ifdef USE_HIP\n#include \"hip.h\"\n#else\n#include \"cuda.h\"\n#endif\n"
      "#if !defined(USE_HIP) // comment\n#include \"nv1.h\"\n#elif X > 1\n#include \"x.h\"\n#endif\n"
      "#ifndef USE_HIP\n#  include <nv2.h>\n#endif\n"
      "#if defined USE_HIP\n#include \"a.h\"\n#elif 1\n#include \"nv3.h\"\n#else\n#include \"nv4.h\"\n#endif\n"
      "#if 0\n#include \"zero.h\"\n#endif\n"
      "#ifdef OTHER\n#include \"o.h\"\n#else\n#include \"e.h\"\n#endif\n"
      "#if !USE_HIP\n#include \"maybe.h\"\n#endif\n";
  // Only what USE_HIP settles is dropped; an unknown macro, `!M` (M may be 0) and `X > 1` keep both arms.
  EXPECT_EQ(reachedIncludeNames(Text, {"USE_HIP"}),
            (std::vector<std::string>{"hip.h", "x.h", "a.h", "o.h", "e.h", "maybe.h"}));
  // Without the define nothing but #if 0 is settled.
  EXPECT_EQ(reachedIncludeNames(Text, {}), (std::vector<std::string>{"hip.h", "cuda.h", "nv1.h", "x.h", "nv2.h", "a.h",
                                                                     "nv3.h", "nv4.h", "o.h", "e.h", "maybe.h"}));
  // Unbalanced directives neither crash nor leak a dead arm past the end.
  EXPECT_EQ(reachedIncludeNames("#endif\n#else\n#ifdef M\n#else\n#include \"z.h\"\n", {"M"}),
            std::vector<std::string>{});
}

// An include compiled whatever the build defines: outside every conditional but an include guard.
TEST(IncludeScan, UnconditionalInclude) {
  auto Sycl = [](std::string_view Name) { return Name == "sycl/sycl.hpp"; };
  std::optional<IncludeLine> Guarded = unconditionalInclude(
      "#ifndef SHIM_H\n#define SHIM_H\n#include <vector>\n#include <sycl/sycl.hpp>\n#endif\n", Sycl);
  ASSERT_TRUE(Guarded);
  IncludeLine Found = Guarded.value_or(IncludeLine());
  EXPECT_EQ(Found.Line, 4u);
  EXPECT_EQ(Found.Name, "sycl/sycl.hpp");
  EXPECT_TRUE(unconditionalInclude("#pragma once\n  #  include <sycl/sycl.hpp>\n", Sycl));
  // Under a condition (a file shared by the SYCL and HIP ports), or after a first #ifndef that is
  // no guard, it may not be compiled.
  EXPECT_FALSE(unconditionalInclude("#pragma once\n#ifdef USE_SYCL\n#include <sycl/sycl.hpp>\n#endif\n", Sycl));
  EXPECT_FALSE(unconditionalInclude("#ifndef NO_SYCL\n#include <sycl/sycl.hpp>\n#endif\n", Sycl));
  EXPECT_FALSE(unconditionalInclude("#ifndef G\n#define G\n#if X\n#include <sycl/sycl.hpp>\n#endif\n#endif\n", Sycl));
  EXPECT_FALSE(unconditionalInclude("#include <hip/hip_runtime.h>\n// #include <sycl/sycl.hpp>\n", Sycl));
}

// The sources a named header is analysed through: nearest level first, .hip before .cu, then the
// one sharing the longest folder; includes resolved beside the includer, by a unique trailing path
// or by a unique bare name; a second copy of a name is no match.
TEST(IncludeScan, SourcesReachingAHeader) {
  std::map<std::string, std::string> Tree = {
      {"/p/include/lib/k.cuh", "#pragma once\n"},
      {"/p/include/lib/all.h", "#include \"k.cuh\"\n"},
      {"/p/src/a.cu", "#include \"lib/k.cuh\"\n"},
      {"/p/src/b.hip", "#include <lib/k.cuh>\n"},
      {"/p/include/lib/t.cpp", "#include \"k.cuh\"\n"},
      {"/p/tools/deep.cpp", "#include \"lib/all.h\"\n"},
      {"/p/src/dup.h", "#pragma once\n"},
      {"/p/other/dup.h", "#pragma once\n"},
      {"/p/src/uses_dup.cu", "#include \"../other/../src/dup.h\"\n#include \"x/dup.h\"\n"},
      {"/p/c/legacy.c", "#include \"lib/k.cuh\"\n"},
  };
  std::vector<std::string> Files;
  Files.reserve(Tree.size());
  for (const auto &[Path, Text] : Tree)
    Files.push_back(Path);
  auto Read = [&](const std::string &P) -> std::optional<std::string> {
    auto It = Tree.find(P);
    return It == Tree.end() ? std::nullopt : std::optional<std::string>(It->second);
  };
  // Level 1: b.hip, then a.cu, then t.cpp (a .cu ranks above other sources even when the other
  // shares the header's folder); a C source never counts. Level 2: deep.cpp, through all.h.
  EXPECT_EQ(sourcesReaching(Files, "/p/include/lib/k.cuh", Read),
            (std::vector<std::string>{"/p/src/b.hip", "/p/src/a.cu", "/p/include/lib/t.cpp", "/p/tools/deep.cpp"}));
  EXPECT_EQ(sourcesReaching(Files, "/p/include/lib/k.cuh", Read, /*MaxDepth=*/1),
            (std::vector<std::string>{"/p/src/b.hip", "/p/src/a.cu", "/p/include/lib/t.cpp"}));
  // '..' in a name is resolved beside the includer only; 'x/dup.h' names neither copy.
  EXPECT_TRUE(sourcesReaching(Files, "/p/other/dup.h", Read).empty());
  EXPECT_TRUE(sourcesReaching(Files, "/p/nowhere.h", Read).empty());
}

TEST(IncludeScan, HeadersFortranSourcesInclude) {
  std::map<std::string, std::string> Tree = {
      // Fixed form: a comment line in column 1 names nothing; the keyword in any case.
      {"/p/src/kick.f", "c     include 'commented.h'\n      INCLUDE 'common6.h'\n      x = 1\n"},
      // Free form, double quotes; a preprocessed source's #include.
      {"/p/src/io.F90", "  include \"params.h\"  ! sizes\n#include \"cfg.h\"\n"},
      // An include file's own include is Fortran too.
      {"/p/include/common6.h", "      INCLUDE 'mpif.h'\n"},
  };
  auto Read = [&](const std::string &P) -> std::optional<std::string> {
    auto It = Tree.find(P);
    return It == Tree.end() ? std::nullopt : std::optional<std::string>(It->second);
  };
  const std::vector<std::string> Headers = {"/p/include/common6.h",   "/p/include/params.h",
                                            "/p/src/cfg.h",           "/p/extra/nompi/mpif.h",
                                            "/p/include/commented.h", "/p/include/kernels.cuh"};
  std::map<std::string, std::string> Found =
      headersIncludedByOtherLanguage(OtherLanguage::Fortran, {"/p/src/kick.f", "/p/src/io.F90"}, Headers, Read);
  EXPECT_EQ(Found, (std::map<std::string, std::string>{{"/p/include/common6.h", "/p/src/kick.f"},
                                                       {"/p/include/params.h", "/p/src/io.F90"},
                                                       {"/p/src/cfg.h", "/p/src/io.F90"},
                                                       {"/p/extra/nompi/mpif.h", "/p/include/common6.h"}}));
  // No Fortran sources, nothing.
  EXPECT_TRUE(headersIncludedByOtherLanguage(OtherLanguage::Fortran, {}, Headers, Read).empty());
}

TEST(IncludeScan, HeadersNamedInProgramText) {
  std::map<std::string, std::string> Tree = {
      {"/p/src/basis.c", "#include \"lib/jit/hip/directive.h\"\n"
                         "// see \"lib/jit/hip/commented.h\" for the layout\n"
                         "const char *src = \"#define Q 4\\n#include <lib/jit/hip/basis.h>\\n\";\n"
                         "const char *esc = \"a \\\" quote, then lib/jit/hip/after-quote.h\";\n"
                         "const char *bare = \"basis-only.h\", *up = \"../lib/jit/hip/up.h\";\n"},
  };
  auto Read = [&](const std::string &P) -> std::optional<std::string> {
    auto It = Tree.find(P);
    return It == Tree.end() ? std::nullopt : std::optional<std::string>(It->second);
  };
  const std::vector<std::string> Headers = {
      "/p/include/lib/jit/hip/basis.h",     "/p/include/lib/jit/hip/after-quote.h",
      "/p/include/lib/jit/hip/commented.h", "/p/src/basis-only.h",
      "/p/include/lib/jit/hip/up.h",        "/p/include/lib/jit/hip/directive.h"};
  // A path with a folder inside double quotes names the header, past escaped quotes (quotes in a
  // comment count too: the scan does not tell comments apart); a bare name, a path climbing with
  // '..' and the file name of a directive do not.
  EXPECT_EQ(headersNamedInStrings({"/p/src/basis.c"}, Headers, Read),
            (std::map<std::string, std::string>{{"/p/include/lib/jit/hip/basis.h", "/p/src/basis.c"},
                                                {"/p/include/lib/jit/hip/after-quote.h", "/p/src/basis.c"},
                                                {"/p/include/lib/jit/hip/commented.h", "/p/src/basis.c"}}));
  EXPECT_TRUE(headersNamedInStrings({}, Headers, Read).empty());
}

TEST(IncludeScan, HeadersAnotherAcceleratorsSourcesInclude) {
  std::map<std::string, std::string> Tree = {
      // An MLU kernel's helper, and the helper's own include.
      {"/p/mlu/roi.mlu", "#include \"common_mlu_helper.hpp\"\n#include <bang.h>\n__mlu_global__ void k() {}\n"},
      {"/p/mlu/common_mlu_helper.hpp", "#pragma once\n#include \"mlu_math.hpp\"\n"},
      // A line that reads as Fortran's include names nothing outside Fortran.
      {"/p/cl/scan.cl", "include 'fortran_like.h'\n__kernel void s() {}\n"},
  };
  auto Read = [&](const std::string &P) -> std::optional<std::string> {
    auto It = Tree.find(P);
    return It == Tree.end() ? std::nullopt : std::optional<std::string>(It->second);
  };
  const std::vector<std::string> Headers = {"/p/mlu/common_mlu_helper.hpp", "/p/mlu/mlu_math.hpp",
                                            "/p/cl/fortran_like.h", "/p/cuda/common_cuda_helper.hpp"};
  EXPECT_EQ(
      headersIncludedByOtherLanguage(OtherLanguage::Accelerator, {"/p/mlu/roi.mlu", "/p/cl/scan.cl"}, Headers, Read),
      (std::map<std::string, std::string>{{"/p/mlu/common_mlu_helper.hpp", "/p/mlu/roi.mlu"},
                                          {"/p/mlu/mlu_math.hpp", "/p/mlu/common_mlu_helper.hpp"}}));
}

TEST(IncludeScan, HeadersSwigInterfacesInclude) {
  std::map<std::string, std::string> Tree = {
      // A quoted %include or %import, and a #include inside the interface's verbatim block; SWIG's
      // own library (<std_string.i>) is not the project's.
      {"/p/swig/p.i", "%module p\n%{\n#include \"array.hpp\"\n%}\n %include \"table.hpp\"\n%import \"base.h\"\n"
                      "%include <std_string.i>\n"},
  };
  auto Read = [&](const std::string &P) -> std::optional<std::string> {
    auto It = Tree.find(P);
    return It == Tree.end() ? std::nullopt : std::optional<std::string>(It->second);
  };
  const std::vector<std::string> Headers = {"/p/swig/array.hpp", "/p/swig/table.hpp", "/p/swig/base.h",
                                            "/p/swig/std_string.i.h"};
  EXPECT_EQ(headersIncludedByOtherLanguage(OtherLanguage::Swig, {"/p/swig/p.i"}, Headers, Read),
            (std::map<std::string, std::string>{{"/p/swig/array.hpp", "/p/swig/p.i"},
                                                {"/p/swig/table.hpp", "/p/swig/p.i"},
                                                {"/p/swig/base.h", "/p/swig/p.i"}}));
  // The same lines read as another accelerator's source name only the #include.
  EXPECT_EQ(headersIncludedByOtherLanguage(OtherLanguage::Accelerator, {"/p/swig/p.i"}, Headers, Read),
            (std::map<std::string, std::string>{{"/p/swig/array.hpp", "/p/swig/p.i"}}));
}

TEST_F(ProjectReadersTest, CudaOnlySourcesFromCMakeBranches) {
  write("CMakeLists.txt", "project(p LANGUAGES CXX)\n"
                          "if(BUILD_CUDA)\n"
                          "  add_library(k_cuda src/sm80.cu)\n"
                          "else()\n"
                          "  enable_language(HIP)\n"
                          "  add_library(k_hip src/both.cu)\n"
                          "endif()\n"
                          "add_library(common src/common.cu src/both.cu)\n");
  for (const char *F : {"src/sm80.cu", "src/both.cu", "src/common.cu", "src/unlisted.cu"})
    write(F, "");
  ProjectModel M = ProjectModel::withRoot(Dir, Dir);
  std::string Why;
  EXPECT_TRUE(cudaOnlyInBuildScripts(M, Dir + "/src/sm80.cu", Why));
  EXPECT_NE(Why.find("CMakeLists.txt:3: listed only under 'if(BUILD_CUDA)' (line 2)"), std::string::npos) << Why;
  Why.clear();
  EXPECT_FALSE(cudaOnlyInBuildScripts(M, Dir + "/src/both.cu", Why));
  EXPECT_FALSE(cudaOnlyInBuildScripts(M, Dir + "/src/common.cu", Why));
  EXPECT_FALSE(cudaOnlyInBuildScripts(M, Dir + "/src/unlisted.cu", Why));
  EXPECT_EQ(Why, "");
}

TEST_F(ProjectReadersTest, NoHipBuildMeansEverythingIsToPort) {
  write("CMakeLists.txt", "project(p LANGUAGES CXX CUDA)\nif(BUILD_CUDA)\n  add_library(k src/k.cu)\nendif()\n");
  write("src/k.cu", "");
  std::string Why;
  EXPECT_FALSE(cudaOnlyInBuildScripts(ProjectModel::withRoot(Dir, Dir), Dir + "/src/k.cu", Why));
}

TEST_F(ProjectReadersTest, CudaOnlySourcesFromSetupPy) {
  write("setup.py", "import torch\n"
                    "if torch.version.hip:\n"
                    "    srcs = ['csrc/hip_kernels.cu']\n"
                    "else:\n"
                    "    srcs = ['csrc/cuda_kernels.cu']\n");
  std::string Why;
  ProjectModel M = ProjectModel::withRoot(Dir, Dir);
  EXPECT_TRUE(cudaOnlyInBuildScripts(M, Dir + "/csrc/cuda_kernels.cu", Why));
  EXPECT_NE(Why.find("setup.py:5"), std::string::npos) << Why;
  EXPECT_FALSE(cudaOnlyInBuildScripts(M, Dir + "/csrc/hip_kernels.cu", Why));
}

TEST_F(ProjectReadersTest, MembershipFromAHipDatabase) {
  write("compile_commands.json", "[{\"directory\": \"" + Dir + "\", \"file\": \"" + Dir +
                                     "/a.hip\", \"arguments\": [\"clang++\", \"-x\", "
                                     "\"hip\", \"-c\", \"a.hip\"]},\n {\"directory\": \"" +
                                     Dir + "\", \"file\": \"" + Dir +
                                     "/in.cu\", \"arguments\": [\"clang++\", \"-x\", \"hip\", \"-c\", \"in.cu\"]}]\n");
  for (const char *F : {"a.hip", "in.cu", "out.cu", "new.cpp"})
    write(F, "");
  ProjectModel M = ProjectModel::withRoot(Dir, Dir);
  HipMembership H(M, "");
  using Answer = HipMembership::Answer;
  EXPECT_EQ(H.of(Dir + "/in.cu").Kind, Answer::InBuild);
  Answer Out = H.of(Dir + "/out.cu");
  EXPECT_EQ(Out.Kind, Answer::AbsentFromDatabase);
  EXPECT_EQ(Out.Why, "absent from compile_commands.json");
  // Only CUDA-spelled files can be CUDA-only: a new .cpp is linted with an inferred command.
  EXPECT_EQ(H.of(Dir + "/new.cpp").Kind, Answer::InBuild);
}

TEST_F(ProjectReadersTest, HeadersOnlyCudaOnlySourcesInclude) {
  write("CMakeLists.txt", "project(p)\n");
  write("src/cuda_only.cu", "#include \"cuda_only.h\"\n#include \"shared.h\"\n");
  write("src/both.cu", "#include \"shared.h\"\n");
  write("src/cuda_only.h", "#include \"deep.h\"\n");
  write("src/deep.h", "");
  write("src/shared.h", "");
  ProjectModel M = walked();
  HipMembership H(M, "");
  std::map<std::string, std::string> Why = H.headersOnlyIncludedBy(
      {Dir + "/src/cuda_only.h", Dir + "/src/deep.h", Dir + "/src/shared.h"}, {Dir + "/src/cuda_only.cu"});
  EXPECT_EQ(Why.size(), 2u);
  EXPECT_EQ(Why[Dir + "/src/cuda_only.h"], Dir + "/src/cuda_only.cu");
  // Through a header that goes with it.
  EXPECT_EQ(Why[Dir + "/src/deep.h"], Dir + "/src/cuda_only.h");
  EXPECT_EQ(Why.count(Dir + "/src/shared.h"), 0u);
}

TEST_F(ProjectReadersTest, BuildStyleFromTheScripts) {
  write("setup.py", "from torch.utils.cpp_extension import CUDAExtension\nCUDAExtension('x', ['k.cu'])\n");
  write("k.cu", "");
  BuildStyleQuery Q;
  Q.Paths = {Dir};
  Q.Inputs = {Dir + "/k.cu"};
  BuildStyleDecision D = detectBuildStyle(walked(), Q);
  EXPECT_EQ(D.Style, BuildStyle::Hipify);
  EXPECT_NE(D.Reason.find("setup.py builds a torch.utils.cpp_extension CUDAExtension"), std::string::npos) << D.Reason;
  EXPECT_TRUE(quietUnderBuildStyle(D.Style, "rocm-cuda-header"));
  EXPECT_FALSE(quietUnderBuildStyle(D.Style, "rocm-lds-limit"));
  // .rocm-lint's setting wins.
  Q.ConfiguredStyle = "hip-only";
  Q.ConfigDir = Dir;
  D = detectBuildStyle(walked(), Q);
  EXPECT_EQ(D.Style, BuildStyle::HipOnly);
  EXPECT_EQ(D.Reason, "set in " + Dir + "/.rocm-lint");
}

TEST_F(ProjectReadersTest, BuildStyleWithoutScripts) {
  write("k.hip", "");
  BuildStyleQuery Q;
  Q.Paths = {Dir};
  Q.Inputs = {Dir + "/k.hip"};
  BuildStyleDecision D = detectBuildStyle(walked(), Q);
  EXPECT_EQ(D.Style, BuildStyle::HipOnly);
  Q.Inputs = {Dir + "/k.cu"};
  EXPECT_EQ(detectBuildStyle(walked(), Q).Style, BuildStyle::SingleSource);
  BuildStyle S;
  EXPECT_TRUE(parseBuildStyle("hipify-at-build-time", S));
  EXPECT_EQ(S, BuildStyle::Hipify);
  EXPECT_FALSE(parseBuildStyle("hipfy", S));
  EXPECT_STREQ(buildStyleName(BuildStyle::SingleSource), "single-source");
}

TEST_F(ProjectReadersTest, AnyCMakeScriptBuildsHip) {
  write("a/CMakeLists.txt", "project(a LANGUAGES CXX)\n");
  write("b/CMakeLists.txt", "project(b LANGUAGES CXX HIP)\n");
  write("setup.py", "print('hip')\n");
  ProjectModel M = walked();
  EXPECT_FALSE(anyCMakeScriptBuildsHip(M, {Dir + "/a/CMakeLists.txt", Dir + "/setup.py"}));
  EXPECT_TRUE(anyCMakeScriptBuildsHip(M, {Dir + "/a/CMakeLists.txt", Dir + "/b/CMakeLists.txt"}));
}

} // namespace

namespace {
// The readers ask for a script's text through a callback: a map stands in for the disk.
BuildTargets targetsOf(const std::map<std::string, std::string> &Files) {
  std::vector<std::string> Scripts;
  Scripts.reserve(Files.size());
  for (const auto &[Path, Text] : Files)
    Scripts.push_back(Path);
  return BuildTargets::read(Scripts, [&](const std::string &P) -> std::optional<std::string> {
    auto It = Files.find(P);
    return It == Files.end() ? std::nullopt : std::optional<std::string>(It->second);
  });
}
} // namespace

TEST(BuildTargets, NamedByCMakeMakeAndPython) {
  BuildTargets B = targetsOf({{"/p/CMakeLists.txt", "set(AMDGPU_TARGETS gfx90a:xnack+ gfx942 CACHE STRING \"e.g. "
                                                    "gfx1100\")\nset(CMAKE_CUDA_ARCHITECTURES 80)\n"},
                              {"/p/hip/Makefile", "# OFFLOAD_ARCH = gfx803\nHIPFLAGS += \\\n  --offload-arch=gfx950\n"},
                              {"/p/load.py", "import os\nos.environ['PYTORCH_ROCM_ARCH'] = 'gfx90a;gfx1100'\n"}});
  EXPECT_EQ(B.targetsFor("/p/hip/k.hip"), "gfx90a;gfx942;gfx950;gfx1100");
  ASSERT_NE(B.decisiveFor("/p/hip/k.hip"), nullptr);
  EXPECT_EQ(B.decisiveFor("/p/hip/k.hip")->Script, "/p/CMakeLists.txt");
  EXPECT_EQ(B.decisiveFor("/p/hip/k.hip")->How, "AMDGPU_TARGETS");
  EXPECT_EQ(B.decisiveFor("/p/hip/k.hip")->Line, 1u);
  // The offload flag's line is where it is written, after a continuation.
  // Only the scripts whose folder holds a source decide for it: the Makefile of hip/ is not cuda/'s.
  EXPECT_EQ(B.targetsFor("/p/cuda/k.cu"), "gfx90a;gfx942;gfx1100");
  EXPECT_EQ(B.targetsFor("/q/k.hip"), "");
  EXPECT_EQ(B.decisiveFor("/q/k.hip"), nullptr);
  std::vector<unsigned> MakeLines;
  for (const TargetMention &M : B.mentions())
    if (M.Script == "/p/hip/Makefile")
      MakeLines.push_back(M.Line);
  EXPECT_EQ(MakeLines, std::vector<unsigned>{2});
}

TEST(BuildTargets, AnArmsTargetsAreItsOwnSourcesTargets) {
  // One configure takes one arm: the sources an arm names are built for the targets it names, and
  // for nothing another arm names. A source no arm names, and a name built from a variable, decide
  // nothing.
  BuildTargets B =
      targetsOf({{"/p/CMakeLists.txt", "if(FOR_MI250)\n"
                                       "  set(CMAKE_HIP_FLAGS \"${CMAKE_HIP_FLAGS} --offload-arch=gfx90a\")\n"
                                       "  add_bench(lat \"cdna/lat.hip\")\n"
                                       "elseif(FOR_NAVI31)\n"
                                       "  set(CMAKE_HIP_FLAGS \"${CMAKE_HIP_FLAGS} --offload-arch=gfx1100\")\n"
                                       "  add_bench(lat \"rdna/lat.hip\")\n"
                                       "  if(WITH_EXTRA)\n    add_bench(bw rdna/../rdna/bw.hip)\n  endif()\n"
                                       "  add_bench(x ${DIR}/x.hip)\n"
                                       "endif()\n"}});
  EXPECT_EQ(B.targetsFor("/p/cdna/lat.hip"), "gfx90a");
  EXPECT_EQ(B.targetsFor("/p/rdna/lat.hip"), "gfx1100");
  EXPECT_EQ(B.targetsFor("/p/rdna/bw.hip"), "gfx1100");
  ASSERT_NE(B.decisiveFor("/p/rdna/bw.hip"), nullptr);
  EXPECT_EQ(B.decisiveFor("/p/rdna/bw.hip")->Line, 5u);
  EXPECT_EQ(B.targetsFor("/p/other.hip"), "");
  EXPECT_EQ(B.targetsFor("/p/x.hip"), "");
  // A function body's sources are its callers'.
  BuildTargets F = targetsOf({{"/p/CMakeLists.txt", "if(FOR_NAVI31)\n  set(GPU_TARGETS gfx1100)\n"
                                                    "  function(f)\n    add_executable(k k.hip)\n  endfunction()\n"
                                                    "endif()\n"}});
  EXPECT_EQ(F.targetsFor("/p/k.hip"), "");
}

TEST(BuildTargets, ConditionalOnlyOrOpenDecidesNothing) {
  // Under a test other than the HIP build's, in a function body, indented Python: only widens.
  BuildTargets Cond =
      targetsOf({{"/p/CMakeLists.txt", "if(NAVI)\n set(GPU_TARGETS gfx1030)\nendif()\n"
                                       "function(f t)\n set_property(TARGET ${t} PROPERTY "
                                       "HIP_ARCHITECTURES gfx1100 gfx1101)\nendfunction()\n"},
                 {"/p/setup.py", "if True:\n    os.environ.setdefault('PYTORCH_ROCM_ARCH', 'gfx1200')\n"}});
  EXPECT_EQ(Cond.targetsFor("/p/k.hip"), "");
  EXPECT_EQ(Cond.decisiveFor("/p/k.hip"), nullptr);
  EXPECT_EQ(Cond.mentions().size(), 4u);
  // The HIP build's own arm counts.
  BuildTargets Hip =
      targetsOf({{"/p/CMakeLists.txt", "if(USE_ROCM)\n set(CMAKE_HIP_ARCHITECTURES gfx1100)\nendif()\n"}});
  EXPECT_EQ(Hip.targetsFor("/p/k.hip"), "gfx1100");
  // One open choice anywhere leaves the targets to the run.
  BuildTargets Open = targetsOf({{"/p/CMakeLists.txt", "set(GPU_TARGETS gfx1100)\n"},
                                 {"/p/Makefile", "all:\n\thipcc --offload-arch=native -o x x.hip\n"}});
  EXPECT_EQ(Open.targetsFor("/p/k.hip"), "");
  ASSERT_NE(Open.decisiveFor("/p/k.hip"), nullptr);
  EXPECT_EQ(Open.decisiveFor("/p/k.hip")->How, "--offload-arch=native");
  BuildTargets Computed = targetsOf({{"/p/x.py", "os.environ['PYTORCH_ROCM_ARCH'] = arch()\n"
                                                 "os.environ['ROCM_ARCH_X'] = 'gfx1100'\n"}});
  EXPECT_EQ(Computed.targetsFor("/p/k.hip"), "");
  BuildTargets Shell = targetsOf({{"/p/Makefile", "ARCH != rocminfo | grep -m1 -o 'gfx[0-9a-f]*'\n"}});
  EXPECT_EQ(Shell.targetsFor("/p/k.hip"), "");
  // A CPU's or CUDA's architecture variables are not AMD targets; a script that does not parse says nothing.
  BuildTargets Other = targetsOf({{"/p/CMakeLists.txt", "set(CPU_ARCH native)\nset(CUDA_ARCH_LIST 80)\n"},
                                  {"/p/cmake/bad.cmake", "set(GPU_TARGETS gfx1100\n"}});
  EXPECT_TRUE(Other.mentions().empty());
}

TEST(BuildTargets, VendorOptionsAndMakefileArms) {
  // An option named for the HIP backend without a switch word still opens the HIP build's arm.
  BuildTargets Option = targetsOf({{"/p/CMakeLists.txt", "option(SOLVER_HIP \"Build the HIP solver\" OFF)\n"
                                                         "if(SOLVER_HIP)\n set(GPU_TARGETS gfx1100)\nendif()\n"}});
  EXPECT_EQ(Option.targetsFor("/p/k.hip"), "gfx1100");
  // Makefiles: the HIP toolkit's arm and a default under the variable's own absence count; the
  // CUDA toolkit's arm, another variable's absence and a define body do not.
  BuildTargets Hip = targetsOf({{"/p/Makefile", "ifneq($(HIP_PATH),)\nOFFLOAD_ARCH = gfx1100\nendif\n"}});
  EXPECT_EQ(Hip.targetsFor("/p/k.hip"), "gfx1100");
  BuildTargets Default = targetsOf({{"/p/a/Makefile", "ifndef OFFLOAD_ARCH\n  OFFLOAD_ARCH = gfx90a\nendif\n"},
                                    {"/p/b/Makefile", "ifeq ($(GPU_ARCH),)\nGPU_ARCH := gfx942\nendif\n"},
                                    {"/p/c/Makefile", "ifeq ($(OTHER_ARCH),)\nGPU_ARCH := gfx942\nendif\n"}});
  EXPECT_EQ(Default.targetsFor("/p/a/k.hip"), "gfx90a");
  EXPECT_EQ(Default.targetsFor("/p/b/k.hip"), "gfx942");
  EXPECT_EQ(Default.targetsFor("/p/c/k.hip"), "");
  BuildTargets Cuda = targetsOf({{"/p/Makefile", "ifdef CUDA_PATH\nFLAGS += --offload-arch=gfx1030\nendif\n"
                                                 "define rule\nARCH = gfx1100\nendef\n"}});
  EXPECT_EQ(Cuda.targetsFor("/p/k.hip"), "");
  EXPECT_EQ(Cuda.mentions().size(), 2u);
  // No blank between the keyword and its parenthesis.
  BuildTargets Tight = targetsOf({{"/p/Makefile", "ifeq($(BACKEND),cuda)\nARCH = --offload-arch=gfx1030\nendif\n"}});
  EXPECT_EQ(Tight.targetsFor("/p/k.hip"), "");
  // The plain else of "hipcc is absent" is the HIP build; a variable may hold the whole flag.
  BuildTargets Else = targetsOf({{"/p/Makefile", "ifeq ($(HIPCC),)\nCC = gcc\nelse\n"
                                                 "HIP_ARCH_FLAGS = --offload-arch=gfx1100\nendif\n"}});
  EXPECT_EQ(Else.targetsFor("/p/k.hip"), "gfx1100");
  ASSERT_NE(Else.decisiveFor("/p/k.hip"), nullptr);
  EXPECT_EQ(Else.decisiveFor("/p/k.hip")->Line, 4u);
  EXPECT_EQ(Else.decisiveFor("/p/k.hip")->Governs, "/p");
}

TEST(MakeSources, LogicalLinesAndComments) {
  std::vector<MakeLine> L = makeLines("A = 1 \\\r\n  2\nB = 3 # c\n\n");
  ASSERT_EQ(L.size(), 3u);
  EXPECT_EQ(L[0].Text, "A = 1    2");
  EXPECT_EQ(L[0].Line, 1u);
  EXPECT_EQ(L[1].Line, 3u);
  EXPECT_EQ(withoutMakeComment(L[1].Text), "B = 3 ");
  EXPECT_EQ(withoutMakeComment("X = a\\#b # c"), "X = a\\#b ");
  MakeBranch Else = MakeBranch::Other;
  bool NamesHip = false;
  EXPECT_EQ(classifyMakeConditional("ifeq", "($(HIPCC),)", &Else, &NamesHip), MakeBranch::Other);
  EXPECT_EQ(Else, MakeBranch::Hip);
  EXPECT_TRUE(NamesHip);
  EXPECT_EQ(classifyMakeConditional("ifeq", "($(BACKEND),cuda)"), MakeBranch::Cuda);
  EXPECT_EQ(classifyMakeConditional("ifdef", "ROCM_PATH"), MakeBranch::Hip);
  // hipcc's platform: the NVIDIA arm compiles through nvcc (the CUDA build), its else for AMD.
  Else = MakeBranch::Other;
  EXPECT_EQ(classifyMakeConditional("ifeq", "($(HIP_PLATFORM),nvidia)", &Else), MakeBranch::Cuda);
  EXPECT_EQ(Else, MakeBranch::Hip);
  EXPECT_EQ(classifyMakeConditional("ifeq", "(${HIP_PLATFORM}, $(filter $(HIP_PLATFORM), nvcc nvidia))"),
            MakeBranch::Cuda);
  EXPECT_EQ(classifyMakeConditional("ifneq", "($(HIP_PLATFORM),nvidia)", &Else), MakeBranch::Hip);
  EXPECT_EQ(Else, MakeBranch::Cuda);
  EXPECT_EQ(classifyMakeConditional("ifeq", "($(HIP_PLATFORM),amd)"), MakeBranch::Hip);
  // Values of both platforms in one filter, or another variable, decide nothing by the platform.
  EXPECT_EQ(classifyMakeConditional("ifeq", "($(GPU),$(filter $(GPU),nvidia amd))"), MakeBranch::Other);
}

TEST(BuildBranch, AReturnGuardIsFollowedAtTheTopLevelOnly) {
  rocmtidy::cmake::ParsedFile F;
  rocmtidy::cmake::ParseError E;
  ASSERT_TRUE(rocmtidy::cmake::parseCMake("function(f)\nif(NOT USE_ROCM)\nreturn()\nendif()\nendfunction()\n"
                                          "if(NOT USE_ROCM)\nreturn()\nelse()\nreturn()\nendif()\n"
                                          "if(NOT USE_ROCM)\nmessage(STATUS \"no\")\nreturn()\nendif()\n",
                                          F, E));
  ReturnGuard G;
  size_t Depth = 0;
  std::vector<ReturnGuard::Step> Steps;
  for (const rocmtidy::cmake::Command &C : F.Commands) {
    ReturnGuard::Step S = G.feed(C, conditionWords(C), Depth);
    Steps.push_back(S);
    if (C.LowerName == "if")
      ++Depth;
    else if (C.LowerName == "endif" && S != ReturnGuard::Step::Closed)
      --Depth;
    else if (S == ReturnGuard::Step::Closed)
      --Depth;
  }
  using St = ReturnGuard::Step;
  // In a function body: nothing. With an else() that returns too: no rest follows.
  EXPECT_EQ(Steps, (std::vector<St>{St::Other, St::Other, St::Other, St::Other, St::Other, St::Other, St::Return,
                                    St::Other, St::Other, St::Other, St::Other, St::Other, St::Return, St::Closed}));
  EXPECT_EQ(G.rest().Builds, Branch::Hip);
  EXPECT_EQ(G.rest().Line, 11u);
  EXPECT_EQ(G.rest().Condition, "if(NOT USE_ROCM) return()");
  // An else() after the return() runs where the condition is false, as the rest does; one before it
  // is a choice between two arms.
  auto Run = [](const char *Text) {
    rocmtidy::cmake::ParsedFile P;
    rocmtidy::cmake::ParseError Err;
    EXPECT_TRUE(rocmtidy::cmake::parseCMake(Text, P, Err));
    ReturnGuard R;
    size_t D = 0;
    bool Closed = false;
    for (const rocmtidy::cmake::Command &C : P.Commands) {
      ReturnGuard::Step S = R.feed(C, conditionWords(C), D);
      Closed |= S == ReturnGuard::Step::Closed;
      D += C.LowerName == "if";
      D -= C.LowerName == "endif" && D;
    }
    return Closed ? R.rest().Builds : Branch::Other;
  };
  EXPECT_EQ(Run("if(NOT CMAKE_CUDA_COMPILER)\n  return()\nelse()\n  message(STATUS ok)\nendif()\n"), Branch::Cuda);
  EXPECT_EQ(Run("if(NOT CMAKE_CUDA_COMPILER)\n  message(x)\nelse()\n  return()\nendif()\n"), Branch::Other);
  EXPECT_EQ(Run("if(NOT USE_CUDA)\n  return()\nelseif(X)\nendif()\n"), Branch::Other);
}

TEST(BuildTextInputs, GlobsReadAsTextInALoop) {
  using rocmtidy::project::matchesTextGlob;
  using rocmtidy::project::textGlobsOf;
  const std::string Script = "/p/common/Encode.cmake";
  auto Globs = textGlobsOf(Script, "file(GLOB K ${KDIR}/kernels/*.cc)\n"
                                   "file(GLOB_RECURSE H ${CMAKE_CURRENT_LIST_DIR}/inc/*.h)\n"
                                   "foreach(f ${K})\n  file(STRINGS ${f} t)\nendforeach()\n"
                                   "foreach(g IN LISTS H)\n  message(${g})\nendforeach()\n");
  // Only the glob whose files a loop reads with file(READ/STRINGS); H is walked but not read.
  ASSERT_EQ(Globs.size(), 1u);
  EXPECT_EQ(Globs[0].Line, 4u);
  EXPECT_EQ(Globs[0].Pattern, "${KDIR}/kernels/*.cc");
  // A leading variable the script does not know is any folder below the script's own.
  EXPECT_TRUE(matchesTextGlob(Globs[0], "/p/common/src/kernels/force.cc"));
  EXPECT_FALSE(matchesTextGlob(Globs[0], "/p/common/src/kernels/force.cpp"));
  EXPECT_FALSE(matchesTextGlob(Globs[0], "/p/common/src/other/force.cc"));
  EXPECT_FALSE(matchesTextGlob(Globs[0], "/p/other/kernels/force.cc")); // outside the script's folder
  // The script's own folder, and a pattern with a variable inside it that matches nothing.
  rocmtidy::project::TextGlob Own{Script, 1, "${CMAKE_CURRENT_SOURCE_DIR}/k/*.cu"};
  EXPECT_TRUE(matchesTextGlob(Own, "/p/common/k/a.cu"));
  EXPECT_FALSE(matchesTextGlob(Own, "/p/common/x/k/a.cu"));
  rocmtidy::project::TextGlob Inner{Script, 1, "${A}/${B}/*.cu"};
  EXPECT_FALSE(matchesTextGlob(Inner, "/p/common/x/k/a.cu"));
  // IN LISTS and file(READ) read the same way; a loop over a list no glob filled reads no glob.
  EXPECT_EQ(textGlobsOf(Script, "file(GLOB K k/*.cl)\nforeach(f IN LISTS K)\nfile(READ ${f} t)\nendforeach()\n").size(),
            1u);
  EXPECT_TRUE(textGlobsOf(Script, "foreach(f ${OTHER})\nfile(READ ${f} t)\nendforeach()\n").empty());
  // try_run/try_compile probes: by the path after a leading variable (the including script's
  // folder), or beside the script; other arguments are no probe.
  auto Probes = textGlobsOf("/p/cmake/Probes.cmake",
                            "try_run(r c ${CMAKE_BINARY_DIR} SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/config/v.cc "
                            "COMPILE_DEFINITIONS -DX LINK_LIBRARIES blas)\ntry_compile(ok ${B} atomic.cpp)\n");
  ASSERT_EQ(Probes.size(), 2u);
  EXPECT_TRUE(Probes[0].Probe);
  EXPECT_TRUE(matchesTextGlob(Probes[0], "/p/config/v.cc"));
  EXPECT_FALSE(matchesTextGlob(Probes[0], "/p/config/w.cc"));
  EXPECT_FALSE(matchesTextGlob(Probes[0], "/p/otherconfig/v.cc"));
  EXPECT_TRUE(matchesTextGlob(Probes[1], "/p/cmake/atomic.cpp"));
  EXPECT_FALSE(matchesTextGlob(Probes[1], "/p/atomic.cpp"));
}

TEST(CacheScripts, ShapeAndLoadedNames) {
  using rocmtidy::project::cacheShapedLine;
  using rocmtidy::project::loadedFileNames;
  // Cache entries under conditions, with messages and includes of a base file: a host config.
  EXPECT_EQ(cacheShapedLine("# tioga\ninclude(${CMAKE_CURRENT_LIST_DIR}/base.cmake)\nset(A 1)\n"
                            "if(DEFINED R)\n  set(F \"-L${R}/lib\" CACHE STRING \"\" FORCE)\nendif()\n"),
            5u);
  // No cache entry, a command that configures, a quoted "CACHE" that is only a value, text that
  // does not parse: not one.
  EXPECT_EQ(cacheShapedLine("set(A 1)\nset(B 2)\n"), 0u);
  EXPECT_EQ(cacheShapedLine("set(A 1 CACHE STRING \"\")\nadd_library(x INTERFACE)\n"), 0u);
  EXPECT_EQ(cacheShapedLine("set(A \"CACHE\")\n"), 0u);
  EXPECT_EQ(cacheShapedLine("set(A 1 CACHE STRING \"\"\n"), 0u);
  EXPECT_EQ(cacheShapedLine("foreach(x a b)\nset(A${x} 1 CACHE STRING \"\")\nendforeach()\n"), 0u);
  // Includes by path and by module name, find_package's three file names; a name built from a
  // variable (a per-machine pick) names no file.
  std::set<std::string> Names = loadedFileNames("include(${CMAKE_SOURCE_DIR}/cmake/opts.cmake)\ninclude(Defaults)\n"
                                                "find_package(Rocm QUIET)\ninclude(hosts/${HOST}.cmake)\n"
                                                "include(${HOST_CONFIG})\n");
  EXPECT_EQ(Names, (std::set<std::string>{"opts.cmake", "Defaults.cmake", "FindRocm.cmake", "RocmConfig.cmake",
                                          "rocm-config.cmake"}));
  EXPECT_TRUE(loadedFileNames("set(A include)\n").empty());
}

TEST(CudaOnlyArms, AVendorlessConditionThatNeedsTheToolkitSelectsTheCudaBuildEverywhere) {
  std::vector<CudaArm> Arms = cudaOnlyArms("if(${B} EQUAL 1)\n"                  // 1
                                           "  find_package(CUDA 9 REQUIRED)\n"   // 2
                                           "elseif(${B} EQUAL 2)\n"              // 3
                                           "  find_package(hip)\n"               // 4
                                           "endif()\n"                           // 5
                                           "if(${B} EQUAL 1)\n"                  // 6
                                           "  target_link_libraries(a cuda)\n"   // 7
                                           "elseif(${B} EQUAL 3)\n"              // 8
                                           "  target_link_libraries(a cudart)\n" // 9
                                           "endif()\n");
  ASSERT_EQ(Arms.size(), 2u);
  EXPECT_EQ(Arms[0].First, 2u);
  EXPECT_TRUE(Arms[0].NeverTakenByRocm);
  EXPECT_EQ(Arms[1].First, 7u);
  EXPECT_EQ(Arms[1].Last, 7u);
  EXPECT_TRUE(Arms[1].NeverTakenByRocm);
  // An arm that needs the toolkit but also holds the HIP build's commands chooses nothing.
  EXPECT_TRUE(cudaOnlyArms("if(GPU)\n  enable_language(CUDA)\n  find_package(hip)\nendif()\n").empty());
}

TEST(CudaOnlyArms, AHipSwitchOfTheScriptMakesItsCudaArmsTheCudaBuilds) {
  std::vector<CudaArm> Arms = cudaOnlyArms("if(X_USE_CUDA)\n  target_link_libraries(x cudart)\nendif()\n"
                                           "if(X_USE_ROCM)\n  target_link_libraries(x amdhip64)\nendif()\n");
  ASSERT_EQ(Arms.size(), 1u);
  EXPECT_TRUE(Arms[0].NeverTakenByRocm);
  // Without one, the CUDA arm may be the one a hipify build takes.
  Arms = cudaOnlyArms("if(X_USE_CUDA)\n  target_link_libraries(x cudart)\nendif()\n");
  ASSERT_EQ(Arms.size(), 1u);
  EXPECT_FALSE(Arms[0].NeverTakenByRocm);
}
