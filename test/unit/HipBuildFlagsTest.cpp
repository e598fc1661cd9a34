#include "project/HipBuildFlags.h"
#include "project/BackendRegistry.h"
#include "project/CompilerFlags.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <map>
#include <string>

using namespace rocmtidy::project;

namespace {

HipBuildFlags readScripts(const std::map<std::string, std::string> &Files, const std::string &Top = "/p") {
  std::vector<std::string> Paths;
  for (const auto &[P, Text] : Files)
    Paths.push_back(P);
  auto Read = [&](const std::string &P) -> std::optional<std::string> {
    auto It = Files.find(P);
    if (It == Files.end())
      return std::nullopt;
    return It->second;
  };
  return HipBuildFlags::read(Paths, Top, Read, BackendRegistry::read(Top + "/CMakeLists.txt", Read));
}

std::vector<std::string> args(const std::vector<ScriptFlag> &Flags) {
  std::vector<std::string> Out;
  for (const ScriptFlag &F : Flags)
    Out.push_back(F.Arg);
  return Out;
}

TEST(HipBuildFlags, AHipSubdirectoryGivesItsDefinesToTheSourcesItGlobs) {
  HipBuildFlags F = readScripts({
      {"/p/src/x-hip/CMakeLists.txt", "enable_language(HIP)\n"
                                      "file(GLOB SRCS \"../x-cuda/*.cu\")\n"
                                      "file(GLOB_RECURSE MORE ../x-cuda/template-instances/*.cu)\n"
                                      "add_library(x-hip ${SRCS} ${MORE})\n"
                                      "add_compile_definitions(X_USE_HIP)\n"
                                      "target_compile_definitions(x-hip PRIVATE X_HIP_TARGET=1 INTERFACE X_USER)\n"
                                      "target_include_directories(x-hip PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/inc)\n"
                                      "if(X_FORCE)\n  add_compile_definitions(X_FORCE)\nendif()\n"
                                      "include_directories($ENV{ROCM_PATH}/include)\n"},
      {"/p/src/x-cuda/CMakeLists.txt", "enable_language(CUDA)\nadd_compile_definitions(X_USE_CUDA)\n"},
  });
  EXPECT_EQ(args(F.flagsFor("/p/src/x-cuda/a.cu")),
            (std::vector<std::string>{"-DX_USE_HIP", "-DX_HIP_TARGET=1", "-I/p/src/x-hip/inc"}));
  EXPECT_EQ(args(F.flagsFor("/p/src/x-cuda/template-instances/deep/b.cu")).size(), 3u);
  EXPECT_TRUE(F.compiledByHipScript("/p/src/x-cuda/a.cu"));
  // Not globbed, not below the HIP script: nothing. The CUDA build's own define never applies.
  EXPECT_TRUE(F.flagsFor("/p/src/x-cuda/a.cpp").empty());
  EXPECT_TRUE(F.flagsFor("/p/src/other/a.cu").empty());
  // Below the HIP script's folder: its directory flags.
  EXPECT_EQ(args(F.flagsFor("/p/src/x-hip/own.hip")).front(), "-DX_USE_HIP");
  ASSERT_EQ(F.leftOut().size(), 2u);
  EXPECT_EQ(F.leftOut()[0].Text, "-DX_FORCE");
  EXPECT_EQ(F.leftOut()[0].Line, 9u);
  EXPECT_EQ(F.leftOut()[0].Why, "conditional on 'if(X_FORCE)' (line 8)");
  EXPECT_EQ(F.leftOut()[1].Why, "unresolved '$ENV{ROCM_PATH}'");
  EXPECT_EQ(F.allFlags().front().Script, "/p/src/x-hip/CMakeLists.txt");
  EXPECT_EQ(F.allFlags().front().Line, 5u);
}

TEST(HipBuildFlags, OnlyTheHipBranchOfABackendSwitchCounts) {
  HipBuildFlags F = readScripts({
      {"/p/CMakeLists.txt",
       "project(b LANGUAGES CXX)\n"
       "set(INC include)\n"
       "if(BUILD_CUDA)\n  add_compile_definitions(BUILD_CUDA)\n"
       "elseif(BUILD_HIP)\n  enable_language(HIP)\n  add_compile_definitions(BUILD_HIP __HIP_PLATFORM_AMD__)\n"
       "  include_directories(${INC})\nendif()\n"},
  });
  EXPECT_EQ(args(F.flagsFor("/p/csrc/ops.cu")),
            (std::vector<std::string>{"-DBUILD_HIP", "-D__HIP_PLATFORM_AMD__", "-I/p/include"}));
  EXPECT_TRUE(F.leftOut().empty());
}

TEST(HipBuildFlags, ScriptsWithoutAHipBuildGiveNothing) {
  HipBuildFlags F = readScripts({
      {"/p/CMakeLists.txt", "project(c LANGUAGES CXX CUDA)\nadd_compile_definitions(USE_CUDA)\n"},
      {"/p/broken/CMakeLists.txt", "enable_language(HIP)\nadd_compile_definitions(X\n"},
  });
  EXPECT_TRUE(F.empty());
  EXPECT_TRUE(F.flagsFor("/p/k.cu").empty());
}

TEST(HipBuildFlags, FunctionBodiesAreNotReadAsTheScriptsOwnCommands) {
  HipBuildFlags F = readScripts({
      {"/p/CMakeLists.txt", "enable_language(HIP)\nfunction(f)\n  add_compile_definitions(${ARGV0})\nendfunction()\n"
                            "add_definitions(-DOLD_STYLE -O2)\n"},
  });
  EXPECT_EQ(args(F.flagsFor("/p/k.hip")), std::vector<std::string>{"-DOLD_STYLE"});
  EXPECT_TRUE(F.leftOut().empty());
}

// A function of the script runs where it is called, in the caller's folder, with its parameters
// and ARGN bound: hipTensor's and rccl-tests' per-sample functions give the include folders of the
// samples. An argument that cannot be resolved leaves the flag out; a body's own set() does not
// outlive the call.
TEST(HipBuildFlags, AFunctionsBodyRunsWhereItIsCalled) {
  HipBuildFlags F = readScripts({
      {"/p/samples/CMakeLists.txt",
       "enable_language(HIP)\n"
       "function(add_sample NAME DIR)\n"
       "  set(LOCAL_DEF SAMPLE_${NAME})\n"
       "  add_executable(${NAME} ${NAME}.hip)\n"
       "  target_include_directories(${NAME} PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/${DIR} ${ARGN})\n"
       "  target_compile_definitions(${NAME} PRIVATE ${LOCAL_DEF})\n"
       "endfunction()\n"
       "macro(add_flagged NAME)\n  add_compile_definitions(FLAG_${NAME})\nendmacro()\n"
       "add_sample(scan common ${CMAKE_CURRENT_SOURCE_DIR}/extra)\n"
       "add_flagged(ONE)\n"
       "add_sample(other $ENV{SOMEWHERE})\n"
       "target_compile_definitions(x PRIVATE ${LOCAL_DEF}_AFTER)\n"},
  });
  EXPECT_EQ(args(F.flagsFor("/p/samples/scan.hip")),
            (std::vector<std::string>{"-I/p/samples/common", "-I/p/samples/extra", "-DSAMPLE_scan", "-DFLAG_ONE",
                                      "-DSAMPLE_other"}));
  // The unresolved folder of the second call, and the body's variable read after the call.
  ASSERT_EQ(F.leftOut().size(), 2u);
  EXPECT_EQ(F.leftOut()[0].Line, 5u);
  EXPECT_EQ(F.leftOut()[1].Text, "-D${LOCAL_DEF}_AFTER");
}

TEST(HipBuildFlags, ProjectNamesItsSourceDirForTheScriptsBelow) {
  HipBuildFlags F = readScripts({
      {"/p/cpp/CMakeLists.txt", "project(LIBX VERSION 1.0 LANGUAGES CXX HIP)\nenable_language(HIP)\n"
                                "include_directories(${LIBX_SOURCE_DIR}/include ${PROJECT_SOURCE_DIR}/src)\n"},
  });
  EXPECT_EQ(args(F.flagsFor("/p/cpp/src/k.hip")), (std::vector<std::string>{"-I/p/cpp/include", "-I/p/cpp/src"}));
}

TEST(HipBuildFlags, AnOptInToHipDeclarationsInAnyScriptAppliesToEverySource) {
  // A Makefile's flag, a CMake variable, a setup.py list: each opts in, for every source.
  for (const auto &[Path, Text] : std::vector<std::pair<std::string, std::string>>{
           {"/p/Makefile", "HIPFLAGS = -O3 -DHIP_ENABLE_WARP_SYNC_BUILTINS\nall:\n\thipcc $(HIPFLAGS) k.hip\n"},
           {"/p/CMakeLists.txt", "set(GPU_DEFS \"HIP_ENABLE_WARP_SYNC_BUILTINS\")\n"},
           {"/p/setup.py", "def f():\n    return ['-O3',\n        '-DHIP_ENABLE_WARP_SYNC_BUILTINS=1']\n"}}) {
    HipBuildFlags F = readScripts({{Path, Text}});
    EXPECT_FALSE(F.empty()) << Path;
    std::vector<ScriptFlag> Flags = F.flagsFor("/p/include/deep/reduce.cuh");
    ASSERT_FALSE(Flags.empty()) << Path;
    EXPECT_EQ(Flags.back().Arg, "-DHIP_ENABLE_WARP_SYNC_BUILTINS");
    EXPECT_EQ(Flags.back().Script, Path);
  }
  // A comment, an undefine and a longer name do not.
  HipBuildFlags None = readScripts({{"/p/Makefile", "# CFLAGS += -DHIP_ENABLE_WARP_SYNC_BUILTINS\n"
                                                    "CFLAGS += -UHIP_ENABLE_WARP_SYNC_BUILTINS\n"
                                                    "CFLAGS += -DMY_HIP_ENABLE_WARP_SYNC_BUILTINS_X\n"}});
  for (const ScriptFlag &Flag : None.flagsFor("/p/k.hip"))
    EXPECT_NE(Flag.Arg, "-DHIP_ENABLE_WARP_SYNC_BUILTINS");
}

} // namespace

