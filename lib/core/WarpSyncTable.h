#ifndef ROCM_TIDY_CORE_WARPSYNCTABLE_H
#define ROCM_TIDY_CORE_WARPSYNCTABLE_H

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rocmtidy {

/// A ROCm release as major.minor; ordered.
struct RocmVersion {
  unsigned Major = 0, Minor = 0;
  bool operator<(const RocmVersion &O) const { return Major != O.Major ? Major < O.Major : Minor < O.Minor; }
  bool operator>=(const RocmVersion &O) const { return !(*this < O); }
  std::string str() const;
  /// The value HIP_VERSION has for this release (major * 10000000 + minor * 100000).
  unsigned long long hipVersion() const;
};

/// "6.2" or "7" (minor 0); std::nullopt for anything else.
std::optional<RocmVersion> parseRocmVersion(std::string_view Text);

/// One CUDA warp-sync builtin and the ROCm versions that declare it.
struct WarpSyncBuiltin {
  std::string Name;
  RocmVersion Since;        ///< first release that has it (with the opt-in macro when < DefaultSince)
  RocmVersion DefaultSince; ///< first release that declares it without the opt-in macro
  std::string Older;        ///< what code for older releases uses instead
  /// HIP's headers define it from Since on as a plain function without parameters, so a
  /// project's own parameterless shim of the name is a second definition there.
  bool DefinedWithoutParameters = false;
  /// HIP's headers define it as a function template whose first parameter is a template type
  /// parameter (the mask: `template <typename MaskT, ...> f(MaskT mask, ...)`) with this many
  /// parameters (0: not defined that way). A project template of the same name and shape at global
  /// scope is a second definition from the release that declares HIP's.
  unsigned MaskTemplateParameters = 0;
  std::vector<std::string> Sources;
};

/// lib/data/warp_sync_builtins.json.
struct WarpSyncTable {
  std::string OptInMacro;
  std::vector<std::string> VersionMacros;
  std::vector<WarpSyncBuiltin> Builtins;
  std::vector<std::pair<std::string, std::string>> Sources; ///< key, text

  const WarpSyncBuiltin *find(std::string_view Name) const;
};

/// The built-in table, parsed once.
const WarpSyncTable &warpSyncTable();

/// Parses a document in the warp_sync_builtins.json format; std::nullopt and \p Error when malformed.
std::optional<WarpSyncTable> parseWarpSyncTableJson(std::string_view Json, std::string &Error);

} // namespace rocmtidy

#endif
