#ifndef ROCM_TIDY_CMAKE_CMAKECOMMANDTABLE_H
#define ROCM_TIDY_CMAKE_CMAKECOMMANDTABLE_H

// The CMake command and keyword lists of the CMake rules, read once from lib/data/cmake_commands.json.

#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace rocmtidy::cmake {

struct CMakeCommandTable {
  /// FindCUDA command -> the command that replaces it ("" when none does one for one).
  std::map<std::string, std::string, std::less<>> FindCudaCommands;
  std::set<std::string, std::less<>> LinkItemKeywords;
  std::vector<std::string> PathVariableSuffixes;
};

std::optional<CMakeCommandTable> parseCMakeCommandJson(std::string_view Json, std::string &Error);
const CMakeCommandTable &cmakeCommandTable();

} // namespace rocmtidy::cmake

#endif
