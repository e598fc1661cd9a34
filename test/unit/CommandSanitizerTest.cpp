#include "core/CommandSanitizer.h"

#include <gtest/gtest.h>

using namespace rocmtidy;

namespace {

const std::string Src = "/p/a.hip";

std::vector<std::string> run(std::vector<std::string> Args, std::vector<DroppedFlag> &Dropped) {
  Args.insert(Args.begin(), "clang++");
  Args.push_back(Src);
  return sanitizeCompileCommand(Args, Src, Dropped);
}

// Asserts that \p Args (inserted between "clang++" and the source) are all removed, as one group.
void expectDropped(std::vector<std::string> Args, const std::string &Reason) {
  std::vector<DroppedFlag> Dropped;
  std::vector<std::string> Out = run(Args, Dropped);
  std::string Joined;
  for (const std::string &A : Args)
    Joined += (Joined.empty() ? "" : " ") + A;
  EXPECT_EQ(Out, (std::vector<std::string>{"clang++", Src})) << Joined;
  ASSERT_EQ(Dropped.size(), 1u) << Joined;
  EXPECT_EQ(Dropped[0].Flag, Joined);
  EXPECT_EQ(Dropped[0].Reason, Reason) << Joined;
}

void expectKept(std::vector<std::string> Args) {
  std::vector<DroppedFlag> Dropped;
  std::vector<std::string> Out = run(Args, Dropped);
  std::vector<std::string> Want = Args;
  Want.insert(Want.begin(), "clang++");
  Want.push_back(Src);
  EXPECT_EQ(Out, Want);
  EXPECT_TRUE(Dropped.empty()) << (Dropped.empty() ? "" : Dropped[0].Flag);
}

} // namespace

// Every flag the issue names as a way to write a file, each its own case.
TEST(CommandSanitizer, DropsFlagsThatWriteFiles) {
  expectDropped({"--serialize-diagnostics", "/home/u/.bashrc"}, "writes a file");
  expectDropped({"--serialize-diagnostics=/home/u/.bashrc"}, "writes a file");
  expectDropped({"-serialize-diagnostics", "/x"}, "writes a file");
  expectDropped({"-o", "/x"}, "writes a file");
  expectDropped({"-o/x"}, "writes a file");
  expectDropped({"-MF", "/x"}, "writes a file");
  expectDropped({"-MF/x"}, "writes a file");
  expectDropped({"-MD"}, "writes a file");
  expectDropped({"-MMD"}, "writes a file");
  expectDropped({"-MJ", "/x"}, "writes a file");
  expectDropped({"-MT", "t"}, "writes a file");
  expectDropped({"-M"}, "writes a file");
  expectDropped({"-save-temps"}, "writes a file");
  expectDropped({"-save-temps=obj"}, "writes a file");
  expectDropped({"-save-stats=cwd"}, "writes a file");
  expectDropped({"-ftime-trace"}, "writes a file");
  expectDropped({"-ftime-trace=/x"}, "writes a file");
  expectDropped({"-fmodules-cache-path=/x"}, "writes a file");
  expectDropped({"-fcrash-diagnostics-dir=/x"}, "writes a file");
  expectDropped({"-fproc-stat-report=/x"}, "writes a file");
  expectDropped({"-fprofile-instr-generate=/x"}, "writes a file");
  expectDropped({"-fsave-optimization-record"}, "writes a file");
  expectDropped({"-foptimization-record-file=/x"}, "writes a file");
  expectDropped({"-gen-reproducer"}, "writes a file");
  expectDropped({"-dependency-file", "/x"}, "writes a file");
  expectDropped({"-stats-file=/x"}, "writes a file");
}

TEST(CommandSanitizer, DropsXclangPassThroughsThatWriteOrLoad) {
  const char *P = "passes options through unchecked";
  expectDropped({"-Xclang", "-diagnostic-log-file", "-Xclang", "/x"}, P);
  expectDropped({"-Xclang", "-header-include-file", "-Xclang", "/x"}, P);
  expectDropped({"-Xclang", "-dependency-dot", "-Xclang", "/x"}, P);
  expectDropped({"-Xclang", "-dependency-file", "-Xclang", "/x"}, P);
  expectDropped({"-Xclang", "-stats-file=/x"}, P);
  expectDropped({"-Xclang", "-load", "-Xclang", "/x.so"}, P);
  expectDropped({"-Xclang", "-plugin", "-Xclang", "evil"}, P);
  expectDropped({"-Xclang", "-add-plugin", "-Xclang", "evil"}, P);
  expectDropped({"-Xclang", "-fmodules-cache-path=/x"}, P);
  expectDropped({"-Xclang", "-emit-obj"}, P);
  expectDropped({"-Xclang", "-o", "-Xclang", "/x"}, P);
  // A trailing -Xclang has no value ("-Xclang FILE" would make FILE its value, as in clang).
  std::vector<DroppedFlag> Dropped;
  EXPECT_EQ(sanitizeCompileCommand({"clang++", Src, "-Xclang"}, Src, Dropped),
            (std::vector<std::string>{"clang++", Src}));
  ASSERT_EQ(Dropped.size(), 1u);
  EXPECT_EQ(Dropped[0].Reason, "has no value");
}

