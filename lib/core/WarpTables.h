#ifndef ROCM_TIDY_CORE_WARPTABLES_H
#define ROCM_TIDY_CORE_WARPTABLES_H

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rocmtidy {

struct GpuTarget;

/// One shuffle function: where its lane argument (offset, xor mask or source lane) and its width
/// argument sit.
struct ShuffleInfo {
  enum class Kind { Index, Up, Down, Xor };
  std::string Name;
  Kind Op = Kind::Index;
  unsigned LaneArg = 1;
  unsigned WidthArg = 2;
  /// A wrapper a widely used library defines (PyTorch's WARP_SHFL family, whose width defaults
  /// to warpSize): read as this shuffle only where its header is missing from the parse and the
  /// call names nothing; with the header, the wrapper's own body says what it does.
  bool Library = false;
  bool isSync() const { return LaneArg == 2; }
  /// WidthArg of a shuffle whose width is its function template's first argument.
  static constexpr unsigned WidthInTemplate = ~0u;
};

/// A 32-bit bit function and its 64-bit form.
struct BitOp32 {
  std::string Name;
  std::string Wide;
  bool SafeRename = false;
};

/// A HIP platform macro a ROCm release stopped defining, and the one that took its place.
struct RemovedPlatformMacro {
  std::string Name;
  std::string Replacement;
  std::string RemovedIn;
};

/// The cross-lane intrinsics and platform macros of lib/data/warp_intrinsics.json.
struct WarpTables {
  std::vector<ShuffleInfo> Shuffles;
  std::vector<std::string> LaneMaskResults, FullWavefront, TakesMask;
  std::vector<BitOp32> BitOps;
  std::vector<std::string> AmdPlatformMacros, CudaPlatformMacros, DefaultProjectPlatformMacros;
  /// Name prefixes of matrix-core builtins (MFMA, WMMA): a 32x32 tile layout, not a warp width.
  std::vector<std::string> MatrixCorePrefixes;
  std::string WarpSizeNameRegex;
  std::vector<RemovedPlatformMacro> RemovedPlatformMacros;

  const ShuffleInfo *shuffle(std::string_view Name) const;
  /// Library shuffles whose width is their first template argument, by qualified name.
  std::vector<ShuffleInfo> TemplateWidthShuffles;
  const ShuffleInfo *templateWidthShuffle(std::string_view QualifiedName) const;
  const BitOp32 *bitOp(std::string_view Name) const;
  bool returnsLaneMask(std::string_view Name) const;
  bool isFullWavefront(std::string_view Name) const;
  /// Full-wavefront operations that only vote (ballots, any/all, the active mask): no lane's value
  /// reaches another lane through them.
  std::vector<std::string> Votes;
  bool isVote(std::string_view Name) const;
  bool takesMask(std::string_view Name) const;
  bool isMatrixCore(std::string_view Name) const;
  /// Name endings of matrix-core builtins that need a 32-lane wavefront ('_w32'), and other builtins
  /// that need one, by name ('__builtin_amdgcn_ballot_w32').
  std::vector<std::string> Wave32OnlySuffixes, Wave32OnlyBuiltins;
  bool isWave32OnlyBuiltin(std::string_view Name) const;
  /// Cross-lane builtins confined to 32-lane groups (ds_swizzle), and the other cross-lane builtins.
  std::vector<std::string> HalfConfinedBuiltins, LaneCrossingBuiltins;
  bool isHalfConfined(std::string_view Name) const;
  bool isLaneCrossingBuiltin(std::string_view Name) const;
  /// Qualified names ('rocwmma::mma_sync') of fragment operations the whole wavefront performs.
  std::vector<std::string> WavefrontFragmentOps;
  bool isWavefrontFragmentOp(std::string_view QualifiedName) const;
  /// Qualified names ('hipcub::WarpReduce') of library classes whose calls are one collective operation
  /// over as many lanes as their second template argument says.
  std::vector<std::string> WarpCollectiveClasses;
  bool isWarpCollectiveClass(std::string_view QualifiedName) const;
  bool isAmdPlatformMacro(std::string_view Name) const;
  bool isCudaPlatformMacro(std::string_view Name) const;
  const RemovedPlatformMacro *removedPlatformMacro(std::string_view Name) const;
};

/// The built-in table, parsed once.
const WarpTables &warpTables();

/// Parses a document in the warp_intrinsics.json format; std::nullopt and \p Error when malformed.
std::optional<WarpTables> parseWarpTablesJson(std::string_view Json, std::string &Error);

/// The macros a device pass for \p T defines for the target itself: "__gfx90a__" and the family
/// macro "__GFX9__" (the processor number without its last two characters).
std::vector<std::string> macrosOfTarget(const GpuTarget &T);

/// Per-target macros of every target in gpu_targets.json (macrosOfTarget of each, once).
const std::vector<std::string> &perTargetMacros();

/// The vendor platform macros (AMD, then NVIDIA) and the default project platform macros of the
/// table, ';'-separated: the default of a check option that lists every macro whose test marks a
/// platform switch (the PlatformMacros of rocm-cuda-header, rocm-inline-ptx and rocm-launch-bounds).
std::string allPlatformMacrosSpelling();
/// The default project platform macros as one option value (';'-separated): the default of the
/// PlatformMacros option of every check that reads platform guards.
std::string defaultProjectPlatformMacrosSpelling();

} // namespace rocmtidy

#endif
