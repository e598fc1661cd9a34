#include "cmake/CMakeLint.h"
#include "core/TextEdits.h"
#include "cmake/GpuLibraries.h"

#include <gtest/gtest.h>
#include <set>

using namespace rocmtidy;
using namespace rocmtidy::cmake;

namespace {

bool all(std::string_view) { return true; }

LintResult lint(std::string_view Text, bool AssumeHip = false) {
  LintOptions O;
  O.AssumeHip = AssumeHip;
  return lintCMake("CMakeLists.txt", Text, all, O);
}

/// "LINE:COL rule" for each finding, to compare whole results at once.
std::vector<std::string> summary(const LintResult &R) {
  std::vector<std::string> Out;
  for (const Finding &F : R.Findings)
    Out.push_back(std::to_string(F.Line) + ":" + std::to_string(F.Column) + " " + F.Check);
  return Out;
}

std::string fixed(std::string_view Text) {
  LintResult R = lint(Text);
  std::vector<TextEdit> Edits;
  for (const Finding &F : R.Findings)
    Edits.insert(Edits.end(), F.Fixes.begin(), F.Fixes.end());
  unsigned Applied = 0, Skipped = 0;
  return rocmtidy::applyEdits(std::string(Text), Edits, Applied, Skipped);
}

using V = std::vector<std::string>;

} // namespace

TEST(CMakeLint, RecognisesCMakeFiles) {
  EXPECT_TRUE(isCMakeFile("CMakeLists.txt"));
  EXPECT_TRUE(isCMakeFile("src/gpu/CMakeLists.txt"));
  EXPECT_TRUE(isCMakeFile("C:\\proj\\CMakeLists.txt"));
  EXPECT_TRUE(isCMakeFile("cmake/FindFoo.cmake"));
  EXPECT_FALSE(isCMakeFile("cmakelists.txt"));
  EXPECT_FALSE(isCMakeFile("CMakeLists.txt.orig"));
  EXPECT_FALSE(isCMakeFile("dir/.cmake"));
  EXPECT_FALSE(isCMakeFile("main.hip"));
}

TEST(CMakeLint, RulesAreListedSortedWithSummaries) {
  const auto &R = cmakeRules();
  ASSERT_EQ(R.size(), 3u);
  EXPECT_EQ(R[0].Id, "rocm-cmake-hardcoded-toolkit-path");
  EXPECT_EQ(R[1].Id, "rocm-cmake-legacy-cuda");
  EXPECT_EQ(R[2].Id, "rocm-cmake-raw-link-flag");
  for (const RuleInfo &I : R) {
    EXPECT_FALSE(I.Summary.empty());
    EXPECT_EQ(I.Summary.back(), '.') << I.Id;
  }
}

TEST(CMakeLint, RawLinkFlagsInTargetLinkLibraries) {
  LintResult R = lint("add_executable(app main.cpp)\n"
                      "target_link_libraries(app PRIVATE -lamdhip64 m pthread dl -lm Threads::Threads)\n");
  ASSERT_EQ(R.Findings.size(), 1u);
  const Finding &F = R.Findings[0];
  EXPECT_EQ(F.Check, "rocm-cmake-raw-link-flag");
  EXPECT_EQ(F.File, "CMakeLists.txt");
  EXPECT_EQ(F.Line, 2u);
  EXPECT_EQ(F.Column, 35u);
  EXPECT_EQ(F.Offset, 29u + 34u);
  EXPECT_EQ(F.Message, "raw link flag '-lamdhip64'; use find_package(hip) and link the imported target 'hip::host'");
  ASSERT_EQ(F.Notes.size(), 1u);
  EXPECT_EQ(
      F.Notes[0].Message,
      "'hip::host' needs 'find_package(hip REQUIRED)' first; the fix inserts it here, as this file does not call it");
  EXPECT_EQ(F.Notes[0].Line, 2u);
  EXPECT_EQ(F.Notes[0].Column, 1u);
  // The target alone would make cmake fail to generate: the fix also finds the package, once,
  // before the command.
  ASSERT_EQ(F.Fixes.size(), 2u);
  EXPECT_EQ(F.Fixes[0].Offset, F.Offset);
  EXPECT_EQ(F.Fixes[0].Length, 10u);
  EXPECT_EQ(F.Fixes[0].Replacement, "hip::host");
  EXPECT_EQ(F.Fixes[1].Offset, 29u);
  EXPECT_EQ(F.Fixes[1].Length, 0u);
  EXPECT_EQ(F.Fixes[1].Replacement, "find_package(hip REQUIRED)\n");
}

