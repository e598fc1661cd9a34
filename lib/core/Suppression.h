// The "rocm-lint: disable=a,b" / "rocm-lint: disable-file=a" comment directive that every
// build-script front end (CMake, Makefiles, setup.py) honours.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rocmtidy {

struct SuppressionDirective {
  bool WholeFile = false;          // disable-file= rather than disable=
  std::vector<std::string> Rules;  // rule names or globs, as written
};

/// Reads the directive in one comment's text. Only the characters in \p Lead (the comment's own
/// markers and blanks) may stand before "rocm-lint:", so a directive quoted further along in a
/// comment does not count.
std::optional<SuppressionDirective> parseSuppressionComment(std::string_view Text, std::string_view Lead);

/// Whether a directive's rule list names \p Rule: each entry is a clang-tidy check glob ('*' matches
/// any run of characters; clang::tidy::GlobList), and "all" names every rule. Users link clangTidy.
bool suppressionNames(const std::vector<std::string> &Rules, std::string_view Rule);

} // namespace rocmtidy