// C++20 code does not parse as C++17: the standard a build asks for reaches the inferred command.
// The top script sets it for every folder below it, also when the HIP build is in a subfolder
// and the top script builds no HIP itself; a CUDA-only branch's standard, and standards up to
// C++17 (rocm-lint's own), give nothing.
TEST(HipBuildFlags, TheBuildsLanguageStandardReachesItsSources) {
  HipBuildFlags F = readScripts({
      {"/p/CMakeLists.txt", "project(s LANGUAGES CXX)\nset(CMAKE_CXX_STANDARD 20)\nadd_subdirectory(hip)\n"},
      {"/p/hip/CMakeLists.txt", "enable_language(HIP)\nadd_library(k k.hip)\n"
                                "target_compile_features(k PRIVATE hip_std_23)\n"},
      {"/p/old/CMakeLists.txt", "enable_language(HIP)\nset(CMAKE_HIP_STANDARD 17)\n"
                                "if(USE_CUDA)\n  set(CMAKE_CUDA_STANDARD 20)\nendif()\n"},
      {"/p/prop/CMakeLists.txt", "enable_language(HIP)\nadd_library(q q.hip)\n"
                                 "set_target_properties(q PROPERTIES HIP_STANDARD 2b POSITION_INDEPENDENT_CODE ON)\n"},
  });
  EXPECT_EQ(args(F.flagsFor("/p/hip/k.hip")), (std::vector<std::string>{"-std=c++20", "-std=c++23"}));
  EXPECT_EQ(args(F.flagsFor("/p/old/k.hip")), std::vector<std::string>{"-std=c++20"});
  EXPECT_EQ(args(F.flagsFor("/p/prop/q.hip")), (std::vector<std::string>{"-std=c++20", "-std=c++23"}));
}