TEST(CMakeLint, ImportedTargetFixWithoutATopLevelPlaceIsWithdrawn) {
  // Inside a function the package found there would not be found where the function is not
  // called: no place is exact, so the finding keeps a note and offers no fix.
  LintResult R = lint("function(link_gpu t)\n"
                      "  target_link_libraries(${t} PRIVATE amdhip64)\n"
                      "endfunction()\n");
  ASSERT_EQ(R.Findings.size(), 1u);
  EXPECT_TRUE(R.Findings[0].Fixes.empty());
  ASSERT_FALSE(R.Findings[0].Notes.empty());
  EXPECT_NE(R.Findings[0].Notes[0].Message.find("so no fix is offered"), std::string::npos);
}

TEST(CMakeLint, BareNamesPathsAndListsOfLibraries) {
  LintResult R = lint("find_package(hip REQUIRED)\n"
                      "target_link_libraries(app PUBLIC amdhip64 \"hipblas\" /opt/rocm/lib/librocblas.so.4\n"
                      "  ${ROCM_PATH}/lib/libMIOpen.so \"rccl;cudart\" -l:libhiprand.so)\n"
                      "link_libraries(cudnn)\n");
  EXPECT_EQ(summary(R), (V{"2:34 rocm-cmake-raw-link-flag", "2:43 rocm-cmake-raw-link-flag",
                           "2:53 rocm-cmake-raw-link-flag", "3:3 rocm-cmake-raw-link-flag",
                           "3:34 rocm-cmake-raw-link-flag", "3:39 rocm-cmake-raw-link-flag",
                           "3:47 rocm-cmake-raw-link-flag", "4:16 rocm-cmake-raw-link-flag"}));
  // find_package(hip) is in the file: no note for hip::host.
  EXPECT_TRUE(R.Findings[0].Notes.empty());
  EXPECT_EQ(
      R.Findings[1].Message,
      "GPU library 'hipblas' linked by name; use find_package(hipblas) and link the imported target 'roc::hipblas'");
  EXPECT_EQ(R.Findings[2].Message, "GPU library linked by path '/opt/rocm/lib/librocblas.so.4'; use "
                                   "find_package(rocblas) and link the imported target 'roc::rocblas'");
  // Elements of a quoted list are reported where they stand, and not rewritten.
  EXPECT_EQ(R.Findings[4].Message.substr(0, 28), "GPU library 'rccl' linked by");
  EXPECT_TRUE(R.Findings[5].Fixes.empty());
  EXPECT_EQ(R.Findings[5].Message.substr(0, 30), "GPU library 'cudart' linked by");
  EXPECT_EQ(R.Findings[6].Fixes.at(0).Replacement, "hip::hiprand");
  // cuDNN has no CMake package: the remedy is the ROCm library, so no fix-it.
  EXPECT_EQ(R.Findings[7].Message,
            "GPU library 'cudnn' linked by name; use find_package(miopen) and link the imported target 'MIOpen'");
  EXPECT_TRUE(R.Findings[7].Fixes.empty());
}

TEST(CMakeLint, CudaLibrariesNameTheRocmEquivalent) {
  LintResult R = lint("target_link_libraries(app cublas)\n");
  ASSERT_EQ(R.Findings.size(), 1u);
  ASSERT_EQ(R.Findings[0].Notes.size(), 2u);
  EXPECT_EQ(R.Findings[0].Notes[1].Message, "a HIP port links 'roc::hipblas' from find_package(hipblas) instead");
  EXPECT_EQ(R.Findings[0].Fixes[0].Replacement, "CUDA::cublas");
}

