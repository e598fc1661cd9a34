#include "core/CudaHeaderMap.h"
#include "core/EmbeddedData.h"
#include "core/JsonTable.h"

#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>

namespace rocmtidy {

const CudaHeaderMapping *CudaHeaderTable::lookup(std::string_view Spelled) const {
  // "./cuda.h" still names the toolkit header when the user's -I points at it.
  while (Spelled.substr(0, 2) == "./")
    Spelled.remove_prefix(2);
  for (const CudaHeaderMapping &M : Headers)
    if (M.Cuda == Spelled)
      return &M;
  const CudaHeaderMapping *Best = nullptr;
  for (const CudaHeaderMapping &R : PrefixRules)
    if (Spelled.substr(0, R.Cuda.size()) == R.Cuda && (!Best || R.Cuda.size() > Best->Cuda.size()))
      Best = &R;
  if (Best)
    if (const QuietPrefix *Q = quietPrefix(Spelled); Q && Q->Prefix.size() > Best->Cuda.size())
      return nullptr;
  return Best;
}

const QuietPrefix *CudaHeaderTable::quietPrefix(std::string_view Spelled) const {
  for (const QuietPrefix &Q : Quiet)
    if (Spelled.substr(0, Q.Prefix.size()) == Q.Prefix)
      return &Q;
  return nullptr;
}

std::optional<CudaHeaderTable> parseCudaHeaderJson(std::string_view Json, std::string &Error) {
  std::optional<nlohmann::json> Doc = parseTableDocument(Json, "cuda header table", "headers", Error);
  if (!Doc)
    return std::nullopt;
  CudaHeaderTable T;
  for (const auto &E : (*Doc)["headers"]) {
    if (!E.is_object() || !E.contains("cuda") || !E["cuda"].is_string() || !E.contains("hip") ||
        !(E["hip"].is_string() || E["hip"].is_null())) {
      Error =
          "cuda header entry " + std::to_string(T.Headers.size()) + " needs 'cuda' (string) and 'hip' (string or null)";
      return std::nullopt;
    }
    CudaHeaderMapping M;
    M.Cuda = E["cuda"].get<std::string>();
    if (E["hip"].is_string())
      M.Hip = E["hip"].get<std::string>();
    if (E.contains("note") && E["note"].is_string())
      M.Note = E["note"].get<std::string>();
    if (E.contains("types")) {
      if (!E["types"].is_object()) {
        Error = "cuda header entry '" + M.Cuda + "': 'types' must map CUDA type names to HIP type names";
        return std::nullopt;
      }
      for (const auto &[Cuda, Hip] : E["types"].items()) {
        if (!Hip.is_string()) {
          Error = "cuda header entry '" + M.Cuda + "': the HIP name of type '" + Cuda + "' must be a string";
          return std::nullopt;
        }
        M.Types.emplace_back(Cuda, Hip.get<std::string>());
      }
    }
    T.Headers.push_back(std::move(M));
  }
  if (Doc->contains("prefix_rules") && (*Doc)["prefix_rules"].is_array()) {
    for (const auto &E : (*Doc)["prefix_rules"]) {
      if (!E.is_object() || !E.contains("prefix") || !E["prefix"].is_string() ||
          E["prefix"].get<std::string>().empty() || !E.contains("hip") ||
          !(E["hip"].is_string() || E["hip"].is_null())) {
        Error = "cuda header prefix rule " + std::to_string(T.PrefixRules.size()) +
                " needs 'prefix' (non-empty string) and 'hip' (string or null)";
        return std::nullopt;
      }
      CudaHeaderMapping R;
      R.Cuda = E["prefix"].get<std::string>();
      if (E["hip"].is_string())
        R.Hip = E["hip"].get<std::string>();
      R.Note = E.value("note", "");
      T.PrefixRules.push_back(std::move(R));
    }
  }
  if (Doc->contains("quiet_prefixes") && (*Doc)["quiet_prefixes"].is_array())
    for (const auto &E : (*Doc)["quiet_prefixes"])
      if (E.is_object() && E.contains("prefix") && E["prefix"].is_string())
        T.Quiet.push_back({E["prefix"].get<std::string>(), E.value("reason", "")});
  return T;
}

const CudaHeaderTable &cudaHeaderTable() {
  static const CudaHeaderTable Table = parseBuiltinTable("cuda_headers.json", parseCudaHeaderJson);
  return Table;
}

} // namespace rocmtidy
