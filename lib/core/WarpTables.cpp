#include "core/WarpTables.h"
#include "core/EmbeddedData.h"
#include "core/GpuTargets.h"

#include <algorithm>
#include <nlohmann/json.hpp>

namespace rocmtidy {

namespace {
bool contains(const std::vector<std::string> &List, std::string_view Name) {
  return std::find(List.begin(), List.end(), Name) != List.end();
}
bool shuffleKind(const std::string &Kind, ShuffleInfo::Kind &Op, std::string &Error) {
  if (Kind == "index")
    Op = ShuffleInfo::Kind::Index;
  else if (Kind == "up")
    Op = ShuffleInfo::Kind::Up;
  else if (Kind == "down")
    Op = ShuffleInfo::Kind::Down;
  else if (Kind == "xor")
    Op = ShuffleInfo::Kind::Xor;
  else {
    Error = "unknown shuffle kind '" + Kind + "'";
    return false;
  }
  return true;
}
// One array of shuffles. In 'template_width_shuffles' (hipCUB's 'ShuffleIndex<LOGICAL_WARP_THREADS>(v,
// src, mask)') the width is the template's first argument, so an entry has no 'width'.
bool readShuffles(const nlohmann::json &Doc, const char *Key, bool Required, std::vector<ShuffleInfo> &Out,
                  std::string &Error) {
  auto It = Doc.find(Key);
  if (It == Doc.end() && !Required)
    return true;
  if (It == Doc.end() || !It->is_array()) {
    Error = std::string("missing array '") + Key + "'";
    return false;
  }
  const bool TemplateWidth = std::string_view(Key) == "template_width_shuffles";
  for (const auto &S : *It) {
    auto has = [&](const char *F, bool Unsigned) {
      return S.contains(F) && (Unsigned ? S[F].is_number_unsigned() : S[F].is_string());
    };
    if (!S.is_object() || !has("name", false) || !has("kind", false) || !has("lane", true) ||
        (!TemplateWidth && !has("width", true))) {
      Error = std::string("malformed entry in '") + Key + "'";
      return false;
    }
    ShuffleInfo I;
    I.Name = S["name"].get<std::string>();
    if (!shuffleKind(S["kind"].get<std::string>(), I.Op, Error))
      return false;
    I.LaneArg = S["lane"].get<unsigned>();
    I.WidthArg = TemplateWidth ? ShuffleInfo::WidthInTemplate : S["width"].get<unsigned>();
    if (S.contains("library")) {
      if (!S["library"].is_boolean()) {
        Error = "shuffle '" + I.Name + "': 'library' must be true or false";
        return false;
      }
      I.Library = S["library"].get<bool>();
    }
    if (!TemplateWidth && I.WidthArg != I.LaneArg + 1) {
      Error = "shuffle '" + I.Name + "': the width must follow the lane argument";
      return false;
    }
    Out.push_back(std::move(I));
  }
  return true;
}
} // namespace

const ShuffleInfo *WarpTables::templateWidthShuffle(std::string_view QualifiedName) const {
  for (const ShuffleInfo &S : TemplateWidthShuffles)
    if (S.Name == QualifiedName)
      return &S;
  return nullptr;
}
const ShuffleInfo *WarpTables::shuffle(std::string_view Name) const {
  for (const ShuffleInfo &S : Shuffles)
    if (S.Name == Name)
      return &S;
  return nullptr;
}
const BitOp32 *WarpTables::bitOp(std::string_view Name) const {
  for (const BitOp32 &B : BitOps)
    if (B.Name == Name)
      return &B;
  return nullptr;
}
bool WarpTables::returnsLaneMask(std::string_view Name) const { return contains(LaneMaskResults, Name); }
bool WarpTables::isFullWavefront(std::string_view Name) const { return contains(FullWavefront, Name); }
bool WarpTables::takesMask(std::string_view Name) const { return contains(TakesMask, Name); }
bool WarpTables::isMatrixCore(std::string_view Name) const {
  return std::any_of(MatrixCorePrefixes.begin(), MatrixCorePrefixes.end(),
                     [&](const std::string &P) { return Name.substr(0, P.size()) == P; });
}
bool WarpTables::isWave32OnlyBuiltin(std::string_view Name) const {
  if (contains(Wave32OnlyBuiltins, Name))
    return true;
  return isMatrixCore(Name) &&
         std::any_of(Wave32OnlySuffixes.begin(), Wave32OnlySuffixes.end(), [&](const std::string &S) {
           return Name.size() > S.size() && Name.substr(Name.size() - S.size()) == S;
         });
}
bool WarpTables::isVote(std::string_view Name) const { return contains(Votes, Name); }
bool WarpTables::isHalfConfined(std::string_view Name) const { return contains(HalfConfinedBuiltins, Name); }
bool WarpTables::isLaneCrossingBuiltin(std::string_view Name) const { return contains(LaneCrossingBuiltins, Name); }
bool WarpTables::isWavefrontFragmentOp(std::string_view QualifiedName) const {
  return contains(WavefrontFragmentOps, QualifiedName);
}

bool WarpTables::isWarpCollectiveClass(std::string_view QualifiedName) const {
  return contains(WarpCollectiveClasses, QualifiedName);
}
bool WarpTables::isAmdPlatformMacro(std::string_view Name) const { return contains(AmdPlatformMacros, Name); }
bool WarpTables::isCudaPlatformMacro(std::string_view Name) const { return contains(CudaPlatformMacros, Name); }
const RemovedPlatformMacro *WarpTables::removedPlatformMacro(std::string_view Name) const {
  for (const RemovedPlatformMacro &M : RemovedPlatformMacros)
    if (M.Name == Name)
      return &M;
  return nullptr;
}

std::optional<WarpTables> parseWarpTablesJson(std::string_view Json, std::string &Error) {
  nlohmann::json Doc = nlohmann::json::parse(Json.begin(), Json.end(), nullptr, /*allow_exceptions=*/false);
  if (!Doc.is_object()) {
    Error = "not a JSON object";
    return std::nullopt;
  }
  WarpTables T;
  auto strings = [&](const char *Key, std::vector<std::string> &Out) {
    auto It = Doc.find(Key);
    if (It == Doc.end() || !It->is_array()) {
      Error = std::string("missing array '") + Key + "'";
      return false;
    }
    for (const auto &V : *It) {
      if (!V.is_string()) {
        Error = std::string("non-string entry in '") + Key + "'";
        return false;
      }
      Out.push_back(V.get<std::string>());
    }
    return true;
  };
  if (!strings("lane_mask_results", T.LaneMaskResults) || !strings("full_wavefront", T.FullWavefront) ||
      !strings("takes_mask", T.TakesMask) || !strings("amd_platform_macros", T.AmdPlatformMacros) ||
      !strings("cuda_platform_macros", T.CudaPlatformMacros) ||
      !strings("default_project_platform_macros", T.DefaultProjectPlatformMacros))
    return std::nullopt;
  // Optional: a table without it treats no builtin as a matrix-core operation.
  if (Doc.contains("matrix_core_prefixes") && !strings("matrix_core_prefixes", T.MatrixCorePrefixes))
    return std::nullopt;
  if (Doc.contains("wave32_only_suffixes") && !strings("wave32_only_suffixes", T.Wave32OnlySuffixes))
    return std::nullopt;
  if (Doc.contains("wave32_only_builtins") && !strings("wave32_only_builtins", T.Wave32OnlyBuiltins))
    return std::nullopt;
  // Optional: a table without it counts every full-wavefront operation as one that moves values.
  if (Doc.contains("votes") && !strings("votes", T.Votes))
    return std::nullopt;
  if (Doc.contains("half_confined_builtins") && !strings("half_confined_builtins", T.HalfConfinedBuiltins))
    return std::nullopt;
  if (Doc.contains("lane_crossing_builtins") && !strings("lane_crossing_builtins", T.LaneCrossingBuiltins))
    return std::nullopt;
  if (Doc.contains("wavefront_fragment_ops") && !strings("wavefront_fragment_ops", T.WavefrontFragmentOps))
    return std::nullopt;
  if (Doc.contains("warp_collective_classes") && !strings("warp_collective_classes", T.WarpCollectiveClasses))
    return std::nullopt;
  if (!readShuffles(Doc, "shuffles", /*Required=*/true, T.Shuffles, Error) ||
      !readShuffles(Doc, "template_width_shuffles", /*Required=*/false, T.TemplateWidthShuffles, Error))
    return std::nullopt;
  auto Bits = Doc.find("bit_ops_32");
  if (Bits == Doc.end() || !Bits->is_array()) {
    Error = "missing array 'bit_ops_32'";
    return std::nullopt;
  }
  for (const auto &B : *Bits) {
    if (!B.is_object() || !B.contains("name") || !B["name"].is_string() || !B.contains("wide") ||
        !B["wide"].is_string() || !B.contains("safe_rename") || !B["safe_rename"].is_boolean()) {
      Error = "malformed entry in 'bit_ops_32'";
      return std::nullopt;
    }
    T.BitOps.push_back({B["name"].get<std::string>(), B["wide"].get<std::string>(), B["safe_rename"].get<bool>()});
  }
  auto Regex = Doc.find("warp_size_name_regex");
  if (Regex == Doc.end() || !Regex->is_string()) {
    Error = "missing string 'warp_size_name_regex'";
    return std::nullopt;
  }
  T.WarpSizeNameRegex = Regex->get<std::string>();
  auto Removed = Doc.find("removed_platform_macros");
  if (Removed == Doc.end() || !Removed->is_array()) {
    Error = "missing array 'removed_platform_macros'";
    return std::nullopt;
  }
  for (const auto &R : *Removed) {
    auto text = [&](const char *Key) { return R.is_object() && R.contains(Key) && R[Key].is_string(); };
    if (!text("name") || !text("replacement") || !text("removed_in")) {
      Error = "malformed entry in 'removed_platform_macros'";
      return std::nullopt;
    }
    T.RemovedPlatformMacros.push_back(
        {R["name"].get<std::string>(), R["replacement"].get<std::string>(), R["removed_in"].get<std::string>()});
  }
  return T;
}

const WarpTables &warpTables() {
  static const WarpTables Tables = parseBuiltinTable("warp_intrinsics.json", parseWarpTablesJson);
  return Tables;
}

std::vector<std::string> macrosOfTarget(const GpuTarget &T) {
  std::vector<std::string> Out{"__" + T.Name + "__"};
  // gfx90a -> __GFX9__, gfx1030 -> __GFX10__.
  if (T.Name.size() > 5 && T.Name.compare(0, 3, "gfx") == 0)
    Out.push_back("__GFX" + T.Name.substr(3, T.Name.size() - 5) + "__");
  return Out;
}

const std::vector<std::string> &perTargetMacros() {
  static const std::vector<std::string> Macros = [] {
    std::vector<std::string> Out;
    for (const GpuTarget &T : allGpuTargets())
      for (std::string &M : macrosOfTarget(T))
        if (!contains(Out, M))
          Out.push_back(std::move(M));
    return Out;
  }();
  return Macros;
}

std::string allPlatformMacrosSpelling() {
  const WarpTables &T = warpTables();
  std::string S;
  for (const auto *List : {&T.AmdPlatformMacros, &T.CudaPlatformMacros, &T.DefaultProjectPlatformMacros})
    for (const std::string &M : *List)
      S += (S.empty() ? "" : ";") + M;
  return S;
}

std::string defaultProjectPlatformMacrosSpelling() {
  std::string S;
  for (const std::string &M : warpTables().DefaultProjectPlatformMacros)
    S += (S.empty() ? "" : ";") + M;
  return S;
}

} // namespace rocmtidy
