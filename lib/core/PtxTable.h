#ifndef ROCM_TIDY_CORE_PTXTABLE_H
#define ROCM_TIDY_CORE_PTXTABLE_H

#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>

namespace rocmtidy {

/// lib/data/ptx.json: what marks an asm template as PTX, and what replaces each part in HIP.
struct PtxTable {
  std::map<std::string, std::string, std::less<>> Opcodes;          ///< opcode -> HIP remedy
  std::set<std::string, std::less<>> Suffixes;                      ///< dot-suffixes only PTX uses
  std::set<std::string, std::less<>> Directives;                    ///< ".reg", ".shared", ... without the dot
  std::map<std::string, std::string, std::less<>> SpecialRegisters; ///< name (no %%) -> HIP remedy

  /// The HIP remedy of an opcode or a special register; nullptr when the table does not list it.
  const std::string *opcodeRemedy(std::string_view Opcode) const;
  const std::string *registerRemedy(std::string_view Name) const;
};

/// The built-in table, parsed once.
const PtxTable &ptxTable();

/// Parses a document in the ptx.json format; std::nullopt and \p Error when malformed.
std::optional<PtxTable> parsePtxTableJson(std::string_view Json, std::string &Error);

} // namespace rocmtidy

#endif
