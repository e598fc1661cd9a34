#ifndef ROCM_TIDY_CORE_NVCCTRANSLATION_H
#define ROCM_TIDY_CORE_NVCCTRANSLATION_H

// How an nvcc command of a compile database becomes a command clang's driver accepts, from the
// "analysis" table of lib/data/nvcc_flags.json. nvcc options clang rejects would stop the parse
// ("unknown argument"), and most of them do not change what the analysis sees.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rocmtidy {

/// One row of the "analysis" table.
struct NvccRule {
  std::string Spelling;
  enum FormT { Exact, Prefix, Separate } Form = Exact;
  enum ActionT { Drop, Replace, Rename, HostOptions } Action = Drop;
  std::vector<std::string> Clang; // Replace: the arguments; Rename: the new spelling
};

struct NvccTranslationTable {
  std::vector<NvccRule> Rules;
  /// The first row that \p Token matches, or nullptr.
  const NvccRule *match(std::string_view Token) const;
  /// \p Args (nvcc's options, without the driver name) with each option of the table rewritten;
  /// the others are kept as they are.
  std::vector<std::string> translate(const std::vector<std::string> &Args) const;
};

std::optional<NvccTranslationTable> parseNvccTranslationJson(std::string_view Json, std::string &Error);
/// The built-in table.
const NvccTranslationTable &nvccTranslationTable();

} // namespace rocmtidy

#endif
