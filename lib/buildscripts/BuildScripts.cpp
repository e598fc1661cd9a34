#include "buildscripts/BuildScripts.h"
#include "buildscripts/ScriptCommon.h"
#include "core/CheckCatalog.h"
#include "core/SourceKinds.h"

namespace rocmtidy::buildscripts {

ScriptKind scriptKind(std::string_view Path) {
  size_t Slash = Path.find_last_of("/\\");
  std::string_view Base = Slash == std::string_view::npos ? Path : Path.substr(Slash + 1);
  if (Base == "CMakeLists.txt" || (Base.size() > 6 && endsWith(Base, ".cmake")))
    return ScriptKind::CMake;
  if (Base == "Makefile" || Base == "makefile" || Base == "GNUmakefile" || (Base.size() > 3 && endsWith(Base, ".mk")) ||
      isMakefileVariantName(llvm::StringRef(Base.data(), Base.size())))
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
