// The build-script readers of lib/project that decide scope and flags without running anything:
// setup.py (PythonSource), Makefiles (MakeSources) and the CMake evaluator (CMakeEval).
#include "project/CMakeEval.h"
#include "project/MakeSources.h"
#include "project/PythonSource.h"

#include "gtest/gtest.h"

#include <map>
#include <string>

using namespace rocmtidy::project;

namespace {

std::optional<TorchExtensionCall> call(const std::string &Py) { return findTorchCudaExtension(pythonLines(Py)); }

/// The ROCm build's flags of \p Py (a setup.py below /p): kept ones, and those left out with why.
void splitFlags(const std::string &Py, std::map<std::string, std::string> &Kept,
                std::map<std::string, std::string> &Left) {
  for (const PyFlag &F : torchExtensionFlags(pythonLines(Py), "/p"))
    (F.Why.empty() ? Kept : Left)[F.Arg] = F.Why;
}

TEST(PythonSource, LogicalLinesJoinBracketsAndKeepStringsApart) {
  std::vector<PyLine> L = pythonLines("x = ['a',\n     \"b\"]  # 'c'\nif y:\n    z = '''m\nn'''\n");
  ASSERT_EQ(L.size(), 3u);
  EXPECT_EQ(L[0].Line, 1u);
  ASSERT_EQ(L[0].Strings.size(), 2u);
  EXPECT_EQ(L[0].Strings[1].first, "b");
  EXPECT_EQ(L[0].Strings[1].second, 2u);
  EXPECT_EQ(L[0].Code.find('c'), std::string::npos); // the comment is gone
  EXPECT_EQ(L[2].Indent, 4u);
  EXPECT_EQ(L[2].Strings[0].first, "m\nn");
}

// Found by test/fuzz/project_fuzzer.cpp: an unterminated one-line string counted its line break
// twice, so every later line number (named under --verbose) was one too high. An escaped line break
// inside a string continues it on the next line.
TEST(PythonSource, LineNumbersAfterOpenStringsAndEscapedBreaks) {
  std::vector<PyLine> L = pythonLines("a = 'open\nb = 1\nc = 'x\\\ny'\nd = 2\n");
  ASSERT_EQ(L.size(), 4u);
  EXPECT_EQ(L[1].Line, 2u);
  EXPECT_EQ(L[2].Line, 3u);
  EXPECT_EQ(L[3].Line, 5u);
}

TEST(PythonSource, CudaExtensionThroughABoundNameOrAnAlias) {
  // A found call has a line; TorchExtensionCall{} (line 0) stands for none.
  auto found = [](const std::string &Py) { return call(Py).value_or(TorchExtensionCall{}); };
  TorchExtensionCall Direct = found("from torch.utils.cpp_extension import CUDAExtension\nCUDAExtension('x', [])\n");
  EXPECT_EQ(Direct.Line, 2u);
  EXPECT_TRUE(Direct.Through.empty());

  TorchExtensionCall Bound = found("E = CppExtension if cpu else CUDAExtension\nm = E('x', [])\n");
  EXPECT_EQ(Bound.Through, "E");
  EXPECT_EQ(Bound.BoundAt, 1u);

  TorchExtensionCall Alias = found("from torch.utils.cpp_extension import (\n  CUDAExtension as CE)\nCE('x')\n");
  EXPECT_EQ(Alias.Through, "CE");
  EXPECT_EQ(Alias.Line, 3u);

  // Bound after a helper that uses it: the binding counts wherever it is.
  EXPECT_TRUE(call("def f():\n    return Ext('x')\nExt = CUDAExtension\n"));
}

TEST(PythonSource, NoCallNoHipify) {
  EXPECT_FALSE(call("from torch.utils.cpp_extension import CUDAExtension\nsetup()\n"));
  EXPECT_FALSE(call("# E = CUDAExtension\nE = CppExtension\nE('x')\n"));
  EXPECT_FALSE(call("def CUDAExtension(n):\n    pass\n"));
  EXPECT_FALSE(call("s = 'CUDAExtension(x)'\n"));
  EXPECT_FALSE(call("same = E == CUDAExtension\n"));
}

TEST(PythonSource, FlagsOfTheRocmBuild) {
  std::string Py = "m = [('A', None)]\n"
                   "if torch.version.hip:\n"
                   "    m += [('R', '1')]\n"
                   "else:\n"
                   "    m += [('C', None)]\n"
                   "if sys.platform == 'win32':\n"
                   "    m.append(('W', None))\n"
                   "if kind == 'cuda':\n"
                   "    m += [('G', None)]\n"
                   "CUDAExtension('x', define_macros=m, include_dirs=['inc', base],\n"
                   "              extra_compile_args={'nvcc': ['-DN', '-O3'], 'cxx': ['-Iextra']})\n";
  std::map<std::string, std::string> Kept, Left;
  splitFlags(Py, Kept, Left);
  EXPECT_EQ(Kept.count("-DA"), 1u);
  EXPECT_EQ(Kept.count("-DR=1"), 1u);
  EXPECT_EQ(Kept.count("-DG"), 1u); // 'cuda' is PyTorch's name of the ROCm device too
  EXPECT_EQ(Kept.count("-I/p/inc"), 1u);
  EXPECT_EQ(Kept.count("-DN"), 1u);
  EXPECT_EQ(Kept.count("-I/p/extra"), 1u);
  EXPECT_EQ(Kept.count("-DC") + Left.count("-DC"), 0u); // the CUDA build's own
  ASSERT_EQ(Left.count("-DW"), 1u);
  EXPECT_NE(Left["-DW"].find("conditional on"), std::string::npos);
  EXPECT_EQ(Left.count("base"), 1u);
  // No CUDAExtension, no flags.
  EXPECT_TRUE(torchExtensionFlags(pythonLines("CppExtension('x', define_macros=[('A', None)])\n"), "/p").empty());
}

TEST(PythonSource, IncludeFoldersThroughPathFunctionsAndAlternatives) {
  std::string Py = "inc = []\n"
                   "if EXT_TYPE == 'pytorch':\n"
                   "    if with_dipu:\n"
                   "        inc.append(os.path.abspath('./dipu'))\n"
                   "    elif is_rocm_pytorch or torch.cuda.is_available():\n"
                   "        inc.append(os.path.abspath('./csrc/common'))\n"
                   "        inc.append(os.path.join('csrc', os.path.normpath('cuda')))\n"
                   "        inc += [os.path.join(root, 'x'), '/abs/inc']\n"
                   "    elif not is_rocm_pytorch or fast:\n"
                   "        inc.append('either')\n"
                   "CUDAExtension('x', include_dirs=inc)\n";
  std::map<std::string, std::string> Kept, Left;
  splitFlags(Py, Kept, Left);
  // Literal paths through os.path.abspath/join/normpath, below the setup.py's folder.
  EXPECT_EQ(Kept.count("-I/p/./csrc/common"), 1u);
  EXPECT_EQ(Kept.count("-I/p/csrc/cuda"), 1u);
  EXPECT_EQ(Kept.count("-I/abs/inc"), 1u);
  // A join with a name is no literal; another build's folder stays undecided.
  EXPECT_EQ(Left.count("os.path.join"), 1u);
  EXPECT_EQ(Left.count("-I/p/./dipu"), 1u);
  // An 'or' whose ROCm test is negated is not the ROCm build's for sure.
  EXPECT_EQ(Left.count("-I/p/either"), 1u);
  // The defines PyTorch itself adds in a ROCm build.
  EXPECT_EQ(Kept.count("-DUSE_ROCM=1"), 1u);
  EXPECT_EQ(Kept.count("-DHIPBLAS_V2"), 1u);
}

TEST(PythonSource, IncludeFoldersThroughNamesOfTheScriptFolder) {
  // The script's folder spelled from __file__, and names assigned once from literal paths, are
  // paths; a name assigned twice, changed in place, or from anything else is not.
  std::string Py = "def get_extensions():\n"
                   "    this_dir = os.path.dirname(os.path.abspath(__file__))\n"
                   "    ext_dir = os.path.join(this_dir, 'pkg', 'csrc')\n"
                   "    twice = 'a'\n"
                   "    twice = 'b'\n"
                   "    grown = 'c'\n"
                   "    grown += '/d'\n"
                   "    env_dir = os.getenv('X_HOME')\n"
                   "    up = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))\n"
                   "    inc = [ext_dir, os.path.join(this_dir, 'third_party'), twice, grown, env_dir,\n"
                   "           os.path.join(up, 'common')]\n"
                   "    return CUDAExtension('x', include_dirs=inc)\n";
  std::map<std::string, std::string> Kept, Left;
  splitFlags(Py, Kept, Left);
  EXPECT_EQ(Kept.count("-I/p/pkg/csrc"), 1u);
  EXPECT_EQ(Kept.count("-I/p/third_party"), 1u);
  EXPECT_EQ(Kept.count("-I/p/../common"), 1u);
  EXPECT_EQ(Left.count("twice"), 1u);
  EXPECT_EQ(Left.count("grown"), 1u);
  EXPECT_EQ(Left.count("env_dir"), 1u);
}

TEST(PythonSource, RocmTestUnderABuildVariant) {
  // The ROCm define sits under an explicit ROCm test inside a build-variant branch whose
  // condition rocm-lint cannot decide: the ROCm build that takes that path sees it.
  std::string Py = "m = []\n"
                   "if EXT_TYPE == 'parrots':\n"
                   "    m += [('PARROTS', None)]\n"
                   "elif EXT_TYPE == 'pytorch':\n"
                   "    is_rocm_pytorch = torch.version.hip is not None\n"
                   "    if is_rocm_pytorch:\n"
                   "        m += [('WITH_HIP', None)]\n"
                   "        if debug:\n"
                   "            m += [('HIP_DEBUG', None)]\n"
                   "    if not is_rocm_pytorch:\n"
                   "        m += [('NV_ONLY', None)]\n"
                   "    if fast or is_rocm_pytorch:\n"
                   "        m += [('EITHER', None)]\n"
                   "CUDAExtension('x', define_macros=m)\n";
  std::map<std::string, std::string> Kept, Left;
  splitFlags(Py, Kept, Left);
  EXPECT_EQ(Kept.count("-DWITH_HIP"), 1u);
  // An 'or' with a plain ROCm test among its operands holds in every ROCm build.
  EXPECT_EQ(Kept.count("-DEITHER"), 1u);
  // Still undecided: a variant without a ROCm test, a condition inside the ROCm test.
  EXPECT_EQ(Left.count("-DPARROTS"), 1u);
  EXPECT_EQ(Left.count("-DHIP_DEBUG"), 1u);
  // The negated ROCm test is the CUDA build's own.
  EXPECT_EQ(Kept.count("-DNV_ONLY") + Left.count("-DNV_ONLY"), 0u);
}

TEST(MakeSources, CudaConditionalThroughVariablesAndFilterOut) {
  MakeSources M = MakeSources::read("/p/Makefile", "all.c := $(filter-out a/nv.c,$(wildcard a/*.c))\n"
                                                   "cu.c := $(sort $(wildcard cuda/*.c))\n"
                                                   "ifneq ($(CUDA_DIR),)\n"
                                                   "  all.c += $(cu.c) a/nv.c\n"
                                                   "endif\n"
                                                   "ifdef HIP_DIR\n"
                                                   "  all.c += hip/h.c cuda/shared.c\n"
                                                   "endif\n"
                                                   "objs := $(all.c:%.c=%.o)\n");
  EXPECT_TRUE(M.buildsHip());
  std::string Why;
  EXPECT_TRUE(M.cudaOnly("/p/cuda/k.c", Why));
  EXPECT_EQ(Why, "/p/Makefile:4: added only under 'ifneq ($(CUDA_DIR),)' (line 3)");
  EXPECT_TRUE(M.cudaOnly("/p/a/nv.c", Why));
  EXPECT_FALSE(M.cudaOnly("/p/cuda/shared.c", Why)); // the HIP conditional adds it too
  EXPECT_FALSE(M.cudaOnly("/p/a/x.c", Why));
  EXPECT_FALSE(M.cudaOnly("/p/hip/h.c", Why));
  EXPECT_FALSE(M.cudaOnly("/p/other/u.c", Why)); // listed nowhere: not decided
}

TEST(MakeSources, UnsureMeansInScope) {
  std::string Why;
  // No HIP conditional: a CUDA project being ported whole.
  EXPECT_FALSE(
      MakeSources::read("/p/Makefile", "ifneq ($(CUDA_DIR),)\n x := cuda/k.c\nendif\n").cudaOnly("/p/cuda/k.c", Why));
  // "absent" selects no backend; a plain else is no backend either.
  MakeSources Absent =
      MakeSources::read("/p/Makefile", "ifeq ($(CUDA_DIR),)\n x := cuda/k.c\nelse\n y := c/k.c\nendif\n"
                                       "ifneq ($(HIP_DIR),)\n z := h.c\nendif\n");
  EXPECT_FALSE(Absent.cudaOnly("/p/cuda/k.c", Why));
  EXPECT_FALSE(Absent.cudaOnly("/p/c/k.c", Why));
  // Variables that double on every line: bounded, and nothing is decided.
  std::string Doubling = "A0 := cuda/k.c\nifneq ($(HIP_DIR),)\nendif\nifneq ($(CUDA_DIR),)\n";
  for (int I = 1; I < 40; ++I)
    Doubling += "A" + std::to_string(I) + " := $(A" + std::to_string(I - 1) + ") $(A" + std::to_string(I - 1) + ")\n";
  Doubling += "endif\n";
  EXPECT_FALSE(MakeSources::read("/p/Makefile", Doubling).cudaOnly("/p/cuda/k.c", Why));
}

TEST(MakeSources, RecipeToolsAndReach) {
  MakeSources M = MakeSources::read("/p/Makefile", "NVCC = $(CUDA_HOME)/bin/nvcc\n"
                                                   "NVCC += -O3\n"
                                                   "HIPCC := hipcc\n"
                                                   "SRC = src\n"
                                                   "bin/%_cuda: $(SRC)/%_cuda.cu | bin\n"
                                                   "\t@echo $<\n"
                                                   "\t$(NVCC) $< -o $@\n"
                                                   "bin/%_hip: $(SRC)/%_hip.cpp\n"
                                                   "\t-$(HIPCC) $(HIPFLAGS) $< -o $@\n"
                                                   "one: ; $(NVCC) one.cu $$EXTRA\n"
                                                   "run: ; for f in $(wildcard bin/*); do $$f; done\n");
  const std::vector<MakeSources::Recipe> &R = M.recipes();
  // The echo line and the loop run no compiler: they are not recipes that read sources.
  ASSERT_EQ(R.size(), 3u);
  // nvcc through a variable whose appended flags are no other value; a '%' prerequisite is read
  // within its folder only for nvcc (under-approximated), at any depth for hipcc.
  EXPECT_EQ(R[0].Tool, MakeBranch::Cuda);
  EXPECT_EQ(R[0].Paths, (std::vector<std::string>{"/p/src/*_cuda.cu"}));
  EXPECT_EQ(R[1].Tool, MakeBranch::Hip);
  ASSERT_EQ(R[1].Stems.size(), 1u);
  EXPECT_EQ(R[1].Stems[0], (std::pair<std::string, std::string>{"/p/src/", "_hip.cpp"}));
  EXPECT_FALSE(R[1].All); // HIPFLAGS, set nowhere, is a flags variable and names no source
  EXPECT_EQ(R[2].Tool, MakeBranch::Cuda);
  EXPECT_EQ(R[2].Line, 10u);
  std::string Why;
  EXPECT_TRUE(M.cudaOnly("/p/src/a_cuda.cu", Why));
  EXPECT_EQ(Why, "/p/Makefile:7: compiled only by nvcc; the HIP build's recipes (line 9) do not read it");
  EXPECT_TRUE(M.cudaOnly("/p/one.cu", Why));
  EXPECT_FALSE(M.cudaOnly("/p/src/deeper/a_cuda.cu", Why)); // no recipe is known to read it
  EXPECT_FALSE(M.cudaOnly("/p/src/a_hip.cpp", Why));
}

TEST(MakeSources, RecipeListsThroughFunctions) {
  // $(patsubst ...) names a function, not a variable set nowhere: the hipcc recipe's list is known.
  MakeSources M = MakeSources::read("/p/Makefile", "LIBS := $(wildcard libs/*.c)\n"
                                                   "OBJ := $(patsubst %.c,%.o,$(LIBS))\n"
                                                   "CUDA_CC := nvcc\n"
                                                   "cuda: $(OBJ) src/main.cu\n\t$(CUDA_CC) -O2 $^ -o $@\n"
                                                   "hip: $(OBJ) src/main.hip.cpp\n\thipcc -O2 $^ -o $@\n");
  ASSERT_EQ(M.recipes().size(), 2u);
  EXPECT_FALSE(M.recipes()[1].All);
  std::string Why;
  EXPECT_TRUE(M.cudaOnly("/p/src/main.cu", Why));
  EXPECT_FALSE(M.cudaOnly("/p/src/main.hip.cpp", Why));
}

TEST(MakeSources, RecipesUnsureMeansInScope) {
  std::string Why;
  // A hipcc recipe over an unset variable may read anything.
  EXPECT_FALSE(
      MakeSources::read("/p/Makefile", "a: ; nvcc a.cu\nb: ; hipcc $(SOURCES) b.hip\n").cudaOnly("/p/a.cu", Why));
  // The nvcc variable is hipcc for one build: its recipes are HIP ones.
  EXPECT_FALSE(MakeSources::read("/p/Makefile", "NVCC = nvcc\nifdef ROCM_PATH\nNVCC = hipcc\nendif\n"
                                                "a: ; $(NVCC) a.cu\nb: ; hipcc b.hip\n")
                   .cudaOnly("/p/a.cu", Why));
  // A canned recipe that compiles runs where this reader cannot see.
  EXPECT_FALSE(MakeSources::read("/p/Makefile", "define BUILD\nhipcc $(1)\nendef\n"
                                                "a: ; nvcc a.cu\nb: ; hipcc b.hip\n")
                   .cudaOnly("/p/a.cu", Why));
  // The stem ($*) of a hipcc pattern rule may be any file's.
  EXPECT_FALSE(MakeSources::read("/p/Makefile", "a: ; nvcc a.cu\n%.x: ; hipcc $*.cu b.hip\n").cudaOnly("/p/a.cu", Why));
  // Compiled by nvcc, and no hipcc recipe reads any source: no HIP build here.
  EXPECT_FALSE(MakeSources::read("/p/Makefile", "a: ; nvcc a.cu\ninfo: ; hipcc --version\n").cudaOnly("/p/a.cu", Why));
}

TEST(MakeSources, ShellLookupsFlagProbesAndTheElseOfNoHipcc) {
  // '$(shell which hipcc ...)' holds hipcc wherever it is installed; a function that only sets
  // variables, called through $(eval), writes no rule; the else of "hipcc is absent" is the HIP build's.
  MakeSources M = MakeSources::read("/p/Makefile", "HIPCC := $(shell which hipcc 2>/dev/null)\n"
                                                   "NVCC := $(shell command -v nvcc)\n"
                                                   "define probe\n"
                                                   "  $(eval OK := $(shell $(CC) $(1) -x c /dev/null && echo yes))\n"
                                                   "  ifeq ($(OK),yes)\n"
                                                   "    CFLAGS += $(1)\n"
                                                   "  endif\n"
                                                   "endef\n"
                                                   "$(foreach f,-O3,$(eval $(call probe,$(f))))\n"
                                                   "ifeq ($(HIPCC),)\n"
                                                   "  $(info no hipcc)\n"
                                                   "else\n"
                                                   "  HIPCC_FLAGS += -DBUILD_AMD\n"
                                                   "endif\n"
                                                   "amd: main.cu\n\t$(HIPCC) $(HIPCC_FLAGS) main.cu -o $@\n"
                                                   "cuda: k.cu\n\t$(NVCC) k.cu -o $@\n");
  EXPECT_EQ(M.hipRecipeLine(), 16u);
  EXPECT_TRUE(M.hipRecipeNames("/p/main.cu"));
  EXPECT_FALSE(M.hipRecipeNames("/p/k.cu"));
  std::string Why;
  EXPECT_TRUE(M.cudaOnly("/p/k.cu", Why));
  std::vector<std::string> Kept;
  for (const MakeSources::Flag &F : M.flags())
    Kept.push_back(F.Arg);
  EXPECT_EQ(Kept, std::vector<std::string>{"-DBUILD_AMD"});
  // A function that writes a rule: what the Makefile compiles is not all there is.
  MakeSources R = MakeSources::read("/p/Makefile", "define tool\n$(1): $(1).cu\n\tnvcc $$< -o $$@\nendef\n"
                                                   "$(eval $(call tool,gen))\n"
                                                   "a: ; hipcc a.hip\nb: ; nvcc b.cu\n");
  EXPECT_FALSE(R.cudaOnly("/p/b.cu", Why));
  // A '%' pattern rule reads only what a target asks for: it names no file.
  EXPECT_FALSE(
      MakeSources::read("/p/Makefile", "build/%.cu: %.cu\n\thipify-perl $< -o $@\n").hipRecipeNames("/p/dev/k.cu"));
}

TEST(MakeSources, CompilerFlags) {
  MakeSources M = MakeSources::read("/p/Makefile", "CPPFLAGS += -DA -I inc\n"
                                                   "ifneq ($(ROCM_PATH),)\n HIPFLAGS += -DR\nendif\n"
                                                   "ifneq ($(CUDA_PATH),)\n CPPFLAGS += -DC\nendif\n"
                                                   "ifeq ($(DEBUG),1)\n CXXFLAGS += -DD\nendif\n"
                                                   "CXXFLAGS += -I$(X)/include -O2\n"
                                                   "lib: k.o\n\tg++ -DRECIPE -c k.c\n");
  std::vector<std::string> Kept, Left;
  for (const MakeSources::Flag &F : M.flags())
    Kept.push_back(F.Arg);
  for (const MakeSources::Flag &F : M.leftOutFlags())
    Left.push_back(F.Arg);
  EXPECT_EQ(Kept, (std::vector<std::string>{"-DA", "-I/p/inc", "-DR"}));
  EXPECT_EQ(Left, (std::vector<std::string>{"-DD", "-I$(X)/include"}));
}

TEST(MakeSources, HipBranchAndTargetSpecificFlags) {
  MakeSources M =
      MakeSources::read("/p/Makefile", "mg.c := $(wildcard mg/*.c)\n"
                                       "ifneq ($(ROCM_DIR),)\n LIBNAME = amdhip64\nendif\n"
                                       "ifneq ($(MG),)\n ifneq ($(HIP_LIB_DIR),)\n"
                                       "  $(mg.c:%.c=$(OBJDIR)/%.o): CPPFLAGS += -DMG_HIP -I$(MG)/inc\n"
                                       "  ifeq ($(DEBUG),1)\n   $(mg.c:%.c=%.o): CPPFLAGS += -DDBG\n  endif\n"
                                       "  all.c += $(mg.c)\n"
                                       " endif\n endif\n"
                                       "ifneq ($(CUDA_LIB_DIR),)\n"
                                       " $(mg.c:%.c=%.o): CPPFLAGS += -DMG_CUDA\n all.c += cu/k.c\nendif\n"
                                       "pat/%.o sub/x.o : override CXXFLAGS += -DPAT\n"
                                       "objs := $(all.c:%.c=%.o)\n");
  // The HIP conditional that only names a library is no build; the one that gives its targets flags
  // (line 7) or adds sources is. The CUDA one counts where it adds sources.
  EXPECT_EQ(M.branch(MakeBranch::Hip), "line 7 under 'ifneq ($(HIP_LIB_DIR),)' (line 6)");
  EXPECT_EQ(M.branch(MakeBranch::Cuda), "line 16 under 'ifneq ($(CUDA_LIB_DIR),)' (line 14)");
  std::map<std::string, std::vector<std::string>> Kept, Left;
  for (const MakeSources::Flag &F : M.flags())
    Kept[F.Arg] = F.Targets;
  for (const MakeSources::Flag &F : M.leftOutFlags())
    Left[F.Arg] = F.Targets;
  ASSERT_EQ(Kept.size(), 2u);
  EXPECT_EQ(Kept["-DMG_HIP"], std::vector<std::string>{"/p/mg/*.c"});
  EXPECT_EQ(Kept["-DPAT"], (std::vector<std::string>{"/p/pat/*.c", "/p/pat/*.cc", "/p/pat/*.cpp", "/p/pat/*.cxx",
                                                     "/p/pat/*.cu", "/p/pat/*.hip", "/p/sub/x.c", "/p/sub/x.cc",
                                                     "/p/sub/x.cpp", "/p/sub/x.cxx", "/p/sub/x.cu", "/p/sub/x.hip"}));
  EXPECT_TRUE(MakeSources::matchesPattern(Kept["-DMG_HIP"][0], "/p/mg/a.c"));
  EXPECT_FALSE(MakeSources::matchesPattern(Kept["-DMG_HIP"][0], "/p/other/a.c"));
  // A conditional inside the HIP one is said; the CUDA arm's flag is not asked about.
  EXPECT_EQ(Left.count("-DDBG"), 1u);
  EXPECT_EQ(Left.count("-I$(MG)/inc"), 1u);
  EXPECT_EQ(Kept.count("-DMG_CUDA") + Left.count("-DMG_CUDA"), 0u);
}

using Files = std::map<std::string, std::string>;

std::function<std::optional<std::string>(const std::string &)> reader(const Files &F) {
  return [&F](const std::string &P) -> std::optional<std::string> {
    auto It = F.find(P);
    if (It == F.end())
      return std::nullopt;
    return It->second;
  };
}

TEST(CMakeEval, BackendFolderThroughAComputedVariable) {
  Files F = {{"/p/CMakeLists.txt", "set(B_CUDA \"B_CUDA\")\nset(B_HIP \"B_HIP\")\n"
                                   "set(B ${B_CUDA} CACHE STRING \"\")\n"
                                   "set(DIR ${B})\nstring(REGEX REPLACE \"^B_\" \"\" DIR ${DIR})\n"
                                   "string(TOLOWER ${DIR} DIR)\n"
                                   "if(B STREQUAL B_HIP)\n  enable_language(HIP)\nendif()\n"
                                   "add_subdirectory(${DIR})\n"}};
  SubdirectoryChoice Cuda = backendSubdirectory({"/p/CMakeLists.txt"}, "/p/cuda", reader(F));
  EXPECT_EQ(Cuda.Kind, SubdirectoryChoice::CudaOnly);
  EXPECT_NE(Cuda.Why.find("enters 'hip' in the HIP build (B=B_HIP)"), std::string::npos);
  EXPECT_EQ(backendSubdirectory({"/p/CMakeLists.txt"}, "/p/hip", reader(F)).Kind, SubdirectoryChoice::Entered);
  // Neither build's: no CUDA code to skip.
  EXPECT_EQ(backendSubdirectory({"/p/CMakeLists.txt"}, "/p/openmp", reader(F)).Kind,
            SubdirectoryChoice::NoVariablePick);
}

TEST(CMakeEval, UndecidedWhenTheValueIsNotInTheScripts) {
  Files F = {{"/p/CMakeLists.txt", "set(B cuda CACHE STRING \"\")\nif(B STREQUAL \"hip\")\nendif()\n"
                                   "set(DIR $ENV{X})\nadd_subdirectory(${DIR})\n"},
             {"/q/CMakeLists.txt", "add_subdirectory(${SOMEWHERE})\n"},
             {"/r/CMakeLists.txt", "add_subdirectory(${B})\nadd_subdirectory(cuda)\n"}};
  EXPECT_EQ(backendSubdirectory({"/p/CMakeLists.txt"}, "/p/cuda", reader(F)).Kind, SubdirectoryChoice::Undecided);
  EXPECT_EQ(backendSubdirectory({"/q/CMakeLists.txt"}, "/q/cuda", reader(F)).Kind, SubdirectoryChoice::Undecided);
  // Named literally too: entered whatever the variable says.
  EXPECT_EQ(backendSubdirectory({"/r/CMakeLists.txt"}, "/r/cuda", reader(F)).Kind, SubdirectoryChoice::NoVariablePick);
}

TEST(CMakeEval, BackendFolderThroughTheVendorSwitches) {
  // No option compared with a HIP value: the HIP build is the one with its HIP switch on (from -D,
  // never set by the scripts), the CUDA build the one with its CUDA switch on. The variable is set
  // by a module found through CMAKE_MODULE_PATH.
  Files F = {
      {"/p/CMakeLists.txt", "list(APPEND CMAKE_MODULE_PATH ${CMAKE_CURRENT_SOURCE_DIR}/mods)\n"
                            "include(GpuConfig)\nif(CUDA OR HIP)\n  add_subdirectory(gpu/${TARGET})\nendif()\n"},
      {"/p/mods/GpuConfig.cmake", "option(CUDA \"CUDA\" OFF)\nset(TARGET cuda)\nif(HIP)\n  set(TARGET hip)\nendif()\n"},
      {"/q/CMakeLists.txt", "include(GpuConfig)\nadd_subdirectory(gpu/${TARGET})\n"}};
  SubdirectoryChoice Cuda = backendSubdirectory({"/p/CMakeLists.txt"}, "/p/gpu/cuda", reader(F));
  EXPECT_EQ(Cuda.Kind, SubdirectoryChoice::CudaOnly);
  EXPECT_NE(Cuda.Why.find("enters 'hip' in the HIP build (its HIP switches on)"), std::string::npos) << Cuda.Why;
  EXPECT_EQ(backendSubdirectory({"/p/CMakeLists.txt"}, "/p/gpu/hip", reader(F)).Kind, SubdirectoryChoice::Entered);
  // Without the module (not on CMAKE_MODULE_PATH) the switches change nothing: undecided.
  EXPECT_EQ(backendSubdirectory({"/q/CMakeLists.txt"}, "/q/gpu/cuda", reader(F)).Kind, SubdirectoryChoice::Undecided);
}

TEST(CMakeEval, ConfigureFileForTheHipBuild) {
  Files F = {{"/p/CMakeLists.txt", "project(p VERSION 3.4.5)\nset(B cuda CACHE STRING \"\")\n"
                                   "if(B STREQUAL \"hip\")\n  set(W 64)\nelse()\n  set(W 32)\nendif()\n"
                                   "option(FAST \"\" ON)\nset(U $ENV{U})\n"
                                   "configure_file(c.h.in ${CMAKE_CURRENT_BINARY_DIR}/inc/c.h @ONLY)\n"
                                   "configure_file(/etc/outside.h.in ${CMAKE_BINARY_DIR}/o.h)\n"},
             {"/p/c.h.in", "#define V @p_VERSION_MINOR@\n#define W @W@ ${W}\n#cmakedefine01 FAST\n"
                           "#cmakedefine NOPE x\n#define U @U@\n"},
             {"/etc/outside.h.in", "#define SECRET 1\n"}};
  std::vector<ConfiguredFile> C = configureForHip({"/p/CMakeLists.txt"}, "/b", reader(F));
  ASSERT_EQ(C.size(), 1u); // a template outside the project is never read
  EXPECT_EQ(C[0].Output, "/b/inc/c.h");
  EXPECT_EQ(C[0].Line, 10u);
  EXPECT_EQ(C[0].Text, "#define V 4\n#define W 64 ${W}\n#define FAST 1\n/* #undef NOPE */\n"
                       "/* rocm-lint: line 5 left out */\n");
  ASSERT_EQ(C[0].Dropped.size(), 1u);
  EXPECT_EQ(C[0].Dropped[0].second, "'U' is not decided for the HIP build");
}

} // namespace