TEST(CMakeLint, LinkDirectoriesAndLinkerFlags) {
  LintResult R = lint("link_directories(/opt/rocm/lib ${CMAKE_BINARY_DIR}/lib /usr/lib/x86_64-linux-gnu)\n"
                      "target_link_directories(app PRIVATE $ENV{CUDA_HOME}/lib64)\n"
                      "set(CMAKE_EXE_LINKER_FLAGS \"${CMAKE_EXE_LINKER_FLAGS} -L/opt/rocm/lib -lamdhip64 -lm\")\n"
                      "string(APPEND CMAKE_SHARED_LINKER_FLAGS \" -L ${HIP_PATH}/lib -lrocblas\")\n"
                      "target_link_options(app PRIVATE -lcudart \"SHELL:-L /usr/local/cuda/lib64\" LINKER:-lamdhip64)\n"
                      "add_link_options(-lhipfft -Wl,--as-needed)\n");
  EXPECT_EQ(summary(R), (V{"1:18 rocm-cmake-raw-link-flag", "2:37 rocm-cmake-raw-link-flag",
                           "3:55 rocm-cmake-raw-link-flag", "3:71 rocm-cmake-raw-link-flag",
                           "4:43 rocm-cmake-raw-link-flag", "4:62 rocm-cmake-raw-link-flag",
                           "5:33 rocm-cmake-raw-link-flag", "5:49 rocm-cmake-raw-link-flag",
                           "6:18 rocm-cmake-raw-link-flag"}));
  EXPECT_EQ(R.Findings[1].Message, "link directory '$ENV{CUDA_HOME}/lib64' hard-wires a GPU toolkit's library "
                                   "location; use find_package(CUDAToolkit) and link imported targets such as "
                                   "'CUDA::cudart'");
  EXPECT_EQ(R.Findings[3].Message, "raw link flag '-lamdhip64'; use find_package(hip) and link the imported "
                                   "target 'hip::host' with target_link_libraries");
  // Flags inside a string are not rewritten.
  for (const Finding &F : R.Findings)
    EXPECT_TRUE(F.Fixes.empty()) << F.Line << ":" << F.Column;
}

TEST(CMakeLint, HardcodedToolkitPaths) {
  LintResult R = lint("set(CMAKE_PREFIX_PATH /opt/rocm)\n"
                      "list(APPEND CMAKE_MODULE_PATH \"/opt/rocm-6.2.0/lib/cmake/hip\")\n"
                      "set(CMAKE_HIP_COMPILER /opt/rocm/llvm/bin/clang++)\n"
                      "set(HIP_PATH /opt/rocm/hip)\n"
                      "include_directories(SYSTEM /usr/local/cuda/include ${ROCM_PATH}/include)\n"
                      "target_include_directories(app PRIVATE /opt/rocm/include)\n"
                      "find_library(HIPBLAS hipblas HINTS /opt/rocm/lib PATH_SUFFIXES lib64)\n"
                      "add_compile_options(-I/opt/rocm/include --rocm-path=/opt/rocm)\n"
                      "set(CMAKE_CXX_FLAGS \"${CMAKE_CXX_FLAGS} -isystem /usr/local/cuda/include\")\n");
  EXPECT_EQ(summary(R), (V{"1:23 rocm-cmake-hardcoded-toolkit-path", "2:32 rocm-cmake-hardcoded-toolkit-path",
                           "3:24 rocm-cmake-hardcoded-toolkit-path", "4:14 rocm-cmake-hardcoded-toolkit-path",
                           "5:28 rocm-cmake-hardcoded-toolkit-path", "6:40 rocm-cmake-hardcoded-toolkit-path",
                           "7:36 rocm-cmake-hardcoded-toolkit-path", "8:23 rocm-cmake-hardcoded-toolkit-path",
                           "8:53 rocm-cmake-hardcoded-toolkit-path", "9:50 rocm-cmake-hardcoded-toolkit-path"}));
  EXPECT_EQ(R.Findings[0].Message, "hard-coded toolkit path '/opt/rocm'; use $ENV{ROCM_PATH} with '/opt/rocm' only "
                                   "as a fallback, or find_package(hip)");
  EXPECT_EQ(R.Findings[4].Message, "hard-coded toolkit path '/usr/local/cuda/include'; use $ENV{CUDA_PATH} with the "
                                   "default only as a fallback, or find_package(CUDAToolkit)");
}