TEST(HipBuildFlags, LanguageStandardSpellings) {
  EXPECT_EQ(newerLanguageStandard("-std=c++20"), "-std=c++20");
  EXPECT_EQ(newerLanguageStandard("--std=gnu++2a"), "-std=c++20");
  EXPECT_EQ(newerLanguageStandard("cxx_std_23"), "-std=c++23");
  EXPECT_EQ(newerLanguageStandard("26"), "-std=c++26");
  EXPECT_EQ(newerLanguageStandard("-std=c++17"), "");
  EXPECT_EQ(newerLanguageStandard("14"), "");
  EXPECT_EQ(newerLanguageStandard("-std=c2x"), "");
  EXPECT_EQ(newerLanguageStandard("cxx_constexpr"), "");
}

// A cache variable the script tests against a HIP value is the user's backend choice: the HIP
// build sets it to that value, whatever the cache default is, so a define built from it names the
// HIP backend. A plain set() of a variable is the script's own value and stays.
TEST(HipBuildFlags, ABackendChoiceHoldsTheHipValueInTheHipBuild) {
  HipBuildFlags F = readScripts({
      {"/p/CMakeLists.txt", "project(a LANGUAGES CXX)\n"
                            "set(TARGET_DEVICE CPU CACHE STRING \"device\")\n"
                            "set(FLAVOUR CPU)\n"
                            "if(TARGET_DEVICE STREQUAL \"HIP\")\n  enable_language(HIP)\nendif()\n"
                            "if(FLAVOUR STREQUAL \"HIP\")\nendif()\n"
                            "add_compile_definitions(TARGET_DEVICE_${TARGET_DEVICE} FLAVOUR_${FLAVOUR})\n"},
  });
  EXPECT_EQ(args(F.flagsFor("/p/k.cu")), (std::vector<std::string>{"-DTARGET_DEVICE_HIP", "-DFLAVOUR_CPU"}));
}

