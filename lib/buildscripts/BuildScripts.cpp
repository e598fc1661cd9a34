#include "buildscripts/BuildScripts.h"
#include "buildscripts/ScriptCommon.h"
#include "core/BuildSwitches.h"
#include "core/CheckCatalog.h"
#include "core/SourceKinds.h"
#include "core/StringUtil.h"

namespace rocmtidy::buildscripts {

namespace {

/// `makefile.hip`, `Makefile.cuda`: a Makefile named for one backend (`make -f makefile.hip`), by
/// the backend values of lib/data/build_switches.json. Other suffixes (Makefile.am, Makefile.in,
/// Makefile.win) are other tools' inputs.
bool isBackendMakefile(std::string_view Base) {
  if (!isMakefileVariantName(llvm::StringRef(Base.data(), Base.size())))
    return false;
  std::string Suffix = asciiLower(Base.substr(Base.find('.') + 1));
  const BuildSwitchTable &T = buildSwitchTable();
  return T.CudaValues.count(Suffix) || T.HipValues.count(Suffix);
}

// A configuration a Makefile includes, named as the Parallel Research Kernels and NPB name theirs:
// make.defs, make.def, make.inc, and a backend's make.defs.hip or make.inc.cuda (which the source
// extension alone would take for a HIP or CUDA source).
bool isMakeConfigName(std::string_view Base) {
  std::string L = asciiLower(Base);
  if (L.compare(0, 5, "make.") != 0)
    return false;
  std::string_view Rest = std::string_view(L).substr(5);
  size_t Dot = Rest.find('.');
  std::string_view Stem = Rest.substr(0, Dot);
  return Stem == "defs" || Stem == "def" || Stem == "inc" || Stem == "sys" || Stem == "config";
}

} // namespace

ScriptKind scriptKind(std::string_view Path) {
  size_t Slash = Path.find_last_of("/\\");
  std::string_view Base = Slash == std::string_view::npos ? Path : Path.substr(Slash + 1);
  if (Base == "CMakeLists.txt" || (Base.size() > 6 && endsWith(Base, ".cmake")))
    return ScriptKind::CMake;
  if (Base == "Makefile" || Base == "makefile" || Base == "GNUmakefile" || (Base.size() > 3 && endsWith(Base, ".mk")) ||
      isBackendMakefile(Base) || isMakeConfigName(Base))
    return ScriptKind::Make;
  if (Base == "setup.py" || Base == "pyproject.toml")
    return ScriptKind::SetupPy;
  return ScriptKind::None;
}

const std::vector<ScriptRule> &scriptRules() {
  // The summaries live once, in lib/data/checks.json.
  static const std::vector<ScriptRule> Rules = [] {
    std::vector<ScriptRule> R;
    for (std::string_view Id : {"rocm-make-hardcoded-toolkit-path", "rocm-make-nvcc-flag", "rocm-make-raw-link-flag",
                                "rocm-pyext-cuda-library", "rocm-pyext-nvcc-flag", "rocm-pyext-toolkit-path"})
      R.push_back({std::string(Id), checkSummary(Id)});
    return R;
  }();
  return Rules;
}

} // namespace rocmtidy::buildscripts