TEST(CMakeLint, FallbacksAndOverridableDefaultsStayQuiet) {
  LintResult R = lint("if(DEFINED ENV{ROCM_PATH})\n"
                      "  set(ROCM_PATH $ENV{ROCM_PATH})\n"
                      "else()\n"
                      "  set(ROCM_PATH /opt/rocm)\n"       // the documented fallback
                      "endif()\n"
                      "if(NOT DEFINED HIP_PATH)\n"
                      "  set(HIP_PATH /opt/rocm/hip)\n"    // only when the user gave none
                      "endif()\n"
                      "set(ROCM_ROOT /opt/rocm CACHE PATH \"ROCm\")\n" // -DROCM_ROOT=... overrides it
                      "set(CMAKE_PREFIX_PATH ${ROCM_PATH} $ENV{HOME}/opt/rocm)\n"
                      "set(MY_PATH /opt/rocmfoo)\n"         // not a toolkit root
                      "set(SOURCES /opt/rocm/x.cpp)\n"      // not a path variable
                      "set(CMAKE_PREFIX_PATH /opt/rocm)\n"); // after endif(): reported
  EXPECT_EQ(summary(R), (V{"13:23 rocm-cmake-hardcoded-toolkit-path"}));
}

TEST(CMakeLint, LegacyCudaOnlyInHipProjects) {
  std::string_view Cuda = "find_package(CUDA REQUIRED)\n"
                          "cuda_add_executable(app main.cu)\n"
                          "CUDA_ADD_LIBRARY(k k.cu)\n"
                          "list(APPEND CUDA_NVCC_FLAGS -O3)\n"
                          "include(FindCUDA)\n";
  // A CUDA-only file is not a porting problem by itself.
  EXPECT_TRUE(lint(Cuda).Findings.empty());
  LintResult R = lint(Cuda, /*AssumeHip=*/true);
  EXPECT_EQ(summary(R), (V{"1:1 rocm-cmake-legacy-cuda", "2:1 rocm-cmake-legacy-cuda", "3:1 rocm-cmake-legacy-cuda",
                           "4:13 rocm-cmake-legacy-cuda", "5:1 rocm-cmake-legacy-cuda"}));
  EXPECT_EQ(R.Findings[1].Message, "'cuda_add_executable' comes from the deprecated FindCUDA module; use "
                                   "add_executable with enable_language(HIP) and HIP sources");
  EXPECT_EQ(R.Findings[2].Message.substr(0, 20), "'CUDA_ADD_LIBRARY' c");
  // The HIP evidence may come after the legacy commands.
  std::string WithHip = std::string(Cuda) + "enable_language(HIP)\n";
  EXPECT_EQ(lint(WithHip).Findings.size(), 5u);
  EXPECT_TRUE(buildsHip("project(p LANGUAGES CXX HIP)\n"));
  EXPECT_TRUE(buildsHip("set_source_files_properties(a.cu PROPERTIES LANGUAGE HIP)\n"));
  EXPECT_TRUE(buildsHip("target_link_libraries(a hip::device)\n"));
  EXPECT_TRUE(buildsHip("find_package(HIP)\n"));
  EXPECT_FALSE(buildsHip("project(p LANGUAGES CXX CUDA)\nmessage(\"HIP\")\n"));
  EXPECT_FALSE(buildsHip("project(p LANGUAGES HIP\n")); // does not parse
  // find_package(CUDAToolkit) is the modern module and stays quiet.
  EXPECT_TRUE(lint("find_package(CUDAToolkit)\nfind_package(cuda)\n", true).Findings.empty());
}

