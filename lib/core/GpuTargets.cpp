#include "core/GpuTargets.h"
#include "core/EmbeddedData.h"
#include "core/JsonTable.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>

namespace rocmtidy {

unsigned GpuTarget::largestWavefront() const {
  unsigned Max = 0;
  for (unsigned W : WavefrontSizes)
    Max = std::max(Max, W);
  return Max ? Max : 64;
}

std::string GpuTarget::displayName() const {
  std::string S = Name;
  if (!Products.empty()) {
    S += " (";
    for (size_t I = 0; I < Products.size(); ++I) {
      if (I)
        S += '/';
      S += Products[I];
    }
    S += ')';
  }
  return S;
}

std::optional<std::vector<GpuTarget>> parseGpuTargetsJson(std::string_view Json, std::string &Error) {
  std::optional<nlohmann::json> Doc = parseTableDocument(Json, "gpu targets table", "targets", Error);
  if (!Doc)
    return std::nullopt;
  std::vector<GpuTarget> Out;
  for (const auto &E : (*Doc)["targets"]) {
    GpuTarget T;
    if (!E.is_object() || !E.contains("name") || !E["name"].is_string() || !E.contains("wavefront_sizes") ||
        !E["wavefront_sizes"].is_array() || !E.contains("lds_bytes") || !E["lds_bytes"].is_number_unsigned() ||
        !E.contains("max_workgroup_size") || !E["max_workgroup_size"].is_number_unsigned()) {
      Error = "gpu targets entry " + std::to_string(Out.size()) +
              " needs 'name', 'wavefront_sizes', 'lds_bytes' and 'max_workgroup_size'";
      return std::nullopt;
    }
    T.Name = E["name"].get<std::string>();
    T.Family = E.value("family", "");
    if (E.contains("products") && E["products"].is_array())
      for (const auto &P : E["products"])
        if (P.is_string())
          T.Products.push_back(P.get<std::string>());
    for (const auto &W : E["wavefront_sizes"]) {
      if (!W.is_number_unsigned() || (W.get<unsigned>() != 32 && W.get<unsigned>() != 64)) {
        Error = "gpu target '" + T.Name + "': wavefront sizes must be 32 or 64";
        return std::nullopt;
      }
      T.WavefrontSizes.push_back(W.get<unsigned>());
    }
    if (T.WavefrontSizes.empty()) {
      Error = "gpu target '" + T.Name + "' lists no wavefront size";
      return std::nullopt;
    }
    T.LdsBytes = E["lds_bytes"].get<unsigned>();
    T.MaxWorkgroupSize = E["max_workgroup_size"].get<unsigned>();
    T.ParseAs = E.value("parse_as", "");
    Out.push_back(std::move(T));
  }
  return Out;
}

const std::vector<GpuTarget> &allGpuTargets() {
  static const std::vector<GpuTarget> Table = parseBuiltinTable("gpu_targets.json", parseGpuTargetsJson);
  return Table;
}

const GpuTarget *findGpuTarget(std::string_view Name) {
  for (const GpuTarget &T : allGpuTargets())
    if (T.Name == Name)
      return &T;
  return nullptr;
}

// The generation of a processor name: its digits but the last two ("gfx1151" -> "11", "gfx90c" -> "9").
static std::string_view generationOf(std::string_view Name) {
  if (Name.size() < 6 || Name.substr(0, 3) != "gfx")
    return {};
  return Name.substr(3, Name.size() - 5);
}

const GpuTarget *sameGenerationGpuTarget(std::string_view Name) {
  if (const GpuTarget *T = findGpuTarget(Name))
    return T;
  std::string_view G = generationOf(Name);
  if (G.empty())
    return nullptr;
  for (const GpuTarget &T : allGpuTargets())
    if (generationOf(T.Name) == G)
      return &T;
  return nullptr;
}

std::vector<const GpuTarget *> parseGpuTargetList(std::string_view List, std::vector<std::string> &Unknown) {
  std::vector<const GpuTarget *> Out;
  llvm::SmallVector<llvm::StringRef, 4> Items;
  llvm::SplitString(llvm::StringRef(List.data(), List.size()), Items, ";,");
  for (llvm::StringRef Listed : Items) {
    std::string_view Item(Listed.trim(" \t"));
    // Accept target IDs with feature suffixes ("gfx90a:xnack+") as the compiler does.
    std::string_view Base = Item.substr(0, Item.find(':'));
    if (!Base.empty()) {
      if (const GpuTarget *T = findGpuTarget(Base)) {
        if (std::find(Out.begin(), Out.end(), T) == Out.end())
          Out.push_back(T);
      } else {
        Unknown.emplace_back(Item);
      }
    }
  }
  return Out;
}

const GpuTarget *deviceParseTarget(const std::vector<const GpuTarget *> &Selected) {
  const GpuTarget *Newest64 = nullptr;
  for (const GpuTarget *T : Selected)
    if (T->defaultWavefront() == 64 && (!Newest64 || T > Newest64))
      Newest64 = T;
  if (Newest64)
    return Newest64;
  return Selected.empty() ? nullptr : Selected.front();
}

} // namespace rocmtidy
