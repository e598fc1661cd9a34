#include "core/Suppression.h"

#include "clang-tidy/GlobList.h"

#include <cctype>

namespace rocmtidy {

static bool consume(std::string_view &T, std::string_view Prefix) {
  if (T.substr(0, Prefix.size()) != Prefix)
    return false;
  T.remove_prefix(Prefix.size());
  return true;
}

std::optional<SuppressionDirective> parseSuppressionComment(std::string_view Text, std::string_view Lead) {
  constexpr std::string_view Marker = "rocm-lint:";
  size_t At = Text.find(Marker);
  if (At == std::string_view::npos || Text.substr(0, At).find_first_not_of(Lead) != std::string_view::npos)
    return std::nullopt;
  std::string_view T = Text.substr(At + Marker.size());
  while (!T.empty() && (T[0] == ' ' || T[0] == '\t'))
    T.remove_prefix(1);
  SuppressionDirective D;
  if (consume(T, "disable-file="))
    D.WholeFile = true;
  else if (!consume(T, "disable="))
    return std::nullopt;
  size_t I = 0;
  while (true) {
    size_t S = I;
    while (I < T.size() &&
           (std::isalnum(static_cast<unsigned char>(T[I])) || T[I] == '-' || T[I] == '_' || T[I] == '*'))
      ++I;
    if (I > S)
      D.Rules.emplace_back(T.substr(S, I - S));
    if (I >= T.size() || T[I] != ',')
      break;
    ++I;
    while (I < T.size() && T[I] == ' ')
      ++I;
  }
  return D;
}

bool suppressionNames(const std::vector<std::string> &Rules, std::string_view Rule) {
  if (Rules.empty())
    return false;
  std::string Globs;
  for (const std::string &R : Rules)
    Globs += (Globs.empty() ? "" : ",") + (R == "all" ? std::string("*") : R);
  return clang::tidy::GlobList(Globs).contains(llvm::StringRef(Rule.data(), Rule.size()));
}

} // namespace rocmtidy
