#ifndef ROCM_TIDY_CORE_GPUTARGETS_H
#define ROCM_TIDY_CORE_GPUTARGETS_H

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rocmtidy {

/// Facts about one AMD GPU target, read from lib/data/gpu_targets.json.
struct GpuTarget {
  std::string Name;                  // LLVM processor name, e.g. "gfx90a"
  std::string Family;                // e.g. "CDNA2"
  std::vector<std::string> Products; // marketing names
  std::vector<unsigned> WavefrontSizes; // default first
  unsigned LdsBytes = 0;             // LDS one workgroup may allocate
  unsigned MaxWorkgroupSize = 0;
  std::string ParseAs;               // processor clang 19 compiles for instead ("" = Name)

  const std::string &offloadArch() const { return ParseAs.empty() ? Name : ParseAs; }

  unsigned defaultWavefront() const { return WavefrontSizes.empty() ? 64 : WavefrontSizes.front(); }
  unsigned largestWavefront() const;
  /// "gfx90a (MI210/MI250/MI250X)".
  std::string displayName() const;
};

/// The whole table. Parsed once from the embedded JSON.
const std::vector<GpuTarget> &allGpuTargets();
const GpuTarget *findGpuTarget(std::string_view Name);

/// \p Name itself when the table has it, else the table's first target of the same generation
/// (the digits but the last two: gfx1151 and gfx1102 are read as gfx1100, gfx900 as gfx906, whose
/// wavefront, LDS and workgroup limits they share); nullptr when the table has none.
const GpuTarget *sameGenerationGpuTarget(std::string_view Name);

/// Parse a target list as written in options and on the command line
/// ("gfx90a;gfx942" or "gfx90a,gfx942"). Unknown names are returned in \p Unknown and skipped.
std::vector<const GpuTarget *> parseGpuTargetList(std::string_view List, std::vector<std::string> &Unknown);

/// The target a device pass is parsed for when a run selects \p Selected: the newest 64-lane one in the
/// table's order, because `#if __gfx90a__ || ...` width lists written before a GPU existed leave exactly
/// that GPU in their 32-lane branch; the first target when none is 64-lane; nullptr for an empty list.
const GpuTarget *deviceParseTarget(const std::vector<const GpuTarget *> &Selected);

/// Parse a JSON document in the gpu_targets.json format; used by allGpuTargets() and tests.
/// Returns std::nullopt and sets \p Error when the document is malformed.
std::optional<std::vector<GpuTarget>> parseGpuTargetsJson(std::string_view Json, std::string &Error);

inline constexpr const char *DefaultGpuTargets = "gfx90a;gfx942";

} // namespace rocmtidy

#endif
