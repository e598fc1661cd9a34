#include "core/PtxTable.h"
#include "core/EmbeddedData.h"
#include "core/JsonTable.h"

namespace rocmtidy {

static const std::string *find(const std::map<std::string, std::string, std::less<>> &M, std::string_view Key) {
  auto It = M.find(Key);
  return It == M.end() ? nullptr : &It->second;
}

const std::string *PtxTable::opcodeRemedy(std::string_view Opcode) const { return find(Opcodes, Opcode); }
const std::string *PtxTable::registerRemedy(std::string_view Name) const { return find(SpecialRegisters, Name); }

// A JSON object of non-empty strings (name -> remedy).
static bool readRemedies(const nlohmann::json &J, std::map<std::string, std::string, std::less<>> &Out) {
  if (!J.is_object() || J.empty())
    return false;
  for (const auto &[Name, Remedy] : J.items()) {
    if (Name.empty() || !Remedy.is_string() || Remedy.get<std::string>().empty())
      return false;
    Out.emplace(Name, Remedy.get<std::string>());
  }
  return true;
}

std::optional<PtxTable> parsePtxTableJson(std::string_view Json, std::string &Error) {
  std::optional<nlohmann::json> Doc = parseTableDocument(Json, "PTX table", "opcodes", Error, /*KeyIsObject=*/true);
  if (!Doc)
    return std::nullopt;
  PtxTable T;
  std::vector<std::string> Suffixes, Directives;
  if (!readRemedies((*Doc)["opcodes"], T.Opcodes)) {
    Error = "'opcodes' needs a non-empty object of opcode -> remedy strings";
    return std::nullopt;
  }
  if (!Doc->contains("special_registers") || !readRemedies((*Doc)["special_registers"], T.SpecialRegisters)) {
    Error = "'special_registers' needs a non-empty object of register -> remedy strings";
    return std::nullopt;
  }
  if (!Doc->contains("suffixes") || !readStringArray((*Doc)["suffixes"], Suffixes) || Suffixes.empty() ||
      !Doc->contains("directives") || !readStringArray((*Doc)["directives"], Directives)) {
    Error = "'suffixes' and 'directives' need arrays of strings";
    return std::nullopt;
  }
  T.Suffixes.insert(Suffixes.begin(), Suffixes.end());
  T.Directives.insert(Directives.begin(), Directives.end());
  return T;
}

const PtxTable &ptxTable() {
  static const PtxTable Table = parseBuiltinTable("ptx.json", parsePtxTableJson);
  return Table;
}

} // namespace rocmtidy
