#include "core/WarpSyncTable.h"
#include "core/EmbeddedData.h"

#include <nlohmann/json.hpp>

namespace rocmtidy {

std::string RocmVersion::str() const { return std::to_string(Major) + "." + std::to_string(Minor); }

unsigned long long RocmVersion::hipVersion() const { return Major * 10000000ULL + Minor * 100000ULL; }

std::optional<RocmVersion> parseRocmVersion(std::string_view Text) {
  auto number = [](std::string_view S) -> std::optional<unsigned> {
    if (S.empty() || S.size() > 3)
      return std::nullopt;
    unsigned V = 0;
    for (char C : S) {
      if (C < '0' || C > '9')
        return std::nullopt;
      V = V * 10 + unsigned(C - '0');
    }
    return V;
  };
  size_t Dot = Text.find('.');
  std::optional<unsigned> Major = number(Text.substr(0, Dot));
  std::optional<unsigned> Minor =
      Dot == std::string_view::npos ? std::optional<unsigned>(0) : number(Text.substr(Dot + 1));
  if (!Major || !Minor)
    return std::nullopt;
  return RocmVersion{*Major, *Minor};
}

const WarpSyncBuiltin *WarpSyncTable::find(std::string_view Name) const {
  for (const WarpSyncBuiltin &B : Builtins)
    if (B.Name == Name)
      return &B;
  return nullptr;
}

std::optional<WarpSyncTable> parseWarpSyncTableJson(std::string_view Json, std::string &Error) {
  nlohmann::json Doc = nlohmann::json::parse(Json.begin(), Json.end(), nullptr, /*allow_exceptions=*/false);
  if (!Doc.is_object()) {
    Error = "not a JSON object";
    return std::nullopt;
  }
  WarpSyncTable T;
  auto Sources = Doc.find("sources");
  if (Sources == Doc.end() || !Sources->is_object()) {
    Error = "missing object 'sources'";
    return std::nullopt;
  }
  for (auto It = Sources->begin(); It != Sources->end(); ++It) {
    if (!It->is_string()) {
      Error = "non-string source '" + It.key() + "'";
      return std::nullopt;
    }
    T.Sources.emplace_back(It.key(), It->get<std::string>());
  }
  auto OptIn = Doc.find("opt_in_macro");
  if (OptIn == Doc.end() || !OptIn->is_string()) {
    Error = "missing string 'opt_in_macro'";
    return std::nullopt;
  }
  T.OptInMacro = OptIn->get<std::string>();
  auto Macros = Doc.find("version_macros");
  if (Macros == Doc.end() || !Macros->is_array()) {
    Error = "missing array 'version_macros'";
    return std::nullopt;
  }
  for (const auto &M : *Macros) {
    if (!M.is_string()) {
      Error = "non-string entry in 'version_macros'";
      return std::nullopt;
    }
    T.VersionMacros.push_back(M.get<std::string>());
  }
  auto Builtins = Doc.find("builtins");
  if (Builtins == Doc.end() || !Builtins->is_array()) {
    Error = "missing array 'builtins'";
    return std::nullopt;
  }
  for (const auto &B : *Builtins) {
    auto str = [&](const char *Key) -> std::optional<std::string> {
      if (!B.is_object() || !B.contains(Key) || !B[Key].is_string())
        return std::nullopt;
      return B[Key].get<std::string>();
    };
    std::optional<std::string> Name = str("name"), Since = str("since"), Default = str("default_since"),
                               Older = str("older");
    if (!Name || !Since || !Default || !Older) {
      Error = "malformed entry in 'builtins'";
      return std::nullopt;
    }
    WarpSyncBuiltin W;
    W.Name = *Name;
    W.Older = *Older;
    std::optional<RocmVersion> S = parseRocmVersion(*Since), D = parseRocmVersion(*Default);
    if (!S || !D || *D < *S) {
      Error = "builtin '" + W.Name + "': 'since' and 'default_since' must be versions, since <= default_since";
      return std::nullopt;
    }
    W.Since = *S;
    W.DefaultSince = *D;
    if (B.contains("defined_without_parameters")) {
      if (!B["defined_without_parameters"].is_boolean()) {
        Error = "builtin '" + W.Name + "': 'defined_without_parameters' must be true or false";
        return std::nullopt;
      }
      W.DefinedWithoutParameters = B["defined_without_parameters"].get<bool>();
    }
    if (B.contains("mask_template_parameters")) {
      const auto &N = B["mask_template_parameters"];
      if (!N.is_number_unsigned() || N.get<unsigned>() == 0 || N.get<unsigned>() > 8) {
        Error = "builtin '" + W.Name + "': 'mask_template_parameters' must be a count from 1 to 8";
        return std::nullopt;
      }
      W.MaskTemplateParameters = N.get<unsigned>();
    }
    if (B.contains("sources")) {
      if (!B["sources"].is_array()) {
        Error = "builtin '" + W.Name + "': 'sources' must be an array";
        return std::nullopt;
      }
      for (const auto &Key : B["sources"]) {
        bool Known = Key.is_string() && Sources->contains(Key.get<std::string>());
        if (!Known) {
          Error = "builtin '" + W.Name + "': unknown source";
          return std::nullopt;
        }
        W.Sources.push_back(Key.get<std::string>());
      }
    }
    T.Builtins.push_back(std::move(W));
  }
  return T;
}

const WarpSyncTable &warpSyncTable() {
  static const WarpSyncTable Table = parseBuiltinTable("warp_sync_builtins.json", parseWarpSyncTableJson);
  return Table;
}

} // namespace rocmtidy