TEST(HipBuildFlags, AReturnGuardDecidesTheRestOfTheScript) {
  // The CUDA folder returns unless CUDA is configured: its defines are not the HIP build's, though
  // the top-level script builds HIP. The HIP folder returns unless HIP is: its defines are.
  HipBuildFlags F = readScripts({
      {"/p/CMakeLists.txt", "project(g LANGUAGES CXX HIP)\nadd_subdirectory(cuda)\nadd_subdirectory(hip)\n"},
      {"/p/cuda/CMakeLists.txt", "if(NOT G_ENABLE_CUDA)\n  return()\nendif()\n"
                                 "set_source_files_properties(k.cu PROPERTIES LANGUAGE HIP)\n"
                                 "add_compile_definitions(G_CUDA_ONLY)\n"},
      {"/p/hip/CMakeLists.txt", "if(NOT G_ENABLE_HIP)\n  return()\nendif()\nadd_compile_definitions(G_HIP)\n"
                                "function(f)\n  if(NOT X)\n    return()\n  endif()\nendfunction()\n"
                                "add_compile_definitions(G_HIP_TOO)\n"},
  });
  EXPECT_TRUE(F.flagsFor("/p/cuda/k.cu").empty());
  EXPECT_EQ(args(F.flagsFor("/p/hip/k.hip")), (std::vector<std::string>{"-DG_HIP", "-DG_HIP_TOO"}));
}