TEST(CMakeLint, CommentsMessagesAndOtherCommandsStayQuiet) {
  LintResult R = lint("# target_link_libraries(app -lamdhip64) set(CMAKE_PREFIX_PATH /opt/rocm)\n"
                      "#[[ link_directories(/opt/rocm/lib) ]]\n"
                      "message(STATUS \"linking -lamdhip64 from /opt/rocm/lib\")\n"
                      "message(WARNING [[find_package(CUDA) /usr/local/cuda]])\n"
                      "install(FILES x DESTINATION /opt/rocm/share)\n"
                      "target_link_libraries(app PRIVATE m pthread dl rt -lpthread -L/usr/lib/foo -lchip)\n"
                      "set(X -lamdhip64)\n"
                      "target_link_libraries(app PRIVATE $<$<BOOL:${USE_HIP}>:-lamdhip64>)\n"
                      "target_link_libraries(app PRIVATE hip::host roc::rocblas CUDA::cudart)\n");
  EXPECT_EQ(summary(R), V{});
}

TEST(CMakeLint, Suppressions) {
  LintResult R = lint("target_link_libraries(a -lamdhip64) # rocm-lint: disable=rocm-cmake-raw-link-flag\n"
                      "# rocm-lint: disable=rocm-cmake-hardcoded-toolkit-path, rocm-cmake-raw-link-flag -- vendored\n"
                      "target_link_libraries(b -lamdhip64)\n"
                      "target_link_libraries(c -lamdhip64)\n" // two lines below the comment: reported
                      "# rocm-lint: disable=rocm-cmake-raw-link-flag\n"
                      "target_link_libraries(d\n"
                      "  PRIVATE\n"
                      "  -lamdhip64)\n" // covered through the command's first line
                      "target_link_libraries(e -lamdhip64) # rocm-lint: disable=rocm-cmake-hardcoded-toolkit-path\n"
                      "target_link_libraries(f -lamdhip64) # see rocm-lint: disable=rocm-cmake-raw-link-flag\n"
                      "target_link_libraries(g -lamdhip64) # rocm-lint: disable=rocm-cmake-*\n");
  EXPECT_EQ(summary(R), (V{"4:25 rocm-cmake-raw-link-flag", "9:25 rocm-cmake-raw-link-flag",
                           "10:25 rocm-cmake-raw-link-flag"}));
  LintResult F = lint("set(CMAKE_PREFIX_PATH /opt/rocm)\n"
                      "target_link_libraries(a -lamdhip64)\n"
                      "# rocm-lint: disable-file=rocm-cmake-raw-link-flag\n");
  EXPECT_EQ(summary(F), (V{"1:23 rocm-cmake-hardcoded-toolkit-path"}));
}

TEST(CMakeLint, DisabledRulesAreNotReported) {
  std::string_view Text = "set(CMAKE_PREFIX_PATH /opt/rocm)\ntarget_link_libraries(a -lamdhip64)\n";
  LintResult R = lintCMake("x.cmake", Text, [](std::string_view Rule) { return Rule == "rocm-cmake-raw-link-flag"; });
  EXPECT_EQ(summary(R), (V{"2:25 rocm-cmake-raw-link-flag"}));
  EXPECT_EQ(R.Findings[0].File, "x.cmake");
}

