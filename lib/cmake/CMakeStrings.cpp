#include "cmake/CMakeStrings.h"

namespace rocmtidy::cmake {

bool isUpperKeyword(std::string_view S) {
  if (S.empty())
    return false;
  for (char C : S)
    if (!((C >= 'A' && C <= 'Z') || C == '_'))
      return false;
  return true;
}

bool isGpuDir(std::string_view Dir) {
  std::string L = asciiLower(Dir);
  return L.find("rocm") != std::string::npos || L.find("cuda") != std::string::npos || containsWord(L, "hip");
}

bool mentionsCuda(std::string_view Dir) { return asciiLower(Dir).find("cuda") != std::string::npos; }

/// Splits an argument's value on unescaped semicolons: the commands linted here store their
/// arguments in list-valued properties or variables, where a quoted "a;b" is two elements too.
std::vector<Piece> listElements(const Argument &A) { return listElements(std::string_view(A.Value)); }

std::vector<Piece> listElements(std::string_view V) {
  std::vector<Piece> Out;
  size_t Start = 0;
  unsigned Angle = 0; // semicolons inside $<...> generator expressions do not split
  for (size_t I = 0; I <= V.size(); ++I) {
    if (I < V.size()) {
      if (V[I] == '\\' && I + 1 < V.size()) {
        ++I;
        continue;
      }
      if (V[I] == '$' && I + 1 < V.size() && V[I + 1] == '<')
        ++Angle;
      else if (V[I] == '>' && Angle)
        --Angle;
      if (V[I] != ';' || Angle)
        continue;
    }
    if (I > Start)
      Out.push_back({V.substr(Start, I - Start), Start});
    Start = I + 1;
  }
  return Out;
}

/// Whitespace- and semicolon-separated tokens of a flags value.
std::vector<Piece> flagTokens(std::string_view V, size_t Base) {
  std::vector<Piece> Out;
  size_t I = 0;
  while (I < V.size()) {
    while (I < V.size() && (V[I] == ' ' || V[I] == '\t' || V[I] == '\n' || V[I] == '\r' || V[I] == ';'))
      ++I;
    size_t Start = I;
    while (I < V.size() && !(V[I] == ' ' || V[I] == '\t' || V[I] == '\n' || V[I] == '\r' || V[I] == ';'))
      ++I;
    if (I > Start)
      Out.push_back({V.substr(Start, I - Start), Base + Start});
  }
  return Out;
}

/// The linker name in "lib<name>.so", "lib<name>.so.6.2", "lib<name>.a", or empty.
std::string_view libraryFileName(std::string_view File) {
  if (!startsWith(File, "lib"))
    return {};
  File.remove_prefix(3);
  if (endsWith(File, ".a"))
    return File.substr(0, File.size() - 2);
  size_t So = File.find(".so");
  if (So == std::string_view::npos || So == 0)
    return {};
  std::string_view Rest = File.substr(So + 3);
  for (char C : Rest)
    if (!(C == '.' || (C >= '0' && C <= '9')))
      return {};
  return File.substr(0, So);
}

} // namespace rocmtidy::cmake