TEST(CommandSanitizer, DropsPluginsModulesAndHiddenArguments) {
  expectDropped({"-fplugin=/x.so"}, "loads code into rocm-lint");
  expectDropped({"-fpass-plugin=/x.so"}, "loads code into rocm-lint");
  expectDropped({"-fplugin-arg-x-y"}, "loads code into rocm-lint");
  expectDropped({"-mllvm", "-info-output-file=/x"}, "loads code into rocm-lint");
  expectDropped({"-include-pch", "/x.pch"}, "loads a precompiled header or module");
  expectDropped({"-fmodules"}, "loads a precompiled header or module");
  expectDropped({"-fmodule-file=/x.pcm"}, "loads a precompiled header or module");
  expectDropped({"-fimplicit-modules"}, "loads a precompiled header or module");
  expectDropped({"-fprebuilt-module-path=/x"}, "loads a precompiled header or module");
  expectDropped({"-ivfsoverlay", "/x.yaml"}, "loads a precompiled header or module");
  expectDropped({"@/tmp/args.rsp"}, "reads further arguments from a file");
  expectDropped({"--config", "/x.cfg"}, "reads further arguments from a file");
  expectDropped({"--config=/x.cfg"}, "reads further arguments from a file");
  expectDropped({"--driver-mode=cl"}, "changes how the compiler driver works");
  expectDropped({"-cc1"}, "changes how the compiler driver works");
  expectDropped({"-###"}, "changes how the compiler driver works");
  expectDropped({"-B", "/x"}, "changes how the compiler driver works");
  expectDropped({"-Wp,-MD,/x"}, "passes options through unchecked");
  expectDropped({"-Xpreprocessor", "-MD"}, "passes options through unchecked");
  expectDropped({"-Xarch_device", "-fplugin=/x.so"}, "passes options through unchecked");
  expectDropped({"-Xlinker", "--foo"}, "passes options through unchecked");
}

TEST(CommandSanitizer, UnknownFlagsAndStrayInputsAreDropped) {
  expectDropped({"-arcmt-migrate-report-output"}, "not on the list of flags rocm-lint passes to clang");
  expectDropped({"/tmp/x.pcm"}, "an argument that is not the file being analysed");
  expectDropped({"-"}, "an argument that is not the file being analysed");
  std::vector<DroppedFlag> Dropped;
  // After "--" everything is an input, and only the analysed file stays.
  auto Out = sanitizeCompileCommand({"clang++", "-c", "--", "/tmp/x.ast", Src}, Src, Dropped);
  EXPECT_EQ(Out, (std::vector<std::string>{"clang++", "-c", "--", Src}));
  ASSERT_EQ(Dropped.size(), 1u);
  EXPECT_EQ(Dropped[0].Flag, "/tmp/x.ast");
}

TEST(CommandSanitizer, KeepsWhatAnalysisNeeds) {
  expectKept({"-I", "inc", "-Iinc2", "-isystem", "/sys", "-iquote", "q", "-idirafter", "d"});
  expectKept({"-DFOO=1", "-D", "BAR", "-UBAZ", "-include", "pre.h"});
  expectKept({"-x", "hip", "-std=c++17", "--offload-arch=gfx90a", "-nogpulib", "-nogpuinc"});
  expectKept({"-O2", "-g", "-Wall", "-Wno-unused", "-w", "-fPIC", "-fno-exceptions", "-fgpu-rdc", "-march=native"});
  expectKept({"--cuda-host-only", "-resource-dir=/r", "--target=x86_64-linux-gnu", "-c", "-pthread"});
  expectKept({"-Xclang", "-fcuda-allow-variadic-functions", "-Xclang", "-DX=1"});
  // CMake's precompiled header: the PCH goes, the header it was made from stays.
  std::vector<DroppedFlag> Dropped;
  auto Out = run({"-Xclang", "-include-pch", "-Xclang", "/b/cmake_pch.hxx.pch", "-Xclang", "-include", "-Xclang",
                  "/b/cmake_pch.hxx"},
                 Dropped);
  EXPECT_EQ(Out, (std::vector<std::string>{"clang++", "-Xclang", "-include", "-Xclang", "/b/cmake_pch.hxx", Src}));
  ASSERT_EQ(Dropped.size(), 1u);
  EXPECT_EQ(Dropped[0].Flag, "-Xclang -include-pch -Xclang /b/cmake_pch.hxx.pch");
}

TEST(CommandSanitizer, ValuesAreNeverReadAsFlags) {
  // "-I -fplugin=x.so": clang reads the second argument as -I's value, and so do we.
  expectKept({"-I", "-fplugin=x.so"});
  // The value of a dropped flag goes with it, even when it looks like an allowed flag.
  expectDropped({"-o", "-DFOO"}, "writes a file");
}

TEST(CommandSanitizer, DriverNameThatSwitchesModeIsReplaced) {
  for (const char *Keep : {"clang++", "/usr/bin/clang++-19", "g++", "x86_64-linux-gnu-g++-12", "/usr/bin/c++", "cc",
                           "gcc", "/opt/rocm/bin/hipcc", "nvcc", "clang"}) {
    std::vector<DroppedFlag> Dropped;
    auto Out = sanitizeCompileCommand({Keep, Src}, Src, Dropped);
    EXPECT_EQ(Out.front(), Keep);
    EXPECT_TRUE(Dropped.empty()) << Keep;
  }
  for (const char *Replace : {"clang-cl", "cl.exe", "/usr/bin/clang-cpp", "cpp", "flang-new", "clang-dxc", "sh",
                              "/usr/bin/ccache"}) {
    std::vector<DroppedFlag> Dropped;
    auto Out = sanitizeCompileCommand({Replace, Src}, Src, Dropped);
    EXPECT_EQ(Out.front(), "clang++") << Replace;
    ASSERT_EQ(Dropped.size(), 1u) << Replace;
    EXPECT_EQ(Dropped[0].Flag, Replace);
  }
}