TEST(CMakeLint, FixItsKeepEverythingElse) {
  EXPECT_EQ(fixed("target_link_libraries(app PRIVATE -lamdhip64  \"-lhipblas\" # keep\n"
                  "    amdhip64 -lm\t-lcudart)\n"),
            // The targets' packages, which the file never finds, come first.
            "find_package(CUDAToolkit REQUIRED)\nfind_package(hip REQUIRED)\nfind_package(hipblas REQUIRED)\n"
            "target_link_libraries(app PRIVATE hip::host  roc::hipblas # keep\n"
            "    hip::host -lm\tCUDA::cudart)\n");
  // Escaped or list-valued arguments are reported but not rewritten.
  std::string_view Tricky = "target_link_libraries(app -l\\amdhip64 amdhip64;m)\n";
  EXPECT_EQ(lint(Tricky).Findings.size(), 2u);
  EXPECT_EQ(fixed(Tricky), Tricky);
  // A fixed file is clean for the rule that was fixed.
  std::string Once = fixed("find_package(hip)\ntarget_link_libraries(app -lamdhip64 -lrocblas)\n");
  EXPECT_EQ(Once,
            "find_package(hip)\nfind_package(rocblas REQUIRED)\ntarget_link_libraries(app hip::host roc::rocblas)\n");
  EXPECT_TRUE(lint(Once).Findings.empty());
}

TEST(CMakeLint, ParseErrorsAreReportedWithoutFindings) {
  LintResult R = lint("target_link_libraries(a -lamdhip64)\nset(X \"open\n");
  EXPECT_TRUE(R.Findings.empty());
  EXPECT_EQ(R.Error, "2:7: unterminated quoted argument");
}

TEST(CMakeLint, HostileInputIsBounded) {
  // 50 MB of findings-bearing lines: the number of findings is capped, the result is in order.
  std::string Line = "target_link_libraries(app -lamdhip64)\n";
  std::string Big;
  while (Big.size() < (50u << 20))
    Big += Line;
  LintResult R = lint(Big);
  EXPECT_TRUE(R.Error.empty());
  EXPECT_EQ(R.Findings.size(), 100000u);
  EXPECT_EQ(R.Findings.back().Line, 100000u);
}

TEST(GpuLibraries, TableIsConsistent) {
  const GpuLibraryTable &T = gpuLibraryTable();
  std::set<std::string> Names;
  for (const GpuLibrary &L : T.Libraries) {
    EXPECT_TRUE(Names.insert(L.Name).second) << L.Name;
    EXPECT_FALSE(L.Target.empty()) << L.Name;
    // A fix-it must link the same library; entries pointing at a replacement explain it.
    if (!L.Fix)
      EXPECT_FALSE(L.Note.empty()) << L.Name;
  }
  struct { const char *Name, *Package, *Target; } Expected[] = {
      {"amdhip64", "hip", "hip::host"},        {"hipblas", "hipblas", "roc::hipblas"},
      {"rocblas", "rocblas", "roc::rocblas"},  {"hiprand", "hiprand", "hip::hiprand"},
      {"hipfft", "hipfft", "hip::hipfft"},     {"MIOpen", "miopen", "MIOpen"},
      {"cudart", "CUDAToolkit", "CUDA::cudart"}, {"cuda", "CUDAToolkit", "CUDA::cuda_driver"}};
  for (const auto &E : Expected) {
    const GpuLibrary *L = T.lookup(E.Name);
    ASSERT_NE(L, nullptr) << E.Name;
    EXPECT_EQ(L->Package, E.Package);
    EXPECT_EQ(L->Target, E.Target);
  }
  for (const char *Quiet : {"m", "pthread", "dl", "rt", "stdc++", "miopen"})
    EXPECT_EQ(T.lookup(Quiet), nullptr) << Quiet;
}

TEST(GpuLibraries, MalformedJsonIsAnError) {
  std::string Error;
  EXPECT_FALSE(parseGpuLibraryJson("[]", Error));
  EXPECT_FALSE(parseGpuLibraryJson(R"({"libraries": [{"name": "x", "package": "p"}]})", Error));
  EXPECT_FALSE(parseGpuLibraryJson(
      R"({"libraries": [{"name": "x", "package": "p", "target": "t"}, {"name": "x", "package": "p", "target": "t"}]})",
      Error));
  EXPECT_EQ(Error, "GPU library 'x' is listed twice");
  EXPECT_TRUE(parseGpuLibraryJson(R"({"libraries": []})", Error));
}
