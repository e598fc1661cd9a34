#include "project/HipMembership.h"

#include "project/CompileDatabase.h"
#include "project/CudaOnlySources.h"
#include "project/HipBuildFlags.h"
#include "project/IncludeScan.h"
#include "project/MakeSources.h"
#include "project/ProjectModel.h"
#include "project/ProjectPaths.h"

#include "core/SourceKinds.h"

#include <algorithm>
#include <filesystem>
#include <iterator>
#include <string_view>

namespace fs = std::filesystem;

namespace rocmtidy::project {

namespace {

// Whether \p Inc, included by \p Includer, names \p Header: next to the includer, or as the
// tail of the header's path after a folder boundary ("proj/cuda.h" for include/proj/cuda.h: an
// include folder reaches it). A bare name counts only next to the includer, or "cuda.h" would
// name every header of that name in the tree.
bool spelledAs(const std::string &Inc, const std::string &Includer, const std::string &Header) {
  if ((fs::path(Includer).parent_path() / Inc).lexically_normal().string() == Header)
    return true;
  std::string Tail = fs::path(Inc).lexically_normal().string();
  if (Tail.find('/') == std::string::npos || Tail.rfind("../", 0) == 0 || Header.size() <= Tail.size())
    return false;
  return Header.compare(Header.size() - Tail.size(), Tail.size(), Tail) == 0 &&
         Header[Header.size() - Tail.size() - 1] == '/';
}

// '#include "shuffle.cuh"' in rocm/a.hip when rocm/shuffle.cuh exists: the include finds the file next
// to its includer first, so it does not reach a header of the same name in another folder.
bool besideIncluderElsewhere(const std::string &Inc, const std::string &Includer, const std::string &Header) {
  std::string Beside = (fs::path(Includer).parent_path() / Inc).lexically_normal().string();
  return Beside != Header && isRegularFile(Beside);
}

/// The macros the HIP build defines for \p File on its command line (-DNAME, -DNAME=value).
std::set<std::string> hipDefines(const HipBuildFlags *Flags, const std::string &File) {
  std::set<std::string> Out;
  if (!Flags)
    return Out;
  for (const ScriptFlag &F : Flags->flagsFor(File))
    if (F.Arg.compare(0, 2, "-D") == 0 && F.Arg.size() > 2)
      Out.insert(F.Arg.substr(2, F.Arg.find('=') == std::string::npos ? std::string::npos : F.Arg.find('=') - 2));
  return Out;
}

// The line (1-based) of the first Jinja2 statement or comment standing at the start of a line
// ('{% include "common.cuh" %}', '{#- note #}'), 0 if none. Kernels that a Python package renders
// and compiles at run time (OpenEquivariance's templates/*.cuh) keep a C++ extension but are a
// generator's input: the parse stops at the tags, and what it still sees is not what is compiled
// (the package may rewrite calls before compiling for HIP). A C++ line never starts with '{%', and
// '{#' only as a macro's continuation, so a comment counts only when it closes on its line.
unsigned jinjaTagLine(std::string_view Text) {
  static constexpr std::string_view Keywords[] = {"block",    "elif",   "else",    "endblock", "endfor", "endif",
                                                  "endmacro", "endraw", "endset",  "extends",  "for",    "from",
                                                  "if",       "import", "include", "macro",    "raw",    "set"};
  unsigned Line = 0;
  for (size_t Pos = 0; Pos < Text.size();) {
    size_t End = std::min(Text.find('\n', Pos), Text.size());
    std::string_view L = Text.substr(Pos, End - Pos);
    Pos = End + 1;
    ++Line;
    L.remove_prefix(std::min(L.find_first_not_of(" \t"), L.size()));
    if (L.substr(0, 2) == "{#" && L.find("#}", 2) != std::string_view::npos)
      return Line;
    if (L.substr(0, 2) != "{%")
      continue;
    L.remove_prefix(2);
    if (!L.empty() && (L.front() == '-' || L.front() == '+'))
      L.remove_prefix(1);
    L.remove_prefix(std::min(L.find_first_not_of(" \t"), L.size()));
    std::string_view Word = L.substr(0, std::min(L.find_first_not_of("abcdefghijklmnopqrstuvwxyz"), L.size()));
    if (std::find(std::begin(Keywords), std::end(Keywords), Word) != std::end(Keywords))
      return Line;
  }
  return 0;
}

} // namespace

std::string otherProgrammingModel(const ProjectModel &Model, const std::string &Absolute) {
  // SYCL 2020's header, SYCL 1.2.1's, and the helper header of code SYCLomatic migrated from CUDA.
  static constexpr std::string_view SyclHeaders[] = {"sycl/sycl.hpp", "CL/sycl.hpp", "dpct/dpct.hpp"};
  std::optional<std::string> Text = Model.read(Absolute);
  if (!Text)
    return "";
  if (unsigned Line = jinjaTagLine(*Text))
    return "a Jinja2 template that a generator renders, not C++: a template tag at line " + std::to_string(Line);
  std::optional<IncludeLine> Sycl = unconditionalInclude(*Text, [](std::string_view Name) {
    return std::find(std::begin(SyclHeaders), std::end(SyclHeaders), Name) != std::end(SyclHeaders);
  });
  if (!Sycl)
    return "";
  return "SYCL code: includes <" + std::string(Sycl->Name) + "> at line " + std::to_string(Sycl->Line);
}

HipMembership::HipMembership(const ProjectModel &Model, std::string BuildDir)
    : Model(Model), BuildDir(std::move(BuildDir)) {}

const HipMembership::Found &HipMembership::databaseFor(const std::string &Dir) {
  auto It = ByDir.find(Dir);
  if (It != ByDir.end())
    return It->second;
  auto Load = [&](const std::string &P) {
    auto Known = ByPath.find(P);
    if (Known != ByPath.end())
      return Known->second;
    auto Db = std::make_shared<Database>();
    // Argument vectors, not command text: the analysis reports a broken database itself.
    for (const DatabaseEntry &E : readCompileDatabase(P).value_or(std::vector<DatabaseEntry>{})) {
      Db->Hip |= compilesAsHip(E.Arguments, E.File);
      Db->Files.insert(realPathOf(E.File));
    }
    ByPath.emplace(P, Db);
    return Db;
  };
  Found F;
  if (!BuildDir.empty()) {
    std::string P = (fs::path(BuildDir) / "compile_commands.json").string();
    if (isRegularFile(P))
      F = {Load(P), P};
  } else {
    // The nearest database up to the repository root, as the analysis finds it.
    std::string P = Model.findUpward(Dir, {"compile_commands.json", "compile_flags.txt"});
    if (!P.empty() && fs::path(P).filename() == "compile_commands.json")
      F = {Load(P), P};
  }
  return ByDir.emplace(Dir, F).first->second;
}

HipMembership::Answer HipMembership::of(const std::string &Absolute) {
  Answer A;
  if (!TextGlobs)
    TextGlobs = projectTextGlobs(Model, Model.reader());
  if (std::string Why = readAsTextBy(*TextGlobs, Absolute, Model.cwd()); !Why.empty()) {
    A.Kind = Answer::ReadAsText;
    A.Why = std::move(Why);
    return A;
  }
  const Found &Db = databaseFor(fs::path(Absolute).parent_path().string());
  if (Db.Db && Db.Db->Hip) {
    // Only CUDA-spelled sources can be CUDA-only: a .hip or .cpp file missing from the database is
    // more likely new than excluded, and is linted with an inferred command.
    if (fs::path(Absolute).extension() == ".cu" && !Db.Db->Files.count(Absolute)) {
      A.Kind = Answer::AbsentFromDatabase;
      A.Why = "absent from " + relativeToCwd(Db.Path, Model.cwd());
    }
    return A;
  }
  // No HIP database: the build scripts decide (a source they list only for the CUDA backend).
  if (cudaOnlyInBuildScripts(Model, Absolute, A.Why, &A.Undecided))
    A.Kind = Answer::CudaOnlyInScripts;
  return A;
}

namespace {
// Makefile.hip, Makefile.cuda ...: twins of a folder without a plain Makefile.
bool hasBackendMakefile(const std::string &Dir) {
  return !backendMakefilesIn(Dir, /*Cuda=*/true).empty() || !backendMakefilesIn(Dir, /*Cuda=*/false).empty();
}
} // namespace

std::map<std::string, std::string> HipMembership::headersOnlyIncludedBy(const std::vector<std::string> &Headers,
                                                                        const std::vector<std::string> &DroppedSources,
                                                                        const HipBuildFlags *Flags) const {
  std::map<std::string, std::string> Why; // header -> the dropped file that includes it
  // The project: the highest folder above the dropped sources with a build script, up to the root.
  std::set<std::string> Roots;
  for (const std::string &S : DroppedSources) {
    std::string Root;
    for (const std::string &D : Model.foldersUpToRoot(fs::path(S).parent_path().string()))
      if (isRegularFile(D + "/CMakeLists.txt") || isRegularFile(D + "/setup.py") || isRegularFile(D + "/Makefile") ||
          isRegularFile(D + "/makefile") || isRegularFile(D + "/GNUmakefile") || hasBackendMakefile(D))
        Root = D;
    if (Root.empty())
      return Why;
    Roots.insert(Root);
  }
  std::map<std::string, std::vector<std::string>> Includes; // every C-family file of the projects
  for (const std::string &Root : Roots) {
    // The model's walk may not reach every file of the project: then nothing can be sure.
    if (Model.truncated())
      return Why;
    for (const WalkedFile *W : Model.filesUnder(Root))
      if (sourceKindOf(W->Path) != SourceKind::None)
        Includes.emplace(W->Path,
                         reachedIncludeNames(Model.read(W->Path).value_or(std::string()), hipDefines(Flags, W->Path)));
  }
  std::set<std::string> Dropped(DroppedSources.begin(), DroppedSources.end());
  // A file in a folder only the CUDA build enters (a CUDA plugin, the CUDA platform's tests) is not
  // compiled by the HIP build either, whether or not this run walked it.
  std::set<std::string> InCudaFolder;
  for (const auto &[Path, Incs] : Includes)
    if (!cudaOnlyFolderOf(Model, Path).empty())
      InCudaFolder.insert(Path);
  for (const std::string &H : Headers)
    if (!cudaOnlyFolderOf(Model, H).empty())
      InCudaFolder.insert(H);
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const std::string &H : Headers) {
      if (Dropped.count(H))
        continue;
      std::string Name = fs::path(H).filename().string();
      std::string By;
      bool Other = false;
      for (const auto &[Path, Incs] : Includes) {
        for (const std::string &Inc : Incs) {
          if (fs::path(Inc).filename().string() != Name)
            continue;
          // A header's include of its own name is another file (an include guard would make it
          // nothing otherwise): it neither keeps nor drops the header.
          if (Path == H)
            continue;
          bool FromDropped = Dropped.count(Path) || InCudaFolder.count(Path);
          if (FromDropped && spelledAs(Inc, Path, H))
            By = Path;
          else if (!FromDropped && !besideIncluderElsewhere(Inc, Path, H))
            Other = true;
        }
        if (Other)
          break;
      }
      // A header in a folder only the CUDA build enters goes when nothing else includes it, even
      // when nothing includes it at all (the platform's own headers, read through each other).
      if (By.empty() && !Other && InCudaFolder.count(H))
        By = H;
      if (!By.empty() && !Other) {
        Dropped.insert(H);
        Why[H] = By;
        Changed = true;
      }
    }
  }
  return Why;
}

} // namespace rocmtidy::project
