// rocm-clangd's device preamble cache (tools/rocm-clangd/DevicePreamble.h): what the preamble may
// hold, and when a file's preamble is reused, rebuilt or given up. Real preambles are built here,
// of small files in an in-memory file system (the PCH goes to a temporary file).
#include "tools/rocm-clangd/DevicePreamble.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Serialization/PCHContainerOperations.h"
#include "llvm/Support/MemoryBuffer.h"

#include <gtest/gtest.h>
#include <map>
#include <string>

using namespace rocmclangd;

namespace {

// A C++ parse of /src/main.cpp with /sys as a system include directory; the files and their
// modification times are the test's.
struct Files {
  std::map<std::string, std::pair<std::string, time_t>> Text;
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> fs() const {
    auto FS = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
    for (const auto &[Path, T] : Text)
      FS->addFile(Path, T.second, llvm::MemoryBuffer::getMemBufferCopy(T.first, Path));
    return FS;
  }
};

std::shared_ptr<clang::CompilerInvocation> invocation(const std::vector<const char *> &Extra = {}) {
  auto CI = std::make_shared<clang::CompilerInvocation>();
  clang::DiagnosticsEngine Diags(new clang::DiagnosticIDs(), new clang::DiagnosticOptions(),
                                 new clang::IgnoringDiagConsumer());
  std::vector<const char *> Args = {"-fsyntax-only", "-x", "c++", "-isystem", "/sys", "-I", "/src"};
  Args.insert(Args.end(), Extra.begin(), Extra.end());
  Args.push_back("/src/main.cpp");
  clang::CompilerInvocation::CreateFromArgs(*CI, Args, Diags);
  return CI;
}

struct Cache {
  PreambleCache C;
  PreambleOutcome Outcome = PreambleOutcome::None;
  std::string Problem;
  std::shared_ptr<const DevicePreamble> get(const Files &F, const std::string &File = "/src/main.cpp",
                                            const std::string &Key = "device", unsigned Capacity = 4,
                                            bool SkipBodies = true) {
    auto CI = invocation();
    CI->getFrontendOpts().Inputs[0] = clang::FrontendInputFile(File, CI->getFrontendOpts().Inputs[0].getKind());
    return C.get(File, Key, *CI, F.Text.at(File).first, F.fs(), std::make_shared<clang::PCHContainerOperations>(),
                 Capacity, SkipBodies, Outcome, Problem);
  }
};

const std::string Body = "int twice(int x) { return 2 * x; }\n";

Files sources(const std::string &Includes, const std::string &Main = Body) {
  Files F;
  F.Text["/sys/vec.h"] = {"#pragma once\nint vecSize(int n) { return n; }\nconstexpr int kVec = 4;\n", 100};
  F.Text["/sys/map.h"] = {"#pragma once\nint mapSize(int n) { return n + 1; }\n", 100};
  F.Text["/src/user.h"] = {"#pragma once\n#define WIDTH 32\n", 100};
  F.Text["/src/main.cpp"] = {Includes + Main, 100};
  return F;
}

unsigned bounds(const std::string &Text) {
  clang::LangOptions LO;
  LO.CPlusPlus = true;
  return includeBlockBounds(Text, LO).Size;
}

} // namespace

TEST(DevicePreamble, BoundsEndBeforeTheFirstDirectiveThatIsNoInclude) {
  EXPECT_EQ(bounds("#include <a.h>\n#include <b.h>\nint x;\n"), 30u);
  EXPECT_EQ(bounds("// header\n#include <a.h>\n#define W 64\n#include <b.h>\nint x;\n"), 25u);
  // A device-only region, or any conditional, stays in the parse with what it holds.
  EXPECT_EQ(bounds("#include <a.h>\n#ifdef __HIP_DEVICE_COMPILE__\n#include <b.h>\n#endif\nint x;\n"), 15u);
  EXPECT_EQ(bounds("#pragma once\n#include <a.h>\nint x;\n"), 0u);
  EXPECT_EQ(bounds("  #  define A 1\n#include <a.h>\nint x;\n"), 0u);
  // The '#' of a comment is no directive.
  EXPECT_EQ(bounds("/* #define A */\n#include <a.h>\nint x;\n"), 31u);
  EXPECT_EQ(bounds("int x;\n#include <a.h>\n"), 0u);
}

TEST(DevicePreamble, ReusedWhileTheIncludeBlockAndHeadersAreUnchanged) {
  Cache C;
  Files F = sources("#include <vec.h>\n#include <map.h>\n");
  auto First = C.get(F);
  ASSERT_NE(First, nullptr) << C.Problem;
  EXPECT_EQ(C.Outcome, PreambleOutcome::Built);
  EXPECT_EQ(First->PCH.getBounds().Size, 34u);
  EXPECT_FALSE(First->Inputs.empty());
  EXPECT_EQ(C.get(F), First);
  EXPECT_EQ(C.Outcome, PreambleOutcome::Reused);
  // An edit below the block, top-level declarations included.
  Files Edited = sources("#include <vec.h>\n#include <map.h>\n", "int added = 1;\n" + Body);
  EXPECT_EQ(C.get(Edited), First);
  EXPECT_EQ(C.Outcome, PreambleOutcome::Reused);
}

