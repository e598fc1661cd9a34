#ifndef ROCM_TIDY_CORE_EMBEDDEDDATA_H
#define ROCM_TIDY_CORE_EMBEDDEDDATA_H

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace rocmtidy {

/// Contents of lib/data/<Name> as compiled into the binary; empty if there is no such file.
std::string_view embeddedData(std::string_view Name);

/// Each built-in table's file name with the first 12 hex digits of its SHA-256, sorted by name:
/// what `rocm-lint --version` and the reports print as the data table versions.
std::vector<std::pair<std::string_view, std::string_view>> embeddedDataDigests();

[[noreturn]] void dieOnBrokenTable(std::string_view Name, const std::string &Error);

/// Parses the built-in table lib/data/<Name> with \p Parse (a function taking the text and an
/// error string, returning std::optional<T>). The tables are compiled in and covered by unit tests,
/// so a parse failure is a build defect: it is reported and the program stops.
template <class ParseFn> auto parseBuiltinTable(std::string_view Name, ParseFn Parse) {
  std::string Error;
  auto Parsed = Parse(embeddedData(Name), Error);
  if (!Parsed)
    dieOnBrokenTable(Name, Error);
  return std::move(*Parsed);
}

} // namespace rocmtidy

#endif
