#include "core/NvccTranslation.h"
#include "core/EmbeddedData.h"
#include "core/StringUtil.h"

#include <nlohmann/json.hpp>

namespace rocmtidy {

const NvccRule *NvccTranslationTable::match(std::string_view Token) const {
  for (const NvccRule &R : Rules)
    if (R.Form == NvccRule::Prefix ? startsWith(Token, R.Spelling) : Token == R.Spelling)
      return &R;
  return nullptr;
}

std::vector<std::string> NvccTranslationTable::translate(const std::vector<std::string> &Args) const {
  std::vector<std::string> Out;
  for (size_t I = 0; I < Args.size(); ++I) {
    const std::string &A = Args[I];
    const NvccRule *R = match(A);
    if (!R) {
      Out.push_back(A);
      continue;
    }
    std::string Value;
    if (R->Form == NvccRule::Separate) {
      if (I + 1 < Args.size())
        Value = Args[++I];
    } else if (R->Form == NvccRule::Prefix) {
      Value = A.substr(R->Spelling.size());
    }
    switch (R->Action) {
    case NvccRule::Drop:
      break;
    case NvccRule::Replace:
      Out.insert(Out.end(), R->Clang.begin(), R->Clang.end());
      break;
    case NvccRule::Rename:
      Out.push_back(R->Clang.front() + Value);
      break;
    case NvccRule::HostOptions:
      // A -Werror of the host compiler would turn the analysis' own warnings into errors.
      for (size_t Start = 0; Start <= Value.size();) {
        size_t Comma = Value.find(',', Start);
        if (Comma == std::string::npos)
          Comma = Value.size();
        std::string Item = Value.substr(Start, Comma - Start);
        if (!Item.empty() && !startsWith(Item, "-Werror"))
          Out.push_back(std::move(Item));
        Start = Comma + 1;
      }
      break;
    }
  }
  return Out;
}

std::optional<NvccTranslationTable> parseNvccTranslationJson(std::string_view Json, std::string &Error) {
  nlohmann::json Doc = nlohmann::json::parse(Json.begin(), Json.end(), nullptr, /*allow_exceptions=*/false);
  if (Doc.is_discarded() || !Doc.is_object() || !Doc.contains("analysis") || !Doc["analysis"].is_object() ||
      !Doc["analysis"].contains("rules") || !Doc["analysis"]["rules"].is_array()) {
    Error = "nvcc flag table has no 'analysis' object with a 'rules' array";
    return std::nullopt;
  }
  NvccTranslationTable T;
  for (const auto &E : Doc["analysis"]["rules"]) {
    std::string Where = "nvcc analysis rule " + std::to_string(T.Rules.size());
    auto Str = [&](const char *Key) { return E.is_object() && E.contains(Key) && E[Key].is_string(); };
    if (!Str("spelling") || !Str("form") || !Str("action") || !E.contains("clang") || !E["clang"].is_array()) {
      Error = Where + " needs 'spelling', 'form', 'action' and a 'clang' array";
      return std::nullopt;
    }
    NvccRule R;
    R.Spelling = E["spelling"].get<std::string>();
    std::string Form = E["form"].get<std::string>(), Action = E["action"].get<std::string>();
    if (Form == "exact")
      R.Form = NvccRule::Exact;
    else if (Form == "prefix")
      R.Form = NvccRule::Prefix;
    else if (Form == "separate")
      R.Form = NvccRule::Separate;
    else {
      Error = Where + ": form must be exact, prefix or separate";
      return std::nullopt;
    }
    if (Action == "drop")
      R.Action = NvccRule::Drop;
    else if (Action == "replace")
      R.Action = NvccRule::Replace;
    else if (Action == "rename")
      R.Action = NvccRule::Rename;
    else if (Action == "host-options")
      R.Action = NvccRule::HostOptions;
    else {
      Error = Where + ": action must be drop, replace, rename or host-options";
      return std::nullopt;
    }
    for (const auto &C : E["clang"]) {
      if (!C.is_string()) {
        Error = Where + ": 'clang' holds a non-string";
        return std::nullopt;
      }
      R.Clang.push_back(C.get<std::string>());
    }
    if (R.Spelling.empty() || R.Spelling[0] != '-') {
      Error = Where + ": '" + R.Spelling + "' does not start with '-'";
      return std::nullopt;
    }
    bool ClangFits = R.Action == NvccRule::Replace  ? !R.Clang.empty()
                     : R.Action == NvccRule::Rename ? R.Clang.size() == 1 && R.Form == NvccRule::Prefix
                                                    : R.Clang.empty();
    if (!ClangFits) {
      Error = Where + " ('" + R.Spelling +
              "'): 'replace' needs 'clang' arguments, 'rename' one and a prefix form, "
              "'drop' and 'host-options' none";
      return std::nullopt;
    }
    T.Rules.push_back(std::move(R));
  }
  return T;
}

const NvccTranslationTable &nvccTranslationTable() {
  static const NvccTranslationTable Table = parseBuiltinTable("nvcc_flags.json", parseNvccTranslationJson);
  return Table;
}

} // namespace rocmtidy