TEST(DevicePreamble, RebuiltWhenTheBlockAHeaderOrTheCommandChanges) {
  Cache C;
  Files F = sources("#include <vec.h>\n");
  auto First = C.get(F);
  ASSERT_NE(First, nullptr) << C.Problem;
  Files More = sources("#include <vec.h>\n#include <map.h>\n");
  auto Second = C.get(More);
  ASSERT_NE(Second, nullptr);
  EXPECT_EQ(C.Outcome, PreambleOutcome::Rebuilt);
  EXPECT_EQ(Second->PCH.getBounds().Size, 34u);
  // A system header saved since (a new time and size).
  Files Saved = More;
  Saved.Text["/sys/map.h"] = {"#pragma once\nint mapSize(int n) { return n + 2; }\n", 200};
  auto Third = C.get(Saved);
  EXPECT_EQ(C.Outcome, PreambleOutcome::Rebuilt);
  EXPECT_NE(Third, Second);
  EXPECT_EQ(C.get(Saved), Third);
  EXPECT_EQ(C.Outcome, PreambleOutcome::Reused);
  // Another device command (another target, other defines).
  C.get(Saved, "/src/main.cpp", "device --offload-arch=gfx1100");
  EXPECT_EQ(C.Outcome, PreambleOutcome::Rebuilt);
  // The device parse told to parse every body (SkipFunctionBodies: false) parses them in the
  // system headers too.
  C.get(Saved, "/src/main.cpp", "device --offload-arch=gfx1100", 4, /*SkipBodies=*/false);
  EXPECT_EQ(C.Outcome, PreambleOutcome::Rebuilt);
  C.get(Saved, "/src/main.cpp", "device --offload-arch=gfx1100", 4, /*SkipBodies=*/false);
  EXPECT_EQ(C.Outcome, PreambleOutcome::Reused);
}

TEST(DevicePreamble, UserHeadersAndMissingHeadersStayInTheParse) {
  Cache C;
  // The preamble ends before the user header: its macros are the checks' to see.
  auto P = C.get(sources("#include <vec.h>\n#include \"user.h\"\n#include <map.h>\n"));
  ASSERT_NE(P, nullptr) << C.Problem;
  EXPECT_EQ(P->PCH.getBounds().Size, 17u);
  // A user header first: nothing to precompile, and no failure.
  EXPECT_EQ(C.get(sources("#include \"user.h\"\n#include <vec.h>\n")), nullptr);
  EXPECT_EQ(C.Outcome, PreambleOutcome::None);
  EXPECT_EQ(C.get(sources("#include <absent.h>\n#include <vec.h>\n")), nullptr);
  EXPECT_EQ(C.Outcome, PreambleOutcome::None);
  // No include block at all.
  EXPECT_EQ(C.get(sources("")), nullptr);
  EXPECT_EQ(C.Outcome, PreambleOutcome::None);
}

TEST(DevicePreamble, AnErrorInTheBlockGivesNoPreambleAndSaysWhy) {
  Cache C;
  Files F = sources("#include <vec.h>\n");
  F.Text["/sys/vec.h"] = {"int broken = ;\n", 100};
  EXPECT_EQ(C.get(F), nullptr);
  EXPECT_EQ(C.Outcome, PreambleOutcome::Failed);
  EXPECT_NE(C.Problem.find("errors"), std::string::npos);
  // Known to fail while nothing changed: not built again, still no preamble.
  EXPECT_EQ(C.get(F), nullptr);
  EXPECT_EQ(C.Outcome, PreambleOutcome::Failed);
}

TEST(DevicePreamble, TheLeastRecentlyUsedFileIsEvicted) {
  Cache C;
  Files F = sources("#include <vec.h>\n");
  for (const char *Other : {"/src/a.cpp", "/src/b.cpp"})
    F.Text[Other] = F.Text["/src/main.cpp"];
  ASSERT_NE(C.get(F, "/src/main.cpp", "device", 2), nullptr);
  ASSERT_NE(C.get(F, "/src/a.cpp", "device", 2), nullptr);
  ASSERT_NE(C.get(F, "/src/main.cpp", "device", 2), nullptr);
  EXPECT_EQ(C.Outcome, PreambleOutcome::Reused);
  ASSERT_NE(C.get(F, "/src/b.cpp", "device", 2), nullptr);
  EXPECT_EQ(C.C.size(), 2u);
  // a.cpp went (main.cpp was used after it); main.cpp stayed.
  C.get(F, "/src/main.cpp", "device", 2);
  EXPECT_EQ(C.Outcome, PreambleOutcome::Reused);
  C.get(F, "/src/a.cpp", "device", 2);
  EXPECT_EQ(C.Outcome, PreambleOutcome::Built);
  // No preambles at all.
  EXPECT_EQ(C.get(F, "/src/main.cpp", "device", 0), nullptr);
  EXPECT_EQ(C.Outcome, PreambleOutcome::None);
}
