#ifndef ROCM_TIDY_BUILDSCRIPTS_SCRIPTCOMMON_H
#define ROCM_TIDY_BUILDSCRIPTS_SCRIPTCOMMON_H

// What the Makefile and setup.py readers share: the nvcc-flag table (lib/data/nvcc_flags.json),
// toolkit paths, '#' suppression comments and the finding collector.

#include "core/BuildSwitches.h"
#include "core/Finding.h"
#include "core/StringUtil.h"

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace rocmtidy::buildscripts {

/// One row of lib/data/nvcc_flags.json.
struct NvccFlag {
  std::string Spelling;
  enum FormT { Exact, Prefix, Separate } Form = Exact;
  std::string Hip;        // what a HIP compile uses instead; empty: nothing, drop it
  std::string Why;
  std::string ValuePrefix; // Separate: the next token must start with it ("-arch sm_80")
};

struct NvccFlagTable {
  std::vector<NvccFlag> Flags;
  /// The row \p Token matches (for Separate rows, \p Next is the following token), or nullptr.
  const NvccFlag *match(std::string_view Token, std::string_view Next, bool &TakesNext) const;
};

std::optional<NvccFlagTable> parseNvccFlagJson(std::string_view Json, std::string &Error);
const NvccFlagTable &nvccFlagTable();

/// "rocm" or "cuda" when \p Path starts with a literal toolkit installation root (/opt/rocm,
/// /opt/rocm-6.2.0, /usr/local/cuda, /usr/local/cuda-12.4, /opt/cuda), else empty.
std::string_view toolkitRootOf(std::string_view Path);

/// The offset of each literal toolkit root in \p Text where a path starts (after a separator,
/// quote, '=', or -I/-L), with the path's length.
std::vector<std::pair<size_t, size_t>> toolkitPathsIn(std::string_view Text);

/// The replacement text of "-l<name>" for a CUDA library in a HIP build ("hipblas" for
/// "cublas", "amdhip64" for "cudart"), or empty.
std::string rocmLibraryFor(std::string_view CudaName);
/// Whether \p Name (as passed to -l) is a CUDA library of the GPU library table.
bool isCudaLibrary(std::string_view Name);

/// \p S without leading and trailing white space.
std::string_view trim(std::string_view S);

/// The first comma of \p S outside parentheses and braces (a Make function's argument separator), or
/// npos.
size_t topLevelComma(std::string_view S);

/// The platform hipcc builds for in the arm of `ifeq (A,B)` when one side is its platform variable
/// and the other the values of one vendor's platform (build_switches.json): NVIDIA's for
/// `($(HIP_PLATFORM),nvidia)` and `(${HIP_PLATFORM}, $(filter $(HIP_PLATFORM), nvcc nvidia))`.
/// None for any other test. \p Args is what follows ifeq or ifneq.
BuildSwitchTable::Vendor makePlatformCompared(std::string_view Args);

/// Collects findings for one file: line/column from offsets, and '# rocm-lint: disable=RULE'
/// (same line or the line before) and '# rocm-lint: disable-file=RULE' comments.
class FindingSink {
public:
  FindingSink(std::string_view Path, std::string_view Content, std::function<bool(std::string_view)> IsEnabled);
  /// Records a '#' comment starting at \p Offset (its text runs to the end of the line).
  void comment(size_t Offset);
  Finding *emit(std::string_view Rule, size_t Offset, std::string Message);
  void note(Finding *F, size_t Offset, std::string Message);
  /// A note located in another file.
  void noteIn(Finding *F, const std::string &File, unsigned Line, std::string Message);
  struct Position {
    unsigned Line, Column;
  };
  Position locate(size_t Offset) const;
  /// The findings that are not suppressed, in offset order (ties in emission order).
  std::vector<Finding> finish();

private:
  std::string Path;
  std::string_view Content;
  std::function<bool(std::string_view)> IsEnabled;
  std::vector<size_t> LineStarts;
  std::vector<Finding> Findings;
  std::unordered_map<unsigned, std::vector<std::string>> LineRules;
  std::vector<std::string> FileRules;
};

} // namespace rocmtidy::buildscripts

#endif