namespace {
TEST(HipBuildFlags, AnArmsDefinesReachTheSourcesTheSameArmNames) {
  HipBuildFlags F = readScripts({
      {"/p/CMakeLists.txt", "project(m LANGUAGES CXX HIP)\n"
                            "add_library(m core.cpp)\n"
                            "if(M_ENABLE_MPI)\n"
                            "  target_sources(m PRIVATE comm_mpi.cpp)\n"
                            "  target_compile_definitions(m PUBLIC M_ENABLE_MPI)\n"
                            "  target_compile_definitions(other PRIVATE OTHER_ONLY)\n"
                            "  add_compile_definitions(M_FOLDER_WIDE)\n"
                            "elseif(M_ENABLE_SHMEM)\n"
                            "  target_sources(m PRIVATE comm_shmem.cpp)\n"
                            "  target_compile_definitions(m PRIVATE M_SHMEM=1)\n"
                            "else()\n"
                            "  target_sources(m PRIVATE comm_serial.cpp)\n"
                            "endif()\n"
                            "if(M_FAST)\n  target_compile_definitions(m PRIVATE M_FAST)\nendif()\n"},
  });
  // Compiled only where the arm is taken: the arm's defines for the arm's target, and its
  // folder-wide ones; not another target's.
  EXPECT_EQ(args(F.flagsFor("/p/comm_mpi.cpp")), (std::vector<std::string>{"-DM_ENABLE_MPI", "-DM_FOLDER_WIDE"}));
  EXPECT_EQ(args(F.flagsFor("/p/comm_shmem.cpp")), (std::vector<std::string>{"-DM_SHMEM=1"}));
  // Other sources of the target, the else arm's source, and a source of no arm: still undecided.
  EXPECT_TRUE(F.flagsFor("/p/core.cpp").empty());
  EXPECT_TRUE(F.flagsFor("/p/comm_serial.cpp").empty());
  // An arm that names no source leaves its define out for everyone.
  for (const char *Src : {"/p/core.cpp", "/p/comm_mpi.cpp"})
    for (const std::string &A : args(F.flagsFor(Src)))
      EXPECT_NE(A, "-DM_FAST");
}
TEST(HipBuildFlags, AFunctionAnIncludedFileDefinesRunsWhereAScriptCallsIt) {
  HipBuildFlags F = readScripts({
      {"/p/CMakeLists.txt", "project(e LANGUAGES CXX HIP)\nadd_subdirectory(exec)\n"},
      {"/p/cmake/lib.cmake", "function(build_lib name)\n"
                             "  include(${CMAKE_SOURCE_DIR}/cmake/flags.cmake)\n"
                             "  set_lib_flags(${name})\n"
                             "  target_sources(${name} PRIVATE ${CMAKE_SOURCE_DIR}/src/solver.cpp)\n"
                             "  target_include_directories(${name} PUBLIC ${CMAKE_SOURCE_DIR}/src/physics)\n"
                             "endfunction()\n"},
      {"/p/cmake/flags.cmake", "function(set_lib_flags t)\n"
                               "  target_include_directories(${t} PRIVATE ${CMAKE_SOURCE_DIR}/src/common)\n"
                               "endfunction()\n"},
      {"/p/exec/CMakeLists.txt", "add_library(lib OBJECT)\n"
                                 "include(${CMAKE_SOURCE_DIR}/cmake/lib.cmake)\n"
                                 "build_lib(lib)\n"
                                 "include(cmake/missing.cmake)\n"},
  });
  // Both folders, the second through a file the first function's body includes; told at the call.
  std::vector<ScriptFlag> Flags = F.flagsFor("/p/src/solver.cpp");
  EXPECT_EQ(args(Flags), (std::vector<std::string>{"-I/p/src/common", "-I/p/src/physics"}));
  ASSERT_FALSE(Flags.empty());
  EXPECT_EQ(Flags.front().Script, "/p/exec/CMakeLists.txt");
  EXPECT_EQ(Flags.front().Line, 3u);
  // A source the function does not name gets nothing from it.
  EXPECT_TRUE(F.flagsFor("/p/src/other.cpp").empty());
}

// cmake_parse_arguments() inside a helper: options, one-value and multi-value keywords, with the
// keyword lists in variables; PARSE_ARGV too; an unknown argument makes the keywords unknown.
TEST(HipBuildFlags, AHelperParsesItsArgumentsAsCMakeDoes) {
  HipBuildFlags F = readScripts({
      {"/p/CMakeLists.txt", "project(e LANGUAGES CXX HIP)\n"
                            "function(add_k name)\n"
                            "  set(multi INCLUDES DEFINES)\n"
                            "  cmake_parse_arguments(K \"FAST\" \"STD\" \"${multi}\" ${ARGN})\n"
                            "  target_include_directories(${name} PRIVATE ${K_INCLUDES})\n"
                            "  target_compile_definitions(${name} PRIVATE ${K_DEFINES} FAST=${K_FAST} STD=${K_STD}"
                            " REST=${K_UNPARSED_ARGUMENTS})\n"
                            "endfunction()\n"
                            "function(add_v name)\n"
                            "  cmake_parse_arguments(PARSE_ARGV 1 V \"\" \"\" \"INCLUDES\")\n"
                            "  target_include_directories(${name} PRIVATE ${V_INCLUDES})\n"
                            "endfunction()\n"
                            "add_k(a INCLUDES inc1 inc2 DEFINES A=1 B FAST extra)\n"
                            "add_v(b INCLUDES inc3)\n"
                            "add_k(c INCLUDES ${UNKNOWN_DIR} DEFINES C)\n"
                            "function(add_w name)\n"
                            "  cmake_parse_arguments(PARSE_ARGV 99999999999999999999999 W \"\" \"\" \"INCLUDES\")\n"
                            "  target_include_directories(${name} PRIVATE ${W_INCLUDES} inc4)\n"
                            "endfunction()\n"
                            "add_w(d INCLUDES inc5)\n"},
  });
  std::vector<std::string> Args = args(F.flagsFor("/p/src/a.cpp"));
  for (const char *Want :
       {"-I/p/inc1", "-I/p/inc2", "-DA=1", "-DB", "-DFAST=TRUE", "-DSTD=", "-DREST=extra", "-I/p/inc3"})
    EXPECT_NE(std::find(Args.begin(), Args.end(), Want), Args.end()) << Want;
  // The call with an unknown argument gives nothing from its keywords.
  EXPECT_EQ(std::find(Args.begin(), Args.end(), "-DC"), Args.end());
  // A count too large to read: the keywords stay unknown, the rest of the body still runs.
  EXPECT_NE(std::find(Args.begin(), Args.end(), "-I/p/inc4"), Args.end());
  EXPECT_EQ(std::find(Args.begin(), Args.end(), "-I/p/inc5"), Args.end());
}

TEST(HipBuildFlags, AnIncludedFilesFunctionDoesNotRunWithoutACall) {
  HipBuildFlags F = readScripts({
      {"/p/CMakeLists.txt", "project(e LANGUAGES CXX HIP)\n"
                            "include(cmake/lib.cmake)\n"
                            "add_library(e solver.cpp)\n"},
      {"/p/cmake/lib.cmake", "function(build_lib name)\n"
                             "  add_compile_definitions(E_NEVER_CALLED)\n"
                             "endfunction()\n"},
  });
  EXPECT_TRUE(F.flagsFor("/p/solver.cpp").empty());
}
TEST(HipBuildFlags, AnIncludedFileThatIsBrokenOrOddGivesWhatItCan) {
  HipBuildFlags F = readScripts({
      {"/p/CMakeLists.txt", "project(e LANGUAGES CXX HIP)\n"
                            "include(cmake/odd.cmake)\n"
                            "include(cmake/broken.cmake)\n"
                            "include(cmake/odd.cmake)\n"
                            "add_library(e solver.cpp)\n"
                            "named(e)\n"},
      // A nameless function's body is no definition; the named one after it still is.
      {"/p/cmake/odd.cmake", "function()\n  add_compile_definitions(E_NAMELESS)\nendfunction()\n"
                             "function(named t)\n  target_include_directories(${t} PRIVATE inc)\nendfunction()\n"
                             "include(odd.cmake)\n"},
      {"/p/cmake/broken.cmake", "function(broken\n"},
  });
  EXPECT_EQ(args(F.flagsFor("/p/solver.cpp")), (std::vector<std::string>{"-I/p/inc"}));
}
TEST(HipBuildFlags, AListsCertainItemsAreDefinedAndACudaArmsAppendsAreNot) {
  HipBuildFlags F = readScripts({
      {"/p/CMakeLists.txt", "project(k LANGUAGES CXX)\n"
                            "set(K_DEFS \"K_NAMESPACE=k\")\n"
                            "list(APPEND K_DEFS K_IPC)\n"
                            "if(K_SAMPLING)\n  list(APPEND K_DEFS K_HAS_SAMPLING)\nendif()\n"
                            "set(K_LEVEL 1)\n"
                            "if(K_BACKEND STREQUAL \"cuda\")\n"
                            "  list(APPEND K_DEFS K_HAS_CUPTI)\n"
                            "  set(K_LEVEL 2)\n"
                            "elseif(K_BACKEND STREQUAL \"rocm\")\n"
                            "  list(APPEND K_DEFS K_HAS_ROCTRACER)\n"
                            "endif()\n"
                            "add_library(k core.cpp)\n"
                            "target_compile_definitions(k PUBLIC \"${K_DEFS}\" K_LEVEL=${K_LEVEL})\n"},
  });
  // The items appended in every configuration and in the HIP arm; the sampling one is undecided,
  // the CUDA arm's never runs in the HIP build (nor does its set()).
  EXPECT_EQ(args(F.flagsFor("/p/core.cpp")),
            (std::vector<std::string>{"-DK_NAMESPACE=k", "-DK_IPC", "-DK_HAS_ROCTRACER", "-DK_LEVEL=1"}));
}
TEST(HipBuildFlags, AFunctionThatRedefinesItselfRunsItsOwnBodyThenTheNewOne) {
  HipBuildFlags F = readScripts({
      {"/p/CMakeLists.txt", "project(a LANGUAGES CXX HIP)\n"
                            "function(f)\n"
                            "  function(f)\n"
                            "    add_compile_definitions(INNER)\n"
                            "  endfunction()\n"
                            "  add_compile_definitions(OUTER_A OUTER_B)\n"
                            "  include_directories(a b c d e f g h)\n"
                            "endfunction()\n"
                            "f()\n"
                            "f()\n"
                            "add_library(s s.hip)\n"},
  });
  std::vector<std::string> A = args(F.flagsFor("/p/s.hip"));
  EXPECT_EQ(std::count(A.begin(), A.end(), "-DOUTER_A"), 1);
  EXPECT_EQ(std::count(A.begin(), A.end(), "-DOUTER_B"), 1);
  EXPECT_EQ(std::count(A.begin(), A.end(), "-I/p/h"), 1);
  EXPECT_EQ(std::count(A.begin(), A.end(), "-DINNER"), 1);
}
} // namespace
